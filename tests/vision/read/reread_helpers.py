"""A card on a plain frame, a classifier keeping its crops, held-out cards read: for the reread tests."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from models.render import render_scene
from vision.find.detect import quad_iou
from vision.find.finders import make_finder
from vision.read.classify import FakeClassifier, OnnxClassifier, Readings
from vision.read.recognise import recognise

CARD = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)


def _frame() -> np.ndarray:
    frame = np.full((300, 300, 3), 90, np.uint8)
    frame[100:189, 100:164] = 230
    return frame


@dataclass
class Seeing(FakeClassifier):
    """A fake classifier that keeps every crop it is given (:attr:`crops`)."""

    crops: list[np.ndarray] = field(default_factory=list)

    def classify(self, batch: np.ndarray) -> Readings:
        self.crops.extend(batch)
        return super().classify(batch)


def _found_on(game: str, seed: int, name: str) -> tuple[str | None, float, np.ndarray]:
    """What :func:`recognise` reads on the card ``name`` of held-out scene ``seed``, where its
    quad overlaps the card most: the name, that IoU and that quad."""
    scene = render_scene(game, seed, held_out=True)
    (truth,) = [c for c in scene.cards if c.name == name]
    detections = recognise(scene.image, OnnxClassifier(game), make_finder("both", "shipped"))
    overlap = [quad_iou(truth.quad, q) for q in detections.quads]
    best = int(np.argmax(overlap))
    return detections.names[best], overlap[best], detections.quads[best]
