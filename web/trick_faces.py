"""The trick games' cards drawn as they look (the painter :mod:`web.svg` registers with
:func:`~web.svg.card_face`), and what their symbols mean (the legends of the ``tricks`` and
``bagarre`` drawings).

A card shows what its game's deck says it prints (:attr:`~companion.engine.spec.GameSpec.deck`):
its value, large, and its symbols as small SVG shapes, never its record name. The Crew's suits
each have their shape beside their colour (pink a square, yellow a cross, blue a circle, green a
triangle pointing down: the rulebook's relief stickers, for players who cannot tell the colours
apart); a submarine (a trump) is a dark card with a submarine. Rixes' weapons show their type (a
fist, crossed sabres, a pistol; an advanced card its two types, the top one first) and a skull on
the 6, 7 and 8. A card missing from the deck (Rixes' advanced ones) is read from its name,
``sabres+pistols-4``, when each of its types has a shape; any other is drawn as a question mark.

A card taller than wide (The Crew's) has its symbol in two opposite corners and its value in the
middle; a wide one (Rixes' column of cards) its types on the left, its value in the middle and
its marks (the skull) on the right. Only values and shapes show: the same in both languages.

>>> face("crew", "pink-8", 0, 0, 30, 42).count('class="symbol square"'), face("crew", "x", 0, 0, 30, 42)
(2, None)
>>> 'class="value"' in face("rixes", "sabres+pistols-4", 0, 0, 112, 22), "sabres" in face("rixes",
...     "sabres+pistols-4", 0, 0, 112, 22).replace('class="symbol sabres"', "")
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape

from companion.engine.spec import find_spec
from companion.errors import UnknownGame
from companion.text import Lang, Text
from web.svg import CARD_H, CARD_W, SMALL_H, SMALL_W, _suit, card_face, card_word, legend

#: Draws a symbol centred at ``(x, y)`` within a radius ``r``.
Glyph = Callable[[float, float, float], str]

#: The longest value a card shows (a state is never trusted: it may be garbage).
MAX_VALUE = 3
#: The symbols drawn on the right of a wide card, apart from its types: marks, not types.
MARKS = ("skull",)


def _points(x: float, y: float, r: float, shape: tuple[tuple[float, float], ...]) -> str:
    """``shape``'s points (in units of ``r`` round the centre) as an SVG ``points`` attribute."""
    return " ".join(f"{x + u * r:.1f},{y + v * r:.1f}" for u, v in shape)


def _square(x: float, y: float, r: float) -> str:
    """The Crew's pink: a square (a path, so a card's only rectangle is its edge)."""
    s = 0.8 * r
    return f'<path class="symbol square" d="M{x - s:.1f} {y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z"/>'


def _cross(x: float, y: float, r: float) -> str:
    """The Crew's yellow: a cross of four equal arms."""
    a = 0.32
    shape = ((-a, -1), (a, -1), (a, -a), (1, -a), (1, a), (a, a), (a, 1), (-a, 1), (-a, a), (-1, a),
             (-1, -a), (-a, -a))
    return f'<polygon class="symbol cross" points="{_points(x, y, r, shape)}"/>'


def _circle(x: float, y: float, r: float) -> str:
    """The Crew's blue: a disc."""
    return f'<circle class="symbol circle" cx="{x:.1f}" cy="{y:.1f}" r="{0.85 * r:.1f}"/>'


def _triangle(x: float, y: float, r: float) -> str:
    """The Crew's green: a triangle pointing down."""
    points = _points(x, y, r, ((-1, -0.8), (1, -0.8), (0, 0.9)))
    return f'<polygon class="symbol triangle-down" points="{points}"/>'


