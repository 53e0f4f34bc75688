"""Tranquillité's own events: how the discards after the Start card were split."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.engine.events import Event, Labels, register_event
from companion.errors import MalformedInput
from companion.text import Text


@register_event
@dataclass(frozen=True, slots=True)
class StartDiscards(Event):
    """How the 8 cards discarded after the Start card were split: (seat, count) pairs."""

    TYPE: ClassVar[str] = "start_discards"
    TURN_BOUND: ClassVar[bool] = False
    counts: tuple[tuple[int, int], ...] = field(default=())

    @classmethod
    def of(cls, counts: Mapping[int, int], **meta: Any) -> StartDiscards:
        """Build from a seat-to-count mapping, seats sorted."""
        return cls(counts=tuple(sorted(counts.items())), **meta)

    def as_dict(self) -> dict[int, int]:
        """The counts as a seat-to-count dict."""
        return dict(self.counts)

    def _fields_json(self) -> dict[str, Any]:
        return {"counts": {str(seat): n for seat, n in self.counts}}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``counts`` maps seats ("1".."N") to counts never negative."""
        return cls(counts=_counts(obj), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the discards after the Start card``."""
        return Text("desc_start_discards")


def _counts(obj: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    if "counts" not in obj:
        raise MalformedInput(Text("missing_field", field="counts"))
    raw = obj["counts"]
    if not isinstance(raw, dict):
        raise MalformedInput(Text("bad_field", field="counts", value=raw))
    counts: dict[int, int] = {}
    for seat, count in raw.items():
        if not seat.isdigit() or int(seat) < 1:
            raise MalformedInput(Text("bad_field", field="counts", value=raw))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise MalformedInput(Text("bad_field", field="counts", value=raw))
        counts[int(seat)] = count
    return tuple(sorted(counts.items()))
