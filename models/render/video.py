"""Filming a table over a whole game: one fixed camera, cards coming and going, hands, light, noise.

:class:`FilmSet` is the synthetic counterpart of a camera over a real table.
The camera is fixed for the whole game (the same mapping from table
millimetres to pixels), the table top and the printed deck are drawn once,
and each frame is the cards lying on the table (drawn again only when they
change), the card a hand is carrying, the hands and arms of the players
reaching in from their side of the table with their soft shadows, a shadow
passing, light that drifts slowly over the game, and sensor noise. A knock
of the camera moves the picture for good (:meth:`FilmSet.knock`, :attr:`Shot.bump`).

Cards are laid and warped exactly as :mod:`models.render.scenes` does for single
photos (same faces, same compositing), so the classifier sees what it was
trained on.

>>> film = FilmSet("tranquility", 3, size=(320, 180))
>>> image = film.frame(Shot([Laid("27", "c1", 0.0, 0.0, 0.0)], t=0.0))
>>> image.shape, image.dtype
((180, 320, 3), dtype('uint8'))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.spec import find_spec
from models.render.faces import FaceStyle, card_mask, render_face
from models.render.scenes import LOCAL, _apply, _camera, _Placed, _rotation, composite
from models.render.textures import Image, Size, table, table_names
from vision.read.catalogue import FACES
from vision.watch.layouts import CARD_H, CARD_W, Layout, layout

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Laid:
    """A card lying on the table (or carried): its name, the cell it belongs to, and its pose.

    ``dx``, ``dy`` (mm) and ``angle`` (degrees clockwise) are measured from the
    cell's centre; a card turned 180 degrees has ``angle`` near 180. ``cell``
    may be None for a card in a hand.
    """

    name: str
    cell: str | None
    dx: float
    dy: float
    angle: float


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand over the table: the fingertips at ``(x, y)`` mm, reaching from ``seat_angle``
    (degrees, the direction from the table's centre towards the player, image axes)."""

    x: float
    y: float
    seat_angle: float
    skin: tuple[int, int, int] = (140, 170, 215)


@dataclass(frozen=True, slots=True)
class Shadow:
    """A soft shadow (a person leaning over) centred at ``(x, y)`` mm, ``radius`` mm, ``depth`` 0..1."""

    x: float
    y: float
    radius: float
    depth: float = 0.35


@dataclass(slots=True)
class Shot:
    """Everything one frame shows: the cards at rest, the cards carried (each with its hand),
    other hands and shadows, at time ``t`` seconds."""

    cards: Sequence[Laid]
    t: float
    carried: Sequence[tuple[Laid, Hand]] = ()
    hands: Sequence[Hand] = ()
    shadows: Sequence[Shadow] = ()
    #: How the camera was knocked: image to image (None: as set up).
    bump: Matrix | None = None


