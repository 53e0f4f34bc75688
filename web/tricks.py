"""A trick game's table drawn as SVG from its public state: the drawer ``tricks`` (The Crew's).

The table seen from above, the seats around it (seat 1 at the bottom, then clockwise), the trick
in play in the middle, each seat's tasks and sonar card by it; above, the breaches, the Tonoja row
and the tasks not yet taken; below, the last finished trick. The cards are drawn as they look
(:func:`web.svg.face`), the cards a task names written by their value and symbol
(:func:`web.svg.spell`): the drawing shows task and rule names, values, symbols and seat numbers
only, the same in both languages.

>>> from web.svg import table_svg
>>> svg = table_svg({"game": "crew", "players": 3, "turn": 1, "leader": 2, "commander": 2,
...                  "trick": [{"seat": 2, "card": "blue-2"}], "tasks": {"no-win:5": {"seat": 3}}})
>>> 'class="seat leader commander" data-seat="2"' in svg and 'class="card suit-blue lead"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from web.svg import (
    CARD_H,
    CARD_W,
    DISC,
    FONT,
    GAP,
    ROW,
    SMALL_H,
    SMALL_W,
    _breach,
    _Canvas,
    _mapping,
    _name,
    _sequence,
    _whole,
    _width,
    disc,
    drawer,
    spell,
)

#: The trick table: the seats sit on an ellipse of these radii round the table's centre, on its rim.
SEAT_RX, SEAT_RY = 100.0, 90.0
#: The cards of the trick in play lie this share of the way from the centre to their seat.
REACH = 0.5
#: A seat's task wraps after a "+" or a ":" once its line is this many characters long.
WRAP = 14
#: The widest row of tasks not yet taken, above the table.
FLOW = 360.0
#: A task said in words (``"words"``: ``{"en": ..., "fr": ...}``) wraps at a space once its line is
#: this many characters long: by a seat, and in the row of tasks not yet taken.
WORDS_WRAP, OPEN_WORDS_WRAP = 24, 40
#: The most seats drawn, and the longest words shown (a state is never trusted: it may be garbage).
MAX_SEATS, MAX_WORDS = 10, 160
TASK_MARK = {"pending": "○", "done": "✓", "failed": "✗"}


def seat_angles(n: int) -> list[float]:
    """The direction of each of ``n`` seats from the table's centre, in degrees on a picture whose
    y axis points down: seat 1 at the bottom (90), the others clockwise, evenly spread.

    >>> seat_angles(4), seat_angles(0)
    ([90.0, 180.0, 270.0, 0.0], [])
    """
    return [(90.0 + 360.0 * k / n) % 360.0 for k in range(max(n, 0))]


#: A line of a list beside a seat: its width, its height, and what draws it from its top left corner.
_Line = tuple[float, float, Callable[[_Canvas, float, float], None]]



def _polar(angle: float, rx: float, ry: float) -> tuple[float, float]:
    """The point at ``angle`` degrees on the ellipse of radii ``rx``, ``ry`` round the origin."""
    a = math.radians(angle)
    return round(rx * math.cos(a), 1) + 0.0, round(ry * math.sin(a), 1) + 0.0  # + 0.0: never "-0.0"


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


def _task(name: str, status: str, limit: int | None, game: str,
          words: Mapping[str, str] | None = None) -> _Line:
    """A task, its status's mark first (the colour is not the only sign): its ``words`` in each
    language, the page showing its own (``svg .en``, ``.fr``), wrapped at a space; without words,
    its name wrapped at ``limit``, the cards it names written as the cards show them (:func:`spell`)."""
    mark = TASK_MARK.get(status, "·")
    indent = _width(mark + " ", FONT)
    if words is None:
        said = {"": [spell(game, line) for line in (_wrap(name, limit) if limit else [name])]}
    else:
        wrap = WORDS_WRAP if limit else OPEN_WORDS_WRAP
        said = {lang: [(line, escape(line)) for line in _wrap_words(text, wrap)]
                for lang, text in words.items()}
    width = indent + max(_width(shown, FONT) for lines in said.values() for shown, _ in lines)
    height = max(len(lines) for lines in said.values()) * ROW
    classes = f"task {status}" if status else "task"

    def draw(canvas: _Canvas, x: float, y: float) -> None:
        for lang, lines in said.items():
            spans = "".join(f'<tspan x="{x + (indent if k else 0):.1f}" y="{y + (k + 1) * ROW - 3:.1f}">'
                            f"{f'{escape(mark)} {markup}' if k == 0 else markup}</tspan>"
                            for k, (_, markup) in enumerate(lines))
            more = f' class="{classes} {lang}" lang="{lang}"' if lang else f' class="{classes}"'
            canvas.add(f'<text{more} data-task="{escape(name)}">{spans}</text>', x, y, x + width, y + height)
    return width, height, draw


#: Where a sonar token lies on its card, as a share of the card's height from its top.
SONAR_AT = {"top": 0.2, "middle": 0.5, "bottom": 0.8}
#: The radius of a sonar token.
TOKEN = 4.5


def _sonar(card: str, position: str | None, played: bool) -> _Line:
    """A seat's sonar card with its token beside it, at the card's top, middle or bottom where the
    token lies on it (a "?" where the state does not say); greyed once played."""
    width = SMALL_W + 12

    def draw(canvas: _Canvas, x: float, y: float) -> None:
        classes = "sonar played" if played else "sonar"
        canvas.raw(f'<g class="{classes}" data-position="{escape(position or "?")}">')
        canvas.card(x, y + 1, card, small=True)
        tx = x + SMALL_W + 6
        if position in SONAR_AT:
            ty = y + 1 + SMALL_H * SONAR_AT[position]
            canvas.add(f'<circle class="token" cx="{tx:.1f}" cy="{ty:.1f}" r="{TOKEN:.1f}"/>',
                       tx - TOKEN, ty - TOKEN, tx + TOKEN, ty + TOKEN)
        else:
            canvas.text(tx, y + SMALL_H / 2 + 5, "?", "position", anchor="middle")
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
    one with the option ``history: all``). Draws the fields present, whatever their values."""
    count, game = _players(state), _name(state.get("game")) or ""
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
        tasks.setdefault(owner, []).append(_task(label, status, WRAP if owner else None, game, words))

    canvas = _Canvas(game)
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
        lines.append(_sonar(card, position if position in SONAR_AT else None, sonar.get("played") is True))
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


