"""Rixes' table drawn as SVG from its public state (``Rixes.state_json()``): the drawer ``bagarre``.

Three captains side by side, narrow enough for a phone: player 1 on the left, Barbe Noire (captain
0, ☠) in the middle, player 2 on the right. Above them the Rixe, its phase, the dominant type, a
tie-break Rixe (⚖), the breaches proved and the Bagarres of this Rixe (each by its winner: ☠, 1 or
2; ✗ cancelled, – won by nobody, … the open one). Under each captain its gold (⚠ once Barbe Noire
nears 15), the cards it holds, the cards it added to the Bagarre on the table (the Provocation
outlined; a card's type and value when an effect changed them, ✎; its possessor when another
captain's, ⇢), its flagged cards, and a player's crew (★ its Légende; a tilted member turned and
marked ↷). With ``bn_pile: page`` Barbe Noire's pile and his last card, large. Like the other
drawers it shows names, numbers and marks only, the same in both languages, and draws the fields
present whatever their values.

>>> from web.svg import table_svg
>>> card = {"card": "fist-5", "captain": 1, "possessor": 0, "type": "fist", "value": 5}
>>> svg = table_svg({"game": "rixes", "turn": [0], "provocateur": 1, "gold": {"0": 12}, "bagarre": [card]})
>>> 'class="captain barbe-noire turn" data-captain="0"' in svg and 'class="gold warning"' in svg
True
>>> 'class="card suit-fist kind-fist lead moved" data-card="fist-5"' in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from web.svg import (
    DISC,
    FONT,
    GAP,
    ROW,
    SMALL_FONT,
    _breach,
    _Canvas,
    _mapping,
    _name,
    _sequence,
    _suit,
    _whole,
    _width,
    disc,
    drawer,
    face,
)
from web.trick_faces import GLYPHS

#: The captains left to right: player 1, Barbe Noire (0), player 2; the distance between them.
ORDER = (1, 0, 2)
BARBE_NOIRE = 0
PITCH = 124.0
#: A card of the Bagarre (a line more when an effect changed it); Barbe Noire's last one, large.
CARD_W, CARD_H, CHANGED_H = 112.0, 20.0, 32.0
LARGE_H = 64.0
#: The radius of a type's symbol in the line under a card.
NOTE_GLYPH = 4.5
#: A crew member's box, and how far a tilted one is turned (degrees).
MEMBER_H, TILT = 18.0, -12.0
#: A Bagarre of this Rixe in the row above the captains.
WON_W, WON_H = 38.0, 16.0
#: The radius of a captain's disc.
#: Barbe Noire's gold from which his purse is marked: he wins with 15 at the end of a Rixe (RX15).
WARN_GOLD = 12
#: The most cards a captain's column, members a crew, and Bagarres the row draw (a state is never
#: trusted: it may be garbage).
MOST_CARDS, MOST_MEMBERS, MOST_BAGARRES = 12, 8, 10
#: How a Bagarre's result is written: its winner, or one of these.
RESULT_MARK = {"cancelled": "✗", "open": "…", None: "–"}


def _label(captain: int) -> str:
    """A captain as the drawing writes it: ☠ for Barbe Noire, else its number."""
    return "☠" if captain == BARBE_NOIRE else str(captain)


def _marks(*pairs: tuple[str, bool]) -> list[str]:
    """The names whose flag is on, in order (a group's classes, a card's notes)."""
    return [name for name, on in pairs if on]


def _by_captain(mapping: Mapping[Any, Any], captain: int) -> Any:
    """The value of ``captain`` in a mapping keyed by captain (JSON keys are strings)."""
    return mapping.get(str(captain), mapping.get(captain))


def _captain(value: object) -> int | None:
    """``value`` as a captain's number (0, 1 or 2), else None."""
    number = _whole(value)
    return number if number in ORDER else None


def _kind(value: object) -> str | None:
    """``value`` as a weapon type fit for a class name (``fist``), else None."""
    name = _name(value)
    return name if name is not None and name.isascii() and name.isalnum() else None


def _printed(card: str) -> tuple[tuple[str, ...], int | None]:
    """The types and value printed on ``card`` as its name says (``sabres+pistols-4``)."""
    kinds, _, value = card.rpartition("-")
    return tuple(kinds.split("+")), _whole(value)


