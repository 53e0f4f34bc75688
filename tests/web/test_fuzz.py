"""A bounded fuzz of every page action: thousands of generated bodies, typed (the action's own
fields with values of every kind) and untyped (random bytes, JSON and forms), with the token and
without. No answer is a server error, no traceback reaches the log, and a refusal changes nothing."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from flask import Flask

from companion.app.referee import Referee
from tests.web.conftest import AUTH, TOKEN

#: The fields the actions read, and some they do not.
FIELDS = ["at", "card", "player", "counts", "line", "game", "players", "options", "names", "seat1", "seat2",
          "seat3", "seat²", "token", "type", "count"]
TEXTS = ["", " ", "c3", "d3", "30", "start", "tranquility", "ascension", "3", "07", "-1", "²", "٣", "３",
         "1e3", "NaN", "\x00", "\ud800", "é" * 50, "x" * 5000, "<script>", "../../etc", "a=b\nc=d",
         "variant=base", '{"type": "discard", "count": 2}', '{"record": 1}', "[" * 40]


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(10 if depth < 20 else 7)
    if kind == 0:
        return rng.choice([0, 1, 2, 3, 4, 99, 100, -1, 2**31, 10**30, -(10**39)])
    if kind == 1:
        return rng.choice([True, False, None])
    if kind == 2:
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if kind in (3, 4, 5, 6):
        return rng.choice(TEXTS)
    if kind in (7, 8):
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(FIELDS + TEXTS[:12]): _value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _typed(rng: random.Random) -> dict[str, Any]:
    body = {name: _value(rng) for name in rng.sample(FIELDS, rng.randrange(1, 5))}
    if rng.random() < 0.5:
        body["token"] = TOKEN
    return body


def _untyped(rng: random.Random) -> tuple[bytes, str | None]:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randbytes(rng.randrange(1, 400)), rng.choice(["application/json", None, "text/plain"])
    if kind == 1:
        return json.dumps(_value(rng)).encode(), "application/json"
    if kind == 2:
        pairs = [f"{rng.choice(FIELDS)}={rng.choice(TEXTS[:20])}" for _ in range(rng.randrange(1, 6))]
        return "&".join(pairs).encode("utf-8", "surrogatepass"), "application/x-www-form-urlencoded"
    text = json.dumps(_typed(rng))
    cut = rng.randrange(len(text))
    damaged = text[:cut] + rng.choice(TEXTS[:20]) + text[cut:]
    return damaged.encode("utf-8", "surrogatepass"), "application/json"


def _actions(app: Flask) -> list[str]:
    return sorted(str(rule) for rule in app.url_map.iter_rules() if rule.endpoint.startswith("actions."))


def test_thousands_of_bodies_to_every_action(app: Flask, referee: Referee,
                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    rng = random.Random(2064)
    client = app.test_client()
    actions = _actions(app)
    assert len(actions) >= 9
    statuses: dict[int, int] = {}
    for number in range(3600):
        path = actions[number % len(actions)]
        headers = AUTH if rng.random() < 0.6 else {}
        before = (len(referee.history), referee.game_id, json.dumps(referee.game.state_json()))
        if number % 2:
            response = client.post(path, json=_typed(rng), headers=headers)
        else:
            data, content_type = _untyped(rng)
            response = client.post(path, data=data, content_type=content_type, headers=headers)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500, (path, response.get_data(as_text=True))
        if response.status_code >= 400:
            assert (len(referee.history), referee.game_id, json.dumps(referee.game.state_json())) == before
            assert set(response.get_json()["error"]) == {"en", "fr"}
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]
    assert not errors, errors[0].getMessage()
    # The fuzz reached past the checks: some bodies were understood and ruled on.
    assert statuses.get(200, 0) > 50 and statuses.get(400, 0) > 500 and statuses.get(403, 0) > 500, statuses
