"""An enrolment's batches, and where each card of a batch lies: the grid found from the cards.

Players enrol a deck a batch at a time (:func:`plan`): a dozen cards laid face up in a simple
grid of rows and columns that the page draws, the first card at the top left. The grid's place in
the picture is not asked of the players (no corners to tap): it is found from the cards
themselves (:func:`fit_grid`). The cards' own outlines give the grid's axes (their mean turn) and
their size; their centres, measured along those axes, give the rows and columns. A grid is found
once the cards span the whole batch, its first row and its first column (the corner cards are
enough: the rows and columns between them are evenly spaced); until then, and for the next
batches, the grid found last stands (the camera does not move), so a card is placed in its cell
as soon as it is laid.

Why from the cards and not from the table's corners: the camera looks at the table from any
side and any height, the players lay the grid wherever there is room, and a grid of cards is
easy to find from its cards whereas a bare table shows nothing to fit.

>>> batches = plan([str(n) for n in range(1, 31)], size=12, cols=4)
>>> [len(b.cards) for b in batches], batches[2].shape
([10, 10, 10], (3, 4))
>>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
>>> quads = np.stack([card + [73 * c, 98 * r] for r in range(2) for c in range(3)])
>>> fit = fit_grid(quads, (2, 3))
>>> place(quads[[5, 0]], fit, (2, 3))
[(1, 2), (0, 0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from companion.app.enrol_params import GAPS, PITCH, SIZES, SLACK

FloatArray = npt.NDArray[np.float32]
Cell = tuple[int, int]

#: What a batch is for: the deck's cards in turn, cards left over by "next batch", or more shots
#: of cards that look too much like another.
BatchKind = Literal["deck", "again", "more"]

@dataclass(frozen=True)
class Batch:
    """Cards to lay at once: ``cards[k]`` in row ``k // cols``, column ``k % cols`` (from 0, the
    top left of the picture as the page draws it)."""

    number: int
    cards: tuple[str, ...]
    cols: int
    kind: BatchKind = "deck"

    @property
    def shape(self) -> tuple[int, int]:
        """Rows and columns of the grid this batch fills."""
        cols = min(self.cols, len(self.cards))
        return math.ceil(len(self.cards) / max(cols, 1)), cols

    def cell(self, card: str) -> Cell:
        """The cell of ``card``."""
        k = self.cards.index(card)
        return k // self.cols, k % self.cols

    def card_at(self, cell: Cell) -> str | None:
        """The card that belongs in ``cell``, None where none does."""
        row, col = cell
        k = row * self.cols + col
        return self.cards[k] if 0 <= col < self.cols and 0 <= k < len(self.cards) else None


def plan(cards: Sequence[str], *, size: int = 12, cols: int = 4, kind: BatchKind = "deck",
         first: int = 1) -> list[Batch]:
    """``cards`` in batches of at most ``size``, as even as can be (90 cards by 12: six of 11 and
    two of 12, rather than seven of 12 and one of 6), numbered from ``first``."""
    if not cards:
        return []
    count = math.ceil(len(cards) / size)
    small, extra = divmod(len(cards), count)
    out, start = [], 0
    for k in range(count):
        n = small + (1 if k >= count - extra else 0)
        out.append(Batch(first + k, tuple(cards[start:start + n]), min(cols, size), kind))
        start += n
    return out


@dataclass(frozen=True)
class GridFit:
    """Where a grid lies in the picture: the centre of its top left cell, and one step to the next
    column and to the next row (image pixels)."""

    origin: tuple[float, float]
    right: tuple[float, float]
    down: tuple[float, float]

    def point(self, cell: Cell) -> tuple[float, float]:
        """The centre of ``cell`` in the picture."""
        row, col = cell
        return (self.origin[0] + col * self.right[0] + row * self.down[0],
                self.origin[1] + col * self.right[1] + row * self.down[1])

    def steps(self, points: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """Each point's (row, column), in steps of the grid from the top left cell's centre."""
        p = np.asarray(points, np.float64).reshape(-1, 2) - self.origin
        r, d = np.asarray(self.right), np.asarray(self.down)
        basis = np.array([[d[0], r[0]], [d[1], r[1]]])
        out: npt.NDArray[np.float64] = np.linalg.solve(basis, p.T).T
        return out


def cards_of(quads: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Which outlines (N, 4, 2) have the size of most of them: the cards of the grid, not an object
    beside it."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) == 0:
        return np.zeros(0, np.bool_)
    size = np.sqrt(np.abs(_areas(q)))
    median = float(np.median(size))
    keep: npt.NDArray[np.bool_] = (size >= SIZES[0] * median) & (size <= SIZES[1] * median)
    return keep


def fit_grid(quads: npt.ArrayLike, shape: tuple[int, int], previous: GridFit | None = None) -> GridFit | None:
    """The grid of ``shape`` (rows, columns) that the card outlines ``quads`` (N, 4, 2, corners
    clockwise from the top left, as :func:`vision.find.detect.order_corners` gives) span whole,
    its first and last row and column each holding a card; else ``previous`` (None when there is
    none). Cards off that grid (the deck's pile beside it, a card of a batch laid too far) are
    left out of it, as long as most cards lie on it; a grid placing fewer of the cards than
    ``previous`` does is not taken: the camera has not moved."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    q = q[cards_of(q)]
    if len(q) == 0:
        return previous
    across = (q[:, 1] - q[:, 0] + q[:, 2] - q[:, 3]) / 2
    angle = float(np.median(np.arctan2(across[:, 1], across[:, 0])))
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-u[1], u[0]])  # a quarter turn clockwise on screen (y down)
    width = float(np.median(np.abs(across @ u)))
    height = float(np.median(np.abs(((q[:, 3] - q[:, 0] + q[:, 2] - q[:, 1]) / 2) @ v)))
    centres = q.mean(axis=1)
    rows, cols = shape
    along_v = _axis(centres @ v, height, rows)
    along_u = _axis(centres @ u, width, cols)
    if along_v is None or along_u is None:
        return previous
    (v0, dv, on_v), (u0, du, on_u) = along_v, along_u
    on = int((on_u & on_v).sum())
    if on < max(min(2, rows * cols), math.ceil(len(q) / 2)):
        return previous  # the rows of some cards and the columns of others: no grid
    if rows > 1 and cols > 1 and abs((du - width) - (dv - height)) > GAPS * width:
        return previous
    origin = u0 * u + v0 * v
    fit = GridFit((float(origin[0]), float(origin[1])), (float(du * u[0]), float(du * u[1])),
                  (float(dv * v[0]), float(dv * v[1])))
    if previous is not None and _count(q, previous, shape) >= on:
        return previous
    return fit


