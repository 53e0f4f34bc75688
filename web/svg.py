"""The table drawn as SVG, from a game's public state (``Game.state_json()``).

A table of cells (:mod:`web.islands`, :mod:`web.pyramid`): each cell named, the last placement
outlined, a flagged card drawn in red over its cell.
A trick game (The Crew, Rixes): the table seen from above, the seats around it (seat 1 at the
bottom, then clockwise), the trick in play in the middle, each seat's tasks and sonar card by it.
The drawing is the same in both languages: it shows cell, card and rule names and seat numbers;
a word or a task said in words is drawn in both languages, and the page's style shows its own.
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

#: The trick table: the seats sit on an ellipse of these radii round the table's centre, on its rim.
SEAT_RX, SEAT_RY = 100.0, 90.0
#: The radius of a seat's disc.
DISC = 15.0
#: The cards of the trick in play lie this share of the way from the centre to their seat.
REACH = 0.5
#: A card of the trick in play; a small one (a sonar card, the Tonoja row, a finished trick).
CARD_W, CARD_H = 56.0, 22.0
SMALL_W, SMALL_H = 46.0, 16.0
#: The font size of a task, a breach and a card's name (``svg .task`` and the others in page.css),
#: of a small card's name, and the height of a line of them.
FONT, SMALL_FONT, ROW = 11.0, 9.0, 14.0
#: A seat's task wraps after a "+" or a ":" once its line is this many characters long.
WRAP = 14
#: A task said in words (``"words"``: ``{"en": ..., "fr": ...}``) wraps at a space once its line is
#: this many characters long: by a seat, and in the row of tasks not yet taken.
WORDS_WRAP, OPEN_WORDS_WRAP = 24, 40
#: The widest row of tasks not yet taken, above the table.
FLOW = 360.0
#: The most seats drawn, the longest name and the longest words shown (a state is never trusted:
#: it may be garbage).
MAX_SEATS, MAX_NAME, MAX_WORDS = 10, 40, 160
TASK_MARK = {"pending": "○", "done": "✓", "failed": "✗"}
POSITIONS = ("top", "middle", "bottom")

#: The drawer of each kind of board, by :attr:`GameSpec.board` (or its :attr:`GameSpec.drawing`).
DRAWERS: dict[str, Drawer] = {}
#: Says what a drawing's colours and symbols mean, as HTML in the page's language.
Legend = Callable[[Lang], str]
#: The legend of the drawings that have one, by the drawer's name.
LEGENDS: dict[str, Legend] = {}


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


def seat_angles(n: int) -> list[float]:
    """The direction of each of ``n`` seats from the table's centre, in degrees on a picture whose
    y axis points down: seat 1 at the bottom (90), the others clockwise, evenly spread.

    >>> seat_angles(4), seat_angles(0)
    ([90.0, 180.0, 270.0, 0.0], [])
    """
    return [(90.0 + 360.0 * k / n) % 360.0 for k in range(max(n, 0))]


class _Canvas:
    """The parts of a picture drawn round the origin, and the box that holds them all. A text's box
    is guessed from its length (no font is measured here): the picture keeps a margin round it."""

    def __init__(self) -> None:
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
        """A card, its top left corner at ``(x, y)``, coloured by its series (``card suit-pink``)."""
        w, h, size = (SMALL_W, SMALL_H, SMALL_FONT) if small else (CARD_W, CARD_H, FONT)
        classes = " ".join(["card", *_suit(card), *(["small"] if small else []), *more])
        self.add(f'<g class="{classes}" data-card="{escape(card)}"{attrs}>'
                 f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="3"/>'
                 f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + size * 0.35:.1f}" text-anchor="middle">'
                 f"{escape(card)}</text></g>", x, y, x + w, y + h)

    def svg(self, game: str) -> str:
        """The picture, its view box the box of its parts and a margin."""
        left, top = math.floor(self.left - GAP), math.floor(self.top - GAP)
        width, height = math.ceil(self.right + GAP) - left, math.ceil(self.bottom + GAP) - top
        return _svg(width, height, game, self.parts, origin=(left, top))


#: A line of a list beside a seat: its width, its height, and what draws it from its top left corner.
_Line = tuple[float, float, Callable[[_Canvas, float, float], None]]


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


def _polar(angle: float, rx: float, ry: float) -> tuple[float, float]:
    """The point at ``angle`` degrees on the ellipse of radii ``rx``, ``ry`` round the origin."""
    a = math.radians(angle)
    return round(rx * math.cos(a), 1) + 0.0, round(ry * math.sin(a), 1) + 0.0  # + 0.0: never "-0.0"


def disc(canvas: _Canvas, x: float, y: float, label: str, *, turn: bool) -> None:
    """A seat's (or captain's) disc at ``(x, y)`` with its label, ringed when it is its turn."""
    if turn:
        ring = DISC + 5
        canvas.add(f'<circle class="turn-mark" cx="{x:.1f}" cy="{y:.1f}" r="{ring:.0f}"/>',
                   x - ring, y - ring, x + ring, y + ring)
    canvas.add(f'<circle class="disc" cx="{x:.1f}" cy="{y:.1f}" r="{DISC:.0f}"/>',
               x - DISC, y - DISC, x + DISC, y + DISC)
    canvas.text(x, y + 5, label, "number", anchor="middle", size=14)


def _wrap(name: str, limit: int) -> list[str]:
    """``name`` in lines, cut after a "+" or a ":" once a line is ``limit`` characters long."""
    lines = [""]
    for piece in name.replace("+", "+\n").replace(":", ":\n").split("\n"):
        if lines[-1] and len(lines[-1]) + len(piece) > limit:
            lines.append("")
        lines[-1] += piece
    return lines


def _wrap_words(words: str, limit: int) -> list[str]:
    """``words`` in lines, cut at a space once a line is ``limit`` characters long.

    >>> _wrap_words("win the pink 5 and the yellow 6", 14)
    ['win the pink 5', 'and the yellow', '6']
    """
    lines = [""]
    for word in words.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > limit:
            lines.append("")
        lines[-1] += f" {word}" if lines[-1] else word
    return lines


def _words(value: object) -> dict[str, str] | None:
    """A task's words in each language (``{"en": ..., "fr": ...}``) to show, else None."""
    given = _mapping(value)
    if not all(isinstance(given.get(lang), str) for lang in ("en", "fr")):
        return None
    words = {lang: _name(given[lang], MAX_WORDS) for lang in ("en", "fr")}
    return {lang: text for lang, text in words.items() if text is not None} if all(words.values()) else None


