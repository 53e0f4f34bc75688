"""Measuring the detector on labelled real photos (Pascal VOC boxes beside each photo).

A labelled box counts as found when the axis-aligned box around some detected
quad overlaps it with IoU >= 0.5; precision is not measured, since photos may
show unlabelled cards. The labelled photos are read by :mod:`vision.voc`.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import Finder, find_cards, working_frame
from vision.images import load_image
from vision.voc import PHOTO_SUFFIXES, box_iou, photos, read_labels, voc_boxes

FloatArray = npt.NDArray[np.float32]

__all__ = ["MOST_ENLARGED", "PHOTO_SUFFIXES", "box_iou", "matched", "photos", "real_photo_recall",
           "voc_boxes"]


def matched(labels: FloatArray, quads: FloatArray, threshold: float = 0.5) -> npt.NDArray[np.bool_]:
    """For each labelled box, whether the box around some detected quad has IoU >= threshold."""
    if len(labels) == 0 or len(quads) == 0:
        return np.zeros(len(labels), np.bool_)
    boxes = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
    return np.asarray((box_iou(labels, boxes) >= threshold).any(axis=1), np.bool_)


#: The most :func:`real_photo_recall` enlarges the photos by: eight times makes the shared photos
#: (378 by 504 pixels, 960 by 540) as large as a phone's (3024 by 4032) or larger.
MOST_ENLARGED = 8.0


def real_photo_recall(folder: str | Path, find: Finder = find_cards, enlarge: float = 1.0) -> tuple[int, int]:
    """(found, total) labelled card boxes over every photo of ``folder`` with its VOC file, each
    photo read as :func:`vision.read.recognise.recognise` reads a frame (shrunk to the camera's size
    when larger, :func:`vision.find.detect.working_frame`), after being enlarged ``enlarge`` times with
    its boxes (8: the shared photos at a phone's size, 3024 by 4032 pixels for the portrait ones).

    Raises :class:`~companion.errors.ImageUnreadable` for a photo that cannot be read (or is over
    the pixel budget, :func:`vision.images.load_image`) and
    :class:`~companion.errors.LabelsUnreadable` for a VOC file that cannot: a figure over the
    photos that could be read would not be the figure asked for."""
    found = total = 0
    for photo, xml in photos(Path(folder)):
        frame = load_image(photo)
        labels = read_labels(xml)[1]
        if enlarge != 1.0:
            frame = np.asarray(cv2.resize(frame, None, fx=enlarge, fy=enlarge,
                                          interpolation=cv2.INTER_CUBIC if enlarge > 1 else cv2.INTER_AREA),
                               np.uint8)
            labels = labels * np.float32(enlarge)
        small, scale = working_frame(np.asarray(frame, np.uint8))
        quads = np.asarray(find(small), np.float32).reshape(-1, 4, 2) / np.float32(scale)
        found += int(matched(labels, quads).sum())
        total += len(labels)
    return found, total
