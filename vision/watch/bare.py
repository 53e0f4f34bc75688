"""What a fixed camera gives for free: the bare table, and the size of a card on it.

A camera that does not move sees the same table top frame after frame. :class:`BareTable` keeps
it from the first frames (a running mean, updated only where the frame still looks like the
table and no card was found), so that a card laid since is whatever differs from it, whatever
its print, the table's pattern or the light. Once the table is placed
(:class:`~vision.watch.geometry.TableGeometry`), :class:`CardSize` knows how large a card looks
wherever it lies, and a quad of another size (a dealer's token, a phone, a panel printed inside a
card) is no card. :class:`FixedCamera` puts both around a finder: its
quads of a card's size, and the card-shaped differences from the bare table it missed; the
watcher shows it every frame (:meth:`FixedCamera.watch`), the finder only looks when asked.

Everything here is a pure function of the frames it is given.

>>> table = np.full((240, 320, 3), 80, np.uint8)
>>> fixed = FixedCamera(lambda frame: np.zeros((0, 4, 2), np.float32))
>>> fixed.watch(table)  # the first frame is the bare table
>>> laid = table.copy(); laid[60:148, 100:163] = 220  # a card 63 x 88 pixels
>>> found = fixed(laid)
>>> found.shape, [int(v) for v in found[0].min(axis=0)], [int(v) for v in found[0].max(axis=0)]
((1, 4, 2), [100, 60], [163, 148])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import Finder, FloatArray, Image, inside, order_corners, quad_areas
from vision.watch.geometry import Matrix, TableGeometry, apply_homography
from vision.watch.layouts import CARD_H, CARD_W
from vision.watch.params import (
    BARE_DIFFERENT,
    BARE_MARGIN,
    BARE_RATE,
    BARE_RESET,
    BARE_SIDE,
    CARD_ASPECT,
    CARD_SIZE,
    LEAST_CARD,
    SOLID,
)

__all__ = ["BareTable", "CardSize", "FixedCamera"]


@dataclass(frozen=True)
class CardSize:
    """How large a card looks wherever it lies on a placed table (``homography``: table mm to
    image pixels): a quad whose area is within :data:`~vision.watch.params.CARD_SIZE` times a
    card's there is of a card's size.

    >>> size = CardSize(np.diag([2.0, 2.0, 1.0]))  # a table seen from above, 2 pixels a mm
    >>> card = np.array([[[0, 0], [126, 0], [126, 176], [0, 176]]], np.float32)
    >>> size.fits(np.concatenate([card, card / 3])).tolist()  # a card, and a token
    [True, False]
    """

    homography: Matrix

    def expected(self, points: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The area in pixels of a card lying (unturned) with its centre at each image point (N, 2)."""
        centres = apply_homography(np.linalg.inv(self.homography), points)
        half = np.array([[-CARD_W, -CARD_H], [CARD_W, -CARD_H], [CARD_W, CARD_H], [-CARD_W, CARD_H]]) / 2
        corners = (centres[:, None, :] + half[None]).reshape(-1, 2)
        return quad_areas(apply_homography(self.homography, corners).reshape(-1, 4, 2))

    def fits(self, quads: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """Whether each quad (N, 4, 2) has a card's size where it lies."""
        quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        if not len(quads):
            return np.zeros(0, np.bool_)
        ratio = quad_areas(quads) / np.maximum(self.expected(quads.mean(axis=1)), 1e-9)
        return np.asarray((ratio >= 1 / CARD_SIZE) & (ratio <= CARD_SIZE), np.bool_)


@dataclass
class BareTable:
    """The table as the camera sees it bare: a running mean of the frames, :data:`BARE_SIDE`
    pixels on its longest side, each frame counted in by :data:`BARE_RATE` wherever it still looks
    like the table and no card lies.

    >>> bare = BareTable()
    >>> table = np.full((90, 160, 3), 80, np.uint8)
    >>> bare.update(table, np.zeros((0, 4, 2), np.float32))
    >>> laid = table.copy(); laid[20:60, 40:70] = 220
    >>> bare.quads(laid).shape
    (1, 4, 2)
    """

    reference: npt.NDArray[np.float32] | None = None
    #: How many frames the reference has seen.
    frames: int = 0

    def _small(self, frame: Image) -> tuple[npt.NDArray[np.float32], float]:
        """The frame shrunk to :data:`BARE_SIDE` (never enlarged; shrinking averages the noise away),
        and the scale."""
        scale = min(1.0, BARE_SIDE / max(frame.shape[:2]))
        small = frame if scale == 1.0 else cv2.resize(
            frame, (max(1, round(frame.shape[1] * scale)), max(1, round(frame.shape[0] * scale))),
            interpolation=cv2.INTER_AREA)
        return np.asarray(small, np.float32), scale

    def forget(self) -> None:
        """Start again from the next frame (the camera was moved)."""
        self.reference, self.frames = None, 0

    def update(self, frame: Image, cards: npt.ArrayLike) -> None:
        """Count ``frame`` into the reference where it still looks like the table (within
        :data:`BARE_DIFFERENT`), except within :data:`BARE_MARGIN` of each card's quad of ``cards``
        (N, 4, 2), frame pixels. A frame of another size, or one differing almost everywhere
        (:data:`BARE_RESET`), starts it again."""
        small, scale = self._small(frame)
        if self.reference is None or self.reference.shape != small.shape:
            self.reference, self.frames = small, 1
            return
        near = np.abs(small - self.reference).max(axis=2) <= BARE_DIFFERENT
        if near.mean() < 1 - BARE_RESET:
            # Most of the table looks new at once: the light changed; what is seen now is the table.
            self.reference, self.frames = small, 1
            return
        # Only what still looks like the table is learnt (the light drifting): a card laid and not
        # yet found, a hand, a mug put down never fade into it.
        free = near.astype(np.uint8)
        for quad in np.asarray(cards, np.float32).reshape(-1, 4, 2):
            centre = quad.mean(axis=0)
            grown = (centre + (quad - centre) * (1 + BARE_MARGIN)) * scale
            cv2.fillConvexPoly(free, np.round(grown).astype(np.int32), 0)
        # The light's drift is followed BARE_RATE a frame.
        mask = free.astype(bool)
        self.reference[mask] += BARE_RATE * (small[mask] - self.reference[mask])
        self.frames += 1

    def difference(self, frame: Image) -> npt.NDArray[np.uint8]:
        """Where ``frame`` differs from the bare table (255) at the reference's size: any colour
        channel by more than :data:`BARE_DIFFERENT` grey levels; all zero before the first frame."""
        small, _ = self._small(frame)
        if self.reference is None or self.reference.shape != small.shape:
            return np.zeros(small.shape[:2], np.uint8)
        differs = (np.abs(small - self.reference).max(axis=2) > BARE_DIFFERENT).astype(np.uint8) * 255
        # Noise and a card's thin shadow open away; a card's face, holed where it matches the
        # table's colour, closes.
        kernel = np.ones((3, 3), np.uint8)
        opened = cv2.morphologyEx(differs, cv2.MORPH_OPEN, kernel)
        return np.asarray(cv2.morphologyEx(opened, cv2.MORPH_CLOSE, kernel, iterations=2), np.uint8)

    def quads(self, frame: Image, size: CardSize | None = None) -> FloatArray:
        """Corners (N, 4, 2), frame pixels, of every card-shaped difference from the bare table:
        solid (:data:`SOLID` of its rectangle), of a card's aspect (:data:`CARD_ASPECT`), at
        least :data:`LEAST_CARD` of the frame, and of a card's size where it lies when ``size``
        is given (a hand over the table, a token, a shadow are not)."""
        differs = self.difference(frame)
        scale = differs.shape[1] / frame.shape[1]
        contours, _ = cv2.findContours(differs, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        least = LEAST_CARD * differs.size
        out = []
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < least:
                continue
            (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
            aspect = max(w, h) / max(min(w, h), 1e-9)
            if area < SOLID * w * h or not CARD_ASPECT[0] <= aspect <= CARD_ASPECT[1]:
                continue
            # The rectangle's pixels are the differing pixels' centres: half a pixel more all round.
            box = cv2.boxPoints(((cx + 0.5, cy + 0.5), (w + 1, h + 1), angle))
            out.append(order_corners(box / scale))
        quads = np.asarray(out, np.float32).reshape(-1, 4, 2)
        return quads if size is None or not len(quads) else quads[size.fits(quads)]


@dataclass
class FixedCamera:
    """A finder for a camera that does not move: ``find``'s quads of a card's size where the
    table is placed (:meth:`place`), and the cards it missed that differ from the bare table;
    every frame shown to :meth:`watch` is counted into the bare table."""

    find: Finder
    bare: BareTable = field(default_factory=BareTable)
    size: CardSize | None = None
    #: The cards found last: the bare table is not learnt under them.
    cards: FloatArray = field(default_factory=lambda: np.zeros((0, 4, 2), np.float32))

    def watch(self, frame: Image) -> None:
        """Count ``frame`` into the bare table where it still looks like the table and no card
        found last lies (:meth:`BareTable.update`)."""
        self.bare.update(frame, self.cards)

    def __call__(self, frame: Image) -> FloatArray:
        quads = np.asarray(self.find(frame), np.float32).reshape(-1, 4, 2)
        if self.size is not None and len(quads):
            quads = quads[self.size.fits(quads)]
        new = self.bare.quads(frame, self.size)
        if len(new) and len(quads):
            # A difference holding a found card's centre, or inside one, is that card.
            same = inside(new, quads.mean(axis=1)).any(axis=1) | inside(quads, new.mean(axis=1)).any(axis=0)
            new = new[~same]
        self.cards = np.concatenate([quads, new]) if len(new) else quads
        return self.cards

    def place(self, geometry: TableGeometry | None) -> None:
        """Know the table's geometry (a card's size wherever it lies), or forget it (None)."""
        self.size = None if geometry is None else CardSize(geometry.homography)

    def moved(self) -> None:
        """The camera moved: the bare table and the card's size are to be learnt again."""
        self.bare.forget()
        self.size, self.cards = None, np.zeros((0, 4, 2), np.float32)
