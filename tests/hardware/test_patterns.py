"""Patterns as data, and the ruling-to-pattern map, on rulings of a real game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.engine.events import Discard, Override, Play, TakeBack, Undo, event_from_json
from companion.engine.record import Header
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.games.tranquility.rules import Tranquility
from companion.messages import MESSAGES
from companion.text import LANGS, Text
from hardware.patterns import (
    BREACH,
    CAMERA_BACK,
    CAMERA_LOST,
    FRAME_SKIPPED,
    GAME_LOST,
    GAME_WON,
    GOAL_DONE,
    ILLEGAL,
    LEGAL,
    OFF,
    PATTERNS,
    REFUSED,
    ROUND_LOST,
    ROUND_VOID,
    UNSURE,
    Pattern,
    Step,
    describe,
    discard,
    round_won,
    signal_for,
    step,
    step_due,
)

PLACED = Text("placed_free", card="12", at="b1", seat=1)
WON = Outcome(Termination.FINISHED, (1, 2), Text("outcome_won"))
LOST = Outcome(Termination.REPORTED, (), Text("outcome_reported", seat=1))


@pytest.mark.parametrize("count", range(1, 9))
def test_discard_n_is_n_green_blinks_each_with_a_short_beep(count: int) -> None:
    pattern = discard(count)
    blinks = [s for s in pattern.steps if s.on]
    assert len(blinks) == count and all(s.on == {"green", "beep"} for s in blinks)
    assert all(not s.on for s in pattern.steps[1::2]) and pattern.ends


@pytest.mark.parametrize("count", [0, 9, -1, True, 2.0])
def test_discard_counts_one_to_eight(count: object) -> None:
    with pytest.raises(ValueError, match="1 to 8"):
        discard(count)  # type: ignore[arg-type]


def test_the_patterns_the_issue_asks_for() -> None:
    assert ILLEGAL.hold == {"red", "tone"} and not ILLEGAL.steps and not ILLEGAL.ends
    assert CAMERA_LOST.repeat and {"red"} in [s.on for s in CAMERA_LOST.steps]
    assert all("green" not in s.on and not {"beep", "tone"} & s.on for s in CAMERA_LOST.steps)
    assert all({"green", "red"} <= s.on for s in UNSURE.steps if s.on)
    assert LEGAL.steps == (step(1.0, "green"),)
    assert "green" in GAME_WON.steps[-1].on and "red" in GAME_LOST.steps[-1].on
    assert all("tone" not in s.on for s in GAME_WON.steps) and any("tone" in s.on for s in GAME_LOST.steps)
    assert OFF.steps == () and OFF.ends
    assert set(PATTERNS) == {"off", "legal", "discard", "illegal", "refused", "unsure", "camera_lost",
                             "camera_back", "frame_skipped", "breach", "goal_done", "round_won", "round_lost",
                             "round_void", "step_due", "won", "lost"}
    # The camera back ends the repeated loss signal with green, and a skipped frame is one short red.
    assert CAMERA_BACK.ends and all(s.on <= {"green"} for s in CAMERA_BACK.steps)
    assert FRAME_SKIPPED.ends and FRAME_SKIPPED.seconds < 0.5
    assert {"red"} in [s.on for s in FRAME_SKIPPED.steps]


@pytest.mark.parametrize(("on", "seconds", "message"), [
    (frozenset({"blue"}), 1.0, "unknown outputs"),
    (frozenset({"beep", "tone"}), 1.0, "not both"),
    (frozenset({"green"}), 0.0, "some time"),
])
def test_steps_are_checked(on: frozenset[str], seconds: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Step(on, seconds)  # type: ignore[arg-type]


def test_a_repeated_pattern_holds_nothing() -> None:
    with pytest.raises(ValueError):
        Pattern("x", (step(1.0, "red"),), Text("signal_off"), hold=frozenset({"red"}), repeat=True)
    with pytest.raises(ValueError):
        Pattern("x", (), Text("signal_off"), repeat=True)
    assert CAMERA_LOST.seconds == pytest.approx(2.0)


@pytest.mark.parametrize(("ruling", "outcome", "flagged", "expected"), [
    (accepted(PLACED, discard=0), None, False, LEGAL),
    (accepted(PLACED, discard=3), None, False, discard(3)),
    (accepted(PLACED, discard=12), None, False, discard(8)),
    (accepted(Text("nothing_to_undo")), None, False, LEGAL),       # an accepted undo: discard None
    (refused("T2", PLACED), None, True, ILLEGAL),
    (refused("T2", PLACED), None, None, ILLEGAL),
    (refused("C2", PLACED), None, False, REFUSED),
    (refused("G2", PLACED), None, None, UNSURE),
    (refused("G2", PLACED), None, False, UNSURE),
    (accepted(PLACED, discard=0), WON, False, GAME_WON),
    (accepted(PLACED), LOST, False, GAME_LOST),
    (refused("C4", PLACED), WON, False, REFUSED),                  # after the end: refused, not won again
    (accepted(Text("nothing_to_undo")), None, True, ILLEGAL),      # one taken back, another still flagged
    (Ruling(True, None, None, PLACED, dict(tasks={"win:pink-3": "DONE"})), None, False, GOAL_DONE),
    (Ruling(True, None, None, PLACED, dict(tasks={"win:pink-3": "DONE"})), WON, False, GAME_WON),
    (Ruling(True, None, None, PLACED, dict(tasks={"win:pink-3": "DONE", "no-win:9": "FAILED"})), LOST, False,
     GAME_LOST),
    (Ruling(True, None, None, PLACED, dict(breach=7)), None, False, BREACH),
    (Ruling(True, None, None, PLACED, dict(bagarre=2, winner=2)), None, False, round_won(2)),
    (Ruling(True, None, None, PLACED, dict(bagarre=2, winner=0)), None, False, ROUND_LOST),
    (Ruling(True, None, None, PLACED, dict(bagarre=2, winner=None, cancelled=True)), None, False, ROUND_VOID),
    (Ruling(True, None, 2, PLACED, dict(step="reef")), None, False, step_due(discard(2))),
    (Ruling(True, None, 0, PLACED, dict(step="reef")), None, False, step_due(LEGAL)),
    (Ruling(True, None, None, PLACED, dict(bagarre=2)), None, False, LEGAL),     # a Bagarre still open
    (Ruling(True, None, None, PLACED, dict(bagarre=5, winner=1)), LOST, False, GAME_LOST),
    (Ruling(True, None, None, PLACED, dict(winner=3)), None, False, LEGAL),      # a trick's winner: silent
    (Ruling(True, None, None, PLACED, dict(breach=7)), LOST, False, GAME_LOST),
    (accepted(PLACED), Outcome(Termination.VOID, (), Text("outcome_won")), False, LEGAL),  # a redeal
])
def test_signal_for(ruling: object, outcome: Outcome | None, flagged: bool | None, expected: Pattern) -> None:
    assert signal_for(ruling, outcome, flagged=flagged) == expected  # type: ignore[arg-type]


def test_signals_follow_a_real_game() -> None:
    game = Tranquility.from_position(3, cells={"f1": 3}, hands=[5, 5, 5], start=True)

    def signal(event: object) -> Pattern:
        ruling = game.play(event)  # type: ignore[arg-type]
        return signal_for(ruling, game.outcome(), flagged=bool(game.flagged))

    assert signal(Play("5", "a2")) == discard(2)         # 2 to discard next to 3
    assert signal(Play("4", "b2")) == ILLEGAL            # smaller than 5: flagged
    assert signal(Discard(count=2)) == ILLEGAL           # refused while the card lies there
    assert signal(TakeBack("b2")) == LEGAL
    assert signal(Play("2", "b2")) == ILLEGAL
    assert signal(Override()) == discard(3)              # accepted anyway, at its cost
    assert signal(Undo()) == ILLEGAL                     # undoing the override flags the card again
    assert signal(TakeBack("b2")) == LEGAL
    assert signal(Undo()) == LEGAL                       # the 5 at a2 is undone
    assert signal(Undo()) == REFUSED                     # nothing left to undo: C5, nothing flagged


def test_every_pattern_is_said_in_both_languages() -> None:
    for pattern in [*PATTERNS.values(), *(discard(n) for n in range(1, 9))]:
        for lang in LANGS:
            words = describe(pattern, lang)
            assert words and not re.search(r"[{}]", words), words


def test_descriptions_in_words() -> None:
    assert describe(LEGAL) == "legal: green 1 s"
    assert describe(LEGAL, "fr") == "pose légale : vert 1 s"
    assert describe(discard(3), "fr") == ("pose légale, défaussez 3 cartes : "
                                          "3 × (vert + bip 0,15 s, éteint 0,25 s)")
    assert describe(UNSURE) == ("unsure reading, check the card: 3 × (amber + beep 0.05 s, amber 0.35 s, "
                                "off 0.4 s)")
    assert describe(CAMERA_LOST) == ("camera lost: red 0.1 s, off 0.2 s, red 0.1 s, off 1.6 s, "
                                     "repeated until the next signal")
    assert describe(ILLEGAL) == ("illegal, take the card back or override: red + low tone, "
                                 "held until the next signal")
    assert describe(OFF, "fr") == "éteint : éteint"
    assert "signal_discard" in MESSAGES


@pytest.mark.parametrize(("name", "options", "expected"), [
    ("crew-tonoja-2p", {}, ["goal_done", "won"]),
    ("crew-lost-revoke-4p", {}, ["lost"]),
    ("crew-lost-revoke-4p", {"breach": "note"}, ["breach"]),
])
def test_signals_follow_a_crew_attempt(name: str, options: dict[str, object], expected: list[str],
                                       golden: Path) -> None:
    """A task done chirps green, a breach proved sounds red and low, the end its own pattern."""
    lines = (golden / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["options"] = {**header["options"], **options}
    game = Header.from_json(header).new_game()
    said = []
    for line in lines[1:]:
        ruling = game.play(event_from_json(json.loads(line)))
        pattern = signal_for(ruling, game.outcome(), flagged=bool(game.flagged))
        if pattern.name not in ("legal", "illegal"):
            said.append(pattern.name)
    assert said == expected
