"""The Crew's own events (``shared/RECORD.md``, Trick games): tasks taken, tricks predicted, sonar
cards shown and the distress signal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.engine.events import Event, Labels, Placement, integer_field, register_event, string_field
from companion.errors import MalformedInput
from companion.games.crew.task_words import task_label
from companion.text import Text


@register_event
@dataclass(frozen=True, slots=True)
class TakeTask(Event):
    """The seat in turn takes ``task`` from the centre, or passes (``None``) (CR5)."""

    TYPE: ClassVar[str] = "take_task"
    task: str | None = None

    def _fields_json(self) -> dict[str, Any]:
        return {"task": self.task}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``task`` is required: a slug, or null to pass."""
        if "task" not in obj:
            raise MalformedInput(Text("missing_field", field="task"))
        return cls(None if obj["task"] is None else string_field(obj, "task"), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the task “win the first trick” taken``, or ``a pass``."""
        return Text("desc_take_task", task=task_label(self.task)) if self.task else Text("desc_pass_task")


@register_event
@dataclass(frozen=True, slots=True)
class Predict(Event):
    """The owner of a ``predict:*`` task tells how many tricks it will win (CR5, CR18)."""

    TYPE: ClassVar[str] = "predict"
    TURN_BOUND: ClassVar[bool] = False
    task: str = ""
    count: int = 0

    def _fields_json(self) -> dict[str, Any]:
        return {"task": self.task, "count": self.count}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``task`` and a ``count`` never negative are required."""
        count = integer_field(obj, "count")
        if count < 0:
            raise MalformedInput(Text("bad_field", field="count", value=count))
        return cls(string_field(obj, "task"), count, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the prediction for predict:open``."""
        return Text("desc_predict", task=task_label(self.task))


@register_event
@dataclass(frozen=True, slots=True)
class Sonar(Placement):
    """A seat lays ``card`` face up before it with the sonar token at ``position`` (``top``: its
    highest of that colour, ``middle``: its only one, ``bottom``: its lowest) (CR7). The card
    stays in the hand and is played as any other; refused, it lies flagged until taken back."""

    TYPE: ClassVar[str] = "sonar"
    TURN_BOUND: ClassVar[bool] = False
    position: str = "middle"

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card, "position": self.position}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``card`` and ``position`` (top, middle, bottom) are required."""
        position = string_field(obj, "position")
        if position not in POSITIONS:
            raise MalformedInput(Text("bad_field", field="position", value=position))
        return cls(string_field(obj, "card"), "", position, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the sonar on pink-7``."""
        return Text("desc_sonar", card=labels.card_label(self.card))


@register_event
@dataclass(frozen=True, slots=True)
class Distress(Event):
    """The distress signal is used: each member passes one card, never a submarine, to the next
    seat in turn order (``left``) or the previous one (``right``) (CR6)."""

    TYPE: ClassVar[str] = "distress"
    TURN_BOUND: ClassVar[bool] = False
    direction: str = "left"

    def _fields_json(self) -> dict[str, Any]:
        return {"direction": self.direction}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``direction`` is ``left`` or ``right``."""
        direction = string_field(obj, "direction")
        if direction not in ("left", "right"):
            raise MalformedInput(Text("bad_field", field="direction", value=direction))
        return cls(direction, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the distress signal``."""
        return Text("desc_distress")


@register_event
@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """A task's redeal condition holds (hidden hands the players report): the attempt is void and
    counts for nothing (CR4)."""

    TYPE: ClassVar[str] = "redeal"
    TURN_BOUND: ClassVar[bool] = False
    reason: str = ""

    def _fields_json(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``reason`` is a text, empty when absent."""
        return cls(string_field(obj, "reason") if "reason" in obj else "", **meta)

    def describe(self, labels: Labels) -> Text:
        """``the redeal``."""
        return Text("desc_redeal")


@register_event
@dataclass(frozen=True, slots=True)
class DeclareWin(Event):
    """The players report a mission without tasks accomplished (CR14)."""

    TYPE: ClassVar[str] = "declare_win"
    TURN_BOUND: ClassVar[bool] = False

    def describe(self, labels: Labels) -> Text:
        """``the reported success``."""
        return Text("desc_declare_win")


@register_event
@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """A card turned face up in Tonoja's column ``at`` (uncovered, or received by distress)
    (CR16)."""

    TYPE: ClassVar[str] = "reveal"
    TURN_BOUND: ClassVar[bool] = False
    at: str = ""
    card: str = ""

    def _fields_json(self) -> dict[str, Any]:
        return {"at": self.at, "card": self.card}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``at`` (a column) and ``card`` are required."""
        return cls(string_field(obj, "at"), string_field(obj, "card"), **meta)

    def describe(self, labels: Labels) -> Text:
        """``pink-7 turned face up in r3``."""
        return Text("desc_reveal", card=labels.card_label(self.card), at=self.at)


#: Where a sonar token lies on a card (CR1): the seat's highest, only or lowest card of its colour.
POSITIONS = ("top", "middle", "bottom")

__all__ = ["POSITIONS", "DeclareWin", "Distress", "Predict", "Redeal", "Reveal", "Sonar", "TakeTask"]
