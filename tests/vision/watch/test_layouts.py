"""Layouts: the cell names of RULINGS.md on a lattice of card pitches."""

from __future__ import annotations

import pytest

from companion.engine.spec import specs
from companion.games.ascension.pyramid import SLOTS, SUMMIT
from companion.games.tranquility.rules import CELLS
from vision.watch.layouts import CARD_H, CARD_W, layout


def test_tranquility_cells_and_frame() -> None:
    grid = layout("tranquility")
    assert grid.cells == (*CELLS, "start", "finish")
    assert len(grid.static) == 24 and grid.static_name == "border" and grid.static_shape == "card"
    # a1 bottom left, f1 bottom right, a6 top left: rows go up (smaller y), columns right.
    a1, f1, a6 = (grid.centre(c, 2.0) for c in ("a1", "f1", "a6"))
    assert a1 == (0.0, 0.0) and f1 == (5 * (CARD_W + 2), 0.0) and a6 == (0.0, -5 * (CARD_H + 2))
    # The corners sit diagonally outside the grid: start below-left of a1, finish above-right of f6.
    assert grid.centre("start", 0.0) == (-CARD_W, CARD_H)
    assert grid.centre("finish", 0.0) == (6 * CARD_W, -6 * CARD_H)
    # The frame never overlaps a cell.
    cells = {grid.lattice[c] for c in grid.cells}
    assert not cells & set(grid.static)


def test_ascension_pyramid() -> None:
    pyramid = layout("ascension")
    assert pyramid.cells == (*SLOTS, SUMMIT) and len(pyramid.cells) == 45
    assert pyramid.static_shape == "triangle" and len(pyramid.static) == 10
    pw, ph = pyramid.pitch(1.0)
    # Slot k of row r rests on slots k and k+1 of the row below: half a pitch to the right, a row up.
    b2, b1, c1 = (pyramid.centre(c, 1.0) for c in ("b2", "b1", "c1"))
    assert b2[0] == pytest.approx((b1[0] + c1[0]) / 2) and b2[1] == pytest.approx(b1[1] - ph)
    # Row 1 rests on the Panoramas, a1 between the first two.
    panoramas = pyramid.static_points(1.0)
    assert pyramid.centre("a1", 1.0)[0] == pytest.approx(panoramas[:2, 0].mean())
    assert pyramid.centre(SUMMIT, 1.0) == pytest.approx((4 * pw, -9 * ph))


@pytest.mark.parametrize("game", [spec.name for spec in specs() if spec.vision.watched])
def test_every_cell_is_found_at_its_own_centre_and_nowhere_between(game: str) -> None:
    lay = layout(game)
    for gap in (0.0, 2.5):
        for cell in lay.cells:
            x, y = lay.centre(cell, gap)
            assert lay.cell_at(x, y, gap) == cell
            assert lay.cell_at(x + CARD_W / 2 - 1, y - CARD_H / 2 + 1, gap) == cell
    x, y = lay.static_points(2.0)[0]
    assert lay.cell_at(float(x), float(y), 2.0) is None


def test_card_rect_turns_and_moves() -> None:
    grid = layout("tranquility")
    rect = grid.card_rect("b1", 0.0, offset=(1.0, -2.0))
    assert rect[0].tolist() == [CARD_W + 1 - CARD_W / 2, -2 - CARD_H / 2]
    turned = grid.card_rect("b1", 0.0, angle=90.0)
    assert turned[:, 0].max() - turned[:, 0].min() == pytest.approx(CARD_H)


def test_corners_of_the_play_area() -> None:
    grid = layout("tranquility")
    corners = grid.corner_points(2.0)
    x0, y0 = grid.centre("a1", 2.0)
    assert corners[0].tolist() == [x0 - CARD_W / 2, y0 + CARD_H / 2]  # bottom left of a1
    x6, y6 = grid.centre("f6", 2.0)
    assert corners[2].tolist() == [x6 + CARD_W / 2, y6 - CARD_H / 2]  # top right of f6
    assert layout("ascension").corner_points(0.0).shape == (4, 2)


def test_neighbours_and_bounds() -> None:
    grid = layout("tranquility")
    assert set(grid.neighbours("a1")) == {"b1", "a2", "b2", "start"}
    assert "c1" not in grid.neighbours("a1")
    x0, y0, x1, y1 = grid.bounds(0.0)
    assert (x1 - x0, y1 - y0) == (8 * CARD_W, 8 * CARD_H)  # the frame around the 6 x 6 grid


def test_unknown_game() -> None:
    with pytest.raises(KeyError):
        layout("crew")
