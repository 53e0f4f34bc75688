"""The buttons: what the camera cannot see, told by a press.

Two gpiozero ``Button``\\ s, wired between their pin and ground (the pin's
pull-up keeps it high until pressed):

* *discard* — action B, "discard two cards": a press sends ``Discard(count=2)``;
* *undo* — a short press sends ``Undo``, a press held ``hold_time`` seconds or
  longer sends ``Override`` ("we play it anyway") when it is released.

Events carry ``source="button"`` and reach ``on_event`` from gpiozero's
callback thread. Press lengths are measured with ``clock`` (injected in
tests, so no test waits).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gpiozero import Button

from companion.config import ButtonsConfig, PinsConfig
from companion.engine.events import Discard, Event, Override, Undo
from companion.errors import GpioUnavailable
from companion.text import Text
from hardware.frames import Clock
from hardware.gpio import default_pin_factory


class Buttons:
    """The discard and undo/override buttons; ``None`` pins are not wired."""

    def __init__(self, on_event: Callable[[Event], None], pins: PinsConfig | None = None,
                 settings: ButtonsConfig | None = None, *, pin_factory: Any = None,
                 clock: Clock = time.monotonic) -> None:
        pins = pins or PinsConfig()
        settings = settings or ButtonsConfig()
        factory = pin_factory if pin_factory is not None else default_pin_factory()
        self._on_event = on_event
        self._clock = clock
        self.hold_time = settings.hold_time
        self._pressed_at: float | None = None
        bounce = settings.bounce_time or None
        self.discard: Any = None
        self.undo: Any = None
        try:
            if pins.discard is not None:
                self.discard = Button(pins.discard, pull_up=True, bounce_time=bounce, pin_factory=factory)
                self.discard.when_pressed = self._discard_pressed
            if pins.undo is not None:
                self.undo = Button(pins.undo, pull_up=True, bounce_time=bounce, pin_factory=factory)
                self.undo.when_pressed = self._undo_pressed
                self.undo.when_released = self._undo_released
        except Exception as error:  # a pin that is busy or does not exist: gpiozero's own errors
            self.close()
            detail = f"{type(error).__name__}: {error}"
            raise GpioUnavailable(Text("gpio_pins_failed", detail=detail)) from None

    def _discard_pressed(self) -> None:
        self._on_event(Discard(count=2, source="button"))

    def _undo_pressed(self) -> None:
        self._pressed_at = self._clock()

    def _undo_released(self) -> None:
        pressed_at, self._pressed_at = self._pressed_at, None
        if pressed_at is None:
            # Held since before the companion started: nobody knows how long.
            return
        held = self._clock() - pressed_at
        self._on_event(Override(source="button") if held >= self.hold_time else Undo(source="button"))

    def close(self) -> None:
        """Release the pins; twice is fine."""
        for button in (self.discard, self.undo):
            if button is not None:
                button.close()
        self.discard = self.undo = None

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
