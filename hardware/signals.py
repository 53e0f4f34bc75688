"""Signal sinks: the LEDs and buzzer on gpiozero, the console in words, and a recorder for tests.

Every sink has ``play(pattern)``, ``clear()`` and ``close()``. The patterns
and :func:`signal_for` (ruling to pattern) are in :mod:`hardware.patterns`
and re-exported here.

:class:`GpioSignals` plays on a background thread: ``play`` returns at once,
a new signal interrupts the one playing, and ``close`` stops the thread and
leaves every pin off. ``scale`` multiplies every step's duration (0 in tests:
the pins go through exactly the same states, without waiting), and
``on_step`` is told each step as it starts.

>>> import io
>>> out = io.StringIO()
>>> ConsoleSignals(out, lang="en").play(LEGAL)
>>> out.getvalue()
'[signal] legal: green 1 s\\n'
"""

from __future__ import annotations

import sys
import threading
import warnings
from collections.abc import Callable
from typing import IO, Any, Protocol

from gpiozero import LED, RGBLED, Buzzer, TonalBuzzer

from companion.config import Config, PinsConfig
from companion.errors import GpioUnavailable, HardwareWarning
from companion.text import Lang, Text
from hardware.gpio import default_pin_factory
from hardware.patterns import (
    CAMERA_BACK,
    CAMERA_LOST,
    FRAME_SKIPPED,
    GAME_LOST,
    GAME_WON,
    ILLEGAL,
    LEGAL,
    OFF,
    REFUSED,
    UNSURE,
    Output,
    Pattern,
    describe,
    discard,
    signal_for,
)

__all__ = [
    "CAMERA_BACK",
    "CAMERA_LOST",
    "FRAME_SKIPPED",
    "GAME_LOST",
    "GAME_WON",
    "ILLEGAL",
    "LEGAL",
    "OFF",
    "REFUSED",
    "UNSURE",
    "ConsoleSignals",
    "GpioSignals",
    "RecordingSignals",
    "Signals",
    "discard",
    "open_signals",
    "signal_for",
]

#: Notes a tonal buzzer plays for the short beep and for the low warning tone.
BEEP_NOTE = "A5"
TONE_NOTE = "A3"
#: An RGB LED's colour for each light: green and red together show amber.
COLOURS: dict[frozenset[str], tuple[float, float, float]] = {
    frozenset(): (0.0, 0.0, 0.0),
    frozenset({"green"}): (0.0, 1.0, 0.0),
    frozenset({"red"}): (1.0, 0.0, 0.0),
    frozenset({"green", "red"}): (1.0, 0.5, 0.0),
}


class Signals(Protocol):
    """Anything that shows signals."""

    def play(self, pattern: Pattern) -> None:
        """Show ``pattern``, interrupting the one shown; never blocks for the pattern's length."""
        ...

    def clear(self) -> None:
        """Stop whatever is shown; everything off."""
        ...

    def close(self) -> None:
        """Stop for good, everything off; calling it again does nothing."""
        ...


