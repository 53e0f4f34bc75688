"""The signal sinks. GPIO on gpiozero's mock pins: the exact pin states of every pattern, a new
signal interrupting the old one, every pin off at shutdown. Step durations are scaled to 0 (or made
very long and interrupted), so no test waits on the clock."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import Config, PinsConfig, SignalsConfig
from companion.errors import GpioUnavailable, HardwareWarning
from companion.text import Text
from hardware.patterns import (
    CAMERA_LOST,
    GAME_LOST,
    GAME_WON,
    ILLEGAL,
    LEGAL,
    OFF,
    REFUSED,
    UNSURE,
    Pattern,
    discard,
)
from hardware.signals import ConsoleSignals, GpioSignals, RecordingSignals, open_signals

GREEN, RED, BUZZER = 17, 27, 22
RGB = (13, 19, 26)
TONAL = 12
F, T = False, True


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    """Mock pins with PWM, for the RGB LED and the tonal buzzer."""
    pins = MockFactory(pin_class=MockPWMPin)
    yield pins
    pins.reset()


def states(factory: MockFactory, pin: int) -> list[object]:
    return [change.state for change in factory.pin(pin).states]


def played(factory: MockFactory, pattern: Pattern, pins: PinsConfig | None = None) -> dict[int, list[object]]:
    """Play ``pattern`` to its end (or its held state) at scale 0; the states of every pin."""
    with GpioSignals(pins, pin_factory=factory, scale=0) as signals:
        signals.play(pattern)
        assert signals.wait_idle(timeout=30)
        return {pin: states(factory, pin) for pin in (GREEN, RED, BUZZER)}


# The exact states each pattern drives: green LED, red LED, buzzer (each starts off).
EXPECTED = {
    "legal": (LEGAL, [F, T, F], [F], [F]),
    "discard 1": (discard(1), [F, T, F], [F], [F, T, F]),
    "discard 2": (discard(2), [F, T, F, T, F], [F], [F, T, F, T, F]),
    "discard 5": (discard(5), [F, *[T, F] * 5], [F], [F, *[T, F] * 5]),
    "discard 8": (discard(8), [F, *[T, F] * 8], [F], [F, *[T, F] * 8]),
    "illegal (held)": (ILLEGAL, [F], [F, T], [F, T]),
    "refused": (REFUSED, [F], [F, T, F], [F, T, F]),
    "unsure": (UNSURE, [F, T, F, T, F, T, F], [F, T, F, T, F, T, F], [F, T, F, T, F, T, F]),
    "won": (GAME_WON, [F, T, F, T, F, T, F, T, F], [F], [F, T, F, T, F, T, F, T, F]),
    "lost": (GAME_LOST, [F], [F, T, F], [F, T, F, T, F]),
    "off": (OFF, [F], [F], [F]),
}


@pytest.mark.parametrize("name", EXPECTED)
def test_each_pattern_drives_exactly_these_pin_states(name: str, factory: MockFactory) -> None:
    pattern, green, red, buzzer = EXPECTED[name]
    assert played(factory, pattern) == {GREEN: green, RED: red, BUZZER: buzzer}


@pytest.mark.parametrize("count", range(1, 9))
def test_discard_n_gives_n_blinks_and_n_beeps(count: int, factory: MockFactory) -> None:
    pins = played(factory, discard(count))
    assert pins[GREEN].count(True) == pins[BUZZER].count(True) == count
    assert pins[RED] == [False]


def test_shutdown_after_a_held_signal_leaves_every_pin_off(factory: MockFactory) -> None:
    signals = GpioSignals(pin_factory=factory, scale=0)
    signals.play(ILLEGAL)
    assert signals.wait_idle(timeout=30)
    assert (factory.pin(RED).state, factory.pin(BUZZER).state) == (True, True)
    signals.close()
    assert {pin: states(factory, pin) for pin in (GREEN, RED, BUZZER)} == {
        GREEN: [F], RED: [F, T, F], BUZZER: [F, T, F]}
    assert signals.green.closed and signals.red.closed and signals.buzzer.closed
    signals.close()  # twice is fine
    signals.play(LEGAL)  # and a late signal is ignored, not an error
    assert states(factory, GREEN) == [F]


def test_the_camera_lost_signal_repeats_until_the_next_one(factory: MockFactory) -> None:
    steps: list[tuple[str, int]] = []

    def on_step(pattern: Pattern, index: int) -> None:
        steps.append((pattern.name, index))
        if steps.count(("camera_lost", 3)) == 2:
            signals.clear()  # the camera is back after two cycles

    signals = GpioSignals(pin_factory=factory, scale=0, on_step=on_step)
    signals.play(CAMERA_LOST)
    assert signals.wait_idle(timeout=30)
    signals.close()
    assert steps == [("camera_lost", i) for i in (0, 1, 2, 3)] * 2
    assert states(factory, RED) == [F, T, F, T, F, T, F, T, F]
    assert states(factory, GREEN) == [F] and states(factory, BUZZER) == [F]


def test_a_new_signal_interrupts_the_one_playing(factory: MockFactory) -> None:
    # Steps last a thousand times longer: only an interruption lets the test end.
    started = threading.Event()
    steps: list[tuple[str, int]] = []

    def on_step(pattern: Pattern, index: int) -> None:
        steps.append((pattern.name, index))
        started.set()

    signals = GpioSignals(pin_factory=factory, scale=1000, on_step=on_step)
    signals.play(GAME_WON)
    assert started.wait(timeout=30)
    assert not signals.wait_idle(timeout=0)  # play() returned while the pattern goes on
    signals.play(ILLEGAL)
    assert signals.wait_idle(timeout=30)
    signals.close()
    assert steps == [("won", 0)]  # the rest of the fanfare never played
    assert states(factory, GREEN) == [F, T, F]
    assert states(factory, RED) == [F, T, F]
    assert states(factory, BUZZER) == [F, T, F]  # the beep becomes the held tone, then off


def test_shutdown_in_the_middle_of_a_long_step_turns_everything_off(factory: MockFactory) -> None:
    started = threading.Event()
    signals = GpioSignals(pin_factory=factory, scale=1000, on_step=lambda p, i: started.set())
    signals.play(GAME_LOST)
    assert started.wait(timeout=30)
    signals.close()
    assert states(factory, RED) == [F, T, F] and states(factory, BUZZER) == [F, T, F]


def test_the_last_of_several_quick_signals_wins(factory: MockFactory) -> None:
    gate = threading.Event()
    signals = GpioSignals(pin_factory=factory, scale=0, on_step=lambda p, i: gate.wait(30))
    signals.play(GAME_WON)
    for pattern in (UNSURE, REFUSED, discard(3), LEGAL):
        signals.play(pattern)
    gate.set()
    assert signals.wait_idle(timeout=30)
    signals.close()
    # The fanfare's first step, interrupted, then straight to LEGAL: UNSURE and the others never show.
    assert states(factory, GREEN) == [F, T, F] and states(factory, RED) == [F]


def test_rgb_led_and_tonal_buzzer(pwm_factory: MockFactory) -> None:
    pins = PinsConfig(rgb=RGB, tonal_buzzer=TONAL)
    notes: list[object] = []

    def on_step(pattern: Pattern, index: int) -> None:
        notes.append(pwm_factory.pin(TONAL).frequency)

    signals = GpioSignals(pins, pin_factory=pwm_factory, scale=0, on_step=on_step)
    signals.play(UNSURE)
    assert signals.wait_idle(timeout=30)
    signals.play(ILLEGAL)
    assert signals.wait_idle(timeout=30)
    held = pwm_factory.pin(TONAL).frequency
    signals.close()
    red, green, blue = (states(pwm_factory, pin) for pin in RGB)
    # Amber is full red and half green; the held illegal signal is red alone.
    assert red == [F, *[1.0, 0.0] * 4]
    assert green == [F, *[0.5, 0.0] * 3]
    assert blue == [F]
    assert states(pwm_factory, TONAL) == [F, *[0.5, 0.0] * 4]
    assert notes[0] == pytest.approx(880.0) and notes[1] is None  # a chirp of A5, then silence
    assert held == pytest.approx(220.0)  # the warning tone is A3
    assert states(pwm_factory, GREEN)[-1] == 0.0 and states(pwm_factory, BUZZER)[-1] == 0.0


def test_pins_not_wired_are_left_alone(factory: MockFactory) -> None:
    with GpioSignals(PinsConfig(green=None, buzzer=None), pin_factory=factory, scale=0) as signals:
        signals.play(discard(2))
        assert signals.wait_idle(timeout=30)
        assert signals.green is None and signals.buzzer is None
    assert states(factory, RED) == [F]


def test_a_pin_in_use_is_a_clear_error(factory: MockFactory) -> None:
    with GpioSignals(pin_factory=factory, scale=0), pytest.raises(GpioUnavailable) as caught:
        GpioSignals(pin_factory=factory, scale=0)
    assert "another program" in caught.value.text.en and "[pins]" in caught.value.text.fr


def test_a_negative_scale_is_refused(factory: MockFactory) -> None:
    with pytest.raises(ValueError):
        GpioSignals(pin_factory=factory, scale=-1)


def test_console_says_every_signal_in_words() -> None:
    out = io.StringIO()
    console = ConsoleSignals(out, lang="fr")
    console.play(discard(2))
    console.play(ILLEGAL)
    console.clear()
    console.close()
    console.play(LEGAL)
    assert out.getvalue().splitlines() == [
        "[signal] pose légale, défaussez 2 cartes : 2 × (vert + bip 0,15 s, éteint 0,25 s)",
        "[signal] pose refusée, reprenez la carte ou passez outre : rouge + son grave, "
        "maintenu jusqu'au signal suivant",
        "[signal] éteint : éteint",
    ]


def test_the_recorder_remembers_what_it_was_shown() -> None:
    recorder = RecordingSignals()
    recorder.play(LEGAL)
    recorder.clear()
    recorder.close()
    recorder.assert_played("legal", "off")
    assert recorder.closed
    with pytest.raises(AssertionError):
        recorder.assert_played("legal")


def test_open_signals_follows_the_configuration(factory: MockFactory,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def config(output: str) -> Config:
        return Config(signals=SignalsConfig(output))  # type: ignore[arg-type]

    assert isinstance(open_signals(config("console")), ConsoleSignals)
    assert isinstance(open_signals(config("none")), RecordingSignals)
    gpio = open_signals(config("auto"), pin_factory=factory)
    assert isinstance(gpio, GpioSignals)
    gpio.close()

    def no_gpio(*args: object, **kwargs: object) -> None:
        raise GpioUnavailable(Text("gpio_no_gpiozero"))

    monkeypatch.setattr("hardware.signals.GpioSignals", no_gpio)
    with pytest.warns(HardwareWarning, match="signals go to the console"):
        assert isinstance(open_signals(config("auto")), ConsoleSignals)
    with pytest.raises(GpioUnavailable):
        open_signals(config("gpio"))
