"""The finder network's looks closer and farther, and the quads they sharpen."""

from __future__ import annotations

import numpy as np
import pytest

from models.render import render_scene
from tests.vision.find.refine.fakes import CARD, StubNetwork
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.detect import quad_iou
from vision.find.params import (
    CLOSE_LENGTH,
    FARTHER,
    LARGE,
    LEAST_MAGNIFICATION,
    MAGNIFICATION,
)
from vision.find.refine import (
    CornerRefiner,
    RefinedFinder,
    closer_magnification,
    closer_region,
    look_closer,
    look_farther,
    sharpened,
)
from vision.find.segment import CardFinder, Outlines, letterbox_scale


def test_a_card_the_closer_look_outlined_too_takes_its_finer_quad() -> None:
    card = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)
    pair = np.array([[300, 100], [426, 100], [426, 188], [300, 188]], np.float32)  # two cards as one
    panorama = card + np.float32(500)
    found = np.stack([card, pair, panorama])
    finer = Outlines(np.stack([card + np.float32(2), pair, panorama + np.float32(1), card + np.float32(300)]),
                     np.array([False, True, True, False]))
    # A quad the closer look saw as a triangle is no finer outline of a card it did not (the
    # pair), and one it saw as a card none of a triangle.
    quads, sharp = sharpened(found, np.array([False, False, True]), finer)
    assert sharp.tolist() == [True, False, True]
    assert np.array_equal(quads[0], card + 2) and np.array_equal(quads[1], pair)
    assert np.array_equal(quads[2], panorama + 1)
    # Cards the closer look parted are no finer outline of the pair.
    halves = Outlines(np.stack([card + np.array([dx, 0], np.float32) for dx in (200, 263)]),
                      np.zeros(2, np.bool_))
    assert not sharpened(pair[None], np.zeros(1, np.bool_), halves)[1].any()
    assert sharpened(found, np.zeros(3, np.bool_), Outlines.of(np.zeros((0, 4, 2), np.float32)))[1].sum() == 0


def test_looking_closer_covers_the_cards_found_and_finds_panoramas_missed_at_the_frames_scale(
        refiner: CornerRefiner) -> None:
    # A whole pyramid, its pale Panoramas small: the network sees 2 of 10 at the frame's scale.
    scene = render_scene("ascension", EVAL_SEED_BASE + 35, held_out=True)
    network = CardFinder()
    found = network.find(scene.image)
    region = closer_region(scene.image.shape, found)
    assert region is not None
    x, y, w, h = region
    assert (found.reshape(-1, 2).min(axis=0) >= [x, y]).all()
    assert (found.reshape(-1, 2).max(axis=0) <= [x + w, y + h]).all()
    panoramas = [card for card in scene.cards if card.name == "panorama"]

    def seen(quads: np.ndarray) -> int:
        return sum(max((quad_iou(card.quad, q) for q in quads), default=0.0) >= 0.5 for card in panoramas)

    closer = look_closer(network, scene.image, found)
    assert seen(closer.quads) > seen(found)
    assert closer.triangular.sum() >= seen(closer.quads) - 1  # the network sees they are triangles
    both = RefinedFinder(network.find, refiner, network).find(scene.image)
    # The closer look's own finds: without it, the places of a row of Panoramas and beside the
    # cards found (off here) reach them too.
    alone = RefinedFinder(network.find, refiner, network, rows=False, beside=False).find(scene.image)
    unseen = RefinedFinder(network.find, refiner, rows=False, beside=False).find(scene.image)
    assert seen(both) >= 9 and seen(alone) > seen(unseen)
    # Given the network's outlines, the refined cards that are triangles say so: the Panoramas.
    shaped = RefinedFinder(network.find_outlines, refiner, network).outlines(scene.image)
    assert np.array_equal(shaped.quads, both)
    panorama = np.array([max(quad_iou(card.quad, q) for card in panoramas) >= 0.5 for q in shaped.quads])
    assert not (shaped.triangular & ~panorama).any()
    assert (shaped.triangular & panorama).sum() > panorama.sum() / 2


def test_no_closer_look_without_cards_or_at_large_cards() -> None:
    assert closer_region((720, 1280, 3), np.zeros((0, 4, 2), np.float32)) is None
    big = np.array([[[100, 100], [300, 100], [300, 380], [100, 380]]], np.float32)
    assert closer_region((720, 1280, 3), big) is None
    assert look_closer(CardFinder(), np.zeros((720, 1280, 3), np.uint8), big).quads.shape == (0, 4, 2)


def test_the_closer_look_shows_cards_as_long_whatever_their_size_within_its_bounds() -> None:
    def card(length: float) -> np.ndarray:
        return np.array([[[500, 300], [500 + length * 0.72, 300], [500 + length * 0.72, 300 + length],
                          [500, 300 + length]]], np.float32)

    for length in (60.0, 90.0, 112.0, 140.0):
        magnification = closer_magnification(np.concatenate([card(length), card(length) + 150]))
        assert LEAST_MAGNIFICATION <= magnification <= MAGNIFICATION
        if LEAST_MAGNIFICATION < magnification < MAGNIFICATION:
            assert magnification * length == pytest.approx(CLOSE_LENGTH)
    assert closer_magnification(card(60)) == MAGNIFICATION  # small cards: twice, no more
    assert closer_magnification(card(112)) == pytest.approx(1.339, abs=1e-3)  # a 36-card pyramid's

    class Network(CardFinder):
        def __init__(self) -> None:
            super().__init__()
            self.scales: list[float] = []

        def core_map(self, frame: np.ndarray, scale: float | None = None) -> tuple[np.ndarray, float]:
            self.scales.append(float(scale or 0.0))
            return super().core_map(frame, scale)

    network = Network()
    frame = np.zeros((720, 1280, 3), np.uint8)
    look_closer(network, frame, card(112))
    look_closer(network, frame, card(112), magnification=2.0)
    assert network.scales == pytest.approx([1.339 * letterbox_scale(frame.shape), 1.0], abs=1e-3)


def test_looking_farther_only_after_a_large_quad_and_keeping_only_large_ones() -> None:
    frame = np.zeros((720, 1280, 3), np.uint8)
    small = CARD + 500
    large = CARD * (LARGE * 720 / 88 + 0.5) + 100
    network = StubNetwork(np.stack([small, large]))
    assert look_farther(network, frame, small[None]).quads.shape == (0, 4, 2)  # type: ignore[arg-type]
    assert network.scales == []
    far = look_farther(network, frame, np.stack([small, large]))  # type: ignore[arg-type]
    assert far.quads.tolist() == [large.tolist()] * len(FARTHER)  # seen at each scale
    assert not far.triangular.any()
    assert network.scales == [times * 0.5 for times in FARTHER]  # the frame's scale is a half


def test_looking_farther_hands_on_the_cut_cores_it_saw() -> None:
    # A close-up of a card partly under another: the core of the one beneath, cut short, is seen
    # from farther, and vision.find.covered grows it back whole.
    frame = np.zeros((720, 1280, 3), np.uint8)
    small = CARD + 500
    large = CARD * (LARGE * 720 / 88 + 0.5) + 100
    cut = np.array([[300, 100], [340, 100], [340, 400], [300, 400]], np.float32)
    network = StubNetwork(np.stack([small, large]), partial=cut[None])
    assert look_farther(network, frame, small[None]).partial.shape == (0, 4, 2)  # type: ignore[arg-type]
    far = look_farther(network, frame, np.stack([small, large]))  # type: ignore[arg-type]
    assert far.partial.tolist() == [cut.tolist()] * len(FARTHER)