class GpioSignals:
    """Patterns on LEDs and a buzzer driven by gpiozero.

    ``pins`` says which are wired (``None`` entries are not); ``pin_factory``
    is gpiozero's (a ``MockFactory`` in tests; the machine's own by default,
    raising ``GpioUnavailable`` where there is none).
    """

    def __init__(self, pins: PinsConfig | None = None, *, pin_factory: Any = None, scale: float = 1.0,
                 on_step: Callable[[Pattern, int], object] | None = None) -> None:
        if scale < 0:
            raise ValueError("scale must be 0 or more")
        pins = pins or PinsConfig()
        factory = pin_factory if pin_factory is not None else default_pin_factory()
        self._scale = scale
        self._on_step = on_step
        self._devices: list[Any] = []
        try:
            self.green = self._add(LED, pins.green, factory)
            self.red = self._add(LED, pins.red, factory)
            self.buzzer = self._add(Buzzer, pins.buzzer, factory)
            self.rgb = self._add(RGBLED, pins.rgb, factory)
            self.tonal = self._add(TonalBuzzer, pins.tonal_buzzer, factory)
        except Exception as error:  # a pin that is busy or does not exist: gpiozero's own errors
            self._close_devices()
            detail = f"{type(error).__name__}: {error}"
            raise GpioUnavailable(Text("gpio_pins_failed", detail=detail)) from None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._pending: Pattern | None = None
        self._stopping = False
        self._closed = False
        self._shown: frozenset[Output] | None = None
        self._thread = threading.Thread(target=self._run, name="companion-signals", daemon=True)
        self._thread.start()

    def _add(self, cls: Any, pin: int | tuple[int, ...] | None, factory: Any) -> Any:
        if pin is None:
            return None
        device = cls(*pin, pin_factory=factory) if isinstance(pin, tuple) else cls(pin, pin_factory=factory)
        self._devices.append(device)
        return device

    # -- the caller's side -------------------------------------------------

    def play(self, pattern: Pattern) -> None:
        """Start ``pattern`` on the background thread, interrupting the one playing."""
        with self._lock:
            if self._stopping:
                return
            self._pending = pattern
            self._idle.clear()
            self._wake.set()

    def clear(self) -> None:
        """Everything off (interrupting any pattern)."""
        self.play(OFF)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until the last pattern asked for has ended or reached its held state.

        A repeated pattern never does: it runs until the next signal. Returns
        whether it did within ``timeout``.
        """
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop the thread, turn every pin off and release them; twice is fine."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._stopping = True
            self._wake.set()
        self._thread.join()
        self._show(frozenset())
        self._close_devices()

    def __enter__(self) -> GpioSignals:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the thread's side -------------------------------------------------

    def _run(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                pattern, self._pending = self._pending, None
                self._wake.clear()
                if self._stopping:
                    return
            if pattern is not None:
                self._play(pattern)
            with self._lock:
                if self._pending is None and not self._wake.is_set():
                    self._idle.set()

    def _play(self, pattern: Pattern) -> None:
        """Run the steps; return early (outputs as they are) when another signal arrives."""
        while True:
            for index, step in enumerate(pattern.steps):
                self._show(step.on)
                if self._on_step is not None:
                    self._on_step(pattern, index)
                if self._wake.wait(step.seconds * self._scale):
                    return
            if not pattern.repeat:
                break
        self._show(pattern.hold)

    def _show(self, on: frozenset[Output]) -> None:
        """Set every output to ``on`` (only what changes is touched)."""
        if on == self._shown:
            return
        self._shown = on
        for led, name in ((self.green, "green"), (self.red, "red")):
            if led is not None:
                led.value = name in on
        if self.buzzer is not None:
            self.buzzer.value = bool({"beep", "tone"} & on)
        if self.rgb is not None:
            self.rgb.color = COLOURS[frozenset({"green", "red"} & on)]
        if self.tonal is not None:
            if "beep" in on:
                self.tonal.play(BEEP_NOTE)
            elif "tone" in on:
                self.tonal.play(TONE_NOTE)
            else:
                self.tonal.stop()

    def _close_devices(self) -> None:
        for device in self._devices:
            device.close()
        self._devices = []


class ConsoleSignals:
    """Patterns said in words on a stream, in French or English: where no GPIO exists, and the demo."""

    def __init__(self, out: IO[str] | None = None, *, lang: Lang = "en", prefix: str = "[signal] ") -> None:
        self._out = out
        self.lang = lang
        self.prefix = prefix
        self._closed = False

    def play(self, pattern: Pattern) -> None:
        """Print what the lights and the buzzer would do."""
        if self._closed:
            return
        out = self._out or sys.stdout
        print(self.prefix + describe(pattern, self.lang), file=out, flush=True)

    def clear(self) -> None:
        """Say that everything is off."""
        self.play(OFF)

    def close(self) -> None:
        """Print nothing more; twice is fine."""
        self._closed = True


class RecordingSignals:
    """A sink that remembers what it was asked to show, for tests of whatever sends signals."""

    def __init__(self) -> None:
        self.played: list[Pattern] = []
        self.closed = False

    def play(self, pattern: Pattern) -> None:
        """Remember ``pattern``."""
        self.played.append(pattern)

    def clear(self) -> None:
        """Remember that everything was turned off."""
        self.played.append(OFF)

    def close(self) -> None:
        """Remember the sink was closed."""
        self.closed = True

    def assert_played(self, *names: str) -> None:
        """Fail unless exactly the patterns named were played, in that order."""
        got = [pattern.name for pattern in self.played]
        assert got == list(names), f"played {got}, expected {list(names)}"


def open_signals(config: Config | None = None, *, pin_factory: Any = None, out: IO[str] | None = None,
                 lang: Lang = "en") -> Signals:
    """The sink the configuration asks for (``signals.output``).

    ``auto`` takes the GPIO pins where there are some and otherwise says in
    a :class:`HardwareWarning` that it falls back to the console.
    """
    config = config or Config()
    output = config.signals.output
    if output == "none":
        return RecordingSignals()
    if output == "console":
        return ConsoleSignals(out, lang=lang)
    try:
        return GpioSignals(config.pins, pin_factory=pin_factory)
    except GpioUnavailable as error:
        if output == "gpio":
            raise
        warnings.warn(HardwareWarning(Text("signals_console_fallback", why=error.text)), stacklevel=2)
        return ConsoleSignals(out, lang=lang)
