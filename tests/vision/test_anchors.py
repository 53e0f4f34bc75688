"""Placing L'Ascension's table by its first cards: cards found between calm frames, fits on anchors."""

from __future__ import annotations

import cv2
import numpy as np

from vision.anchors import Anchors, card_frame, new_cards
from vision.layouts import layout
from vision.table import TableGeometry

LAYOUT = layout("ascension")
#: A camera looking straight down at 0.6 px/mm, a little turned and receding (perspective).
CAMERA = np.array([[0.6, 0.04, 130.0], [-0.03, 0.58, 560.0], [0.0, 0.00012, 1.0]])


def table() -> np.ndarray:
    """A bare 1280 x 720 table with some grain, so that differences are real ones."""
    rng = np.random.default_rng(5)
    return np.clip(rng.normal(120, 4, (720, 1280, 3)), 0, 255).astype(np.uint8)


def lay(image: np.ndarray, geometry: TableGeometry, cell: str, colour: tuple[int, int, int],
        offset: tuple[float, float] = (0.0, 0.0), angle: float = 0.0) -> np.ndarray:
    """``image`` with a plain card drawn where ``geometry`` puts ``cell`` (moved, turned); its corners."""
    quad = geometry.to_image(LAYOUT.card_rect(cell, geometry.gap, offset, angle))
    cv2.fillPoly(image, [np.round(quad).astype(np.int32)], colour, cv2.LINE_AA)
    return quad


def test_a_card_laid_between_two_calm_frames_is_found_where_it_lies() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    # The rough table (from the Panoramas) puts the cells 15 mm off up the image.
    rough = TableGeometry(LAYOUT, CAMERA @ np.array([[1, 0, 0], [0, 1, 15.0], [0, 0, 1]]), 2.0)
    before = table()
    after = before.copy()
    corners = lay(after, truth, "c1", (220, 200, 60), offset=(2.0, -1.0), angle=3.0)
    between = new_cards(before, after, rough)
    assert list(between.laid) == ["c1"] and between.clean and not between.gone
    found = between.laid["c1"]
    order = [int(np.argmin(np.linalg.norm(corners - p, axis=1))) for p in found]
    assert sorted(order) == [0, 1, 2, 3]
    assert np.abs(found - corners[order]).max() < 2.0


def test_a_hand_resting_is_no_card_and_leaves_the_calm_frame_unexplained() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    before = table()
    after = before.copy()
    centre = truth.to_image([LAYOUT.centre("e1", 2.0)])[0]
    cv2.ellipse(after, (int(centre[0]), int(centre[1])), (70, 25), 30, 0, 360, (150, 170, 210), -1)
    between = new_cards(before, after, truth)
    assert not between.laid and not between.clean


def test_a_card_taken_away_shows_the_bare_table_again() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    bare = table()
    with_card = bare.copy()
    quad = lay(with_card, truth, "b1", (40, 60, 200))
    between = new_cards(with_card, bare.copy(), truth, bare, present={"b1": quad})
    assert between.gone == {"b1"} and not between.laid


def test_anchors_fit_the_table_from_the_panoramas_and_the_cards() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    centres = truth.to_image(LAYOUT.static_points(2.0))
    # A stray centre far from any Panorama is no anchor.
    anchors = Anchors.of_static(truth, np.vstack([centres, [[5.0, 5.0]]]))
    assert len(anchors.static_image) == len(LAYOUT.static)
    assert not anchors.ready() and anchors.fit() is None  # no card yet

    def centre(cell: str, offset: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
        x, y = LAYOUT.centre(cell, 2.0)
        at: np.ndarray = truth.to_image([[x + offset[0], y + offset[1]]])[0]
        return at

    anchors.cards = {"a1": centre("a1"), "b1": centre("b1")}
    assert not anchors.ready()  # two cards side by side say little of the rows above
    anchors.cards.update({"e1": centre("e1"), "b2": centre("b2"), "d2": centre("d2")})
    assert anchors.ready()
    # One card laid far off its cell is left out of the fit.
    anchors.cards["c1"] = centre("c1", (0.0, -40.0))
    fitted = anchors.fit()
    assert fitted is not None
    summit = [LAYOUT.centre("a9", 2.0)]
    assert np.linalg.norm(fitted.to_image(summit) - truth.to_image(summit)) < 1.0
    shift = np.array([[1.0, 0, 12.0], [0, 1.0, -7.0], [0, 0, 1]])
    anchors.moved(shift)
    moved = anchors.fit()
    assert moved is not None
    assert np.allclose(moved.to_image(summit), truth.to_image(summit) + np.array([12.0, -7.0]), atol=1.0)


def test_three_cards_far_apart_or_six_side_by_side_are_enough() -> None:
    anchors = Anchors(LAYOUT, 2.0)
    anchors.cards = {cell: np.zeros(2) for cell in ("a1", "b1", "a2", "d1")}
    assert anchors.ready()
    anchors.cards = {cell: np.zeros(2) for cell in ("a1", "b1", "c1", "a2", "b2")}
    assert not anchors.ready()
    anchors.cards["a3"] = np.zeros(2)
    assert anchors.ready()


def test_the_table_about_a_card_found_shrunk_puts_its_neighbours_where_they_are() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    # The rough table stretches the rows up the image by a third; the card's outline was found
    # shrunk by 2 pixels all round (a pale border).
    rough = TableGeometry(LAYOUT, CAMERA @ np.diag([1.0, 1.33, 1.0]), 2.0)
    quad = truth.to_image(LAYOUT.card_rect("b1", 2.0))
    shrunk = quad + 2.0 * np.sign(quad.mean(axis=0) - quad)
    frame = card_frame(shrunk, rough, "b1")
    for cell in ("a1", "c1", "b2"):
        where = [LAYOUT.centre(cell, 2.0)]
        assert np.linalg.norm(frame.to_image(where) - truth.to_image(where)) < 3.0, cell


def test_a_card_on_a_table_stretched_up_is_put_on_its_cell_by_the_card_beside_it() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    rough = TableGeometry(LAYOUT, CAMERA @ np.diag([1.0, 1.5, 1.0]), 2.0)
    bare = table()
    first = bare.copy()
    quad = lay(first, truth, "a1", (220, 200, 60))
    frames = {"a1": card_frame(quad, rough, "a1")}
    second = first.copy()
    lay(second, truth, "a2", (40, 60, 200))
    assert list(new_cards(first, second, rough).laid) != ["a2"]  # the rough table alone: a row off
    assert list(new_cards(first, second, rough, frames=frames).laid) == ["a2"]
