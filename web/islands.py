"""Tables of cells drawn as SVG from their public state: the drawer ``grid`` (Tranquillité's 6 x 6 grid,
its Grande Arche and its Pyramide), each cell where its game's layout lays it for the state's options
(:meth:`~companion.engine.spec.GameSpec.layout_for`), a state of an unknown game on the 6 x 6 grid.

Beside the cards it draws the marks a state may carry, the same in both languages: each card's half
up (☀ day, ☾ night: ``up``), a row closed on its left border (⛰ the reef: ``reef_row``; ⚡ a purple
storm: ``storms.purple``), a cell closed by a storm or a border card bare (``storms``, ``bare`` as
cells), and a line under the table: the storms before seats (⚡ yellow, ⚡ orange, with the seat), the
compasses in the pool (🧭), the monsters played (🐙), the hands' half up, the face-up row and the
deck (▯), the scores by seat.

>>> from web.svg import table_svg
>>> svg = table_svg({"game": "tranquility", "cells": {"a1": "3"}, "up": {"a1": "night"},
...                  "reef_row": 2, "compasses": 1, "storms": {"yellow": [2], "purple": [4]}})
>>> 'class="cell up-night filled"' in svg and 'class="row-mark reef"' in svg and "🧭1" in svg
True
>>> 'data-cell="a4"' in table_svg({"game": "tranquility", "options": {"variant": "arch"}})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from companion.engine.spec import LayoutData, find_spec
from companion.errors import UnknownGame
from web.svg import CELL, PITCH, _cell, _classes, _flagged, _mapping, _sequence, _svg, _whole, drawer

#: The 6 x 6 grid of a state whose game has no layout: ``a1`` bottom left, the corners outside.
_GRID: tuple[tuple[str, tuple[float, float]], ...] = (
    *((f"{'abcdef'[i % 6]}{i // 6 + 1}", (float(i % 6), float(i // 6))) for i in range(36)),
    ("start", (-1.0, -1.0)), ("finish", (6.0, 6.0)))
#: The corners: no number, a star once filled.
CORNERS = ("start", "finish")
UP = {"day": "☀", "night": "☾"}
LINE_H = 18.0


def _lattice(state: Mapping[str, Any]) -> tuple[tuple[str, tuple[float, float]], ...]:
    """Where each cell lies: the game's layout for the state's options, else the 6 x 6 grid."""
    try:
        spec = find_spec(str(state.get("game")))
        layout: LayoutData | None = spec.layout_for(_mapping(state.get("options")))
    except UnknownGame:
        layout = None
    return layout.lattice if layout is not None else _GRID


@drawer("grid")
def _grid(state: Mapping[str, Any], last: str | None) -> str:
    lattice = _lattice(state)
    cells: Mapping[str, Any] = _mapping(state.get("cells"))
    flagged = _flagged(state)
    ups = _mapping(state.get("up"))
    closed = _closed(state)
    umin = min(u for _, (u, _) in lattice) - (1 if _row_marks(state) else 0)
    umax = max(u for _, (u, _) in lattice)
    vmax = max(v for _, (_, v) in lattice)
    vmin = min(v for _, (_, v) in lattice)
    parts: list[str] = []
    for name, (u, v) in lattice:
        x, y = (u - umin) * PITCH, (vmax - v) * PITCH
        if name in CORNERS:
            filled = bool(state.get(name))
            card = flagged[name]["card"] if name in flagged else (name if filled else None)
            label = f"!{card}" if name in flagged else ("★" if filled else "")
            classes = _classes(name, card, flagged, last, "corner")
            parts.append(_cell(x, y, CELL, CELL, name, card, classes, label))
            continue
        card = flagged[name]["card"] if name in flagged else cells.get(name)
        card = None if card is None else str(card)
        label = f"!{card}" if name in flagged else (card or "")
        more = [f"up-{ups[name]}"] if ups.get(name) in UP else []
        extra = ""
        if ups.get(name) in UP:
            extra += (f'<text class="up" x="{x + CELL - 10:.1f}" y="{y + CELL - 6:.1f}">'
                      f"{UP[ups[name]]}</text>")
        if name in closed:
            more.append(closed[name])
            extra += f'<text class="closed-mark" x="{x + 8:.1f}" y="{y + CELL - 6:.1f}">⚡</text>'
        parts.append(_cell(x, y, CELL, CELL, name, card, _classes(name, card, flagged, last, *more), label,
                           extra))
    for row, kind, mark in _row_marks(state):
        y = (vmax - (row - 1)) * PITCH + CELL / 2 + 6
        offset = 12 if kind == "reef" else 40
        parts.append(f'<text class="row-mark {kind}" x="{offset:.1f}" y="{y:.1f}" data-row="{row}">'
                     f"{mark}</text>")
    width, height = (umax - umin + 1) * PITCH, (vmax - vmin + 1) * PITCH
    lines = _footer(state)
    for index, line in enumerate(lines):
        parts.append(f'<text class="table-note" x="{GAP_X}" y="{height + (index + 1) * LINE_H:.1f}">'
                     f"{escape(line)}</text>")
    return _svg(width, height + len(lines) * LINE_H + (6 if lines else 0), str(state.get("game", "")), parts)


GAP_X = 6.0


def _row_marks(state: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    """The rows closed on their left border: (row, kind, mark)."""
    marks: list[tuple[int, str, str]] = []
    reef = _whole(state.get("reef_row"))
    if reef is not None:
        marks.append((reef, "reef", "⛰"))
    storms = state.get("storms")
    if isinstance(storms, Mapping):
        for row in _sequence(storms.get("purple")):
            if _whole(row) is not None:
                marks.append((int(row), "storm purple", "⚡"))
    return marks


def _closed(state: Mapping[str, Any]) -> dict[str, str]:
    """Cells closed by a storm lying on them, or a border card showing bare (the Pyramide)."""
    found: dict[str, str] = {}
    for cell in _sequence(state.get("bare")):
        found[str(cell)] = "bare"
    storms = state.get("storms")
    if isinstance(storms, Mapping):
        for key, value in storms.items():
            if key not in ("yellow", "orange", "purple") and isinstance(value, str):
                found[str(key)] = f"storm {value.removeprefix('storm-')}"
    return found


def _footer(state: Mapping[str, Any]) -> list[str]:
    """The line under the table: storms before seats, compasses, monsters, hands' half, row, scores."""
    parts: list[str] = []
    storms = state.get("storms")
    if isinstance(storms, Mapping):
        for colour in ("yellow", "orange"):
            seats = [str(s) for s in _sequence(storms.get(colour)) if _whole(s) is not None]
            if seats:
                parts.append(f"⚡{colour[0].upper()}→{','.join(seats)}")
    for key, mark in (("compasses", "🧭"), ("monsters_played", "🐙")):
        count = _whole(state.get(key))
        if count:
            parts.append(f"{mark}{count}")
    hands = state.get("hands_up")
    if hands in UP:
        parts.append(f"✋{UP[str(hands)]}")
    row, deck = _whole(state.get("row")), _whole(state.get("deck"))
    if row is not None and deck is not None:
        parts.append(f"▯{row}+{deck}")
    scores = _mapping(state.get("scores"))
    if scores:
        parts.append(" · ".join(f"{seat}: {points}" for seat, points in scores.items()))
    return [" ".join(parts)] if parts else []
