"""The requests that once answered 500 or reached further than they should, sent as a guest on the
network sends them: each now gets a bilingual 4xx, changes nothing, and leaves no traceback."""

from __future__ import annotations

import json
import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app.referee import Referee
from tests.web.conftest import AUTH

ACTIONS = ["correct", "take_back", "override", "undo", "discard", "declare_loss", "start_discards",
           "new_game", "event"]


def _state(referee: Referee) -> tuple[int, int | None, str]:
    return len(referee.history), referee.game_id, json.dumps(referee.game.state_json())


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("headers", [AUTH, {}], ids=["token", "no-token"])
def test_thirty_thousand_brackets_to_any_action(client: FlaskClient, referee: Referee, action: str,
                                                headers: dict[str, str],
                                                caplog: pytest.LogCaptureFixture) -> None:
    before = _state(referee)
    response = client.post(f"/action/{action}", data="[" * 30_000, content_type="application/json",
                           headers=headers)
    assert response.status_code == 400
    said = response.get_json()["error"]["fr"]
    assert said == "le corps est refusé : JSON invalide : imbriqué trop profondément"
    assert _state(referee) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(("action", "body"), [
    ("discard", {"player": "²"}),
    ("discard", {"player": "٣"}),
    ("declare_loss", {"player": "３"}),
    ("start_discards", {"counts": {"²": 1}}),
    ("start_discards", {"counts": {"٣": 1, "1": 2}}),
    ("start_discards", {"seat²": 1}),
    ("start_discards", {"seat1": "３", "seat2": 1}),
    ("new_game", {"game": "tranquility", "players": 3, "options": json.loads("[" * 900 + "]" * 900)}),
    ("new_game", {"game": "tranquility", "players": "٣"}),
])
def test_digits_that_are_not_ascii_and_deep_options_are_refused(client: FlaskClient, referee: Referee,
                                                               action: str, body: object,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    before = _state(referee)
    response = client.post(f"/action/{action}", data=json.dumps(body), content_type="application/json",
                           headers=AUTH)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert set(response.get_json()["error"]) == {"en", "fr"}
    assert _state(referee) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_same_as_a_form(client: FlaskClient, referee: Referee) -> None:
    before = _state(referee)
    for action, form in [("discard", {"player": "²"}), ("start_discards", {"seat²": "1"}),
                         ("start_discards", {"seat1": "٣"}), ("new_game", {"game": "tranquility",
                                                                            "players": "３"})]:
        response = client.post(f"/action/{action}", data=form, headers=AUTH)
        assert response.status_code == 400, (action, form, response.get_data(as_text=True))
    assert _state(referee) == before


@pytest.mark.parametrize("method", ["TRACE", "PROPFIND", "MKCOL", "PATCH", "PUT", "DELETE"])
def test_methods_nobody_serves_get_405_even_without_the_token(client: FlaskClient, method: str) -> None:
    for path in ("/", "/state", "/action/undo", "/record.jsonl"):
        response = client.open(path, method=method)
        assert response.status_code == 405, (method, path, response.status_code)
        assert response.get_json()["error"]["fr"] == f"{method} n'est pas permis ici"
    assert client.open("/nowhere", method="PROPFIND").status_code == 404


def test_every_answer_carries_the_security_headers(client: FlaskClient, app: Flask) -> None:
    answers = [client.get("/"), client.get("/state"), client.get("/record.jsonl"), client.get("/nowhere"),
               client.post("/action/undo"), client.get("/static/page.js"), client.head("/events"),
               client.get("/", headers={"Host": "evil.example"})]
    for response in answers:
        response.close()  # the static file's handle
        headers = response.headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
    assert client.get("/record.jsonl").headers["Cache-Control"] == "no-store"