def _submarine(x: float, y: float, r: float) -> str:
    """The Crew's trumps: a submarine, its hull, its conning tower and periscope, its propeller."""
    tower = ((-0.35, 0.05), (-0.25, -0.45), (0.2, -0.45), (0.25, 0.05))
    return (f'<g class="symbol submarine"><ellipse cx="{x:.1f}" cy="{y + 0.25 * r:.1f}" rx="{0.85 * r:.1f}" '
            f'ry="{0.38 * r:.1f}"/><polygon points="{_points(x, y, r, tower)}"/>'
            f'<path d="M{x - 0.05 * r:.1f} {y - 0.45 * r:.1f}V{y - 0.85 * r:.1f}H{x + 0.3 * r:.1f}'
            f"M{x + 0.85 * r:.1f} {y + 0.25 * r:.1f}H{x + r:.1f}"
            f'M{x + r:.1f} {y:.1f}V{y + 0.5 * r:.1f}"/></g>')


def _fist(x: float, y: float, r: float) -> str:
    """Rixes' Poing: a clenched fist, four knuckles over the back of the hand and the thumb."""
    knuckles = "".join(f'<circle cx="{x + (k - 1.5) * 0.42 * r:.1f}" cy="{y - 0.45 * r:.1f}" '
                       f'r="{0.24 * r:.1f}"/>' for k in range(4))
    hand = ((-0.85, -0.45), (0.85, -0.45), (0.75, 0.55), (0.35, 0.95), (-0.5, 0.95), (-0.85, 0.5))
    return (f'<g class="symbol fist">{knuckles}<polygon points="{_points(x, y, r, hand)}"/>'
            f'<path d="M{x - 0.7 * r:.1f} {y - 0.05 * r:.1f}H{x + 0.3 * r:.1f}"/></g>')


def _sabres(x: float, y: float, r: float) -> str:
    """Rixes' Sabres: two curved blades crossed, each with its guard."""
    blades = "".join(f"M{x - s * 0.8 * r:.1f} {y + 0.8 * r:.1f}Q{x - s * 0.1 * r:.1f} {y - 0.2 * r:.1f} "
                     f"{x + s * 0.9 * r:.1f} {y - r:.1f}" for s in (1, -1))
    guards = (f"M{x - 0.85 * r:.1f} {y + 0.35 * r:.1f}L{x - 0.35 * r:.1f} {y + 0.85 * r:.1f}"
              f"M{x + 0.85 * r:.1f} {y + 0.35 * r:.1f}L{x + 0.35 * r:.1f} {y + 0.85 * r:.1f}")
    return f'<path class="symbol sabres" d="{blades}{guards}" stroke-width="{0.22 * r:.1f}"/>'


def _pistol(x: float, y: float, r: float) -> str:
    """Rixes' Pistolets: a flintlock pistol, its barrel to the right, its grip down and back."""
    body = ((-0.6, -0.55), (1.0, -0.55), (1.0, -0.2), (-0.05, -0.2), (-0.3, 0.95), (-0.95, 0.85),
            (-0.55, -0.2))
    return (f'<g class="symbol pistols"><polygon points="{_points(x, y, r, body)}"/>'
            f'<path d="M{x - 0.05 * r:.1f} {y - 0.2 * r:.1f}Q{x + 0.15 * r:.1f} {y + 0.35 * r:.1f} '
            f'{x - 0.2 * r:.1f} {y + 0.3 * r:.1f}"/></g>')


def _skull(x: float, y: float, r: float) -> str:
    """Rixes' skull on the 6, 7 and 8: a head, its jaw and its two eyes."""
    return (f'<g class="symbol skull"><circle cx="{x:.1f}" cy="{y - 0.15 * r:.1f}" r="{0.7 * r:.1f}"/>'
            f'<polygon points="{_points(x, y, r, ((-0.4, 0.3), (0.4, 0.3), (0.35, 0.9), (-0.35, 0.9)))}"/>'
            f'<circle class="eye" cx="{x - 0.28 * r:.1f}" cy="{y - 0.1 * r:.1f}" r="{0.18 * r:.1f}"/>'
            f'<circle class="eye" cx="{x + 0.28 * r:.1f}" cy="{y - 0.1 * r:.1f}" r="{0.18 * r:.1f}"/></g>')


