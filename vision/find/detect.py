"""Finding cards in a camera frame and rectifying them: pure functions on numpy arrays.

:func:`find_cards` returns the corners of every card-shaped quad, ordered by
:func:`order_corners`; :func:`rectify` warps one quad to a canonical portrait
crop, the same for camera frames and synthetic training scenes.

>>> order_corners(np.array([[10, 0], [10, 14], [0, 14], [0, 0]], np.float32)).tolist()
[[0.0, 0.0], [10.0, 0.0], [10.0, 14.0], [0.0, 14.0]]
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.params import (
    CLASH,
    MIN_SOLID,
    TABLE_AREA,
    TABLE_ASPECT,
    WORKING_SIZE,
)

FloatArray = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]
#: Something that finds cards: a BGR frame in, card corners (N, 4, 2) out, ordered as
#: :func:`vision.find.detect.order_corners` (:func:`vision.find.detect.find_cards`, or
#: :meth:`vision.find.segment.CardFinder.find`).
Finder = Callable[[np.ndarray], FloatArray]

#: Long side over short side of a playing card (88 mm by 63 mm).
CARD_ASPECT = 88 / 63
#: Canonical crop size (width, height): one pixel a millimetre, portrait.
CROP_SIZE = (64, 88)


def order_corners(quad: npt.ArrayLike) -> FloatArray:
    """The 4 corners clockwise from the top-left of the card seen portrait (long side vertical)."""
    q = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    # Plain floats: this runs for every candidate quad of every frame, where numpy's per-call
    # overhead on four points cost more than the arithmetic.
    points = q.tolist()
    cx = sum(p[0] for p in points) / 4
    cy = sum(p[1] for p in points) / 4
    # Image y points down, so increasing atan2 angle is clockwise on screen.
    order = sorted(range(4), key=lambda i: math.atan2(points[i][1] - cy, points[i][0] - cx))
    p = [points[i] for i in order]
    sides = [math.dist(p[i], p[(i + 1) % 4]) for i in range(4)]  # side i joins corner i to i+1
    # The top is a short side: sides 0 and 2 short, or sides 1 and 3 short.
    short = 0 if sides[0] + sides[2] <= sides[1] + sides[3] else 1
    mid_a = ((p[short][1] + p[short + 1][1]) / 2, (p[short][0] + p[short + 1][0]) / 2)
    mid_b = ((p[short + 2][1] + p[(short + 3) % 4][1]) / 2, (p[short + 2][0] + p[(short + 3) % 4][0]) / 2)
    # The higher short side is the top; a card lying exactly landscape takes its left side as top.
    top = short if mid_a <= mid_b else short + 2
    return np.ascontiguousarray(q[[order[(top + k) % 4] for k in range(4)]])


def working_frame(frame: Image) -> tuple[Image, float]:
    """``frame`` shrunk to fit :data:`WORKING_SIZE` turned as ``frame`` is (a portrait frame fits
    720 by 1280), and the scale used; ``frame`` itself and 1.0 when it fits already: a frame is
    never enlarged, since a small one holds no more than its pixels show.

    >>> small, scale = working_frame(np.zeros((3024, 4032, 3), np.uint8))
    >>> small.shape, round(scale, 4)
    ((720, 960, 3), 0.2381)
    >>> working_frame(np.zeros((4032, 3024, 3), np.uint8))[0].shape
    (960, 720, 3)
    >>> frame = np.zeros((720, 1280, 3), np.uint8)
    >>> working_frame(frame)[0] is frame
    True
    """
    long, short = WORKING_SIZE
    height, width = frame.shape[:2]
    scale = min(1.0, long / max(height, width), short / max(min(height, width), 1))
    if scale == 1.0:
        return frame, 1.0
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return np.asarray(cv2.resize(frame, size, interpolation=cv2.INTER_AREA), np.uint8), scale


def rectify(frame: Image, quad: npt.ArrayLike, size: tuple[int, int] = CROP_SIZE) -> Image:
    """The quad of ``frame`` warped to a portrait crop of ``size`` (width, height); corners as given."""
    w, h = size
    src = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    dst = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    # Bilinear: OpenCV's warps have no area average (asked for one, they give the same pixels by
    # a path that took 37 microseconds a crop instead of 21).
    crop = cv2.warpPerspective(frame, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(crop, np.uint8)


#: A card's width and length in millimetres, for the card's own coordinates.
CARD_MM = (63.0, 88.0)


def quad_aspect(quad: FloatArray) -> float:
    """Long over short side of a quad, the mean of opposite sides (1.40 for a card seen square on)."""
    p = np.asarray(quad, np.float64).reshape(4, 2).tolist()
    sides = [math.dist(p[i], p[(i + 1) % 4]) for i in range(4)]
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return max(a, b) / max(min(a, b), 1e-6)


def on_table(quad: npt.ArrayLike, cards: npt.ArrayLike, nearest: int = 3) -> tuple[float, float]:
    """``quad``'s long over short side (:func:`quad_aspect`) and its area over a card's, on the
    table: the medians over the ``nearest`` ``cards`` (N, 4, 2) to it of those of ``quad`` mapped
    by the perspective that takes that card to a card seen square on (:data:`CARD_MM`). A card's
    is about (1.40, 1.0) wherever it lies in a tilted view, however square it looks in the frame;
    (0, 0) with no cards.

    >>> tilt = np.array([[1.0, 0.0, 0.0], [0.0, 0.78, 0.0], [0.0, -0.0006, 1.0]])  # a keystone view
    >>> def seen(q):
    ...     return cv2.perspectiveTransform(np.asarray(q, np.float32)[None], tilt)[0]
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> cards = np.stack([seen(card + (100 * k, 300)) for k in range(3)])  # near the camera
    >>> far = seen(card + (300, 0))
    >>> round(quad_aspect(far), 2), [round(x, 2) for x in on_table(far, cards)]
    (1.16, [1.4, 1.0])
    >>> tile = seen(np.array([[0, 0], [63, 0], [63, 63], [0, 63]], np.float32) + (300, 0))
    >>> round(quad_aspect(tile), 2), [round(x, 2) for x in on_table(tile, cards)]  # a square
    (1.22, [1.0, 0.72])
    """
    q = np.asarray(quad, np.float32).reshape(1, 4, 2)
    c = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    near = np.argsort(np.linalg.norm(c.mean(axis=1) - q[0].mean(axis=0), axis=1))[:nearest]
    aspects: list[float] = []
    areas: list[float] = []
    for near_card in c[near]:
        card = order_corners(near_card).astype(np.float32)
        sides = np.linalg.norm(card - np.roll(card, -1, axis=0), axis=1)
        # Its first side (corner 0 to 1) is its width when it is the shorter pair.
        w, h = CARD_MM if sides[0] + sides[2] <= sides[1] + sides[3] else CARD_MM[::-1]
        square_on = cv2.getPerspectiveTransform(card, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
        mapped = cv2.perspectiveTransform(q, square_on)[0]
        aspects.append(quad_aspect(mapped))
        areas.append(quad_area(mapped) / (w * h))
    return (float(np.median(aspects)), float(np.median(areas))) if aspects else (0.0, 0.0)


def card_on_table(quad: npt.ArrayLike, cards: npt.ArrayLike) -> bool:
    """Whether ``quad`` has a whole card's shape and size on the table told by the ``cards``
    about it (:func:`on_table` within :data:`TABLE_ASPECT` and :data:`TABLE_AREA`)."""
    aspect, area = on_table(quad, cards)
    return TABLE_ASPECT[0] <= aspect <= TABLE_ASPECT[1] and TABLE_AREA[0] <= area <= TABLE_AREA[1]


def quad_area(quad: FloatArray) -> float:
    """Area of a quad (shoelace formula), whatever its winding."""
    p = np.asarray(quad, np.float64).reshape(-1, 2).tolist()
    n = len(p)
    return abs(sum(p[i][0] * p[(i + 1) % n][1] - p[i][1] * p[(i + 1) % n][0] for i in range(n))) / 2


def quad_areas(quads: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """:func:`quad_area` of each quad (N, 4, 2), to the bit: the same products summed in the same order.

    >>> quads = np.array([[[0, 0], [2, 0], [2, 3], [0, 3]], [[0, 0], [0, 1], [1, 1], [1, 0]]], np.float32)
    >>> quad_areas(quads).tolist(), [quad_area(q) for q in quads]
    ([6.0, 1.0], [6.0, 1.0])
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    x, y = q[..., 0], q[..., 1]
    # Term i of the shoelace, x_i y_i+1 - y_i x_i+1, summed from the first as Python's sum() does.
    t = x * np.roll(y, -1, axis=1) - y * np.roll(x, -1, axis=1)
    areas: npt.NDArray[np.float64] = np.abs(((t[:, 0] + t[:, 1]) + t[:, 2]) + t[:, 3]) / 2
    return areas


