"""Where exactly a card lies in its cell: its silhouette against the cell seen empty.

The watcher keeps, for every cell, a top view of its surroundings when it was
last seen empty. A card laid there is then whatever differs from that view,
whatever the card's print, the table top or the cards touching it: the
outline of that difference gives the card's centre and turn within the cell,
so that its crop is cut where the card really is (a card nudged by a few
millimetres is still read right), and its shape says whether it is a card at
all (a hand resting over a cell is not a 63 x 88 mm rectangle).

Views are top views of the table plane at :data:`SCALE` pixels a millimetre,
the cell's card area plus :data:`MARGIN` mm all round. Everything here is a
pure function of numpy arrays.

>>> empty = np.full((116, 91, 3), 90, np.uint8)
>>> card = empty.copy(); card[17:105, 17:80] = 230  # a card 3 mm right of the centre, 3 down
>>> found = locate(card, empty)
>>> found.kind, [round(v) for v in found.offset]
('card', [3, 3])
>>> locate(empty, empty).kind
'empty'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.outline import gradients, moved_support
from vision.watch.layouts import CARD_H, CARD_W, card_corners
from vision.watch.params import (
    CARD_FILL,
    DIFFERENT,
    EMPTY_SHARE,
    MARGIN,
    OUTLINE_REACH,
    SCALE,
    SHADOW,
    SIDE_ON_EDGE,
    SIZE_TOLERANCE,
)

Image = npt.NDArray[np.uint8]



def view_size() -> tuple[int, int]:
    """The (width, height) in pixels of a cell's view."""
    return round((CARD_W + 2 * MARGIN) * SCALE), round((CARD_H + 2 * MARGIN) * SCALE)


@dataclass(frozen=True, slots=True)
class Found:
    """What a cell's view shows against its reference."""

    #: ``empty``: as the reference; ``card``: a card-shaped difference; ``unclear``: something else
    #: (a hand, a card half in the cell).
    kind: Literal["empty", "card", "unclear"]
    #: The card's centre from the cell's centre, mm (card only).
    offset: tuple[float, float] = (0.0, 0.0)
    #: The card's turn, degrees clockwise, within +-45 (card only).
    angle: float = 0.0
    #: The share of the card area that differs from the reference.
    changed: float = 0.0


def light_gain(view: Image, reference: Image) -> float:
    """How much brighter ``view`` is than ``reference``, measured on the margin around the card area,
    where the cell's own changes do not reach."""
    band = _band_mask(view.shape[1], view.shape[0])
    a = view.mean(axis=2)[band]
    b = reference.mean(axis=2)[band]
    ratio = (a + 8.0) / (b + 8.0)
    return float(np.clip(np.median(ratio), 0.5, 2.0))


def difference(view: Image, reference: Image, gain: float | None = None) -> npt.NDArray[np.bool_]:
    """Where ``view`` differs from ``reference`` once the light is matched (cleaned of specks)."""
    g = light_gain(view, reference) if gain is None else gain
    # Smoothed a little: the sensor's noise is no change, and a faint card (a grey one on a pale
    # table) then stands out all over, not in specks.
    lit = cv2.GaussianBlur(reference.astype(np.float32), (3, 3), 0) * g
    seen = cv2.GaussianBlur(view.astype(np.float32), (3, 3), 0)
    # Out of the range the reference takes within a pixel around: a view a pixel off (a camera
    # followed after a knock) is not a change.
    kernel = np.ones((3, 3), np.uint8)
    low, high = cv2.erode(lit, kernel), cv2.dilate(lit, kernel)
    diff = np.maximum(np.maximum(seen - high, low - seen), 0.0).max(axis=2)
    # A shadow darkens every channel by about the same factor: that is no change of what lies there.
    ratio = (seen + 4.0) / (lit + 4.0)
    shadow = (ratio.max(axis=2) < SHADOW[1]) & (ratio.min(axis=2) > SHADOW[0]) & (
        ratio.max(axis=2) - ratio.min(axis=2) < SHADOW[2])
    mask = ((diff > DIFFERENT) & ~shadow).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return np.asarray(mask, bool)


def changed_share(view: Image, reference: Image) -> float:
    """The share of the card area (the view less its margin) that differs from ``reference``."""
    mask = difference(view, reference)
    m = round(MARGIN * SCALE)
    inner = mask[m:mask.shape[0] - m, m:mask.shape[1] - m]
    return float(inner.mean())