#: The shape of each symbol a deck's face names (:attr:`~companion.engine.deck.Face.icons`).
GLYPHS: dict[str, Glyph] = {
    "square": _square, "cross": _cross, "circle": _circle, "triangle-down": _triangle,
    "submarine": _submarine, "fist": _fist, "sabres": _sabres, "pistols": _pistol, "skull": _skull,
}


@functools.lru_cache(maxsize=16)
def _deck(game: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """``game``'s cards by record name: the value each prints and its symbols (none for a game
    not registered or without a deck)."""
    try:
        deck = find_spec(game).deck
    except UnknownGame:
        return {}
    return {} if deck is None else {face.name: (face.label, face.icons) for face in deck()}


def printed(game: str, card: str) -> tuple[str, tuple[str, ...]] | None:
    """What ``card`` prints: its value and its symbols, from ``game``'s deck, else from its name
    (``sabres+pistols-4``) where each of its types has a shape; None for a card it cannot tell.

    >>> printed("crew", "sub-3"), printed("rixes", "fist+sabres-0"), printed("rixes", "sword-3")
    (('3', ('submarine',)), ('0', ('fist', 'sabres')), None)
    """
    known = _deck(game).get(card)
    if known is not None:
        return known
    kinds, _, value = card.rpartition("-")
    types = tuple(kinds.split("+"))
    if (value.isascii() and value.isdigit() and len(value) <= MAX_VALUE
            and all(kind in GLYPHS and kind not in MARKS for kind in types)):
        return value, types
    return None


def _value(x: float, y: float, size: float, value: str) -> str:
    """A card's value, centred at ``x``, its middle at ``y``, in a font of ``size``."""
    return (f'<text class="value" x="{x:.1f}" y="{y + size * 0.35:.1f}" text-anchor="middle" '
            f'font-size="{size:.0f}">{escape(value)}</text>')


@card_face
def face(game: str, card: str, x: float, y: float, w: float, h: float) -> str | None:
    """What ``card`` of ``game`` shows in its box, top left corner ``(x, y)``, ``w`` by ``h``: its
    value and symbols (see the module's docstring); None for a card it cannot tell."""
    shown = printed(game, card)
    if shown is None:
        return None
    value, icons = shown
    drawn = [icon for icon in icons if icon in GLYPHS]
    if h >= w:  # a card standing: its first symbol in two corners, its value large in the middle
        r = 0.16 * w  # the symbols lie above and below the value's line, clear of it
        spots = ((x + r + 2, y + r + 2), (x + w - r - 2, y + h - r - 2))
        corners = "".join(GLYPHS[drawn[0]](cx, cy, r) for cx, cy in spots) if drawn else ""
        return _value(x + w / 2, y + h / 2 + 0.02 * h, 0.58 * w, value) + corners
    r = min(0.32 * h, 10.0)  # a card lying: its types on the left, its marks on the right
    types = [icon for icon in drawn if icon not in MARKS]
    marks = [icon for icon in drawn if icon in MARKS]
    parts = [GLYPHS[icon](x + 4 + r + k * (2 * r + 3), y + h / 2, r) for k, icon in enumerate(types)]
    parts += [GLYPHS[icon](x + w - 4 - r - k * (2 * r + 3), y + h / 2, r) for k, icon in enumerate(marks)]
    size = min(0.75 * h, 30.0)
    clear = x + 4 + len(types) * (2 * r + 3) + len(value) * size * 0.3 + 2  # right of the types
    return _value(max(x + w / 2, clear), y + h / 2, size, value) + "".join(parts)


#: A card named in a text (a task's) is its symbol's character, then its value, in its suit's ink.
SYMBOLS = {"square": "■", "cross": "✚", "circle": "●", "triangle-down": "▼", "submarine": "⚓"}


@card_word
def word(game: str, card: str) -> tuple[str, str] | None:
    """``card`` of ``game`` as a text names it, and its class: ``■3`` for ``pink-3``, in pink's ink
    (None for a card it cannot tell, or whose symbol has no character).

    >>> word("crew", "pink-3"), word("crew", "sub-2"), word("rixes", "fist-3")
    (('■3', 'word suit-pink'), ('⚓2', 'word suit-sub'), None)
    """
    shown = printed(game, card)
    if shown is None or not shown[1] or shown[1][0] not in SYMBOLS:
        return None
    return SYMBOLS[shown[1][0]] + shown[0], " ".join(["word", *_suit(card)])


def sample(game: str, card: str, w: float, h: float, classes: str) -> str:
    """``card`` drawn alone as on the board, ``w`` by ``h``, for a legend."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="table {escape(game)} sample" '
            f'viewBox="-1 -1 {w + 2:.0f} {h + 2:.0f}" aria-hidden="true"><g class="card {classes}">'
            f'<rect x="0" y="0" width="{w:.0f}" height="{h:.0f}" rx="3"/>{face(game, card, 0, 0, w, h) or ""}'
            "</g></svg>")


def _items(samples: tuple[tuple[str, str, str, str], ...], w: float, h: float, lang: Lang) -> str:
    """A legend: each sample card (its game, record name, classes) drawn, then its message said."""
    return '<ul class="legend-items">' + "".join(
        f"<li>{sample(game, card, w, h, classes)}<span>{escape(Text(key).render(lang), quote=False)}"
        "</span></li>" for game, card, classes, key in samples) + "</ul>"


#: The Crew's legend: a card of each suit, then a submarine.
CREW_SAMPLES = (("crew", "pink-7", "suit-pink", "page_legend_pink"),
                ("crew", "yellow-7", "suit-yellow", "page_legend_yellow"),
                ("crew", "blue-7", "suit-blue", "page_legend_blue"),
                ("crew", "green-7", "suit-green", "page_legend_green"),
                ("crew", "sub-4", "suit-sub", "page_legend_submarine"))
#: Rixes' legend: a card of each type, a skull, an advanced card.
RIXES_SAMPLES = (("rixes", "fist-3", "kind-fist", "page_legend_fist"),
                 ("rixes", "sabres-3", "kind-sabres", "page_legend_sabres"),
                 ("rixes", "pistols-3", "kind-pistols", "page_legend_pistols"),
                 ("rixes", "pistols-7", "kind-pistols", "page_legend_skull"),
                 ("rixes", "sabres+pistols-4", "kind-sabres", "page_legend_advanced"))


@legend("tricks")
def _tricks_legend(lang: Lang) -> str:
    """What The Crew's colours and symbols mean, and its sonar token."""
    said = escape(Text("page_legend_sonar").render(lang), quote=False)
    token = (f'<li><svg xmlns="http://www.w3.org/2000/svg" class="table crew sample" viewBox="-1 -1 '
             f'{SMALL_W + 14:.0f} 32" aria-hidden="true"><g class="sonar"><g class="card suit-blue small">'
             f'<rect x="0" y="0" width="{SMALL_W:.0f}" height="{SMALL_H:.0f}" rx="3"/>'
             f'{face("crew", "blue-9", 0, 0, SMALL_W, SMALL_H) or ""}</g>'
             f'<circle class="token" cx="{SMALL_W + 6:.0f}" cy="6" r="4.5"/></g></svg>'
             f"<span>{said}</span></li>")
    return _items(CREW_SAMPLES, CARD_W, CARD_H, lang).replace("</ul>", token + "</ul>")


@legend("bagarre")
def _bagarre_legend(lang: Lang) -> str:
    """What Rixes' symbols mean."""
    return _items(RIXES_SAMPLES, 66.0, 22.0, lang)


__all__ = ["GLYPHS", "SYMBOLS", "face", "printed", "word"]
