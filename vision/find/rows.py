"""Cards side by side in a row: where the ones not found would lie.

L'Ascension's ten Panoramas lie side by side at the foot of the pyramid, pale
triangles that touch at their corners; on a pale table or in glare the finder
outlines some and misses others. Those found show where the rest lie: one
card's pitch apart along the row. :func:`row_places` proposes a quad at each
place a row of triangles leaves empty, between two found and a few steps
beyond either end; the corner refiner (:mod:`vision.find.refine`) then places the
card there, or says no card lies there.

>>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
>>> row = np.stack([card + (62 * k, 0) for k in (0, 1, 3)])  # the third of four missed
>>> places, after = row_places(row, reach=2)
>>> places[:, 0].round(1).tolist(), after.tolist()
([[124.0, 0.0], [-62.0, 0.0], [-124.0, 0.0], [248.0, 0.0], [310.0, 0.0]], [-1, -1, 1, -1, 3])

The cards a player lays before their seat lie side by side too, along the
cards' width; a white card in glare at the end of such a row is outlined by no
finder when the cards beside it are. :func:`beside` proposes the two places
along its width beside each card found. L'Ascension's pyramid lays each card on
two of the row below, half a card aside: :func:`astride` proposes the four
places of the cards on it and under it.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import FloatArray, Image, rectify
from vision.find.params import (
    ASIDE,
    BESIDE,
    IN_ROW,
    LEAST_ROW,
    LIKENESS,
    LOOK,
    PITCH_SLACK,
    ROW,
    ROW_REACH,
)

NO_PLACES = (np.zeros((0, 4, 2), np.float32), np.zeros(0, np.int64))


def row_places(triangles: FloatArray, reach: int = ROW_REACH) -> tuple[FloatArray, npt.NDArray[np.int64]]:
    """Quads (N, 4, 2) where cards of the row ``triangles`` (M, 4, 2, corners ordered by
    :func:`vision.find.detect.order_corners`, each the quad a triangular card spans) would lie but
    none was found: in each gap of a whole number of pitches between two of them (the quads
    between them blended from theirs, so the perspective carries), then ``reach`` places beyond
    each end, nearest first (one pitch each, the pitch at that end). With them, for each place,
    the place that must hold a card for it to be looked at (the one before it beyond an end), or
    -1. None unless at least :data:`LEAST_ROW` triangles lie in a row, two of them side by side."""
    q = np.asarray(triangles, np.float64).reshape(-1, 4, 2)
    if len(q) < LEAST_ROW:
        return NO_PLACES
    across = np.mean((q[:, 1] - q[:, 0]) + (q[:, 2] - q[:, 3]), axis=0) / 2
    width = float(np.median(np.linalg.norm((q[:, 1] - q[:, 0] + q[:, 2] - q[:, 3]) / 2, axis=1)))
    if width < 1:
        return NO_PLACES  # no card's width: nothing to step along
    height = float(np.median(np.linalg.norm((q[:, 3] - q[:, 0] + q[:, 2] - q[:, 1]) / 2, axis=1)))
    u = across / max(float(np.linalg.norm(across)), 1e-9)
    centres = q.mean(axis=1)
    along = centres @ u
    off = centres @ np.array([-u[1], u[0]])
    row = np.abs(off - np.median(off)) <= IN_ROW * height
    q, along = q[row], along[row]
    if len(q) < LEAST_ROW:
        return NO_PLACES
    order = np.argsort(along)
    q, along = q[order], along[order]
    gaps = np.diff(along)
    side_by_side = np.abs(gaps / width - 1) <= PITCH_SLACK
    if not side_by_side.any():
        return NO_PLACES
    pitch = max(float(np.median(gaps[side_by_side])), 1.0)
    places: list[np.ndarray] = []
    after: list[int] = []
    for k, gap in enumerate(gaps):
        steps = round(gap / pitch)
        if steps >= 2 and abs(gap / pitch - steps) <= PITCH_SLACK:
            places += [q[k] + (q[k + 1] - q[k]) * j / steps for j in range(1, steps)]
            after += [-1] * (steps - 1)
    # Beyond the ends, one step of the pitch at that end if its two cards lie side by side.
    for end, inner in ((0, 1), (len(q) - 1, len(q) - 2)):
        step = q[end] - q[inner]
        if abs(np.linalg.norm(step.mean(axis=0)) / pitch - 1) > PITCH_SLACK:
            step = (q[end] - q[inner]) / max(round(abs(along[end] - along[inner]) / pitch), 1)
        after += [-1] + [len(places) + j for j in range(reach - 1)]
        places += [q[end] + step * j for j in range(1, reach + 1)]
    return np.asarray(places, np.float32).reshape(-1, 4, 2), np.asarray(after, np.int64)


def beside(cards: FloatArray, step: float = BESIDE) -> FloatArray:
    """For each card (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`), the quads
    (N, 2, 4, 2) a card laid beside it along its width would have: the card moved ``step`` times
    its width (the mean of its top and bottom sides, so the perspective carries) one way, then
    the other.

    >>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
    >>> beside(card[None], step=1.1)[0, :, 0].round(1).tolist()
    [[66.0, 0.0], [-66.0, 0.0]]
    """
    q, width, _ = _sides(cards)
    moves = step * np.stack([width, -width], axis=1)
    return np.asarray(q[:, None] + moves[:, :, None, :], np.float32)


def astride(cards: FloatArray, aside: float = ASIDE, row: float = ROW) -> FloatArray:
    """For each card (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`), the quads
    (N, 4, 4, 2) of the cards a pyramid lays on it and under it: the card moved ``aside`` times
    its width and ``row`` times its length, in the card's own frame right and down, right and
    up, left and down, left and up.

    >>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
    >>> astride(card[None], aside=0.5, row=1.0)[0, :, 0].round(1).tolist()
    [[30.0, 90.0], [30.0, -90.0], [-30.0, 90.0], [-30.0, -90.0]]
    """
    q, width, length = _sides(cards)
    moves = np.stack([s * aside * width + t * row * length for s in (1, -1) for t in (1, -1)], axis=1)
    return np.asarray(q[:, None] + moves[:, :, None, :], np.float32)


def around(cards: FloatArray) -> FloatArray:
    """For each card (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`), the quads
    (N, 6, 4, 2) of the cards that may lie next to it: its two places :func:`beside` it along its
    width, then its four :func:`astride` it.

    >>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
    >>> around(np.stack([card, card + 500])).shape
    (2, 6, 4, 2)
    """
    q = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    return np.concatenate([beside(q), astride(q)], axis=1)


def _sides(cards: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The cards as (N, 4, 2) float32, and each card's width and length (N, 2): the mean of its
    top and bottom sides, and of its left and right sides, so the perspective carries."""
    q = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    width = np.asarray(((q[:, 1] - q[:, 0]) + (q[:, 2] - q[:, 3])) / 2, np.float32)
    length = np.asarray(((q[:, 3] - q[:, 0]) + (q[:, 2] - q[:, 1])) / 2, np.float32)
    return q, width, length


def alike(frame: Image, cards: FloatArray, places: FloatArray) -> npt.NDArray[np.bool_]:
    """Whether each quad of ``places`` (N, 4, 2) shows what the ``cards`` (M, 4, 2) of a row of
    one card show: its grey crop correlates with their mean crop (either way up) by at least
    :data:`LIKENESS` of their median correlation with it.

    >>> frame = np.full((100, 400, 3), 200, np.uint8)
    >>> card = np.array([[10, 10], [70, 10], [70, 90], [10, 90]], np.float32)
    >>> triangle = np.array([[40, 20], [65, 85], [15, 85]])
    >>> for k in range(4):
    ...     _ = cv2.fillConvexPoly(frame, triangle + (80 * k, 0), 40)
    >>> row = np.stack([card + (80 * k, 0) for k in range(3)])
    >>> alike(frame, row, np.stack([card + (240, 0), card + (320, 0)])).tolist()  # a fourth, then the table
    [True, False]
    """
    grey: Image = np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame, np.uint8)

    def looks(quads: FloatArray) -> npt.NDArray[np.float64]:
        crops = np.array([rectify(grey, q, LOOK) for q in np.asarray(quads, np.float32).reshape(-1, 4, 2)],
                         np.float64).reshape(-1, LOOK[0] * LOOK[1])
        crops -= crops.mean(axis=1, keepdims=True)
        out: npt.NDArray[np.float64] = crops / np.maximum(np.linalg.norm(crops, axis=1, keepdims=True), 1e-9)
        return out

    seen, asked = looks(cards), looks(places)
    mean = seen.mean(axis=0)
    mean /= max(float(np.linalg.norm(mean)), 1e-9)
    bar = LIKENESS * float(np.median(seen @ mean))
    # A card turned half round is the same card: its crop read backwards.
    same: npt.NDArray[np.bool_] = np.maximum(asked @ mean, asked[:, ::-1] @ mean) >= bar
    return same