@drawer("bagarre")
def _bagarre(state: Mapping[str, Any], last: str | None) -> str:
    """Rixes' table: the Rixe and its Bagarres above, then each captain's column (see the module's
    docstring). Draws the fields present, whatever their values."""
    del last  # a Bagarre has no cells
    canvas = _Canvas(_name(state.get("game")) or "")
    left = -PITCH - CARD_W / 2
    y = _header(canvas, state, left)
    for breach in map(_mapping, _sequence(state.get("breaches"))):
        text, style = _breach(breach)
        y += ROW
        canvas.text(left, y, text, style)
    y = _bagarres(canvas, _sequence(state.get("bagarres")), y + GAP)
    turn = {c for c in map(_captain, _sequence(state.get("turn")) or [state.get("turn")]) if c is not None}
    cards: dict[int, list[Mapping[str, Any]]] = {captain: [] for captain in ORDER}
    for index, entry in enumerate(map(_mapping, _sequence(state.get("bagarre")))):
        captain = _captain(entry.get("captain"))
        if captain is not None and _name(entry.get("card")) is not None:
            cards[captain].append({**entry, "index": index})
    flagged: dict[int, list[str]] = {captain: [] for captain in ORDER}
    for flag in map(_mapping, _sequence(state.get("flagged"))):
        captain, card = _captain(flag.get("captain")), _name(flag.get("card"))
        if captain is not None and card is not None:
            flagged[captain].append(card)
    pile = _whole(state.get("pile"))
    marks = {key: _captain(state.get(key)) for key in ("provocateur", "winner")}
    for column, captain in enumerate(ORDER):
        x = (column - 1) * PITCH
        classes = ["captain", *_marks(("barbe-noire", captain == BARBE_NOIRE), ("turn", captain in turn),
                                      ("provocateur", marks["provocateur"] == captain),
                                      ("winner", marks["winner"] == captain))]
        canvas.raw(f'<g class="{" ".join(classes)}" data-captain="{captain}">')
        top = _disc(canvas, x, y + DISC + 8, captain, classes)
        top = _purse(canvas, x, top, captain, state, pile)
        for k, entry in enumerate(cards[captain][:MOST_CARDS]):
            large = pile is not None and captain == BARBE_NOIRE and k == len(cards[captain]) - 1
            top = _card(canvas, x - CARD_W / 2, top, entry, lead=entry["index"] == 0 and
                        marks["provocateur"] == captain, large=large) + 2
        for card in flagged[captain][:MOST_CARDS]:
            top = _card(canvas, x - CARD_W / 2, top, {"card": card}, flagged=True) + 2
        crew = _sequence(_by_captain(_mapping(state.get("crews")), captain))
        if crew:
            canvas.raw('<g class="crew">')
            top += 4
            for member in map(_mapping, crew[:MOST_MEMBERS]):
                top = _member(canvas, x, top, member)
            canvas.raw("</g>")
        canvas.raw("</g>")
    return canvas.svg(_name(state.get("game")) or "")


def _header(canvas: _Canvas, state: Mapping[str, Any], left: float) -> float:
    """The top line: ``Rixe 2 · bagarres``, the dominant type and ⚖ in a tie-break Rixe; return its
    baseline."""
    y = FONT
    rixe, phase = _whole(state.get("rixe")), _name(state.get("phase"))
    line = " · ".join(part for part in (None if rixe is None else f"Rixe {rixe}", phase) if part)
    if line:
        canvas.text(left, y, line, "rixe")
    dominant = _name(state.get("dominant"))
    if dominant is not None:  # ⚔ and the type's symbol (a "?" for a type it cannot draw)
        kind = _kind(dominant)
        glyph = GLYPHS.get(kind or "")
        shown = glyph(8, y - 4, 6) if glyph is not None else f'<text x="2" y="{y:.1f}">?</text>'
        canvas.add(f'<g class="dominant{f" kind-{kind}" if kind else ""}" data-type="{escape(dominant)}">'
                   f'<text x="-2" y="{y:.1f}" text-anchor="end">⚔</text>{shown}</g>',
                   -14, y - FONT, 16, y + 3)
    if state.get("tiebreak") is True:
        canvas.text(-left, y, "⚖", "tiebreak", anchor="end", size=14)
    if not (line or dominant or state.get("tiebreak") is True):
        canvas.add("", left, 0, left, 0)  # an empty state still has a top
    return y


