"""Tranquillité's project rulings C1 to C7, and events built in Python held to the reader's checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from companion import (
    AmbiguousReading,
    DeclareLoss,
    Discard,
    Event,
    MalformedInput,
    Play,
    StartDiscards,
    TakeBack,
)
from tests.companion.games.tranquility.positions import FINISH, FULL, THREE_AFTER_START, Pos
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params

# -- C1 to C7 -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Shout(Event):
    """An event no game knows."""

    TYPE: ClassVar[str] = "shout"


PROJECT_CASES = [
    case(Pos(), Play("40", "c3", player=2), no("C1"), "c1-play-seat-2-on-seat-1-turn"),
    case(Pos(), Play("40", "c3", player=1), ok(0), "c1-play-right-seat"),
    case(Pos(turn=2), Play("40", "c3", player=1), no("C1"), "c1-play-seat-1-on-seat-2-turn"),
    case(Pos(turn=2), Play("40", "c3", player=2), ok(0), "c1-seat-2-turn"),
    case(Pos(), Discard(player=3), no("C1"), "c1-discard"),
    case(Pos(), Play("start", "start", player=2), no("C1"), "c1-start-card"),
    case(Pos(), Discard(), ok(None), "c2-discard-two"),
    case(Pos(), Discard(count=1), no("C2"), "c2-discard-one"),
    case(Pos(), Discard(count=3), no("C2"), "c2-discard-three"),
    case(Pos(), Discard(count=0), no("C2"), "c2-discard-zero"),
    case(Pos(hand=2), Discard(), ok(None), "c2-hand-2"),
    case(Pos(hand=1), Discard(), no("C2"), "c2-hand-1"),
    case(Pos({"a1": 10}), Play("20", "a1"), no("C3"), "c3-occupied"),
    case(Pos({"a1": 10}), Play("10", "a1"), no("C3"), "c3-same-card"),
    case(Pos(FULL, start=True, then=(FINISH,)), Play("40", "c3"), no("C4"), "c4-after-win"),
    case(Pos(hand=1, then=(DeclareLoss(),)), Discard(), no("C4"), "c4-after-reported-loss"),
    case(Pos(), Play("monster", "a1"), no("C6"), "c6-monster"),
    case(Pos(), Play("reef", "a1"), no("C6"), "c6-reef"),
    case(Pos(), Play("compass", "a1"), no("C6"), "c6-compass"),
    case(Pos(), Play("storm-yellow", "a1"), no("C6"), "c6-storm"),
    case(Pos(), Play("border", "a1"), no("C6"), "c6-border"),
    case(Pos(), Shout(), no("C7"), "c7-unknown-event"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(PROJECT_CASES))
def test_project_rulings(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("event", "error"),
    [
        pytest.param(Play("81", "a1"), MalformedInput, id="card-81"),
        pytest.param(Play("0", "a1"), MalformedInput, id="card-0"),
        pytest.param(Play("07", "a1"), MalformedInput, id="card-07"),
        pytest.param(Play("dragon", "a1"), MalformedInput, id="unknown-card"),
        pytest.param(Play("10", "g1"), MalformedInput, id="column-g"),
        pytest.param(Play("10", "a7"), MalformedInput, id="row-7"),
        pytest.param(Play("10", "A1"), MalformedInput, id="upper-case-cell"),
        pytest.param(Play("10", "a1", player=4), MalformedInput, id="seat-4-of-3"),
        pytest.param(TakeBack("z9"), MalformedInput, id="take-back-unknown-cell"),
        pytest.param(StartDiscards.of({4: 8}), MalformedInput, id="split-seat-4-of-3"),
        pytest.param(Play("back", "a1"), AmbiguousReading, id="face-down-card"),
    ],
)
def test_malformed_events_raise(event: Event, error: type[Exception]) -> None:
    game = Pos().game()
    before = game._save()
    with pytest.raises(error):
        game.play(event)
    assert game._save() == before and game.flagged == ()


# -- events built in Python are held to the record reader's checks --------------

def test_c3_message_names_the_card_laid() -> None:
    ruling = Pos({"a1": 10}).game().check(Play("20", "a1"))
    assert "20" in ruling.message_en and "20" in ruling.message_fr


@pytest.mark.parametrize(
    "split",
    [
        pytest.param(StartDiscards(counts=((0, 3), (1, 4), (2, 1))), id="seat-0"),
        pytest.param(StartDiscards(counts=((1, -1), (2, 5), (3, 4))), id="negative-count"),
        pytest.param(StartDiscards(counts=((1, 4), (1, 4), (2, 4))), id="seat-repeated"),
    ],
)
def test_malformed_start_split_raises(split: StartDiscards) -> None:
    game = THREE_AFTER_START.game()
    with pytest.raises(MalformedInput):
        game.play(split)


@pytest.mark.parametrize("player", [0, -1, 4])
def test_a_seat_outside_the_game_is_malformed(player: int) -> None:
    with pytest.raises(MalformedInput):
        Pos().game().play(Play("40", "c3", player=player))
