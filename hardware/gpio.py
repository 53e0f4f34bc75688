"""Finding gpiozero's pin factory, or saying clearly why there is none.

gpiozero looks for a pin library itself (lgpio, RPi.GPIO, pigpio, then its
own) and warns at each one it skips; on a machine that is not a Pi it then
raises ``BadPinFactory``. The companion wants one clear message instead:
:class:`~companion.errors.GpioUnavailable` naming what was tried.
"""

from __future__ import annotations

import warnings
from typing import Any

from gpiozero import Device
from gpiozero.exc import BadPinFactory

from companion.errors import GpioUnavailable
from companion.text import Text


def default_pin_factory() -> Any:
    """gpiozero's pin factory for this machine, or ``GpioUnavailable`` saying why there is none."""
    if Device.pin_factory is not None:
        return Device.pin_factory
    with warnings.catch_warnings(record=True) as skipped:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except BadPinFactory:
            reasons = "; ".join(str(w.message) for w in skipped) or "none found"
            raise GpioUnavailable(Text("gpio_no_factory", detail=reasons)) from None
        except Exception as error:  # a pin library that is there but cannot reach the chip
            detail = f"{type(error).__name__}: {error}"
            raise GpioUnavailable(Text("gpio_no_factory", detail=detail)) from None
    return Device.pin_factory
