"""Fakes of the camera side, shipped with the code as gpiozero ships its mock pins.

* :class:`FakeCamera`: a scripted camera that fails mid-stream and comes back,
  to test :class:`~hardware.resilient.ResilientSource` and whatever reads frames.
* :func:`fake_picamera2`: a stand-in for the ``picamera2`` module, to put in
  ``sys.modules`` where no Pi camera exists.

>>> camera = FakeCamera(3)
>>> [frame.index for frame in camera]
[0, 1, 2]
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import numpy as np

from companion.errors import CameraLost, CameraUnavailable
from companion.text import Text
from hardware.frames import Clock, Frame, SourceBase


class FakeCamera(SourceBase):
    """A camera that plays ``frames`` frames (forever when ``None``) and fails where told.

    Frame *k* is a ``size`` image filled with the value ``k % 256``, so a test
    sees which frame came. Reading frame *k* for *k* in ``lose_at`` raises
    ``CameraLost`` once; the camera then refuses the next ``down_for`` calls
    to :meth:`reopen` (raising ``CameraUnavailable``), then comes back at
    frame *k*: the device kept its place. Frames are stamped ``index / fps``,
    or with ``clock`` when ``fps`` is ``None``.
    """

    def __init__(self, frames: int | None = None, *, size: tuple[int, int] = (32, 24),
                 lose_at: Iterable[int] = (), down_for: int = 1, fps: float | None = 10.0,
                 clock: Clock = time.monotonic, name: str = "fake") -> None:
        self.name = name
        self.frames = frames
        self.size = size
        self.fps = fps
        self._clock = clock
        self._lose_at = set(lose_at)
        self._down_for = down_for
        self._down = 0
        self._dead = False
        self._closed = False
        self._next = 0
        #: How many times the camera was opened again, closed, and read (failed reads included).
        self.opens = 0
        self.closes = 0
        self.reads = 0

    def reopen(self, delivered: int = 0) -> FakeCamera:
        """Open the camera again (an opener for ``ResilientSource``); fails while it is down."""
        self.opens += 1
        if self._down > 0:
            self._down -= 1
            raise CameraUnavailable(Text("camera_fake_down", source=self.name))
        self._dead = False
        self._closed = False
        return self

    def read(self) -> Frame | None:
        """The next frame, ``None`` after the last, or ``CameraLost`` where scripted."""
        self.reads += 1
        if self._closed or self._dead:
            raise CameraLost(Text("camera_closed", source=self.name))
        if self._next in self._lose_at:
            self._lose_at.discard(self._next)
            self._dead = True
            self._down = self._down_for
            raise CameraLost(Text("camera_failed", source=self.name))
        if self.frames is not None and self._next >= self.frames:
            return None
        width, height = self.size
        image = np.full((height, width, 3), self._next % 256, np.uint8)
        t = self._next / self.fps if self.fps else self._clock()
        frame = Frame(image, t, self._next)
        self._next += 1
        return frame

    def close(self) -> None:
        """Close; :meth:`reopen` opens it again."""
        if not self._closed:
            self.closes += 1
        self._closed = True


def fake_picamera2(cameras: int = 1, *, fail_after: int | None = None,
                   main_shape: tuple[int, int] | None = None) -> ModuleType:
    """A module standing in for ``picamera2``: ``cameras`` cameras whose capture fails after
    ``fail_after`` frames. Its ``log`` list records every call made to the cameras.

    ``main_shape`` (height, width) makes the main stream come larger than configured,
    as picamera2 does when it pads rows.
    """
    module = ModuleType("picamera2")
    log: list[tuple[str, Any]] = []

    class Picamera2:
        """The calls the companion makes, recorded; frames are a gradient with the frame number."""

        @staticmethod
        def global_camera_info() -> list[dict[str, Any]]:
            return [{"Model": "imx708", "Num": n} for n in range(cameras)]

        def __init__(self, number: int = 0) -> None:
            if number >= cameras:
                raise IndexError("list index out of range")
            log.append(("open", number))
            self.config: dict[str, Any] = {}
            self.frames = 0

        def create_video_configuration(self, main: dict[str, Any], lores: dict[str, Any] | None = None,
                                       controls: dict[str, Any] | None = None) -> dict[str, Any]:
            return {"main": main, "lores": lores, "controls": controls or {}}

        def configure(self, config: dict[str, Any]) -> None:
            log.append(("configure", config))
            self.config = config

        def start(self) -> None:
            log.append(("start", None))

        def capture_arrays(self, names: list[str]) -> tuple[list[Any], dict[str, Any]]:
            if fail_after is not None and self.frames >= fail_after:
                raise RuntimeError("Camera frontend has timed out!")
            self.frames += 1
            arrays: list[Any] = []
            for name in names:
                width, height = self.config[name]["size"]
                if self.config[name]["format"] == "YUV420":
                    # Mid-grey with no colour: Y = 128, U = V = 128.
                    arrays.append(np.full((height * 3 // 2, width), 128, np.uint8))
                else:
                    shape = main_shape or (height, width)
                    image = np.zeros((*shape, 3), np.uint8)
                    image[..., 2] = self.frames % 256  # red channel in BGR order
                    arrays.append(image)
            return arrays, {"SensorTimestamp": self.frames}

        def stop(self) -> None:
            log.append(("stop", None))

        def close(self) -> None:
            log.append(("close", None))

    module.Picamera2 = Picamera2  # type: ignore[attr-defined]
    module.log = log  # type: ignore[attr-defined]
    return module
