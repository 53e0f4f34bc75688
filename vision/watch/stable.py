"""Readings become facts only once they have stayed the same for a while.

Each frame gives every cell a :class:`Reading`: *busy* (something moves
there: a hand, a card being slid, a shadow passing), *empty*, a *card* read
with its confidence, or *unsure* (still, but not readable). A cell's *fact*
(empty, or the card lying there) changes only when a new empty-or-card
reading has been seen, unchanged and uninterrupted, for ``settle`` seconds:
a hand over the table, a card slid across cells or a nudge never last that
long unchanged. Readings that keep changing between definite values
(*flicker*), or a cell that stays unsure, make a :class:`Prompt` after
``ask_after`` seconds: the companion asks rather than guesses (RULINGS G2).

>>> s = Stabiliser(["a1"], settle=0.2)
>>> s.update(0.0, {"a1": Reading.card("27", 0.99)})
[]
>>> s.update(0.1, {"a1": Reading.card("27", 0.98)})
[]
>>> s.update(0.2, {"a1": Reading.card("27", 0.99)})
[Change(cell='a1', old=None, new='27', t=0.2, confidence=0.98)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.text import LANGS, Both, Text

Kind = Literal["busy", "empty", "card", "unsure"]


@dataclass(frozen=True, slots=True)
class Reading:
    """What one frame shows at one cell."""

    kind: Kind
    name: str | None = None
    confidence: float = 0.0
    #: Seconds this reading must last to become a fact, when longer than the stabiliser's
    #: (a card read without a clean outline).
    settle: float = 0.0

    @classmethod
    def card(cls, name: str, confidence: float, settle: float = 0.0) -> Reading:
        """A card read with ``confidence``."""
        return cls("card", name, confidence, settle)

    @property
    def value(self) -> str | None:
        """The fact this reading stands for: the card's name, or None for an empty cell."""
        return self.name if self.kind == "card" else None

    @property
    def definite(self) -> bool:
        """Whether the reading says what lies there (empty or a card)."""
        return self.kind in ("empty", "card")


BUSY = Reading("busy")
EMPTY = Reading("empty")
UNSURE = Reading("unsure")


@dataclass(frozen=True, slots=True)
class Change:
    """A cell's fact changed: ``old`` to ``new`` (card names, None for empty) at time ``t``."""

    cell: str
    old: str | None
    new: str | None
    t: float
    #: The lowest confidence of the card readings that made the new fact (1.0 for an empty cell).
    confidence: float


#: Between a card's name and its half up, in a name the watcher reads (``27~night``).
HALF = "~"


def with_half(card: str, up: str | None) -> str:
    """``card`` named with its half up (``27~day``), as the watcher reads an oriented card.

    >>> with_half("27", "night"), split_half("27~night"), split_half("start")
    ('27~night', ('27', 'night'), ('start', ''))
    """
    return f"{card}{HALF}{up}" if up else card


def split_half(name: str) -> tuple[str, str]:
    """A name the watcher reads as the card's and its half up (``""`` where it has none)."""
    card, _, up = name.partition(HALF)
    return card, up


#: A card's half up, in the players' words.
HALF_WORDS = {"day": Text("say_day_side_up"),
              "night": Text("say_night_side_up")}


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question the companion asks instead of ruling (RULINGS G2).

    ``kind``: ``unsure`` (a card that cannot be read), ``flicker`` (readings
    that keep changing), ``twice`` (one card seen in two places), ``changed``
    (a card read as another, or laid on top of one), ``removed`` (an accepted
    card taken away), ``moved`` (an accepted card seen somewhere else).
    """

    kind: str
    cells: tuple[str, ...]
    t: float
    cards: tuple[str, ...] = ()

    @property
    def text(self) -> Text:
        """The bilingual question."""
        cells = ", ".join(self.cells) or "-"
        named = [split_half(card) for card in self.cards]
        cards = Both(*(", ".join(card if not up else f"{card} {HALF_WORDS[up].render(lang)}"
                                 for card, up in named) for lang in LANGS))
        return Text(f"watch_{self.kind}", cells=cells, cards=cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the prompt, the cells, the cards, the time and the question."""
        return {"prompt": self.kind, "cells": list(self.cells), "cards": list(self.cards),
                "t": round(self.t, 3), "message_en": self.text.en, "message_fr": self.text.fr}


