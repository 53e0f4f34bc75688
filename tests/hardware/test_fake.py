"""The shipped fakes behave as their documentation says."""

from __future__ import annotations

import pytest

from companion.errors import CameraLost, CameraUnavailable
from hardware.fake import FakeCamera, fake_picamera2
from tests.hardware.conftest import FakeClock


def test_fake_camera_fails_where_told_and_refuses_to_reopen_while_down() -> None:
    camera = FakeCamera(4, lose_at={2}, down_for=2)
    assert [camera.read().index, camera.read().index] == [0, 1]  # type: ignore[union-attr]
    with pytest.raises(CameraLost):
        camera.read()
    with pytest.raises(CameraLost):
        camera.read()  # dead until opened again
    for _ in range(2):
        with pytest.raises(CameraUnavailable, match="still down"):
            camera.reopen()
    assert camera.reopen() is camera
    assert [f.index for f in camera] == [2, 3]
    assert (camera.opens, camera.reads) == (3, 7)


def test_fake_camera_frames_carry_their_number_and_time(clock: FakeClock) -> None:
    frame = FakeCamera(size=(8, 6), fps=None, clock=clock).read()
    assert frame is not None and frame.size == (8, 6) and frame.t == 100.0 and not frame.image.any()


def test_fake_picamera2_counts_cameras_and_fails_on_cue() -> None:
    module = fake_picamera2(cameras=2, fail_after=0)
    assert len(module.Picamera2.global_camera_info()) == 2
    with pytest.raises(IndexError):
        module.Picamera2(2)
    camera = module.Picamera2(1)
    camera.configure(camera.create_video_configuration(main={"size": (8, 6), "format": "RGB888"}))
    with pytest.raises(RuntimeError):
        camera.capture_arrays(["main"])
