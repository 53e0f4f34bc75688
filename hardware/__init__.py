"""The companion's hardware: camera sources, LED and buzzer signals, buttons.

* Camera: :func:`open_source` (by name, ``$COMPANION_CAMERA`` or detection)
  gives a :class:`CameraSource` of :class:`Frame` values; :func:`open_resilient`
  wraps it so that a lost camera is retried and picked up again
  (:class:`ResilientSource`). :class:`FakeCamera` fails where told.
* Signals: patterns as data (:mod:`hardware.patterns`), :func:`signal_for`
  from a ruling to a pattern, and the sinks :class:`GpioSignals`,
  :class:`ConsoleSignals`, :class:`RecordingSignals`.
* Buttons: :class:`Buttons` turns presses into ``Discard``, ``Undo`` and ``Override`` events.

picamera2 is imported only when a Pi camera is opened, so everything else runs anywhere;
gpiozero's pins are asked for only when a pin or a button is opened.
"""

from hardware.buttons import Buttons
from hardware.fake import FakeCamera
from hardware.frames import CameraSource, Frame
from hardware.patterns import Pattern, Step, describe, discard, signal_for
from hardware.resilient import CameraStatus, ResilientSource
from hardware.signals import ConsoleSignals, GpioSignals, RecordingSignals, Signals, open_signals
from hardware.sources import open_resilient, open_source, parse_spec

__all__ = [
    "Buttons",
    "CameraSource",
    "CameraStatus",
    "ConsoleSignals",
    "FakeCamera",
    "Frame",
    "GpioSignals",
    "Pattern",
    "RecordingSignals",
    "ResilientSource",
    "Signals",
    "Step",
    "describe",
    "discard",
    "open_resilient",
    "open_signals",
    "open_source",
    "parse_spec",
    "signal_for",
]
