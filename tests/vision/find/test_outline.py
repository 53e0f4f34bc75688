"""Edge support: a card's true outline lies on edges, a loose or misplaced quad does not."""

from __future__ import annotations

import tracemalloc

import cv2
import numpy as np
import pytest

from models.render import render_scene
from vision.evaluation.scenes import EVAL_SEED_BASE, MIN_VISIBLE
from vision.find.detect import order_corners
from vision.find.outline import EdgeSupports, edge_support, gradients, segments_support, side_support
from vision.find.params import EDGE_REACH, MIN_STEP, SAMPLES


def card_at(cx: float, cy: float, width: float, angle: float = 0) -> np.ndarray:
    return order_corners(cv2.boxPoints(((cx, cy), (width, width * 88 / 63), angle)))


def table_with(cards: list[np.ndarray]) -> np.ndarray:
    frame = np.full((400, 600, 3), (40, 90, 60), np.uint8)
    for card in cards:
        cv2.fillConvexPoly(frame, np.round(card).astype(np.int32), (235, 235, 235), cv2.LINE_AA)
    return frame


def test_a_card_outline_is_supported_and_a_shifted_one_is_not() -> None:
    card = card_at(300, 200, 120, angle=20)
    grads = gradients(table_with([card]))
    assert edge_support(grads, card[None])[0] == 1.0
    assert edge_support(grads, (card + np.array([25, 0], np.float32))[None])[0] < 0.5
    assert edge_support(grads, card_at(300, 200, 160, angle=20)[None])[0] < 0.2  # too large


def test_a_quad_over_plain_table_has_no_support() -> None:
    grads = gradients(table_with([]))
    assert edge_support(grads, card_at(300, 200, 100)[None])[0] == 0.0


def test_cards_edge_to_edge_each_keep_their_sides() -> None:
    cards = [card_at(200 + 101 * k, 200, 100) for k in range(2)]
    frame = table_with(cards)
    cv2.line(frame, (250, 100), (250, 300), (120, 120, 120), 1)  # the thin seam where they touch
    grads = gradients(frame)
    assert (edge_support(grads, np.stack(cards)) == 1.0).all()


def test_a_triangle_supports_the_quad_it_spans_but_a_card_needs_its_own_sides() -> None:
    card = card_at(300, 200, 120)
    apex = (card[0] + card[1]) / 2
    frame = np.full((400, 600, 3), 60, np.uint8)
    cv2.fillConvexPoly(frame, np.round(np.stack([apex, card[2], card[3]])).astype(np.int32), (230, 230, 230))
    grads = gradients(frame)
    assert edge_support(grads, card[None])[0] > 0.9  # the Panorama's triangle, apex up
    assert side_support(grads, card)[[0, 1]].max() < 0.5  # its quad's top and right side: no edge


def test_true_card_quads_of_rendered_scenes_are_mostly_supported() -> None:
    supported = total = 0
    for game in ("tranquility", "crew"):
        scene = render_scene(game, EVAL_SEED_BASE + 11, held_out=True)
        grads = gradients(scene.image)
        quads = np.stack([c.quad for c in scene.cards if c.visible >= MIN_VISIBLE])
        support = edge_support(grads, quads)
        supported += int((support >= 0.5).sum())
        total += len(quads)
        # A third of a card off along both of its sides: the outline runs through faces and gaps.
        off = (quads[:, 1:2] - quads[:, 0:1] + quads[:, 3:4] - quads[:, 0:1]) / 3
        assert np.median(edge_support(grads, (quads + off).astype(np.float32))) < 0.5 <= np.median(support)
    assert supported >= 0.9 * total


def test_segments_support_counts_the_points_with_a_step_across_them() -> None:
    # Reference: each sample point of each segment looked at one by one.
    rng = np.random.default_rng(5)
    frame = table_with([card_at(rng.uniform(100, 500), rng.uniform(100, 300), rng.uniform(60, 160),
                                rng.uniform(0, 90)) for _ in range(4)])
    grads = gradients(frame)
    starts, ends = rng.uniform(-50, 650, (60, 2)), rng.uniform(-50, 650, (60, 2))
    ends[0] = starts[0] + 0.5  # shorter than a pixel: no support
    h, w = grads.x.shape
    expected = []
    for start, end in zip(starts, ends, strict=True):
        length = float(np.linalg.norm(end - start))
        along = (end - start) / max(length, 1e-9)
        across = np.array([-along[1], along[0]])
        hits = 0
        for t in np.linspace(0.1, 0.9, SAMPLES):
            for offset in range(-EDGE_REACH, EDGE_REACH + 1):
                x, y = np.rint(start + t * (end - start) + offset * across).astype(int)
                g = np.array([grads.x[min(max(y, 0), h - 1), min(max(x, 0), w - 1)],
                              grads.y[min(max(y, 0), h - 1), min(max(x, 0), w - 1)]], np.float64)
                step, slide = abs(g @ across), abs(g @ along)
                if step >= MIN_STEP and step > 1.5 * slide:
                    hits += 1
                    break
        expected.append(hits / SAMPLES if length >= 1 else 0.0)
    assert max(expected) > 0  # some segments cross card edges
    assert segments_support(grads, starts, ends) == pytest.approx(expected, abs=1e-12)


def test_many_segments_are_measured_a_chunk_at_a_time() -> None:
    rng = np.random.default_rng(6)
    frame = table_with([card_at(rng.uniform(100, 500), rng.uniform(100, 300), 120, rng.uniform(0, 90))
                        for _ in range(4)])
    grads = gradients(frame)
    # As many as the table's fit asks about at once: every border card moved 169 ways.
    starts, ends = rng.uniform(0, 600, (20_000, 2)), rng.uniform(0, 400, (20_000, 2))
    tracemalloc.start()
    try:
        support = segments_support(grads, starts, ends)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # All at once, their points took 196 MB; a chunk of them takes a few.
    assert peak < 40_000_000
    parts = np.concatenate([segments_support(grads, starts[i:i + 1000], ends[i:i + 1000])
                            for i in range(0, len(starts), 1000)])
    assert np.array_equal(support, parts) and support.max() > 0


def test_edge_supports_measure_each_quad_once_and_as_edge_support_does() -> None:
    scene = render_scene("ascension", EVAL_SEED_BASE + 2, held_out=True)
    grads = gradients(scene.image)
    rng = np.random.default_rng(4)
    cards = np.stack([c.quad for c in scene.cards]).astype(np.float32)
    loose = (cards + rng.normal(0, 3, cards.shape)).astype(np.float32)
    supports = EdgeSupports(grads)
    first = supports(np.concatenate([cards, loose]))
    # The cards kept after a step: some asked before, in another order, and some new ones.
    again = np.concatenate([loose[::-1], cards[:5], cards[:5] + np.float32(2)])
    assert first.tobytes() == edge_support(grads, np.concatenate([cards, loose])).tobytes()
    assert supports(again).tobytes() == edge_support(grads, again).tobytes()
    assert supports.measured == 2 * len(cards) + 5
    assert supports(np.zeros((0, 4, 2), np.float32)).shape == (0,)
