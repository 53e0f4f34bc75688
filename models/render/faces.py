"""Synthetic card faces: one catalogue :class:`~vision.read.catalogue.Face` drawn as a printed card.

A face is a rounded card with a light border, a panel in the face colour with
art-like texture, the label large in the centre and small in two opposite
corners (top-left upright, bottom-right turned 180 degrees), and the icons as
simple shapes. The look varies by a :class:`FaceStyle` (typeface, stroke,
italic, art) drawn from a training set or a held-out set, so evaluation can use
typefaces and art never seen in training.

>>> import numpy as np
>>> from vision.read.catalogue import FACES
>>> img = render_face(FACES["crew"]["pink-7"], np.random.default_rng(0), size=(100, 140))
>>> img.shape, img.dtype
((140, 100, 3), dtype('uint8'))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from models.render.glyphs import (
    CALIBRATION_TYPEFACES,
    HELD_OUT_TYPEFACES,
    SCRIPT_TYPEFACES,
    TRAIN_TYPEFACES,
    load_atlas,
    text_mask,
    thicken,
)
from models.render.textures import HELD_OUT_ART, TRAIN_ART, Image, Size, paint_art, wear
from vision.read.catalogue import BACK, FACES, Face

#: Typefaces a classifier may train on (:mod:`models.render.glyphs`).
TRAIN_FONTS: tuple[str, ...] = tuple(TRAIN_TYPEFACES)
#: Handwritten typefaces a classifier may also train on (``models.training.classifier.Recipe.scripts``).
SCRIPT_FONTS: tuple[str, ...] = tuple(SCRIPT_TYPEFACES)
#: Typefaces kept for evaluation only: other families.
HELD_OUT_FONTS: tuple[str, ...] = tuple(HELD_OUT_TYPEFACES)
#: Typefaces that only set a classifier's confidence threshold: neither trained on nor held out.
CALIBRATION_FONTS: tuple[str, ...] = tuple(CALIBRATION_TYPEFACES)

Ink = tuple[int, int, int]
DARK: Ink = (25, 25, 30)
LIGHT: Ink = (245, 245, 240)


@dataclass(frozen=True, slots=True)
class FaceStyle:
    """How a deck is printed: typeface, stroke weight, slant and art painter."""

    #: A typeface of the glyph atlas (:mod:`models.render.glyphs`).
    font: str
    #: How much the strokes are thickened (1.0 as the typeface draws them, to 2.5: 3% of the digits'
    #: height added on each side).
    weight: float
    italic: bool
    #: A key of ``TRAIN_ART`` or ``HELD_OUT_ART``.
    art: str
    #: How far (degrees) every face colour's hue is turned: 0 for the colours the decks are
    #: assumed printed in; another value stands for a print nobody rendered (never sampled, never
    #: trained on: what enrolling a deck from the camera must cope with).
    hue: float = 0.0

    @classmethod
    def sample(cls, rng: np.random.Generator, *, held_out: bool = False,
               fonts: Sequence[str] | None = None) -> FaceStyle:
        """A random style from the training set, or from the held-out set."""
        pool = tuple(fonts) if fonts is not None else (HELD_OUT_FONTS if held_out else TRAIN_FONTS)
        arts = tuple(HELD_OUT_ART if held_out else TRAIN_ART)
        return cls(str(pool[int(rng.integers(len(pool)))]), float(rng.uniform(1.0, 2.5)),
                   bool(rng.random() < 0.3), arts[int(rng.integers(len(arts)))])


@functools.lru_cache(maxsize=64)
def card_mask(size: Size) -> Image:
    """The card's silhouette at ``size`` (width, height): 255 inside the rounded corners, 0 outside."""
    w, h = size
    r = max(2, round(0.07 * w))
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (w - 1 - r, h - 1 - r), (r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    mask.setflags(write=False)
    return mask


def turn_hue(colour: Sequence[int], degrees: float) -> Ink:
    """The BGR ``colour`` with its hue turned by ``degrees``, its lightness and saturation kept.

    >>> turn_hue((0, 0, 200), 120)
    (0, 200, 0)
    """
    pixel = np.array([[colour]], np.uint8)
    hls = cv2.cvtColor(pixel, cv2.COLOR_BGR2HLS_FULL).astype(np.int32)
    hls[..., 0] = (hls[..., 0] + round(degrees * 256 / 360)) % 256
    b, g, r = cv2.cvtColor(hls.astype(np.uint8), cv2.COLOR_HLS2BGR_FULL)[0, 0]
    return int(b), int(g), int(r)


def ink_for(colour: Sequence[int]) -> Ink:
    """Dark ink on a light colour, light ink on a dark one."""
    b, g, r = (float(c) for c in colour)
    return DARK if 0.114 * b + 0.587 * g + 0.299 * r > 120 else LIGHT


# --- Icons -------------------------------------------------------------------------------------


def _pt(x: float, y: float) -> tuple[int, int]:
    return round(x), round(y)


def _r(v: float) -> int:
    return max(1, round(v))


def _poly(img: Image, pts: Sequence[tuple[float, float]], colour: Ink, fill: bool = True, t: int = 1) -> None:
    arr = np.array([_pt(x, y) for x, y in pts], np.int32)
    if fill:
        cv2.fillPoly(img, [arr], colour, cv2.LINE_AA)
    else:
        cv2.polylines(img, [arr], True, colour, t, cv2.LINE_AA)


def draw_icon(img: Image, name: str, centre: tuple[float, float], r: float, ink: Ink) -> None:
    """Draw the icon ``name`` in place, centred at ``centre`` with radius ``r`` pixels."""
    x, y = centre
    t = _r(r / 6)
    c = _pt(x, y)
    ri = _r(r)
    if name == "square":
        cv2.rectangle(img, _pt(x - r * 0.8, y - r * 0.8), _pt(x + r * 0.8, y + r * 0.8), ink, -1, cv2.LINE_AA)
    elif name == "cross":
        for dx in (-1, 1):
            cv2.line(img, _pt(x - r * 0.8, y - dx * r * 0.8), _pt(x + r * 0.8, y + dx * r * 0.8), ink, 2 * t,
                     cv2.LINE_AA)
    elif name == "circle":
        cv2.circle(img, c, ri, ink, -1, cv2.LINE_AA)
    elif name == "triangle-down":
        _poly(img, [(x - r, y - r * 0.7), (x + r, y - r * 0.7), (x, y + r)], ink)
    elif name == "ibex":  # a head with two horns curving back
        cv2.ellipse(img, _pt(x, y + r * 0.35), (_r(r * 0.3), _r(r * 0.5)), 0, 0, 360, ink,
                    -1, cv2.LINE_AA)
        for side in (-1, 1):
            cv2.ellipse(img, _pt(x + side * r * 0.45, y - r * 0.1), (_r(r * 0.45), ri), 0,
                        180 if side < 0 else 270, 270 if side < 0 else 360, ink, t, cv2.LINE_AA)
    elif name == "sun":
        cv2.circle(img, c, _r(r * 0.5), ink, -1, cv2.LINE_AA)
        for k in range(8):
            a = k * math.pi / 4
            cv2.line(img, _pt(x + r * 0.65 * math.cos(a), y + r * 0.65 * math.sin(a)),
                     _pt(x + r * math.cos(a), y + r * math.sin(a)), ink, t, cv2.LINE_AA)
    elif name == "moon":
        cv2.circle(img, c, ri, ink, -1, cv2.LINE_AA)
    elif name in ("ship", "border"):
        _poly(img, [(x - r, y + r * 0.2), (x + r, y + r * 0.2), (x + r * 0.6, y + r * 0.7),
                    (x - r * 0.6, y + r * 0.7)], ink)
        cv2.line(img, _pt(x, y + r * 0.2), _pt(x, y - r), ink, t, cv2.LINE_AA)
        _poly(img, [(x + r * 0.1, y - r), (x + r * 0.8, y), (x + r * 0.1, y)], ink)
    elif name == "island":
        cv2.ellipse(img, _pt(x, y + r * 0.6), (ri, _r(r * 0.35)), 0, 180, 360, ink, -1, cv2.LINE_AA)
        cv2.line(img, _pt(x, y + r * 0.4), _pt(x + r * 0.2, y - r * 0.6), ink, t, cv2.LINE_AA)
        for a in (-2.6, -1.9, -1.2, -0.5):
            cv2.line(img, _pt(x + r * 0.2, y - r * 0.6),
                     _pt(x + r * 0.2 + r * 0.6 * math.cos(a), y - r * 0.6 - r * 0.4 * math.sin(-a)), ink, t,
                     cv2.LINE_AA)
    elif name in ("reef", "peak", "sequence"):
        _poly(img, [(x - r, y + r * 0.7), (x - r * 0.4, y - r * 0.6), (x, y), (x + r * 0.4, y - r),
                    (x + r, y + r * 0.7)], ink)
    elif name == "monster":
        for k in range(3):
            cv2.ellipse(img, _pt(x - r * 0.6 + k * r * 0.6, y), (_r(r * 0.3), _r(r * 0.5)),
                        0, 180, 360, ink, 2 * t, cv2.LINE_AA)
    elif name == "storm":
        cv2.ellipse(img, _pt(x, y - r * 0.3), (ri, _r(r * 0.45)), 0, 0, 360, ink, -1, cv2.LINE_AA)
        bolt = [(x, y), (x - r * 0.3, y + r * 0.5), (x, y + r * 0.45), (x - r * 0.2, y + r)]
        _poly(img, bolt, ink, False, t)
    elif name == "compass":
        cv2.circle(img, c, ri, ink, t, cv2.LINE_AA)
        _poly(img, [(x, y - r), (x + r * 0.2, y), (x, y + r), (x - r * 0.2, y)], ink)
    elif name == "fire":
        _poly(img, [(x - r * 0.7, y + r), (x - r * 0.6, y - r * 0.1), (x - r * 0.2, y + r * 0.2), (x, y - r),
                    (x + r * 0.3, y + r * 0.1), (x + r * 0.6, y - r * 0.3), (x + r * 0.7, y + r)], ink)
    elif name == "bridge":
        cv2.ellipse(img, _pt(x, y - r * 0.5), (ri, ri), 0, 20, 160, ink, t, cv2.LINE_AA)
        for k in range(-2, 3):
            cv2.line(img, _pt(x + k * r * 0.4, y), _pt(x + k * r * 0.4, y + r * 0.5), ink, t, cv2.LINE_AA)
        cv2.line(img, _pt(x - r, y + r * 0.5), _pt(x + r, y + r * 0.5), ink, t, cv2.LINE_AA)
    elif name == "grapple":
        cv2.line(img, _pt(x, y - r), _pt(x, y + r * 0.4), ink, t, cv2.LINE_AA)
        cv2.ellipse(img, _pt(x, y + r * 0.2), (_r(r * 0.6), _r(r * 0.6)), 0, 0, 180, ink,
                    t, cv2.LINE_AA)
    elif name == "submarine":
        cv2.ellipse(img, _pt(x, y + r * 0.2), (ri, _r(r * 0.4)), 0, 0, 360, ink, -1, cv2.LINE_AA)
        cv2.rectangle(img, _pt(x - r * 0.2, y - r * 0.5), _pt(x + r * 0.2, y), ink, -1)
    elif name == "skull":
        cv2.circle(img, _pt(x, y - r * 0.15), _r(r * 0.75), ink, -1, cv2.LINE_AA)
        cv2.rectangle(img, _pt(x - r * 0.4, y + r * 0.3), _pt(x + r * 0.4, y + r), ink, -1)
        hole = LIGHT if ink == DARK else DARK
        for side in (-1, 1):
            cv2.circle(img, _pt(x + side * r * 0.3, y - r * 0.2), _r(r * 0.18), hole, -1, cv2.LINE_AA)
    elif name == "fist":
        cv2.rectangle(img, _pt(x - r * 0.7, y - r * 0.5), _pt(x + r * 0.7, y + r * 0.8), ink, -1)
        hole = LIGHT if ink == DARK else DARK
        for k in range(1, 4):
            cv2.line(img, _pt(x - r * 0.7 + k * r * 0.35, y - r * 0.5), _pt(x - r * 0.7 + k * r * 0.35, y),
                     hole, 1, cv2.LINE_AA)
    elif name == "sabres":
        for side in (-1, 1):
            cv2.ellipse(img, _pt(x - side * r * 0.8, y + r), (2 * ri, 2 * ri), 0, 270 if side > 0 else 225,
                        315 if side > 0 else 270, ink, t + 1, cv2.LINE_AA)
    elif name == "pistols":
        _poly(img, [(x - r, y - r * 0.5), (x + r, y - r * 0.5), (x + r, y - r * 0.1),
                    (x - r * 0.1, y - r * 0.1), (x - r * 0.3, y + r), (x - r * 0.8, y + r),
                    (x - r * 0.6, y - r * 0.1), (x - r, y - r * 0.1)], ink)
    else:  # a star stands for any symbol without a drawing of its own
        pts = [(x + r * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5),
                y - r * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        _poly(img, pts, ink)


# --- Text --------------------------------------------------------------------------------------


def stamp(img: Image, mask: np.ndarray, x: int, y: int, colour: Ink) -> None:
    """Lay ``colour`` on ``img`` through the coverage ``mask`` whose top-left is at (x, y), clipped."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + mask.shape[1]), min(h, y + mask.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    alpha = mask[y0 - y:y1 - y, x0 - x:x1 - x, None].astype(np.float32) / 255.0
    region = img[y0:y1, x0:x1]
    region[:] = (region * (1.0 - alpha) + np.asarray(colour, np.float32) * alpha + 0.5).astype(np.uint8)


def _put_text(img: Image, text: str, centre: tuple[float, float], height: float, style: FaceStyle, ink: Ink,
              outline: Ink | None = None, underline: bool = False) -> None:
    """Draw the digits ``text`` centred at ``centre``, ``height`` pixels tall, in the style's
    typeface (:mod:`models.render.glyphs`), underlined if asked, ringed with ``outline`` if given."""
    atlas = load_atlas()
    mask = text_mask(text, atlas.index(style.font), height, atlas=atlas, weight=(style.weight - 1.0) * 0.02,
                     slant=0.2 if style.italic else 0.0)
    digits = mask.shape[0]
    if underline:
        bar, gap = _r(0.08 * height), _r(0.15 * height)
        under = np.zeros((digits + gap + bar, mask.shape[1]), np.uint8)
        under[:digits] = mask
        under[digits + gap:] = 255
        mask = under
    x, y = round(centre[0] - mask.shape[1] / 2), round(centre[1] - digits / 2)
    if outline is not None:
        r = _r(0.04 * height)
        stamp(img, thicken(np.pad(mask, r), r), x - r, y - r, outline)
    stamp(img, mask, x, y, ink)


def underlined(face: Face) -> bool:
    """Whether the face's value is underlined: a 6 or a 9 of a deck that holds both, on a card with
    no sun and moon to show its top, as most decks print them (assumed: the rulebooks do not show it).

    >>> [underlined(FACES[game][name]) for game, name in
    ...  [("crew", "pink-6"), ("crew", "pink-7"), ("rixes", "fist-6"), ("tranquility", "9")]]
    [True, False, False, False]
    """
    if face.label not in ("6", "9") or "sun-moon" in face.icons:
        return False
    labels = {other.label for other in FACES.get(face.game, {}).values()}
    return {"6", "9"} <= labels


def _corner(img: Image, face: Face, style: FaceStyle, ink: Ink, margin: int) -> None:
    """The small index in the top-left corner: label, then the first icon below it."""
    w, h = img.shape[1], img.shape[0]
    x = margin + 0.07 * w
    y = margin + 0.06 * h
    if face.label:
        _put_text(img, face.label, (x + 0.02 * w * len(face.label), y), 0.08 * h, style, ink,
                  underline=underlined(face))
        y += 0.1 * h
    icon = next((i for i in face.icons if i not in ("sun-moon", "back")), None)
    if icon is not None:
        draw_icon(img, icon, (x, y), 0.045 * h, ink)


def _sun_moon(img: Image, w: int, h: int) -> None:
    """Jour et nuit: a yellow sun at the top end, a pale moon with a shadow bite at the bottom."""
    r = 0.09 * h
    draw_icon(img, "sun", (w / 2, 0.2 * h), r, (40, 210, 250))
    draw_icon(img, "moon", (w / 2, 0.8 * h), r * 0.8, (200, 200, 190))
    bite = _pt(w / 2 + r * 0.4, 0.8 * h - r * 0.2)
    cv2.circle(img, bite, _r(r * 0.7), (110, 80, 40), -1, cv2.LINE_AA)


def _back(img: Image, rng: np.random.Generator, colour: Ink, margin: int) -> None:
    h, w = img.shape[:2]
    light = tuple(min(255, c + 50) for c in colour)
    cv2.rectangle(img, (margin, margin), (w - 1 - margin, h - 1 - margin), colour, -1)
    step = max(6, w // 8)
    for k in range(-h, w + h, step):
        cv2.line(img, (margin + k, margin), (margin + k + h, margin + h), light, 1, cv2.LINE_AA)
        cv2.line(img, (margin + k, margin), (margin + k - h, margin + h), light, 1, cv2.LINE_AA)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (238, 238, 232), margin, cv2.LINE_AA)
    cv2.ellipse(img, (w // 2, h // 2), (w // 4, h // 6), 0, 0, 360, light, -1, cv2.LINE_AA)
    draw_icon(img, "ship", (w / 2, h / 2), h / 14, colour)


def render_face(face: Face, rng: np.random.Generator, *, size: Size = (200, 280), held_out: bool = False,
                fonts: Sequence[str] | None = None, style: FaceStyle | None = None,
                effects: bool = True) -> Image:
    """The printed card ``face`` as a BGR image of ``size`` (width, height), portrait.

    ``style`` fixes the print (one deck, one style); without it one is drawn
    from ``fonts`` or from the training (or held-out) fonts and art.
    ``effects=False`` leaves out colour jitter and wear. Outside the rounded
    corners the image is black: :func:`card_mask` gives the silhouette.
    """
    style = style or FaceStyle.sample(rng, held_out=held_out, fonts=fonts)
    w, h = size
    margin = max(2, round(0.05 * w))
    paper = (238, 238, 232) if not effects else tuple(int(c) for c in rng.integers(215, 250, 3))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper
    if face is BACK or face.kind == "back":
        _back(img, rng, face.colour, margin)
    else:
        colour = face.colour if not style.hue else turn_hue(face.colour, style.hue)
        if effects:
            gain = rng.uniform(0.85, 1.15)
            colour = tuple(int(np.clip(c * gain + rng.normal(0, 8), 0, 255)) for c in colour)  # type: ignore[assignment]
        panel = np.empty((h - 2 * margin, w - 2 * margin, 3), np.uint8)
        panel[:] = colour
        paint_art(style.art, panel, rng, colour)
        img[margin:h - margin, margin:w - margin] = panel
        ink = ink_for(colour)
        paper_ink = DARK if ink == LIGHT else LIGHT
        if "sun-moon" in face.icons:
            _sun_moon(img, w, h)
        big = [i for i in face.icons if i not in ("sun-moon", "back")]
        if face.label:
            _put_text(img, face.label, (w / 2, h / 2), 0.26 * h, style, ink, outline=paper_ink,
                      underline=underlined(face))
            if len(big) == 1 and big[0] != "ibex":
                big = [big[0], big[0]]
            for icon, (fx, fy) in zip(big, ((0.5, 0.2), (0.5, 0.8)) if big != ["ibex"] else ((0.5, 0.8),),
                                      strict=False):
                draw_icon(img, icon, (fx * w, fy * h), 0.08 * h, ink)
        elif big:
            draw_icon(img, big[0], (w / 2, h / 2), 0.3 * w, ink)
        # The corner index, then the same turned 180 degrees in the opposite corner.
        _corner(img, face, style, ink, margin)
        img = np.ascontiguousarray(img[::-1, ::-1])
        _corner(img, face, style, ink, margin)
        img = np.ascontiguousarray(img[::-1, ::-1])
    if effects:
        wear(img, rng)
    img[card_mask(size) == 0] = 0
    return img
