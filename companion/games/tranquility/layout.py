"""Where Tranquillité's cards lie for the camera: the 6 x 6 grid, its start and finish corners,
and the frame of border cards around it; the Grande Arche and the Pyramide of the variant sheet
(T17, T18), as the rulings' decisions shape them.

>>> [layout_for({"variant": v}).cells[-1] for v in ("standard", "arch", "pyramid")]
['finish', 'finish', 'finish']
>>> dict(ARCH_LAYOUT.lattice)["a4"], dict(PYRAMID_LAYOUT.lattice)["a8"], len(ARCH_LAYOUT.static)
((0.0, 3.0), (3.5, 7.0), 25)
"""

from collections.abc import Mapping
from dataclasses import replace

from companion.engine.spec import LayoutData, Place
from companion.games.tranquility.beside import BORDERS
from companion.games.tranquility.board import ARCH, PYRAMID
from companion.games.tranquility.options import modules_on
from companion.games.tranquility.rules import CELLS, FINISH, START


def _lattice() -> tuple[tuple[str, Place], ...]:
    """``a1`` (bottom left) to ``f6`` (top right), the start corner below-left, the finish above-right."""
    grid = [(name, (float(i % 6), float(i // 6))) for i, name in enumerate(CELLS)]
    return (*grid, (START, (-1.0, -1.0)), (FINISH, (6.0, 6.0)))


#: The grid inside its frame of 24 border cards (static), cornered by ``a1``, ``f1``, ``f6``, ``a6``.
LAYOUT = LayoutData(
    cells=(*CELLS, START, FINISH),
    lattice=_lattice(),
    static=tuple([(float(u), float(v)) for u in (-1, 6) for v in range(6)]
                 + [(float(u), float(v)) for v in (-1, 6) for u in range(6)]),
    static_shape="card",
    static_name="border",
    corners=(("a1", 3), ("f1", 2), ("f6", 1), ("a6", 0)),
)


def _column(name: str) -> float:
    return float("abcdefgh".index(name[0]))


#: The Grande Arche (T17): pillars 2 wide and 3 high under a roof 7 wide and 4 high, its 25 border
#: cards around (7 above, 7 on each side, 2 under each pillar), the Finish outside the top right.
ARCH_LAYOUT = LayoutData(
    cells=(*ARCH.cells, FINISH),
    lattice=(*((name, (_column(name), float(row - 1)))
               for name, row in zip(ARCH.cells, ARCH.rows, strict=True)),
             (FINISH, (7.0, 7.0))),
    static=tuple([(float(u), 7.0) for u in range(7)] + [(u, float(v)) for u in (-1.0, 7.0) for v in range(7)]
                 + [(u, -1.0) for u in (0.0, 1.0, 5.0, 6.0)]),
    static_shape="card",
    static_name="border",
    corners=(("a1", 3), ("g1", 2), ("g7", 1), ("a7", 0)),
)

#: The Pyramide (T18): row r of 9 - r slots, each offset by half a card on the row below, the
#: Finish above the summit. Which border cards lie where is not in the texts: none is static.
PYRAMID_LAYOUT = LayoutData(
    cells=(*PYRAMID.cells, FINISH),
    lattice=(*((name, (_column(name) + (row - 1) / 2, float(row - 1)))
               for name, row in zip(PYRAMID.cells, PYRAMID.rows, strict=True)),
             (FINISH, (3.5, 8.0))),
    static=(),
    static_shape="card",
    static_name="border",
    corners=(("a1", 3), ("h1", 2), (FINISH, 1), (FINISH, 0)),
    u_step=0.5,
)


#: The grid with the reef or the storms of *Mers agitées*: each row's left border card is a side
#: place the camera watches for the reef and the purple storms (:mod:`.beside`).
SEAS_LAYOUT = replace(LAYOUT, sides=BORDERS)


def layout_for(options: Mapping[str, object]) -> LayoutData:
    """The layout a game with ``options`` is laid in: the variant's, else the grid (with its rows'
    borders watched when the reef or the storms are played).

    >>> [name for name, _ in layout_for({"storms": True}).sides][:2], layout_for({}).sides
    (['reef1', 'reef2'], ())
    """
    variant = {"arch": ARCH_LAYOUT, "pyramid": PYRAMID_LAYOUT}.get(str(options.get("variant")))
    if variant is not None:
        return variant
    return SEAS_LAYOUT if {"reef", "storms"} & set(modules_on(options)) else LAYOUT
