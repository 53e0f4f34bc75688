"""Where Tranquillité's cards lie for the camera: the 6 x 6 grid, its start and finish corners,
and the frame of border cards around it."""

from companion.engine.spec import LayoutData, Place
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
