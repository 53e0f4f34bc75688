"""One error tree for the whole companion.

Every error the companion raises on purpose derives from :class:`CompanionError`
and also from the builtin it resembles, so callers may catch either. Three
kinds of trouble are kept apart, because each calls for a different answer:

* :class:`MalformedInput`: the input cannot be understood (bad JSON, an unknown
  card or cell, a missing field). Nothing is ruled; the input must be fixed.
* :class:`IllegalPlay`: the input is understood and the rules refuse it. It
  carries the :class:`~companion.engine.ruling.Ruling` that says why.
* :class:`AmbiguousReading`: the input is understood but not sure enough to
  rule on (a card read face down or below the confidence threshold): the
  companion asks instead of ruling (RULINGS G2).

Messages are bilingual: ``error.text`` renders in French or English, and
``str(error)`` is the English one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.text import Text

if TYPE_CHECKING:
    from companion.engine.ruling import Ruling


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


class MalformedInput(CompanionError, ValueError):
    """Input that cannot be understood: bad JSON, unknown card or cell, missing field."""

    def __init__(self, text: Text, *, line: int | None = None) -> None:
        super().__init__(text)
        self.line = line

    def at_line(self, line: int) -> MalformedInput:
        """Return a copy of this error that names the 1-based line it came from."""
        return type(self)(self.text, line=line)


class UnknownGame(MalformedInput):
    """A game name that is not in the registry."""


class RulesError(CompanionError):
    """The rules engine refuses something."""


class CorrectionRefused(RulesError, ValueError):
    """A correction the referee cannot make: the card is neither flagged nor the last one laid."""


class IllegalPlay(RulesError, ValueError):
    """An event the rules refuse; ``ruling`` says which rule and why."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(ruling.text)
        self.ruling = ruling


class AmbiguousReading(CompanionError, ValueError):
    """A reading too unsure to rule on: the companion must ask (RULINGS G2)."""


class VisionError(CompanionError):
    """Something the camera pipeline cannot do."""


class ModelUnavailable(VisionError, RuntimeError):
    """A classifier model file that is missing, unreadable, or for another game."""


class ImageUnreadable(VisionError, ValueError):
    """An image file that cannot be read."""


class ImageTooLarge(ImageUnreadable):
    """An image whose header claims more pixels than the budget (``vision.images.MAX_PIXELS``):
    refused before it is decoded."""


class LabelsUnreadable(VisionError, ValueError):
    """A file of labelled card boxes (Pascal VOC) that cannot be read."""


class ProfileUnavailable(VisionError, ValueError):
    """A deck profile that is missing, unreadable, or made with another model or for another game."""


class HardwareError(CompanionError):
    """Something the camera, the lights, the buzzer or the buttons cannot do."""


class CameraUnavailable(HardwareError, RuntimeError):
    """A camera source that cannot be opened: no such device, file or folder, or a bad source name."""


class CameraLost(HardwareError, RuntimeError):
    """A camera that worked and then failed or disappeared."""


class BadFrame(HardwareError, ValueError):
    """One frame a source could not give (an image file unreadable or too large): the source is
    fine and goes on with the next; ``index`` is the frame's place in the stream."""

    def __init__(self, text: Text, *, index: int) -> None:
        super().__init__(text)
        self.index = index


class GpioUnavailable(HardwareError, RuntimeError):
    """No GPIO pins to drive: not a Raspberry Pi, or no pin library installed."""


class PageUnavailable(CompanionError, RuntimeError):
    """The page cannot be served: its port is taken, or not one this user may open."""


class ConfigError(CompanionError, ValueError):
    """A configuration file that cannot be read, or holds an unknown key or a bad value."""


class HardwareWarning(UserWarning):
    """A fallback the companion makes on its own (no camera named, an image skipped): said, not fatal."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


class StoreError(CompanionError, RuntimeError):
    """The game store cannot be opened or written, is held by another companion, or lacks a game."""
