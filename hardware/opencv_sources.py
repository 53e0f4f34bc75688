"""Camera sources read with OpenCV: a webcam (``webcam:0``), a video file, a folder of images.

A webcam stamps its frames with the clock; a video stamps them with their
place in the file (frame number / frame rate), and so does a folder given a
frame rate, so that replaying the same file gives the same times.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import cv2

from companion.errors import BadFrame, CameraLost, CameraUnavailable, ImageUnreadable
from companion.text import Text, os_reason
from hardware.frames import Clock, Frame, SourceBase, as_bgr
from vision.images import load_image

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"})
VIDEO_SUFFIXES = frozenset({".mp4", ".avi", ".mkv", ".mov", ".mjpeg", ".mjpg", ".webm", ".m4v", ".h264"})


class _CaptureSource(SourceBase):
    """What a webcam and a video file share: an OpenCV capture, read and released the same way."""

    _capture: Any
    _index: int
    _clock: Clock

    def _next_image(self) -> Any:
        """The capture's next image, or None when it gives none; raises ``CameraLost`` once closed."""
        if self._capture is None:
            raise CameraLost(Text("camera_closed", source=self.name))
        ok, image = self._capture.read()
        return image if ok else None

    def _frame(self, image: Any, t: float) -> Frame:
        frame = Frame(as_bgr(image), t, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        """Release the device or file."""
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class WebcamSource(_CaptureSource):
    """A camera device OpenCV opens by number (``/dev/video<N>`` on Linux)."""

    def __init__(self, index: int = 0, *, size: tuple[int, int] | None = None, fps: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        self.name = f"webcam:{index}"
        self._clock = clock
        self._index = 0
        self._capture: Any = cv2.VideoCapture(index)
        if not self._capture.isOpened():
            self._capture.release()
            raise CameraUnavailable(Text("webcam_unavailable", index=index))
        # A camera may not offer the size or rate asked: it then gives its nearest, which is fine.
        if size is not None:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        if fps is not None:
            self._capture.set(cv2.CAP_PROP_FPS, fps)

    def read(self) -> Frame:
        """The next picture; raises ``CameraLost`` when the device stops giving any."""
        image = self._next_image()
        if image is None:
            raise CameraLost(Text("camera_failed", source=self.name))
        return self._frame(image, self._clock())


class VideoFileSource(_CaptureSource):
    """A video file read frame by frame; ``read()`` returns ``None`` at its end.

    ``start`` skips that many frames first (to pick a file up again where it
    was). Frames are stamped ``index / fps`` with the file's own frame rate,
    or ``fps`` when the file has none, or the clock when neither is known.
    """

    def __init__(self, path: str | Path, *, start: int = 0, fps: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        self.path = Path(path)
        self.name = str(path)
        self._clock = clock
        if not self.path.is_file():
            raise CameraUnavailable(Text("video_missing", path=self.path))
        self._capture: Any = cv2.VideoCapture(str(self.path))
        if not self._capture.isOpened():
            self._capture.release()
            raise CameraUnavailable(Text("video_unreadable", path=self.path))
        own = float(self._capture.get(cv2.CAP_PROP_FPS) or 0.0)
        self.fps: float | None = own if own > 0 else fps
        self._index = 0
        self._identity = _identity(self.path)
        # Grabbing is exact where seeking by frame number is not for every codec.
        while self._index < start and self._capture.grab():
            self._index += 1
        if self._index < start:
            # Picked up again after an outage, the file is shorter than what was read: it was cut
            # or replaced, and going on from its end would skip nothing and say nothing.
            self.close()
            raise CameraUnavailable(Text("video_shorter", path=self.path, frames=self._index, start=start))

    def read(self) -> Frame | None:
        """The next frame, or ``None`` at the end of the file; ``CameraLost`` when the file changed
        while it was read (cut short or rewritten in place), so that it is reported and reopened."""
        image = self._next_image()
        if image is None:
            if _identity(self.path) != self._identity:
                raise CameraLost(Text("video_changed", path=self.path, index=self._index))
            return None
        return self._frame(image, self._index / self.fps if self.fps else self._clock())


def _identity(path: Path) -> tuple[int, int] | None:
    """A file's size and change time, or None when it is gone: what tells it changed since."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key putting ``frame2`` before ``frame10``.

    >>> sorted(["f10.png", "f2.png", "f1.png"], key=natural_key)
    ['f1.png', 'f2.png', 'f10.png']
    """
    return tuple((0, int(part)) if part.isdigit() else (1, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


class FolderSource(SourceBase):
    """The image files of a folder in natural name order, one frame each; ``None`` after the last.

    The folder is listed once, when opened. A file that has disappeared since
    raises ``CameraLost`` (the folder was unplugged); a file that is there but
    cannot be read, or whose header claims more pixels than the budget
    (:func:`vision.images.load_image`), raises :class:`~companion.errors.BadFrame`
    and the next read goes on with the next file. Frames are stamped
    ``index / fps`` when ``fps`` is given, else with the clock.
    """

    def __init__(self, path: str | Path, *, start: int = 0, fps: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        self.path = Path(path)
        self.name = str(path)
        self.fps = fps
        self._clock = clock
        if not self.path.is_dir():
            raise CameraUnavailable(Text("folder_missing", path=self.path))
        try:
            names = [entry.name for entry in self.path.iterdir()
                     if entry.suffix.lower() in IMAGE_SUFFIXES and entry.is_file()]
        except OSError as error:
            raise CameraUnavailable(Text("folder_unreadable", path=self.path,
                                         detail=os_reason(error))) from None
        if not names:
            raise CameraUnavailable(Text("folder_empty", path=self.path,
                                         suffixes=", ".join(sorted(IMAGE_SUFFIXES))))
        self.files = [self.path / name for name in sorted(names, key=natural_key)]
        self._next = start
        self._closed = False

    def read(self) -> Frame | None:
        """The next image, or ``None`` after the last one; ``BadFrame`` for a file that cannot be read."""
        if self._closed:
            raise CameraLost(Text("camera_closed", source=self.name))
        if self._next >= len(self.files):
            return None
        path = self.files[self._next]
        index = self._next
        if not path.is_file():
            raise CameraLost(Text("image_gone", path=path))
        self._next += 1
        try:
            image = load_image(path)
        except ImageUnreadable as error:
            raise BadFrame(error.text, index=index) from None
        t = index / self.fps if self.fps else self._clock()
        return Frame(as_bgr(image), t, index)

    def close(self) -> None:
        """Nothing is held open; later reads raise ``CameraLost``."""
        self._closed = True
