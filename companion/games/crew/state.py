"""What an attempt of The Crew remembers besides the tricks family's state: breaches proved,
sonar cards shown, and the snapshot undo goes back to.

>>> top, bottom = SonarCard("pink-5", "top", 0), SonarCard("pink-5", "bottom", 0)
>>> contradicts(top, "pink-7"), contradicts(bottom, "pink-7")
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.ruling import Outcome
from companion.engine.tricks import TrickSnapshot
from companion.games.crew.facts import Trick, value_of
from companion.games.crew.tonoja import TonojaRow


@dataclass(frozen=True, slots=True)
class Breach:
    """A rule proved broken: ``rule``, the stack index of the event that broke it (None: the
    header, the commander's announcement) and of the event that proved it."""

    rule: str
    broke: int | None
    proved: int
    #: Whether the players disputed it by an ``override`` right after the proof (CR15).
    disputed: bool = False


@dataclass(frozen=True, slots=True)
class CrewSnapshot(TrickSnapshot):
    """The whole state of an attempt, for undo: the family's, and the tasks, tricks and breaches."""

    owners: tuple[tuple[str, int], ...]
    chosen: int
    predictions: tuple[tuple[int, int], ...]
    history: tuple[Trick, ...]
    statuses: tuple[tuple[str, str], ...]
    off_colour: tuple[tuple[int, int, str], ...]
    breaches: tuple[Breach, ...]
    sonar: tuple[tuple[int, SonarCard], ...]
    distress: bool
    declared: str | None
    row: TonojaRow | None


@dataclass(frozen=True, slots=True)
class SonarCard:
    """A seat's sonar card: the card, where the token lies, and the stack index of its event."""

    card: str
    position: str
    index: int


def contradicts(shown: SonarCard, card: str) -> bool:
    """Whether playing ``card``, of the sonar card's colour, shows the sonar false (CR8): a higher
    one after ``top``, a lower one after ``bottom``, any other after ``middle``."""
    if shown.position == "top":
        return value_of(card) > value_of(shown.card)
    if shown.position == "bottom":
        return value_of(card) < value_of(shown.card)
    return True


def logbook(mission: Mapping[str, Any], distress: bool, outcome: Outcome | None) -> dict[str, Any]:
    """The logbook's line for an attempt of ``mission`` (CR17): a mission won scores its attempts,
    one more when the distress token was ever activated.

    >>> logbook({"number": 3, "attempt": 2}, True, None)
    {'mission': 3, 'attempt': 2, 'distress': True}
    """
    attempt = mission.get("attempt", 1)
    book: dict[str, Any] = {"mission": mission.get("number"), "attempt": attempt, "distress": distress}
    if outcome is not None and outcome.result == "won":
        book["score"] = attempt + (1 if distress else 0)
    return book


__all__ = ["Breach", "CrewSnapshot", "SonarCard", "contradicts", "logbook"]
