"""Crops of things that are not a given game's cards, cut the way the camera cuts a card.

A game's classifier learns to answer "none of my cards" from these (outlier exposure, Hendrycks
et al. 2019): the other games' cards (every face of every other deck, backs excluded: a back is
printed the same for every game), ordinary playing cards, made-up cards of unknown games, objects
on the table (coins, dice, a phone, tokens, patterned and plain card-shaped things) and the bare
table. Each is laid on a patch of table at a random angle, with a little perspective, a shadow
and uneven light, then cut along its card-shaped quad, its corners jittered and sometimes cut
loose, tight or shifted as a finder's quads are, ordered by :func:`vision.find.detect.order_corners`
and warped by :func:`vision.find.detect.rectify`.

>>> crops = foreign_crops("crew", 4, 0)
>>> crops.crops.shape, crops.crops.dtype, len(crops)
((4, 88, 64, 3), dtype('uint8'), 4)
>>> foreign_kinds("crew")[-9:-7], foreign_kinds("crew")[-1]
(('playing:K', 'madeup'), 'bare')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import cv2
import numpy as np
import numpy.typing as npt

from models.render.faces import (
    HELD_OUT_FONTS,
    SCRIPT_FONTS,
    TRAIN_FONTS,
    FaceStyle,
    card_mask,
    draw_icon,
    ink_for,
    render_face,
)
from models.render.playing import OBJECTS, RANKS, Thing, draw_object, edges, playing_card, random_ink, write
from models.render.textures import HELD_OUT_ART, TRAIN_ART, Image, paint_art, table, table_names
from vision.find.detect import CROP_SIZE, order_corners, rectify
from vision.read.catalogue import GAMES, TRIANGULAR, Face, faces

#: How each run of 20 crops is shared among the families (45%, 25%, 10%, 15% and 5%).
SHARES: tuple[tuple[str, int], ...] = (("deck", 9), ("playing", 5), ("madeup", 2), ("object", 3), ("bare", 1))
_RUN = tuple(family for family, n in SHARES for _ in range(n))
#: Crops that share one table top (drawn once, cut at many places and angles): a table costs
#: more to draw than a crop.
TABLE_RUN = 40
#: Share of the decks printed in a handwritten typeface, when no typefaces are given.
SCRIPT_SHARE = 0.15
#: Tags that keep the random streams of the plan, the tables and the crops apart.
_PLAN, _CYCLE, _TABLE, _CROP, _GRAIN = 101, 102, 103, 104, 105


def _foreign_faces(game: str) -> list[Face]:
    """Every face of every other game's deck, in catalogue order (backs excluded by ``faces``)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}, expected one of {GAMES}")
    return [face for other in GAMES if other != game for face in faces(other)]


def foreign_kinds(game: str) -> tuple[str, ...]:
    """Auxiliary class names for ``game``'s classifier: 'deck:<other game>:<face name>' for every
    face of every other game's deck (backs excluded), 'playing:<rank>' for the 13 ranks
    ('A','2',...,'10','J','Q','K'), 'madeup', 'object:coin', 'object:die', 'object:phone',
    'object:token', 'object:pattern', 'object:plain', 'bare'."""
    return (*(f"deck:{face.game}:{face.name}" for face in _foreign_faces(game)),
            *(f"playing:{rank}" for rank in RANKS), "madeup", *(f"object:{name}" for name in OBJECTS), "bare")


@dataclass(frozen=True)
class ForeignSet:
    """Crops of foreign things and what each shows."""

    #: (N, 88, 64, 3) BGR, exactly ``CROP_SIZE`` (width 64, height 88).
    crops: npt.NDArray[np.uint8]
    #: Index into :func:`foreign_kinds` of the game.
    kinds: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.kinds)


