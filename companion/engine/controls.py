"""What a game asks the players for that the camera cannot see: the page's controls, as data.

A game lists its :class:`Control` values for the present moment (:meth:`Game.controls`): The
Crew offers each task on the table to the seat choosing, a count to tell, the distress signal. The
page draws each as a button sending its record line, after asking for the fields it leaves open
(:class:`Ask`); the line goes through the referee's one entry point like the camera's. A game's
:meth:`Game.notes` are what the page should warn about without refusing anything.

>>> ask = Ask("count", low=0, high=13)
>>> control = Control(Text("page_send"), {"type": "predict", "task": "predict:3"}, (ask,)).json()
>>> control["en"], control["ask"]
('Send', [{'field': 'count', 'choices': [], 'low': 0, 'high': 13, 'also': []}])
>>> filled({"type": "effect", "ops": [{"op": "value"}]}, {"ops.0.value": 8, "crew": "flint"})
{'type': 'effect', 'ops': [{'op': 'value', 'value': 8}], 'crew': 'flint'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.text import LANGS, Lang, Text, Words


@dataclass(frozen=True, slots=True)
class Ask:
    """A field of a control's record line the players fill in: one of ``choices`` (a text), a
    whole number from ``low`` to ``high``, or else a text typed. ``field`` is a path into the line,
    its steps joined by dots (``ops.0.card``: the card of the line's first operation); ``also``:
    more paths the same answer fills; ``hint`` labels the field on the page; ``said``, one per
    choice, is how the page names each choice ("to the left", "poing 5"), the choice itself if none."""

    field: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    also: tuple[str, ...] = ()
    hint: Text | None = None
    said: tuple[Words | str, ...] = ()

    def json(self) -> dict[str, Any]:
        """The field as the page reads it (its hint, and its choices' words, in both languages)."""
        hint: dict[str, str] = {} if self.hint is None else {lang: self.hint.render(lang) for lang in LANGS}
        said = {"said": {lang: self.words(lang) for lang in LANGS}} if self.said else {}
        return {"field": self.field, "choices": list(self.choices), "low": self.low, "high": self.high,
                "also": list(self.also), **said, **hint}

    def words(self, lang: Lang) -> list[str]:
        """Each choice as the page names it in ``lang``: its word, or the choice itself."""
        return [choice if k >= len(self.said) else _say(self.said[k], lang)
                for k, choice in enumerate(self.choices)]


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


def filled(line: Mapping[str, Any], answers: Mapping[str, Any]) -> dict[str, Any]:
    """``line`` with each answer put at its path (:attr:`Ask.field`), as the page fills a control's
    line: a step of digits indexes a list; a list or an object missing on the way is made."""
    out: dict[str, Any] = _copied(line)
    for path, value in answers.items():
        steps = path.split(".")
        node: Any = out
        for step, after in zip(steps, [*steps[1:], None], strict=True):
            key: int | str = int(step) if isinstance(node, list) else step
            if isinstance(key, int):
                node.extend([None] * (key + 1 - len(node)))
            if after is None:
                node[key] = value
            else:
                if not isinstance(node[key] if isinstance(key, int) else node.get(key), list | dict):
                    node[key] = [] if after.isdigit() else {}
                node = node[key]
    return out


def _copied(value: Any) -> Any:
    """A copy of a record line's JSON value sharing no list or object (quicker than deepcopy)."""
    if isinstance(value, Mapping):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _say(word: Words | str, lang: Lang) -> str:
    return word if isinstance(word, str) else word.render(lang)


__all__ = ["Ask", "Control", "filled"]
