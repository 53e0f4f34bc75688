"""Security: open viewing, token-guarded changes, foreign hosts refused, and no request gets a 5xx."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app.referee import Referee
from companion.engine.events import Play
from tests.web.conftest import AUTH, TOKEN
from web import create_app
from web.security import host_name, machine_hosts

ACTIONS = ["correct", "take_back", "override", "undo", "discard", "declare_loss", "start_discards",
           "new_game", "event"]
VIEWS = ["/", "/state", "/camera.jpg", "/record.jsonl", "/static/page.js"]


@pytest.mark.parametrize("host", ["localhost", "localhost:8080", "127.0.0.1:8080", "[::1]:8080", "pi.example",
                                  "PI.EXAMPLE:80"])
def test_our_hosts_are_served(client: FlaskClient, host: str) -> None:
    assert client.get("/state", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8080", "localhost.evil.example", "",
                                  "127.0.0.2", "[::2]:80", "a" * 300, "pi.example@evil.example"])
def test_foreign_hosts_are_refused_even_with_the_token(client: FlaskClient, referee: Referee,
                                                        host: str) -> None:
    before = len(referee.history)
    response = client.get("/state", headers={"Host": host})
    assert response.status_code == 400
    assert response.get_json()["error"]["en"].startswith("refused:")
    response = client.post("/action/undo", json={}, headers={**AUTH, "Host": host})
    assert response.status_code == 400 and len(referee.history) == before


def test_the_machines_own_addresses_are_allowed() -> None:
    hosts = machine_hosts(["pi.example:8080", "0.0.0.0"])
    assert {"localhost", "127.0.0.1", "::1", "pi.example"} <= hosts and "0.0.0.0" not in hosts
    assert len(hosts) > 4  # the host name and the interfaces' addresses


def test_allowed_hosts_may_be_configured(referee: Referee) -> None:
    app = create_app(referee, {"TOKEN": TOKEN, "ALLOWED_HOSTS": ["table.local:8080"]})
    client = app.test_client()
    assert client.get("/state", headers={"Host": "table.local"}).status_code == 200
    assert client.get("/state", headers={"Host": "localhost"}).status_code == 400


def test_host_name() -> None:
    assert host_name(" Example.COM.:80 ") == "example.com"
    assert host_name("[fe80::1]") == "fe80::1"
    assert host_name("fe80::1") == "fe80::1"


def test_refusals_are_html_for_a_browser(client: FlaskClient) -> None:
    response = client.get("/nowhere", headers={"Accept": "text/html,application/xhtml+xml"})
    assert response.status_code == 404 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert "nothing here: /nowhere" in html and "rien ici : /nowhere" in html


def _requests(rng: random.Random) -> list[dict[str, Any]]:
    """A sweep of malformed and unauthorised requests over every route."""
    nasty: list[Any] = [None, True, -1, 10**40, 1.5, "", " ", "x" * 5000, "\u0000", "é€😀", "<script>",
                        [], [1, 2], {}, {"a": {"b": []}}, "c3", "a9", "start", "81", "back", "-3", "1e9"]
    fields = ["at", "card", "player", "counts", "seat1", "seat9", "game", "players", "options", "names",
              "line", "token"]
    requests: list[dict[str, Any]] = []
    for action in ACTIONS:
        path = f"/action/{action}"
        requests += [
            {"method": "POST", "path": path, "data": b"{not json", "headers": {**AUTH, "Content-Type":
                                                                               "application/json"}},
            {"method": "POST", "path": path, "data": b"[1, 2]", "headers": {**AUTH, "Content-Type":
                                                                            "application/json"}},
            {"method": "POST", "path": path, "data": b'"text"', "headers": {**AUTH, "Content-Type":
                                                                            "application/json"}},
            {"method": "POST", "path": path, "data": b"[" * 100_000, "headers": {**AUTH, "Content-Type":
                                                                                 "application/json"}},
            {"method": "POST", "path": path, "data": b"\xff\xfe\xfa", "headers": {**AUTH, "Content-Type":
                                                                                  "application/json"}},
            {"method": "POST", "path": path, "data": b"at=%ff%fe&card=%00", "headers": {
                **AUTH, "Content-Type": "application/x-www-form-urlencoded"}},
            {"method": "POST", "path": path, "data": b"x" * 70_000, "headers": AUTH},
            {"method": "POST", "path": path, "json": {"at": "c3"}, "headers": {"X-Companion-Token": "é"}},
            {"method": "POST", "path": path, "json": {"token": ["list"]}},
            {"method": "PUT", "path": path, "json": {}, "headers": AUTH},
            {"method": "DELETE", "path": path, "headers": AUTH},
            {"method": "GET", "path": path},
        ]
        for _ in range(40):
            body = {rng.choice(fields): rng.choice(nasty) for _ in range(rng.randrange(1, 5))}
            if rng.random() < 0.3:
                body["counts"] = {str(rng.choice(["1", "2", "x", "99", ""])): rng.choice(nasty)}
            requests.append({"method": "POST", "path": path, "json": body, "headers": AUTH})
    requests.append({"method": "POST", "path": "/events", "json": {}, "headers": AUTH})
    for path in [*VIEWS, "/nowhere", "/action", "/action/", "/action/../state", "/%ff",
                 "/static/../web/__init__.py", "/?lang=<b>", "/?lang=%ff%fe"]:
        requests += [{"method": "GET", "path": path, "headers": {"Accept-Language": "??;q=abc"}},
                     {"method": "POST", "path": path, "json": {}},
                     {"method": "PATCH", "path": path, "json": {}, "headers": AUTH},
                     {"method": "GET", "path": path, "headers": {"Host": "evil.example"}}]
    return requests


def test_sweep_of_malformed_requests_gets_no_server_error(app: Flask, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    client = app.test_client()
    statuses: dict[int, int] = {}
    for request in _requests(random.Random(6)):
        before = (len(referee.history), referee.game_id, json.dumps(referee.game.state_json()))
        method, path = request.pop("method"), request.pop("path")
        response = client.open(path, method=method, buffered=True, **request)
        status = response.status_code
        response.close()
        statuses[status] = statuses.get(status, 0) + 1
        assert status < 500, (method, path, request, response.get_data(as_text=True))
        if status >= 400:
            assert (len(referee.history), referee.game_id, json.dumps(referee.game.state_json())) == before
            if method != "HEAD":
                body = response.get_json(silent=True)
                assert body is None or set(body["error"]) == {"en", "fr"}
    assert sum(statuses.values()) > 500
    assert {400, 403, 404, 405, 413} <= set(statuses), statuses
