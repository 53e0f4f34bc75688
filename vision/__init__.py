"""Finding, rectifying and (next) classifying cards in camera frames.

Public API: the card catalogue (:data:`FACES`, :func:`faces`), the vision
result (:class:`Detections`), and the pure functions that find cards in a
frame and warp each to a canonical crop (:func:`find_cards`, :func:`rectify`).
Training crops and camera crops go through the same :func:`rectify`.
"""

from vision.catalogue import BACK, FACES, GAMES, Face, faces
from vision.detect import CROP_SIZE, find_cards, order_corners, rectify
from vision.detections import Detections, InvalidDetections
from vision.evaluate import real_photo_recall

__all__ = [
    "BACK",
    "CROP_SIZE",
    "FACES",
    "GAMES",
    "Detections",
    "Face",
    "InvalidDetections",
    "faces",
    "find_cards",
    "order_corners",
    "real_photo_recall",
    "rectify",
]
