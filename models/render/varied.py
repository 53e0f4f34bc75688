"""Table scenes of cards of any make, for a finder that knows what a card is, not what our decks look like.

Each scene lays cards of :mod:`models.render.makes` in one of :data:`LAYOUTS` (scattered,
in a grid, a dense grid of small cards, fanned in hands, before the seats, a few close up) on a
table top, with things that are not cards among them, then photographs it as
:func:`models.render.scenes.render_scene` does (a keystone tilt, shadows, light, blur, noise,
JPEG, a finger or a mug). A card is the outermost card-shaped thing: only cards are in the
truth, never the panels and shapes printed inside them, nor the coins, dice, tokens, phones,
boxes, labels and slabs about them. Every card is named :data:`CARD`; the scene's game is
:data:`VARIED`.

>>> scene = render_varied(3, size=(320, 240))
>>> scene.game, {card.name for card in scene.cards}
('varied', {'card'})
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from models.render.makes import ASPECTS, MAKES, NOT_CARDS, card_of, not_a_card, slab
from models.render.playing import Thing, edges
from models.render.scenes import CardTruth, Quad, Scene, _apply, composite, keystone, light, occlude, shadows
from models.render.textures import FINDER_TABLES, Image, Size, table, table_names

#: The game name of these scenes, and the name of every card in them.
VARIED, CARD = "varied", "card"
#: How the cards are laid: a few scattered, a grid, a dense grid of up to 81 small cards, fanned
#: hands, hands spread on the table (each card shifted over the one before), cards before each
#: seat (and a dealer's token), a few close up (one perhaps in a slab).
LAYOUTS: tuple[str, ...] = ("scatter", "grid", "dense", "fan", "spread", "seats", "close")
#: Printed faces are drawn this many times their size in the photo (warping then does not alias),
#: within these pixel heights.
OVERSAMPLE, PRINT_HEIGHT = 1.3, (40, 400)
#: Things as large as a card or larger, laid under the cards.
_UNDER = frozenset({"phone", "box"})


@dataclass(frozen=True, slots=True)
class _Laid:
    """A card (``make`` set, long side over short ``aspect``) or a thing that is not one, in
    table-plane pixels: its centre, its turn (degrees clockwise) and its height (a card's long side)."""

    x: float
    y: float
    angle: float
    height: float
    make: str | None = None
    aspect: float = 1.4
    thing: str | None = None
    in_slab: bool = False


def _deck(rng: np.random.Generator) -> tuple[str, float]:
    """A make and an aspect, shared by the cards of one deck."""
    return MAKES[int(rng.integers(len(MAKES)))], ASPECTS[int(rng.integers(len(ASPECTS)))]


def _scatter(rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    deck = _deck(rng)
    size = h * rng.uniform(0.15, 0.4)
    return [_Laid(rng.uniform(0.1, 0.9) * w, rng.uniform(0.12, 0.88) * h, rng.uniform(0, 360), size,
                  *(deck if rng.random() < 0.7 else _deck(rng))) for _ in range(int(rng.integers(1, 11)))]


def _grid(rng: np.random.Generator, w: int, h: int, dense: bool) -> list[_Laid]:
    """Rows and columns of one deck's cards, all portrait or all landscape, the grid turned a little."""
    rows, cols = (int(rng.integers(5, 10)), int(rng.integers(5, 10))) if dense else \
        (int(rng.integers(2, 5)), int(rng.integers(2, 7)))
    make, aspect = _deck(rng)
    landscape = rng.random() < 0.4
    gap = rng.uniform(0.03, 0.2) if dense else rng.uniform(0.05, 0.4)
    long_, short = aspect, 1.0  # in card widths
    cw, ch = (long_, short) if landscape else (short, long_)
    pitch_x, pitch_y = cw + gap, ch + gap
    unit = min(w * rng.uniform(0.6, 0.95) / (cols * pitch_x), h * rng.uniform(0.6, 0.95) / (rows * pitch_y))
    turn = math.radians(rng.normal(0, 4))
    out = []
    for r in range(rows):
        for c in range(cols):
            u, v = (c - (cols - 1) / 2) * pitch_x * unit, (r - (rows - 1) / 2) * pitch_y * unit
            x = w / 2 + u * math.cos(turn) - v * math.sin(turn) + rng.normal(0, 0.02 * unit)
            y = h / 2 + u * math.sin(turn) + v * math.cos(turn) + rng.normal(0, 0.02 * unit)
            angle = math.degrees(turn) + 90 * landscape + rng.normal(0, 1.5) + 180 * (rng.random() < 0.5)
            out.append(_Laid(x, y, angle, unit * long_, make, aspect))
    return out


def _fan(rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    """One or two hands fanned about a point below them, each card over the one before."""
    make, aspect = _deck(rng)
    out = []
    for _ in range(int(rng.integers(1, 3))):
        size = h * rng.uniform(0.25, 0.5)
        px, py = rng.uniform(0.25, 0.75) * w, rng.uniform(0.45, 0.9) * h
        n, step, base = int(rng.integers(3, 10)), rng.uniform(6, 18), rng.uniform(-30, 30)
        for k in range(n):
            a = base + (k - (n - 1) / 2) * step
            reach = size * 0.55
            out.append(_Laid(px + math.sin(math.radians(a)) * reach, py - math.cos(math.radians(a)) * reach,
                             a, size, make, aspect))
    return out


def _spread(rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    """One or two hands spread on the table: a row of cards, each shifted along the row by part of
    a card's width over the one before, leaving a strip of it (its index) in sight."""
    make, aspect = _deck(rng)
    out = []
    for _ in range(int(rng.integers(1, 3))):
        size = h * rng.uniform(0.2, 0.5)
        n, turn = int(rng.integers(2, 8)), rng.uniform(0, 360)
        step = size / aspect * rng.uniform(0.2, 0.85)
        ux, uy = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        x0, y0 = rng.uniform(0.2, 0.8) * w, rng.uniform(0.25, 0.75) * h
        for k in range(n):
            d = (k - (n - 1) / 2) * step
            out.append(_Laid(x0 + ux * d, y0 + uy * d + rng.normal(0, 0.04 * size),
                             turn + rng.normal(0, 5), size, make, aspect))
    return out


def _seats(rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    """Two to six seats about the table, a row of cards before each facing its player, some in
    the middle, and often a round dealer's token by one seat."""
    make, aspect = _deck(rng)
    seats = int(rng.integers(2, 7))
    size = h * rng.uniform(0.12, 0.22)
    out = []
    for s in range(seats):
        a = 2 * math.pi * s / seats + rng.normal(0, 0.15)
        cx, cy = w / 2 + math.cos(a) * w * 0.36, h / 2 + math.sin(a) * h * 0.34
        n, spread = int(rng.integers(1, 6)), size / aspect * rng.uniform(0.3, 1.15)
        facing = math.degrees(a) + 90
        for k in range(n):
            d = (k - (n - 1) / 2) * spread
            turn = facing + rng.normal(0, 4)
            out.append(_Laid(cx - math.sin(a) * d, cy + math.cos(a) * d, turn, size, make, aspect))
        if s == 0 and rng.random() < 0.6:
            out.append(_Laid(cx - math.cos(a) * size * 0.9, cy - math.sin(a) * size * 0.9, 0.0, size * 0.45,
                             thing="token"))
    spread = size * 0.4
    out += [_Laid(w / 2 + rng.normal(0, spread), h / 2 + rng.normal(0, spread), rng.uniform(0, 360), size,
                  make, aspect) for _ in range(int(rng.integers(0, 5)))]
    return out


def _close(rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    """One to three cards filling much of the frame, as a photo of a few cards; the first
    sometimes in a slab."""
    n = int(rng.integers(1, 4))
    size = h * rng.uniform(0.45, 0.85) / math.sqrt(n)
    return [_Laid(w * (k + 0.5) / n + rng.normal(0, 0.05 * w), h / 2 + rng.normal(0, 0.08 * h),
                  rng.normal(0, 8) + 90 * (rng.random() < 0.2), size, *_deck(rng),
                  in_slab=k == 0 and rng.random() < 0.3) for k in range(n)]


def _things(rng: np.random.Generator, w: int, h: int, card: float) -> list[_Laid]:
    """Up to three things that are not cards, sized as such things are beside a card ``card`` tall."""
    sizes = {"coin": (0.2, 0.35), "die": (0.15, 0.25), "token": (0.25, 0.5), "phone": (1.3, 1.8),
             "box": (1.8, 3.0), "label": (0.2, 0.3)}
    out = []
    for _ in range(int(rng.integers(0, 4))):
        name = NOT_CARDS[int(rng.integers(len(NOT_CARDS)))]
        out.append(_Laid(rng.uniform(0, 1) * w, rng.uniform(0, 1) * h, rng.uniform(0, 360),
                         card * rng.uniform(*sizes[name]), thing=name))
    return out


def _lay(layout: str, rng: np.random.Generator, w: int, h: int) -> list[_Laid]:
    if layout == "scatter":
        return _scatter(rng, w, h)
    if layout in ("grid", "dense"):
        return _grid(rng, w, h, layout == "dense")
    if layout == "fan":
        return _fan(rng, w, h)
    if layout == "spread":
        return _spread(rng, w, h)
    if layout == "seats":
        return _seats(rng, w, h)
    return _close(rng, w, h)


def _placed(thing: Thing, laid: _Laid, centre: tuple[float, float] | None = None,
            height: float | None = None) -> Quad:
    """Where ``thing``'s picture lands on the table plane: its ``centre`` (picture pixels, its middle
    by default) at the laid place, turned, its height ``height`` (the laid height by default)."""
    ph, pw = thing.image.shape[:2]
    cx, cy = centre if centre is not None else ((pw - 1) / 2, (ph - 1) / 2)
    k = (height or laid.height) / ph
    a = math.radians(laid.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    local = (edges(pw, ph) - np.array([cx, cy], np.float32)) * k
    placed: Quad = (local @ rot.T + np.array([laid.x, laid.y])).astype(np.float32)
    return placed


def render_varied(seed: int, *, size: Size = (1280, 720), held_out: bool = False, layout: str | None = None,
                  makes: Sequence[str] | None = None, tables: Sequence[str] | None = None,
                  effects: bool = True, bare: bool = False) -> Scene:
    """A photo of cards of any make on a table, and the truth of every card in it, the same for
    the same arguments.

    ``layout`` is one of :data:`LAYOUTS` (default: drawn); ``makes`` the makes of card to draw
    from (default: every one of :data:`models.render.makes.MAKES`); ``held_out`` draws table
    tops, art and typefaces from the held-out sets, ``tables`` names the table tops instead
    (default for training: the finder's). ``effects=False`` leaves out light, shadows, noise
    and occluders. ``bare=True`` is the same table as a fixed camera saw it before the cards were
    laid: the same things on it, in the same light, and no card (the truth holds them all the same).
    """
    rng = np.random.default_rng([seed, int(held_out), 66])
    layout = layout or LAYOUTS[int(rng.integers(len(LAYOUTS)))]
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}, expected one of {LAYOUTS}")
    w, h = size
    laid = _lay(layout, rng, w, h)
    if makes is not None:
        laid = [replace(p, make=str(makes[int(rng.integers(len(makes)))])) if p.make else p for p in laid]
    card_size = float(np.median([p.height for p in laid if p.make]))
    things = _things(rng, w, h, card_size)
    # A box or a phone is never laid over a card: the truth would hold a card nobody can see.
    under = [t for t in things if t.thing in _UNDER or rng.random() < 0.7]
    order = under + laid + [t for t in things if not any(t is u for u in under)]
    names = tuple(tables) if tables else (table_names(True) if held_out else tuple(FINDER_TABLES))
    table_name = names[int(rng.integers(len(names)))]
    image: Image = table(table_name, rng, size)
    cam = keystone(rng, size)
    ids = np.full((h, w), -1, np.int16)
    drawn: list[tuple[Thing, Quad]] = []
    for p in order:
        print_h = int(np.clip(round(p.height * OVERSAMPLE), *PRINT_HEIGHT))
        if p.make is None:
            thing = not_a_card(str(p.thing), rng, print_h, held_out=held_out)
            tall = p.height * thing.image.shape[0] / print_h  # an object is drawn about, not at, the height
            drawn.append((thing, _apply(cam, _placed(thing, p, height=tall))))
            continue
        card = card_of(p.make, rng, print_h, p.aspect, held_out=held_out)
        if p.in_slab:
            case, at = slab(card, rng)
            tall = p.height * case.image.shape[0] / print_h
            drawn.append((case, _apply(cam, _placed(case, p, at, tall))))
        drawn.append((card, _apply(cam, _placed(card, p))))
    is_card = [flag for p in order for flag in ([False, True] if p.in_slab else [p.make is not None])]
    if effects:
        cast = [q for (_, q), c in zip(drawn, is_card, strict=True) if c]
        shadows(image if not bare else image.copy(), cast, rng)
    areas = []
    for i, (thing, quad) in enumerate(drawn):
        ph, pw = thing.image.shape[:2]
        hc = cv2.getPerspectiveTransform(edges(pw, ph), quad).astype(np.float64)
        if bare and is_card[i]:
            # Not laid, but counted all the same: the truth says how much of it would show.
            areas.append(composite(image.copy(), ids, thing.image, thing.alpha, hc, quad, i))
            continue
        areas.append(composite(image, ids, thing.image, thing.alpha, hc, quad, i))
    cards = [i for i, c in enumerate(is_card) if c]
    if effects and cards and rng.random() < 0.2:
        occlude(image, ids, rng, drawn[cards[int(rng.integers(len(cards)))]][1])
    counts = np.bincount(ids[ids >= 0].ravel(), minlength=len(drawn))
    truth = [CardTruth(CARD, drawn[i][1], False, None,
                       float(min(1.0, counts[i] / areas[i])) if areas[i] else 0.0) for i in cards]
    if effects:
        image = light(image, rng)
    return Scene(image, VARIED, seed, truth, layout, table_name, None, held_out)
