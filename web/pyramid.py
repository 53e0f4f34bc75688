"""L'Ascension's pyramid drawn as SVG from its public state: the drawer ``pyramid``, and its legend.

The 44 slots, row 1 (9 slots) at the bottom resting on the Panoramas, up to row 8 (2 slots), and
the Sommet ``a9`` on top. Each card is drawn as it looks: a Versant in its terrain's colour with its
value large in the middle and its terrain's symbol in the top right corner (snow ❄-like flake, rock
boulder, meadow grass: the colour is never the only sign), the ibex icon as a small horned head at
the bottom left; a Feu de camp a flame on its terrain, a Pont a rope bridge on grey, the Sommet a
peak. Ibex meeples on a card (Faune montagnarde) are counted in a brown disc at the bottom right, a
Versant laid over a Pont shows a small bridge at its bottom. Only slot names, values and symbols
show: no card's record name, the same in both languages (``data-card`` keeps the record name).

This module alone of the page reads L'Ascension's card names and pyramid (``web.svg`` stays generic).

>>> from web.svg import table_svg
>>> svg = table_svg({"game": "ascension", "cells": {"a1": "9r+ibex", "b1": "bridge"}, "ibex": {"a1": 2}})
>>> 'class="cell rock filled" data-cell="a1" data-card="9r+ibex"' in svg and 'class="glyph ibex-icon"' in svg
True
>>> "9r" in svg.replace('data-card="9r+ibex"', "") or "bridge<" in svg
False
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from companion.games.ascension.pyramid import LETTERS, ROWS, SUMMIT, Card, parse_card, row_length
from companion.text import Lang, Text
from web.svg import _cell, _classes, _flagged, _mapping, _svg, _whole, drawer, legend

#: A slot, and the gap between two.
WIDTH, HEIGHT, GAP = 46.0, 62.0, 4.0
TERRAIN_CLASS = {"g": "green", "s": "snow", "r": "rock"}
#: Where a card's value sits: its baseline below the slot's top (``svg.ascension .card`` is 26px).
VALUE_Y = 43.0


def _snow(x: float, y: float, r: float) -> str:
    """A snowflake: three strokes crossing, each tipped with a small fork."""
    arms = []
    for dx, dy in ((1.0, 0.0), (0.5, 0.866), (-0.5, 0.866)):
        arms.append(f"M{x - dx * r:.1f} {y - dy * r:.1f}L{x + dx * r:.1f} {y + dy * r:.1f}")
    return f'<path class="glyph snow-mark" d="{"".join(arms)}"/>'


def _rock(x: float, y: float, r: float) -> str:
    """A boulder: a filled angular stone."""
    points = ((-1.0, 0.8), (-0.8, -0.2), (-0.2, -0.9), (0.6, -0.7), (1.0, 0.2), (0.8, 0.8))
    return ('<polygon class="glyph rock-mark" points="'
            + " ".join(f"{x + u * r:.1f},{y + v * r:.1f}" for u, v in points) + '"/>')


def _meadow(x: float, y: float, r: float) -> str:
    """A tuft of grass: three blades from one root."""
    return (f'<path class="glyph green-mark" d="M{x:.1f} {y + r:.1f}V{y - r:.1f}'
            f"M{x - 0.2 * r:.1f} {y + r:.1f}Q{x - 0.6 * r:.1f} {y:.1f} {x - r:.1f} {y - 0.6 * r:.1f}"
            f'M{x + 0.2 * r:.1f} {y + r:.1f}Q{x + 0.6 * r:.1f} {y:.1f} {x + r:.1f} {y - 0.6 * r:.1f}"/>')


TERRAIN_GLYPH = {"s": _snow, "r": _rock, "g": _meadow}


def _ibex(x: float, y: float, r: float) -> str:
    """The ibex icon: a small head with two horns curving back."""
    return (f'<g class="glyph ibex-icon"><ellipse cx="{x:.1f}" cy="{y + 0.45 * r:.1f}" rx="{0.32 * r:.1f}" '
            f'ry="{0.5 * r:.1f}"/><path d="M{x - 0.2 * r:.1f} {y:.1f}C{x - 0.4 * r:.1f} {y - r:.1f} '
            f"{x - r:.1f} {y - r:.1f} {x - r:.1f} {y - 0.2 * r:.1f}M{x + 0.2 * r:.1f} {y:.1f}"
            f'C{x + 0.4 * r:.1f} {y - r:.1f} {x + r:.1f} {y - r:.1f} {x + r:.1f} {y - 0.2 * r:.1f}"/></g>')


def _fire(x: float, y: float, r: float) -> str:
    """A Feu de camp: a flame over two crossed logs."""
    flame = ((-0.6, 0.5), (-0.55, -0.2), (-0.2, 0.05), (0.0, -1.0), (0.3, -0.1), (0.55, -0.45), (0.6, 0.5))
    return ('<g class="glyph fire"><polygon points="'
            + " ".join(f"{x + u * r:.1f},{y + v * r:.1f}" for u, v in flame)
            + f'"/><path d="M{x - 0.8 * r:.1f} {y + 0.95 * r:.1f}L{x + 0.8 * r:.1f} {y + 0.6 * r:.1f}'
            f'M{x - 0.8 * r:.1f} {y + 0.6 * r:.1f}L{x + 0.8 * r:.1f} {y + 0.95 * r:.1f}"/></g>')


def _bridge(x: float, y: float, r: float) -> str:
    """A Pont: a rope bridge, its rope sagging over the planks of its deck."""
    planks = "".join(f"M{x + k * 0.4 * r:.1f} {y - 0.1 * r:.1f}V{y + 0.45 * r:.1f}" for k in range(-2, 3))
    return (f'<path class="glyph bridge-mark" d="M{x - r:.1f} {y - 0.6 * r:.1f}'
            f"Q{x:.1f} {y + 0.3 * r:.1f} {x + r:.1f} {y - 0.6 * r:.1f}{planks}"
            f'M{x - r:.1f} {y + 0.45 * r:.1f}H{x + r:.1f}"/>')


def _peak(x: float, y: float, r: float) -> str:
    """The Sommet: a peak, its top white with snow."""
    return (f'<g class="glyph peak"><polygon points="{x - r:.1f},{y + 0.7 * r:.1f} {x:.1f},{y - r:.1f} '
            f'{x + r:.1f},{y + 0.7 * r:.1f}"/><polygon class="cap" points="'
            f'{x - 0.35 * r:.1f},{y - 0.4 * r:.1f} {x:.1f},{y - r:.1f} '
            f'{x + 0.35 * r:.1f},{y - 0.4 * r:.1f}"/></g>')


def face(card: Card, x: float, y: float) -> tuple[str, list[str]]:
    """What ``card`` shows in a slot whose top left corner is at ``(x, y)``: its value (or none)
    and its symbols; and the classes of its slot (its terrain, its kind but a Versant's)."""
    more = [TERRAIN_CLASS[card.terrain]] if card.terrain in TERRAIN_CLASS else []
    if card.kind != "versant":
        more.append(card.kind)
    middle = (x + WIDTH / 2, y + 34.0)
    glyphs = []
    if card.terrain in TERRAIN_GLYPH:
        glyphs.append(TERRAIN_GLYPH[card.terrain](x + WIDTH - 9, y + 9, 5.0))
    if card.ibex:
        glyphs.append(_ibex(x + 9, y + HEIGHT - 9, 6.0))
    if card.kind == "campfire":
        glyphs.append(_fire(*middle, 12.0))
    elif card.kind == "bridge":
        glyphs.append(_bridge(*middle, 15.0))
    elif card.kind == "summit":
        glyphs.append(_peak(*middle, 14.0))
    value = str(card.value) if card.kind == "versant" else ""
    text = f'<text class="card" x="{x + WIDTH / 2:.1f}" y="{y + VALUE_Y:.1f}">{value}</text>' if value else ""
    return text + "".join(glyphs), more


@drawer("pyramid")
def _pyramid(state: Mapping[str, Any], last: str | None) -> str:
    cells = _mapping(state.get("cells"))
    flagged = _flagged(state)
    ibex = _mapping(state.get("ibex"))
    bridges = set(map(str, state.get("bridges_covered") or []))
    pitch_x, pitch_y = WIDTH + GAP, HEIGHT + GAP
    parts: list[str] = []
    for row in range(1, ROWS + 2):
        for k in range(row_length(row) if row <= ROWS else 1):
            name = SUMMIT if row > ROWS else f"{LETTERS[k]}{row}"
            x = GAP + (k + (row - 1) / 2) * pitch_x
            y = GAP + (ROWS + 1 - row) * pitch_y
            card = cells.get(name)
            if name == SUMMIT:
                card = "summit" if state.get("summit") else None
            if name in flagged:
                card = flagged[name]["card"]
            card = None if card is None else str(card)
            more = ["summit"] if name == SUMMIT else []
            parsed = parse_card(card) if card else None
            extra = ""
            if parsed is not None:
                extra, kinds = face(parsed, x, y)
                more += [kind for kind in kinds if kind not in more]
            elif card:  # not a card of the game (a misreading told by hand): a question mark
                extra = f'<text class="card" x="{x + WIDTH / 2:.1f}" y="{y + VALUE_Y:.1f}">?</text>'
            if name in bridges:
                more.append("covered")
                extra += _bridge(x + WIDTH / 2, y + HEIGHT - 8, 5.0)
            count = _whole(ibex.get(name))
            if count:
                cx, cy = x + WIDTH - 9, y + HEIGHT - 9
                extra += (f'<circle class="ibex" cx="{cx:.1f}" cy="{cy:.1f}" r="8"/>'
                          f'<text class="ibex" x="{cx:.1f}" y="{cy + 4:.1f}">{count}</text>')
            if name in flagged:
                extra += f'<text class="flag-mark" x="{x + WIDTH / 2:.1f}" y="{y + HEIGHT - 4:.1f}">!</text>'
            # The slot's tooltip is its name alone: a card's record name is no player's word.
            parts.append(_cell(x, y, WIDTH, HEIGHT, name, card, _classes(name, card, flagged, last, *more),
                               "", extra, title=name))
    base_y = GAP + (ROWS + 1) * pitch_y
    parts.append(f'<rect class="panoramas" x="{GAP:.1f}" y="{base_y:.1f}" width="{9 * pitch_x - GAP:.1f}" '
                 f'height="14" rx="4"/><text class="name" x="{GAP + 6:.1f}" y="{base_y + 11:.1f}">'
                 "Panoramas</text>")
    return _svg(GAP + 9 * pitch_x, base_y + 20, str(state.get("game", "")), parts)


#: The legend's entries: a sample drawn as on the board (a card's record name, the slot's extras),
#: and the message saying what it means.
SAMPLES: tuple[tuple[str, str, str], ...] = (
    ("7g", "", "page_legend_meadow"), ("7s", "", "page_legend_snow"), ("7r", "", "page_legend_rock"),
    ("4g+ibex", "", "page_legend_ibex_icon"), ("4s", "ibex", "page_legend_ibex_meeples"),
    ("campfire-r", "", "page_legend_campfire"), ("bridge", "", "page_legend_bridge"),
    ("9s", "covered", "page_legend_covered"), ("summit", "", "page_legend_summit"),
)


@legend("pyramid")
def _legend(lang: Lang) -> str:
    """What the pyramid's colours and symbols mean: each drawn as on the board, then said."""
    items = []
    for name, extra, key in SAMPLES:
        card = parse_card(name)
        assert card is not None  # the samples are cards of the game
        drawn, more = face(card, 0.0, 0.0)
        if extra == "ibex":
            drawn += (f'<circle class="ibex" cx="{WIDTH - 9:.1f}" cy="{HEIGHT - 9:.1f}" r="8"/>'
                      f'<text class="ibex" x="{WIDTH - 9:.1f}" y="{HEIGHT - 5:.1f}">2</text>')
        elif extra == "covered":
            drawn += _bridge(WIDTH / 2, HEIGHT - 8, 5.0)
        classes = " ".join(["cell", "filled", *more])
        items.append(f'<li><svg xmlns="http://www.w3.org/2000/svg" class="table ascension sample" '
                     f'viewBox="-1 -1 {WIDTH + 2:.0f} {HEIGHT + 2:.0f}" aria-hidden="true">'
                     f'<g class="{classes}">'
                     f'<rect x="0" y="0" width="{WIDTH:.0f}" height="{HEIGHT:.0f}" rx="6"/>'
                     f"{drawn}</g></svg><span>{escape(Text(key).render(lang), quote=False)}</span></li>")
    return '<ul class="legend-items">' + "".join(items) + "</ul>"
