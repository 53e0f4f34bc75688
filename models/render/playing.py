"""Things that are no game's cards, drawn flat: ordinary playing cards and objects on a table.

:mod:`models.render.foreign` lays them on a table and cuts them as the camera cuts a card. Each
drawing is a :class:`Thing`: its picture, its silhouette and the card-shaped quad a finder would
outline it with. A playing card is white or cream paper with its rank and suit in two opposite
corners, its pips laid out as most decks lay them (one big pip for an ace, columns of pips for 2
to 10) and a framed picture, the same both ways up, for a court card. Objects are coins, dice, a
phone, game tokens, patterned card-shaped things (coasters, notebooks) and plain ones.

>>> import numpy as np
>>> card = playing_card("7", np.random.default_rng(0), 100, ("DejaVu Sans",), ("blobs",))
>>> card.image.shape, card.alpha.shape, card.quad.shape
((100, 70, 3), (100, 70), (4, 2))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.faces import card_mask, draw_icon, stamp
from models.render.glyphs import load_atlas, text_mask
from models.render.textures import Image, paint_art, smooth_noise

Quad = npt.NDArray[np.float32]
Ink = tuple[int, int, int]

#: The ranks of an ordinary deck, in order.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("hearts", "diamonds", "clubs", "spades")
#: The objects :func:`draw_object` draws, in a fixed order.
OBJECTS: tuple[str, ...] = ("coin", "die", "phone", "token", "pattern", "plain")

#: OpenCV's stroke fonts: the atlas (:mod:`models.render.glyphs`) holds digits only, so the A, J, Q
#: and K of a playing card, and any letter, are drawn with these.
HERSHEY = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
           cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN)


@dataclass(frozen=True, slots=True)
class Thing:
    """Something to lay on the table, in its own picture's pixels (pixel centres at integers)."""

    image: Image
    #: 255 where the thing is, 0 where the table shows through.
    alpha: Image
    #: The card-shaped quad a finder would outline it with, clockwise from the top-left.
    quad: Quad


def edges(w: float, h: float, x: float = 0.0, y: float = 0.0) -> Quad:
    """The quad of a ``w`` by ``h`` rectangle whose top-left pixel is (x, y): corners on pixel edges."""
    return np.array([[x - 0.5, y - 0.5], [x + w - 0.5, y - 0.5], [x + w - 0.5, y + h - 0.5],
                     [x - 0.5, y + h - 0.5]], np.float32)


def around(box: tuple[float, float, float, float], rng: np.random.Generator) -> Quad:
    """A card-shaped quad (portrait, long side 1.3 to 1.5 times the short) about the box (x0, y0,
    x1, y1) of an object: a finder outlines a die or a coin with a card's shape, as big as the
    object or a little bigger or smaller."""
    x0, y0, x1, y1 = box
    aspect = float(rng.uniform(1.3, 1.5))
    h = max(y1 - y0, (x1 - x0) * aspect) * float(rng.uniform(0.9, 1.15))
    w = h / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2], [cx + w / 2, cy + h / 2],
                     [cx - w / 2, cy + h / 2]], np.float32)


def random_ink(rng: np.random.Generator, low: int, high: int) -> Ink:
    """A random BGR colour, each channel from ``low`` to ``high`` (excluded)."""
    b, g, r = (int(v) for v in rng.integers(low, high, 3))
    return b, g, r


def scaled(ink: Ink, k: float) -> Ink:
    """``ink`` lighter (``k`` > 1) or darker, within 0 to 255."""
    b, g, r = (min(255, max(0, int(v * k))) for v in ink)
    return b, g, r


# --- Text ---------------------------------------------------------------------------------------


