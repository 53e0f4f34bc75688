"""The camera preview the page shows: the latest JPEG with the detected cards drawn on it.

The live loop publishes a picture now and then; the page fetches
``/camera.jpg``. Without a camera nothing is ever published and the page
shows a placeholder.

>>> preview = Preview()
>>> preview.latest() is None
True
>>> preview.publish(b"\\xff\\xd8 jpeg")
>>> preview.latest()
(1, b'\\xff\\xd8 jpeg')
"""

from __future__ import annotations

import threading


class Preview:
    """Holds the latest camera picture (JPEG bytes) and counts the pictures published."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jpeg: bytes | None = None
        self._count = 0

    def publish(self, jpeg: bytes) -> None:
        """Replace the picture."""
        with self._lock:
            self._jpeg = jpeg
            self._count += 1

    def clear(self) -> None:
        """Forget the picture (the camera was lost): the page shows the placeholder."""
        with self._lock:
            self._jpeg = None

    def latest(self) -> tuple[int, bytes] | None:
        """The picture's number and bytes, or None when there is none."""
        with self._lock:
            return None if self._jpeg is None else (self._count, self._jpeg)