def alike(view: Image, reference: Image, *, inner: bool = False, tolerance: float = 7.0) -> bool:
    """Whether two views show the same thing under the same light: mean absolute difference under
    ``tolerance`` grey levels once the overall light is matched (shadows count), over the whole view
    or only the card area (``inner``)."""
    if inner:
        m = round(MARGIN * SCALE)
        view, reference = view[m:view.shape[0] - m, m:view.shape[1] - m], reference[m:reference.shape[0] - m,
                                                                                   m:reference.shape[1] - m]
    a, b = view.astype(np.float32), reference.astype(np.float32)
    gain = (float(a.mean()) + 4.0) / (float(b.mean()) + 4.0)
    return float(np.abs(a - b * gain).mean()) < tolerance


def locate(view: Image, empty: Image) -> Found:
    """The card lying in a cell's ``view``, found against the ``empty`` view of the same cell."""
    mask = difference(view, empty)
    m = round(MARGIN * SCALE)
    card_area = CARD_W * CARD_H * SCALE * SCALE
    changed = float(mask[m:mask.shape[0] - m, m:mask.shape[1] - m].mean())
    if changed < EMPTY_SHARE:
        return Found("empty", changed=changed)
    closed = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=8)
    if count < 2:
        return Found("unclear", changed=changed)
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = stats[biggest, :4].tolist()
    blob = (labels == biggest).astype(np.uint8)
    # Touching the view's edge: something reaching in from outside the cell (an arm, a card beside).
    touches = x == 0 or y == 0 or x + w >= mask.shape[1] or y + h >= mask.shape[0]
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(np.vstack(contours))
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)
    if rw > rh:  # portrait: the long side up
        rw, rh, angle = rh, rw, angle - 90.0
    angle = (angle + 45.0) % 90.0 - 45.0
    low, high = SIZE_TOLERANCE
    fill = float(stats[biggest, cv2.CC_STAT_AREA]) / max(rw * rh, 1.0)
    plausible = (low * CARD_W * SCALE <= rw <= high * CARD_W * SCALE
                 and low * CARD_H * SCALE <= rh <= high * CARD_H * SCALE
                 and cv2.contourArea(hull) <= high * high * card_area and fill >= CARD_FILL)
    if touches or not plausible:
        return Found("unclear", changed=changed)
    offset = (float(cx / SCALE - MARGIN - CARD_W / 2 + 0.5 / SCALE),
              float(cy / SCALE - MARGIN - CARD_H / 2 + 0.5 / SCALE))
    return Found("card", offset, float(angle), changed)


def outlined(view: Image, found: Found) -> bool:
    """Whether at least three sides of the card ``found`` in ``view`` lie on edges of the view.

    A card shows its sides (one may lie against a neighbour of the same tint); a hand resting over
    the cell, even where it fills the card area, does not.

    >>> empty = np.full((116, 91, 3), 90, np.uint8)
    >>> card = empty.copy(); card[17:105, 17:80] = 230
    >>> outlined(card, locate(card, empty))
    True
    >>> off = empty.copy(); off[20:108, 20:83] = 230  # 6 mm right and down of where it is looked for
    >>> outlined(off, Found("card", changed=1.0))
    True
    >>> hand = empty.copy(); hand[10:116, 5:91] = 200  # fills the card area and runs off the view
    >>> outlined(hand, Found("card", changed=1.0))
    False
    """
    # Where locate measured it: the centre in view pixels, from the offset in mm. Found by its card
    # area alone, the card is only known to cover that area: look a few pixels around it.
    x = (MARGIN + CARD_W / 2 + found.offset[0]) * SCALE - 0.5
    y = (MARGIN + CARD_H / 2 + found.offset[1]) * SCALE - 0.5
    quad = card_corners(0.0, 0.0, found.angle) * SCALE + (x, y)
    steps = np.arange(-OUTLINE_REACH, OUTLINE_REACH + 1, dtype=np.float64) * SCALE
    shifts = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)
    sides = np.sort(moved_support(gradients(view), quad, shifts)[0], axis=1)  # (K, 4)
    return bool(sides[:, 1].max() >= SIDE_ON_EDGE)


def _band_mask(width: int, height: int) -> npt.NDArray[np.bool_]:
    band = np.ones((height, width), bool)
    m = round(MARGIN * SCALE) - 2
    band[m:height - m, m:width - m] = False
    return band
