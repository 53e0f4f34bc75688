"""Placing L'Ascension's table by its first cards: cards found between calm frames, fits on anchors."""

from __future__ import annotations

import cv2
import numpy as np

from vision.watch.anchors import Anchors, card_frame, new_cards
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import layout

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


def test_three_cards_far_apart_or_six_are_enough_with_two_above_the_lowest_row() -> None:
    anchors = Anchors(LAYOUT, 2.0)
    anchors.cards = {cell: np.zeros(2) for cell in ("a1", "b1", "a2", "d1")}
    assert not anchors.ready()  # one card above the first row: the rows above are a guess
    anchors.cards["b2"] = np.zeros(2)
    assert anchors.ready()
    anchors.cards = {cell: np.zeros(2) for cell in ("a1", "b1", "c1", "a2", "b2")}
    assert not anchors.ready()
    anchors.cards["a3"] = np.zeros(2)
    assert anchors.ready()
    anchors.cards = {cell: np.zeros(2) for cell in ("a1", "b1", "c1", "d1", "e1", "f1", "a2")}
    assert not anchors.ready()  # a whole row, but one card above it


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


def outlines(tile: np.ndarray) -> np.ndarray:
    """A finder for these tables: the outline of every region off the table's grey."""
    off = (np.abs(tile.astype(np.int16) - 120).max(axis=2) > 12).astype(np.uint8)
    off = cv2.morphologyEx(off, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(off, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    quads = [cv2.boxPoints(cv2.minAreaRect(c)) for c in contours if cv2.contourArea(c) > 50]
    return np.array(quads, np.float32).reshape(-1, 4, 2)


def test_a_pale_card_that_differs_in_part_is_outlined_by_the_finder() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    before = table()
    after = before.copy()
    # A card a little paler than the table, a dark picture over its left half: the difference
    # between the frames is that half alone, no card's shape.
    corners = lay(after, truth, "d1", (140, 140, 140))
    half = corners.copy()
    half[1], half[2] = (corners[0] + corners[1]) / 2, (corners[3] + corners[2]) / 2
    cv2.fillPoly(after, [np.round(half).astype(np.int32)], (40, 50, 60))
    alone = new_cards(before, after, truth)
    assert not alone.laid and not alone.clean
    between = new_cards(before, after, truth, find=outlines)
    assert list(between.laid) == ["d1"] and between.clean
    assert np.abs(np.sort(between.laid["d1"], axis=0) - np.sort(corners, axis=0)).max() < 2.5


def test_a_card_the_finder_outlines_under_a_resting_hand_waits() -> None:
    truth = TableGeometry(LAYOUT, CAMERA, 2.0)
    before = table()
    after = before.copy()
    lay(after, truth, "d1", (40, 50, 60))
    centre = truth.to_image([LAYOUT.centre("d1", 2.0)])[0]
    # The hand lies over the card's top and far beyond: the card outlined explains only part of it.
    cv2.ellipse(after, (int(centre[0]) + 30, int(centre[1]) - 40), (70, 22), 30, 0, 360, (60, 90, 200), -1)
    between = new_cards(before, after, truth, find=outlines)
    assert not between.laid and not between.clean
    # A hand alone, without a card's shape, is never a card either.
    hand = before.copy()
    cv2.ellipse(hand, (int(centre[0]), int(centre[1])), (70, 25), 30, 0, 360, (150, 170, 210), -1)
    between = new_cards(before, hand, truth, find=outlines)
    assert not between.laid and not between.clean
