"""How well a quad's outline lies on edges of the frame: a check of a found card's corners.

A card's four sides are edges in the frame: across each side the brightness
steps, from card to table or from card to card. A quad with a corner off (a
loose network outline, a contour that took in a shadow) has a side running
through the card or the table instead. :func:`edge_support` samples points
along each side and counts those with a strong step across the side near them.
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import FloatArray, Image
from vision.find.params import (
    CHUNK,
    EDGE_REACH,
    MIN_STEP,
    SAMPLES,
)


class Gradients(NamedTuple):
    """The brightness gradient of a frame, x and y, as int16 Sobel responses."""

    x: npt.NDArray[np.int16]
    y: npt.NDArray[np.int16]


def gradients(frame: Image) -> Gradients:
    """The gradient of a BGR (or grey) frame, lightly blurred first so print grain does not count.

    >>> frame = np.zeros((5, 5), np.uint8); frame[:, 3:] = 255
    >>> gradients(frame).x[2].tolist()
    [0, 256, 764, 764, 0]
    """
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    soft = cv2.GaussianBlur(gray, (3, 3), 0)
    # The blur gives whole numbers from 0 to 255, so the 3x3 Sobel is exact in 16 bits (at most
    # 4 x 255 either way) and the same as in float32, and OpenCV computes it ten times faster so
    # (0.5 ms for a 1280x720 frame against 5.8, one core).
    return Gradients(np.asarray(cv2.Sobel(soft, cv2.CV_16S, 1, 0, ksize=3), np.int16),
                     np.asarray(cv2.Sobel(soft, cv2.CV_16S, 0, 1, ksize=3), np.int16))


def side_support(grads: Gradients, polygon: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """For each side of ``polygon`` (corner i to corner i + 1), the share of its points with an
    edge across it within :data:`EDGE_REACH` pixels.

    >>> frame = np.zeros((100, 100), np.uint8); frame[20:80, 30:70] = 200
    >>> side_support(gradients(frame), [[30, 20], [70, 20], [70, 80], [30, 80]]).tolist()
    [1.0, 1.0, 1.0, 1.0]
    >>> side_support(gradients(frame), [[30, 20], [90, 20], [90, 80], [30, 80]]).round(2).tolist()
    [0.71, 0.0, 0.71, 1.0]
    """
    q = np.asarray(polygon, np.float64).reshape(-1, 2)
    return segments_support(grads, q, np.roll(q, -1, axis=0))


def moved_support(grads: Gradients, quads: npt.ArrayLike, moves: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """:func:`side_support` (N, K, 4) of each quad (N, 4, 2) moved by each of ``moves`` (K, 2)
    pixels: where near a rough outline its sides lie on edges.

    >>> frame = np.zeros((100, 100), np.uint8); frame[20:80, 30:70] = 200
    >>> quad = [[[36, 20], [76, 20], [76, 80], [36, 80]]]  # 6 pixels right of the card
    >>> moved_support(gradients(frame), quad, [[0, 0], [-6, 0]]).min(axis=2).round(2).tolist()
    [[0.0, 1.0]]
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    m = np.asarray(moves, np.float64).reshape(-1, 2)
    moved = q[:, None] + m[None, :, None, :]  # (N, K, 4, 2)
    ends = np.roll(moved, -1, axis=2)
    support = segments_support(grads, moved.reshape(-1, 2), ends.reshape(-1, 2))
    return np.asarray(support.reshape(len(q), len(m), 4), np.float64)


def segments_support(grads: Gradients, starts: npt.NDArray[np.float64], ends: npt.NDArray[np.float64]
                     ) -> npt.NDArray[np.float64]:
    """:func:`side_support` of each segment ``starts[i]`` to ``ends[i]`` (S, 2), :data:`CHUNK` at
    a time; 0 for a segment shorter than a pixel."""
    if len(starts) <= CHUNK:
        return _segments_support(grads, starts, ends)
    return np.concatenate([_segments_support(grads, starts[i:i + CHUNK], ends[i:i + CHUNK])
                           for i in range(0, len(starts), CHUNK)])


