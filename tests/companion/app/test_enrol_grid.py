"""Batches as even as can be, and the grid found from the cards: turned, seen askew, with things
beside it, or not yet whole."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from companion.app.enrol_grid import Batch, GridFit, fit_grid, place, plan
from vision.find.detect import order_corners

CARD = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float64)


Cells = list[tuple[int, int]]


def grid(rows: int, cols: int, *, turn: float = 0.0, gap: float = 10.0,
         skip: tuple[tuple[int, int], ...] = (), tilt: float = 0.0) -> tuple[np.ndarray, Cells]:
    """Card outlines of a grid (ordered as the finder gives them), turned ``turn`` degrees and seen
    with a keystone ``tilt``; their cells."""
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in skip]
    quads = np.stack([CARD + np.array([(63 + gap) * c + 200, (88 + gap) * r + 150]) for r, c in cells])
    a = math.radians(turn)
    rotation = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    quads = (quads - 300) @ rotation.T + 300
    if tilt:
        src = np.array([[0, 0], [800, 0], [800, 600], [0, 600]], np.float32)
        dst = np.array([[tilt, 0], [800 - tilt, 0], [800, 600], [0, 600]], np.float32)
        matrix = cv2.getPerspectiveTransform(src, dst)
        seen = cv2.perspectiveTransform(quads.reshape(-1, 1, 2).astype(np.float32), matrix)
        quads = np.asarray(seen, np.float64).reshape(-1, 4, 2)
    return np.stack([order_corners(q) for q in quads]), cells


@pytest.mark.parametrize(("count", "sizes"), [(90, [11] * 6 + [12] * 2), (12, [12]), (13, [6, 7]), (1, [1])])
def test_batches_are_as_even_as_can_be(count: int, sizes: list[int]) -> None:
    batches = plan([str(k) for k in range(count)], size=12, cols=4)
    assert [len(b.cards) for b in batches] == sizes
    assert [b.number for b in batches] == list(range(1, len(sizes) + 1))
    assert sum((b.cards for b in batches), ()) == tuple(str(k) for k in range(count))


def test_a_batch_knows_its_cells() -> None:
    batch = Batch(3, ("a", "b", "c", "d", "e"), cols=4, kind="again")
    assert batch.shape == (2, 4) and batch.cell("e") == (1, 0)
    assert batch.card_at((0, 3)) == "d" and batch.card_at((1, 1)) is None and batch.card_at((0, 4)) is None
    assert Batch(1, ("a", "b"), cols=4).shape == (1, 2)


@pytest.mark.parametrize(("turn", "tilt"), [(0.0, 0.0), (14.0, 0.0), (-12.0, 60.0), (180.0, 40.0)])
def test_each_card_is_placed_in_its_cell_however_the_camera_sees_the_grid(turn: float, tilt: float) -> None:
    quads, cells = grid(3, 4, turn=turn, tilt=tilt)
    fit = fit_grid(quads, (3, 4))
    assert fit is not None
    placed = place(quads, fit, (3, 4))
    if turn == 180.0:
        # Seen from the other side of the table, the grid's first card is the last laid: row 1 is
        # the top of the picture, whichever side the camera looks from.
        cells = [(2 - r, 3 - c) for r, c in cells]
    assert placed == cells


def test_the_corner_cards_are_enough_and_a_part_of_the_grid_is_not() -> None:
    corners, _ = grid(3, 4, skip=tuple((r, c) for r in range(3) for c in range(4)
                                       if (r, c) not in ((0, 0), (0, 3), (2, 0))))
    fit = fit_grid(corners, (3, 4))
    assert fit is not None
    assert np.allclose(fit.point((2, 3)), np.array([200 + 3 * 73 + 31.5, 150 + 2 * 98 + 44]))
    top_row, _ = grid(1, 4)
    assert fit_grid(top_row, (3, 4)) is None  # where do the next rows go? not known yet
    assert fit_grid(top_row, (3, 4), previous=fit) is fit  # the camera has not moved


def test_things_beside_the_grid_are_left_out() -> None:
    quads, cells = grid(2, 3)
    pile = quads[2] + [73 * 1.5, 0]  # the deck's pile beside the first row
    coin = quads[0][:, :] * 0.2 + quads[0].mean(axis=0) * 0.8 + [0, 250]  # small: no card
    found = np.concatenate([quads, pile[None], coin[None]])
    fit = fit_grid(found, (2, 3))
    assert fit is not None
    assert place(found, fit, (2, 3)) == [*cells, None, None]


def test_two_outlines_in_one_cell_place_the_nearest_and_a_new_grid_must_place_more() -> None:
    quads, cells = grid(2, 2)
    fit = fit_grid(quads, (2, 2))
    assert fit is not None
    nudged = quads[0] + [8, 6]
    assert place(np.concatenate([nudged[None], quads]), fit, (2, 2)) == [None, *cells]
    # A grid fitted elsewhere by chance places fewer cards than the one standing: not taken.
    elsewhere = GridFit((0.0, 0.0), (73.0, 0.0), (0.0, 98.0))
    assert fit_grid(quads[:1], (1, 1), previous=elsewhere) is not elsewhere
    assert fit_grid(quads[:3], (2, 2), previous=fit) is fit


def test_a_grid_whose_rows_and_columns_disagree_is_no_grid() -> None:
    # Rows a card apart but columns two cards apart: the gaps differ, these are no grid's cards.
    quads, _ = grid(2, 2)
    stretched = quads.copy()
    stretched[[1, 3]] += [63 + 10, 0]
    assert fit_grid(stretched, (2, 2)) is None
