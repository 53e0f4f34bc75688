"""A game's table finder for its tables laid out, the full finder for every other frame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from vision.find.detect import (
    FloatArray,
    Image,
)
from vision.find.params import (
    LARGE,
    TABLE_CARDS,
)
from vision.find.refine.looks import lengths
from vision.find.refine.refined import RefinedFinder
from vision.find.segment import Outlines


@dataclass
class TableOrFull:
    """A finder made for a game's table laid out, ``table``, for the frames it is made for (at least
    ``table_cards`` cards found, fewer than half of them longer than :data:`LARGE` of the frame's
    height unless it reads ``close_ups`` too), and the ``full`` one for any other (a close-up, a
    photo of a few cards, a table just laid out). One quad among many that is longer than
    :data:`LARGE` (two cards run together) does not make a table a close-up. What ``auto`` finds
    Tranquillité's cards with (the lean finder, :func:`vision.find.finders.lean_finder`, which has no
    closer or farther look) and L'Ascension's (the full finder without the contours, which reads
    its close-ups too), :attr:`companion.engine.spec.VisionSpec.finder`. Called, it gives the quads."""

    table: RefinedFinder
    full: RefinedFinder
    table_cards: int = TABLE_CARDS
    corners_placed: ClassVar[bool] = True

    @property
    def close_ups(self) -> bool:
        """Whether ``table`` reads a table seen close as well as the full finder: it looks closer
        and farther as that one does (it has a ``closer`` network), so the count of cards alone
        tells a table from a photo of a few."""
        return self.table.closer is not None

    def __post_init__(self) -> None:
        # Which finder read the last frame: its refiner gives the looks that frame is read again with.
        self._last = self.table

    def __call__(self, frame: Image) -> FloatArray:
        return self.find(frame)

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as
        :func:`vision.find.detect.order_corners`."""
        return self.outlines(frame).quads

    def outlines(self, frame: Image) -> Outlines:
        """The table's finder's outlines on a table laid out, else the full finder's."""
        found = self.table.outlines(frame)
        long = lengths(np.asarray(found.quads, np.float32)) > LARGE * frame.shape[0]
        table = len(found.quads) >= self.table_cards and (self.close_ups or long.mean() < 0.5)
        self._last = self.table if table else self.full
        return found if table else self.full.outlines(frame)

    def look(self, frame: Image, quads: FloatArray) -> FloatArray:
        """One look of the refiner of the finder that read the last frame (:meth:`RefinedFinder.look`)."""
        return self._last.look(frame, quads)