def write(img: Image, text: str, centre: tuple[float, float], height: float, ink: Ink,
          rng: np.random.Generator, fonts: Sequence[str]) -> None:
    """Draw ``text`` centred at ``centre``, about ``height`` pixels tall: digits mostly in a
    typeface of ``fonts`` from the glyph atlas, letters (and some digits) in an OpenCV stroke font."""
    if text.isdigit() and rng.random() < 0.7:
        atlas = load_atlas()
        font = atlas.index(str(fonts[int(rng.integers(len(fonts)))]))
        mask = text_mask(text, font, height, atlas=atlas, weight=float(rng.uniform(0.0, 0.03)),
                         slant=0.15 if rng.random() < 0.2 else 0.0)
        stamp(img, mask, round(centre[0] - mask.shape[1] / 2), round(centre[1] - mask.shape[0] / 2), ink)
        return
    face = HERSHEY[int(rng.integers(len(HERSHEY)))]
    thick = max(1, round(height * float(rng.uniform(0.07, 0.15))))
    (_, th), _ = cv2.getTextSize(text, face, 1.0, thick)
    scale = height / max(th, 1)
    (tw, th), _ = cv2.getTextSize(text, face, scale, thick)
    origin = (round(centre[0] - tw / 2), round(centre[1] + th / 2))
    cv2.putText(img, text, origin, face, scale, ink, thick, cv2.LINE_AA)


# --- Playing cards ------------------------------------------------------------------------------


def _fill(img: Image, pts: Sequence[tuple[float, float]], ink: Ink) -> None:
    cv2.fillPoly(img, [np.round(np.array(pts)).astype(np.int32)], ink, cv2.LINE_AA)


def _disc(img: Image, x: float, y: float, r: float, ink: Ink) -> None:
    cv2.circle(img, (round(x), round(y)), max(1, round(r)), ink, -1, cv2.LINE_AA)


def pip(img: Image, suit: str, centre: tuple[float, float], r: float, ink: Ink, flip: bool = False) -> None:
    """A suit's pip in place, about ``2 r`` pixels tall, its point down (``flip``: turned 180 degrees)."""
    x, y = centre
    s = -1.0 if flip else 1.0
    if suit == "diamonds":
        _fill(img, [(x, y - r), (x + 0.72 * r, y), (x, y + r), (x - 0.72 * r, y)], ink)
    elif suit == "hearts":
        for side in (-1, 1):
            _disc(img, x + side * 0.45 * r, y - s * 0.35 * r, 0.52 * r, ink)
        _fill(img, [(x - 0.95 * r, y - s * 0.2 * r), (x + 0.95 * r, y - s * 0.2 * r), (x, y + s * r)], ink)
    elif suit == "spades":  # a heart upside down on a stem
        for side in (-1, 1):
            _disc(img, x + side * 0.45 * r, y + s * 0.2 * r, 0.5 * r, ink)
        _fill(img, [(x - 0.93 * r, y + s * 0.08 * r), (x + 0.93 * r, y + s * 0.08 * r), (x, y - s * r)], ink)
        _fill(img, [(x, y + s * 0.2 * r), (x - 0.35 * r, y + s * r), (x + 0.35 * r, y + s * r)], ink)
    else:  # clubs: three leaves on a stem
        _disc(img, x, y - s * 0.45 * r, 0.42 * r, ink)
        for side in (-1, 1):
            _disc(img, x + side * 0.48 * r, y + s * 0.12 * r, 0.42 * r, ink)
        _fill(img, [(x, y), (x - 0.33 * r, y + s * r), (x + 0.33 * r, y + s * r)], ink)


_SIX = [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)]
_EIGHT = [(u, v / 3) for u in (0.0, 1.0) for v in range(4)]
#: Where the pips of 2 to 10 lie in the pip area: (0, 0) its top-left, (1, 1) its bottom-right.
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: _SIX,
    7: [*_SIX, (0.5, 0.25)],
    8: [*_SIX, (0.5, 0.25), (0.5, 0.75)],
    9: [*_EIGHT, (0.5, 0.5)],
    10: [*_EIGHT, (0.5, 1 / 6), (0.5, 5 / 6)],
}


def _paper(rng: np.random.Generator) -> Ink:
    """White to cream card stock (cream: less blue)."""
    base = float(rng.uniform(222, 252))
    return round(base - rng.uniform(0, 28)), round(base - rng.uniform(0, 10)), round(base)


