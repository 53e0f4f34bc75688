"""Bad input never crashes the replay: mutated golden records give rulings or a clear
:class:`MalformedInput`, never another exception."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.cli.main import main
from companion.engine.record import Replay
from companion.errors import MalformedInput

NASTY: list[Any] = [None, True, False, 0, -1, 2, 10**6, 1.5, float("nan"), "", "a1", "a9", "81", "back",
                    "start", "campfire-g", "7s+ibex", [], [1], ["a1"], {}, {"1": 8}, "x" * 300]


def mutate(line: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    line = dict(line)
    keys = list(line) or ["type"]
    move = rng.random()
    if move < 0.3:
        line.pop(rng.choice(keys), None)
    elif move < 0.8:
        line[rng.choice([*keys, "type", "player", "count", "rows", "path", "from", "move_to", "counts"])] = (
            rng.choice(NASTY))
    else:
        line["type"] = rng.choice(["play", "discard", "start_discards", "take_back", "override", "undo",
                                   "declare_loss", "campfire", "herd", "grapple"])
    return line


def records(golden: Path) -> list[Path]:
    return sorted(p for p in golden.glob("*.jsonl") if not p.name.endswith(".rulings.jsonl"))


@pytest.mark.parametrize("seed", range(8))
def test_mutated_records_give_rulings_or_a_clear_error(seed: int, golden: Path) -> None:
    rng = random.Random(seed)
    for path in records(golden):
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        for _ in range(25):
            mutated = [lines[0]] + [mutate(line, rng) if rng.random() < 0.05 else line for line in lines[1:]]
            if rng.random() < 0.2:
                mutated[0] = mutate(mutated[0], rng)
            text = "\n".join(json.dumps(line) for line in mutated) + "\n"
            try:
                for _ in Replay(io.StringIO(text)):
                    pass
            except MalformedInput as error:
                assert error.line is not None and error.text.fr


@pytest.mark.parametrize("line", [
    "[" * 100_000 + "]" * 100_000,
    '{"type": "discard", "count": ' + "9" * 5000 + "}",
    "\x00\x01",
    '"just a string"',
])
def test_hostile_lines_are_malformed(line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hostile.jsonl"
    path.write_text('{"record": 1, "game": "tranquility", "players": 3}\n' + line + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("line 2:") and "Traceback" not in err
