"""Rows of cards: the places a row of triangles leaves empty and the Panoramas found there; the
places beside a card, and the cards found there."""

from __future__ import annotations

import warnings

import numpy as np

from models.render import render_scene
from tests.vision.held_out import placed_with_and_without
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.detect import quad_iou
from vision.find.finders import make_finder
from vision.find.refine import RefinedFinder
from vision.find.rows import astride, beside, row_places

CARD = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)


def at(x: float, y: float = 0.0, size: float = 1.0) -> np.ndarray:
    """A card ``size`` times :data:`CARD`'s, its top-left corner at (x, y)."""
    return CARD * size + np.array([x, y], np.float32)


def test_a_row_needs_three_cards_two_of_them_side_by_side() -> None:
    assert len(row_places(np.stack([at(0), at(62)]))[0]) == 0
    assert len(row_places(np.stack([at(130 * k) for k in range(3)]))[0]) == 0  # none side by side
    # A card off the line of the others is no part of their row.
    places, _ = row_places(np.stack([at(0), at(62), at(124, 200)]))
    assert len(places) == 0


def test_the_places_follow_the_row_in_perspective() -> None:
    # Nearer the camera, the cards are larger and further apart: the gap takes the blend of its
    # neighbours, each end the step of the two cards at that end.
    row = [at(65 * k + 2 * k * k, size=1 + k / 20) for k in (0, 1, 2, 4)]
    places, after = row_places(np.stack(row), reach=2)
    truth = at(65 * 3 + 2 * 9, size=1 + 3 / 20)
    assert quad_iou(places[0], truth) > 0.9
    assert after.tolist() == [-1, -1, 1, -1, 3]
    assert places[1][0, 0] < 0 < places[3][0, 0] - row[-1][0, 0]


def found(game: str, index: int, name: str, rows: bool) -> tuple[int, int]:
    """How many cards named ``name`` of held-out scene ``index`` the shipped refined finder finds
    (IoU 0.5), with its rows rule on or off (the places beside the cards found off), and how many
    quads it gives."""
    scene = render_scene(game, EVAL_SEED_BASE + index, held_out=True)
    find = make_finder("both", "shipped")
    assert isinstance(find, RefinedFinder)
    find.rows = rows
    find.beside = False  # it finds some Panoramas too, under the cards of the pyramid's first row
    quads = find(scene.image)
    cards = [card for card in scene.cards if card.name == name]
    return sum(max(quad_iou(card.quad, q) for q in quads) >= 0.5 for card in cards), len(quads)


def test_the_panoramas_a_row_leaves_out_are_found() -> None:
    # Held-out L'Ascension scene 48: pale Panoramas on pale marble, the four at the right end of
    # the row found by no finder.
    (seen, _), (every, _) = (found("ascension", 48, "panorama", rows) for rows in (False, True))
    assert every >= seen + 3


def test_a_table_s_pattern_beyond_the_row_is_not_taken_for_panoramas() -> None:
    # Held-out L'Ascension scene 20, on a checked cloth: its ten Panoramas are all found, and the
    # refiner takes the squares beyond either end of their row for cards; they look unlike them.
    assert found("ascension", 20, "panorama", True) == found("ascension", 20, "panorama", False)


def test_quads_of_no_size_make_no_row() -> None:
    # Degenerate quads (a refiner gone wrong) give no places, and no division by zero.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(row_places(np.zeros((5, 4, 2), np.float32))[0]) == 0


def test_the_places_beside_a_card_lie_along_its_width() -> None:
    # A card turned a quarter round (its corners ordered from its own top-left) has its width
    # down the frame: the places beside it lie above and below it, not left and right.
    turned = np.array([[90, 0], [90, 60], [0, 60], [0, 0]], np.float32)
    places = beside(np.stack([at(0), turned]), step=1.1)
    assert places.shape == (2, 2, 4, 2)
    assert quad_iou(places[0, 0], at(66)) > 0.99 and quad_iou(places[0, 1], at(-66)) > 0.99
    assert np.allclose(places[1, 0] - turned, [0, 66]) and np.allclose(places[1, 1] - turned, [0, -66])


def test_a_white_card_in_glare_beside_a_row_is_found() -> None:
    # Held-out Rixes scene 332: a Sabres 6 and 7, white, in glare at the end of a row of two
    # cards before a seat; no finder outlines them, and the refiner places one beside the 8.
    on, off = placed_with_and_without("rixes", 332, "sabres-6", "beside")
    assert on >= 0.5 > off


def test_a_card_no_finder_outlines_is_found_beside_another() -> None:
    # Held-out Rixes scenes 143 and 212: a Sabres card no finder outlines, found where the
    # refiner looks beside the cards found.
    for scene, card in ((143, "sabres-4"), (212, "sabres-0")):
        on, off = placed_with_and_without("rixes", scene, card, "beside")
        assert on >= 0.5 > off


def test_the_places_on_and_under_a_card_lie_half_a_card_aside() -> None:
    # Right and down, right and up, left and down, left and up, in the card's own frame.
    places = astride(at(0)[None], aside=0.5, row=1.0)[0]
    expected = [at(30, 90), at(30, -90), at(-30, 90), at(-30, -90)]
    assert all(quad_iou(p, q) > 0.99 for p, q in zip(places, expected, strict=True))


def test_the_summit_on_a_pyramid_is_found_above_the_cards_under_it() -> None:
    # Held-out L'Ascension scene 99: the Summit on the two cards of the pyramid's top row, outlined
    # by no finder; the refiner places it half a card aside above either of them.
    on, off = placed_with_and_without("ascension", 99, "summit", "beside")
    assert on >= 0.5 > off