def _ink(suit: str, rng: np.random.Generator) -> Ink:
    """Red or black as most decks print the suit; now and then a four-colour deck's blue or green."""
    if rng.random() < 0.1 and suit in ("diamonds", "clubs"):
        return (170, 90, 20) if suit == "diamonds" else (40, 130, 30)
    if suit in ("hearts", "diamonds"):
        return int(rng.integers(20, 70)), int(rng.integers(15, 60)), int(rng.integers(160, 225))
    grey = int(rng.integers(10, 50))
    return grey, grey, grey + int(rng.integers(0, 10))


def _court(img: Image, rank: str, suit: str, ink: Ink, box: tuple[int, int, int, int],
           rng: np.random.Generator, arts: Sequence[str]) -> None:
    """A court card's picture: a framed panel with a figure in its top half, the same turned 180
    degrees below, as double-headed court cards are printed."""
    x0, y0, x1, y1 = box
    fw, fh = x1 - x0, y1 - y0
    palette: list[Ink] = [(40, 40, 200), (160, 80, 30), (40, 200, 230), (30, 30, 30), (60, 140, 60)]
    back = palette[int(rng.integers(len(palette)))] if rng.random() < 0.4 else (200, 225, 235)
    panel = np.empty((fh, fw, 3), np.uint8)
    panel[:] = back
    paint_art(str(arts[int(rng.integers(len(arts)))]), panel, rng, back)
    half = panel[:(fh + 1) // 2]
    hx, hy, hr = fw * rng.uniform(0.4, 0.6), fh * rng.uniform(0.2, 0.27), fw * rng.uniform(0.12, 0.18)
    for _ in range(int(rng.integers(3, 7))):  # robes: bold blocks of the court palette
        colour = palette[int(rng.integers(len(palette)))]
        cx, cy = rng.uniform(0, fw), rng.uniform(hy + hr, fh / 2)
        axes = (max(2, round(fw * rng.uniform(0.15, 0.45))), max(2, round(fh * rng.uniform(0.05, 0.15))))
        cv2.ellipse(half, (round(cx), round(cy)), axes, float(rng.uniform(0, 180)), 0, 360, colour, -1,
                    cv2.LINE_AA)
    skin = (int(rng.integers(140, 200)), int(rng.integers(180, 220)), int(rng.integers(220, 250)))
    _disc(half, hx, hy, hr, skin)
    cv2.ellipse(half, (round(hx), round(hy + 0.2 * hr)), (round(0.55 * hr), round(0.25 * hr)), 0, 0, 180,
                (30, 30, 30), 1, cv2.LINE_AA)
    crown = (40, 200, 230) if rank != "J" else palette[int(rng.integers(len(palette)))]
    top = hy - hr * 0.9
    spikes = [(hx - hr, top), *[(hx - hr + k * hr / 2, top - (hr * 0.7 if k % 2 else 0)) for k in range(5)],
              (hx + hr, top + hr * 0.2), (hx - hr, top + hr * 0.2)]
    _fill(half, spikes, crown)
    pip(half, suit, (fw * 0.17, fh * 0.08), max(2.0, fw * 0.08), ink)
    panel[fh // 2:] = panel[:(fh + 1) // 2][::-1, ::-1][:fh - fh // 2]
    if rng.random() < 0.5:
        cv2.line(panel, (0, fh // 2), (fw - 1, fh // 2), ink, 1, cv2.LINE_AA)
    img[y0:y1, x0:x1] = panel
    cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), ink, max(1, round(fw / 40)), cv2.LINE_AA)


def _index(img: Image, rank: str, suit: str, ink: Ink, size: float, at: tuple[float, float], flip: bool,
           rng: np.random.Generator, fonts: Sequence[str]) -> None:
    """The corner index: the rank, the suit's small pip below it."""
    x, y = at
    write(img, rank, (x + size * 0.28 * len(rank), y), size, ink, rng, fonts)
    pip(img, suit, (x + size * 0.3, y + size * 1.05), size * float(rng.uniform(0.35, 0.45)), ink, flip)


def playing_card(rank: str, rng: np.random.Generator, height: int, fonts: Sequence[str],
                 arts: Sequence[str]) -> Thing:
    """An ordinary playing card of ``rank`` (one of :data:`RANKS`) and a random suit, ``height``
    pixels tall; its digits in a typeface of ``fonts``, a court card's picture painted with ``arts``."""
    suit = SUITS[int(rng.integers(len(SUITS)))]
    h = height
    w = round(h / rng.uniform(1.38, 1.56))  # poker to bridge size
    img = np.empty((h, w, 3), np.uint8)
    img[:] = _paper(rng)
    ink = _ink(suit, rng)
    # Ink printed a little off the paper's centre, as cheap decks are.
    ox, oy = rng.normal(0, 0.012 * w), rng.normal(0, 0.008 * h)
    if rng.random() < 0.3:  # a thin frame line inside the edge
        m = round(w * rng.uniform(0.04, 0.07))
        cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), ink if rng.random() < 0.5 else (150, 150, 150), 1,
                      cv2.LINE_AA)
    if rank in ("J", "Q", "K"):
        box = (round(0.2 * w + ox), round(0.13 * h + oy), round(0.8 * w + ox), round(0.87 * h + oy))
        _court(img, rank, suit, ink, box, rng, arts)
    elif rank == "A":
        pip(img, suit, (w / 2 + ox, h / 2 + oy), h * float(rng.uniform(0.1, 0.2)), ink)
    else:
        r = h * float(rng.uniform(0.045, 0.06))
        x0, x1 = w * rng.uniform(0.28, 0.32) + ox, w * rng.uniform(0.68, 0.72) + ox
        y0, y1 = h * rng.uniform(0.19, 0.22) + oy, h * rng.uniform(0.78, 0.81) + oy
        for u, v in PIPS[int(rank)]:
            pip(img, suit, (x0 + u * (x1 - x0), y0 + v * (y1 - y0)), r, ink, flip=v > 0.5)
    size = h * float(rng.uniform(0.08, 0.12))
    at = (w * rng.uniform(0.03, 0.06) + ox, h * rng.uniform(0.06, 0.09) + oy)
    both = rng.random() < 0.2  # some decks print the index in all four corners
    seed = int(rng.integers(1 << 31))  # the same index font at every corner
    for turn in range(2):
        _index(img, rank, suit, ink, size, at, False, np.random.default_rng(seed), fonts)
        if both:
            _index(img, rank, suit, ink, size, (w - at[0] - size * 0.6 * len(rank), at[1]), False,
                   np.random.default_rng(seed), fonts)
        img = np.ascontiguousarray(img[::-1, ::-1]) if turn == 0 else img
    img = np.ascontiguousarray(img[::-1, ::-1])
    mask = card_mask((w, h))
    img[mask == 0] = 0
    return Thing(img, mask, edges(w, h))


