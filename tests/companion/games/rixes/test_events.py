"""Rixes' effects and recruitments as record lines: read, checked, written back the same."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.events import event_from_json
from companion.errors import MalformedInput
from companion.games.rixes.events import OPS, Effect, Op, Recruit

#: One line of each operation of RECORD.md, as the page writes it.
EACH_OP: list[dict[str, Any]] = [
    {"op": "cancel"}, {"op": "value", "card": "fist-3", "value": 9},
    {"op": "type", "card": "fist-3", "type": "sabres"},
    {"op": "move", "card": "fist-3", "to": 0}, {"op": "to_hand", "card": "fist-3"},
    {"op": "to_hand", "card": "fist-3", "to": 2}, {"op": "add", "card": "pistols-8", "from": 1},
    {"op": "discard", "card": "pistols-8"}, {"op": "award", "to": 2}, {"op": "gold", "to": 1, "amount": 2},
    {"op": "gold", "to": 1, "amount": 1, "from": 0}, {"op": "gold", "to": 2, "amount": -1, "from": "reserve"},
    {"op": "hand", "to": 1, "amount": -1}, {"op": "tilt", "crew": "drake", "player": 2},
    {"op": "straighten", "crew": "flint"},
]


def test_every_operation_reads_and_writes_back_the_same() -> None:
    assert {op["op"] for op in EACH_OP} == set(OPS)
    line = {"type": "effect", "player": 1, "crew": "guybrush", "ops": EACH_OP, "supersedes": ["flint"],
            "butin": 2}
    event = event_from_json(line)
    assert isinstance(event, Effect) and len(event.ops) == len(EACH_OP)
    assert event.to_json() == line
    assert event.ops[3] == Op("move", card="fist-3", to=0)
    passive = {"type": "effect", "player": 2, "crew": "anne", "ops": [], "passive": True}
    assert event_from_json(passive).to_json() == passive


@pytest.mark.parametrize("op", [
    {"op": "teleport"}, {"op": "value", "card": "fist-3"}, {"op": "value", "card": "fist-3", "value": -1},
    {"op": "type", "card": "fist-3", "type": "axe"}, {"op": "move", "card": "fist-3", "to": 3},
    {"op": "add", "card": "fist-3", "from": "reserve"}, {"op": "gold", "to": 1, "amount": 0},
    {"op": "gold", "to": 1, "amount": 500}, {"op": "tilt", "crew": "flint", "player": 0},
    {"op": "cancel", "card": "fist-3"}, {"op": "award", "to": True}, "cancel", None,
])
def test_a_malformed_operation_is_refused(op: object) -> None:
    with pytest.raises(MalformedInput):
        event_from_json({"type": "effect", "player": 1, "crew": "flint", "ops": [op]})


@pytest.mark.parametrize("line", [
    {"type": "effect", "crew": "flint", "ops": []},                     # whose crew?
    {"type": "effect", "player": 0, "crew": "flint", "ops": []},        # Barbe Noire has none
    {"type": "effect", "player": 1, "ops": []},
    {"type": "effect", "player": 1, "crew": "flint", "ops": {"op": "cancel"}},
    {"type": "effect", "player": 1, "crew": "flint", "ops": [], "passive": "yes"},
    {"type": "effect", "player": 1, "crew": "flint", "ops": [], "supersedes": "drake"},
    {"type": "recruit", "player": 1},
    {"type": "recruit", "player": 0, "pirate": None},
    {"type": "recruit", "player": 2, "pirate": "drake", "drawn": ["drake"]},
])
def test_malformed_lines_are_refused(line: dict[str, Any]) -> None:
    with pytest.raises(MalformedInput):
        event_from_json(line)


def test_recruitments_read_and_write_back_the_same() -> None:
    for line in ({"type": "recruit", "player": 1, "pirate": "drake", "drawn": ["drake", "gaspar"]},
                 {"type": "recruit", "player": 2, "pirate": "manolito", "replaces": "flint"},
                 {"type": "recruit", "player": 2, "pirate": None}):
        event = event_from_json(line)
        assert isinstance(event, Recruit) and event.to_json() == line
    passed = event_from_json({"type": "recruit", "player": 1, "pirate": None})
    assert passed.describe(None).en == "a recruitment passed"  # type: ignore[arg-type]
