"""The table drawn as SVG, from a game's public state (``Game.state_json()``).

Tranquillité: the 6x6 grid ``a1`` (bottom left) to ``f6`` (top right), the
``start`` corner outside the grid at the bottom left and ``finish`` at the top
right. L'Ascension: the pyramid of 44 slots, row 1 (9 slots) at the bottom
resting on the Panoramas, up to row 8 (2 slots), and the Sommet ``a9`` on top.
The last placement is outlined, a flagged card is drawn in red over its cell.
The drawing is the same in both languages: it shows cell and card names only.
Each kind of board a game spec names (:attr:`~companion.engine.spec.GameSpec.board`) has its drawer,
registered with :func:`drawer`; a game with none is drawn as its public state, one line a field.

>>> svg = table_svg({"game": "tranquility", "cells": {"c1": "27"}, "start": True, "finish": False,
...                  "flagged": [{"card": "12", "at": "d1", "rule": "T2"}]}, last="c1")
>>> 'data-cell="c1"' in svg and 'class="cell filled last"' in svg and 'class="cell flagged"' in svg
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from companion.engine.spec import find_spec
from companion.errors import UnknownGame
from companion.games.ascension.pyramid import LETTERS, ROWS, SUMMIT, parse_card, row_length

#: Draws a table: (``Game.state_json()``, the cell of the last placement or None) -> SVG.
Drawer = Callable[[Mapping[str, Any], str | None], str]

CELL = 60
GAP = 6
PITCH = CELL + GAP
TERRAIN_CLASS = {"g": "green", "s": "snow", "r": "rock"}
#: The line height of the plain drawing of a game with no known board.
LINE = 20

#: The drawer of each kind of board, by :attr:`GameSpec.board`.
DRAWERS: dict[str, Drawer] = {}


def drawer(board: str) -> Callable[[Drawer], Drawer]:
    """Register the decorated function as the drawer of the tables of ``board``."""
    def register(draw: Drawer) -> Drawer:
        DRAWERS[board] = draw
        return draw
    return register


def table_svg(state: Mapping[str, Any], *, last: str | None = None) -> str:
    """The SVG picture of a table: ``state`` as ``Game.state_json()`` gives it, ``last`` the
    cell of the last placement still on the table (or None)."""
    try:
        board = find_spec(str(state.get("game"))).board
    except UnknownGame:
        board = "none"
    return DRAWERS.get(board, _plain)(state, last)


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


def _cell(x: float, y: float, w: float, h: float, name: str, card: str | None, classes: list[str],
          label: str, extra: str = "") -> str:
    title = f"{name}: {card}" if card else name
    text = (f'<text class="card" x="{x + w / 2:.1f}" y="{y + h / 2 + 8:.1f}">{escape(label)}</text>'
            if label else "")
    attrs = f' data-card="{escape(card)}"' if card else ""
    return (f'<g class="{" ".join(classes)}" data-cell="{escape(name)}"{attrs}>'
            f"<title>{escape(title)}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6"/>'
            f'<text class="name" x="{x + 4:.1f}" y="{y + 13:.1f}">{escape(name)}</text>'
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


@drawer("grid")
def _grid(state: Mapping[str, Any], last: str | None) -> str:
    cells: Mapping[str, str] = state.get("cells", {})
    flagged = _flagged(state)
    left, top = PITCH, PITCH
    parts: list[str] = []
    for row in range(6, 0, -1):
        for col in range(6):
            name = f"{'abcdef'[col]}{row}"
            x, y = left + col * PITCH, top + (6 - row) * PITCH
            card = flagged[name]["card"] if name in flagged else cells.get(name)
            label = f"!{card}" if name in flagged else (card or "")
            parts.append(_cell(x, y, CELL, CELL, name, card, _classes(name, card, flagged, last), label))
    corners = (("start", left - PITCH, top + 6 * PITCH, bool(state.get("start"))),
               ("finish", left + 6 * PITCH, top - PITCH, bool(state.get("finish"))))
    for name, x, y, filled in corners:
        card = flagged[name]["card"] if name in flagged else (name if filled else None)
        label = f"!{card}" if name in flagged else ("★" if filled else "")
        classes = _classes(name, card, flagged, last, "corner")
        parts.append(_cell(x, y, CELL, CELL, name, card, classes, label))
    size = 8 * PITCH
    return _svg(size, size, str(state.get("game", "")), parts)


@drawer("pyramid")
def _pyramid(state: Mapping[str, Any], last: str | None) -> str:
    cells: Mapping[str, str] = state.get("cells", {})
    flagged = _flagged(state)
    ibex: Mapping[str, int] = state.get("ibex", {})
    bridges = set(state.get("bridges_covered", []))
    width, height, gap = 46.0, 62.0, 4.0
    pitch_x, pitch_y = width + gap, height + gap
    left, top = gap, gap
    parts: list[str] = []
    for row in range(1, ROWS + 2):
        for k in range(row_length(row) if row <= ROWS else 1):
            name = SUMMIT if row > ROWS else f"{LETTERS[k]}{row}"
            x = left + (k + (row - 1) / 2) * pitch_x
            y = top + (ROWS + 1 - row) * pitch_y
            card = cells.get(name)
            if name == SUMMIT:
                card = "summit" if state.get("summit") else None
            if name in flagged:
                card = flagged[name]["card"]
            extra: list[str] = []
            more = ["summit"] if name == SUMMIT else []
            parsed = parse_card(card) if card else None
            if parsed is not None and parsed.terrain:
                more.append(TERRAIN_CLASS[parsed.terrain])
            if parsed is not None and parsed.kind != "versant":
                more.append(parsed.kind)
            if name in bridges:
                more.append("covered")
            if ibex.get(name):
                cx, cy = x + width - 9, y + height - 9
                extra.append(f'<circle class="ibex" cx="{cx:.1f}" cy="{cy:.1f}" r="8"/>'
                             f'<text class="ibex" x="{cx:.1f}" y="{cy + 4:.1f}">{ibex[name]}</text>')
            label = _short(card) if card else ""
            if name in flagged:
                label = "!" + label
            parts.append(_cell(x, y, width, height, name, card, _classes(name, card, flagged, last, *more),
                               label, "".join(extra)))
    base_y = top + (ROWS + 1) * pitch_y
    parts.append(f'<rect class="panoramas" x="{left:.1f}" y="{base_y:.1f}" width="{9 * pitch_x - gap:.1f}" '
                 f'height="14" rx="4"/><text class="name" x="{left + 6:.1f}" y="{base_y + 11:.1f}">'
                 "Panoramas</text>")
    return _svg(left + 9 * pitch_x, base_y + 20, str(state.get("game", "")), parts)


def _short(card: str) -> str:
    """A card's name short enough for a slot: ``7s``, ``9r*`` (ibex icon), ``fire``, ``bridge``."""
    parsed = parse_card(card)
    if parsed is None:
        return card
    if parsed.kind == "versant":
        return f"{parsed.value}{parsed.terrain}" + ("*" if parsed.ibex else "")
    return {"campfire": "fire", "summit": "▲"}.get(parsed.kind, parsed.kind)


def _svg(width: float, height: float, game: str, parts: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="table {escape(game)}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img">' + "".join(parts) + "</svg>")