# --- Objects ------------------------------------------------------------------------------------


def _canvas(w: int, h: int) -> tuple[Image, Image]:
    return np.zeros((h, w, 3), np.uint8), np.zeros((h, w), np.uint8)


def _shaded_disc(img: Image, alpha: Image, c: tuple[float, float], r: float, colour: Ink,
                 light: float) -> None:
    """A disc lit from the angle ``light``: bright on that side, dark on the other (a metal relief)."""
    x0, y0 = max(0, int(c[0] - r) - 1), max(0, int(c[1] - r) - 1)
    x1, y1 = min(img.shape[1], int(c[0] + r) + 2), min(img.shape[0], int(c[1] + r) + 2)
    ys, xs = np.ogrid[y0:y1, x0:x1]
    dx, dy = (xs - c[0]) / r, (ys - c[1]) / r
    gain = 0.85 + 0.35 * (dx * math.cos(light) + dy * math.sin(light))
    disc = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.circle(disc, (round(c[0]) - x0, round(c[1]) - y0), max(1, round(r)), 255, -1, cv2.LINE_AA)
    shaded = np.clip(np.asarray(colour, np.float32) * gain[..., None], 0, 255)
    a = disc[..., None].astype(np.float32) / 255
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + shaded * a).astype(np.uint8)
    np.maximum(alpha[y0:y1, x0:x1], disc, out=alpha[y0:y1, x0:x1])