class FilmSet:
    """A fixed camera over a table of ``game``: renders :class:`Shot` values as camera frames."""

    def __init__(self, game: str, seed: int, *, size: Size = (1280, 720), held_out: bool = True,
                 gap: float | None = None, typeface: str | None = None, places: Layout | None = None) -> None:
        self.game = game
        #: Where the cards lie: the game's layout, or ``places`` (a trick game's places for its seats).
        self.layout: Layout = layout(game) if places is None else places
        #: The face printed as a triangle (a Panorama), drawn without a card's rectangle or shadow.
        self.triangular = find_spec(game).vision.triangular
        self.size = size
        self.rng = np.random.default_rng([seed, 4242])
        rng = self.rng
        self.gap = float(rng.uniform(0.0, 3.0)) if gap is None else gap
        # The camera is fitted to the whole layout, every cell filled, so that the game stays in view.
        everything = [_Placed(FACES[game]["back"], *self.layout.centre(name, self.gap), 0.0)
                      for name in self.layout.cells]
        everything += [_Placed(FACES[game]["back"], x, y, 0.0)
                       for x, y in self.layout.static_points(self.gap)]
        self.camera: Matrix = _camera(everything, rng, size, tilt=True)
        names = table_names(held_out)
        self.table_name = names[int(rng.integers(len(names)))]
        self._table = table(self.table_name, rng, size)
        self._bumped_table: tuple[bytes, Image] = (np.eye(3).tobytes(), self._table)
        self.style = FaceStyle.sample(rng, held_out=held_out)
        if typeface is not None:
            # Named after the draw, so that the table, the camera and everything else stay the seed's.
            self.style = replace(self.style, font=typeface)
        first = self.layout.centre(self.layout.cells[0], self.gap)
        corners = _apply(self.camera @ _rotation(0.0, *first), LOCAL)
        px = float(np.linalg.norm(corners[0] - corners[3]))
        #: Pixels a millimetre, near the middle of the table.
        self.scale = px / CARD_H
        fh = int(np.clip(round(px * 1.3), 48, 280))
        self._face_size = (round(fh * CARD_W / CARD_H), fh)
        self._faces: dict[str, Image] = {}
        self._base_key: tuple[object, ...] | None = None
        self._base: Image | None = None
        self._ids = np.full((size[1], size[0]), -1, np.int16)
        w, h = size
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        self._ramp = ((xs - w / 2) / math.hypot(w, h), (ys - h / 2) / math.hypot(w, h))
        self._light = (float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(60, 180)),
                       float(rng.uniform(0, 2 * math.pi)), float(rng.uniform(0.05, 0.3)))
        sigma = float(rng.uniform(2.0, 5.0))
        self._noise = [rng.normal(0, sigma, (h, w, 3)).astype(np.int16) for _ in range(4)]
        self._blur = float(rng.uniform(0.3, 0.9))
        self._frames = 0

    # -- geometry ----------------------------------------------------------

    def homography(self, bump: Matrix | None = None) -> Matrix:
        """Table millimetres to image pixels, for the camera knocked by ``bump`` (or as set up)."""
        out: Matrix = self.camera if bump is None else bump @ self.camera
        return out

    def pose(self, card: Laid) -> Matrix:
        """The card's own millimetres (centred) to table millimetres."""
        x, y = self.layout.centre(card.cell, self.gap) if card.cell else (0.0, 0.0)
        return _rotation(card.angle, x + card.dx, y + card.dy)

    def quad(self, card: Laid, bump: Matrix | None = None) -> npt.NDArray[np.float32]:
        """The image corners of a card, printed top-left first."""
        return _apply(self.homography(bump) @ self.pose(card), LOCAL)

    def to_image(self, x: float, y: float, bump: Matrix | None = None) -> tuple[float, float]:
        """The image point of table point ``(x, y)`` mm."""
        p = _apply(self.homography(bump), np.array([[x, y]], np.float64))[0]
        return float(p[0]), float(p[1])

    def knock(self, rng: np.random.Generator) -> Matrix:
        """A random knock of the camera: a small turn, shift and zoom (image to image)."""
        w, h = self.size
        angle = float(rng.uniform(1.0, 2.5)) * (1 if rng.random() < 0.5 else -1)
        zoom = float(rng.uniform(0.97, 1.03))
        shift = rng.uniform(12, 30, 2) * np.where(rng.random(2) < 0.5, -1, 1)
        move = np.asarray(cv2.getRotationMatrix2D((w / 2, h / 2), angle, zoom), np.float64)
        move[:, 2] += shift
        out: Matrix = np.vstack([move, [0, 0, 1]])
        return out

    # -- drawing -----------------------------------------------------------

    def _face(self, name: str) -> Image:
        if name not in self._faces:
            self._faces[name] = render_face(FACES[self.game][name], self.rng, size=self._face_size,
                                            style=self.style, effects=True)
        return self._faces[name]

    def _lay(self, image: Image, card: Laid, homography: Matrix) -> None:
        fw, fh = self._face_size
        pixel_to_mm = np.array([[CARD_W / fw, 0, CARD_W / fw * 0.5 - CARD_W / 2],
                                [0, CARD_H / fh, CARD_H / fh * 0.5 - CARD_H / 2], [0, 0, 1]])
        move = homography @ self.pose(card)
        triangle = card.name == self.triangular
        mask = _triangle(self._face_size) if triangle else card_mask(self._face_size)
        composite(image, self._ids, self._face(card.name), mask, move @ pixel_to_mm,
                   _apply(move, LOCAL), 0)

    def static_cards(self) -> list[Laid]:
        """The cards that never move: Tranquillité's frame, L'Ascension's Panoramas."""
        pw, ph = self.layout.pitch(self.gap)
        rng = np.random.default_rng([int(self.gap * 1000), 5])
        out = []
        for u, v in self.layout.static:
            # Border cards lie either way round; a Panorama always points up the mountain.
            turned = 180.0 if rng.random() < 0.15 and self.layout.static_shape == "card" else 0.0
            out.append(Laid(self.layout.static_name, None, u * pw + float(rng.normal(0, 0.5)),
                            -v * ph + float(rng.normal(0, 0.5)), float(rng.normal(0, 0.8)) + turned))
        return out

    def _table_seen(self, bump: Matrix | None) -> Image:
        if bump is None:
            return self._table
        key = bump.tobytes()
        if key != self._bumped_table[0]:
            moved = cv2.warpPerspective(self._table, bump, self.size, borderMode=cv2.BORDER_REFLECT)
            self._bumped_table = (key, np.asarray(moved, np.uint8))
        return self._bumped_table[1]

    def _base_image(self, cards: Sequence[Laid], bump: Matrix | None) -> Image:
        key = (tuple(cards), None if bump is None else bump.tobytes())
        if key == self._base_key and self._base is not None:
            return self._base
        homography = self.homography(bump)
        image = self._table_seen(bump).copy()
        every = [*self.static_cards(), *cards]
        shade = np.zeros(image.shape[:2], np.uint8)
        for card in every:
            if card.name != self.triangular:
                corners = self.quad(card, bump) + np.array([2.0, 3.0], np.float32)
                cv2.fillConvexPoly(shade, np.round(corners).astype(np.int32), 255)
        soft = cv2.GaussianBlur(shade, (0, 0), 3).astype(np.float32) * (0.3 / 255)
        image = (image * (1 - soft[..., None])).astype(np.uint8)
        for card in every:
            self._lay(image, card, homography)
        self._base_key, self._base = key, image
        return image

    def _hand(self, image: Image, hand: Hand, homography: Matrix) -> None:
        """An arm from the player's side of the table and a hand, with a soft shadow under them."""
        a = math.radians(hand.seat_angle)
        back = np.array([math.cos(a), math.sin(a)])  # from the fingertips towards the player
        tip = np.array([hand.x, hand.y])
        wrist = tip + back * 150.0
        elbow = tip + back * 1400.0
        side = np.array([-back[1], back[0]])
        palm = tip + back * 95.0
        shapes_mm = [
            np.array([wrist + side * 40, elbow + side * 55, elbow - side * 55, wrist - side * 40]),
            _ellipse(palm, back, 55, 48),
        ]
        for k, spread in enumerate((-27.0, -9.0, 9.0, 27.0)):
            length = (62, 72, 70, 58)[k]
            base = palm - back * 40 + side * spread
            shapes_mm.append(_ellipse(base - back * length / 2, back, length / 2 + 6, 9.0))
        polys = [np.round(_apply(homography, s)).astype(np.int32) for s in shapes_mm]
        h, w = image.shape[:2]
        pts = np.vstack(polys)
        x0, y0 = np.clip(pts.min(0) - 30, 0, (w, h))
        x1, y1 = np.clip(pts.max(0) + 30, 0, (w, h))
        if x1 <= x0 or y1 <= y0:
            return
        roi = image[y0:y1, x0:x1]
        shade = np.zeros(roi.shape[:2], np.uint8)
        for p in polys:
            cv2.fillPoly(shade, [p - (x0, y0) + (12, 18)], 255)
        soft = cv2.GaussianBlur(shade, (0, 0), 8).astype(np.float32) * (0.45 / 255)
        roi[:] = (roi * (1 - soft[..., None])).astype(np.uint8)
        dark = tuple(int(c * 0.8) for c in hand.skin)
        for k, p in enumerate(polys):
            cv2.fillPoly(roi, [p - (x0, y0)], dark if k == 0 else hand.skin, cv2.LINE_AA)

    def _shadow(self, image: Image, shadow: Shadow, homography: Matrix) -> None:
        centre = _apply(homography, np.array([[shadow.x, shadow.y]], np.float64))[0]
        r = shadow.radius * self.scale
        h, w = image.shape[:2]
        x0, y0 = (max(0, int(centre[0] - 2 * r)), max(0, int(centre[1] - 2 * r)))
        x1, y1 = (min(w, int(centre[0] + 2 * r)), min(h, int(centre[1] + 2 * r)))
        if x1 <= x0 or y1 <= y0:
            return
        ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        d2 = ((xs - centre[0]) ** 2 + (ys - centre[1]) ** 2) / (r * r)
        gain = 1 - shadow.depth * np.exp(-d2)
        image[y0:y1, x0:x1] = (image[y0:y1, x0:x1] * gain[..., None]).astype(np.uint8)

    def frame(self, shot: Shot) -> Image:
        """The camera's picture of ``shot``: noisy, lit as the time says."""
        homography = self.homography(shot.bump)
        image = self._base_image(shot.cards, shot.bump).copy()
        for card, hand in shot.carried:
            self._lay(image, card, homography)
            self._hand(image, hand, homography)
        for hand in shot.hands:
            self._hand(image, hand, homography)
        for shadow in shot.shadows:
            self._shadow(image, shadow, homography)
        if self._blur:
            image = np.asarray(cv2.GaussianBlur(image, (0, 0), self._blur), np.uint8)
        return self._finish(image, shot.t)

    def _finish(self, image: Image, t: float) -> Image:
        """Light drifting over the game (a global level and a slowly turning gradient), then noise."""
        phase, period, turn, slope = self._light
        level = 1.0 + 0.12 * math.sin(2 * math.pi * t / period + phase)
        angle = turn + t / period
        gain = level + slope * (math.cos(angle) * self._ramp[0] + math.sin(angle) * self._ramp[1])
        lit = image.astype(np.float32)
        lit *= gain[..., None]
        self._frames += 1
        noise = self._noise[self._frames % len(self._noise)]
        # The noise rolled sideways by 7 pixels a frame, added in place (the frames are large).
        shift = self._frames * 7 % lit.shape[1]
        lit[:, shift:] += noise[:, :lit.shape[1] - shift]
        lit[:, :shift] += noise[:, lit.shape[1] - shift:]
        out: Image = np.clip(lit, 0, 255, out=lit).astype(np.uint8)
        return out


def _ellipse(centre: npt.NDArray[np.float64], axis: npt.NDArray[np.float64], a: float, b: float,
             points: int = 20) -> npt.NDArray[np.float64]:
    side = np.array([-axis[1], axis[0]])
    k = np.linspace(0, 2 * math.pi, points, endpoint=False)
    out: npt.NDArray[np.float64] = centre + np.outer(np.cos(k) * a, axis) + np.outer(np.sin(k) * b, side)
    return out


def _triangle(size: Size) -> Image:
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.array([[w // 2, 0], [w - 1, h - 1], [0, h - 1]], np.int32)], 255, cv2.LINE_AA)
    return mask
