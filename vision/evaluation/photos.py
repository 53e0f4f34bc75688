"""Measuring the detector on labelled real photos (Pascal VOC boxes beside each photo).

A labelled box counts as found when the axis-aligned box around some detected
quad overlaps it with IoU >= 0.5; precision is not measured, since photos may
show unlabelled cards. The labelled photos are read by :mod:`vision.voc`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import Finder, find_cards, working_frame
from vision.images import load_image
from vision.voc import (
    PHOTO_SUFFIXES,
    bounding_boxes,
    box_intersections,
    box_iou,
    photos,
    read_labels,
    voc_boxes,
)

FloatArray = npt.NDArray[np.float32]

__all__ = ["MOST_ENLARGED", "MOST_LONG_SIDE", "PHOTO_SUFFIXES", "PhotoFigures", "PhotoReading",
           "box_iou", "lying_on", "matched", "measure_photos", "ms_figures", "photo_frames", "photos",
           "real_photo_recall", "scale_changes", "timed_find", "voc_boxes"]


def matched(labels: FloatArray, quads: FloatArray, threshold: float = 0.5) -> npt.NDArray[np.bool_]:
    """For each labelled box, whether the box around some detected quad has IoU >= threshold."""
    if len(labels) == 0 or len(quads) == 0:
        return np.zeros(len(labels), np.bool_)
    return np.asarray((box_iou(labels, bounding_boxes(quads)) >= threshold).any(axis=1), np.bool_)


#: The most :func:`real_photo_recall` enlarges the photos by: eight times makes the shared photos
#: (378 by 504 pixels, 960 by 540) as large as a phone's (3024 by 4032) or larger.
MOST_ENLARGED = 8.0
#: The longest side :func:`measure_photos` resizes a photo to, at most (a phone's photo).
MOST_LONG_SIDE = 8064
#: A quad lies on a labelled box when this share of its own bounding box lies inside the box...
ON_BOX = 0.6
#: ... and it covers at least this share of the box (a quad around a pip is no second card).
OF_BOX = 0.15


@dataclass(frozen=True)
class PhotoReading:
    """What the finder made of one labelled photo: its boxes, the quads (both in the photo's own
    pixels), which boxes were found, and the milliseconds the finder took."""

    name: str
    labels: FloatArray
    quads: FloatArray
    found: npt.NDArray[np.bool_]
    ms: float

    @property
    def split(self) -> int:
        """The boxes that two quads or more lie on (:data:`ON_BOX`, :data:`OF_BOX`): one card cut in
        parts, or a card and the shapes printed on it."""
        return int((lying_on(self.labels, self.quads).sum(axis=1) >= 2).sum())


@dataclass(frozen=True)
class PhotoFigures:
    """The finder's figures over a folder of labelled photos (:func:`measure_photos`)."""

    readings: tuple[PhotoReading, ...]

    @property
    def boxes(self) -> int:
        """The labelled boxes."""
        return sum(len(r.labels) for r in self.readings)

    @property
    def found(self) -> int:
        """The labelled boxes some quad matches (IoU >= 0.5)."""
        return sum(int(r.found.sum()) for r in self.readings)

    def summary(self) -> dict[str, float | int]:
        """The figures by name: recall, quads a photo, the share of boxes split, the median and 90th
        percentile milliseconds a photo."""
        boxes = max(self.boxes, 1)
        return {
            "photos": len(self.readings),
            "boxes": self.boxes,
            "recall": self.found / boxes,
            "quads_per_photo": sum(len(r.quads) for r in self.readings) / max(len(self.readings), 1),
            "split_rate": sum(r.split for r in self.readings) / boxes,
            **ms_figures([r.ms for r in self.readings]),
        }


def lying_on(labels: FloatArray, quads: FloatArray) -> npt.NDArray[np.bool_]:
    """(boxes, quads): whether each quad lies on each labelled box (:data:`ON_BOX` of the quad's
    bounding box inside the box, covering :data:`OF_BOX` of it or more).

    >>> box = np.array([[0, 0, 100, 100]], np.float32)
    >>> halves = np.array([[[0, 0], [50, 0], [50, 100], [0, 100]], [[50, 0], [100, 0], [100, 100], [50, 100]],
    ...                    [[40, 40], [45, 40], [45, 45], [40, 45]]], np.float32)
    >>> lying_on(box, halves).tolist()
    [[True, True, False]]
    """
    if len(labels) == 0 or len(quads) == 0:
        return np.zeros((len(labels), len(quads)), np.bool_)
    boxes = bounding_boxes(quads)
    inside = box_intersections(labels, boxes)
    own = np.prod(boxes[:, 2:] - boxes[:, :2], axis=1)[None, :]
    box = ((labels[:, 2] - labels[:, 0]) * (labels[:, 3] - labels[:, 1]))[:, None]
    return np.asarray((inside >= ON_BOX * np.maximum(own, 1e-6)) & (inside >= OF_BOX * box), np.bool_)


