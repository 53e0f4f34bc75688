"""The Raspberry Pi camera, through picamera2: the only module of the companion that imports it.

picamera2 is imported inside the functions, so that everything else runs
where it is not installed. The camera runs two streams of the same picture:
a full-size ``main`` one (``RGB888``, which picamera2 lays out in BGR order,
as OpenCV wants) for the status page, and a small ``lores`` one (``YUV420``,
the one format every Pi model offers for it) for recognition, converted to
BGR here.

picamera2 raises bare ``RuntimeError``, ``IndexError`` and the like; they are
turned into :class:`~companion.errors.CameraUnavailable` when opening and
:class:`~companion.errors.CameraLost` when reading, with a message that
says what to do.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import cv2
import numpy as np

from companion.errors import CameraLost, CameraUnavailable
from companion.text import Text
from hardware.frames import Clock, Frame, Image, SourceBase, as_bgr


def load_picamera2() -> Any:
    """Import picamera2, or raise ``CameraUnavailable`` saying how to install it or fix numpy."""
    try:
        import picamera2  # noqa: PLC0415 (only on a Pi: everything else runs without it)
    except ImportError:
        raise CameraUnavailable(Text("picamera_missing")) from None
    except ValueError as error:
        # simplejpeg from apt is built against Debian's numpy 1.x: numpy 2 in the venv breaks it.
        raise CameraUnavailable(Text("picamera_numpy", numpy=np.__version__, detail=error)) from None
    return picamera2


def list_cameras() -> list[dict[str, Any]]:
    """The Pi cameras libcamera sees (empty when none); raises ``CameraUnavailable`` without picamera2."""
    module = load_picamera2()
    try:
        return list(module.Picamera2.global_camera_info())
    except Exception as error:  # libcamera errors are untyped
        raise CameraUnavailable(Text("picamera_failed", number=0, detail=_detail(error))) from None


class PiCameraSource(SourceBase):
    """Camera number ``number`` of the Pi: a full-size frame and a small one for recognition."""

    def __init__(self, number: int = 0, *, size: tuple[int, int] = (1920, 1080),
                 lores: tuple[int, int] | None = (1280, 720), fps: float | None = 15.0,
                 clock: Clock = time.monotonic) -> None:
        self.name = f"picamera:{number}"
        self.size = size
        self.lores_size = lores
        self._clock = clock
        self._index = 0
        cameras = list_cameras()
        if number >= len(cameras):
            raise CameraUnavailable(Text("picamera_none", number=number, count=len(cameras)))
        module = load_picamera2()
        self._camera: Any = None
        try:
            self._camera = module.Picamera2(number)
            streams: dict[str, Any] = {"main": {"size": tuple(size), "format": "RGB888"}}
            if lores is not None:
                streams["lores"] = {"size": tuple(lores), "format": "YUV420"}
            controls = {"FrameRate": float(fps)} if fps else {}
            config = self._camera.create_video_configuration(**streams, controls=controls)
            self._camera.configure(config)
            self._camera.start()
        except Exception as error:  # picamera2 raises bare RuntimeError, IndexError, ...
            self.close()
            raise CameraUnavailable(Text("picamera_failed", number=number, detail=_detail(error))) from None

    def read(self) -> Frame:
        """The next pair of pictures; raises ``CameraLost`` when the camera stops."""
        if self._camera is None:
            raise CameraLost(Text("camera_closed", source=self.name))
        names = ["main", "lores"] if self.lores_size is not None else ["main"]
        try:
            arrays, _metadata = self._camera.capture_arrays(names)
        except Exception as error:  # a camera unplugged or crashed: libcamera errors are untyped
            raise CameraLost(Text("camera_failed_detail", source=self.name, detail=_detail(error))) from None
        try:
            main = _crop(as_bgr(arrays[0]), self.size)
            small = _yuv420_to_bgr(arrays[1], self.lores_size) if self.lores_size is not None else None
        except (cv2.error, IndexError, ValueError) as error:  # a stream not in the format configured
            raise CameraLost(Text("camera_failed_detail", source=self.name, detail=_detail(error))) from None
        frame = Frame(main, self._clock(), self._index, lores=small)
        self._index += 1
        return frame

    def close(self) -> None:
        """Stop and release the camera (twice is fine)."""
        camera, self._camera = self._camera, None
        if camera is None:
            return
        for step in (camera.stop, camera.close):
            # Closing a camera that already failed: there is nothing more to do about an error here.
            with contextlib.suppress(Exception):
                step()


def _yuv420_to_bgr(array: Any, size: tuple[int, int]) -> Image:
    """A planar YUV 4:2:0 array (height * 3/2 rows, rows maybe padded) as a BGR image of ``size``."""
    yuv = np.ascontiguousarray(np.asarray(array, np.uint8))
    return _crop(np.ascontiguousarray(cv2.cvtColor(yuv, cv2.COLOR_YUV2BGR_I420)), size)


def _crop(image: Image, size: tuple[int, int]) -> Image:
    # picamera2 may pad rows to the hardware's alignment: keep the size asked for.
    width, height = size
    if image.shape[1] > width or image.shape[0] > height:
        return np.ascontiguousarray(image[:height, :width])
    return image


def _detail(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