def _axis(values: npt.NDArray[np.float64], size: float, count: int
          ) -> tuple[float, float, npt.NDArray[np.bool_]] | None:
    """The first position and the step of ``count`` evenly spaced rows (or columns) of cards of
    ``size`` whose centres are at ``values``, the first and the last each holding a card, chosen
    to hold the most of them, and which do; None when no such rows are there."""
    best: tuple[float, float, npt.NDArray[np.bool_]] | None = None
    if count == 1:
        step = size * sum(PITCH) / 2
        for value in values:
            on = np.abs(values - value) <= SLACK * step
            if best is None or on.sum() > best[2].sum():
                best = (float(values[on].mean()), step, on)
        return best
    ordered = np.sort(values)
    for i, low in enumerate(ordered):
        for high in ordered[i + 1:]:
            step = (high - low) / (count - 1)
            if not PITCH[0] * size <= step <= PITCH[1] * size:
                continue
            off = (values - low) / step
            near = np.round(off)
            on = (np.abs(off - near) <= SLACK) & (near >= 0) & (near <= count - 1)
            if best is None or on.sum() > best[2].sum():
                best = (float(low), float(step), on)
    return best


def _count(quads: npt.NDArray[np.float64], fit: GridFit, shape: tuple[int, int]) -> int:
    return sum(cell is not None for cell in place(quads, fit, shape))


def place(quads: npt.ArrayLike, fit: GridFit | None, shape: tuple[int, int]) -> list[Cell | None]:
    """The cell of each outline (N, 4, 2) in the grid ``fit`` of ``shape``: None for one off the
    grid (beyond it, between two cells, or not of a card's size), and for all but the nearest of
    two in one cell."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if fit is None or len(q) == 0:
        return [None] * len(q)
    steps = fit.steps(q.mean(axis=1))
    nearest = np.round(steps)
    off = np.abs(steps - nearest).max(axis=1)
    rows, cols = shape
    inside = ((nearest[:, 0] >= 0) & (nearest[:, 0] < rows) & (nearest[:, 1] >= 0) & (nearest[:, 1] < cols)
              & (off <= SLACK) & cards_of(q))
    cells: list[Cell | None] = [None] * len(q)
    taken: dict[Cell, int] = {}
    for i in np.argsort(off).tolist():
        if not inside[i]:
            continue
        cell = (int(nearest[i, 0]), int(nearest[i, 1]))
        if cell not in taken:
            taken[cell] = i
            cells[i] = cell
    return cells


def _areas(quads: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The area of each quad (shoelace)."""
    x, y = quads[..., 0], quads[..., 1]
    out: npt.NDArray[np.float64] = 0.5 * (x * np.roll(y, -1, axis=1) - y * np.roll(x, -1, axis=1)).sum(axis=1)
    return out