def plan(game: str, count: int, seed: int, held_out: bool = False) -> npt.NDArray[np.int64]:
    """The kind (index into :func:`foreign_kinds`) of each of the first ``count`` crops.

    Every run of 20 crops holds each family its share (:data:`SHARES`) in a shuffled order, and
    each family goes through its kinds in a shuffled cycle: every face of the other decks comes
    once before any comes twice, so a few hundred crops show them all. A crop's kind depends on
    its index alone, so a longer plan starts with a shorter one.
    """
    sizes = [len(_foreign_faces(game)), len(RANKS), 1, len(OBJECTS), 1]  # in the order of SHARES
    first = np.cumsum([0, *sizes[:-1]])
    families = [family for family, _ in SHARES]
    seen = [0] * len(SHARES)
    cycles: dict[tuple[int, int], npt.NDArray[np.int64]] = {}
    out = np.zeros(count, np.int64)
    order = np.zeros(0, np.int64)
    for index in range(count):
        run, slot = divmod(index, len(_RUN))
        if slot == 0:
            order = np.random.default_rng([seed, int(held_out), _PLAN, run]).permutation(len(_RUN))
        family = families.index(_RUN[int(order[slot])])
        lap, step = divmod(seen[family], sizes[family])
        seen[family] += 1
        if (family, lap) not in cycles:
            stream = np.random.default_rng([seed, int(held_out), _CYCLE, family, lap])
            cycles[family, lap] = stream.permutation(sizes[family])
        out[index] = first[family] + int(cycles[family, lap][step])
    return out


@functools.lru_cache(maxsize=2)
def _table_top(seed: int, run: int, held_out: bool) -> Image:
    """The table top the crops of one run of :data:`TABLE_RUN` are laid on, read-only, with a
    fourth channel: OpenCV warps four channels faster than three."""
    rng = np.random.default_rng([seed, int(held_out), _TABLE, run])
    names = table_names(held_out)
    top = np.asarray(cv2.cvtColor(table(names[int(rng.integers(len(names)))], rng, (384, 384)),
                                  cv2.COLOR_BGR2BGRA), np.uint8)
    top.setflags(write=False)
    return top


@functools.cache
def _grain() -> npt.NDArray[np.float32]:
    """A store of unit sensor noise, from which each crop takes a window: drawing fresh noise
    cost more than the rest of the light."""
    grain = np.random.default_rng(_GRAIN).standard_normal((256, 256, 3), dtype=np.float32)
    grain.setflags(write=False)
    return grain


# --- The photograph -----------------------------------------------------------------------------

Floats = npt.NDArray[np.float32]
ScalarT = TypeVar("ScalarT", np.uint8, np.float32)


def _soften(image: npt.NDArray[ScalarT], sigma: float) -> npt.NDArray[ScalarT]:
    """A Gaussian blur of ``sigma`` pixels, as two passes of one kernel: OpenCV's own GaussianBlur
    took two to four times as long on these small images."""
    kernel = cv2.getGaussianKernel(2 * math.ceil(3 * sigma) + 1, sigma)
    return np.asarray(cv2.sepFilter2D(image, -1, kernel, kernel), image.dtype)


def _expose(image: Floats, rng: np.random.Generator, scale: float) -> Image:
    """The camera's light and sensor, as :func:`models.render.scenes.render_scene` gives its frames:
    the room's level and its slope across the frame, now and then a glare spot, blur, noise, JPEG
    artefacts (``scale``: image pixels a frame pixel)."""
    h, w = image.shape[:2]
    ys, xs = np.ogrid[0:h, 0:w]
    a = rng.uniform(0, 2 * math.pi)
    # Up to 45% across a 1280 by 720 frame's diagonal, of which this card sees a part.
    slope = rng.uniform(0.0, 0.45) / 1470.0 / scale
    gain = np.asarray(rng.uniform(0.8, 1.05) + slope * (xs * math.cos(a) + ys * math.sin(a)), np.float32)
    image *= gain[..., None]
    # Glare: a soft white spot about a card's size. A frame has none to two, so a few cards in
    # a hundred lie under one.
    if rng.random() < 0.1:
        cx, cy, r = rng.uniform(-0.5, 1.5) * w, rng.uniform(-0.5, 1.5) * h, rng.uniform(0.35, 1.4) * h
        spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * r * r)) * rng.uniform(60, 200)
        image += spot[..., None].astype(np.float32)
    if rng.random() < 0.6:
        image = np.asarray(_soften(image, float(rng.uniform(0.4, 1.4) * min(1.0, scale))), np.float32)
    grain = _grain()
    y, x = int(rng.integers(grain.shape[0] - h + 1)), int(rng.integers(grain.shape[1] - w + 1))
    image += grain[y:y + h, x:x + w] * np.float32(rng.uniform(1, 7))
    out = np.clip(image, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8) if ok else out


