"""The page's controls: each one a POST with the token, ruled through Referee.submit like the camera."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app.referee import Referee
from companion.app.store import Store
from companion.engine.events import Play
from tests.web.conftest import AUTH, TOKEN


def post(client: FlaskClient, action: str, body: dict[str, Any] | None = None, *, status: int = 200,
         form: bool = False) -> dict[str, Any]:
    if form:
        response = client.post(f"/action/{action}", data={**(body or {}), "token": TOKEN})
    else:
        response = client.post(f"/action/{action}", json=body or {}, headers=AUTH)
    assert response.status_code == status, response.get_data(as_text=True)
    result: dict[str, Any] = response.get_json()
    return result


def test_every_change_is_stored_with_source_page(client: FlaskClient, referee: Referee, store: Store) -> None:
    referee.submit(Play("30", "c3"))
    answer = post(client, "undo")
    entry = answer["entries"][0]
    assert answer["ok"] and entry["legal"] and entry["message_en"] == "undone: 30 at c3"
    last = store.events(referee.game_id or 0)[-1]
    assert last.event["type"] == "undo" and last.event["source"] == "page"
    assert last.ruling == {k: v for k, v in answer["entries"][0].items() if k != "summary"}


def test_correct_a_misread_card_changes_the_ruling(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("34", "d3", source="camera"))  # the camera read 34; the card is 31
    answer = post(client, "correct", {"at": "d3", "card": "31"})
    undo, play = answer["entries"]
    assert undo["message_en"] == "undone: 34 at d3"
    assert play["legal"] and play["discard"] == 1 and play["summary"] == "31@d3"
    assert referee.game.state_json()["cells"]["d3"] == "31"
    answer = post(client, "correct", {"at": "d3", "card": "29"})  # and now it is refused: flagged
    assert answer["entries"][-1]["rule"] == "T2" and referee.game.flagged


def test_correct_by_form_and_refusals(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    assert post(client, "correct", {"at": "e3", "card": "40"}, form=True)["entries"][0]["legal"]
    refused = post(client, "correct", {"at": "c3", "card": "31"}, status=409)
    assert "only a flagged card or the last card laid" in refused["error"]["en"]
    assert post(client, "correct", {"at": "c3"}, status=400)["error"]["en"] == "missing field 'card'"
    assert "unknown card" in post(client, "correct", {"at": "e4", "card": "99"}, status=400)["error"]["en"]


def test_take_back_and_override(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("20", "e3"))
    answer = post(client, "take_back", {"at": "e3"})
    assert answer["entries"][0]["legal"] and not referee.game.flagged
    referee.submit(Play("20", "e3"))
    answer = post(client, "override")
    assert answer["entries"][0]["legal"] and referee.game.state_json()["cells"]["e3"] == "20"
    refused = post(client, "override")["entries"][0]
    assert not refused["legal"] and refused["rule"] == "G5"


def test_discard_two_and_declare_loss(client: FlaskClient, referee: Referee) -> None:
    answer = post(client, "discard")
    assert answer["entries"][0]["message_en"] == "Seat 2 discards 2 cards"
    refused = post(client, "declare_loss", {"player": 3})["entries"][0]
    assert not refused["legal"] and refused["rule"] == "T9"  # seat 3 can still discard two
    assert post(client, "discard", {"player": "x"}, status=400)["error"]["fr"].startswith("valeur incorrecte")


def test_start_split(client: FlaskClient, referee: Referee) -> None:
    post(client, "new_game", {"game": "tranquility", "players": 3})
    referee.submit(Play("start", "start"))
    bad = post(client, "start_discards", {"counts": {"1": 3, "2": 3, "3": 1}})["entries"][0]
    assert not bad["legal"] and bad["rule"] == "T6"
    good = post(client, "start_discards", {"seat1": "3", "seat2": "3", "seat3": "2"}, form=True)["entries"][0]
    assert good["legal"] and referee.game.state_json()["pending"] is None
    for body in ({}, {"counts": [1, 2]}, {"counts": {"x": 1}}, {"counts": {"9": 8}}, {"seat1": "-1"}):
        post(client, "start_discards", body, status=400)


def test_new_game_with_options_names_and_errors(client: FlaskClient, referee: Referee, store: Store) -> None:
    old = referee.game_id
    answer = post(client, "new_game", {"game": "ascension", "players": "4", "names": "A, B,C ,D",
                                       "options": "fauna=true\ngreen_path=true"})
    assert answer["id"] == referee.game_id != old and referee.game.name == "ascension"
    assert referee.header.names == ["A", "B", "C", "D"] and referee.game.options["fauna"] is True
    assert store.game(old or 0).outcome == "abandoned"
    for body in ({"game": "chess", "players": 2}, {"game": "tranquility", "players": 9},
                 {"game": "tranquility"}, {"game": "tranquility", "players": 3, "options": "removed=5"},
                 {"game": "tranquility", "players": 3, "options": "nonsense"},
                 {"game": "tranquility", "players": 3, "names": "a,b"}):
        post(client, "new_game", body, status=400)
    assert referee.game.name == "ascension"


def test_enter_a_record_line(client: FlaskClient, referee: Referee) -> None:
    answer = post(client, "event", {"line": '{"type": "play", "card": "30", "at": "c3", "source": "camera"}'})
    assert answer["entries"][0]["legal"] and referee.history[-1].line["source"] == "page"
    answer = post(client, "event", {"line": {"type": "discard", "count": 2}})
    assert answer["entries"][0]["legal"]
    for line in ("not json", "[1]", '{"type": "warp"}', "[" * 3000):
        post(client, "event", {"line": line}, status=400)


@pytest.mark.parametrize("action", ["correct", "take_back", "override", "undo", "discard", "declare_loss",
                                    "start_discards", "new_game", "event"])
def test_every_control_needs_the_token_and_changes_nothing_without(client: FlaskClient, referee: Referee,
                                                                   action: str) -> None:
    before = (len(referee.history), referee.game.state_json(), referee.game_id)
    for headers in ({}, {"X-Companion-Token": "wrong"}, {"X-Companion-Token": ""}):
        response = client.post(f"/action/{action}", json={"at": "c3", "card": "30"}, headers=headers)
        assert response.status_code == 403
        assert response.get_json()["error"]["fr"]
    response = client.post(f"/action/{action}", data={"token": TOKEN + "x"})
    assert response.status_code == 403
    assert (len(referee.history), referee.game.state_json(), referee.game_id) == before


def test_controls_are_post_only(client: FlaskClient) -> None:
    response = client.get("/action/undo")
    assert response.status_code == 405 and response.get_json()["error"]["en"] == "GET is not allowed here"
