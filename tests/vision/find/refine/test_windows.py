"""The refiner's windows: the quad laid on the card in the window, the frame cut about it."""

from __future__ import annotations

import cv2
import numpy as np

from vision.find.refine import (
    CARD_IN_WINDOW,
    WINDOW_SIZE,
    cut_windows,
    to_frame,
    to_window,
    window_transform,
)


def test_windows_lay_the_quad_on_the_card_in_window() -> None:
    quad = np.array([[200, 100], [263, 110], [250, 198], [188, 186]], np.float32)
    h = window_transform(quad)
    mapped = cv2.perspectiveTransform(CARD_IN_WINDOW[None], h)[0]
    assert np.allclose(mapped, quad, atol=1e-3)
    corners = (CARD_IN_WINDOW + np.array([[2, -1], [0, 3], [-4, 1], [1, 1]], np.float32))[None]
    assert np.allclose(to_window(quad[None], to_frame(quad[None], corners)), corners, atol=1e-3)


def test_a_window_shows_the_card_in_its_middle_and_black_off_the_frame() -> None:
    frame = np.zeros((300, 400, 3), np.uint8)
    quad = np.array([[10, 20], [73, 20], [73, 107], [10, 107]], np.float32)
    cv2.fillConvexPoly(frame, quad.astype(np.int32), (255, 255, 255))
    (window,) = cut_windows(frame, quad[None])
    assert window.shape == (WINDOW_SIZE[1], WINDOW_SIZE[0], 3)
    assert window[30:90, 30:66].min() == 255  # the card fills the middle
    assert window[60, :5].max() == 0 and window[:5, 48].max() == 0  # left of and above it: black
