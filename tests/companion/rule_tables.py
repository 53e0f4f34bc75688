"""Helpers of the ruling tables shared by every game's rule tests.

A table row is ``(position, event, expected, id)``: a position builds a game
(``position.game()``), ``expected`` is ``(legal, rule, discard)`` as a ruling
gives them (:func:`ok` and :func:`no` write them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pytest

from companion.engine.events import Event, Override, TakeBack, Undo
from companion.engine.game import Game
from companion.engine.placing import PlacingGame
from companion.engine.ruling import Ruling

#: (legal, rule, discard) as a ruling gives them.
Expected = tuple[bool, str | None, int | None]


class Position(Protocol):
    """Anything that sets up a game at a position."""

    def game(self) -> Game[Any]: ...


#: One row of a ruling table: position, event, expected ruling, test id.
Row = tuple[Any, Event, Expected, str]


def ok(discard: int | None = 0) -> Expected:
    """An accepted event; ``discard`` is what the acting seat discards (None: not a placement)."""
    return (True, None, discard)


def no(rule: str) -> Expected:
    """An event refused under ``rule``."""
    return (False, rule, None)


def case(position: Position, event: Event, expected: Expected, id: str) -> Row:
    """One row of a ruling table."""
    return (position, event, expected, id)


def params(rows: list[Row]) -> list[Any]:
    """The rows as pytest parameters ``(position, event, expected)`` with their ids."""
    return [pytest.param(position, event, expected, id=id) for position, event, expected, id in rows]


def ruling_of(ruling: Ruling) -> Expected:
    """The ``(legal, rule, discard)`` of a ruling."""
    return (ruling.legal, ruling.rule, ruling.discard)


def assert_ruling(position: Position, event: Event, expected: Expected) -> Ruling:
    """Check ``event`` at ``position``: the ruling is ``expected`` and nothing changed."""
    game = position.game()
    before, state = game._save(), game.state_json()
    ruling = game.check(event)
    assert ruling_of(ruling) == expected, ruling.message_en
    assert game._save() == before and game.state_json() == state
    assert game.flagged == ()
    return ruling


def assert_override_then_undo(game: PlacingGame[Any], *, seat: int, hand: int, deck: int, discards: int,
                              cost: int, at: str, flagged_state: object, flags: object,
                              snapshot: Callable[[Any], object]) -> None:
    """After an accepted override: ``seat`` paid ``cost`` and drew back to 5, the turn passed;
    an undo brings the flagged card back exactly, and once it is taken back nothing is left to undo."""
    assert game.discards[seat] == discards + cost
    drawn = min(5 - (hand - 1 - cost), deck)
    assert (game.hands[seat], game.decks[seat]) == (hand - 1 - cost + drawn, deck - drawn)
    assert game.turn == seat + 2
    assert game.move_stack == [Override()]
    # Undo goes back to the flagged state, flag included.
    assert game.play(Undo()).legal
    assert snapshot(game) == flagged_state
    assert game.flagged == flags
    assert game.play(TakeBack(at)).legal
    assert game.play(Undo()).rule == "C5"
