"""The Pi camera module against a fake picamera2 put in sys.modules (no Pi camera here)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from companion.errors import CameraLost, CameraUnavailable
from hardware.fake import fake_picamera2
from hardware.picamera import PiCameraSource, list_cameras, load_picamera2
from tests.hardware.conftest import FakeClock


def install(monkeypatch: pytest.MonkeyPatch, module: ModuleType | None) -> Any:
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return module


def test_two_streams_are_configured_and_read_as_bgr(monkeypatch: pytest.MonkeyPatch,
                                                    clock: FakeClock) -> None:
    fake = install(monkeypatch, fake_picamera2())
    with PiCameraSource(0, size=(640, 480), lores=(320, 240), fps=20, clock=clock) as camera:
        frame = camera.read()
        clock.advance(0.05)
        second = camera.read()
    config = next(arg for call, arg in fake.log if call == "configure")
    assert config["main"] == {"size": (640, 480), "format": "RGB888"}
    assert config["lores"] == {"size": (320, 240), "format": "YUV420"}
    assert config["controls"] == {"FrameRate": 20.0}
    assert frame.image.shape == (480, 640, 3) and int(frame.image[0, 0, 2]) == 1
    assert frame.lores is not None and frame.lores.shape == (240, 320, 3)
    # Y = U = V = 128 is mid-grey in every channel.
    assert np.abs(frame.lores.astype(int) - 128).max() <= 2
    assert frame.recognition_image is frame.lores
    assert (frame.t, second.t, second.index) == (100.0, 100.05, 1)
    assert [call for call, _ in fake.log] == ["open", "configure", "start", "stop", "close"]


def test_without_a_small_stream_only_main_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = install(monkeypatch, fake_picamera2())
    frame = PiCameraSource(size=(64, 48), lores=None, fps=None).read()
    config = next(arg for call, arg in fake.log if call == "configure")
    assert config["lores"] is None and config["controls"] == {}
    assert frame.lores is None and frame.recognition_image is frame.image


def test_padded_rows_are_cropped_to_the_size_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, fake_picamera2(main_shape=(50, 80)))
    assert PiCameraSource(size=(64, 48), lores=(32, 24)).read().image.shape == (48, 64, 3)


def test_a_camera_that_stops_is_lost_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, fake_picamera2(fail_after=1))
    camera = PiCameraSource(size=(64, 48), lores=(32, 24))
    camera.read()
    with pytest.raises(CameraLost, match=r"stopped giving pictures .*timed out"):
        camera.read()
    camera.close()
    camera.close()
    with pytest.raises(CameraLost, match="closed"):
        camera.read()


def test_no_pi_camera_says_how_to_check(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, fake_picamera2(cameras=0))
    assert list_cameras() == []
    with pytest.raises(CameraUnavailable) as caught:
        PiCameraSource(0)
    assert "rpicam-hello --list-cameras" in caught.value.text.en
    assert "vérifiez la nappe" in caught.value.text.fr


def test_a_second_camera_that_is_not_there(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, fake_picamera2(cameras=1))
    with pytest.raises(CameraUnavailable, match="no Pi camera 1: 1 found"):
        PiCameraSource(1)


def test_picamera2_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, None)  # None in sys.modules: `import picamera2` raises ImportError
    with pytest.raises(CameraUnavailable) as caught:
        load_picamera2()
    assert "sudo apt install python3-picamera2" in caught.value.text.en
    assert "--system-site-packages" in caught.value.text.fr


class _NumpyMismatch:
    """An import hook failing as the apt simplejpeg does under numpy 2."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: object = None) -> ModuleSpec | None:
        if name == "picamera2":
            raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")
        return None


def test_picamera2_broken_by_numpy_2_says_to_pin_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NumpyMismatch(), *sys.meta_path])
    with pytest.raises(CameraUnavailable) as caught:
        list_cameras()
    assert "pip install 'numpy<2'" in caught.value.text.en
    assert f"numpy {np.__version__}" in caught.value.text.fr


def test_a_camera_failing_to_start_is_released_and_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = install(monkeypatch, fake_picamera2())

    def busy(self: object) -> None:
        raise RuntimeError("Failed to acquire camera: Device or resource busy")

    monkeypatch.setattr(fake.Picamera2, "start", busy)
    with pytest.raises(CameraUnavailable, match=r"cannot start .*resource busy.*another program"):
        PiCameraSource(size=(64, 48), lores=(32, 24))
    assert [call for call, _ in fake.log][-2:] == ["stop", "close"]
