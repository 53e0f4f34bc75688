"""Cards partly under another: their cut cores grown back to whole cards, and found in a scene."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from models.render import render_scene
from tests.vision.held_out import placed_with_and_without
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.cores import MAP_STRIDE, core_quad
from vision.find.covered import covered_cards, free_cards, whole_cards
from vision.find.detect import order_corners, quad_iou
from vision.find.finders import make_finder
from vision.find.refine import RefinedFinder
from vision.find.refine.placing import _card_shaped
from vision.find.segment import outlines_from_cores


def card_at(cx: float, cy: float, width: float, angle: float) -> np.ndarray:
    """A card quad (ordered) of ``width`` pixels centred on (cx, cy), turned ``angle`` degrees."""
    return order_corners(cv2.boxPoints(((cx, cy), (width, width * 88 / 63), angle)))


def paint(cards: list[np.ndarray], shape: tuple[int, int]) -> np.ndarray:
    """A core map of ``cards`` laid in turn, as the finder is trained to see them: each card
    hides the cores beneath it (see models.training.finder)."""
    cores = np.zeros(shape, np.float32)
    for card in cards:
        for quad, value in ((card, 0.0), (core_quad(card), 1.0)):
            on_map = (quad + 0.5) / MAP_STRIDE - 0.5
            cv2.fillConvexPoly(cores, np.round(on_map * 16).astype(np.int32), value, cv2.LINE_8, 4)
    return cores


@pytest.mark.parametrize("angle", [0.0, 20.0, 90.0])
def test_a_card_two_fifths_under_another_from_the_side_comes_back_whole(angle: float) -> None:
    under = card_at(200, 150, 70, angle)
    # The top card lies over the right two fifths of the lower one, turned a little against it,
    # as in a fanned trick.
    across = (under[1] - under[0]) / np.linalg.norm(under[1] - under[0])
    cx, cy = (under.mean(axis=0) + across * 70 * 0.6).tolist()
    top = card_at(cx, cy, 70, angle + 8)
    aside = card_at(450, 150, 70, 0)
    outlines = outlines_from_cores(paint([under, top, aside], (180, 320)), MAP_STRIDE)
    assert len(outlines.quads) == 2 and max(quad_iou(under, q) for q in outlines.quads) < 0.5
    assert len(outlines.partial) == 1
    grown = covered_cards(outlines.partial, outlines.quads)
    assert len(grown) == 1 and quad_iou(grown[0], under) > 0.85


def test_a_cut_core_with_no_card_over_its_missing_part_gives_no_card() -> None:
    card = card_at(200, 150, 70, 0)
    cut = core_quad(card)
    cut[2:] = cut[1:-1][::-1] + (cut[2:] - cut[1:-1][::-1]) * 0.5  # half its length shows
    alone = card_at(450, 150, 70, 0)
    assert covered_cards(cut[None], alone[None]).shape == (0, 4, 2)  # the table, not a card, beyond
    assert covered_cards(cut[None], np.zeros((0, 4, 2), np.float32)).shape == (0, 4, 2)
    over = card_at(200, 150 + 98 * 0.75, 70, 0)  # a card lying where the rest of it would be
    assert covered_cards(cut[None], np.stack([alone, over])).shape == (1, 4, 2)


def test_a_cut_core_of_no_card_size_gives_no_card() -> None:
    cards = np.stack([card_at(450, 150, 70, 0), card_at(200, 240, 70, 0)])
    square = np.array([[180, 130], [220, 130], [220, 170], [180, 170]], np.float32)  # a tile
    wide = np.array([[100, 130], [300, 130], [300, 170], [100, 170]], np.float32)  # a strip
    assert covered_cards(np.stack([square, wide]), cards).shape == (0, 4, 2)


def test_the_refined_finder_finds_a_card_partly_under_another() -> None:
    # Held-out Rixes scenes 120 and 122 (83% and 77% of the card in sight): no quad of its own
    # but as a card partly under another.
    for scene, card in ((120, "sabres-8"), (122, "sabres-0")):
        grown, as_found = placed_with_and_without("rixes", scene, card, "covered")
        assert grown > 0.85 and as_found < 0.5


@pytest.mark.parametrize("angle", [0.0, 90.0])
def test_a_card_seen_foreshortened_is_taken_whole_from_its_core(angle: float) -> None:
    # Far from a tilted camera, a card's length is foreshortened: it looks nearly square, and so
    # does its core, which is then no card's. The camera leans over the table's near side, or
    # over its left one.
    card = card_at(200, 150, 70, angle)
    squash = [1.0, 0.75] if angle == 0 else [0.75, 1.0]
    far = order_corners(card.mean(axis=0) + (card - card.mean(axis=0)) * squash)
    aside = [card_at(450, 250, 70, 0), card_at(560, 250, 70, 0)]
    outlines = outlines_from_cores(paint([far, *aside], (180, 320)), MAP_STRIDE)
    assert len(outlines.quads) == 2 and len(outlines.partial) == 1
    assert covered_cards(outlines.partial, outlines.quads).shape == (0, 4, 2)  # no card over it
    (whole,) = free_cards(outlines.partial, outlines.quads, (720, 1280, 3))
    assert quad_iou(whole, far) > 0.85


def test_a_core_under_a_card_found_or_cut_by_the_frame_is_not_taken_whole() -> None:
    cards = np.stack([card_at(450, 250, 70, 0), card_at(560, 250, 70, 0)])
    squat = core_quad(np.array([[420, 220], [480, 220], [480, 282], [420, 282]], np.float32))
    assert free_cards(squat[None], cards, (720, 1280, 3)).shape == (0, 4, 2)  # a piece of a card found
    edge = core_quad(np.array([[0, 100], [63, 100], [63, 162], [0, 162]], np.float32))
    assert free_cards(edge[None], cards, (720, 1280, 3)).shape == (0, 4, 2)
    tiny = core_quad(np.array([[100, 100], [130, 100], [130, 130], [100, 130]], np.float32))
    assert free_cards(tiny[None], cards, (720, 1280, 3)).shape == (0, 4, 2)  # no card's size
    inside = edge + np.array([200, 0], np.float32)
    assert free_cards(inside[None], cards, (720, 1280, 3)).shape == (1, 4, 2)


def test_the_refined_finder_finds_a_card_foreshortened_at_the_far_side_of_the_view() -> None:
    # Held-out Rixes scene 178: the Poing 4 at the top of a tilted view looks 1.10 long over wide.
    whole, as_found = placed_with_and_without("rixes", 178, "fist-4", "free")
    assert whole > 0.9 and as_found < 0.5


def test_a_card_stretched_at_the_near_side_of_the_view_is_taken_whole_at_its_size() -> None:
    # Near a tilted camera a card looks larger and longer than the cards further off: its core,
    # 2.2 long over wide, is no card's to the finder network. Taken whole, it is 1.7 times the
    # cards' median area; up to twice is a card's size.
    cards = np.stack([card_at(450, 250, 60, 0), card_at(540, 250, 60, 0), card_at(630, 250, 60, 0)])
    card = card_at(200, 400, 60, 0)
    near = order_corners(card.mean(axis=0) + (card - card.mean(axis=0)) * [1.05, 1.65])
    (whole,) = free_cards(core_quad(near)[None], cards, (720, 1280, 3))
    assert quad_iou(whole, near) > 0.95
    # 1.3 times as long and wide again, three times the cards' area: no card's size.
    larger = order_corners(card.mean(axis=0) + (near - card.mean(axis=0)) * 1.3)
    assert free_cards(core_quad(larger)[None], cards, (720, 1280, 3)).shape == (0, 4, 2)


def test_a_core_taken_whole_larger_than_most_cards_must_have_a_card_s_size_on_the_table() -> None:
    # Seen square on, the table is the frame: a card 1.3 times as long and wide as the others is
    # 1.7 times a card there, no card; one 1.1 times as large is held to its shape alone.
    cards = np.stack([card_at(450, 250, 60, 0), card_at(540, 250, 60, 0), card_at(630, 250, 60, 0)])
    assert _card_shaped(card_at(200, 250, 66, 0), cards)
    assert not _card_shaped(card_at(200, 250, 78, 0), cards)


def test_of_two_cores_taken_whole_over_one_card_the_one_of_the_cards_size_is_asked() -> None:
    cards = np.stack([card_at(450, 250, 60, 0), card_at(540, 250, 60, 0), card_at(630, 250, 60, 0)])
    card = card_at(200, 400, 60, 0)
    squat = order_corners(card.mean(axis=0) + (card - card.mean(axis=0)) * [1.0, 0.8])
    # A second core, over the card and the table beside it, 1.35 times as large.
    wide = order_corners(card.mean(axis=0) + [8, 0] + (card - card.mean(axis=0)) * [1.35, 1.0])
    for cores in ([squat, wide], [wide, squat]):
        (whole,) = free_cards(np.stack([core_quad(c) for c in cores]), cards, (720, 1280, 3))
        assert quad_iou(whole, squat) > 0.95


def test_the_refined_finder_finds_a_card_stretched_at_the_near_side_of_the_view() -> None:
    # Held-out Rixes scene 391 of ``eval-vision --seed 1``: the Pistolets 8 near the camera, 1.76
    # long over wide and 1.7 times the other cards' area in the frame, a card's size on the table.
    whole, as_found = placed_with_and_without("rixes", 10_000 + 391, "pistols-8", "free")
    assert whole > 0.95 and as_found < 0.5
    # Held-out scene 207 of the same set: two cores taken whole over the Sabres 7, 1.26 and 1.71
    # times the cards' size; asked about the larger, the refiner placed no card, and it was lost.
    # (Looking beside the cards found finds it too: that step is left off here.)
    whole, as_found = placed_with_and_without("rixes", 10_000 + 207, "sabres-7", "free", ("beside",))
    assert whole > 0.9 and as_found < 0.5


def test_the_tiles_of_a_checked_cloth_are_not_taken_for_cards_foreshortened() -> None:
    # Held-out Crew scene 53, on square tiles: the network sees faint cores on some, of no card's
    # shape, and the refiner places a card on them; seen square on, they are squarer than any card.
    scene = render_scene("crew", EVAL_SEED_BASE + 53, held_out=True)
    find = make_finder("both", "shipped")
    assert isinstance(find, RefinedFinder)

    def on_no_card() -> int:
        return sum(max(quad_iou(c.quad, q) for c in scene.cards) < 0.5 for q in find(scene.image))

    with_rule = on_no_card()
    find.free = False
    assert with_rule == on_no_card()


@pytest.mark.parametrize("angle", [0.0, 30.0, 90.0])
def test_the_part_of_a_card_that_shows_grows_whole_under_the_card_over_it(angle: float) -> None:
    under = card_at(200, 150, 70, angle)
    # The top card lies over the lower half of the card beneath: what shows is about square.
    down = (under[3] - under[0]) / np.linalg.norm(under[3] - under[0])
    cx, cy = (under.mean(axis=0) + down * 98 * 0.55).tolist()
    top = card_at(cx, cy, 70, angle)
    shows = order_corners(np.stack([under[0], under[1], under[1] + down * 49, under[0] + down * 49]))
    aside = card_at(450, 150, 70, 0)
    ((whole, *others),) = whole_cards(shows[None], np.stack([top, aside]))
    assert quad_iou(whole, under) > 0.97
    assert all(quad_iou(other, under) < 0.8 for other in others)
    # Nothing found over its missing part: no card is grown (a card cut by the frame's edge),
    # unless asked for every way it may grow.
    assert whole_cards(shows[None], aside[None]) == [[]]
    anyway = whole_cards(shows[None], aside[None], under=0.0)[0]
    assert len(anyway) >= 2 and max(quad_iou(card, under) for card in anyway) > 0.97
    assert whole_cards(shows[None], np.zeros((0, 4, 2), np.float32)) == [[]]
    # A part lying under a card found is a piece of that card, not a card of its own.
    piece = order_corners(top * 0.5 + top.mean(axis=0) * 0.5)
    assert whole_cards(piece[None], np.stack([top, aside]), under=0.0) == [[]]
