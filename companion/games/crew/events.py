"""The Crew's own events (``shared/RECORD.md``, Trick games): tasks taken and tricks predicted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.engine.events import Event, Labels, integer_field, register_event, string_field
from companion.errors import MalformedInput
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
        """``task trick:first taken``, or ``a pass``."""
        return Text("desc_take_task", task=self.task) if self.task else Text("desc_pass_task")


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
        return Text("desc_predict", task=self.task)


__all__ = ["Predict", "TakeTask"]
