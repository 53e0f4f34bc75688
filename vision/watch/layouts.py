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
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from companion.engine.spec import LayoutData, find_spec, specs

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
    #: Degrees clockwise the card of a cell lies turned on the table: a trick game's card faces the
    #: seat that laid it. A cell's view, its tiles and its card's offset are in its own turned frame.
    turns: Mapping[str, float] = field(default_factory=dict)
    #: Lattice positions of bare table no card covers (between a trick game's seats): with no static
    #: card, what tells a camera knocked from many cards moved at once (a trick gathered).
    marks: tuple[tuple[float, float], ...] = ()
    #: The cells that are side places beside the game's cells (:attr:`companion.engine.spec.
    #: LayoutData.sides`: Tranquillité's rows' borders): a change there is the game's ``beside`` event.
    sides: frozenset[str] = frozenset()

    def mark_points(self, gap: float) -> FloatArray:
        """Centres (mm) of the :attr:`marks`, (N, 2)."""
        return np.array([self.point(u, v, gap) for u, v in self.marks], np.float64).reshape(-1, 2)

    @classmethod
    def of(cls, game: str, data: LayoutData) -> Layout:
        """The layout of ``game`` from its spec's plain data (:class:`~companion.engine.spec.LayoutData`)."""
        # The side places are read like cells, after them (the engine's cells keep their order).
        return cls(game, (*data.cells, *(name for name, _ in data.sides)), dict((*data.lattice, *data.sides)),
                   data.static, data.static_shape, data.static_name, data.corners, data.u_step, data.rests_on,
                   sides=frozenset(name for name, _ in data.sides))

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
        turn = self.turns.get(name, 0.0)
        if turn:
            dx, dy = _turned(offset, turn)
            return card_corners(x + dx, y + dy, angle + turn)
        return card_corners(x + offset[0], y + offset[1], angle)

    def corner_points(self, gap: float) -> FloatArray:
        """The table-plane points (mm) of :attr:`corners`, for a manual setting of four corners."""
        return np.array([self.card_rect(cell, gap)[k] for cell, k in self.corners], np.float64)

    def cell_at(self, x: float, y: float, gap: float) -> str | None:
        """The cell whose card area holds the table point ``(x, y)`` mm, or None."""
        for name in self.cells:
            cx, cy = self.centre(name, gap)
            u, v = _turned((x - cx, y - cy), -self.turns.get(name, 0.0))
            if abs(u) <= CARD_W / 2 and abs(v) <= CARD_H / 2:
                return name
        return None

    def static_points(self, gap: float) -> FloatArray:
        """Centres (mm) of the static cards, (N, 2)."""
        return np.array([self.point(u, v, gap) for u, v in self.static], np.float64).reshape(-1, 2)

    def bounds(self, gap: float, margin: float = 0.0) -> tuple[float, float, float, float]:
        """The box (x0, y0, x1, y1) in mm around every card of the layout, static ones included."""
        centres = np.vstack([np.array([self.centre(n, gap) for n in self.cells]), self.static_points(gap)])
        half = np.array([CARD_W / 2 + margin, CARD_H / 2 + margin])
        if self.turns:
            half = np.full(2, CARD_H / 2 + margin)  # a turned card reaches a card's height each way
        lo, hi = centres.min(axis=0) - half, centres.max(axis=0) + half
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    def neighbours(self, name: str) -> tuple[str, ...]:
        """The cells whose cards may touch the card at ``name`` (one pitch away or less)."""
        u, v = self.lattice[name]
        return tuple(other for other in self.cells if other != name
                     and abs(self.lattice[other][0] - u) <= 1.01 and abs(self.lattice[other][1] - v) <= 1.01)


