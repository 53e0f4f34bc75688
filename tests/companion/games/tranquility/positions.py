"""Positions of Tranquillité for its rule tests, and the cells and cards they share.

Most tests are tables ``(position, event) -> (legal, rule, discard)``: a
:class:`Pos` describes a position, :func:`ok` and :func:`no` the expected
ruling. The rules are rulings T1 to T11 (shared/RULINGS.md) and the G4/G5 flag
handling. The project's own rule ids are C1 (not your turn), C2 (action B),
C3 (occupied cell), C4 (game over), C5 (nothing to undo), C6 (not a playable
card), C7 (event of another game); G5 covers everything about flags.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion import Event, Play, Tranquility
from companion.games.tranquility.rules import CELLS
from tests.companion.rule_tables import Row


@dataclass(frozen=True)
class Pos:
    """A position: the cells, the active seat's hand, the Start corner, and events played after."""

    cells: Mapping[str, int] = field(default_factory=dict)
    hand: int = 5
    start: bool = False
    players: int = 3
    turn: int = 1
    hands: tuple[int, ...] | None = None
    decks: tuple[int, ...] | None = None
    removed: int = 0
    then: tuple[Event, ...] = ()
    flag: Play | None = None

    def game(self) -> Tranquility:
        """Build the position: each ``then`` event must be accepted, then ``flag`` is refused."""
        hands = (
            list(self.hands) if self.hands is not None
            else [self.hand if seat == self.turn else 5 for seat in range(1, self.players + 1)]
        )
        game = Tranquility.from_position(
            self.players, cells=self.cells, start=self.start, hands=hands,
            decks=None if self.decks is None else list(self.decks), turn=self.turn,
            options={"removed": self.removed},
        )
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        if self.flag is not None:
            assert not game.play(self.flag).legal
        return game


def is_island_play(row: Row, rules: set[str | None]) -> bool:
    """Whether the row lays an island card on a grid cell, unattributed, ruled under ``rules``."""
    _, event, (_, rule, _), _ = row
    return (
        isinstance(event, Play) and event.card.isdigit() and event.at not in ("start", "finish")
        and event.player is None and rule in rules
    )


def snapshot(game: Tranquility) -> tuple[object, ...]:
    """The engine's own snapshot plus the public fields read directly (so a wrong ``_save`` shows)."""
    return (
        game._save(), list(game.cells), game.start_played, game.finish_played, game.pending_start,
        game.turn, list(game.hands), list(game.decks), list(game.discards), game.ascending,
        game.outcome(),
    )


def cells_from(first: int, values: list[int]) -> dict[str, int]:
    """Consecutive cells from sequence index ``first`` holding ``values``."""
    return {CELLS[first + n]: v for n, v in enumerate(values)}


START = Play("start", "start")
FINISH = Play("finish", "finish")
#: All 36 cells, 1 to 36 in sequence order.
FULL = cells_from(0, list(range(1, 37)))
#: Every other cell (a1, c1, e1, a2, ...) holds 1, 5, 9, ..., 69: each empty cell has a neighbour.
EVERY_OTHER = {CELLS[i]: 2 * i + 1 for i in range(0, 36, 2)}
#: The 2-player position right after the Start card: seat 1 held 5 (deck 38), seat 2 held 5 (deck 39).
TWO_AFTER_START = Pos(players=2, hands=(5, 5), decks=(38, 39), then=(START,))
THREE_AFTER_START = Pos(hands=(5, 5, 5), decks=(24, 24, 25), then=(START,))


FULL_BUT_F6 = {cell: v for cell, v in FULL.items() if cell != "f6"}