def _segments_support(grads: Gradients, starts: npt.NDArray[np.float64], ends: npt.NDArray[np.float64]
                      ) -> npt.NDArray[np.float64]:
    gx, gy = grads
    h, w = gx.shape
    lengths = np.linalg.norm(ends - starts, axis=1)
    along = (ends - starts) / np.maximum(lengths, 1e-9)[:, None]  # (S, 2)
    across = np.stack([-along[:, 1], along[:, 0]], axis=1)
    t = np.linspace(0.1, 0.9, SAMPLES)[None, :, None]
    offsets = np.arange(-EDGE_REACH, EDGE_REACH + 1, dtype=np.float64)[None, None, :]
    # Points (segment, sample, offset), x and y apart (slices of an (..., 2) array are slow to
    # compute with), gathered by flat index.
    d, a, b = ends - starts, across[:, None, None, :], along[:, None, None, :]
    x = np.rint(starts[:, 0, None, None] + t * d[:, 0, None, None] + offsets * a[..., 0]).astype(np.intp)
    y = np.rint(starts[:, 1, None, None] + t * d[:, 1, None, None] + offsets * a[..., 1]).astype(np.intp)
    at = np.clip(y, 0, h - 1) * w + np.clip(x, 0, w - 1)
    gxs, gys = gx.ravel()[at], gy.ravel()[at]
    step = np.abs(gxs * a[..., 0] + gys * a[..., 1])
    slide = np.abs(gxs * b[..., 0] + gys * b[..., 1])
    edge = (step >= MIN_STEP) & (step > 1.5 * slide)
    support: npt.NDArray[np.float64] = np.where(lengths >= 1, edge.any(axis=2).mean(axis=1), 0.0)
    return support


def edge_support(grads: Gradients, quads: FloatArray) -> npt.NDArray[np.float64]:
    """For each card quad (N, 4, 2), corners in :func:`vision.find.detect.order_corners` order, its
    weakest side's :func:`side_support`: 1 when the whole outline lies on edges, near 0 when a side
    runs through a card or the table. A triangular card (a Panorama) spans a quad whose upper
    corners lie on no edge: the outline of the triangle in it counts too, apex up or down.

    >>> frame = np.zeros((100, 100), np.uint8)
    >>> _ = cv2.fillConvexPoly(frame, np.array([[50, 10], [80, 90], [20, 90]], np.int32), 200)
    >>> edge_support(gradients(frame), np.array([[[20, 10], [80, 10], [80, 90], [20, 90]]], np.float32))
    array([1.])
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) == 0:
        return np.zeros(0, np.float64)
    top, bottom = (q[:, 0] + q[:, 1]) / 2, (q[:, 2] + q[:, 3]) / 2
    # Ten segments a quad: its four sides, the triangle apex up (top middle, bottom right, bottom
    # left) and apex down (bottom middle, top left, top right).
    a, b, c, d = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    starts = np.stack([a, b, c, d, top, c, d, bottom, a, b], axis=1)
    ends = np.stack([b, c, d, a, c, d, top, a, b, bottom], axis=1)
    support = segments_support(grads, starts.reshape(-1, 2), ends.reshape(-1, 2)).reshape(-1, 10)
    best: npt.NDArray[np.float64] = np.max(
        [support[:, :4].min(axis=1), support[:, 4:7].min(axis=1), support[:, 7:].min(axis=1)], axis=0)
    return best


class EdgeSupports:
    """:func:`edge_support` on one frame's gradients, each quad's measured once: the refined finder
    asks it of the cards it keeps after each of its steps, most of them the same quads again.
    Quads are taken as float32, as the finders give them.

    >>> frame = np.zeros((100, 100), np.uint8); frame[20:80, 30:70] = 200
    >>> supports = EdgeSupports(gradients(frame))
    >>> card = np.array([[[30, 20], [70, 20], [70, 80], [30, 80]]], np.float32)
    >>> supports(card).tolist(), supports(np.concatenate([card + 5, card])).tolist()
    ([1.0], [0.0, 1.0])
    >>> supports.measured
    2
    """

    def __init__(self, grads: Gradients) -> None:
        self.grads = grads
        self._known: dict[bytes, float] = {}

    @property
    def measured(self) -> int:
        """How many quads were measured."""
        return len(self._known)

    def __call__(self, quads: npt.ArrayLike) -> npt.NDArray[np.float64]:
        q = np.ascontiguousarray(np.asarray(quads, np.float32).reshape(-1, 4, 2))
        keys = [quad.tobytes() for quad in q]
        new = list({key: k for k, key in enumerate(keys) if key not in self._known}.items())
        if new:
            measured = edge_support(self.grads, q[[k for _, k in new]])
            self._known.update(zip([key for key, _ in new], measured.tolist(), strict=True))
        return np.array([self._known[key] for key in keys], np.float64)
