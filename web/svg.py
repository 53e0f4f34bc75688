"""The table drawn as SVG, from a game's public state (``Game.state_json()``).

A table of cells (:mod:`web.islands`, :mod:`web.pyramid`): each cell named, the last placement
outlined, a flagged card drawn in red over its cell.
A trick game (The Crew, :mod:`web.tricks`; Rixes, :mod:`web.bagarre`): the seats round the table,
the cards in play drawn as they look by a registered painter (:func:`card_face`,
:mod:`web.trick_faces`), the cards a text names written by a registered writer (:func:`card_word`).
The drawing is the same in both languages: it shows cell, task and rule names, values, symbols and
seat numbers only, never a card's record name (its ``data-card`` keeps it).
Each kind of board a game spec names (:attr:`~companion.engine.spec.GameSpec.board`) has its drawer,
registered with :func:`drawer`; a game with none is drawn as its public state, one line a field.
A drawer whose symbols need saying registers its legend with :func:`legend` (the page shows it).

>>> svg = table_svg({"game": "tranquility", "cells": {"c1": "27"}, "start": True, "finish": False,
...                  "flagged": [{"card": "12", "at": "d1", "rule": "T2"}]}, last="c1")
>>> 'data-cell="c1"' in svg and 'class="cell filled last"' in svg and 'class="cell flagged"' in svg
True
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from companion.engine.spec import find_spec
from companion.errors import UnknownGame
from companion.text import Lang

#: Draws a table: (``Game.state_json()``, the cell of the last placement or None) -> SVG.
Drawer = Callable[[Mapping[str, Any], str | None], str]

CELL = 60
GAP = 6
PITCH = CELL + GAP
#: The line height of the plain drawing of a game with no known board.
LINE = 20

#: The radius of a seat's disc.
DISC = 15.0
#: A card of the trick in play, standing; a small one (a sonar card, the Tonoja row, a finished trick).
CARD_W, CARD_H = 30.0, 42.0
SMALL_W, SMALL_H = 22.0, 30.0
#: The font size of a task and a breach (``svg .task`` and the others in page.css), of a small
#: text, and the height of a line of them.
FONT, SMALL_FONT, ROW = 11.0, 9.0, 14.0
#: The longest name shown (a state is never trusted: it may be garbage).
MAX_NAME = 40

#: The drawer of each kind of board, by :attr:`GameSpec.board` (or its :attr:`GameSpec.drawing`).
DRAWERS: dict[str, Drawer] = {}
#: Says what a drawing's colours and symbols mean, as HTML in the page's language.
Legend = Callable[[Lang], str]
#: The legend of the drawings that have one, by the drawer's name.
LEGENDS: dict[str, Legend] = {}
#: Draws what a card shows in its box: (the game, its record name, the box's left, top, width and
#: height) -> its value and symbols as SVG, or None where it cannot tell the card.
FacePainter = Callable[[str, str, float, float, float, float], str | None]
#: Writes a card named in a text (a task's): (the game, its record name) -> (the few characters
#: that show it, their class), or None where it cannot tell the card.
CardWord = Callable[[str, str], tuple[str, str] | None]
#: The painters of cards' faces and the writers of cards in a text, the last registered first.
FACES: list[FacePainter] = []
WORDS: list[CardWord] = []
#: A card's record name in a text: a series, a "-" and a value (``pink-3`` in ``win:pink-3``).
CARD_IN_TEXT = re.compile(r"[a-z][a-z+]*-[0-9]+")


def drawer(board: str) -> Callable[[Drawer], Drawer]:
    """Register the decorated function as the drawer of the tables of ``board``."""
    def register(draw: Drawer) -> Drawer:
        DRAWERS[board] = draw
        return draw
    return register


def legend(board: str) -> Callable[[Legend], Legend]:
    """Register the decorated function as the legend of the drawings of ``board``."""
    def register(say: Legend) -> Legend:
        LEGENDS[board] = say
        return say
    return register


def card_face(paint: FacePainter) -> FacePainter:
    """Register the decorated function as a painter of the cards' faces (:data:`FACES`)."""
    FACES.insert(0, paint)
    return paint


def card_word(write: CardWord) -> CardWord:
    """Register the decorated function as a writer of the cards a text names (:data:`WORDS`)."""
    WORDS.insert(0, write)
    return write


def legend_html(game: str, lang: Lang) -> str | None:
    """The legend of ``game``'s table in ``lang``, or None where its drawing needs none."""
    say = LEGENDS.get(drawing_of(game))
    return None if say is None else say(lang)


def table_svg(state: Mapping[str, Any], *, last: str | None = None) -> str:
    """The SVG picture of a table: ``state`` as ``Game.state_json()`` gives it, ``last`` the
    cell of the last placement still on the table (or None)."""
    return DRAWERS.get(drawing_of(str(state.get("game"))), _plain)(state, last)


