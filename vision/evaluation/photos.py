"""Measuring the detector on labelled real photos (Pascal VOC boxes beside each photo).

A labelled box counts as found when the axis-aligned box around some detected
quad overlaps it with IoU >= 0.5; precision is not measured, since photos may
show unlabelled cards.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import LabelsUnreadable
from companion.text import Text
from vision.find.detect import Finder, find_cards, working_frame
from vision.images import load_image

FloatArray = npt.NDArray[np.float32]

#: Photo suffixes looked for beside each ``.xml``.
PHOTO_SUFFIXES = (".jpg", ".JPG", ".jpeg", ".png")


def voc_boxes(xml_text: str) -> FloatArray:
    """The (N, 4) boxes x0, y0, x1, y1 of a Pascal VOC annotation.

    Raises ``xml.etree.ElementTree.ParseError`` for text that is no XML and ``ValueError`` for an
    object whose box lacks a corner or is not a number.
    """
    root = ET.fromstring(xml_text)
    boxes = [[float(obj.findtext(f"bndbox/{k}", "nan")) for k in ("xmin", "ymin", "xmax", "ymax")]
             for obj in root.iter("object")]
    found = np.array(boxes, np.float32).reshape(-1, 4)
    if not np.isfinite(found).all():
        raise ValueError("an object's bndbox lacks xmin, ymin, xmax or ymax")
    return found


def box_iou(a: FloatArray, b: FloatArray) -> npt.NDArray[np.float64]:
    """IoU (N, M) between boxes ``a`` (N, 4) and ``b`` (M, 4), each x0, y0, x1, y1."""
    lo = np.maximum(a[:, None, :2], b[None, :, :2])
    hi = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(hi - lo, 0, None), axis=2).astype(np.float64)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    area_b = np.prod(b[:, 2:] - b[:, :2], axis=1)
    iou: npt.NDArray[np.float64] = inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)
    return iou


def matched(labels: FloatArray, quads: FloatArray, threshold: float = 0.5) -> npt.NDArray[np.bool_]:
    """For each labelled box, whether the box around some detected quad has IoU >= threshold."""
    if len(labels) == 0 or len(quads) == 0:
        return np.zeros(len(labels), np.bool_)
    boxes = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
    return np.asarray((box_iou(labels, boxes) >= threshold).any(axis=1), np.bool_)


def photos(folder: Path) -> list[tuple[Path, Path]]:
    """(photo, annotation) pairs of a folder, sorted by name."""
    pairs = []
    for xml in sorted(folder.glob("*.xml")):
        for suffix in PHOTO_SUFFIXES:
            if xml.with_suffix(suffix).exists():
                pairs.append((xml.with_suffix(suffix), xml))
                break
    return pairs


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
        try:
            labels = voc_boxes(xml.read_text())
        except (OSError, ET.ParseError, ValueError) as error:  # a bad encoding is a ValueError too
            detail = str(error) or type(error).__name__
            raise LabelsUnreadable(Text("labels_unreadable", path=xml, detail=detail)) from error
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
