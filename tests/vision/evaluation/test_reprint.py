"""Tests of ``vision.evaluation.reprint``: enrolling a deck in a print nobody rendered."""

from __future__ import annotations

import numpy as np

from models.render import render_scene
from vision.evaluation.reprint import REPRINT_HUE, REPRINT_SEED_BASE, reprint_profile
from vision.find.detect import FloatArray, Image
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier

GAME = "tranquility"


def _true_quads(frame: Image) -> FloatArray:
    for k in range(3):
        scene = render_scene(GAME, REPRINT_SEED_BASE + k, held_out=True, hue=REPRINT_HUE)
        if np.array_equal(scene.image, frame):
            return np.stack([card.quad for card in scene.cards]).astype(np.float32)
    raise AssertionError("not an enrolment scene")


def test_the_reprint_turns_the_colours_and_nothing_else() -> None:
    plain = render_scene(GAME, REPRINT_SEED_BASE, held_out=True)
    reprint = render_scene(GAME, REPRINT_SEED_BASE, held_out=True, hue=REPRINT_HUE)
    assert [c.name for c in plain.cards] == [c.name for c in reprint.cards]
    assert all(np.allclose(a.quad, b.quad) for a, b in zip(plain.cards, reprint.cards, strict=True))
    assert not np.array_equal(plain.image, reprint.image)


def test_a_profile_takes_at_most_the_shots_asked_of_each_card_one_scene_each() -> None:
    classifier = OnnxClassifier(GAME)
    profile, scenes = reprint_profile(GAME, classifier, _true_quads, shots=1, most_scenes=2)
    laid = [name for name, turned in zip(profile.names, profile.turned.tolist(), strict=True) if not turned]
    assert scenes == 2 and len(laid) == len(set(laid)) > 10
    assert set(laid) <= set(class_names(GAME))
    assert profile.model == classifier.fingerprint and profile.about["hue"] == REPRINT_HUE