def _task(name: str, status: str, limit: int | None, words: Mapping[str, str] | None = None) -> _Line:
    """A task, its status's mark first (the colour is not the only sign): its ``words`` in each
    language, the page showing its own (``svg .en``, ``.fr``), wrapped at a space; without words,
    its name wrapped at ``limit``."""
    mark = TASK_MARK.get(status, "·")
    indent = _width(mark + " ", FONT)
    if words is None:
        said = {"": _wrap(name, limit) if limit else [name]}
    else:
        wrap = WORDS_WRAP if limit else OPEN_WORDS_WRAP
        said = {lang: _wrap_words(text, wrap) for lang, text in words.items()}
    width = indent + max(_width(line, FONT) for lines in said.values() for line in lines)
    height = max(len(lines) for lines in said.values()) * ROW
    classes = f"task {status}" if status else "task"

    def draw(canvas: _Canvas, x: float, y: float) -> None:
        for lang, lines in said.items():
            spans = "".join(f'<tspan x="{x + (indent if k else 0):.1f}" y="{y + (k + 1) * ROW - 3:.1f}">'
                            f"{escape(f'{mark} {line}' if k == 0 else line)}</tspan>"
                            for k, line in enumerate(lines))
            more = f' class="{classes} {lang}" lang="{lang}"' if lang else f' class="{classes}"'
            canvas.add(f'<text{more} data-task="{escape(name)}">{spans}</text>', x, y, x + width, y + height)
    return width, height, draw