def _coin(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """One to three metal coins: a lit disc, a rim, an embossed number or star inside."""
    n = 1 if rng.random() < 0.7 else int(rng.integers(2, 4))
    img, alpha = _canvas(size, size)
    metals: list[Ink] = [(60, 170, 210), (185, 185, 180), (70, 110, 190), (120, 150, 170)]
    light = float(rng.uniform(0, 2 * math.pi))
    for _ in range(n):
        r = size * (0.45 if n == 1 else rng.uniform(0.22, 0.32))
        c = (rng.uniform(r, size - r), rng.uniform(r, size - r)) if n > 1 else (size / 2, size / 2)
        metal = metals[int(rng.integers(len(metals)))]
        _shaded_disc(img, alpha, c, r, metal, light)
        _shaded_disc(img, alpha, c, r * 0.86, metal, light + math.pi)  # the rim stands proud
        if rng.random() < 0.4:  # two metals, as 1 and 2 euro coins
            other = metals[int(rng.integers(len(metals)))]
            _shaded_disc(img, alpha, c, r * rng.uniform(0.55, 0.7), other, light)
        dark = scaled(metal, 0.55)
        bright = scaled(metal, 1.3)
        relief = np.zeros_like(img)
        if rng.random() < 0.5:
            write(relief, str(int(rng.integers(1, 100))), c, r * 0.55, (255, 255, 255), rng, ("DejaVu Sans",))
        else:
            draw_icon(relief, "star", c, r * 0.45, (255, 255, 255))
        m = relief[..., 0]
        # Embossed: a dark edge on the side away from the light, a bright one toward it.
        sx, sy = round(math.cos(light)), round(math.sin(light))
        for shift, tone in (((-sx, -sy), dark), ((sx, sy), bright)):
            moved = np.roll(m, shift, axis=(1, 0))
            img[(moved > 128) & (m < 64) & (alpha > 128)] = tone
    return img, alpha


_DIE = {1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)]}


