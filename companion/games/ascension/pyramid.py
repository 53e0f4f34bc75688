"""L'Ascension's pyramid and cards: slot names, what rests on what, card names.

Row r (1 to 8) has 10 - r slots, ``a1``..``i1`` up to ``a8`` ``b8``; the
summit is ``a9``. Slot k of row r rests on slots k and k+1 of row r-1; row 1
rests on the ten Panoramas, which are always there (RULINGS, cell names).

>>> SLOTS[0], SLOTS[-1], len(SLOTS)
('a1', 'b8', 44)
>>> [SLOTS[i] for i in SUPPORT[SLOT_INDEX["b2"]]]
['b1', 'c1']
>>> parse_card("9r+ibex")
Card(kind='versant', value=9, terrain='r', ibex=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ROWS = 8
SUMMIT = "a9"
LETTERS = "abcdefghi"
TERRAINS = ("g", "s", "r")
VALUES = range(1, 13)


def row_length(row: int) -> int:
    """How many slots row ``row`` (1 to 8) holds."""
    return 10 - row


#: Slot names in order: row 1 left to right, then row 2, ...
SLOTS: tuple[str, ...] = tuple(f"{LETTERS[k]}{r}" for r in range(1, ROWS + 1) for k in range(row_length(r)))
SLOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SLOTS)}
#: (row, k) of each slot index, k counted from 0 at the left.
ROW_COL: tuple[tuple[int, int], ...] = tuple((int(name[1:]), LETTERS.index(name[0])) for name in SLOTS)
#: The two slots a slot rests on, or () in row 1 (the Panoramas).
SUPPORT: tuple[tuple[int, ...], ...] = tuple(
    () if r == 1 else (SLOT_INDEX[f"{LETTERS[k]}{r - 1}"], SLOT_INDEX[f"{LETTERS[k + 1]}{r - 1}"])
    for r, k in ROW_COL
)
#: The slots of the row above that rest on a slot.
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(len(SLOTS)) if i in SUPPORT[j]) for i in range(len(SLOTS))
)
#: The slot to the left and to the right in the same row, or -1.
LEFT: tuple[int, ...] = tuple(i - 1 if k > 0 else -1 for i, (_, k) in enumerate(ROW_COL))
RIGHT: tuple[int, ...] = tuple(i + 1 if k < row_length(r) - 1 else -1 for i, (r, k) in enumerate(ROW_COL))
#: Slot indexes of each row, left to right.
ROW_SLOTS: dict[int, tuple[int, ...]] = {
    r: tuple(i for i, (row, _) in enumerate(ROW_COL) if row == r) for r in range(1, ROWS + 1)
}

Kind = Literal["versant", "summit", "campfire", "bridge", "grapple", "panorama", "back"]


@dataclass(frozen=True, slots=True)
class Card:
    """A card of L'Ascension: a Versant has a value, a terrain and maybe the ibex icon;
    a Feu de camp has a terrain."""

    kind: Kind
    value: int = 0
    terrain: str = ""
    ibex: bool = False

    @property
    def name(self) -> str:
        """The record name: ``"7s"``, ``"9r+ibex"``, ``"campfire-g"``, ``"bridge"``..."""
        if self.kind == "versant":
            return f"{self.value}{self.terrain}" + ("+ibex" if self.ibex else "")
        if self.kind == "campfire":
            return f"campfire-{self.terrain}"
        return self.kind


def _all_cards() -> dict[str, Card]:
    cards = [Card("versant", v, t, ibex) for v in VALUES for t in TERRAINS for ibex in (False, True)]
    cards += [Card("campfire", terrain=t) for t in TERRAINS]
    cards += [Card(kind) for kind in ("summit", "bridge", "grapple", "panorama", "back")]
    return {card.name: card for card in cards}


#: Every card name of L'Ascension in the record.
CARDS: dict[str, Card] = _all_cards()


def parse_card(name: str) -> Card | None:
    """The card a record name stands for, or None if it is not a card of L'Ascension."""
    return CARDS.get(name)