def _sonar(card: str, position: str, played: bool) -> _Line:
    """A seat's sonar card and where it lay in its hand; greyed once played."""
    width = SMALL_W + 4 + _width(position, FONT)

    def draw(canvas: _Canvas, x: float, y: float) -> None:
        canvas.raw(f'<g class="sonar{" played" if played else ""}" data-position="{escape(position)}">')
        canvas.card(x, y + 1, card, small=True)
        canvas.text(x + SMALL_W + 4, y + SMALL_H - 2, position, "position")
        canvas.raw("</g>")
    return width, SMALL_H + 3, draw


def _beside(canvas: _Canvas, x: float, y: float, angle: float, lines: list[_Line]) -> None:
    """Draw ``lines`` by the seat at ``(x, y)``, on its side away from the table's centre: under a
    seat at the bottom, above one at the top, right of one on the right and left of one on the left."""
    if not lines:
        return
    height = sum(h for _, h, _ in lines)
    across, down = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    away = DISC + 8
    top = y - height / 2
    if abs(across) < 0.45:
        top = y + away if down > 0 else y - away - height
    for width, h, draw in lines:
        if abs(across) < 0.45:
            draw(canvas, x - width / 2, top)
        else:
            draw(canvas, x + away if across > 0 else x - away - width, top)
        top += h


def _flow(canvas: _Canvas, bottom: float, lines: list[_Line]) -> float:
    """Draw ``lines`` in centred rows no wider than :data:`FLOW`, the last row ending at ``bottom``;
    return the top of the first row."""
    rows: list[list[_Line]] = []
    for line in lines:
        if rows and sum(w + 8 for w, _, _ in rows[-1]) + line[0] <= FLOW:
            rows[-1].append(line)
        else:
            rows.append([line])
    top = bottom - sum(max(h for _, h, _ in row) for row in rows)
    y = top
    for row in rows:
        x = -(sum(w for w, _, _ in row) + 8 * (len(row) - 1)) / 2
        for width, _, draw in row:
            draw(canvas, x, y)
            x += width + 8
        y += max(h for _, h, _ in row)
    return top