def _past(canvas: _Canvas, number: int, trick: Mapping[str, Any], y: float) -> None:
    """Finished trick ``number`` in a small row at ``y``: each card after its seat's number, in the
    order they were played, the winner's outlined, and the winner's seat at the end."""
    named = ((_whole(seat), _name(card)) for seat, card in _mapping(trick.get("cards")).items())
    cards = [(seat, card) for seat, card in named if card is not None]
    winner = _whole(trick.get("winner"))
    width = 20 + len(cards) * (SMALL_W + 14) + (30 if winner is not None else 0)  # "#6", "2 ▯", "→ 2"
    x = -width / 2
    data = "" if winner is None else f' data-winner="{winner}"'
    canvas.raw(f'<g class="past" data-trick="{number}"{data}>')
    middle = y + SMALL_H / 2 + 3.5  # the baseline of a line of 10 px centred on the cards
    canvas.text(x + 16, middle, f"#{number}", "name", anchor="end", size=10)
    x += 20
    for seat, card in cards:
        canvas.text(x + 8, middle, "?" if seat is None else str(seat), "name", anchor="end", size=10)
        more = ("winner",) if seat is not None and seat == winner else ()
        canvas.card(x + 10, y, card, *more, small=True)
        x += SMALL_W + 14
    if winner is not None:
        canvas.text(x, middle, f"→ {winner}", "winner-seat", size=10)
    canvas.raw("</g>")


__all__ = ["seat_angles"]
