"""Events to and from record lines, and every malformed line refused with a clear reason."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.events import (
    DeclareLoss,
    Discard,
    Event,
    Override,
    Play,
    StartDiscards,
    TakeBack,
    Undo,
    event_from_json,
)
from companion.errors import AmbiguousReading, MalformedInput

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
    ({"type": "play", "card": "3"}, "'at'"),
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


def test_a_card_the_camera_was_unsure_of_is_ambiguous_not_malformed() -> None:
    with pytest.raises(AmbiguousReading) as caught:
        event_from_json({"type": "play", "card": None, "at": "c3"})
    assert "c3" in caught.value.text.en and "c3" in caught.value.text.fr


def test_errors_subclass_the_builtins_they_resemble() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_json({"type": "jump"})
