"""Tests of ``vision.evaluation.scenes``: what ``companion eval-vision`` counts on held-out scenes."""

from __future__ import annotations

import numpy as np

from models.render import render_scene
from vision.evaluation.scenes import EVAL_SEED_BASE, evaluate_scenes
from vision.find.detect import FloatArray, Image
from vision.read.catalogue import class_names
from vision.read.classify import FakeClassifier


def _truth_and_a_phantom(frame: Image) -> FloatArray:
    """The first held-out Rixes scene's true quads, and its first card's quad moved aside by 0.6
    of its width: a detection on no card (IoU under a half with every card)."""
    scene = render_scene("rixes", EVAL_SEED_BASE, held_out=True)
    assert np.array_equal(frame, scene.image)
    quads = np.stack([card.quad for card in scene.cards]).astype(np.float32)
    first = quads[0]
    phantom = first + 0.6 * (first[1] - first[0])
    return np.concatenate([quads, phantom[None]])


def test_a_false_detection_named_is_counted_apart_from_one_left_unsure() -> None:
    # A name each (a Rixes table shows one of each card): none is left unsure for being read twice.
    names = class_names("rixes")
    sure = FakeClassifier("rixes", [(n, 0.99, False) for n in names], threshold=0.5)
    doubtful = FakeClassifier("rixes", [(n, 0.2, False) for n in names], threshold=0.5)
    named = evaluate_scenes("rixes", sure, 1, find=_truth_and_a_phantom)
    unsure = evaluate_scenes("rixes", doubtful, 1, find=_truth_and_a_phantom)
    for tally in (named, unsure):
        assert tally.false_detections == 1 and tally.detections > 1
    assert named.false_named == 1 and unsure.false_named == 0
    figures = named.summary()
    assert figures["false_named_rate"] == 1 / named.detections
    assert figures["detection_precision"] == 1 - figures["false_named_rate"]
    assert unsure.summary()["false_named_rate"] == 0


def test_perturbed_a_finder_that_hinges_on_the_last_bit_changes_cards() -> None:
    scene = render_scene("rixes", EVAL_SEED_BASE, held_out=True)
    quads = np.stack([card.quad for card in scene.cards]).astype(np.float32)

    def steady(frame: Image) -> FloatArray:
        return quads

    # Every card of a frame whose first pixel is even, and none else: one grey level of noise
    # changes that pixel, so every card is found by one reading only.
    def fickle(frame: Image) -> FloatArray:
        return quads if int(frame[0, 0, 0]) % 2 == 0 else quads[:0]

    assert fickle(scene.image).size and not fickle(scene.image + np.uint8(1)).size
    # The same name for each quad in both readings: the classifier answers in turn.
    answers = [(n, 0.99, False) for n in class_names("rixes")[:len(quads)]]
    sure = FakeClassifier("rixes", answers * 2, threshold=0.5)
    tally = evaluate_scenes("rixes", sure, 1, find=steady, perturb=True)
    figures = tally.summary()
    assert figures["perturb_cards"] == tally.truths > 0
    unchanged = {key for key, value in figures.items() if key.startswith("perturb_") and value == 0}
    assert {"perturb_cards_changed", "perturb_names_changed", "perturb_quads_changed"} <= unchanged
    sure = FakeClassifier("rixes", answers * 2, threshold=0.5)
    fickle_tally = evaluate_scenes("rixes", sure, 1, find=fickle, perturb=True)
    assert fickle_tally.summary()["perturb_cards_changed"] == fickle_tally.truths
    assert "perturb_cards" not in evaluate_scenes("rixes", sure, 1, find=steady).summary()
