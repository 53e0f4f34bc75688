"""The refiner's window about a quad: cut from the frame, and corners carried between it and the frame."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import (
    FloatArray,
    Image,
)

#: The window the refiner sees, (width, height) pixels.
WINDOW_SIZE = (96, 120)
#: Where a found quad's corners land in its window (pixel centres, corners in order): a card of
#: 63 by 87 pixels, about a millimetre a pixel, centred, with 16 pixels all round.
CARD_IN_WINDOW = np.array([[16, 16], [79, 16], [79, 103], [16, 103]], np.float32)


def window_transform(quad: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The homography from window pixels to frame pixels that lays :data:`CARD_IN_WINDOW` on
    ``quad`` (corners in order).

    >>> square = CARD_IN_WINDOW + 100
    >>> window_transform(square).round(6).tolist()[0]
    [1.0, 0.0, 100.0]
    """
    q = np.asarray(quad, np.float32).reshape(4, 2)
    return np.asarray(cv2.getPerspectiveTransform(CARD_IN_WINDOW, q), np.float64)


def cut_windows(frame: Image, quads: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The window (N, H, W, 3) of ``frame`` around each quad (N, 4, 2): see :func:`window_transform`.
    Outside the frame the window is black."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    w, h = WINDOW_SIZE
    out = np.zeros((len(q), h, w, 3), np.uint8)
    for k, quad in enumerate(q):
        out[k] = cv2.warpPerspective(frame, window_transform(quad), (w, h),
                                     flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                     borderMode=cv2.BORDER_CONSTANT)
    return out


def to_frame(quads: npt.ArrayLike, corners: npt.ArrayLike) -> FloatArray:
    """Corners (N, 4, 2) given in the windows of ``quads`` (N, 4, 2), in frame pixels.

    >>> quad = (CARD_IN_WINDOW * 2 + 10)[None]
    >>> to_frame(quad, CARD_IN_WINDOW[None] + 1)[0, 0].tolist()
    [44.0, 44.0]
    """
    return _carry(quads, corners, to_window=False)


def to_window(quads: npt.ArrayLike, corners: npt.ArrayLike) -> FloatArray:
    """Corners (N, 4, 2) given in frame pixels, in the windows of ``quads``: :func:`to_frame`'s inverse.

    >>> quad = (CARD_IN_WINDOW * 2 + 10)[None]
    >>> to_window(quad, to_frame(quad, CARD_IN_WINDOW[None] + 1))[0, 0].round(4).tolist()
    [17.0, 17.0]
    """
    return _carry(quads, corners, to_window=True)


def _carry(quads: npt.ArrayLike, corners: npt.ArrayLike, *, to_window: bool) -> FloatArray:
    """Each quad's corners carried through its :func:`window_transform`, or its inverse."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    c = np.asarray(corners, np.float32).reshape(-1, 4, 2)
    out = np.empty_like(c)
    for k in range(len(q)):
        transform = window_transform(q[k])
        out[k] = cv2.perspectiveTransform(c[k][None], np.linalg.inv(transform) if to_window else transform)[0]
    return out
