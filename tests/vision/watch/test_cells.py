"""Cell by cell: tiles for change detection, top views for a closer look."""

from __future__ import annotations

import numpy as np

from models.render.video import FilmSet, Laid, Shot
from vision.watch.cells import (
    CellSampler,
    cell_view,
    change,
    grey_small,
    motion,
    view_matrix,
    with_empty_centre,
)
from vision.watch.geometry import TableGeometry
from vision.watch.params import MARGIN, TILE
from vision.watch.silhouette import locate, view_size


def test_motion_and_change_on_literal_tiles() -> None:
    still = np.full((2, 3, 3), 100.0, np.float32)
    moved = still.copy()
    moved[1] += 30.0
    assert motion(moved, still).tolist() == [0.0, 30.0]
    # A tile only lit differently has not changed; one with something new on it has.
    darker = still * 0.7
    darker[1, 0, 0] = 250.0
    assert change(darker, still)[0] < 2.0 < change(darker, still)[1]


def test_tiles_views_and_silhouettes_on_a_filmed_table() -> None:
    film = FilmSet("tranquility", 5)
    geometry = TableGeometry(film.layout, film.camera, film.gap)
    sampler = CellSampler(geometry, down=2)
    empty = film.frame(Shot([], 0.0))
    laid = film.frame(Shot([Laid("42", "c3", 2.0, -1.0, 1.0)], 0.1))
    small = grey_small(empty, 2)
    assert small.shape == (empty.shape[0] // 2, empty.shape[1] // 2)
    tiles = sampler.tiles(small)
    tw, th = TILE
    assert tiles.shape == (len(sampler.names), th, tw) and sampler.cell_count == 38
    assert sampler.names[-1] == "static:23"
    diff = change(sampler.tiles(grey_small(laid, 2)), tiles)
    changed = [sampler.names[i] for i in np.flatnonzero(diff > 6.0)]
    assert changed == ["c3"]  # only the cell the card was laid on
    matrix = view_matrix(geometry, "c3")
    before, after = cell_view(empty, matrix), cell_view(laid, matrix)
    assert before.shape == (view_size()[1], view_size()[0], 3)
    found = locate(after, before)
    assert found.kind == "card"
    assert abs(found.offset[0] - 2.0) < 1.5 and abs(found.offset[1] + 1.0) < 1.5
    # The empty centre pasted into the settled view: the card area is the table again.
    m = round(MARGIN)
    assert np.array_equal(with_empty_centre(after, before)[m:-m, m:-m], before[m:-m, m:-m])


def test_grey_small_keeps_a_pixel_of_a_frame_narrower_than_its_step() -> None:
    assert grey_small(np.full((1, 9, 3), 50, np.uint8), 2).shape == (1, 4)
