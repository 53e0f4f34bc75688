"""From a camera frame to the cards on it: find, rectify, classify.

The one function the camera, ``companion detect`` and the evaluation share,
so that what is measured is what runs.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.classify import Classifier
from vision.detect import CROP_SIZE, FloatArray, find_cards, rectify
from vision.detections import Detections

Image = np.ndarray
#: Something that finds cards: a BGR frame in, card corners (N, 4, 2) out, ordered as
#: :func:`vision.detect.order_corners` (:func:`vision.detect.find_cards`, or
#: :meth:`vision.segment.CardFinder.find`).
Finder = Callable[[Image], FloatArray]


def recognise(frame: Image, classifier: Classifier, find: Finder = find_cards) -> Detections:
    """Every card ``find`` finds in ``frame``, with what the classifier read on it.

    A card read as turned 180 degrees gets its corners turned too, so corner 0
    is always the printed top-left; ``upside_down`` says so.
    """
    quads = find(frame)
    if len(quads) == 0:
        return Detections.empty()
    crops = np.stack([rectify(frame, quad, CROP_SIZE) for quad in quads])
    readings = classifier.classify(crops)
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
