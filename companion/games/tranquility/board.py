"""Where Tranquillité's island cards go, as data: the cells of a layout in sequence order, the
sequences they form, and each cell's row (the base grid, the Grande Arche, the Pyramide).

A layout's cells are listed sequence after sequence; each sequence is a span ``[lo, hi)`` of that
list and is refereed on its own (T1 to T5; the Grande Arche's three, T17). Keeping a layout as
data means a correction of the rulings' guessed shapes changes one table, not the rules.

>>> GRID.cells[6], GRID.span_of[6], GRID.rows[6]
('a2', (0, 36), 2)
>>> ARCH.cells[12], ARCH.span_of[12], len(ARCH.cells)
('a4', (12, 40), 40)
>>> PYRAMID.cells[35], len(PYRAMID.cells)
('a8', 36)
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The lowest and highest island cards (T1): every layout's sequences hold numbers between them.
LOWEST, HIGHEST = 1, 80


@dataclass(frozen=True)
class Board:
    """A layout: ``cells`` in sequence order, each cell's ``rows``, the ``spans`` of its sequences,
    and whether a Start card has a corner (``start``)."""

    name: str
    cells: tuple[str, ...]
    rows: tuple[int, ...]
    spans: tuple[tuple[int, int], ...]
    start: bool = True
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    span_of: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.cells)})
        object.__setattr__(self, "span_of", tuple(span for span in self.spans for _ in range(*span)))
        assert len(self.rows) == len(self.cells) == len(self.span_of), self.name

    @property
    def size(self) -> int:
        """How many cells the layout has."""
        return len(self.cells)

    def diagram(self, texts: dict[str, str], corners: list[str]) -> str:
        """The layout as text, top row first: each cell's text (a cell missing is blank), then the
        corners' marks."""
        columns = sorted({name[0] for name in self.cells})
        lines = ["      " + "".join(f"{c:>5}" for c in columns)]
        for row in range(max(self.rows), 0, -1):
            cells = "".join(f"{texts.get(f'{col}{row}', ''):>5}" for col in columns)
            lines.append(f"  {row:>2}  {cells}")
        return "\n".join([*lines, *(f"  {mark}" for mark in corners)])

    def row_cells(self, row: int) -> list[int]:
        """The indexes of the cells of ``row``."""
        return [i for i, r in enumerate(self.rows) if r == row]


def _named(names: list[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    return tuple(names), tuple(int(name[1:]) for name in names)


#: The base game's 6 x 6 grid: ``a1`` (bottom left) .. ``f1``, then ``a2`` .. ``f6`` (T1).
GRID = Board("grid", *_named([f"{col}{row}" for row in range(1, 7) for col in "abcdef"]), ((0, 36),))

#: The Grande Arche (T17): the left pillar, the right pillar, then the roof's rows 4 to 7.
_LEFT = [f"{col}{row}" for row in range(1, 4) for col in "ab"]
_RIGHT = [f"{col}{row}" for row in range(1, 4) for col in "fg"]
_ROOF = [f"{col}{row}" for row in range(4, 8) for col in "abcdefg"]
ARCH = Board("arch", *_named(_LEFT + _RIGHT + _ROOF), ((0, 6), (6, 12), (12, 40)), start=False)
#: The pillars' cells (phase 1 of T17) are the first two sequences.
PILLARS = 12

#: The Pyramide (T18): row r (1 to 8) has 9 - r slots, left to right, row 1 first.
PYRAMID = Board("pyramid", *_named([f"{'abcdefgh'[k]}{row}" for row in range(1, 9) for k in range(9 - row)]),
                ((0, 36),), start=False)
