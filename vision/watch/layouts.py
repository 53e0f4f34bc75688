"""Where the cards of a game lie on the table, and the cell names of ``shared/RULINGS.md``.

A layout places every cell on a lattice of card pitches: ``(u, v)`` with
``u`` counted in card widths to the right and ``v`` in card heights upward
(half widths in L'Ascension's pyramid, whose rows are offset by half a card).
The table plane is in millimetres, ``x`` to the right and ``y`` *down* as in
an image, the centre of the lattice's origin at (0, 0); the pitch is a card
(63 x 88 mm) plus the gap players leave between cards.

* Tranquillité: the 6 x 6 grid ``a1`` (bottom left) .. ``f6`` (top right),
  the ``start`` corner below-left of ``a1`` and the ``finish`` corner
  above-right of ``f6``, inside a frame of 24 border cards (static).
* L'Ascension: row r (1 to 8) of 10 - r slots, ``a1`` .. ``i1`` up to ``a8``
  ``b8``, the summit ``a9``; the ten Panoramas (static triangles) lie under
  row 1.

>>> grid = layout("tranquility")
>>> grid.centre("a1", 0.0), grid.centre("b2", 2.0)
((0.0, 0.0), (65.0, -90.0))
>>> grid.cell_at(66.0, -91.0, 2.0), grid.cell_at(40.0, 50.0, 2.0)
('b2', None)
>>> layout("ascension").centre("b2", 0.0)
(94.5, -176.0)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.engine.spec import LayoutData, specs

CARD_W, CARD_H = 63.0, 88.0

FloatArray = npt.NDArray[np.float64]
#: Which corner of a cell's card: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left.
Corner = tuple[str, int]


@dataclass(frozen=True)
class Layout:
    """The cells of one game on a lattice of card pitches, and the static cards around them."""

    game: str
    #: Record names of the cells the camera reads, in the engine's order.
    cells: tuple[str, ...]
    #: Lattice position ``(u, v)`` of every cell, in card pitches (v counts rows upward).
    lattice: Mapping[str, tuple[float, float]]
    #: Lattice positions of the cards that never move (Tranquillité's frame, the Panoramas).
    static: tuple[tuple[float, float], ...]
    #: The shape of the static cards, ``"card"`` or ``"triangle"`` (a Panorama).
    static_shape: str
    #: The record name of the static cards, as the classifier reads them.
    static_name: str
    #: The four outer corners of the play area for a manual setting, in this order: bottom left,
    #: bottom right, top right, top left, each as (cell, corner of its card).
    corners: tuple[Corner, Corner, Corner, Corner]
    #: The finest step of ``u``: 1.0, or 0.5 where rows are offset by half a card (the pyramid).
    u_step: float = 1.0
    #: Each card above the lowest row rests on the cards below it (see :meth:`supports`).
    rests_on: bool = False

    @classmethod
    def of(cls, game: str, data: LayoutData) -> Layout:
        """The layout of ``game`` from its spec's plain data (:class:`~companion.engine.spec.LayoutData`)."""
        return cls(game, data.cells, dict(data.lattice), data.static, data.static_shape, data.static_name,
                   data.corners, data.u_step, data.rests_on)

    def supports(self, name: str) -> tuple[str, ...]:
        """The cells a card at ``name`` rests on: those of the row below it overlaps (none on the
        lowest row, or where cards do not rest on others)."""
        if not self.rests_on:
            return ()
        u, v = self.lattice[name]
        return tuple(other for other in self.cells if abs(self.lattice[other][1] - (v - 1)) < 0.01
                     and abs(self.lattice[other][0] - u) < 0.99)

    def pitch(self, gap: float) -> tuple[float, float]:
        """Centre-to-centre distance of neighbouring cards across and up, in mm."""
        return CARD_W + gap, CARD_H + gap

    def point(self, u: float, v: float, gap: float) -> tuple[float, float]:
        """The table-plane point (mm) of lattice position ``(u, v)``."""
        pw, ph = self.pitch(gap)
        return float(u * pw) + 0.0, float(-v * ph) + 0.0  # + 0.0: no negative zero

    def centre(self, name: str, gap: float) -> tuple[float, float]:
        """The centre (mm) of cell ``name``'s card."""
        return self.point(*self.lattice[name], gap)

    def card_rect(self, name: str, gap: float, offset: tuple[float, float] = (0.0, 0.0),
                  angle: float = 0.0) -> FloatArray:
        """The 4 corners (mm) of a card at cell ``name``, moved by ``offset`` mm and turned by ``angle``
        degrees clockwise: top-left, top-right, bottom-right, bottom-left (the table's top up)."""
        x, y = self.centre(name, gap)
        return card_corners(x + offset[0], y + offset[1], angle)

    def corner_points(self, gap: float) -> FloatArray:
        """The table-plane points (mm) of :attr:`corners`, for a manual setting of four corners."""
        return np.array([self.card_rect(cell, gap)[k] for cell, k in self.corners], np.float64)

    def cell_at(self, x: float, y: float, gap: float) -> str | None:
        """The cell whose card area holds the table point ``(x, y)`` mm, or None."""
        for name in self.cells:
            cx, cy = self.centre(name, gap)
            if abs(x - cx) <= CARD_W / 2 and abs(y - cy) <= CARD_H / 2:
                return name
        return None

    def static_points(self, gap: float) -> FloatArray:
        """Centres (mm) of the static cards, (N, 2)."""
        return np.array([self.point(u, v, gap) for u, v in self.static], np.float64).reshape(-1, 2)

    def bounds(self, gap: float, margin: float = 0.0) -> tuple[float, float, float, float]:
        """The box (x0, y0, x1, y1) in mm around every card of the layout, static ones included."""
        centres = np.vstack([np.array([self.centre(n, gap) for n in self.cells]), self.static_points(gap)])
        half = np.array([CARD_W / 2 + margin, CARD_H / 2 + margin])
        lo, hi = centres.min(axis=0) - half, centres.max(axis=0) + half
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The cells whose cards may touch the card at ``name`` (one pitch away or less)."""
        u, v = self.lattice[name]
        return tuple(other for other in self.cells if other != name
                     and abs(self.lattice[other][0] - u) <= 1.01 and abs(self.lattice[other][1] - v) <= 1.01)


def card_corners(x: float, y: float, angle: float = 0.0) -> FloatArray:
    """The corners of a portrait card centred at ``(x, y)`` mm, turned ``angle`` degrees clockwise."""
    a = np.radians(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    local = np.array([[-CARD_W / 2, -CARD_H / 2], [CARD_W / 2, -CARD_H / 2], [CARD_W / 2, CARD_H / 2],
                      [-CARD_W / 2, CARD_H / 2]])
    out: FloatArray = local @ rot.T + (x, y)
    return out


@functools.cache
def _layouts() -> dict[str, Layout]:
    """Every registered game's layout, built from its spec's plain data."""
    return {spec.name: Layout.of(spec.name, spec.layout) for spec in specs() if spec.layout is not None}


def layout(game: str) -> Layout:
    """The layout of ``game`` (a game whose spec has one); ``KeyError`` for other games."""
    return _layouts()[game]
