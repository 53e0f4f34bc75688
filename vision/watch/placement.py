"""How sure the watcher is of where the table lies: a placed table carries its own confidence.

A table found from the cards on it (:func:`vision.watch.table.find_table`) or from L'Ascension's
Panoramas can be placed wrong: half a card off, or turned. Read through a wrong placement, every
card lands in the wrong cell, and the referee would rule plays nobody made. So a placement found
by the watcher is *checked* against the cards the whole-frame finder outlines on a calm frame,
found without the placement: a card that lands on its cell agrees, one that lies across the
layout's lines disagrees. (The layout's rules, such as a pyramid's cards resting on the row
below, only make it check again: breaking them is an illegal play the referee must flag.)

Until a calm frame confirms the placement the watcher rules nothing: what it reads is held, and
given out once the cards land on their cells (:func:`check`), or dropped when they lie across the
layout's lines (the companion then says "table not placed", finds the table again, and names the
events in doubt). A placement set by hand (four corners) or confirmed by the players on the page
is trusted at once.

>>> status = Placement()
>>> status.state, status.trusted
('searching', False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from vision.watch.geometry import TableGeometry

State = Literal["searching", "checking", "placed", "by_hand"]


@dataclass
class Placement:
    """Where the watcher stands with the table's placement.

    ``searching`` (no table), ``checking`` (placed by the watcher, not yet confirmed by the cards:
    nothing is ruled meanwhile), ``placed`` (confirmed), ``by_hand`` (set or confirmed by the
    players: never doubted).
    """

    state: State = "searching"
    #: How many times the table was placed again because the cards said it lay wrong.
    replaced: int = 0

    @property
    def trusted(self) -> bool:
        """Whether what the watcher reads is ruled on."""
        return self.state in ("placed", "by_hand")

    def placed(self, *, by_hand: bool = False) -> None:
        """A new placement: checked from now on, or trusted when the players set it."""
        self.state = "by_hand" if by_hand else "checking"

    def lost(self) -> None:
        """No placement: the table is being looked for."""
        self.state = "searching"


#: A card the finder outlines lands on its cell when its centre lies within this share of a card's
#: width of the cell's centre, and lies across the layout's lines between the next two shares (the
#: finder's outlines are a few percent off: on the true placement its cards land within 0.15).
LANDS_WITHIN = 0.15
ASTRAY_FROM = 0.2
ASTRAY_TO = 0.7


@dataclass(frozen=True)
class Check:
    """What one calm frame says of a placement: the cells just read where the finder outlined a
    card (landed), and those where it outlined one only across the layout's lines (astray)."""

    landed: int
    astray: int

    @property
    def verdict(self) -> Literal["confirmed", "doubted", "unclear"]:
        """``confirmed``, ``doubted``, or ``unclear`` (no card to say)."""
        if self.astray > self.landed:
            return "doubted"
        if self.landed > self.astray:
            return "confirmed"
        return "unclear"


def check(quads: npt.ArrayLike, geometry: TableGeometry, cells: Iterable[str]) -> Check:
    """How the cards outlined in a frame (``quads``, image corners (N, 4, 2)), found without the
    placement, fall on ``cells`` (those just read) of the layout placed by ``geometry``: a cell
    lands when a card's centre lies within :data:`LANDS_WITHIN` of a card's width of its centre,
    and is astray when none does but one lies across its lines. Only the cells just read are
    asked: elsewhere a tiled table's card-shaped tiles, a hand or the deck would speak."""
    found = np.asarray(quads, np.float64).reshape(-1, 4, 2).mean(axis=1)
    landed = astray = 0
    for cell in dict.fromkeys(cells):
        quad = geometry.card_quad(cell).astype(np.float64)
        width = float(np.linalg.norm(quad[0] - quad[1]))
        distance = np.linalg.norm(found - quad.mean(axis=0), axis=1) / width if len(found) else np.zeros(0)
        if (distance < LANDS_WITHIN).any():
            landed += 1
        elif ((distance >= ASTRAY_FROM) & (distance < ASTRAY_TO)).any():
            astray += 1
    return Check(landed, astray)
