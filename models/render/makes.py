"""Cards of any make, and things on a table that are not cards, for the finder to learn what a card is.

A card here is whatever a card game prints: pale cards with a few large shapes, cards dense with
text, full-bleed art, black or white borders, rounded or square corners, a patterned back, an
ordinary playing card, a made-up game's card, one of our decks. The things that are not cards
are card-sized or card-shaped too: coins, dice, tokens, a phone, a game box, a printed label, the
clear slab a collectible card is kept in. Each is a :class:`~models.render.playing.Thing` in its
own picture's pixels, its ``quad`` the edges of that picture.

>>> rng = np.random.default_rng(0)
>>> card = card_of("shapes", rng, 120, 1.4, held_out=False)
>>> card.image.shape, card.alpha.dtype
((120, 86, 3), dtype('uint8'))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from models.render.faces import HELD_OUT_FONTS, TRAIN_FONTS, ink_for
from models.render.foreign import deck_card, madeup_card
from models.render.playing import (
    OBJECTS,
    RANKS,
    Ink,
    Thing,
    draw_object,
    edges,
    playing_card,
    random_ink,
    write,
)
from models.render.textures import HELD_OUT_ART, TRAIN_ART, Image, paint_art
from vision.read.catalogue import GAMES, faces

#: The makes of card, in the order :func:`card_of` knows them.
MAKES: tuple[str, ...] = ("shapes", "text", "art", "back", "playing", "madeup", "deck")
#: Things laid on a table that are not cards (the first four drawn by
#: :func:`models.render.playing.draw_object`).
NOT_CARDS: tuple[str, ...] = ("coin", "die", "token", "phone", "box", "label")
#: Long side over short side of the cards printed: mini (44 x 63 mm), poker, bridge, tarot.
ASPECTS: tuple[float, ...] = (1.43, 1.4, 1.56, 1.71)
_WORDS = ("when", "draw", "card", "each", "player", "may", "turn", "gain", "lose", "the", "of", "a",
          "discard", "play", "one", "two", "round", "end", "score", "+1", "x2", "attack", "shield")


def _mask(w: int, h: int, radius: float) -> Image:
    """A ``w`` by ``h`` card's silhouette, its corners rounded ``radius`` pixels (0: square)."""
    mask = np.zeros((h, w), np.uint8)
    r = round(radius)
    if r < 1:
        mask[:] = 255
        return mask
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (w - 1 - r, h - 1 - r), (r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def _shape(kind: int, cx: float, cy: float, w: float, h: float) -> np.ndarray:
    """An oval, a diamond or a wave, ``w`` by ``h``, as a polygon (int32, for OpenCV)."""
    if kind == 0:
        pts = cv2.ellipse2Poly((round(cx), round(cy)), (round(w / 2), round(h / 2)), 0, 0, 360, 10)
        return np.asarray(pts, np.int32)
    if kind == 1:
        return np.array([[cx - w / 2, cy], [cx, cy - h / 2], [cx + w / 2, cy], [cx, cy + h / 2]], np.int32)
    xs = np.linspace(cx - w / 2, cx + w / 2, 24)
    wave = np.sin((xs - xs[0]) / w * 2 * math.pi) * h * 0.2
    top = np.stack([xs, cy - h / 2 + h * 0.2 + wave], 1)
    bottom = np.stack([xs[::-1], cy + h / 2 - h * 0.2 + wave[::-1]], 1)
    return np.round(np.vstack([top, bottom])).astype(np.int32)


def _shapes(img: Image, rng: np.random.Generator, ink: Ink) -> None:
    """One to three alike shapes along the card's long side, filled, outlined or striped, as a
    pale card of a pattern game prints them; sometimes a frame about them, a panel of a card's
    shape that is not a card."""
    h, w = img.shape[:2]
    n, kind, fill = int(rng.integers(1, 4)), int(rng.integers(3)), int(rng.integers(3))
    sw, sh = w * rng.uniform(0.5, 0.7), h * rng.uniform(0.14, 0.2)
    thick = max(1, round(w * 0.03))
    for k in range(n):
        poly = _shape(kind, w / 2, h / 2 + (k - (n - 1) / 2) * sh * 1.35, sw, sh)
        if fill == 0:
            cv2.fillPoly(img, [poly], ink, cv2.LINE_AA)
            continue
        if fill == 2:
            inside = np.zeros(img.shape[:2], np.uint8)
            cv2.fillPoly(inside, [poly], 255)
            inside[:, (np.arange(w) // max(1, thick)) % 2 == 1] = 0
            img[inside > 0] = ink
        cv2.polylines(img, [poly], True, ink, thick, cv2.LINE_AA)
    if rng.random() < 0.3:
        m = round(w * rng.uniform(0.06, 0.12))
        cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), ink, max(1, thick // 2), cv2.LINE_AA)


def _text(img: Image, rng: np.random.Generator, ink: Ink) -> None:
    """A title band, a framed picture or none, then lines of small rules text."""
    h, w = img.shape[:2]
    band = random_ink(rng, 0, 256)
    cv2.rectangle(img, (0, 0), (w - 1, round(h * 0.12)), band, -1)
    top = 0.14
    if rng.random() < 0.6:
        cv2.rectangle(img, (round(w * 0.08), round(h * 0.16)), (round(w * 0.92), round(h * 0.5)), ink, 1,
                      cv2.LINE_AA)
        top = 0.54
    size = max(0.2, h * 0.028 / 22)
    for y in np.arange(h * (top + 0.04), h * 0.95, max(4.0, h * rng.uniform(0.035, 0.05))):
        words = " ".join(_WORDS[int(i)] for i in rng.integers(len(_WORDS), size=8))
        cv2.putText(img, words, (round(w * 0.07), round(y)), cv2.FONT_HERSHEY_SIMPLEX, size, ink, 1,
                    cv2.LINE_AA)


def _art(img: Image, rng: np.random.Generator, arts: Sequence[str]) -> None:
    """Art to the card's edges, a name box over it and a text box below."""
    h, w = img.shape[:2]
    colour = random_ink(rng, 0, 256)
    img[:] = colour
    paint_art(str(arts[int(rng.integers(len(arts)))]), img, rng, colour)
    if rng.random() < 0.7:
        box = random_ink(rng, 180, 256)
        cv2.rectangle(img, (round(w * 0.06), round(h * 0.05)), (round(w * 0.94), round(h * 0.13)), box, -1)
        cv2.rectangle(img, (round(w * 0.06), round(h * 0.62)), (round(w * 0.94), round(h * 0.94)), box, -1)


def _back(img: Image, rng: np.random.Generator, ink: Ink) -> None:
    """A back: a lattice of lines or dots within a frame."""
    h, w = img.shape[:2]
    step = max(3, round(w * rng.uniform(0.05, 0.12)))
    if rng.random() < 0.5:
        for d in range(-h, w + h, step):
            cv2.line(img, (d, 0), (d + h, h), ink, 1, cv2.LINE_AA)
            cv2.line(img, (d + h, 0), (d, h), ink, 1, cv2.LINE_AA)
    else:
        for y in range(step // 2, h, step):
            for x in range(step // 2, w, step):
                cv2.circle(img, (x, y), max(1, step // 4), ink, -1, cv2.LINE_AA)
    m = round(w * rng.uniform(0.04, 0.1))
    cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), ink, max(1, round(w * 0.02)), cv2.LINE_AA)


def card_of(make: str, rng: np.random.Generator, height: int, aspect: float, *, held_out: bool) -> Thing:
    """A card of ``make`` (one of :data:`MAKES`), ``height`` pixels tall and ``aspect`` times as tall
    as wide where the make allows (playing cards, made-up and our decks keep their own), with a
    white, black or no border and corners rounded or square."""
    fonts = HELD_OUT_FONTS if held_out else TRAIN_FONTS
    arts = tuple(HELD_OUT_ART if held_out else TRAIN_ART)
    if make == "playing":
        return playing_card(RANKS[int(rng.integers(len(RANKS)))], rng, height, fonts, arts)
    if make == "madeup":
        return madeup_card(GAMES[int(rng.integers(len(GAMES)))], rng, height, held_out, fonts)
    if make == "deck":
        deck = faces(GAMES[int(rng.integers(len(GAMES)))])
        return deck_card(deck[int(rng.integers(len(deck)))], rng, height, held_out, fonts)
    if make not in MAKES:
        raise ValueError(f"unknown make {make!r}, expected one of {MAKES}")
    h, w = height, max(8, round(height / aspect))
    img = np.empty((h, w, 3), np.uint8)
    paper = random_ink(rng, 215, 256) if rng.random() < 0.8 else random_ink(rng, 0, 256)
    border = (int(rng.integers(0, 40)),) * 3 if rng.random() < 0.5 else random_ink(rng, 225, 256)
    m = round(w * rng.uniform(0.03, 0.08)) if rng.random() < 0.5 else 0
    img[:] = border if m else paper
    inner = img[m:h - m, m:w - m]
    inner[:] = paper
    ink = ink_for(paper) if rng.random() < 0.3 else random_ink(rng, 0, 200)
    if make == "shapes":
        _shapes(inner, rng, ink)
    elif make == "text":
        _text(inner, rng, ink)
    elif make == "art":
        _art(inner, rng, arts)
    else:
        _back(inner, rng, ink)
    mask = _mask(w, h, w * rng.uniform(0.0, 0.1) if rng.random() < 0.8 else 0.0)
    img[mask == 0] = 0
    return Thing(img, mask, edges(w, h))


def _box(rng: np.random.Generator, height: int, arts: Sequence[str]) -> Thing:
    """A game box seen from above: a lid of art with a title band, square-cornered."""
    w = round(height * rng.uniform(0.7, 1.4))
    img = np.empty((height, w, 3), np.uint8)
    _art(img, rng, arts)
    band = random_ink(rng, 0, 256)
    cv2.rectangle(img, (0, round(height * 0.4)), (w - 1, round(height * 0.58)), band, -1)
    write(img, "GAME", (w / 2, height * 0.49), height * 0.1, ink_for(band), rng, TRAIN_FONTS)
    cv2.rectangle(img, (0, 0), (w - 1, height - 1), (30, 30, 30), max(1, height // 60))
    return Thing(img, np.full((height, w), 255, np.uint8), edges(w, height))


def _label(rng: np.random.Generator, height: int) -> Thing:
    """A printed label: white, a line of text and a bar code, about three times as wide as tall."""
    w = round(height * rng.uniform(2.5, 3.5))
    img = np.full((height, w, 3), random_ink(rng, 225, 256), np.uint8)
    cv2.putText(img, "GRADE 9", (round(w * 0.05), round(height * 0.45)), cv2.FONT_HERSHEY_SIMPLEX,
                height / 60, (20, 20, 20), max(1, height // 25), cv2.LINE_AA)
    x = w * 0.55
    while x < w * 0.95:
        bar = float(rng.uniform(1, 4)) * height / 60
        top, bottom = (round(x), round(height * 0.2)), (round(x + bar), round(height * 0.8))
        cv2.rectangle(img, top, bottom, (20, 20, 20), -1)
        x += bar * rng.uniform(1.5, 3)
    return Thing(img, np.full((height, w), 255, np.uint8), edges(w, height))


def not_a_card(name: str, rng: np.random.Generator, height: int, *, held_out: bool) -> Thing:
    """The thing ``name`` (one of :data:`NOT_CARDS`), about ``height`` pixels across."""
    arts = tuple(HELD_OUT_ART if held_out else TRAIN_ART)
    if name in OBJECTS:
        return draw_object(name, rng, height, arts)
    if name == "box":
        return _box(rng, height, arts)
    if name == "label":
        return _label(rng, height)
    raise ValueError(f"unknown thing {name!r}, expected one of {NOT_CARDS}")


def slab(card: Thing, rng: np.random.Generator) -> tuple[Thing, tuple[float, float]]:
    """The clear plastic case a graded card is kept in, ``card``'s picture scale, and where the
    card's centre lies in it (pixels): a pale, half-seen frame, a label above the card."""
    ch, cw = card.image.shape[:2]
    pad = round(cw * rng.uniform(0.08, 0.15))
    top = round(ch * rng.uniform(0.25, 0.35))
    h, w = ch + 2 * pad + top, cw + 2 * pad
    img = np.full((h, w, 3), random_ink(rng, 170, 230), np.uint8)
    alpha = np.full((h, w), 70, np.uint8)  # clear plastic: the table shows through
    cv2.rectangle(alpha, (0, 0), (w - 1, h - 1), 200, max(2, pad // 3))
    label = _label(rng, max(8, round(top * 0.7)))
    lh, lw = label.image.shape[:2]
    lw = min(lw, w - 2 * pad)
    y0 = (top + pad - lh) // 2
    img[y0:y0 + lh, pad:pad + lw] = label.image[:, :lw]
    alpha[y0:y0 + lh, pad:pad + lw] = 255
    return Thing(img, alpha, edges(w, h)), (pad + cw / 2 - 0.5, top + pad + ch / 2 - 0.5)
