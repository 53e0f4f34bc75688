"""A card's core, the part the finder network marks: grown from the card, and the card grown back from it.

The core is the card shrunk by :data:`CORE_MARGIN` of its width on every side; a triangular
card's core is its triangle moved in by :data:`TRIANGLE_MARGIN` on every side. Training maps and
camera outlines go through the same functions.
"""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import CARD_MM, FloatArray, triangle_card

#: Input size (width, height) the finder sees: the frame at half size (1280x720 -> 640x360).
INPUT_SIZE = (640, 360)
#: The core map is the input at half size again.
MAP_STRIDE = 2
#: The core is the card shrunk by this share of the card's width on every side.
CORE_MARGIN = 0.15
#: A triangular card's core is the triangle moved in by this many millimetres on every side.
TRIANGLE_MARGIN = 4.0
#: The network halves its input four times: an input of any other size is padded to a multiple.
PAD = 16
FINDER_VERSION = 2
#: A card's length over the square root of its core's area, the core :data:`CORE_MARGIN` of the
#: card's width in from each side: 1.59 for a 63 by 88 card. The areas of a core map's regions
#: tell so how long the cards are, outlining none of them (:meth:`CoreMap.extent`).
CORE_LENGTH = CARD_MM[1] / math.sqrt(CARD_MM[0] * (1 - 2 * CORE_MARGIN)
                                     * (CARD_MM[1] - 2 * CORE_MARGIN * CARD_MM[0]))


def core_quad(card: npt.ArrayLike) -> FloatArray:
    """The core of a card quad (corners in order), in the card's perspective.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> [round(float(v), 2) for v in core_quad(square)[0]]
    [9.45, 9.45]
    """
    return _warp_rect(np.asarray(card, np.float32).reshape(4, 2), _core_rect(), _card_rect())


def card_from_core(core: npt.ArrayLike) -> FloatArray:
    """The card quad whose core is ``core`` (corners in order): the inverse of :func:`core_quad`.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> card_from_core(core_quad(square)).round(2).tolist() == square.tolist()
    True
    """
    return _warp_rect(np.asarray(core, np.float32).reshape(4, 2), _card_rect(), _core_rect())


def card_triangle(card: npt.ArrayLike) -> FloatArray:
    """The triangle (apex, bottom-right, bottom-left) a triangular card fills, for its quad
    (corners in printed order, top-left first): the apex is the middle of the top side."""
    return _warp_rect(np.asarray(card, np.float32).reshape(4, 2), _triangle_mm(), _card_rect())


def triangle_core(card: npt.ArrayLike) -> FloatArray:
    """The core of a triangular card (see :func:`card_triangle`): its triangle moved in by
    :data:`TRIANGLE_MARGIN`, in the card's perspective.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> [round(float(v), 1) for v in triangle_core(square)[0]]  # the apex, 4 / sin(19.7 deg) lower
    [31.5, 11.9]
    """
    tri = _triangle_mm()
    inner = scale_about_incentre(tri, (inradius(tri) - TRIANGLE_MARGIN) / inradius(tri))
    return _warp_rect(np.asarray(card, np.float32).reshape(4, 2), inner, _card_rect())


def card_from_triangle_core(core: npt.ArrayLike) -> FloatArray:
    """The quad of the card whose triangular core is ``core`` (three points, any order).

    Close to the inverse of :func:`triangle_core`: exact without perspective, and the
    perspective of one card is slight.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> card_from_triangle_core(triangle_core(square)).round(2).tolist() == square.tolist()
    True
    """
    r = inradius(_triangle_mm())
    card = scale_about_incentre(np.asarray(core, np.float64).reshape(3, 2), r / (r - TRIANGLE_MARGIN))
    # The apex is the vertex facing the shortest side, the base.
    pts = card.astype(np.float64)
    apex = int(np.argmin(_sides(pts)))
    return triangle_card(pts[apex], pts[(apex + 1) % 3], pts[(apex + 2) % 3])


def _triangle_mm() -> FloatArray:
    """A triangular card's triangle in card millimetres: apex, bottom-right, bottom-left."""
    w, h = CARD_MM
    return np.array([[w / 2, 0], [w, h], [0, h]], np.float32)


def _sides(tri: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    """The length of the side facing each vertex of a triangle."""
    return np.array([np.linalg.norm(tri[(k + 1) % 3] - tri[(k + 2) % 3]) for k in range(3)], np.float64)


def inradius(tri: npt.NDArray[Any]) -> float:
    a, b = tri[1] - tri[0], tri[2] - tri[0]
    area = abs(float(a[0] * b[1] - a[1] * b[0])) / 2
    return 2 * area / max(float(_sides(tri).sum()), 1e-9)


def scale_about_incentre(tri: npt.NDArray[Any], k: float) -> FloatArray:
    """The triangle scaled by ``k`` about its incentre: its sides move by (k - 1) * inradius."""
    sides = _sides(tri)
    centre = (sides[:, None] * tri).sum(axis=0) / max(float(sides.sum()), 1e-9)
    return np.asarray(centre + (tri - centre) * k, np.float32)


def _card_rect() -> FloatArray:
    w, h = CARD_MM
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


def _core_rect() -> FloatArray:
    w, h = CARD_MM
    m = CORE_MARGIN * w
    return np.array([[m, m], [w - m, m], [w - m, h - m], [m, h - m]], np.float32)


def _warp_rect(quad: FloatArray, target: FloatArray, source: FloatArray) -> FloatArray:
    """Where ``target`` (card millimetres) lands when ``source`` (card millimetres) lands on ``quad``."""
    h = cv2.getPerspectiveTransform(source, quad)
    out = cv2.perspectiveTransform(target.reshape(1, -1, 2), h)[0]
    return np.asarray(out, np.float32)
