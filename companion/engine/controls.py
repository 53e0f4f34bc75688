"""What a game asks the players for that the camera cannot see: the page's controls, as data.

A game lists its :class:`Control` values for the present moment (:meth:`Game.controls`): The
Crew offers each task on the table to the seat choosing, a count to tell, the distress signal. The
page draws each as a button sending its record line, after asking for the fields it leaves open
(:class:`Ask`); the line goes through the referee's one entry point like the camera's. A game's
:meth:`Game.notes` are what the page should warn about without refusing anything.

>>> ask = Ask("count", low=0, high=13)
>>> control = Control(Text("page_send"), {"type": "predict", "task": "predict:3"}, (ask,)).json()
>>> control["en"], control["ask"]
('Send', [{'field': 'count', 'choices': [], 'low': 0, 'high': 13}])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.text import LANGS, Text


@dataclass(frozen=True, slots=True)
class Ask:
    """A field of a control's record line the players fill in: one of ``choices`` (a text), or a
    whole number from ``low`` to ``high``."""

    field: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def json(self) -> dict[str, Any]:
        """The field as the page reads it."""
        return {"field": self.field, "choices": list(self.choices), "low": self.low, "high": self.high}


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the page: ``text`` says what it does, ``line`` is the record line it sends once
    the ``ask`` fields are filled; ``danger`` asks the players to confirm first (it ends a game)."""

    text: Text
    line: Mapping[str, Any]
    ask: tuple[Ask, ...] = ()
    danger: bool = False
    #: Controls of one group are drawn together (a group per kind: tasks, counts, signals).
    group: str = ""

    def json(self) -> dict[str, Any]:
        """The control as the page reads it, its text in both languages."""
        return {**{lang: self.text.render(lang) for lang in LANGS}, "line": dict(self.line),
                "ask": [ask.json() for ask in self.ask], "danger": self.danger, "group": self.group}


__all__ = ["Ask", "Control"]