def _side_vectors(corners: list[list[float]]) -> list[tuple[float, float]]:
    """Side i of a quad given as plain floats, corner i to corner i + 1, as (dx, dy)."""
    return [(corners[(i + 1) % 4][0] - corners[i][0], corners[(i + 1) % 4][1] - corners[i][1])
            for i in range(4)]


def offset_quad(quad: FloatArray, distance: float) -> FloatArray:
    """The convex quad with every side moved outward by ``distance`` pixels (inward if negative)."""
    q = order_corners(quad).astype(np.float64).tolist()
    d = _side_vectors(q)
    lengths = [max(math.hypot(dx, dy), 1e-9) for dx, dy in d]
    # Clockwise on screen (y down), the outward normal of side (dx, dy) is (dy, -dx).
    normal = [(dy / n, -dx / n) for (dx, dy), n in zip(d, lengths, strict=True)]
    p = [(q[i][0] + normal[i][0] * distance, q[i][1] + normal[i][1] * distance) for i in range(4)]
    out = []
    for i in range(4):
        j = (i - 1) % 4  # corner i sits where side j (from i-1) meets side i: p[j] + t d[j] = p[i] + u d[i]
        det = -d[j][0] * d[i][1] + d[i][0] * d[j][1]
        if abs(det) < 1e-9:
            out.append((q[i][0] + (normal[i][0] + normal[j][0]) * distance,
                        q[i][1] + (normal[i][1] + normal[j][1]) * distance))
            continue
        rx, ry = p[i][0] - p[j][0], p[i][1] - p[j][1]
        t = (-rx * d[i][1] + d[i][0] * ry) / det
        out.append((p[j][0] + d[j][0] * t, p[j][1] + d[j][1] * t))
    return np.array(out, np.float32)