def _turned(point: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``point`` turned ``degrees`` clockwise about the origin (image axes, y down)."""
    a = math.radians(degrees)
    x, y = point
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def card_corners(x: float, y: float, angle: float = 0.0) -> FloatArray:
    """The corners of a portrait card centred at ``(x, y)`` mm, turned ``angle`` degrees clockwise."""
    a = np.radians(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    local = np.array([[-CARD_W / 2, -CARD_H / 2], [CARD_W / 2, -CARD_H / 2], [CARD_W / 2, CARD_H / 2],
                      [-CARD_W / 2, CARD_H / 2]])
    out: FloatArray = local @ rot.T + (x, y)
    return out


#: Millimetres from the table's centre to the middle of a seat's card in a trick, to its card shown
#: before it (a sonar card), and to the middle of a dummy's row of columns (Tonoja's).
TRICK_RADIUS, SHOWN_RADIUS, ROW_RADIUS = 95.0, 240.0, 250.0
#: Centre-to-centre distance of the columns of a dummy's row, in mm.
ROW_PITCH = 72.0
#: The columns of a dummy's row (The Crew's Tonoja, CR16).
ROW_COLUMNS = tuple(f"r{k}" for k in range(1, 8))


def seat_angle(seat: int, seats: int) -> float:
    """Degrees (image axes, y down) from the table's centre towards seat ``seat`` of ``seats``: seat 1
    at the bottom of the picture, the others clockwise as seen from above.

    >>> [seat_angle(k, 4) for k in range(1, 5)]
    [90.0, 180.0, 270.0, 0.0]
    """
    return (90.0 + 360.0 * (seat - 1) / max(seats, 1)) % 360.0


def trick_layout(game: str, seats: int, *, dummy: int | None = None, first: int = 1,
                 shown: bool = True) -> Layout:
    """Where a trick game's cards lie for the camera: ``t1`` .. ``tN`` the card each seat plays to
    the trick, in front of it in the middle; ``s1`` .. ``sN`` a card shown before a seat outside the
    trick (The Crew's sonar; none without ``shown``); and, for the seat ``dummy`` played from a row
    of face-up columns (Tonoja), ``r1`` .. ``r7`` from its left to its right, and no shown card.
    Seats are numbered from ``first`` (Rixes' captains: 0 to 2, Barbe Noire's place where a seat
    ``N`` would be, so seats tapped from 1 to N place them all).

    >>> trick = trick_layout("crew", 4)
    >>> trick.cells[:5], [round(v) for v in trick.centre("t1", 0.0)]
    (('t1', 't2', 't3', 't4', 's1'), [0, 95])
    >>> len(trick_layout("crew", 3, dummy=3).cells)
    12
    """
    places: dict[str, tuple[float, float]] = {}
    turns: dict[str, float] = {}

    def put(name: str, radius: float, angle: float, across: float = 0.0) -> None:
        a = math.radians(angle)
        # Across: to the seat's right, as it faces the middle.
        x = radius * math.cos(a) - across * math.sin(a)
        y = radius * math.sin(a) + across * math.cos(a)
        places[name] = (x / CARD_W, -y / CARD_H)  # lattice units at no gap
        turns[name] = (angle - 90.0) % 360.0  # the card's foot towards its seat

    numbers = range(first, first + seats)
    for seat in numbers:
        put(f"t{seat}", TRICK_RADIUS, seat_angle(seat, seats))
    for seat in numbers:
        if seat != dummy and shown:
            put(f"s{seat}", SHOWN_RADIUS, seat_angle(seat, seats))
    if dummy is not None:
        for k, column in enumerate(ROW_COLUMNS):
            put(column, ROW_RADIUS, seat_angle(dummy, seats), (k - 3) * ROW_PITCH)
    cells = tuple(places)
    # Bare table between the seats, halfway from a trick's cards to the cards shown before the seats.
    marks = []
    for seat in range(1, seats + 1):
        a = math.radians(seat_angle(seat, seats) + 180.0 / seats)
        radius = (TRICK_RADIUS + SHOWN_RADIUS) / 2
        marks.append((radius * math.cos(a) / CARD_W, -radius * math.sin(a) / CARD_H))
    # The play area's corners for a manual setting: the outer corner of the places lying furthest
    # to the bottom left, bottom right, top right and top left (u to the right, v up).
    def furthest(du: int, dv: int) -> str:
        return max(cells, key=lambda cell: du * places[cell][0] + dv * places[cell][1])

    corners = ((furthest(-1, -1), 3), (furthest(1, -1), 2), (furthest(1, 1), 1), (furthest(-1, 1), 0))
    return Layout(game, cells, places, (), "card", "back", corners, turns=turns, marks=tuple(marks))


@functools.cache
def _layouts() -> dict[str, Layout]:
    """Every registered game's layout, built from its spec's plain data."""
    return {spec.name: Layout.of(spec.name, spec.layout) for spec in specs() if spec.layout is not None}


@functools.cache
def _variant(game: str, data: LayoutData) -> Layout:
    return Layout.of(game, data)


def layout(game: str, options: Mapping[str, object] | None = None) -> Layout:
    """The layout of ``game`` (a game whose spec has one) played with ``options`` (a variant may lay
    its cards otherwise: :meth:`~companion.engine.spec.GameSpec.layout_for`); ``KeyError`` for other
    games.

    >>> layout("tranquility", {"variant": "arch"}).centre("a4", 0.0)
    (0.0, -264.0)
    """
    base = _layouts()[game]
    data = find_spec(game).layout_for(options) if options else None
    return base if data is None or data is find_spec(game).layout else _variant(game, data)