def _rounded(img: npt.NDArray[np.uint8], x0: float, y0: float, x1: float, y1: float, r: float,
             colour: Ink | int) -> None:
    """A filled rectangle with corners rounded to ``r`` pixels, in place."""
    r = max(1.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    p = [round(v) for v in (x0, y0, x1, y1, r)]
    cv2.rectangle(img, (p[0] + p[4], p[1]), (p[2] - p[4], p[3]), colour, -1)
    cv2.rectangle(img, (p[0], p[1] + p[4]), (p[2], p[3] - p[4]), colour, -1)
    for cx, cy in ((p[0] + p[4], p[1] + p[4]), (p[2] - p[4], p[1] + p[4]), (p[2] - p[4], p[3] - p[4]),
                   (p[0] + p[4], p[3] - p[4])):
        cv2.circle(img, (cx, cy), p[4], colour, -1, cv2.LINE_AA)


def _die(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """One or two dice seen from above: a rounded cube, its lit top, its pips."""
    n = 1 if rng.random() < 0.65 else 2
    img, alpha = _canvas(size, size)
    bodies: list[Ink] = [(235, 235, 232), (215, 235, 245), (40, 40, 190), (30, 30, 30), (60, 140, 40),
                         (170, 90, 30), (40, 190, 230)]
    for k in range(n):
        side = size * (0.8 if n == 1 else rng.uniform(0.4, 0.48))
        x, y = (size - side) / 2, (size - side) / 2
        if n == 2:
            x, y = (0.02 * size if k == 0 else size - side - 0.02 * size), rng.uniform(0, size - side)
        body = bodies[int(rng.integers(len(bodies)))]
        dark = scaled(body, 0.7)
        _rounded(img, x, y, x + side, y + side, side * 0.2, dark)
        _rounded(alpha, x, y, x + side, y + side, side * 0.2, 255)
        inset = side * 0.06
        _rounded(img, x + inset, y + inset, x + side - inset, y + side - inset, side * 0.17, body)
        spot: Ink = (245, 245, 245) if sum(body) < 400 else (25, 25, 25)
        for u, v in _DIE[int(rng.integers(1, 7))]:
            _disc(img, x + u * side, y + v * side, side * 0.08, spot)
    return img, alpha


def _phone(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """A phone face up: a dark rounded slab, its screen on (bright icons, a picture) or off."""
    h = size
    w = round(h * rng.uniform(0.45, 0.52))
    img, alpha = _canvas(w, h)
    case = int(rng.integers(15, 60))
    body: Ink = (case, case, case) if rng.random() < 0.7 else random_ink(rng, 30, 200)
    _rounded(img, 0, 0, w - 1, h - 1, w * 0.14, body)
    _rounded(alpha, 0, 0, w - 1, h - 1, w * 0.14, 255)
    m = max(2, round(w * 0.05))
    sw, sh = w - 2 * m, h - 2 * m
    screen = np.empty((sh, sw, 3), np.uint8)
    if rng.random() < 0.75:
        top, bottom = random_ink(rng, 60, 256), random_ink(rng, 0, 256)
        ramp = np.linspace(0, 1, sh, dtype=np.float32)[:, None, None]
        screen[:] = (np.asarray(top) * (1 - ramp) + np.asarray(bottom) * ramp).astype(np.uint8)
        if rng.random() < 0.5:
            paint_art(str(arts[int(rng.integers(len(arts)))]), screen, rng, top)
        else:  # a home screen: rows of bright app icons
            cell = sw / 4
            for row in range(int(rng.integers(3, 7))):
                for col in range(4):
                    cx, cy = (col + 0.5) * cell, (row + 1.0) * cell * 1.2
                    _rounded(screen, cx - cell * 0.32, cy - cell * 0.32, cx + cell * 0.32, cy + cell * 0.32,
                             cell * 0.1, random_ink(rng, 0, 256))
    else:  # off: black glass with a soft reflection
        screen[:] = 12
        cv2.line(screen, (0, round(sh * rng.uniform(0.2, 0.8))), (sw - 1, round(sh * rng.uniform(0, 1))),
                 (70, 70, 70), max(1, round(sw * 0.15)), cv2.LINE_AA)
    img[m:m + sh, m:m + sw] = screen
    _disc(img, w / 2, m * 1.6, max(1.0, w * 0.03), (5, 5, 5))  # the front camera
    return img, alpha


def _token(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """One to four game pieces: meeples, discs and cubes in bright colours."""
    img, alpha = _canvas(size, size)
    colours: list[Ink] = [(40, 40, 200), (180, 90, 30), (40, 170, 60), (40, 200, 235), (30, 30, 30),
                          (230, 230, 230), (150, 60, 150), (30, 120, 230)]
    for _ in range(int(rng.integers(1, 5))):
        r = size * rng.uniform(0.14, 0.3)
        cx, cy = rng.uniform(r, size - r), rng.uniform(r, size - r)
        colour = colours[int(rng.integers(len(colours)))]
        dark = scaled(colour, 0.6)
        layer = np.zeros_like(alpha)
        kind = int(rng.integers(3))
        if kind == 0:  # a meeple lying flat: head, arms, legs
            outline = [(-0.35, -0.45), (-1, -0.2), (-1, 0.1), (-0.45, 0.15), (-0.8, 1), (-0.15, 1), (0, 0.5),
                       (0.15, 1), (0.8, 1), (0.45, 0.15), (1, 0.1), (1, -0.2), (0.35, -0.45)]
            man = [(cx + u * r, cy + v * r) for u, v in outline]
            for target, tone in ((img, colour), (layer, (255, 255, 255))):
                _fill(target, man, tone)
                _disc(target, cx, cy - 0.65 * r, 0.38 * r, tone)
        elif kind == 1:  # a disc: its rim darker
            for target, tone in ((img, dark), (layer, (255, 255, 255))):
                _disc(target, cx, cy, r, tone)
            _disc(img, cx, cy, r * 0.85, colour)
        else:  # a cube turned on the table
            box = cv2.boxPoints(((cx, cy), (1.4 * r, 1.4 * r), float(rng.uniform(0, 90))))
            for target, tone in ((img, dark), (layer, (255, 255, 255))):
                _fill(target, [tuple(p) for p in box], tone)
            _fill(img, [tuple(p) for p in (box - (cx, cy)) * 0.8 + (cx, cy)], colour)
        np.maximum(alpha, layer, out=alpha)
    return img, alpha


def _pattern(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """A patterned flat thing about a card's size: a coaster (round or square), a notebook, a box lid."""
    h = size
    w = round(h * rng.uniform(0.6, 1.0))
    colour = random_ink(rng, 20, 240)
    img, alpha = _canvas(w, h)
    img[:] = colour
    if rng.random() < 0.5:  # a print of a second colour: checks, stripes or dots
        other = random_ink(rng, 0, 256)
        step = max(4, round(h * rng.uniform(0.06, 0.2)))
        motif = int(rng.integers(3))
        for y in range(0, h, step):
            for x in range(0, w, step):
                if motif == 0 and (x // step + y // step) % 2:
                    cv2.rectangle(img, (x, y), (x + step - 1, y + step - 1), other, -1)
                elif motif == 1 and x == 0 and (y // step) % 2:
                    cv2.rectangle(img, (0, y), (w - 1, y + step // 2), other, -1)
                elif motif == 2:
                    _disc(img, x + step / 2, y + step / 2, step / 4, other)
    paint_art(str(arts[int(rng.integers(len(arts)))]), img, rng, colour)
    shape = int(rng.integers(3))
    if shape == 0:  # a round coaster
        cv2.ellipse(alpha, (w // 2, h // 2), (w // 2 - 1, w // 2 - 1), 0, 0, 360, 255, -1, cv2.LINE_AA)
    else:
        _rounded(alpha, 0, 0, w - 1, h - 1, w * rng.uniform(0.01, 0.12), 255)
    if shape == 2:  # a notebook: ruled lines and a spiral
        line = scaled(colour, 0.6)
        for y in range(round(h * 0.1), h, max(3, round(h * rng.uniform(0.04, 0.08)))):
            cv2.line(img, (round(w * 0.15), y), (w - 3, y), line, 1, cv2.LINE_AA)
        for y in range(3, h - 3, max(3, round(h * 0.05))):
            cv2.circle(img, (round(w * 0.06), y), max(1, round(w * 0.025)), (190, 190, 190), 1, cv2.LINE_AA)
    return img, alpha


def _plain(rng: np.random.Generator, size: int, arts: Sequence[str]) -> tuple[Image, Image]:
    """A card-shaped thing of one colour, a little mottled: a blank card, a cut of cardboard, a tile."""
    h = size
    w = round(h / rng.uniform(1.3, 1.55))
    colour = np.asarray(rng.integers(10, 250, 3), np.float32)
    tone = 1.0 + (smooth_noise(rng, (w, h), 4) - 0.5) * rng.uniform(0.05, 0.3)
    grain = rng.normal(0, rng.uniform(1, 8), (h, w, 1)).astype(np.float32)
    img = np.clip(colour * tone[..., None] + grain, 0, 255).astype(np.uint8)
    alpha = np.zeros((h, w), np.uint8)
    _rounded(alpha, 0, 0, w - 1, h - 1, w * (0.07 if rng.random() < 0.6 else 0.005), 255)
    return img, alpha


_DRAW: dict[str, Callable[[np.random.Generator, int, Sequence[str]], tuple[Image, Image]]] = {
    "coin": _coin, "die": _die, "phone": _phone, "token": _token, "pattern": _pattern, "plain": _plain}


def draw_object(name: str, rng: np.random.Generator, height: int, arts: Sequence[str]) -> Thing:
    """The object ``name`` (one of :data:`OBJECTS`) about ``height`` pixels across, its patterns
    painted with ``arts``, and the card-shaped quad about it (a plain thing's own outline)."""
    img, alpha = _DRAW[name](rng, height, arts)
    img[alpha == 0] = 0
    if name == "plain":
        return Thing(img, alpha, edges(img.shape[1], img.shape[0]))
    ys, xs = np.nonzero(alpha)
    box = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max())) if len(xs) else \
        (0.0, 0.0, float(img.shape[1]), float(img.shape[0]))
    return Thing(img, alpha, around(box, rng))
