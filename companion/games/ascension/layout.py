"""Where L'Ascension's cards lie for the camera: the pyramid's rows, each offset by half a card,
its summit, and the ten Panoramas under row 1."""

from companion.engine.spec import LayoutData
from companion.games.ascension.pyramid import ROW_COL, SLOTS, SUMMIT

#: Slot k of row r lies at k + (r - 1) / 2 pitches; the summit above the middle of row 8.
LAYOUT = LayoutData(
    cells=(*SLOTS, SUMMIT),
    lattice=(*((name, (k + (r - 1) / 2, float(r))) for name, (r, k) in zip(SLOTS, ROW_COL, strict=True)),
             (SUMMIT, (4.0, 9.0))),
    static=tuple((k - 0.5, 0.0) for k in range(10)),
    static_shape="triangle",
    static_name="panorama",
    corners=(("a1", 3), ("i1", 2), (SUMMIT, 1), (SUMMIT, 0)),
    u_step=0.5,
    rests_on=True,
)
