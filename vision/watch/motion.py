"""Following a moved camera: how the table moved between two frames."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.watch.geometry import Image, Matrix

#: The least correlation of two pictures registered by their pixels (:func:`_by_pixels`).
PIXEL_MATCH = 0.85


def register(before: Image, after: Image, *, features: int = 1500,
             region: npt.NDArray[np.float64] | None = None, pixels: bool = True) -> Matrix | None:
    """The homography taking pixels of ``before`` to ``after`` (two grey images of one table),
    or None when they cannot be matched (too different, or too little texture).

    ``region`` (a polygon of ``before``'s pixels) keeps the features to where the cards lie: a
    tiled or checked table repeats itself, the cards do not. Where too few features match (a
    bare tiled table), the pictures' pixels themselves are aligned, with ``pixels``: not where
    cards lie, which place the table better than a repeating table's pixels.
    """
    masks = _masks(before, region)
    found = _by_features(before, after, masks, features)
    return found if found is not None or not pixels else _by_pixels(before, after, masks[0])


def _masks(before: Image, region: npt.NDArray[np.float64] | None) -> list[Image | None]:
    """The region as masks of ``before`` and of the picture after (grown a little: it moved)."""
    masks: list[Image | None] = [None, None]
    if region is not None:
        for k, grow in enumerate((0.0, 0.08)):
            mask = np.zeros(before.shape[:2], np.uint8)
            centre = region.mean(axis=0)
            cv2.fillPoly(mask, [np.round(centre + (region - centre) * (1 + grow)).astype(np.int32)], 255)
            masks[k] = mask
    return masks


def _by_features(before: Image, after: Image, masks: list[Image | None], features: int) -> Matrix | None:
    """The homography of ORB features matched between the pictures, or None."""
    orb = cv2.ORB.create(features)
    ka, da = orb.detectAndCompute(before, masks[0])
    kb, db = orb.detectAndCompute(after, masks[1])
    if da is None or db is None or len(ka) < 20 or len(kb) < 20:
        return None
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING, crossCheck=True)
    matches = matcher.match(da, db)
    if len(matches) < 20:
        return None
    src = np.array([ka[m.queryIdx].pt for m in matches], np.float32)
    dst = np.array([kb[m.trainIdx].pt for m in matches], np.float32)
    matrix, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 3.0)
    if matrix is None or int(inliers.sum()) < max(20, len(matches) // 5):
        return None
    return np.asarray(matrix, np.float64)


def _by_pixels(before: Image, after: Image, mask: Image | None) -> Matrix | None:
    """A turn, shift and scale aligning the pictures' pixels (ECC, from no move: a knock is small;
    at half size first, so that a repeating table's pattern does not catch it a tile off), or None
    when they do not correlate well once aligned (a checked table's squares: no alignment)."""
    warp = np.eye(2, 3, dtype=np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 60, 1e-4)
    where = np.full(before.shape[:2], 255, np.uint8) if mask is None else mask
    score = 0.0
    for scale in (0.5, 1.0):
        size = (max(1, round(before.shape[1] * scale)), max(1, round(before.shape[0] * scale)))
        a, b = (cv2.resize(image, size, interpolation=cv2.INTER_AREA).astype(np.float32)
                for image in (before, after))
        m = cv2.resize(where, size, interpolation=cv2.INTER_NEAREST)
        if scale == 1.0:
            warp[:, 2] *= 2.0  # the half size's shift, in whole pixels
        try:
            score, found = cv2.findTransformECC(a, b, warp, cv2.MOTION_AFFINE, criteria, m, 5)
        except cv2.error:
            return None  # no convergence: a picture without texture to align
        warp = np.asarray(found, np.float32)
    move = np.asarray(warp, np.float64)
    if not np.isfinite(move).all() or score < PIXEL_MATCH:
        return None
    # ECC finds W with after(W(x)) = before(x): W takes ``before``'s pixels to ``after``'s.
    return np.vstack([move, [0.0, 0.0, 1.0]])