def _cut(quad: npt.NDArray[np.float64], rng: np.random.Generator, height: float) -> npt.NDArray[np.float64]:
    """The quad a camera would cut along: the thing's own, sometimes loose, tight or shifted as a
    finder's quads are, its corners always jittered by a few pixels."""
    centre = quad.mean(0)
    if rng.random() < 0.35:
        quad = centre + (quad - centre) * rng.uniform(0.85, 1.2)
    if rng.random() < 0.1:
        quad = quad + rng.uniform(-0.12, 0.12, 2) * height
    return quad + rng.normal(0, 1.5, (4, 2))


def _shifted(mask: Image, by: npt.NDArray[np.float64]) -> Image:
    """``mask`` moved by ``by`` (x, y) whole pixels, zero where it uncovers."""
    dx, dy = round(float(by[0])), round(float(by[1]))
    h, w = mask.shape
    out = np.zeros_like(mask)
    if abs(dx) < w and abs(dy) < h:
        out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
            mask[max(-dy, 0):h - max(dy, 0), max(-dx, 0):w - max(dx, 0)]
    return out


def _turn(angle: float) -> npt.NDArray[np.float64]:
    return np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])


def _homography(src: npt.NDArray[np.float64], dst: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)), np.float64)


def _photograph(thing: Thing | None, rng: np.random.Generator, top: Image, height: float, *,
                crossing: Thing | None = None) -> Image:
    """``thing`` laid on the table ``top`` (BGRA) at a random angle and tilt, its quad ``height``
    pixels tall in the frame, lit, and cut along its quad (None: a card-shaped quad of bare table;
    ``crossing``: a card lying partly over it).

    Only what the cut shows is drawn: the frame's pixels inside the cut quad, on a canvas that
    :func:`vision.find.detect.order_corners` turns upright, at the frame's resolution (at most 1.3
    times the crop's: a larger card's detail is lost to the crop anyway), then warped to the crop
    by :func:`vision.find.detect.rectify`. So the crop is resampled twice, as a camera's is (print
    to frame, frame to crop), without drawing the frame about it.
    """
    angle = rng.uniform(0, 2 * math.pi)
    own = thing.quad.astype(np.float64) if thing is not None else np.array(
        [[-0.5, -0.7], [0.5, -0.7], [0.5, 0.7], [-0.5, 0.7]]) * [rng.uniform(0.95, 1.05), 1.0]
    tall = float(np.linalg.norm((own[0] + own[1]) / 2 - (own[2] + own[3]) / 2))
    # Frame pixels about the thing's centre; a camera a little off the vertical moves each corner
    # a few per cent away from a plain turn.
    seen = (own - own.mean(0)) @ _turn(angle).T * (height / tall) + rng.normal(0, 0.025 * height, (4, 2))
    moves: list[tuple[Thing, npt.NDArray[np.float64]]] = []
    if crossing is not None:  # a neighbour over one side: its centre most of a card away
        away = rng.normal(0, 1, 2)
        away *= height * rng.uniform(0.6, 0.95) / (np.linalg.norm(away) + 1e-9)
        outline = crossing.quad.astype(np.float64)
        long = float(np.linalg.norm(outline[0] - outline[3]))
        placed = ((outline - outline.mean(0)) @ _turn(angle + rng.normal(0, 0.15)).T
                  * (height * rng.uniform(0.9, 1.1) / long) + away)
        moves.append((crossing, _homography(outline, placed)))
    if thing is not None:
        moves.append((thing, _homography(own, seen)))
    quad = order_corners(_cut(seen, rng, height).astype(np.float32)).astype(np.float64)
    cut_h = float(np.linalg.norm(quad[0] - quad[3]) + np.linalg.norm(quad[1] - quad[2])) / 2
    scale = min(1.3 * CROP_SIZE[1], cut_h) / cut_h  # canvas pixels a frame pixel
    size = (max(8, round(cut_h * scale * CROP_SIZE[0] / CROP_SIZE[1])), max(8, round(cut_h * scale)))
    corners = np.array([[0, 0], [size[0] - 1, 0], [size[0] - 1, size[1] - 1], [0, size[1] - 1]], np.float64)
    frame = _homography(quad, corners)  # frame pixels to canvas pixels
    # The table: the run's table top turned and scaled as it comes (top pixels a frame pixel).
    k, spin = rng.uniform(0.6, 1.5) * 110.0 / height, rng.uniform(0, 2 * math.pi)
    window = np.array([[k * math.cos(spin), -k * math.sin(spin), rng.uniform(0, top.shape[1])],
                       [k * math.sin(spin), k * math.cos(spin), rng.uniform(0, top.shape[0])], [0, 0, 1]])
    inverse = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    ground = cv2.warpPerspective(top, window @ np.linalg.inv(frame), size, flags=inverse,
                                 borderMode=cv2.BORDER_REFLECT_101)
    image = ground[..., :3].astype(np.float32)
    fall = rng.normal(0, 0.03 * height, 2)
    for item, move in moves:
        # Picture and silhouette warped as one four-channel image: one call, and the faster one.
        warped = np.asarray(cv2.warpPerspective(cv2.merge([*cv2.split(item.image), item.alpha]), frame @ move,
                                                size, flags=cv2.INTER_LINEAR), np.uint8)
        if rng.random() < 0.7:  # its soft shadow on what lies below, cast away from one light
            under = _soften(_shifted(warped[..., 3], fall * scale), max(0.7, 0.03 * height * scale))
            image *= (1 - under.astype(np.float32) * np.float32(rng.uniform(0.2, 0.5) / 255))[..., None]
        a = warped[..., 3].astype(np.float32) * np.float32(1 / 255)
        image = np.asarray(cv2.blendLinear(warped[..., :3].astype(np.float32), image, a, 1 - a), np.float32)
    if not moves and rng.random() < 0.3:  # the edge of a shadow across the bare table
        ys, xs = np.ogrid[0:size[1], 0:size[0]]
        turn = rng.uniform(0, 2 * math.pi)
        d = ((xs - size[0] / 2) * math.cos(turn) + (ys - size[1] / 2) * math.sin(turn)
             - rng.uniform(-0.3, 0.3) * size[1])
        soft = 1 / (1 + np.exp(-d / max(1.0, 0.04 * size[1]))) * rng.uniform(0.2, 0.5)
        image *= np.asarray(1 - soft, np.float32)[..., None]
    return rectify(_expose(image, rng, scale), corners.astype(np.float32), CROP_SIZE)


