"""Tests of ``vision.evaluation.foreign``: how often a reader names a card not of its deck."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from models.render import render_scene
from vision.evaluation.foreign import FOREIGN_SEED_BASE, Foreign, foreign_photos, foreign_renders
from vision.find.detect import FloatArray, Image
from vision.read.catalogue import GAMES
from vision.read.classify import FakeClassifier


def _true_quads(frame: Image) -> FloatArray:
    """The quads of the scene ``frame`` is, found by matching it against each game's first
    foreign scene."""
    for game in GAMES:
        scene = render_scene(game, FOREIGN_SEED_BASE, held_out=True)
        if scene.image.shape == frame.shape and np.array_equal(scene.image, frame):
            return np.stack([card.quad for card in scene.cards]).astype(np.float32)
    raise AssertionError("not a foreign scene")


def test_every_foreign_card_found_counts_and_only_those_named() -> None:
    game = GAMES[0]
    others = [g for g in GAMES if g != game]
    named = foreign_renders(game, FakeClassifier(game, [("x", 0.99, False)] * 500, threshold=0.5),
                            _true_quads, scenes=1)
    unsure = foreign_renders(game, FakeClassifier(game, [("x", 0.2, False)] * 500, threshold=0.5),
                             _true_quads, scenes=1)
    visible = sum(1 for g in others for c in render_scene(g, FOREIGN_SEED_BASE, held_out=True).cards
                  if c.visible >= 0.75 and c.name != "back")
    assert named.found == unsure.found == visible > 0
    assert named.rate == 1.0 and unsure.rate == 0.0 and unsure.named == 0


def test_photos_count_every_quad_found(tmp_path: Path) -> None:
    frame = np.full((360, 640, 3), 90, np.uint8)
    cv2.rectangle(frame, (100, 100), (160, 190), (240, 240, 240), -1)
    cv2.putText(frame, "7", (115, 160), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (0, 0, 0), 2)
    for name in ("a.jpg", "b.png"):
        cv2.imwrite(str(tmp_path / name), frame)
    (tmp_path / "notes.txt").write_text("not a photo")
    quad = np.array([[[100, 100], [160, 100], [160, 190], [100, 190]]], np.float32)
    reader = FakeClassifier(GAMES[0], [("x", 0.99, False), (None, 0.1, False)], threshold=0.5)
    tally = foreign_photos(tmp_path, reader, lambda _frame: quad)
    assert (tally.found, tally.named) == (2, 1) and tally.rate == 0.5
    assert Foreign().rate == 0.0
