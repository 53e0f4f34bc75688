"""Positions of Tranquillité : L'Ascension for its rule tests, and the cards and slots they share.

Most tests are tables ``(position, event) -> (legal, rule, discard)``: a
:class:`Pos` describes a position, :func:`ok` and :func:`no` the expected
ruling. The rules are rulings A1 to A12 (shared/RULINGS.md), G5 flags and G4
undo; the rulebook is ``shared/rules/002_*.txt`` (sections 3 to 8); its
examples are here by name (Mary, the snowy 2, Stewart, the FAQ). Project rule
ids: C1 (not your turn), C2 (action B), C3 (occupied slot), C4 (game over),
C5 (nothing to undo), C6 (not a card to lay), C7 (event of another game); G5
covers flags. Slots: ``a1``..``i1`` up to ``a8`` ``b8``, the summit ``a9``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion import Event, Play
from companion.engine.events import Placement
from companion.games.ascension.pyramid import LETTERS, ROW_COL, ROWS, SLOT_INDEX, SLOTS
from companion.games.ascension.rules import Ascension

FAUNA: Mapping[str, object] = {"fauna": True}
SEQUENCES = [[3, 4, 3], [9, 8, 7], [5, 6]]
DOCUMENTARY: Mapping[str, object] = {"documentary": SEQUENCES}
GREEN: Mapping[str, object] = {"green_path": True}
FREE_MOVE: Mapping[str, object] = {"campfire_move_pays_cost": False}


@dataclass(frozen=True)
class Pos:
    """A position: the slots, the active seat's hand, and events played after it is set."""

    cards: Mapping[str, str] = field(default_factory=dict)
    hand: int | None = None
    players: int = 3
    turn: int = 1
    hands: tuple[int, ...] | None = None
    decks: tuple[int, ...] | None = None
    bridged: tuple[str, ...] = ()
    ibex: Mapping[str, int] = field(default_factory=dict)
    options: Mapping[str, object] = field(default_factory=dict)
    then: tuple[Event, ...] = ()
    flag: Placement | None = None

    def game(self) -> Ascension:
        """Build the position: each ``then`` event must be accepted, then ``flag`` is refused."""
        limit = 6 if self.players == 1 else 5
        hand = limit if self.hand is None else self.hand
        hands = (
            list(self.hands) if self.hands is not None
            else [hand if seat == self.turn else limit for seat in range(1, self.players + 1)]
        )
        game = Ascension.from_position(
            self.players, cards=dict(self.cards), bridged=list(self.bridged), ibex=dict(self.ibex),
            hands=hands, decks=None if self.decks is None else list(self.decks), turn=self.turn,
            options=dict(self.options),
        )
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        if self.flag is not None:
            assert not game.play(self.flag).legal
        return game


def snapshot(game: Ascension) -> tuple[object, ...]:
    """The engine's own snapshot plus the public fields read directly (so a wrong ``_save`` shows)."""
    return (
        game._save(), list(game.cards), list(game.bridged), list(game.ibex), list(game.filmed),
        game.summit, game.turn, list(game.hands), list(game.decks), list(game.discards), game.grapples,
        game.state_json(), game.outcome(),
    )


def row_of(slot: str) -> int:
    return ROW_COL[SLOT_INDEX[slot]][0]


def full(terrain: Callable[[int, int], str]) -> dict[str, str]:
    """All 44 slots hold Versants: the terrain of slot k (from 0) of row r is ``terrain(r, k)``;
    each value is the smallest at least the row with fewer than two copies of it (A1, A2)."""
    used: dict[tuple[int, str], int] = {}
    cards: dict[str, str] = {}
    for row in range(ROWS, 0, -1):
        for k in range(10 - row):
            kind = terrain(row, k)
            value = next(v for v in range(row, 13) if used.get((v, kind), 0) < 2)
            used[value, kind] = used.get((value, kind), 0) + 1
            cards[f"{LETTERS[k]}{row}"] = f"{value}{kind}"
    return {slot: cards[slot] for slot in SLOTS}


def without(cards: Mapping[str, str], *slots: str) -> dict[str, str]:
    return {slot: card for slot, card in cards.items() if slot not in slots}


#: A complete pyramid whose green cards make a path i1, h2, g3, f4, e5, d6, c7, b8 (A10).
FULL = full(lambda r, k: "gsr"[(k + r) % 3])
GREEN_PATH = ["i1", "h2", "g3", "f4", "e5", "d6", "c7", "b8"]
#: A complete pyramid with no green card at all.
FULL_NO_GREEN = full(lambda r, k: "sr"[k % 2])
#: Rows 1 to 7 with every slot but the last one: a8 can take a card, b8 cannot.
UNDER_A8 = {slot: card for slot, card in FULL.items()
            if row_of(slot) < ROWS and ROW_COL[SLOT_INDEX[slot]][1] < 9 - row_of(slot)}
#: Row 1 complete, the three terrains in turn; one copy of each Versant.
ROW1 = {"a1": "3g", "b1": "5s", "c1": "7r", "d1": "4g", "e1": "6s", "f1": "8r", "g1": "2g", "h1": "9s",
        "i1": "10r"}


#: Both 5s on the mountain.
TWO_5S = {"a1": "5s", "b1": "3g", "c1": "5s", "d1": "4r"}


SUMMIT = Play("summit", "a9")


#: Green cards up the left edge of FULL_NO_GREEN: b1, a2, a3, ..., a8 (each rests on the one below).
LEFT_PATH = {"b1": "1g", "a2": "2g", "a3": "3g", "a4": "4g", "a5": "5g", "a6": "6g", "a7": "7g", "a8": "8g"}


#: Row 1 complete; row 2 a2..d2 with a Pont at c2; row 3 a3..c3 (c3 resting on the Pont); a4.
HERD = dict(ROW1, a2="9r", b2="8g", c2="bridge", d2="10s", a3="11s", b3="12r", c3="11g", a4="12g")
HERD_IBEX = {"a1": 2, "b1": 1, "c1": 1, "d1": 1, "a2": 1}


def herd(hand: int = 5, cards: Mapping[str, str] = HERD, **kwargs: Any) -> Pos:
    return Pos(cards, hand=hand, ibex=HERD_IBEX, options=FAUNA, **kwargs)
