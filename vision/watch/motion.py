"""Following a moved camera: how the table moved between two frames."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.watch.geometry import Image, Matrix


def register(before: Image, after: Image, *, features: int = 1500,
             region: npt.NDArray[np.float64] | None = None) -> Matrix | None:
    """The homography taking pixels of ``before`` to ``after`` (two grey images of one table),
    or None when they cannot be matched (too different, or too little texture).

    ``region`` (a polygon of ``before``'s pixels) keeps the features to where the cards lie: a
    tiled or checked table repeats itself, the cards do not.
    """
    orb = cv2.ORB.create(features)
    masks: list[Image | None] = [None, None]
    if region is not None:
        for k, grow in enumerate((0.0, 0.08)):
            mask = np.zeros(before.shape[:2], np.uint8)
            centre = region.mean(axis=0)
            cv2.fillPoly(mask, [np.round(centre + (region - centre) * (1 + grow)).astype(np.int32)], 255)
            masks[k] = mask
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