def _scene_height(rng: np.random.Generator) -> float:
    """How tall a card (or the quad about an object) stands in the frame: 60 to 200 pixels, as
    often small as large."""
    return math.exp(rng.uniform(math.log(60), math.log(200)))


def _print_height(rng: np.random.Generator, height: float) -> int:
    """How tall a thing is drawn before it is laid in the frame ``height`` pixels tall: a little
    larger than it shows (as :func:`models.render.scenes.render_scene` prints its faces), never more
    than the canvas of :func:`_photograph` can use."""
    return int(np.clip(round(min(height, 1.3 * CROP_SIZE[1]) * rng.uniform(1.0, 1.3)), 48, 150))


# --- The things ---------------------------------------------------------------------------------


def _triangle(size: tuple[int, int]) -> Image:
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.array([[w // 2, 0], [w - 1, h - 1], [0, h - 1]], np.int32)], 255, cv2.LINE_AA)
    return mask


def deck_card(face: Face, rng: np.random.Generator, h: int, held_out: bool,
               fonts: Sequence[str] | None) -> Thing:
    """Another game's card ``h`` pixels tall, printed as that game's deck is (a triangle where its
    deck prints one)."""
    if fonts is None:
        fonts = HELD_OUT_FONTS if held_out else (SCRIPT_FONTS if rng.random() < SCRIPT_SHARE else TRAIN_FONTS)
    style = FaceStyle.sample(rng, held_out=held_out, fonts=fonts)
    size = (round(h * 63 / 88), h)
    image = render_face(face, rng, size=size, style=style)
    if TRIANGULAR.get(face.game) == face.name:  # cut along the card's box all the same, as the scenes do
        mask = _triangle(size)
        image[mask == 0] = 0
        return Thing(image, mask, edges(*size))
    return Thing(image, card_mask(size), edges(*size))


def _label(rng: np.random.Generator) -> str:
    """A short made-up label: a number, a letter or two, a letter and a number."""
    letters = "ABCDEFGHKLMNPRSTUVXYZ"
    kind = int(rng.integers(3))
    if kind == 0:
        return str(int(rng.integers(0, 100 if rng.random() < 0.5 else 13)))
    text = "".join(letters[int(i)] for i in rng.integers(len(letters), size=int(rng.integers(1, 3))))
    return text if kind == 1 else text[0] + str(int(rng.integers(1, 10)))


@functools.cache
def _icons(game: str) -> tuple[str, ...]:
    """Icons of the catalogue a made-up card may show: the other decks', not ``game``'s own (a
    made-up card bearing this deck's symbol and number would be this deck's card), and a star."""
    own = {icon for face in faces(game) for icon in face.icons}
    others = {icon for face in _foreign_faces(game) for icon in face.icons}
    return (*sorted(others - own - {"sun-moon", "back"}), "star")


def madeup_card(game: str, rng: np.random.Generator, h: int, held_out: bool,
            fonts: Sequence[str] | None) -> Thing:
    """A card of a game the camera does not know, ``h`` pixels tall: a coloured panel and art, a
    label, icons, in one of four layouts (label in the centre, title banner over a picture, rows of
    icons, a split panel)."""
    fonts = fonts if fonts is not None else (HELD_OUT_FONTS if held_out else TRAIN_FONTS)
    arts = tuple(HELD_OUT_ART if held_out else TRAIN_ART)
    w = round(h / rng.uniform(1.35, 1.6))
    paper = random_ink(rng, 150, 256) if rng.random() < 0.3 else (235, 235, 230)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper
    colour = random_ink(rng, 0, 256)
    m = round(w * rng.uniform(0.0, 0.09))
    panel = img[m:h - m, m:w - m]
    panel[:] = colour
    paint_art(str(arts[int(rng.integers(len(arts)))]), panel, rng, colour)
    ink = ink_for(colour)
    icons = _icons(game)
    label = _label(rng)
    layout = int(rng.integers(4))
    if layout == 0:  # a big label in the centre, small ones in the corners
        write(img, label, (w / 2, h / 2), h * rng.uniform(0.15, 0.3), ink, rng, fonts)
        for _ in range(2):  # the corner label, then the same turned 180 degrees
            write(img, label, (m + w * 0.14, m + h * 0.08), h * 0.07, ink, rng, fonts)
            img = np.ascontiguousarray(img[::-1, ::-1])
    elif layout == 1:  # a title banner, a framed picture, lines of rules text
        band = random_ink(rng, 0, 256)
        cv2.rectangle(img, (m, m), (w - 1 - m, m + round(h * 0.14)), band, -1)
        write(img, label, (w / 2, m + h * 0.07), h * 0.08, ink_for(band), rng, fonts)
        cv2.rectangle(img, (m + 3, round(h * 0.2)), (w - 4 - m, round(h * 0.58)), ink, 1, cv2.LINE_AA)
        draw_icon(img, icons[int(rng.integers(len(icons)))], (w / 2, h * 0.39), h * 0.12, ink)
        for y in np.arange(h * 0.65, h * 0.92, h * rng.uniform(0.04, 0.07)):
            cv2.line(img, (m + 4, round(y)), (round(w - m - 4 - rng.uniform(0, w * 0.3)), round(y)), ink, 1,
                     cv2.LINE_AA)
    elif layout == 2:  # rows of icons, a label in one corner
        n = int(rng.integers(1, 7))
        icon = icons[int(rng.integers(len(icons)))]
        for k in range(n):
            cy = h * (0.2 + 0.6 * (k // 2 + 0.5) / ((n + 1) // 2))
            draw_icon(img, icon, (w * (0.5 if n == 1 else 0.3 + 0.4 * (k % 2)), cy), h * 0.07, ink)
        write(img, label, (m + w * 0.14, m + h * 0.08), h * 0.07, ink, rng, fonts)
    else:  # two colours split across, a big icon, a small label
        other = random_ink(rng, 0, 256)
        cut = [(m, round(h * rng.uniform(0.3, 0.7))), (w - m, round(h * rng.uniform(0.3, 0.7))),
               (w - m, h - m), (m, h - m)]
        cv2.fillPoly(img, [np.array(cut, np.int32)], other, cv2.LINE_AA)
        draw_icon(img, icons[int(rng.integers(len(icons)))], (w / 2, h * 0.3), w * 0.25, ink)
        write(img, label, (w / 2, h * 0.75), h * 0.12, ink_for(other), rng, fonts)
    mask = card_mask((w, h))
    img[mask == 0] = 0
    return Thing(img, mask, edges(w, h))


def _neighbour(rng: np.random.Generator) -> Thing:
    """A card lying next to the cut, seen by one edge: paper round a coloured panel."""
    h = 88
    w = round(h * rng.uniform(0.64, 0.72))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = random_ink(rng, 200, 250)
    m = round(w * rng.uniform(0.03, 0.1))
    img[m:h - m, m:w - m] = random_ink(rng, 0, 256)
    mask = card_mask((w, h))
    img[mask == 0] = 0
    return Thing(img, mask, edges(w, h))


def _crop(game: str, kind: str, rng: np.random.Generator, top: Image, held_out: bool,
          fonts: Sequence[str] | None, deck: dict[str, Face]) -> Image:
    """One crop of the kind named ``kind`` (one of :func:`foreign_kinds`)."""
    arts = tuple(HELD_OUT_ART if held_out else TRAIN_ART)
    family, _, what = kind.partition(":")
    height = _scene_height(rng)
    drawn = _print_height(rng, height)
    if family == "deck":
        thing: Thing | None = deck_card(deck[what], rng, drawn, held_out, fonts)
    elif family == "playing":
        label_fonts = fonts if fonts is not None else (HELD_OUT_FONTS if held_out else TRAIN_FONTS)
        thing = playing_card(what, rng, drawn, label_fonts, arts)
    elif family == "madeup":
        thing = madeup_card(game, rng, drawn, held_out, fonts)
    elif family == "object":
        thing = draw_object(what, rng, drawn, arts)
    else:
        return _photograph(None, rng, top, height, crossing=_neighbour(rng) if rng.random() < 0.4 else None)
    return _photograph(thing, rng, top, height)


def foreign_crops(game: str, count: int, seed: int, *, held_out: bool = False,
                  fonts: Sequence[str] | None = None) -> ForeignSet:
    """``count`` crops of things foreign to ``game``'s deck, the same for the same arguments.
    About 45% other decks' cards, 25% made-up playing cards, 10% made-up cards, 15% objects,
    5% bare table. ``held_out`` draws typefaces, art and tables from the held-out sets
    (HELD_OUT_FONTS, HELD_OUT_ART, table_names(True)), for calibration and evaluation; ``fonts``
    overrides the typefaces of decks and labels."""
    names = foreign_kinds(game)
    deck = {f"{face.game}:{face.name}": face for face in _foreign_faces(game)}
    kinds = plan(game, count, seed, held_out)
    chosen = tuple(fonts) if fonts is not None else None
    crops = np.zeros((count, CROP_SIZE[1], CROP_SIZE[0], 3), np.uint8)
    for index, kind in enumerate(kinds.tolist()):
        rng = np.random.default_rng([seed, int(held_out), _CROP, index])
        top = _table_top(seed, index // TABLE_RUN, held_out)
        crops[index] = _crop(game, names[kind], rng, top, held_out, chosen, deck)
    return ForeignSet(crops, kinds)