@dataclass(slots=True)
class _Cell:
    fact: str | None = None
    candidate: Reading | None = None
    since: float = 0.0
    lowest: float = 1.0
    unsure_since: float | None = None
    asked_unsure: bool = False
    flips: deque[tuple[float, str | None]] = field(default_factory=lambda: deque(maxlen=8))
    asked_flicker: bool = False


class Stabiliser:
    """The facts of every cell, changed only by readings that stay the same for ``settle`` seconds."""

    def __init__(self, cells: Iterable[str], *, settle: float = 0.2, ask_after: float = 2.0,
                 flicker: int = 3, facts: Mapping[str, str | None] | None = None) -> None:
        self.settle = settle
        self.ask_after = ask_after
        self.flicker = flicker
        self._cells = {cell: _Cell() for cell in cells}
        for cell, value in (facts or {}).items():
            self._cells[cell].fact = value

    @property
    def facts(self) -> dict[str, str | None]:
        """Every cell's fact: the card lying there, or None."""
        return {cell: state.fact for cell, state in self._cells.items()}

    def fact(self, cell: str) -> str | None:
        """The card lying at ``cell`` as far as the facts go, or None."""
        return self._cells[cell].fact

    def settled(self, cell: str) -> bool:
        """Whether the cell's latest reading agrees with its fact and has for ``settle`` seconds."""
        state = self._cells[cell]
        return state.candidate is not None and state.candidate.value == state.fact

    def set_fact(self, cell: str, value: str | None) -> None:
        """Set a fact without a change (the table was found again, or told by the players)."""
        state = self._cells[cell]
        state.fact = value
        state.candidate = None

    def update(self, t: float, readings: Mapping[str, Reading]) -> list[Change | Prompt]:
        """Take one frame's readings (cells not named keep their last reading); return the facts
        that changed and the questions to ask."""
        out: list[Change | Prompt] = []
        for cell, reading in readings.items():
            state = self._cells[cell]
            if reading.kind == "busy":
                state.candidate = None
                continue
            if reading.kind == "unsure":
                state.candidate = None
                if state.unsure_since is None:
                    state.unsure_since = t
                if t - state.unsure_since >= self.ask_after and not state.asked_unsure:
                    state.asked_unsure = True
                    out.append(Prompt("unsure", (cell,), t))
                continue
            state.unsure_since = None
            state.asked_unsure = False
            if state.candidate is None or state.candidate.value != reading.value:
                if state.candidate is not None:
                    # Two definite readings in a row that disagree: no hand came between them.
                    state.flips.append((t, state.candidate.value))
                state.candidate = reading
                state.since = t
                state.lowest = reading.confidence if reading.kind == "card" else 1.0
            elif reading.kind == "card":
                state.lowest = min(state.lowest, reading.confidence)
            recent = [(when, value) for when, value in state.flips if t - when <= self.ask_after]
            if len(recent) >= self.flicker:
                if not state.asked_flicker:
                    state.asked_flicker = True
                    seen = {value for _, value in recent} | {reading.value}
                    names = tuple(sorted(n for n in seen if n is not None))
                    out.append(Prompt("flicker", (cell,), t, names))
                continue
            state.asked_flicker = False
            wait = max(self.settle, state.candidate.settle)
            if reading.value != state.fact and t - state.since >= wait - 1e-9:
                out.append(Change(cell, state.fact, reading.value, t, round(state.lowest, 4)))
                state.fact = reading.value
        return out
