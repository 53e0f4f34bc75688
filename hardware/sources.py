"""Choosing and opening a camera source from its name.

A source is named by a string, from the command line, then the environment
variable ``COMPANION_CAMERA``, then the configuration (``configured``); with none of them (or
``auto``) the companion looks for one itself and warns which it took:
a Pi camera when picamera2 sees one, else ``/dev/video0``, else the synthetic
table. The names:

=============================  =============================================
``picamera`` / ``picamera:N``  the Pi camera (number N)
``webcam:N`` / ``/dev/videoN`` an OpenCV camera device
``synthetic[:GAME[:SEED]]``    rendered tables (default tranquility, seed 0)
a video file                   ``video:PATH`` to say so where the name is odd
a folder of images             ``folder:PATH`` likewise
=============================  =============================================

>>> parse_spec("webcam:2")
SourceSpec(kind='webcam', number=2, path=None, game='tranquility', seed=0)
>>> parse_spec("synthetic:ascension:7").game
'ascension'
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path

from companion.config import FORMS, SourceSpec, parse_spec
from companion.errors import CameraUnavailable, HardwareWarning
from companion.text import Text
from hardware.frames import CameraSource, Clock
from hardware.opencv_sources import FolderSource, VideoFileSource, WebcamSource
from hardware.picamera import PiCameraSource, list_cameras
from hardware.resilient import ResilientSource, StatusCallback
from hardware.synthetic import SyntheticSource

__all__ = ["FORMS", "SourceSpec", "choose_spec", "detect", "open_resilient", "open_source", "open_spec",
           "parse_spec"]

ENV_VAR = "COMPANION_CAMERA"
def choose_spec(spec: str | None, env: Mapping[str, str] | None = None, devices: Path = Path("/dev"),
                configured: str | None = None) -> tuple[str, Text | None]:
    """The source to open: ``spec`` (an argument), else ``$COMPANION_CAMERA``, else ``configured``
    (the configuration's ``camera.source``), else what is found; ``auto`` counts as not named.

    Returns the name and, when it was found rather than named, why it was
    chosen (the text of the warning :func:`open_source` gives).
    """
    env = os.environ if env is None else env
    for given in (spec, env.get(ENV_VAR), configured):
        if given and given.strip() and given.strip() != "auto":
            return given.strip(), None
    return detect(devices)


def detect(devices: Path = Path("/dev")) -> tuple[str, Text]:
    """The camera this machine has: a Pi camera, else the first webcam, else the synthetic table."""
    try:
        if list_cameras():
            return "picamera", Text("camera_found_picamera")
        why = Text("camera_no_picamera_seen")
    except CameraUnavailable as error:
        why = error.text
    if (devices / "video0").exists():
        return "webcam:0", Text("camera_found_webcam", why=why)
    return "synthetic", Text("camera_found_nothing", why=why)


def open_spec(spec: SourceSpec, *, size: tuple[int, int] = (1280, 720), lores: tuple[int, int] | None = None,
              fps: float | None = None, start: int = 0, clock: Clock = time.monotonic) -> CameraSource:
    """Open a parsed source; ``start`` frames of a file or folder are skipped (to resume)."""
    if spec.kind == "picamera":
        return PiCameraSource(spec.number, size=size, lores=lores, fps=fps, clock=clock)
    if spec.kind == "synthetic":
        return SyntheticSource(spec.game, spec.seed, size=size, fps=fps, clock=clock)
    if spec.kind == "webcam":
        return WebcamSource(spec.number, size=size, fps=fps, clock=clock)
    assert spec.path is not None
    if spec.kind == "folder":
        return FolderSource(spec.path, start=start, fps=fps, clock=clock)
    return VideoFileSource(spec.path, start=start, fps=fps, clock=clock)


def open_source(spec: str | None = None, *, size: tuple[int, int] = (1280, 720),
                lores: tuple[int, int] | None = None, fps: float | None = None,
                clock: Clock = time.monotonic, env: Mapping[str, str] | None = None,
                devices: Path = Path("/dev"), configured: str | None = None) -> CameraSource:
    """Open the source named ``spec`` (a video, a folder, ``webcam:0``, ...), or the one found.

    ``size`` is what a camera is asked for and what the synthetic table is
    rendered at; ``lores`` the Pi camera's small stream; ``fps`` a camera's
    rate, or the rate that stamps a folder's (or the synthetic table's)
    frames. ``configured`` is the configuration's ``camera.source``, used
    after ``$COMPANION_CAMERA``; ``env`` and ``devices`` stand for the
    environment and ``/dev`` (for tests). Raises ``CameraUnavailable`` when it cannot be opened; warns
    (:class:`~companion.errors.HardwareWarning`) when the source was found
    rather than named.

    >>> open_source("nowhere/table.mp4")
    Traceback (most recent call last):
    companion.errors.CameraUnavailable: no video file nowhere/table.mp4
    """
    name, why = choose_spec(spec, env, devices, configured)
    if why is not None:
        warnings.warn(HardwareWarning(Text("camera_chosen", source=name, why=why)), stacklevel=2)
    return open_spec(parse_spec(name), size=size, lores=lores, fps=fps, clock=clock)


def open_resilient(spec: str | None = None, *, on_status: StatusCallback | None = None,
                   size: tuple[int, int] = (1280, 720), lores: tuple[int, int] | None = None,
                   fps: float | None = None, clock: Clock = time.monotonic,
                   env: Mapping[str, str] | None = None, devices: Path = Path("/dev"),
                   configured: str | None = None,
                   sleep: Callable[[float], object] | None = None,
                   first_delay: float = 0.5, max_delay: float = 30.0) -> ResilientSource:
    """Like :func:`open_source`, wrapped so that a lost camera is retried and picked up again.

    ``sleep``, ``first_delay`` and ``max_delay`` are :class:`ResilientSource`'s.
    A bad source name still raises at once: no wait will fix it.
    """
    name, why = choose_spec(spec, env, devices, configured)
    if why is not None:
        warnings.warn(HardwareWarning(Text("camera_chosen", source=name, why=why)), stacklevel=2)
    parsed = parse_spec(name)

    def opener(delivered: int) -> CameraSource:
        return open_spec(parsed, size=size, lores=lores, fps=fps, start=delivered, clock=clock)

    return ResilientSource(opener, name=name, on_status=on_status, sleep=sleep, first_delay=first_delay,
                           max_delay=max_delay)
