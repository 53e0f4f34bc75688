"""The table's geometry: set by four corners, found from the cards on the table, followed after a knock."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.tranquility.rules import CELLS
from models.render.video import FilmSet, Laid, Shot
from vision.find.detect import order_corners
from vision.find.finders import for_closer_look, make_finder
from vision.read.classify import OnnxClassifier
from vision.watch.cells import grey_small
from vision.watch.layouts import card_corners, layout
from vision.watch.table import (
    TableGeometry,
    _alike,
    _Card,
    _panorama_row,
    _pointing_up,
    find_panorama_row,
    find_table,
    from_corners,
    refine,
    register,
)

CLASSIFIER = OnnxClassifier("tranquility")


def truth_error(geometry: TableGeometry, film: FilmSet, bump: np.ndarray | None = None) -> float:
    """The largest distance in pixels between where the geometry and the film put some cells."""
    cells = ("a1", "f6", "c3", "start", "finish")
    return max(float(np.linalg.norm(geometry.to_image([geometry.layout.centre(c, geometry.gap)])[0]
                                    - film.to_image(*film.layout.centre(c, film.gap), bump)))
               for c in cells)


def test_four_corners_set_by_hand() -> None:
    corners = [[100.0, 600.0], [500.0, 600.0], [500.0, 100.0], [100.0, 100.0]]
    geometry = from_corners("tranquility", corners)
    back = geometry.to_image(geometry.layout.corner_points(geometry.gap))
    assert np.allclose(back, corners)
    # a1 is in the bottom-left corner, f6 in the top-right one; row 1 at the bottom.
    a1 = geometry.to_image([geometry.layout.centre("a1", geometry.gap)])[0]
    f6 = geometry.to_image([geometry.layout.centre("f6", geometry.gap)])[0]
    assert a1[0] < f6[0] and a1[1] > f6[1]
    assert np.allclose(geometry.to_plane(geometry.to_image([[10.0, -20.0]])), [[10.0, -20.0]])
    quad = geometry.card_quad("c3")
    assert quad.shape == (4, 2) and quad[0, 1] < quad[3, 1]  # the crop's top is up in the image
    assert geometry.inside((640, 720), "c3") and not geometry.inside((200, 200), "f6")
    assert geometry.px_per_mm() == pytest.approx(400 / (6 * 63 + 5 * 2), rel=0.01)


@pytest.mark.parametrize("corners", [[[0, 0], [1, 1], [2, 2]], [[0, 0], [100, 0], [0, 100], [100, 100]],
                                     [[0, 0], [0, 0], [0, 0], [0, 0]], [[0, 0], [1, 0], [1, np.nan], [0, 1]]])
def test_bad_corners_are_refused(corners: list[list[float]]) -> None:
    with pytest.raises(ValueError, match="corners"):
        from_corners("tranquility", corners)


def test_a_moved_camera_moves_the_geometry() -> None:
    geometry = from_corners("tranquility", [[100, 600], [500, 600], [500, 100], [100, 100]])
    shift = np.array([[1, 0, 12.0], [0, 1, -5.0], [0, 0, 1]])
    moved = geometry.moved(shift)
    a = geometry.to_image([[0.0, 0.0]])[0]
    assert moved.to_image([[0.0, 0.0]])[0].tolist() == pytest.approx([a[0] + 12, a[1] - 5])


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


def test_a_knocked_camera_is_followed() -> None:
    film = FilmSet("tranquility", 2)
    cards = [Laid(str(k + 1), cell, 0.0, 0.0, 0.0) for k, cell in enumerate(CELLS[:10])]
    before = film.frame(Shot(cards, 0.0))
    bump = film.knock(np.random.default_rng(5))
    after = film.frame(Shot(cards, 0.1, bump=bump))
    move = register(grey_small(before, 2), grey_small(after, 2))
    assert move is not None
    scale = np.diag([2.0, 2.0, 1.0])
    geometry = find_table(before, "tranquility", CLASSIFIER)
    assert geometry is not None
    followed = geometry.moved(scale @ move @ np.linalg.inv(scale))
    assert truth_error(followed, film, bump) < 4.0
    # Two unrelated pictures do not register.
    noise = np.random.default_rng(1).integers(0, 255, (360, 640), dtype=np.uint8)
    blurred = np.asarray(cv2.GaussianBlur(grey_small(after, 2), (0, 0), 8), np.uint8)
    assert register(noise, blurred) is None


# 7,000,014: pale triangles on pale marble, of which the finder sees three or four; the others are
# found along their row by their likeness to those. 7,000,004: eight seen, a loose quad about the
# last read as a Panorama too; the two unseen, one at an end, found by their likeness.
@pytest.mark.parametrize("seed", [7_000_000, 7_000_002, 7_000_004, 7_000_014])
def test_the_panoramas_place_the_bare_pyramid_along_their_row(seed: int) -> None:
    film = FilmSet("ascension", seed)
    frame = film.frame(Shot((), 0.0))
    finder = make_finder("both")
    row = find_panorama_row(frame, "ascension", OnnxClassifier("ascension"), for_closer_look(finder),
                            quads=finder(frame))
    assert row is not None and len(row.centres) >= 8
    truth = TableGeometry(film.layout, film.camera, film.gap)
    # The Panoramas seen lie on their own places of the row (but one, maybe: a loose quad looking
    # closer, read as a Panorama, can sit a quarter of a card off), and the rough table (an affine
    # fit, blind to how the row recedes) puts each within a third of a card of where it is: the
    # first cards laid are put on the right cells.
    pw, _ = film.layout.pitch(film.gap)
    plane = truth.to_plane(row.centres)
    static = film.layout.static_points(film.gap)
    off = np.linalg.norm(plane[:, None] - static[None], axis=2).min(axis=1)
    assert (off < 0.25 * pw).sum() >= len(off) - 1 and off.max() < 0.5 * pw
    placed = row.geometry.to_plane(row.centres)
    assert np.abs(placed[:, 0] - plane[:, 0]).max() < 0.35 * pw


def test_a_stray_triangle_beyond_the_row_is_left_out() -> None:
    lay = layout("ascension")
    truth = TableGeometry(lay, np.array([[0.55, 0.0, 120.0], [0.0, 0.55, 600.0], [0.0, 0.0, 1.0]]), 2.0)
    cards = [_Card(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
             for x, y in lay.static_points(2.0)]
    # A stray a pitch beyond the row's end, off its line.
    stray = truth.to_image(card_corners(10 * 65.0 - 32.5, 30.0)).astype(np.float32)
    seen = [*cards, _Card(order_corners(stray), "panorama", True)]
    rough = _panorama_row(np.zeros((720, 1280, 3), np.uint8), seen, lay, None, 2.0)
    assert rough is not None
    centres = [lay.centre(c, 2.0) for c in ("a1", "i1")]
    assert np.abs(rough.to_image(centres) - truth.to_image(centres)).max() < 3.0


def test_a_panorama_outlined_a_quarter_turned_is_left_out() -> None:
    lay = layout("ascension")
    # A camera far off, looking down the table aslant (an affine view, as the rough fit assumes).
    truth = TableGeometry(lay, np.array([[0.55, -0.1, 300.0], [0.0, 0.5, 620.0], [0.0, 0.0, 1.0]]), 2.0)
    cards = [_Card(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
             for x, y in lay.static_points(2.0)]
    # The second Panorama outlined by a loose quad lying across it, read as a Panorama all the same
    # (game 7,000,006): its "up" runs along the row.
    centre = cards[1].quad.mean(axis=0)
    turned = (cards[1].quad - centre) @ np.array([[0.0, 1.0], [-1.0, 0.0]], np.float32) + centre
    seen = [cards[0], _Card(order_corners(turned), "panorama", True), *cards[2:]]
    kept = _pointing_up(seen)
    assert [card.quad.tolist() for card in kept] == [card.quad.tolist() for card in [cards[0], *cards[2:]]]
    # The rough table from those kept puts the pyramid's top where it lies; the turned quad
    # leans every card's height: the row is placed badly, or not at all.
    top = [lay.centre("i1", 2.0), lay.centre("a1", 2.0), lay.centre(lay.cells[-1], 2.0)]
    rough = _panorama_row(np.zeros((720, 1280, 3), np.uint8), kept, lay, None, 2.0)
    assert rough is not None
    kept_error = np.abs(rough.to_image(top) - truth.to_image(top)).max()
    assert kept_error < 2.0
    leant = _panorama_row(np.zeros((720, 1280, 3), np.uint8), seen, lay, None, 2.0)
    assert leant is None or np.abs(leant.to_image(top) - truth.to_image(top)).max() > 10.0
    # Too few to say which way most point: all are kept.
    assert _pointing_up(seen[:2]) == seen[:2]


def _true_panoramas(film: FilmSet) -> list[_Card]:
    truth = TableGeometry(film.layout, film.camera, film.gap)
    return [_Card(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
            for x, y in film.layout.static_points(film.gap)]


def test_three_panoramas_find_the_rest_of_their_row_by_their_likeness() -> None:
    film = FilmSet("ascension", 7_000_000)
    frame = film.frame(Shot((), 0.0))
    cards = _true_panoramas(film)
    seen = [cards[k] for k in (2, 3, 7)]
    found = _alike(frame, seen, film.layout)
    assert len(found) == 7
    pw, _ = film.layout.pitch(film.gap)
    px = float(np.linalg.norm(cards[1].quad.mean(axis=0) - cards[0].quad.mean(axis=0))) / pw
    others = np.array([cards[k].quad.mean(axis=0) for k in (0, 1, 4, 5, 6, 8, 9)])
    centres = np.array([card.quad.mean(axis=0) for card in found])
    # Each one found lies on one of the unseen Panoramas, within 5 mm.
    assert np.linalg.norm(centres[:, None] - others[None], axis=2).min(axis=0).max() < 5.0 * px


def test_a_row_is_not_made_up_where_the_table_is_bare() -> None:
    film = FilmSet("ascension", 7_000_000)
    frame = film.frame(Shot((), 0.0))
    cards = _true_panoramas(film)
    seen = [cards[k] for k in (2, 3, 7)]
    # Every other Panorama painted over with the table's colour.
    bare = frame.copy()
    table = np.median(frame.reshape(-1, 3), axis=0)
    for k, card in enumerate(cards):
        if k not in (2, 3, 7):
            cv2.fillPoly(bare, [np.round(card.quad).astype(np.int32)], table.tolist())
    assert _alike(bare, seen, film.layout) == []
    # Too few seen to tell a row.
    assert _alike(frame, seen[:2], film.layout) == []
