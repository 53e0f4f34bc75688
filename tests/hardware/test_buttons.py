"""The buttons on mock pins: a press of discard is action B; undo is a short press, override a long one.

Presses are timed with a fake clock, so no test waits."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import ButtonsConfig, PinsConfig
from companion.engine.events import Discard, Event, Override, Undo
from companion.errors import GpioUnavailable
from hardware.buttons import Buttons
from tests.hardware.conftest import FakeClock

DISCARD, UNDO = 5, 6


@pytest.fixture
def events() -> list[Event]:
    """What the buttons sent."""
    return []


def press(factory: MockFactory, pin: int, clock: FakeClock, seconds: float) -> None:
    """Press the button on ``pin`` (to ground: low) for ``seconds`` of the fake clock."""
    factory.pin(pin).drive_low()
    clock.advance(seconds)
    factory.pin(pin).drive_high()


def test_discard_button_sends_discard_two(factory: MockFactory, events: list[Event],
                                          clock: FakeClock) -> None:
    with Buttons(events.append, pin_factory=factory, clock=clock):
        press(factory, DISCARD, clock, 0.1)
        press(factory, DISCARD, clock, 3.0)  # held or not, a press is one action
    assert events == [Discard(count=2, source="button")] * 2
    assert events[0].to_json() == {"type": "discard", "count": 2, "source": "button"}


def test_undo_button_short_press_undoes_long_press_overrides(factory: MockFactory, events: list[Event],
                                                             clock: FakeClock) -> None:
    with Buttons(events.append, settings=ButtonsConfig(hold_time=1.5), pin_factory=factory, clock=clock):
        press(factory, UNDO, clock, 0.3)
        press(factory, UNDO, clock, 1.5)
        press(factory, UNDO, clock, 1.49)
        press(factory, UNDO, clock, 4.0)
    assert events == [Undo(source="button"), Override(source="button"), Undo(source="button"),
                      Override(source="button")]
    assert [e.to_json() for e in events[:2]] == [{"type": "undo", "source": "button"},
                                                 {"type": "override", "source": "button"}]


def test_nothing_is_sent_before_the_release(factory: MockFactory, events: list[Event],
                                            clock: FakeClock) -> None:
    buttons = Buttons(events.append, pin_factory=factory, clock=clock)
    factory.pin(UNDO).drive_low()
    clock.advance(5)
    assert events == []
    factory.pin(UNDO).drive_high()
    assert events == [Override(source="button")]
    buttons.close()


def test_a_button_held_at_start_sends_nothing_when_released(factory: MockFactory, events: list[Event],
                                                            clock: FakeClock) -> None:
    factory.pin(UNDO).drive_low()  # held before the companion started
    with Buttons(events.append, pin_factory=factory, clock=clock):
        factory.pin(UNDO).drive_high()
    assert events == []


def test_configured_pins_and_unwired_buttons(factory: MockFactory, events: list[Event],
                                             clock: FakeClock) -> None:
    pins = PinsConfig(discard=23, undo=None)
    with Buttons(events.append, pins, pin_factory=factory, clock=clock) as buttons:
        assert buttons.undo is None
        press(factory, 23, clock, 0.1)
        press(factory, UNDO, clock, 0.1)  # nothing listens there
    assert events == [Discard(count=2, source="button")]


def test_closing_releases_the_pins(factory: MockFactory, events: list[Event], clock: FakeClock) -> None:
    buttons = Buttons(events.append, pin_factory=factory, clock=clock)
    buttons.close()
    buttons.close()
    Buttons(events.append, pin_factory=factory, clock=clock).close()  # the pins are free again


def test_a_pin_in_use_is_a_clear_error(factory: MockFactory, events: list[Event]) -> None:
    with Buttons(events.append, pin_factory=factory), pytest.raises(GpioUnavailable, match="another program"):
        Buttons(events.append, pin_factory=factory)