@drawer("tricks")
def _tricks(state: Mapping[str, Any], last: str | None) -> str:
    """A trick game's table seen from above: the seats round it, the trick in play in the middle in
    front of the seat that played each card, each seat's sonar card and tasks by it; above, the
    breaches, the Tonoja row and the tasks not yet taken; below, the last finished trick (every
    one with the option ``history: all``). Draws the fields present, whatever their values.

    >>> svg = table_svg({"game": "crew", "players": 3, "turn": 1, "leader": 2, "commander": 2,
    ...                  "trick": [{"seat": 2, "card": "blue-2"}], "tasks": {"no-win:5": {"seat": 3}}})
    >>> 'class="seat leader commander" data-seat="2"' in svg and 'class="card suit-blue lead"' in svg
    True
    """
    count = _players(state)
    turn, leader, commander = (_whole(state.get(key)) for key in ("turn", "leader", "commander"))
    rows = {_whole(row.get("seat")): row for row in map(_mapping, _sequence(state.get("seats")))}
    sonar = {_whole(seat): _mapping(shown) for seat, shown in _mapping(state.get("sonar")).items()}
    tasks: dict[int | None, list[_Line]] = {}
    for name, value in _mapping(state.get("tasks")).items():
        label, task = _name(name), _mapping(value)
        if label is None:
            continue
        status = task.get("status")
        status = status.lower() if isinstance(status, str) and status.lower() in TASK_MARK else ""
        owner = _whole(task.get("seat"))
        owner = owner if owner is not None and 1 <= owner <= count else None
        words = _words(task.get("words"))
        tasks.setdefault(owner, []).append(_task(label, status, WRAP if owner else None, words))

    canvas = _Canvas()
    canvas.add(f'<ellipse class="felt" cx="0" cy="0" rx="{SEAT_RX:.0f}" ry="{SEAT_RY:.0f}"/>',
               -SEAT_RX, -SEAT_RY, SEAT_RX, SEAT_RY)
    angles = seat_angles(count)
    canvas.raw('<g class="trick">')
    played = [(seat, card) for seat, card in ((_whole(entry.get("seat")), _name(entry.get("card")))
                                              for entry in map(_mapping, _sequence(state.get("trick"))))
              if seat is not None and 1 <= seat <= count and card is not None]
    for index, (seat, card) in enumerate(played):
        x, y = _polar(angles[seat - 1], SEAT_RX * REACH, SEAT_RY * REACH)
        more = ("lead",) if index == 0 else ()
        canvas.card(x - CARD_W / 2, y - CARD_H / 2, card, *more, attrs=f' data-played-by="{seat}"')
    canvas.raw("</g>")
    for seat, angle in enumerate(angles, start=1):
        _seat(canvas, seat, angle, rows.get(seat, {}), turn=seat == turn, leader=seat == leader,
              commander=seat == commander, sonar=sonar.get(seat), tasks=tasks.get(seat, []))

    # Above the table, from the table up: the tasks not yet taken, the Tonoja row, the breaches.
    top = canvas.top - GAP
    if tasks.get(None):
        canvas.raw('<g class="tasks open">')
        top = _flow(canvas, top, tasks[None]) - GAP
        canvas.raw("</g>")
    top = _tonoja(canvas, _mapping(state.get("tonoja_row")), top)
    breaches = [_breach(breach) for breach in map(_mapping, _sequence(state.get("breaches")))]
    top -= len(breaches) * ROW
    for row, (text, classes) in enumerate(breaches, start=1):
        canvas.text(0, top + row * ROW - 3, text, classes, anchor="middle")
    past = _sequence(state.get("tricks"))
    history = _mapping(state.get("options")).get("history")
    shown = list(enumerate(past, start=1))[(0 if history == "all" else -1):]
    y = canvas.bottom + GAP
    for number, trick in shown:
        _past(canvas, number, _mapping(trick), y)
        y += SMALL_H + 4
    logbook = _logbook(_mapping(state.get("logbook")), state.get("distress") is True)
    if logbook:
        canvas.text(0, y + ROW - 6, logbook, "logbook", anchor="middle")
    return canvas.svg(_name(state.get("game")) or "")


def _logbook(book: Mapping[str, Any], distress: bool) -> str:
    """The logbook's line, names and numbers only: ``mission 12 · attempt 2 · distress · score 3``
    (empty without a logbook).

    >>> _logbook({"mission": 12, "attempt": 2, "score": 3}, True)
    'mission 12 · attempt 2 · distress · score 3'
    >>> _logbook({"mission": None, "attempt": 1}, False), _logbook({}, False)
    ('attempt 1', '')
    """
    parts = [f"{key} {value}" for key in ("mission", "attempt")
             if (value := _whole(book.get(key))) is not None]
    if distress or book.get("distress") is True:
        parts.append("distress")
    score = _whole(book.get("score"))
    if score is not None:
        parts.append(f"score {score}")
    return " · ".join(parts)


def _players(state: Mapping[str, Any]) -> int:
    """The number of seats: ``players``, or as many as ``seats`` lists."""
    players = _whole(state.get("players"))
    if players is None:
        players = len(_sequence(state.get("seats")))
    return min(max(players, 0), MAX_SEATS)


def _seat(canvas: _Canvas, seat: int, angle: float, row: Mapping[str, Any], *, turn: bool, leader: bool,
          commander: bool, sonar: Mapping[str, Any] | None, tasks: list[_Line]) -> None:
    """A seat: its disc and number, the marks of the turn, the leader and the commander, its sonar
    card and its tasks. ``data-seat`` lets the page write the player's name by it."""
    x, y = _polar(angle, SEAT_RX, SEAT_RY)
    classes = " ".join(["seat", *(mark for mark, on in (("turn", turn), ("leader", leader),
                                                          ("commander", commander)) if on)])
    data = "".join(f' data-{key}="{value}"' for key in ("won", "score")
                   if (value := _whole(row.get(key))) is not None)
    canvas.raw(f'<g class="{classes}" data-seat="{seat}"{data}>')
    disc(canvas, x, y, str(seat), turn=bool(turn))
    if leader:  # a small flag on the upper left: this seat led the trick in play
        fx, fy = x - DISC - 2, y - DISC - 2
        canvas.add(f'<path class="leader-mark" d="M{fx:.1f} {fy:.1f}h8l-4 8z"/>', fx, fy, fx + 8, fy + 8)
    if commander:
        canvas.text(x + DISC, y - DISC + 6, "★", "commander-mark", anchor="middle", size=14)
    lines: list[_Line] = []
    card = _name(sonar.get("card")) if sonar is not None else None
    if sonar is not None and card is not None:
        position = sonar.get("position")
        lines.append(_sonar(card, position if position in POSITIONS else "?", sonar.get("played") is True))
    _beside(canvas, x, y, angle, lines + tasks)
    canvas.raw("</g>")


