"""L'Ascension's row of Panoramas placing the bare pyramid."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from models.render.video import FilmSet, Shot
from vision.find.detect import order_corners
from vision.find.finders import for_closer_look, make_finder
from vision.read.classify import OnnxClassifier
from vision.watch.geometry import FoundCard, TableGeometry
from vision.watch.layouts import card_corners, layout
from vision.watch.panoramas import _alike, _panorama_row, _pointing_up, find_panorama_row


def _true_panoramas(film: FilmSet) -> list[FoundCard]:
    truth = TableGeometry(film.layout, film.camera, film.gap)
    return [FoundCard(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
            for x, y in film.layout.static_points(film.gap)]


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
    cards = [FoundCard(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
             for x, y in lay.static_points(2.0)]
    # A stray a pitch beyond the row's end, off its line.
    stray = truth.to_image(card_corners(10 * 65.0 - 32.5, 30.0)).astype(np.float32)
    seen = [*cards, FoundCard(order_corners(stray), "panorama", True)]
    rough = _panorama_row(np.zeros((720, 1280, 3), np.uint8), seen, lay, None, 2.0)
    assert rough is not None
    centres = [lay.centre(c, 2.0) for c in ("a1", "i1")]
    assert np.abs(rough.to_image(centres) - truth.to_image(centres)).max() < 3.0


def test_a_panorama_outlined_a_quarter_turned_is_left_out() -> None:
    lay = layout("ascension")
    # A camera far off, looking down the table aslant (an affine view, as the rough fit assumes).
    truth = TableGeometry(lay, np.array([[0.55, -0.1, 300.0], [0.0, 0.5, 620.0], [0.0, 0.0, 1.0]]), 2.0)
    cards = [FoundCard(order_corners(truth.to_image(card_corners(x, y)).astype(np.float32)), "panorama", True)
             for x, y in lay.static_points(2.0)]
    # The second Panorama outlined by a loose quad lying across it, read as a Panorama all the same
    # (game 7,000,006): its "up" runs along the row.
    centre = cards[1].quad.mean(axis=0)
    turned = (cards[1].quad - centre) @ np.array([[0.0, 1.0], [-1.0, 0.0]], np.float32) + centre
    seen = [cards[0], FoundCard(order_corners(turned), "panorama", True), *cards[2:]]
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