def drawing_of(game: str) -> str:
    """The drawer's name of ``game``'s table: its spec's drawing, else its board."""
    try:
        spec = find_spec(game)
    except UnknownGame:
        return "none"
    return spec.drawing or spec.board


def board_of(game: str) -> str:
    """The kind of table of ``game`` (:attr:`GameSpec.board`), ``none`` for a game not registered."""
    try:
        return find_spec(game).board
    except UnknownGame:
        return "none"


def _plain(state: Mapping[str, Any], last: str | None) -> str:
    """A game with no known board: its public state, one line a field."""
    lines = [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in state.items()
             if key != "game"]
    parts = [f'<text class="name" x="{GAP}" y="{(index + 1) * LINE}">{escape(line)}</text>'
             for index, line in enumerate(lines)]
    width = max((len(line) for line in lines), default=0) * 8 + 2 * GAP
    return _svg(width, (len(lines) + 1) * LINE, str(state.get("game", "")), parts)


def _flagged(state: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {flag["at"]: flag for flag in state.get("flagged", [])}


#: Cells named by a word, in both languages (the page shows the reader's: ``svg .en``/``.fr``).
NAMED_CELLS = {"start": ("start", "départ"), "finish": ("finish", "arrivée")}


def both_tspans(en: str, fr: str) -> str:
    """A label in both languages, one ``tspan`` each; the page's style hides the other language's.

    >>> both_tspans("finish", "arrivée")
    '<tspan class="en">finish</tspan><tspan class="fr">arrivée</tspan>'
    """
    return f'<tspan class="en">{escape(en)}</tspan><tspan class="fr">{escape(fr)}</tspan>'


def _cell(x: float, y: float, w: float, h: float, name: str, card: str | None, classes: list[str],
          label: str, extra: str = "", *, title: str | None = None) -> str:
    """A cell named ``name`` holding ``card`` (its ``label`` written large), its tooltip ``title``
    (by default its name and card)."""
    title = title if title is not None else f"{name}: {card}" if card else name
    text = (f'<text class="card" x="{x + w / 2:.1f}" y="{y + h / 2 + 8:.1f}">{escape(label)}</text>'
            if label else "")
    attrs = f' data-card="{escape(card)}"' if card else ""
    return (f'<g class="{" ".join(classes)}" data-cell="{escape(name)}"{attrs}>'
            f"<title>{escape(title)}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6"/>'
            f'<text class="name" x="{x + 4:.1f}" y="{y + 13:.1f}">'
            f"{both_tspans(*NAMED_CELLS[name]) if name in NAMED_CELLS else escape(name)}</text>"
            f"{text}{extra}</g>")


def _classes(name: str, card: str | None, flagged: Mapping[str, Any], last: str | None,
             *more: str) -> list[str]:
    classes = ["cell", *more]
    if name in flagged:
        classes.append("flagged")
    elif card:
        classes.append("filled")
    else:
        classes.append("empty")
    if name == last and name not in flagged:
        classes.append("last")
    return classes


class _Canvas:
    """The parts of a picture drawn round the origin, and the box that holds them all. A text's box
    is guessed from its length (no font is measured here): the picture keeps a margin round it."""

    def __init__(self, game: str = "") -> None:
        self.game = game
        self.parts: list[str] = []
        self.left = self.top = math.inf
        self.right = self.bottom = -math.inf

    def raw(self, part: str) -> None:
        """Add ``part`` with no extent of its own (a group's opening or closing tag)."""
        self.parts.append(part)

    def add(self, part: str, x0: float, y0: float, x1: float, y1: float) -> None:
        """Add ``part``, which lies within ``(x0, y0)``-``(x1, y1)``."""
        self.parts.append(part)
        self.left, self.top = min(self.left, x0), min(self.top, y0)
        self.right, self.bottom = max(self.right, x1), max(self.bottom, y1)

    def text(self, x: float, y: float, text: str, classes: str, *, anchor: str = "start",
             size: float = FONT, attrs: str = "") -> None:
        """A line of text, its baseline at ``y``, anchored at ``x`` (``start``, ``middle``, ``end``)."""
        width = _width(text, size)
        x0 = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
        self.add(f'<text class="{classes}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{attrs}>'
                 f"{escape(text)}</text>", x0, y - size, x0 + width, y + size * 0.3)

    def card(self, x: float, y: float, card: str, *more: str, small: bool = False, attrs: str = "") -> None:
        """A card, its top left corner at ``(x, y)``, coloured by its series (``card suit-pink``) and
        drawn as it looks (:func:`face`); ``data-card`` keeps its record name."""
        w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
        classes = " ".join(["card", *_suit(card), *(["small"] if small else []), *more])
        self.add(f'<g class="{classes}" data-card="{escape(card)}"{attrs}>'
                 f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="3"/>'
                 f"{face(self.game, card, x, y, w, h)}</g>", x, y, x + w, y + h)

    def svg(self, game: str) -> str:
        """The picture, its view box the box of its parts and a margin."""
        left, top = math.floor(self.left - GAP), math.floor(self.top - GAP)
        width, height = math.ceil(self.right + GAP) - left, math.ceil(self.bottom + GAP) - top
        return _svg(width, height, game, self.parts, origin=(left, top))


def _width(text: str, size: float) -> float:
    """A guess at the width of ``text`` in a font of ``size`` (a system font's average glyph)."""
    return len(text) * size * 0.6


def _whole(value: object) -> int | None:
    """``value`` as a whole number: an int, or a string of digits (a JSON object's key); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) < 10**9 else None
    if isinstance(value, str) and 0 < len(value) <= 9 and value.isascii() and value.isdigit():
        return int(value)
    return None


def _name(value: object, most: int = MAX_NAME) -> str | None:
    """``value`` as a name to show (a card, a task, a rule): a string or a whole number, else None;
    cut at ``most`` characters."""
    if isinstance(value, str) and value:
        value = value if len(value) <= most else value[:most - 1] + "…"
        return "".join(char if char.isprintable() else "?" for char in value)  # XML takes no control
    number = _whole(value)
    return None if number is None else str(number)


def _mapping(value: object) -> Mapping[Any, Any]:
    return value if isinstance(value, Mapping) else {}


def _sequence(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _suit(card: str) -> list[str]:
    """The class of ``card``'s series, its name before the last "-" (``pink-8``: ``suit-pink``)."""
    series = card.rpartition("-")[0].lower()
    return [f"suit-{series}"] if series.replace("-", "").isalnum() and series.isascii() else []


def face(game: str, card: str, x: float, y: float, w: float, h: float) -> str:
    """What ``card`` of ``game`` shows in its box (the first registered painter that tells it), else
    a question mark: a card's record name is no player's word."""
    for paint in FACES:
        drawn = paint(game, card, x, y, w, h)
        if drawn is not None:
            return drawn
    return (f'<text class="value" x="{x + w / 2:.1f}" y="{y + h / 2 + 5:.1f}" text-anchor="middle" '
            f'font-size="14">?</text>')


def spell(game: str, text: str) -> tuple[str, str]:
    """``text`` with each card it names written by a registered writer (``win:pink-3``: ``win:■3``
    in pink's class): the text as shown (to measure it), and its SVG markup (escaped)."""
    shown, markup, at = [], [], 0
    for found in CARD_IN_TEXT.finditer(text):
        word = next((said for write in WORDS if (said := write(game, found.group())) is not None), None)
        if word is None:
            continue
        before = text[at:found.start()]
        shown += [before, word[0]]
        markup += [escape(before), f'<tspan class="{escape(word[1])}">{escape(word[0])}</tspan>']
        at = found.end()
    return "".join([*shown, text[at:]]), "".join([*markup, escape(text[at:])])


def disc(canvas: _Canvas, x: float, y: float, label: str, *, turn: bool) -> None:
    """A seat's (or captain's) disc at ``(x, y)`` with its label, ringed when it is its turn."""
    if turn:
        ring = DISC + 5
        canvas.add(f'<circle class="turn-mark" cx="{x:.1f}" cy="{y:.1f}" r="{ring:.0f}"/>',
                   x - ring, y - ring, x + ring, y + ring)
    canvas.add(f'<circle class="disc" cx="{x:.1f}" cy="{y:.1f}" r="{DISC:.0f}"/>',
               x - DISC, y - DISC, x + DISC, y + DISC)
    canvas.text(x, y + 5, label, "number", anchor="middle", size=14)


def _breach(breach: Mapping[str, Any]) -> tuple[str, str]:
    """A breach's line (``CR11 @ 57``: the rule, the event that broke it) and its classes."""
    rule = _name(breach.get("rule")) or "?"
    at = _whole(breach.get("seq")) or _whole(breach.get("proved_at")) or None  # seq 0: not known
    disputed = breach.get("disputed") is True
    text = (rule if at is None else f"{rule} @ {at}") + (" ?" if disputed else "")
    return text, "breach disputed" if disputed else "breach"


def _svg(width: float, height: float, game: str, parts: list[str],
         origin: tuple[float, float] = (0.0, 0.0)) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="table {escape(game)}" '
            f'viewBox="{origin[0]:.0f} {origin[1]:.0f} {width:.0f} {height:.0f}" role="img">'
            + "".join(parts) + "</svg>")
