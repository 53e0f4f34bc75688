"""A camera that comes back: failures are reported, retried with back-off, and picked up again.

:class:`ResilientSource` wraps an *opener* (a function that opens the real
source, told how many frames were already read so that a file or a
folder resumes where it was). When the source fails (``CameraLost``, or any
error a frame's read raises other than ``BadFrame``) or cannot be opened
(``CameraUnavailable``, or any other error) it reports a :class:`CameraStatus`
("camera lost" / "caméra perdue"), waits, and tries again, waiting twice as
long each time up to ``max_delay``. The first frame after an outage is
reported too ("camera back"), and frames keep their numbering, so the
companion goes on without restarting. A ``BadFrame`` (one unreadable image
of a folder) is passed on to the reader, who skips it: the source is fine.

``sleep`` is injected so tests never wait for real; by default it waits on
an event that :meth:`ResilientSource.close` sets, so closing from another
thread ends a back-off at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import BadFrame, CameraLost, CameraUnavailable, CompanionError
from companion.text import Text
from hardware.frames import CameraSource, Frame, SourceBase

#: Opens the real source; its argument is the place in the stream to go on from (the frames
#: already read, good or bad).
Opener = Callable[[int], CameraSource]


@dataclass(frozen=True, slots=True)
class CameraStatus:
    """What happened to the camera: lost (with the wait before the next try) or back."""

    lost: bool
    source: str
    text: Text
    #: Failed tries in a row (0 once the camera is back).
    attempt: int
    #: Seconds before the next try, while lost.
    delay: float | None = None


StatusCallback = Callable[[CameraStatus], None]


class ResilientSource(SourceBase):
    """A source that survives its camera failing or disappearing.

    ``read()`` blocks through an outage, trying again with back-off, and
    returns the next frame once the camera is back; it returns ``None`` at
    the end of a file or folder, or once closed. With ``max_attempts`` it
    gives up after that many failed tries in a row and raises ``CameraLost``.
    """

    def __init__(self, opener: Opener, *, name: str, on_status: StatusCallback | None = None,
                 sleep: Callable[[float], object] | None = None, first_delay: float = 0.5,
                 max_delay: float = 30.0, factor: float = 2.0, max_attempts: int | None = None) -> None:
        if first_delay <= 0 or max_delay < first_delay or factor < 1:
            raise ValueError("back-off needs 0 < first_delay <= max_delay and factor >= 1")
        self.name = name
        self._opener = opener
        self._on_status = on_status
        self._stopped = threading.Event()
        self._sleep = sleep or self._stopped.wait
        self._first = first_delay
        self._max = max_delay
        self._factor = factor
        self._max_attempts = max_attempts
        self._lock = threading.Lock()
        self._source: CameraSource | None = None
        self._delivered = 0
        #: Where the source goes on from when opened again: the frames read, bad ones included.
        self._position = 0
        self._attempt = 0
        self._lost = False

    @property
    def lost(self) -> bool:
        """Whether the camera is out at the moment."""
        return self._lost

    def read(self) -> Frame | None:
        """The next frame, waiting through outages; ``None`` at the end or once closed."""
        while not self._stopped.is_set():
            with self._lock:
                failure = self._try_read()
            if isinstance(failure, Frame) or failure is None:
                return failure
            self._failed(failure)
        return None

    def _try_read(self) -> Frame | CompanionError | None:
        """A frame, ``None`` at the end, or the error that made this try fail."""
        if self._stopped.is_set():
            return None
        if self._source is None:
            try:
                self._source = self._opener(self._position)
            except CameraUnavailable as error:
                return error
            except Exception as error:  # a device that fails to open in its own way: try again
                return CameraUnavailable(_failed_text(self.name, error))
        try:
            frame = self._source.read()
        except BadFrame as error:
            self._position = max(self._position, error.index + 1)
            raise
        except CameraLost as error:
            self._drop()
            return error
        except Exception as error:
            # A read that fails in a way of its own (an OpenCV error...) is a lost camera too: the
            # camera is opened again after a wait, rather than the same read failing in a loop.
            self._drop()
            return CameraLost(_failed_text(self.name, error))
        if frame is None:
            return None
        self._position = max(self._position, frame.index + 1)
        if self._lost:
            self._lost = False
            self._attempt = 0
            self._report(CameraStatus(False, self.name, Text("camera_back", source=self.name), 0))
        frame = Frame(frame.image, frame.t, self._delivered, frame.lores)
        self._delivered += 1
        return frame

    def _failed(self, error: CompanionError) -> None:
        self._lost = True
        self._attempt += 1
        if self._max_attempts is not None and self._attempt >= self._max_attempts:
            self._report(CameraStatus(True, self.name, Text("camera_gave_up", source=self.name,
                                                              attempts=self._attempt, detail=error.text),
                                      self._attempt))
            raise CameraLost(Text("camera_gave_up", source=self.name, attempts=self._attempt,
                                  detail=error.text))
        delay = min(self._first * self._factor ** (self._attempt - 1), self._max)
        self._report(CameraStatus(True, self.name, Text("camera_lost", source=self.name, detail=error.text,
                                                          delay=f"{delay:g}"), self._attempt, delay))
        self._sleep(delay)

    def _report(self, status: CameraStatus) -> None:
        if self._on_status is not None:
            self._on_status(status)

    def _drop(self) -> None:
        source, self._source = self._source, None
        if source is not None:
            source.close()

    def close(self) -> None:
        """Stop: a back-off under way ends, later reads return ``None``; twice is fine."""
        self._stopped.set()
        with self._lock:
            self._drop()


def _failed_text(source: str, error: Exception) -> Text:
    """Why a source failed, for an error that is not the companion's own."""
    return Text("camera_failed_detail", source=source, detail=f"{type(error).__name__}: {error}")
