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