def _bagarres(canvas: _Canvas, results: list[Any], y: float) -> float:
    """This Rixe's Bagarres in a row under ``y``, each ``#n`` and its result; return the row's
    bottom (``y`` without any)."""
    shown = [(k, result) for k, result in enumerate(results[:MOST_BAGARRES], start=1)
             if _captain(result) is not None or (isinstance(result, str | None) and result in RESULT_MARK)]
    if not shown:
        return y
    x = -(len(shown) * (WON_W + 4) - 4) / 2
    canvas.raw('<g class="bagarres">')
    for number, result in shown:
        captain = _captain(result)
        mark = _label(captain) if captain is not None else RESULT_MARK[result]
        state = f"by-{captain}" if captain is not None else (result or "nobody")
        data = f' data-winner="{captain}"' if captain is not None else ""
        canvas.add(f'<g class="won {state}" data-bagarre="{number}"{data}>'
                   f'<rect x="{x:.1f}" y="{y:.1f}" width="{WON_W:.0f}" height="{WON_H:.0f}" rx="3"/>'
                   f'<text x="{x + WON_W / 2:.1f}" y="{y + WON_H - 4:.1f}" text-anchor="middle">'
                   f"#{number} {mark}</text></g>", x, y, x + WON_W, y + WON_H)
        x += WON_W + 4
    canvas.raw("</g>")
    return y + WON_H


def _disc(canvas: _Canvas, x: float, y: float, captain: int, classes: list[str]) -> float:
    """A captain's disc at ``(x, y)`` with its marks: the turn's ring, the Provocateur's flag ⚑ and
    the winner's crown ♛; Barbe Noire's name under his. Return the bottom."""
    disc(canvas, x, y, _label(captain), turn="turn" in classes)
    if "provocateur" in classes:
        canvas.text(x - DISC - 4, y - 4, "⚑", "provocateur-mark", anchor="end", size=14)
    if "winner" in classes:
        canvas.text(x + DISC + 4, y - 4, "♛", "crown", size=14)
    bottom = y + DISC + 6
    if captain == BARBE_NOIRE:
        canvas.text(x, bottom + FONT, "Barbe Noire", "name", anchor="middle")
        bottom += ROW
    return bottom


def _purse(canvas: _Canvas, x: float, top: float, captain: int, state: Mapping[str, Any],
           pile: int | None) -> float:
    """A captain's gold (● n; ⚠ when Barbe Noire nears 15), the cards in its hand (▯ n) and, with
    ``bn_pile: page``, Barbe Noire's pile (▤ n). Return the bottom (``top`` if none is known)."""
    gold = _whole(_by_captain(_mapping(state.get("gold")), captain))
    hand = _whole(_by_captain(_mapping(state.get("hands")), captain))
    parts: list[tuple[str, str]] = []
    if gold is not None:
        warn = captain == BARBE_NOIRE and gold >= WARN_GOLD
        parts.append((f"⚠ ● {gold}" if warn else f"● {gold}", "gold warning" if warn else "gold"))
    if hand is not None:
        parts.append((f"▯ {hand}", "hand"))
    if captain == BARBE_NOIRE and pile is not None:
        parts.append((f"▤ {pile}", "pile"))
    if not parts:
        return top
    widths = [_width(text, FONT) for text, _ in parts]
    at = x - (sum(widths) + 8 * (len(parts) - 1)) / 2
    for (text, classes), width in zip(parts, widths, strict=True):
        canvas.text(at, top + FONT, text, classes)
        at += width + 8
    return top + ROW + 2


