"""Looking at the table cell by cell, without searching the whole frame.

Once the table's geometry is known, every cell's card area is sampled
straight from the frame: :class:`CellSampler` reads a small grey *tile* of
each cell (and of each static card) with one ``cv2.remap`` on a half-size
grey frame, cheap enough for every frame, to tell which cells moved and which
changed; :func:`cell_view` warps one cell's surroundings to a top view at full
resolution, for the few cells that need a closer look.

>>> tiles = np.array([[[100.0, 100.0], [100.0, 100.0]]]); before = tiles * 1.2
>>> [round(v, 1) for v in change(tiles, before).tolist()]  # the same, only darker: 20 levels apart
[0.6]
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.watch.geometry import TableGeometry
from vision.watch.layouts import CARD_H, CARD_W
from vision.watch.params import (
    INSET,
    MARGIN,
    SCALE,
    TILE,
)
from vision.watch.silhouette import view_size

Image = npt.NDArray[np.uint8]
Tiles = npt.NDArray[np.float32]


def grey_small(frame: Image, down: int) -> npt.NDArray[np.uint8]:
    """The frame in grey, ``down`` times smaller (pixel areas averaged: less noise)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if down == 1:
        return np.asarray(grey, np.uint8)
    h, w = grey.shape
    size = (max(1, w // down), max(1, h // down))  # a frame a few pixels wide still has one
    return np.asarray(cv2.resize(grey, size, interpolation=cv2.INTER_AREA), np.uint8)


class CellSampler:
    """The tiles of a table's cells and static cards, read from a small grey frame."""

    def __init__(self, geometry: TableGeometry, down: int = 2) -> None:
        self.geometry = geometry
        self.down = down
        lay = geometry.layout
        #: Tile names: the cells, then ``static:K`` for each static card and ``mark:K`` for each mark.
        self.names: tuple[str, ...] = (*lay.cells, *(f"static:{k}" for k in range(len(lay.static))),
                                       *(f"mark:{k}" for k in range(len(lay.marks))))
        centres = [lay.centre(name, geometry.gap) for name in lay.cells]
        centres += [tuple(p) for p in lay.static_points(geometry.gap).tolist()]
        centres += [tuple(p) for p in lay.mark_points(geometry.gap).tolist()]
        tw, th = TILE
        xs = np.linspace(-CARD_W / 2 + INSET, CARD_W / 2 - INSET, tw)
        ys = np.linspace(-CARD_H / 2 + INSET, CARD_H / 2 - INSET, th)
        grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
        turns = [np.radians(lay.turns.get(name, 0.0)) for name in lay.cells]
        turns += [0.0] * (len(lay.static) + len(lay.marks))
        points = np.vstack([grid @ np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]]) + centre
                            for centre, a in zip(centres, turns, strict=True)])
        image = geometry.to_image(points) / down - (down - 1) / (2 * down)
        n = len(self.names)
        self._map_x = image[:, 0].reshape(n * th, tw).astype(np.float32)
        self._map_y = image[:, 1].reshape(n * th, tw).astype(np.float32)

    @property
    def cell_count(self) -> int:
        """How many of the tiles are cells (they come first)."""
        return len(self.geometry.layout.cells)

    def tiles(self, small: npt.NDArray[np.uint8]) -> Tiles:
        """Every tile (N, 16, 12) as float32 grey levels."""
        tw, th = TILE
        out = cv2.remap(small, self._map_x, self._map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        return np.asarray(out, np.float32).reshape(-1, th, tw)


def motion(tiles: Tiles, before: Tiles) -> npt.NDArray[np.float32]:
    """How much each tile moved since the previous frame: mean absolute change of grey level."""
    out: npt.NDArray[np.float32] = np.abs(tiles - before).mean(axis=(1, 2))
    return out


def change(tiles: Tiles, reference: Tiles) -> npt.NDArray[np.float32]:
    """How much each tile differs from its reference once the light is matched (mean grey levels)."""
    gain = (tiles.mean(axis=(1, 2)) + 4.0) / (reference.mean(axis=(1, 2)) + 4.0)
    out: npt.NDArray[np.float32] = np.abs(tiles - reference * gain[:, None, None]).mean(axis=(1, 2))
    return out


def view_matrix(geometry: TableGeometry, cell: str) -> npt.NDArray[np.float64]:
    """The homography from a cell's view pixels to image pixels."""
    cx, cy = geometry.layout.centre(cell, geometry.gap)
    x0, y0 = -CARD_W / 2 - MARGIN, -CARD_H / 2 - MARGIN
    # View pixel (i, j) is centred at the cell's own point (x0 + (i + 0.5) / SCALE, y0 + (j + 0.5) / SCALE),
    # turned with the cell (a trick game's card faces its seat) and moved to the cell's centre.
    to_cell = np.array([[1 / SCALE, 0, x0 + 0.5 / SCALE], [0, 1 / SCALE, y0 + 0.5 / SCALE], [0, 0, 1]])
    a = np.radians(geometry.layout.turns.get(cell, 0.0))
    to_plane = np.array([[np.cos(a), -np.sin(a), cx], [np.sin(a), np.cos(a), cy], [0, 0, 1]])
    out: npt.NDArray[np.float64] = geometry.homography @ to_plane @ to_cell
    return out


def cell_view(frame: Image, matrix: npt.NDArray[np.float64]) -> Image:
    """A cell's top view (see :mod:`vision.watch.silhouette`) cut from a full-size frame."""
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    view = cv2.warpPerspective(frame, matrix, view_size(), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(view, np.uint8)


def with_empty_centre(settled: Image, empty: Image) -> Image:
    """What a cell would look like empty with its surroundings as they are now: the settled view
    with its card area taken from the view of the cell empty."""
    out = settled.copy()
    m = round(MARGIN * SCALE)
    out[m:out.shape[0] - m, m:out.shape[1] - m] = empty[m:out.shape[0] - m, m:out.shape[1] - m]
    return out
