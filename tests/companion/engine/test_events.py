"""Events to and from record lines, and every malformed line refused with a clear reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from companion.engine.events import (
    EVENT_TYPES,
    DeclareLoss,
    Discard,
    Event,
    Override,
    Play,
    TakeBack,
    Undo,
    event_from_json,
    register_event,
)
from companion.engine.registry import find_game
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.events import StartDiscards

EVENTS: list[Event] = [
    Play("27", "c1"),
    Play("start", "start", player=2, source="camera", t=12.5, confidence=0.97),
    Discard(2, player=1),
    StartDiscards.of({1: 3, 2: 5}),
    TakeBack("c1", source="page"),
    Override(),
    Undo(source="button"),
    DeclareLoss(player=3),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.TYPE)
def test_round_trip(event: Event) -> None:
    assert event_from_json(event.to_json()) == event


def test_start_discards_keys_are_strings_in_json() -> None:
    assert StartDiscards.of({2: 5, 1: 3}).to_json() == {"type": "start_discards", "counts": {"1": 3, "2": 5}}


def test_discard_count_defaults_to_two() -> None:
    assert event_from_json({"type": "discard"}) == Discard(2)


def test_unknown_fields_are_ignored() -> None:
    assert event_from_json({"type": "undo", "note": "spilled tea"}) == Undo()


MALFORMED: list[tuple[Any, str]] = [
    ([1, 2], "JSON object"),
    ({"card": "3"}, "'type'"),
    ({"type": "jump"}, "unknown event type 'jump'"),
    ({"type": 7}, "unknown event type '7'"),
    ({"type": "play", "at": "a1"}, "'card'"),
    ({"type": "play", "card": 3, "at": "a1"}, "'card': 3"),
    ({"type": "discard", "count": "2"}, "'count'"),
    ({"type": "discard", "count": True}, "'count'"),
    ({"type": "start_discards"}, "'counts'"),
    ({"type": "start_discards", "counts": [3, 5]}, "'counts'"),
    ({"type": "start_discards", "counts": {"one": 3}}, "'counts'"),
    ({"type": "start_discards", "counts": {"1": -1}}, "'counts'"),
    ({"type": "take_back"}, "'at'"),
    ({"type": "undo", "player": 0}, "'player'"),
    ({"type": "undo", "player": "2"}, "'player'"),
    ({"type": "undo", "source": "telepathy"}, "'source'"),
    ({"type": "undo", "t": "noon"}, "'t'"),
    ({"type": "undo", "confidence": 1.5}, "'confidence'"),
]


@pytest.mark.parametrize(("line", "reason"), MALFORMED, ids=[str(m[0]) for m in MALFORMED])
def test_malformed_lines_say_what_is_wrong(line: Any, reason: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        event_from_json(line)
    assert reason in str(caught.value)
    assert caught.value.text.fr != caught.value.text.en


def test_a_play_with_no_cell_is_a_trick_card_and_malformed_where_cards_lie_in_cells() -> None:
    # The record reader takes it (a trick game's card names no cell); a placing game refuses it.
    play = event_from_json({"type": "play", "card": "3"})
    assert play == Play("3", "") and play.to_json() == {"type": "play", "card": "3"}
    for event in (play, TakeBack(card="3")):
        with pytest.raises(MalformedInput) as caught:
            find_game("tranquility")(2).validate(event)
        assert "'at'" in str(caught.value)


def test_a_card_the_camera_was_unsure_of_is_ambiguous_not_malformed() -> None:
    with pytest.raises(AmbiguousReading) as caught:
        event_from_json({"type": "play", "card": None, "at": "c3"})
    assert "c3" in caught.value.text.en and "c3" in caught.value.text.fr


def test_errors_subclass_the_builtins_they_resemble() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_json({"type": "jump"})


def test_each_game_registers_its_own_events_with_the_reader() -> None:
    assert {"campfire", "herd", "grapple", "start_discards"} <= set(event_from_json(
        {"type": kind, "card": "campfire-g", "at": "a1", "move_to": "b2", "from": "a1", "rows": 1,
         "path": ["a2"], "counts": {}}).TYPE for kind in ("campfire", "herd", "grapple", "start_discards"))
    assert EVENT_TYPES["campfire"].__module__ == "companion.games.ascension.events"
    assert EVENT_TYPES["start_discards"].__module__ == "companion.games.tranquility.events"


def test_a_made_up_event_registers_itself() -> None:
    @register_event
    @dataclass(frozen=True, slots=True)
    class Shout(Event):
        """A made-up event: a seat shouts."""

        TYPE: ClassVar[str] = "test_shout"

    try:
        assert event_from_json({"type": "test_shout", "player": 2}) == Shout(player=2)
    finally:
        del EVENT_TYPES["test_shout"]
    with pytest.raises(MalformedInput):
        event_from_json({"type": "test_shout"})