def _card(canvas: _Canvas, x: float, top: float, entry: Mapping[str, Any], *, lead: bool = False,
          large: bool = False, flagged: bool = False) -> float:
    """A card of the Bagarre at ``(x, top)``, drawn as it looks (:func:`web.svg.face`: its types and
    value); under it the type and value it counts as when an effect changed them (✎) or when a
    two-type card counts as its lower type (=), and its possessor when another captain holds it
    (⇢); a flagged card marked "!". Return the bottom."""
    card = _name(entry.get("card")) or "?"
    kind, value = _kind(entry.get("type")), _whole(entry.get("value"))
    captain, possessor = _captain(entry.get("captain")), _captain(entry.get("possessor"))
    kinds, printed = _printed(card)
    changed = (kind is not None and kind not in kinds) or (value is not None and value != printed)
    played_as = kind is not None and kind != kinds[0]  # a two-type card played as its lower half
    moved = possessor is not None and captain is not None and possessor != captain
    classes = ["card", *_suit(card), *([f"kind-{kind}"] if kind else []),
               *_marks(("lead", lead), ("changed", changed), ("moved", moved), ("large", large),
                       ("flagged", flagged))]
    data = "".join(f' data-{key}="{item}"' for key, item in (
        ("captain", captain), ("possessor", possessor), ("type", kind), ("value", value)) if item is not None)
    noted = changed or played_as or moved
    height = LARGE_H if large else CHANGED_H if noted else CARD_H
    drawn = face(canvas.game, card, x, top, CARD_W, LARGE_H if large else CARD_H)
    if flagged:
        drawn += (f'<text class="flag-mark" x="{x + CARD_W / 2 - 16:.1f}" y="{top + CARD_H / 2 + 5:.1f}">'
                  "!</text>")
    if noted:
        drawn += _note(x + CARD_W / 2, top + height - 5, "✎" if changed else "=" if played_as else "",
                       kind if changed or played_as else None, value if changed or played_as else None,
                       _label(possessor or 0) if moved else None)
    canvas.add(f'<g class="{" ".join(classes)}" data-card="{escape(card)}"{data}>'
               f'<rect x="{x:.1f}" y="{top:.1f}" width="{CARD_W:.0f}" height="{height:.0f}" rx="3"/>'
               f"{drawn}</g>", x, top, x + CARD_W, top + height)
    return top + height


def _note(middle: float, baseline: float, mark: str, kind: str | None, value: int | None,
          possessor: str | None) -> str:
    """The line under a card, centred at ``middle``: ``mark`` (✎ or =), the symbol of the type and
    the value the card counts as, then ``⇢`` and its possessor."""
    glyph = GLYPHS.get(kind or "")
    before = f"{mark} " if mark else ""
    moved = None if possessor is None else ("· " if mark else "") + f"⇢ {possessor}"
    said = " ".join(part for part in (None if value is None else str(value), moved) if part)
    gap = 2 * NOTE_GLYPH + 3 if glyph is not None else 0.0
    at = middle - (_width(before, SMALL_FONT) + gap + _width(said, SMALL_FONT)) / 2
    parts = [_change(at, baseline, before)] if before else []
    at += _width(before, SMALL_FONT)
    if glyph is not None:
        parts.append(glyph(at + NOTE_GLYPH, baseline - 3, NOTE_GLYPH))
        at += gap
    if said:
        parts.append(_change(at, baseline, said))
    return "".join(parts)


def _change(x: float, baseline: float, text: str) -> str:
    return f'<text class="change" x="{x:.1f}" y="{baseline:.1f}" text-anchor="start">{escape(text)}</text>'


def _member(canvas: _Canvas, x: float, top: float, member: Mapping[str, Any]) -> float:
    """A crew member's box under its player, ★ for the Légende; a tilted one turned and marked ↷.
    Return the bottom."""
    name = _name(member.get("name"))
    if name is None:
        return top
    legend, tilted = member.get("legend") is True, member.get("tilted") is True
    label = ("↷ " if tilted else "") + ("★ " if legend else "") + name
    width = min(max(_width(label, SMALL_FONT + 1) + 12, 60.0), CARD_W)
    left, cy = x - width / 2, top + 2 + MEMBER_H / 2
    classes = " ".join(["member", *(["legend"] if legend else []), *(["tilted"] if tilted else [])])
    turn = f' transform="rotate({TILT:.0f} {x:.1f} {cy:.1f})"' if tilted else ""
    canvas.add(f'<g class="{classes}" data-member="{escape(name)}"{turn}>'
               f'<rect x="{left:.1f}" y="{top + 2:.1f}" width="{width:.1f}" height="{MEMBER_H:.0f}" rx="3"/>'
               f'<text x="{x:.1f}" y="{cy + 3.5:.1f}" text-anchor="middle">{escape(label)}</text></g>',
               left - 4, top - 4 if tilted else top, left + width + 4, top + MEMBER_H + (8 if tilted else 2))
    return top + MEMBER_H + (8 if tilted else 4)


__all__: list[str] = []
