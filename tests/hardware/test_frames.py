"""Frames and the source protocol: checked images, sizes, the recognition image, iteration, closing."""

from __future__ import annotations

import numpy as np
import pytest

from hardware.fake import FakeCamera
from hardware.frames import CameraSource, Frame, as_bgr


def test_frame_holds_a_bgr_image_its_time_and_number() -> None:
    image = np.zeros((4, 6, 3), np.uint8)
    frame = Frame(image, t=1.25, index=7)
    assert frame.size == (6, 4)
    assert (frame.t, frame.index) == (1.25, 7)
    assert frame.recognition_image is image


def test_frame_prefers_the_small_stream_for_recognition() -> None:
    small = np.ones((2, 3, 3), np.uint8)
    frame = Frame(np.zeros((4, 6, 3), np.uint8), 0.0, 0, lores=small)
    assert frame.recognition_image is small
    assert frame.size == (6, 4)


@pytest.mark.parametrize("image", [
    np.zeros((4, 6), np.uint8),            # grey: not a frame until expanded
    np.zeros((4, 6, 3), np.float32),       # not uint8
    np.zeros((4, 6, 4), np.uint8),         # BGRA
    [[0, 0, 0]],                            # not an array
])
def test_frame_refuses_what_is_not_a_bgr_image(image: object) -> None:
    with pytest.raises(ValueError, match="uint8 BGR"):
        Frame(image, 0.0, 0)  # type: ignore[arg-type]


def test_frame_refuses_a_bad_small_image() -> None:
    with pytest.raises(ValueError, match="lores"):
        Frame(np.zeros((4, 6, 3), np.uint8), 0.0, 0, lores=np.zeros((2, 3), np.uint8))


def test_as_bgr_expands_grey_and_drops_alpha() -> None:
    grey = np.full((2, 2), 9, np.uint8)
    assert as_bgr(grey).shape == (2, 2, 3) and int(as_bgr(grey)[0, 0, 2]) == 9
    bgra = np.zeros((2, 2, 4), np.uint8)
    bgra[..., 0] = 5
    assert as_bgr(bgra).shape == (2, 2, 3) and int(as_bgr(bgra)[1, 1, 0]) == 5
    assert as_bgr(np.full((1, 1, 3), 300.0)).dtype == np.uint8


def test_a_source_iterates_until_the_end_and_closes_on_leaving_the_block() -> None:
    camera = FakeCamera(4)
    assert isinstance(camera, CameraSource)
    with camera as source:
        assert [frame.index for frame in source] == [0, 1, 2, 3]
    assert camera.closes == 1
    camera.close()
    assert camera.closes == 1  # closing twice does nothing more
