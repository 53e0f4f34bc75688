"""Training crops: cut through the camera's code, along the true corners or the finder's quads,
with the right class and orientation; and the threshold chosen on validation readings."""

from __future__ import annotations

import numpy as np
import pytest

from models.render import Scene, render_scene
from models.training.dataset import make_crops, scene_crops
from vision.find.detect import CROP_SIZE, order_corners, rectify
from vision.read.catalogue import class_names


def clean_scene() -> Scene:
    return render_scene("tranquility", 4, layout="grid-full", effects=False)


def test_crops_carry_the_class_and_whether_they_show_the_card_turned() -> None:
    scene = clean_scene()
    names = class_names("tranquility")
    shown = [c for c in scene.cards if c.visible >= 0.75]
    crops = scene_crops(scene, names, np.random.default_rng(0), jitter=0.0)
    assert len(crops) == len(shown) and crops.crops.shape[1:] == (CROP_SIZE[1], CROP_SIZE[0], 3)
    assert [names[i] for i in crops.labels] == [c.name for c in shown]
    # A card lying upside down shows its printed bottom-right where the camera sees the top-left.
    assert crops.flipped.tolist() == [c.upside_down for c in shown]
    assert 0 < crops.flipped.sum() < len(crops)


def test_cards_the_finder_outlined_are_cut_along_its_quads() -> None:
    scene = clean_scene()
    names = class_names("tranquility")
    shown = [c for c in scene.cards if c.visible >= 0.75]
    # A finder that outlines every other card 3 pixels too wide, and sees the rest nowhere.
    found = np.stack([c.quad + np.sign(c.quad - c.quad.mean(axis=0)) * 3 for c in shown[::2]])
    found = found.astype(np.float32)
    only = scene_crops(scene, names, np.random.default_rng(0), found=found, share=1.0)
    assert [names[i] for i in only.labels] == [c.name for c in shown[::2]]
    assert only.flipped.tolist() == [c.upside_down for c in shown[::2]]
    for crop, quad in zip(only.crops, found, strict=True):
        assert np.array_equal(crop, rectify(scene.image, order_corners(quad), CROP_SIZE))
    # Half the outlined cards are cut along the finder's quad; the others, and the cards it
    # missed, along their true corners.
    mixed = scene_crops(scene, names, np.random.default_rng(0), jitter=0.0, found=found, share=0.5)
    assert len(mixed) == len(shown)
    along = [any(np.array_equal(crop, c) for c in only.crops) for crop in mixed.crops]
    assert 0.25 * len(found) < sum(along) < 0.75 * len(found)
    assert not any(along[1::2])


def test_the_camera_finder_cuts_crops_in_worker_processes_too() -> None:
    alone = make_crops("rixes", range(3), share=1.0)
    together = make_crops("rixes", range(3), share=1.0, workers=2)
    truths = make_crops("rixes", range(3))
    assert 0 < len(alone) <= len(truths)
    assert np.array_equal(alone.crops, together.crops) and np.array_equal(alone.labels, together.labels)


def test_the_threshold_is_the_lowest_that_keeps_wrong_readings_rare() -> None:
    pytest.importorskip("torch", reason="training needs the train extra (tests/run installs it)")
    from models.training.classifier import choose_threshold

    confidence = np.array([0.99, 0.98, 0.95, 0.9, 0.8, 0.7, 0.6])
    correct = np.array([True, True, False, True, True, False, True])
    # One wrong reading in seven allowed: everything down to just before the second wrong one.
    assert choose_threshold(confidence, correct, 1 / 7) == 0.8
    # None allowed: only above the first wrong one.
    assert choose_threshold(confidence, correct, 0.0) == 0.98
    # Wrong from the start: nothing is ever accepted.
    assert choose_threshold(confidence[2:], correct[2:], 0.0) == 1.0
    # Never below one half, however rare the errors.
    assert choose_threshold(np.array([0.4, 0.3]), np.array([True, True]), 0.0) == 0.5
