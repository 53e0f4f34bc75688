"""From a camera frame to the cards on it: find, rectify, classify.

The one function the camera, ``companion detect`` and the evaluation share,
so that what is measured is what runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import cv2
import numpy as np

from vision.catalogue import TRIANGULAR
from vision.classify import Classifier, Readings
from vision.detect import CROP_SIZE, FloatArray, find_cards, rectify
from vision.detections import Detections
from vision.segment import Outlines

Image = np.ndarray
#: Something that finds cards: a BGR frame in, card corners (N, 4, 2) out, ordered as
#: :func:`vision.detect.order_corners` (:func:`vision.detect.find_cards`, or
#: :meth:`vision.segment.CardFinder.find`).
Finder = Callable[[Image], FloatArray]
#: The confidence given to a card read by its shape (:func:`by_shape`): on 500 held-out
#: L'Ascension scenes (2026-11-23), of the cards the classifier left unsure and the refined finder
#: marked triangular, all but one were Panoramas.
SHAPE_CONFIDENCE = 0.99


@runtime_checkable
class ShapeFinder(Protocol):
    """A finder that also tells which cards it found are triangles
    (:class:`vision.finders.CombinedFinder`, :class:`vision.refine.RefinedFinder`)."""

    def __call__(self, frame: Image) -> FloatArray: ...

    def outlines(self, frame: Image) -> Outlines: ...


def by_shape(readings: Readings, triangular: np.ndarray, game: str) -> Readings:
    """``readings`` with each card found ``triangular`` that the classifier left unsure read as
    the game's one triangular face (:data:`vision.catalogue.TRIANGULAR`), at
    :data:`SHAPE_CONFIDENCE`: a Panorama shows a triangle, and the table around it, new to the
    classifier on every table, leaves it unsure. Unchanged for a game with no triangular card.

    >>> read = Readings(("bridge", None, "9s"), np.array([0.95, 0.4, 0.99], np.float32), np.zeros(3, bool))
    >>> by_shape(read, np.array([True, True, False]), "ascension").names
    ('bridge', 'panorama', '9s')
    >>> by_shape(read, np.array([True, True, False]), "crew") is read
    True
    """
    face = TRIANGULAR.get(game)
    shaped = np.asarray(triangular, np.bool_).reshape(-1)
    if face is None or not shaped.any():
        return readings
    # Only where the classifier is unsure: a card marked a triangle that it reads surely is most
    # often another card beside a Panorama, its outline near the triangle's (a Summit's peak).
    shaped = shaped & np.array([name is None for name in readings.names], np.bool_)
    names = tuple(face if tri else name for name, tri in zip(readings.names, shaped.tolist(), strict=True))
    confidences = np.where(shaped, np.float32(SHAPE_CONFIDENCE), readings.confidences).astype(np.float32)
    return Readings(names, confidences, readings.flipped)


def recognise(frame: Image, classifier: Classifier, find: Finder = find_cards) -> Detections:
    """Every card ``find`` finds in ``frame``, with what the classifier read on it, or, for a
    card a :class:`ShapeFinder` found to be a triangle, what its shape says (:func:`by_shape`).

    A card read as turned 180 degrees gets its corners turned too, so corner 0
    is always the printed top-left; ``upside_down`` says so.
    """
    found = find.outlines(frame) if isinstance(find, ShapeFinder) else Outlines.of(find(frame))
    quads = found.quads
    if len(quads) == 0:
        return Detections.empty()
    crops = np.stack([rectify(frame, quad, CROP_SIZE) for quad in quads])
    readings = by_shape(classifier.classify(crops), found.triangular, classifier.game)
    turned = np.where(readings.flipped[:, None, None], np.roll(quads, 2, axis=1), quads)
    return Detections(np.ascontiguousarray(turned, np.float32), readings.names, readings.confidences,
                      readings.flipped)


def annotate(frame: Image, detections: Detections) -> Image:
    """A copy of ``frame`` with each card's outline, name and confidence drawn on it
    (green when read, orange when unsure; a dot on the printed top-left corner)."""
    out = frame.copy()
    for quad, name, confidence in zip(detections.quads, detections.names, detections.confidences,
                                      strict=True):
        colour = (60, 200, 60) if name is not None else (0, 140, 255)
        points = quad.round().astype(np.int32)
        cv2.polylines(out, [points], True, colour, 2, cv2.LINE_AA)
        cv2.circle(out, tuple(int(v) for v in points[0]), 4, colour, -1, cv2.LINE_AA)
        label = f"{name or '?'} {confidence:.2f}"
        x, y = points.min(axis=0)
        cv2.putText(out, label, (int(x), max(12, int(y) - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3,
                    cv2.LINE_AA)
        cv2.putText(out, label, (int(x), max(12, int(y) - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1,
                    cv2.LINE_AA)
    return out
