"""Finding the table from the cards on it, and drawing the fit onto the border cards' edges."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.tranquility.rules import CELLS
from models.render.video import FilmSet, Laid, Shot
from tests.vision.watch.tables import CLASSIFIER, truth_error
from vision.find.detect import order_corners
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import card_corners, layout
from vision.watch.table import find_table, refine


@pytest.mark.parametrize("seed", [0, 2, 6])
def test_the_frame_of_border_cards_is_found(seed: int) -> None:
    film = FilmSet("tranquility", seed)
    image = film.frame(Shot([], 0.0))
    geometry = find_table(image, "tranquility", CLASSIFIER)
    assert geometry is not None
    assert truth_error(geometry, film) < 4.0


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 8])
def test_loose_quads_do_not_carry_the_lattice_a_step_off(seed: int) -> None:
    # Every third border card's quad runs 40 mm over its neighbour, as the network's may where cards
    # touch: the neighbours it sees are a step off, and only links both cards agree on are walked.
    film = FilmSet("tranquility", seed)
    truth = TableGeometry(film.layout, film.camera, film.gap)
    rng = np.random.default_rng(seed)
    quads = []
    for k, (x, y) in enumerate(film.layout.static_points(film.gap)):
        corners = card_corners(x, y)
        if k % 3 == 1:
            corners[[1, 2], 0] += 40.0
        corners += rng.normal(0.0, 2.0, corners.shape)
        quads.append(order_corners(truth.to_image(corners).astype(np.float32)))
    geometry = find_table(np.zeros((720, 1280, 3), np.uint8), "tranquility", quads=np.stack(quads))
    assert geometry is not None and truth_error(geometry, film) < 4.0


def test_the_table_is_found_from_cards_on_it_too() -> None:
    film = FilmSet("tranquility", 8)
    cards = [Laid(str(k + 1), cell, 0.0, 0.0, 0.0) for k, cell in enumerate(CELLS[:20])]
    image = film.frame(Shot(cards, 0.0))
    known = {cell: str(k + 1) for k, cell in enumerate(CELLS[:20])}
    geometry = find_table(image, layout("tranquility"), CLASSIFIER, known=known)
    assert geometry is not None and truth_error(geometry, film) < 4.0


@pytest.mark.parametrize("seed", [0, 5])
def test_a_fit_a_few_pixels_off_is_drawn_onto_the_border_cards_edges(seed: int) -> None:
    film = FilmSet("tranquility", seed)
    image = film.frame(Shot([], 0.0))
    truth = TableGeometry(film.layout, film.camera, film.gap)
    # 3% too large about the frame's centre, and 3 pixels aside: the far cells are ~10 px off.
    grow = np.array([[1.03, 0, -0.03 * 640 + 3], [0, 1.03, -0.03 * 360], [0, 0, 1]], np.float64)
    off = truth.moved(grow)
    assert truth_error(off, film) > 6.0
    assert truth_error(refine(image, off), film) < 2.5  # the border cards lie a little askew
    blank = np.full_like(image, 120)
    assert refine(blank, off) is off  # no edges to go by: the fit stands


def test_nothing_on_the_table_is_no_table() -> None:
    blank = np.full((720, 1280, 3), 120, np.uint8)
    assert find_table(blank, "tranquility", CLASSIFIER) is None
    assert find_table(blank, "tranquility", quads=np.zeros((0, 4, 2), np.float32)) is None
