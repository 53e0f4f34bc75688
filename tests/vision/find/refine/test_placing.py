"""Which refined quads are cards: each card once, none printed on a card, squat quads giving way."""

from __future__ import annotations

import numpy as np

from tests.vision.find.refine.fakes import CARD
from vision.find.params import (
    PRINTED,
    SEEN_CLOSE,
)
from vision.find.refine import (
    gives_way,
    printed,
    seen_close,
    settle,
)


def test_settle_keeps_each_likely_card_once() -> None:
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    right = np.array([200, 0], np.float32)
    quads = np.stack([card + 1, card, card + right, card + 2 * right])
    kept = settle(quads, np.array([0.9, 0.95, 0.7, 0.2], np.float32))
    assert len(kept) == 2
    assert np.allclose(kept[0], card) and np.allclose(kept[1], card + right)
    assert settle(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32)).shape == (0, 4, 2)


def test_settle_holds_quads_found_farther_to_the_cards_size_without_dropping_them() -> None:
    pair = np.array([[0, 0], [130, 0], [130, 88], [0, 88]], np.float32)  # two cards' worth
    likely = np.array([0.9, 0.99], np.float32)
    # Found farther, two cards' worth loses to the card found at the frame's scale, though surer...
    kept = settle(np.stack([CARD, pair]), likely, found=1, farther=1, support=[0.6, 0.6])
    assert kept.tolist() == [CARD.tolist()]
    # ... which it beats when found at the frame's scale.
    assert settle(np.stack([CARD, pair]), likely, support=[0.6, 0.6]).tolist() == [pair.tolist()]
    # Far from the cards' size, a quad found farther stays where it overlaps none (found closer, it goes).
    far = CARD * 4 + 300
    assert len(settle(np.stack([CARD, far]), likely, found=1, farther=1)) == 2
    assert len(settle(np.stack([CARD, far]), likely, found=1)) == 1


def test_settle_lets_cards_run_together_at_the_frames_scale_give_way_to_the_cards_found_closer() -> None:
    gap = np.array([70, 0], np.float32)
    table = [CARD + np.array([0, 300], np.float32) + i * 2 * gap for i in range(4)]  # the median card
    fanned = [CARD + gap, CARD + 2 * gap]  # two cards side by side...
    blob = np.array([[60, 0], [215, 0], [215, 88], [60, 88]], np.float32)  # ... outlined as one
    quads = np.stack([*table, blob, *fanned])  # the last two found looking closer
    likely = np.array([0.99] * 5 + [0.95, 0.95], np.float32)
    kept = settle(quads, likely, found=5, support=[0.6] * 7)
    assert len(kept) == 6 and blob.tolist() not in kept.tolist()
    # Under RUN_TOGETHER times the median card, the frame's quad is not held to its size, and wins.
    pair = np.array([[60, 0], [150, 0], [150, 88], [60, 88]], np.float32)  # 1.43 cards' worth
    kept = settle(np.stack([*table, pair, *fanned]), likely, found=5, support=[0.6] * 7)
    assert pair.tolist() in kept.tolist()
    # A card seen close is as large as it is: it stays.
    assert blob.tolist() in settle(quads, likely, found=5, support=[0.6] * 7, large=80).tolist()


def test_printed_quads_lie_off_edges_inside_a_large_card_lying_on_them() -> None:
    big = CARD * 4
    pip, other = CARD / 2 + 40, CARD / 2 + 120
    beside = CARD / 2 + 400  # outside the large card
    quads = np.stack([big, pip, other, beside])
    sure = np.full(4, 0.99, np.float32)
    assert printed(quads, sure, [0.8, 0.4, 0.95, 0.4], large=100).tolist() == [False, True, False, False]
    # The large quad lies on too few edges (two cards run together): nothing is printed on it.
    assert not printed(quads, sure, [SEEN_CLOSE - 0.01, 0.4, 0.95, 0.4], large=100).any()
    # Not large enough to be a card seen close, or not likely a card: nothing is printed on it.
    assert not printed(quads, sure, [0.8, 0.4, 0.95, 0.4], large=400).any()
    unlikely = np.array([0.3, 0.99, 0.99, 0.99], np.float32)
    assert not printed(quads, unlikely, [0.8, 0.4, 0.95, 0.4], large=100).any()
    # A quad at least PRINTED of the card's size is no print: a card lying on it.
    half = CARD * 4 * np.sqrt(PRINTED + 0.01)
    assert not printed(np.stack([big, half]), sure[:2], [0.8, 0.4], large=100).any()
    assert printed(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32), [], large=100).shape == (0,)


def test_a_card_seen_close_stays_beside_a_picture_framed_on_it() -> None:
    big = CARD * 4
    picture = CARD * 1.1 + 60  # inside the card, lying on edges better than it
    sure = np.array([0.99, 0.99], np.float32)
    # Taken for one card, the picture wins: it lies on edges better.
    assert settle(np.stack([big, picture]), sure, support=[0.6, 1.0]).tolist() == [picture.tolist()]
    # A card seen close and what lies inside it, a fifth of its size or less, are two.
    assert len(settle(np.stack([big, picture]), sure, support=[0.6, 1.0], large=100)) == 2
    # Larger than a fifth, or the card not seen close (too short, off edges), still one card.
    half = CARD * 4 * np.sqrt(PRINTED + 0.05)
    assert len(settle(np.stack([big, half]), sure, support=[0.6, 1.0], large=100)) == 1
    assert len(settle(np.stack([big, picture]), sure, support=[0.6, 1.0], large=400)) == 1
    assert len(settle(np.stack([big, picture]), sure, support=[SEEN_CLOSE - 0.01, 1.0], large=100)) == 1
    assert seen_close(np.stack([big, picture]), sure, [0.6, 1.0], large=100).tolist() == [True, False]


def test_only_squat_quads_the_cards_found_cover_give_way() -> None:
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    astride = np.array([[30, 0], [115, 0], [115, 88], [30, 88]], np.float32)
    beside = (card + np.array([70, 0], np.float32))[None]
    # Astride the card kept and the one found beside it: it gives way; a triangle does not.
    kept = np.stack([card, astride, astride])
    way, off = gives_way(kept, np.array([False, False, True]), beside)
    assert way.tolist() == [False, True, False] and off.tolist() == [False]
    assert gives_way(kept, np.zeros(3, np.bool_), beside[:0])[0].tolist() == [False, False, False]
    # A tile the card found lies half over (a third of the tile) holds its place; the card gives way.
    tile = np.array([[100, 0], [200, 0], [200, 100], [100, 100]], np.float32)
    way, off = gives_way(np.stack([card, tile]), np.zeros(2, np.bool_), beside)
    assert way.tolist() == [False, False] and off.tolist() == [True]