def _tonoja(canvas: _Canvas, row: Mapping[Any, Any], bottom: float) -> float:
    """Tonoja's visible cards (a dummy seat's), in a row under their columns' names, ending at
    ``bottom``; return the top of the row (``bottom`` if no card shows)."""
    cards = sorted(((column, card) for column, card in ((_name(k), _name(v)) for k, v in row.items())
                    if column is not None and card is not None), key=lambda pair: (len(pair[0]), pair[0]))
    if not cards:
        return bottom
    top = bottom - SMALL_H - ROW
    x = -(len(cards) * (SMALL_W + 4) - 4) / 2
    canvas.raw('<g class="tonoja">')
    for column, card in cards:
        canvas.text(x + SMALL_W / 2, top + ROW - 4, column, "name", anchor="middle", size=10)
        canvas.card(x, top + ROW, card, small=True, attrs=f' data-column="{escape(column)}"')
        x += SMALL_W + 4
    canvas.raw("</g>")
    return top - GAP


def _breach(breach: Mapping[str, Any]) -> tuple[str, str]:
    """A breach's line (``CR11 @ 57``: the rule, the event that broke it) and its classes."""
    rule = _name(breach.get("rule")) or "?"
    at = _whole(breach.get("seq")) or _whole(breach.get("proved_at")) or None  # seq 0: not known
    disputed = breach.get("disputed") is True
    text = (rule if at is None else f"{rule} @ {at}") + (" ?" if disputed else "")
    return text, "breach disputed" if disputed else "breach"


def _past(canvas: _Canvas, number: int, trick: Mapping[str, Any], y: float) -> None:
    """Finished trick ``number`` in a small row at ``y``: each card after its seat's number, in the
    order they were played, the winner's outlined, and the winner's seat at the end."""
    named = ((_whole(seat), _name(card)) for seat, card in _mapping(trick.get("cards")).items())
    cards = [(seat, card) for seat, card in named if card is not None]
    winner = _whole(trick.get("winner"))
    width = 20 + len(cards) * (SMALL_W + 14) + (30 if winner is not None else 0)  # "#6", "2 pink-8", "→ 2"
    x = -width / 2
    data = "" if winner is None else f' data-winner="{winner}"'
    canvas.raw(f'<g class="past" data-trick="{number}"{data}>')
    canvas.text(x + 16, y + SMALL_H - 4, f"#{number}", "name", anchor="end", size=10)
    x += 20
    for seat, card in cards:
        canvas.text(x + 8, y + SMALL_H - 4, "?" if seat is None else str(seat), "name", anchor="end", size=10)
        more = ("winner",) if seat is not None and seat == winner else ()
        canvas.card(x + 10, y, card, *more, small=True)
        x += SMALL_W + 14
    if winner is not None:
        canvas.text(x, y + SMALL_H - 4, f"→ {winner}", "winner-seat", size=10)
    canvas.raw("</g>")


def _svg(width: float, height: float, game: str, parts: list[str],
         origin: tuple[float, float] = (0.0, 0.0)) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="table {escape(game)}" '
            f'viewBox="{origin[0]:.0f} {origin[1]:.0f} {width:.0f} {height:.0f}" role="img">'
            + "".join(parts) + "</svg>")
