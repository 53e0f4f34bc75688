"""L'Ascension's own events: a Feu de camp laid, a herd climbing, a Grappin used."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.engine.events import (
    Event,
    Labels,
    Placement,
    integer_field,
    register_event,
    string_field,
)
from companion.errors import MalformedInput
from companion.text import Text


@register_event
@dataclass(frozen=True, slots=True)
class Campfire(Placement):
    """A Feu de camp laid at ``at``; the Versant it replaces goes to ``move_to``."""

    TYPE: ClassVar[str] = "campfire"
    move_to: str

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card, "at": self.at, "move_to": self.move_to}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """Card, cell and the Versant's new cell are required."""
        return cls(string_field(obj, "card"), string_field(obj, "at"), string_field(obj, "move_to"),
                   **meta)

    def describe(self, labels: Labels) -> Text:
        """``campfire-g at a1, Versant moved to b2``."""
        return Text("desc_campfire", card=labels.card_label(self.card), at=labels.cell_label(self.at),
                    move_to=labels.cell_label(self.move_to))


@register_event
@dataclass(frozen=True, slots=True)
class Herd(Event):
    """Faune montagnarde: the herd on ``origin`` climbs ``rows`` rows along ``path``.

    ``origin`` is the record's ``from`` field (a Python keyword).
    """

    TYPE: ClassVar[str] = "herd"
    origin: str
    rows: int
    path: tuple[str, ...]

    def _fields_json(self) -> dict[str, Any]:
        return {"from": self.origin, "rows": self.rows, "path": list(self.path)}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``path`` is a list of cell names."""
        path = obj.get("path")
        if path is None:
            raise MalformedInput(Text("missing_field", field="path"))
        if not isinstance(path, list) or not all(isinstance(cell, str) for cell in path):
            raise MalformedInput(Text("bad_field", field="path", value=path))
        return cls(string_field(obj, "from"), integer_field(obj, "rows"), tuple(path), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the herd from c1 up 2 row(s)``."""
        return Text("desc_herd", origin=labels.cell_label(self.origin), rows=self.rows)


@register_event
@dataclass(frozen=True, slots=True)
class Grapple(Event):
    """Solo: a Grappin is discarded to renew the hand."""

    TYPE: ClassVar[str] = "grapple"

    def describe(self, labels: Labels) -> Text:
        """``the Grappin``."""
        return Text("desc_grapple")
