"""Cards drawn where a test wants them, shared by the finder's tests."""

from __future__ import annotations

import cv2
import numpy as np

from vision.find.detect import order_corners


def card_at(cx: float, cy: float, width: float, angle: float) -> np.ndarray:
    """A card quad (ordered) of ``width`` pixels centred on (cx, cy), turned ``angle`` degrees."""
    rect = ((cx, cy), (width, width * 88 / 63), angle)
    return order_corners(cv2.boxPoints(rect))
