"""Placing a table seen only roughly, from the cards laid on it: L'Ascension's pyramid.

L'Ascension's table shows nothing but its row of Panoramas before the first
card: small triangles on one line, which place the row well along itself but
say little about how the table recedes up the image (a homography needs
points off the line). So the watcher places the pyramid in two steps:

1. :func:`new_cards` finds the cards laid between two calm frames: what
   differs between them, card-shaped (a card's outline against the table is
   sharp to a pixel whatever the geometry), put on the nearest cell of the
   table about the nearest card found before (:func:`card_frame`), or of the
   rough geometry from the Panoramas. A difference of no card's shape (a
   pale card on a pale table differs from it only in part) is looked at
   closer by the finder network, whose cards must account for all of it.
   The watcher reads each card, and the cells around it, on the table
   about it.
2. :class:`Anchors` keeps every point the table is known by (the centres of
   the Panoramas and of the cards found so far, each with its place on the
   table plane) and, once cards stand over three columns, fits the
   homography on them, again with every card settled: each row of the
   pyramid is then read with a fit made on the rows below it.

>>> from vision.watch.layouts import layout
>>> anchors = Anchors(layout("ascension"), 2.0)
>>> anchors.ready()
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import Finder, order_corners
from vision.watch.geometry import TableGeometry, apply_homography
from vision.watch.layouts import CARD_H, CARD_W, Layout
from vision.watch.params import (
    ASPECT,
    CLOSER,
    COVERED,
    EXPLAINED,
    FILL,
    FIT_TOLERANCE,
    READY_CARDS,
    READY_SPREAD,
    SIDE_RATIO,
    SPECK,
)
from vision.watch.silhouette import difference

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]


@dataclass
class Anchors:
    """The points a table is placed by: the centres of the Panoramas and of the cards laid on cells."""

    layout: Layout
    gap: float
    #: Image centres (N, 2) of the static cards seen, and their table points (N, 2) mm.
    static_image: FloatArray = field(default_factory=lambda: np.zeros((0, 2)))
    static_plane: FloatArray = field(default_factory=lambda: np.zeros((0, 2)))
    #: The image centre (2,) of the card lying at each cell, where it was found. (Its corners are
    #: less sure: a pale border on a pale table shrinks the outline of a card found by difference,
    #: and those of a card found within its cell's view carry the fit's own errors.)
    cards: dict[str, FloatArray] = field(default_factory=dict)

    @classmethod
    def of_static(cls, geometry: TableGeometry, centres: npt.ArrayLike) -> Anchors:
        """Anchors holding the static cards whose image ``centres`` the rough ``geometry`` puts
        near one of the layout's static cards (each on the nearest)."""
        lay = geometry.layout
        image = np.asarray(centres, np.float64).reshape(-1, 2)
        plane = lay.static_points(geometry.gap)
        anchors = cls(lay, geometry.gap)
        if not len(image) or not len(plane):
            return anchors
        where = geometry.to_plane(image)
        pw, _ = lay.pitch(geometry.gap)
        nearest = np.linalg.norm(where[:, None] - plane[None], axis=2)
        pick = nearest.argmin(axis=1)
        keep = nearest[np.arange(len(image)), pick] < 0.25 * pw
        anchors.static_image, anchors.static_plane = image[keep], plane[pick[keep]]
        return anchors

    def ready(self) -> bool:
        """Whether enough cards are known for a fit to place the rows above them: two cards at
        least above the lowest row, apart (with the Panoramas and one row, a homography guesses
        how the table recedes: 25 mm off four rows up in game 7,000,006), and six cards or three
        far apart."""
        if not self.cards:
            return False
        lattice = [self.layout.lattice[c] for c in self.cards]
        low = min(v for _, v in lattice)
        above = [u for u, v in lattice if v > low]
        if len(above) < 2 or max(above) - min(above) < 1:
            return False
        us = [u for u, _ in lattice]
        count, spread = READY_SPREAD
        return len(us) >= READY_CARDS or (len(us) >= count and max(us) - min(us) >= spread)

    def moved(self, move: npt.NDArray[np.float64]) -> None:
        """Follow a camera move (old image to new image pixels)."""
        self.static_image = apply_homography(move, self.static_image)
        self.cards = {cell: apply_homography(move, at)[0] for cell, at in self.cards.items()}

    def fit(self) -> TableGeometry | None:
        """The homography through every anchor (RANSAC: a card laid far off its cell, a
        Panorama outlined loosely drop out), or None with too few."""
        plane = [self.static_plane]
        image = [self.static_image]
        for cell, centre in self.cards.items():
            plane.append(np.array([self.layout.centre(cell, self.gap)]))
            image.append(np.asarray(centre, np.float64).reshape(1, 2))
        src, dst = np.vstack(plane), np.vstack(image)
        if len(src) < 6 or not self.cards:
            return None
        matrix, inliers = cv2.findHomography(src, dst, cv2.RANSAC, max(FIT_TOLERANCE * self._pitch(), 1.0))
        if matrix is None or int(inliers.sum()) < 6:
            return None
        keep = inliers.ravel().astype(bool)
        # The cards must agree with the fit: one left out is a card laid off its cell, more say that
        # the cards and the Panoramas disagree (cards put on the wrong cells), not where the table is.
        if int((~keep[len(self.static_plane):]).sum()) > max(1, len(self.cards) // 4):
            return None
        matrix, _ = cv2.findHomography(src[keep], dst[keep], 0)
        if matrix is None:
            return None
        return TableGeometry(self.layout, np.asarray(matrix, np.float64), self.gap)

    def _pitch(self) -> float:
        """A card's pitch in the image, from the Panoramas' spacing (40 pixels without two of them)."""
        if len(self.static_image) >= 2:
            order = np.argsort(self.static_plane[:, 0])
            steps = np.diff(self.static_plane[order, 0])
            gaps = np.linalg.norm(np.diff(self.static_image[order], axis=0), axis=1)
            return float(np.median(gaps / np.maximum(steps / self.layout.pitch(self.gap)[0], 1e-9)))
        return 40.0


@dataclass
class Between:
    """What changed between two calm frames of a table."""

    #: The image corners (4, 2) of every card laid, by its cell.
    laid: dict[str, FloatArray] = field(default_factory=dict)
    #: The cells whose card was taken away.
    gone: set[str] = field(default_factory=set)
    #: Whether every change as large as a part of a card was a card's (no hand resting there).
    clean: bool = True


def card_frame(quad: FloatArray, rough: TableGeometry, cell: str) -> TableGeometry:
    """The table about a card found lying at ``cell`` with image corners ``quad``: an affine map along
    the card's own sides, centred on it. The rough table (placed by the Panoramas, whose spacing
    measures a card's width well) gives its width; its height grows by as many pixels as the width
    did (a pale border on a pale table shrinks the outline found all round)."""
    lay = rough.layout
    across = ((quad[1] - quad[0]) + (quad[2] - quad[3])) / 2  # the card's width, left to right
    down = ((quad[3] - quad[0]) + (quad[2] - quad[1])) / 2  # its height, top to bottom
    expected = rough.card_quad(cell).astype(np.float64)
    width = float(np.linalg.norm(expected[1] - expected[0]) + np.linalg.norm(expected[2] - expected[3])) / 2
    seen = max(float(np.linalg.norm(across)), 1e-6)
    tall = max(float(np.linalg.norm(down)), 1e-6)
    grown = (tall + max(width - seen, 0.0)) / tall
    linear = np.column_stack([across * width / seen / CARD_W, down * grown / CARD_H])
    centre = np.asarray(lay.centre(cell, rough.gap), np.float64)
    shift = quad.mean(axis=0) - linear @ centre
    return TableGeometry(lay, np.vstack([np.column_stack([linear, shift]), [0.0, 0.0, 1.0]]), rough.gap)


def new_cards(before: Image, after: Image, geometry: TableGeometry, bare: Image | None = None,
              present: Mapping[str, FloatArray] | None = None,
              frames: Mapping[str, TableGeometry] | None = None,
              known: Mapping[str, FloatArray] | None = None, find: Finder | None = None) -> Between:
    """The cards laid, and the cells left bare, between two calm frames of one table.

    Gives the image corners (4, 2) of every card-shaped difference, by the cell it lies on (by the
    nearest of ``frames``, the tables about cards found before (:func:`card_frame`), else by the
    rough ``geometry``), and the cells of ``present`` (cards known to lie there) where ``after``
    shows the ``bare`` table again. The image corners of the cards ``known`` to lie on the table
    are left out of the differences. Where a difference is not a card's shape (a pale card on a pale
    table), ``find`` (the finder network) looks closer for the cards there.
    """
    lay = geometry.layout
    h, w = after.shape[:2]
    x0, y0, x1, y1 = lay.bounds(geometry.gap, margin=60.0)
    box = geometry.to_image([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    left, top = (max(int(v), 0) for v in box.min(axis=0))
    right, bottom = int(min(box[:, 0].max(), w)), int(min(box[:, 1].max(), h))
    out = Between()
    if right - left < 8 or bottom - top < 8:
        return out
    a = after[top:bottom, left:right]
    b = before[top:bottom, left:right]
    gain = float(np.clip(np.median((a.astype(np.float32) + 8) / (b.astype(np.float32) + 8)), 0.5, 2.0))
    mask = np.asarray(cv2.morphologyEx(difference(a, b, gain).astype(np.uint8), cv2.MORPH_CLOSE,
                                       np.ones((5, 5), np.uint8)), np.uint8)
    # The cards known are no news: left out, a card laid beside one stands alone (the last calm frame
    # may be older than that one).
    for quad in (np.asarray(q, np.float64) - (left, top) for q in (known or {}).values()):
        cv2.fillPoly(mask, [np.round(quad).astype(np.int32)], 0)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    offset = np.array([left, top], np.float64)
    pw, ph = lay.pitch(geometry.gap)

    def placed(centre: FloatArray) -> tuple[str, float] | None:
        """The cell a card centred at ``centre`` (image) lies on, and the width its card would show."""
        near = geometry
        if frames:
            near = min(frames.items(), key=lambda item: float(np.linalg.norm(
                item[1].to_image([lay.centre(item[0], geometry.gap)])[0] - centre)))[1]
        x, y = near.to_plane([centre])[0]
        cell = _nearest_cell(lay, x, y, geometry.gap, pw, ph)
        if cell is None:
            return None
        expected = near.card_quad(cell).astype(np.float64)
        return cell, float(np.linalg.norm(expected[1] - expected[0]))

    def card_like(short: float, long_: float, width: float) -> bool:
        # The width against the row's (well measured), the height by the card's shape: the rough
        # table may stretch the rows up the image a third too far.
        return SIDE_RATIO[0] <= short / width <= SIDE_RATIO[1] and ASPECT[0] <= long_ / short <= ASPECT[1]

    for k in range(1, count):
        blob = (labels == k).astype(np.uint8)
        contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        rect = cv2.minAreaRect(np.vstack(contours))
        (cx, cy), (rw, rh), _ = rect
        where = placed(np.array([cx, cy]) + offset)
        if where is None:
            continue
        cell, ew = where
        area = float(stats[k, cv2.CC_STAT_AREA])
        short, long_ = sorted((rw, rh))
        cards: list[tuple[str, FloatArray]] = []
        if card_like(short, long_, ew) and area / max(rw * rh, 1.0) >= FILL:
            # The card's own four corners where they show (the camera shears it into a
            # parallelogram, which no rectangle fits), else its box.
            hull = cv2.convexHull(np.vstack(contours))
            corners = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True).reshape(-1, 2)
            outline = corners if len(corners) == 4 else cv2.boxPoints(rect)
            quad = np.asarray(order_corners(np.asarray(outline, np.float32)), np.float64)
            cards.append((cell, quad + offset))
        elif area >= SPECK * ew * ew * CARD_H / CARD_W:
            # Not a card's shape: a pale card on a pale table (it differs from the table only in
            # part), cards laid together, or a hand resting. The finder network outlines the cards
            # there; they are taken only if they account for the whole difference.
            for quad in _outlined(find, after, np.array([cx, cy]) + offset) if find is not None else []:
                spot = placed(quad.mean(axis=0))
                (_, _), (qw, qh), _ = cv2.minAreaRect(quad.astype(np.float32))
                if spot is not None and card_like(min(qw, qh), max(qw, qh), spot[1]) and \
                        _covered(blob, quad - offset) >= COVERED:
                    cards.append((spot[0], quad))
            shown = np.zeros_like(blob)
            for _, quad in cards:
                cv2.fillPoly(shown, [np.round(quad - offset).astype(np.int32)], 1)
            if float((blob & shown).sum()) < EXPLAINED * area:
                # A hand resting, a card half under it: wait for a calmer frame.
                out.clean = False
                continue
        for at, quad in cards:
            if bare is not None and present is not None and at in present and _shows_bare(after, bare, quad):
                out.gone.add(at)  # a card taken away
            else:
                # (A card's shape that shows the bare table where no card lay: a grey card on a grey
                # table, which differs from it by its print and its sides alone.)
                out.laid[at] = quad
    return out


def _outlined(find: Finder, frame: Image, centre: FloatArray) -> list[FloatArray]:
    """The quads the finder sees in a tile of ``frame`` a third its size around ``centre``."""
    h, w = frame.shape[:2]
    tw, th = w // CLOSER, h // CLOSER
    x = int(np.clip(centre[0] - tw / 2, 0, w - tw))
    y = int(np.clip(centre[1] - th / 2, 0, h - th))
    quads = find(np.ascontiguousarray(frame[y:y + th, x:x + tw]))
    return [np.asarray(q, np.float64) + np.array([x, y], np.float64) for q in quads]


def _covered(blob: npt.NDArray[np.uint8], quad: FloatArray) -> float:
    """The share of ``quad`` (in the blob's pixels) the blob covers."""
    inside = np.zeros_like(blob)
    cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 1)
    return float((blob & inside).sum()) / max(float(inside.sum()), 1.0)


def _nearest_cell(lay: Layout, x: float, y: float, gap: float, pw: float, ph: float) -> str | None:
    best, where = None, 0.5
    for name in lay.cells:
        cx, cy = lay.centre(name, gap)
        d = max(abs(x - cx) / pw, abs(y - cy) / ph)
        if d < where:
            best, where = name, d
    return best


def _shows_bare(frame: Image, bare: Image, quad: FloatArray) -> bool:
    """Whether the card area ``quad`` of ``frame`` looks as in the ``bare`` table's frame."""
    lo = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    hi = np.ceil(quad.max(axis=0)).astype(int) + 1
    a, b = frame[lo[1]:hi[1], lo[0]:hi[0]], bare[lo[1]:hi[1], lo[0]:hi[0]]
    if not a.size:
        return False
    return float(difference(a, b, 1.0).mean()) < 0.3