def triangle_card(apex: npt.ArrayLike, base_a: npt.ArrayLike, base_b: npt.ArrayLike) -> FloatArray:
    """The card-sized quad a triangular card (an L'Ascension Panorama) spans: its base is the
    card's bottom side, its apex the middle of the top side. Corners ordered by :func:`order_corners`.

    >>> triangle_card([5, 0], [0, 14], [10, 14]).tolist()
    [[0.0, 0.0], [10.0, 0.0], [10.0, 14.0], [0.0, 14.0]]
    """
    a, b1, b2 = (np.asarray(p, np.float64).reshape(2) for p in (apex, base_a, base_b))
    up = a - (b1 + b2) / 2
    return order_corners(np.array([b1 + up, b2 + up, b2, b1], np.float32))


def _binarisations(gray: Image, hsv: Image) -> list[Image]:
    """Several foreground masks: no single threshold works on every table and light."""
    masks: list[Image] = []
    # Canny edges closed by dilation, inverted: regions bounded by any edge, even a thin printed line.
    edges = cv2.Canny(gray, 40, 120)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    masks.append(np.asarray(cv2.bitwise_not(edges), np.uint8))
    # Brighter than the neighbourhood: a card's light face against its surroundings and its edge line.
    block = max(3, (min(gray.shape) // 12) | 1)
    adaptive = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -5)
    masks.append(np.asarray(adaptive, np.uint8))
    # Card stock is light and unsaturated: Otsu on value minus saturation separates it from wood and cloth.
    light = cv2.subtract(hsv[:, :, 2], hsv[:, :, 1])
    _, otsu = cv2.threshold(light, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    masks.append(np.asarray(cv2.morphologyEx(otsu, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), np.uint8))
    return masks


def _candidates(mask: Image, min_area: float, max_area: float, aspect_range: tuple[float, float],
                min_fill: float, grow: float) -> list[tuple[FloatArray, float]]:
    """Card-shaped quads (corners, score) among the contours of one mask."""
    found: list[tuple[FloatArray, float]] = []
    # Connected components first: their statistics come from C, so the many specks of a textured
    # table never reach the Python loop below.
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    box_area = stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
    keep = np.flatnonzero((box_area >= min_area * 0.8) & (stats[:, cv2.CC_STAT_AREA] >= 0.2 * min_area))
    contours = []
    for k in keep[keep > 0].tolist():
        x, y, w, h = stats[k, :4].tolist()
        roi = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
        outer, _ = cv2.findContours(roi, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE, offset=(x, y))
        contours += outer
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < min_area * 0.8 or area > max_area:
            continue
        hull = cv2.convexHull(contour)
        hull_area = cv2.contourArea(hull)
        if area < MIN_SOLID * hull_area:
            continue  # a ragged blob, not one card's outline
        perimeter = cv2.arcLength(hull, True)
        approx = cv2.approxPolyDP(hull, 0.03 * perimeter, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            quad = approx.reshape(4, 2).astype(np.float32)
        else:
            quad = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
        if grow:
            quad = offset_quad(quad, grow)
        qarea = quad_area(quad)
        if not min_area <= qarea <= max_area:
            continue
        fill = (hull_area + (perimeter * grow if grow else 0.0)) / max(qarea, 1.0)
        if fill < min_fill or fill > 1.15:
            continue  # the quad does not describe the region
        h, w = mask.shape
        at_border = (quad[:, 0] < 2) | (quad[:, 0] > w - 3) | (quad[:, 1] < 2) | (quad[:, 1] > h - 3)
        if at_border.sum() >= 2:
            continue  # cut by the frame: its shape says nothing, and a referee cannot read it anyway
        if not rectangular(quad):
            continue
        aspect = quad_aspect(quad)
        if not aspect_range[0] <= aspect <= aspect_range[1]:
            continue
        score = min(fill, 1.0) * (1.0 - min(abs(np.log(aspect / CARD_ASPECT)), 1.0))
        found.append((order_corners(quad), float(score)))
    return found


def rectangular(quad: FloatArray, max_skew: float = 0.45, max_taper: float = 1.4) -> bool:
    """Whether a quad can be a rectangle seen in moderate perspective: near-right angles, even sides."""
    sides = _side_vectors(np.asarray(quad, np.float64).reshape(4, 2).tolist())
    lengths = [max(math.hypot(x, y), 1e-9) for x, y in sides]
    # 0 at a right angle: the cosine between each side and the one before it.
    cosines = [abs(sides[i][0] * sides[i - 1][0] + sides[i][1] * sides[i - 1][1])
               / (lengths[i] * lengths[i - 1]) for i in range(4)]
    taper = max(lengths[0] / lengths[2], lengths[2] / lengths[0],
                lengths[1] / lengths[3], lengths[3] / lengths[1])
    return max(cosines) <= max_skew and taper <= max_taper


def inside(quads: FloatArray, points: FloatArray) -> npt.NDArray[np.bool_]:
    """(N, M): whether point m lies strictly inside convex quad n, its corners in either turn.

    >>> square = np.array([[[0, 0], [2, 0], [2, 2], [0, 2]]], np.float32)
    >>> inside(square, np.array([[1, 1], [3, 1], [2, 1]], np.float32)).tolist()
    [[True, False, False]]
    """
    q = np.asarray(quads, np.float64).reshape(-1, 1, 4, 2)
    p = np.asarray(points, np.float64).reshape(1, -1, 1, 2)
    edge = np.roll(q, -1, axis=2) - q
    to_point = p - q
    cross = edge[..., 0] * to_point[..., 1] - edge[..., 1] * to_point[..., 0]  # (N, M, 4)
    result = np.asarray((cross > 0).all(axis=2) | (cross < 0).all(axis=2), np.bool_)
    return result


def quad_overlap(a: FloatArray, b: FloatArray) -> float:
    """Area of the intersection of two convex quads."""
    area, _ = cv2.intersectConvexConvex(a.reshape(-1, 1, 2), b.reshape(-1, 1, 2))
    return float(area)


def quad_iou(a: FloatArray, b: FloatArray) -> float:
    """Intersection over union of two convex quads.

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> round(quad_iou(square, square + [1, 0]), 3)
    0.333
    """
    inter = quad_overlap(a.astype(np.float32), b.astype(np.float32))
    union = quad_area(a) + quad_area(b) - inter
    return inter / union if union > 0 else 0.0


def _box_meets(qa: FloatArray, qb: FloatArray) -> FloatArray:
    """(N, M, 2): how far the bounding box of each quad of ``qa`` (N, 4, 2) and that of each of
    ``qb`` (M, 4, 2) overlap along x and along y; negative where they lie apart that way."""
    lo = np.maximum(qa.min(axis=1)[:, None], qb.min(axis=1)[None])
    hi = np.minimum(qa.max(axis=1)[:, None], qb.max(axis=1)[None])
    return np.asarray(hi - lo, np.float32)


def overlaps(a: npt.ArrayLike, b: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
    """The area of the intersection of each convex quad of ``a`` (N, 4, 2) with each of ``b``
    (M, 4, 2): an (N, M) array; without ``b``, of each quad of ``a`` with each other one (the
    diagonal zero). Polygons are clipped only where their bounding boxes meet: on a table most
    pairs of cards lie apart.

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> overlaps(np.stack([square, square + [1, 0], square + [5, 5]])).tolist()
    [[0.0, 2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    """
    qa = np.asarray(a, np.float32).reshape(-1, 4, 2)
    qb = qa if b is None else np.asarray(b, np.float32).reshape(-1, 4, 2)
    inter = np.zeros((len(qa), len(qb)))
    if not len(qa) or not len(qb):
        return inter
    meet = np.all(_box_meets(qa, qb) > 0, axis=2)
    # Within one set, each pair once (the intersection is symmetric) and no quad with itself.
    pairs = np.argwhere(np.triu(meet, 1) if b is None else meet).tolist()
    for i, j in pairs:
        inter[i, j] = quad_overlap(qa[i], qb[j])
    if b is None:
        inter = np.maximum(inter, inter.T)
    return inter


def overlap_shares(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """(N, M): the intersection of each convex quad of ``a`` (N, 4, 2) with each of ``b`` (M, 4,
    2) (:func:`overlaps`), as a share of the smaller of the two: 1 when one lies inside the other.

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> overlap_shares(square[None], np.stack([square * 2, square + [1, 0]])).tolist()
    [[1.0, 0.5]]
    """
    qa = np.asarray(a, np.float32).reshape(-1, 4, 2)
    qb = np.asarray(b, np.float32).reshape(-1, 4, 2)
    area_a, area_b = quad_areas(qa), quad_areas(qb)
    smaller = np.minimum(area_a[:, None], area_b[None])
    shares: npt.NDArray[np.float64] = overlaps(qa, qb) / np.maximum(smaller, 1e-9)
    return shares


def shares_at_least(a: npt.ArrayLike, b: npt.ArrayLike, share: float) -> npt.NDArray[np.bool_]:
    """(N, M): whether the intersection of each convex quad of ``a`` (N, 4, 2) with each of ``b``
    (M, 4, 2) is ``share`` (more than 0) of the smaller or more: :func:`overlap_shares` ``>=
    share``, to the bit. Polygons are clipped only where the quads' bounding boxes overlap by
    that share: the intersection lies inside both boxes. Beside a pyramid's cards most boxes
    meet, and few by a card's share.

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> others = np.stack([square * 2, square + [1, 0], square + [1.9, 1.9]])
    >>> shares_at_least(square[None], others, 0.5).tolist()
    [[True, True, False]]
    """
    qa = np.asarray(a, np.float32).reshape(-1, 4, 2)
    qb = np.asarray(b, np.float32).reshape(-1, 4, 2)
    reach = np.zeros((len(qa), len(qb)), np.bool_)
    if not len(qa) or not len(qb):
        return reach
    boxes = np.prod(np.clip(_box_meets(qa, qb), 0, None), axis=2).astype(np.float64)
    smaller = np.maximum(np.minimum(quad_areas(qa)[:, None], quad_areas(qb)[None]), 1e-9)
    # A hair of slack: OpenCV's area of the clipped polygon may round above the box's. A pair whose
    # boxes overlap by a positive area meets on both axes.
    for i, j in np.argwhere(boxes >= share * smaller * (1 - 1e-6)).tolist():
        reach[i, j] = quad_overlap(qa[i], qb[j]) / smaller[i, j] >= share
    return reach


def overlap_ious(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """(N, M): the intersection over union of each convex quad of ``a`` (N, 4, 2) with each of
    ``b`` (M, 4, 2) (:func:`overlaps`; :func:`quad_iou` of every pair).

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> overlap_ious(square[None], np.stack([square, square + [1, 0]])).round(3).tolist()
    [[1.0, 0.333]]
    """
    qa = np.asarray(a, np.float32).reshape(-1, 4, 2)
    qb = np.asarray(b, np.float32).reshape(-1, 4, 2)
    inter = overlaps(qa, qb)
    union = quad_areas(qa)[:, None] + quad_areas(qb)[None] - inter
    ious: npt.NDArray[np.float64] = inter / np.maximum(union, 1e-9)
    return ious


def apart(inter: npt.NDArray[np.float64], areas: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
    """Which of K quads overlap none of the others by :data:`CLASH` of the smaller or more, given
    the areas of their intersections ``inter`` (K, K, as :func:`overlaps` gives them) and their
    ``areas`` (K): cards laid edge to edge lie apart, the pieces of one card (a picture, its
    frame, an index) overlap.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> quads = np.stack([card, card + [65, 0], card + [100, 0]])
    >>> apart(overlaps(quads), np.array([quad_area(q) for q in quads])).tolist()
    [True, False, False]
    """
    clash = inter >= CLASH * np.minimum.outer(areas, areas)
    np.fill_diagonal(clash, False)
    return np.asarray(~clash.any(axis=1), np.bool_)


def _suppress(cands: list[tuple[FloatArray, float]]) -> list[FloatArray]:
    """One quad a card: merge duplicates, drop blobs made of several cards and details inside a card."""
    if not cands:
        return []
    areas = [quad_area(q) for q, _ in cands]
    n = len(cands)
    inter = overlaps([q for q, _ in cands])
    area = np.asarray(areas)
    alive = np.ones(n, bool)
    # A candidate holding two or more smaller, mostly disjoint candidates is a blob of cards.
    for i in range(n):
        inside = np.flatnonzero((area < 0.7 * area[i]) & (inter[i] > 0.8 * area))
        if len(inside) < 2:
            continue
        # A candidate inside it overlapping another one inside is no card of its own there.
        disjoint = inside[apart(inter[np.ix_(inside, inside)], area[inside])]
        if len(disjoint) >= 2 and area[disjoint].sum() > 0.6 * area[i]:
            alive[i] = False
    # A court card's printed frame is card-shaped too: the card around it wins.
    for i in range(n):
        if alive[i] and (alive & (area > 1.15 * area[i]) & (area < 1.8 * area[i])
                         & (inter[i] > 0.9 * area[i])).any():
            alive[i] = False
    # Read element by element below: lists index faster than arrays.
    overlap: list[list[float]] = inter.tolist()
    # Duplicates: keep the best, then the larger, of overlapping candidates.
    order = sorted(range(n), key=lambda k: (-round(cands[k][1], 1), -areas[k]))
    kept: list[int] = []
    for i in order:
        if not alive[i]:
            continue
        if any(overlap[i][k] > 0.5 * min(areas[i], areas[k]) for k in kept):
            continue
        kept.append(i)
    return [cands[i][0] for i in kept]


def find_cards(frame: Image, *, min_area_ratio: float = 0.002, max_area_ratio: float = 0.6,
               aspect_range: tuple[float, float] = (1.15, 1.75), min_fill: float = 0.85,
               max_side: int = 1280) -> FloatArray:
    """Corners (N, 4, 2) float32 of every card in a BGR frame, ordered as :func:`order_corners`."""
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"frame must be a BGR uint8 image (H, W, 3), got {frame.shape} {frame.dtype}")
    scale = min(1.0, max_side / max(frame.shape[:2]))
    # A pixel at least each way: a frame a few pixels high would shrink to none (and hold no card).
    size = (max(1, round(frame.shape[1] * scale)), max(1, round(frame.shape[0] * scale)))
    small = frame if scale == 1.0 else np.asarray(
        cv2.resize(frame, size, interpolation=cv2.INTER_AREA), np.uint8)
    gray = np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), np.uint8)
    hsv = np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2HSV), np.uint8)
    total = gray.shape[0] * gray.shape[1]
    min_area, max_area = min_area_ratio * total, max_area_ratio * total
    cands: list[tuple[FloatArray, float]] = []
    kernel = np.ones((3, 3), np.uint8)
    for mask in _binarisations(gray, hsv):
        cands += _candidates(mask, min_area, max_area, aspect_range, min_fill, 0.0)
        # Cards touching without a visible gap merge into one blob: eroding cuts the thin bridges,
        # and each piece grows back by the eroded width.
        eroded = mask
        for steps in (2, 4):
            eroded = np.asarray(cv2.erode(eroded, kernel, iterations=2), np.uint8)
            cands += _candidates(eroded, min_area, max_area, aspect_range, min_fill, float(steps))
    quads = _suppress(cands)
    if not quads:
        return np.zeros((0, 4, 2), np.float32)
    result: FloatArray = (np.stack(quads) / scale).astype(np.float32)
    return result
