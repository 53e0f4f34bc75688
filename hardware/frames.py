"""What a camera gives: :class:`Frame` values, and the one small protocol every camera source follows.

A source is read one frame at a time. ``read()`` returns the next
:class:`Frame`, returns ``None`` at the end of a video file or an image
folder (a live camera never ends), and raises
:class:`~companion.errors.CameraLost` when the device fails. Every source is
a context manager, iterates over its frames, and may be closed twice.

>>> import numpy as np
>>> frame = Frame(np.zeros((4, 6, 3), np.uint8), t=0.5, index=3)
>>> frame.size, frame.recognition_image.shape
((6, 4), (4, 6, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
#: A clock: seconds as a float, only differences matter (``time.monotonic`` by default).
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture from a camera: a BGR uint8 image, when it was taken, its number in the stream.

    ``t`` is seconds from the source's clock (live cameras) or the position
    in the file (videos and folders with a known frame rate). ``lores`` is a
    smaller copy of the same picture where the camera makes one (the Pi
    camera's second stream), for recognition.
    """

    image: Image
    t: float
    index: int
    lores: Image | None = None

    def __post_init__(self) -> None:
        for name in ("image", "lores"):
            value = getattr(self, name)
            if value is None and name == "lores":
                continue
            if not isinstance(value, np.ndarray) or value.dtype != np.uint8 or value.ndim != 3 \
                    or value.shape[2] != 3:
                raise ValueError(f"Frame.{name} must be an (H, W, 3) uint8 BGR array")

    @property
    def size(self) -> tuple[int, int]:
        """The main image's (width, height)."""
        return int(self.image.shape[1]), int(self.image.shape[0])

    @property
    def recognition_image(self) -> Image:
        """The image to find and read cards on: the small stream when there is one."""
        return self.lores if self.lores is not None else self.image


@runtime_checkable
class CameraSource(Protocol):
    """Anything that gives frames: a Pi camera, a webcam, a video, a folder, a synthetic table."""

    #: How the source was named (``"webcam:0"``, a path, ``"synthetic"``), for messages.
    name: str

    def read(self) -> Frame | None:
        """The next frame; ``None`` at the end of a file or folder; raises ``CameraLost``."""
        ...

    def close(self) -> None:
        """Release the device or file; calling it again does nothing."""
        ...

    def __enter__(self) -> CameraSource: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...

    def __iter__(self) -> Iterator[Frame]: ...


class SourceBase:
    """The context-manager and iteration parts shared by the shipped sources."""

    name: str = "?"

    def read(self) -> Frame | None:  # pragma: no cover - every source overrides it
        """The next frame, or ``None`` at the end."""
        raise NotImplementedError

    def close(self) -> None:
        """Release what the source holds (nothing here)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __iter__(self) -> Iterator[Frame]:
        """Every frame until the end of the stream (forever for a live camera)."""
        while (frame := self.read()) is not None:
            yield frame

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def as_bgr(image: npt.NDArray[np.generic]) -> Image:
    """A frame image as the (H, W, 3) uint8 BGR array the pipeline expects (grey is expanded)."""
    array = np.asarray(image)
    if array.dtype != np.uint8:
        array = np.clip(array, 0, 255).astype(np.uint8)
    if array.ndim == 2:
        return np.ascontiguousarray(cv2.cvtColor(array, cv2.COLOR_GRAY2BGR))
    if array.ndim == 3 and array.shape[2] == 4:
        return np.ascontiguousarray(cv2.cvtColor(array, cv2.COLOR_BGRA2BGR))
    return np.ascontiguousarray(array)