def resized(frame: npt.NDArray[np.uint8], factor: float) -> npt.NDArray[np.uint8]:
    """``frame`` resized ``factor`` times, as a larger camera or a smaller one would have seen it."""
    if factor == 1.0:
        return frame
    size = (max(1, round(frame.shape[1] * factor)), max(1, round(frame.shape[0] * factor)))
    interpolation = cv2.INTER_CUBIC if factor > 1 else cv2.INTER_AREA
    return np.asarray(cv2.resize(frame, size, interpolation=interpolation), np.uint8)


def photo_frames(folder: str | Path, long_side: int) -> list[npt.NDArray[np.uint8]]:
    """The labelled photos of ``folder`` as camera frames: each resized so that its longest side
    is ``long_side`` pixels (a 960 x 540 photo at 1280 is a 1280 x 720 frame).

    Raises :class:`~companion.errors.ImageUnreadable` for a photo that cannot be read."""
    frames = []
    for photo, _ in photos(Path(folder)):
        frame = np.asarray(load_image(photo), np.uint8)
        frames.append(resized(frame, long_side / max(frame.shape[:2])))
    return frames


def measure_photos(folder: str | Path, find: Finder = find_cards, *, enlarge: float = 1.0,
                   long_side: int | None = None) -> PhotoFigures:
    """The finder's readings of every photo of ``folder`` with its VOC file, each read as
    :func:`vision.read.recognise.recognise` reads a frame (shrunk to the camera's size when larger,
    :func:`vision.find.detect.working_frame`), after being resized with its boxes: ``enlarge`` times,
    or so that its longest side is ``long_side`` pixels. The time is the finder's alone, on the
    frame it is given.

    Raises :class:`~companion.errors.ImageUnreadable` for a photo that cannot be read (or is over
    the pixel budget, :func:`vision.images.load_image`) and
    :class:`~companion.errors.LabelsUnreadable` for a VOC file that cannot: a figure over the
    photos that could be read would not be the figure asked for."""
    readings: list[PhotoReading] = []
    for photo, xml in photos(Path(folder)):
        frame = load_image(photo)
        labels = read_labels(xml)[1]
        factor = long_side / max(frame.shape[:2]) if long_side else enlarge
        # Back in the photo's own pixels, where its boxes are.
        quads, ms = timed_find(find, resized(np.asarray(frame, np.uint8), factor), factor)
        readings.append(PhotoReading(photo.name, labels, quads, matched(labels, quads), ms))
    return PhotoFigures(tuple(readings))


def timed_find(find: Finder, frame: npt.NDArray[np.uint8], factor: float = 1.0) -> tuple[FloatArray, float]:
    """The quads ``find`` outlines on ``frame`` shrunk to the camera's size (as
    :func:`vision.read.recognise.recognise` reads a frame, :func:`vision.find.detect.working_frame`),
    given back in the frame's pixels divided by ``factor`` (a frame resized ``factor`` times, its
    quads in the unresized one's), and the milliseconds the finder alone took."""
    small, scale = working_frame(frame)
    start = time.perf_counter()
    found = find(small)
    ms = 1000 * (time.perf_counter() - start)
    return np.asarray(found, np.float32).reshape(-1, 4, 2) / np.float32(scale * factor), ms


def ms_figures(ms: list[float]) -> dict[str, float]:
    """The median and 90th percentile of milliseconds (0 for none), keyed ``ms_median`` and ``ms_p90``."""
    times = np.array(ms, np.float64)
    return {"ms_median": float(np.median(times)) if len(times) else 0.0,
            "ms_p90": float(np.percentile(times, 90)) if len(times) else 0.0}


def real_photo_recall(folder: str | Path, find: Finder = find_cards, enlarge: float = 1.0) -> tuple[int, int]:
    """(found, total) labelled card boxes over every photo of ``folder`` (:func:`measure_photos`,
    enlarged ``enlarge`` times: 8, the shared photos at a phone's size)."""
    figures = measure_photos(folder, find, enlarge=enlarge)
    return figures.found, figures.boxes


def scale_changes(first: PhotoFigures, second: PhotoFigures) -> dict[str, float | int]:
    """How the same photos read at two sizes differ: the labelled boxes found at one and not the
    other (``changed`` and its share of the boxes), and the quads of either with no quad of the
    other on the same place (IoU of their bounding boxes under 0.5: ``quads_moved``)."""
    changed = moved = 0
    for one, two in zip(first.readings, second.readings, strict=True):
        changed += int((one.found != two.found).sum())
        moved += _unpaired(one.quads, two.quads) + _unpaired(two.quads, one.quads)
    return {"changed": changed, "changed_rate": changed / max(first.boxes, 1), "quads_moved": moved}


def _unpaired(quads: FloatArray, others: FloatArray) -> int:
    """How many of ``quads`` no quad of ``others`` matches (IoU of the bounding boxes >= 0.5)."""
    if len(quads) == 0:
        return 0
    return int(len(quads) - matched(bounding_boxes(quads), others).sum())
