"""Finding a pin factory, or one clear message naming what was tried."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.errors import GpioUnavailable
from hardware.gpio import default_pin_factory


def test_no_pin_library_is_one_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-library")
    with pytest.raises(GpioUnavailable) as caught:
        default_pin_factory()
    assert "sudo apt install python3-lgpio" in caught.value.text.en
    assert "rejoignez le groupe gpio" in caught.value.text.fr


def test_the_factory_gpiozero_finds_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert isinstance(default_pin_factory(), MockFactory)


def test_a_factory_already_set_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    assert default_pin_factory() is factory
