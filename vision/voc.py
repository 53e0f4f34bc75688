"""Labelled photos: a Pascal VOC file of card boxes beside each photo, ``<name>`` the card's name.

Read by the enrolment from photos (:mod:`vision.read.enrol`) and the measurements on real photos
(:mod:`vision.evaluation.photos`, :mod:`vision.evaluation.enrolment`).

>>> names, boxes = voc_objects("<annotation><object><name>ace</name><bndbox><xmin>10</xmin><ymin>20</ymin>"
...                            "<xmax>73</xmax><ymax>108</ymax></bndbox></object></annotation>")
>>> names, boxes.tolist()
(('ace',), [[10.0, 20.0, 73.0, 108.0]])
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.errors import LabelsUnreadable
from companion.text import Text

FloatArray = npt.NDArray[np.float32]

#: Photo suffixes looked for beside each ``.xml``.
PHOTO_SUFFIXES = (".jpg", ".JPG", ".jpeg", ".png")


def voc_objects(xml_text: str) -> tuple[tuple[str, ...], FloatArray]:
    """The names and the (N, 4) boxes x0, y0, x1, y1 of a Pascal VOC annotation's objects (an
    object with no ``<name>`` named ``""``).

    Raises ``xml.etree.ElementTree.ParseError`` for text that is no XML and ``ValueError`` for an
    object whose box lacks a corner or is not a number.
    """
    root = ET.fromstring(xml_text)
    objects = list(root.iter("object"))
    boxes = [[float(obj.findtext(f"bndbox/{k}", "nan")) for k in ("xmin", "ymin", "xmax", "ymax")]
             for obj in objects]
    found = np.array(boxes, np.float32).reshape(-1, 4)
    if not np.isfinite(found).all():
        raise ValueError("an object's bndbox lacks xmin, ymin, xmax or ymax")
    return tuple((obj.findtext("name") or "").strip() for obj in objects), found


def voc_boxes(xml_text: str) -> FloatArray:
    """The (N, 4) boxes x0, y0, x1, y1 of a Pascal VOC annotation (see :func:`voc_objects`)."""
    return voc_objects(xml_text)[1]


def read_labels(xml: Path) -> tuple[tuple[str, ...], FloatArray]:
    """The names and boxes of the VOC file ``xml`` (:func:`voc_objects`); raises
    :class:`~companion.errors.LabelsUnreadable`, naming the file, when it cannot be read."""
    try:
        return voc_objects(xml.read_text())
    except (OSError, ET.ParseError, ValueError) as error:  # a bad encoding is a ValueError too
        detail = str(error) or type(error).__name__
        raise LabelsUnreadable(Text("labels_unreadable", path=xml, detail=detail)) from error


def box_intersections(a: FloatArray, b: FloatArray) -> npt.NDArray[np.float64]:
    """The area (N, M) each box of ``a`` (N, 4) shares with each box of ``b`` (M, 4), each x0, y0, x1, y1."""
    lo = np.maximum(a[:, None, :2], b[None, :, :2])
    hi = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter: npt.NDArray[np.float64] = np.prod(np.clip(hi - lo, 0, None), axis=2).astype(np.float64)
    return inter


def bounding_boxes(quads: FloatArray) -> FloatArray:
    """The axis-aligned box (N, 4: x0, y0, x1, y1) around each quad (N, 4, 2)."""
    boxes: FloatArray = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
    return boxes


def box_iou(a: FloatArray, b: FloatArray) -> npt.NDArray[np.float64]:
    """IoU (N, M) between boxes ``a`` (N, 4) and ``b`` (M, 4), each x0, y0, x1, y1."""
    inter = box_intersections(a, b)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    area_b = np.prod(b[:, 2:] - b[:, :2], axis=1)
    iou: npt.NDArray[np.float64] = inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)
    return iou


def photos(folder: Path) -> list[tuple[Path, Path]]:
    """(photo, annotation) pairs of a folder, sorted by name."""
    pairs = []
    for xml in sorted(folder.glob("*.xml")):
        for suffix in PHOTO_SUFFIXES:
            if xml.with_suffix(suffix).exists():
                pairs.append((xml.with_suffix(suffix), xml))
                break
    return pairs
