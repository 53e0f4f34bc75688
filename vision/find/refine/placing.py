"""Which refined quads are cards: each card once, none printed on a card, sized by its neighbours."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.covered import card_size
from vision.find.detect import (
    FloatArray,
    on_table,
    overlap_shares,
    overlaps,
    quad_area,
    quad_areas,
    quad_aspect,
    quad_iou,
    quad_overlap,
)
from vision.find.params import (
    BESIDE_ASPECT,
    FRAME_MARGIN,
    MIN_CARD,
    NEAR_AREA,
    NEAR_TABLE_AREA,
    ODD_SIZE,
    ON_EDGES,
    ON_TABLE,
    PRINTED,
    RUN_TOGETHER,
    SAME_CARD,
    SEEN,
    SEEN_CLOSE,
    SIZE_RANGE,
    SIZE_WEIGHT,
    SIZED_BY,
    STAYS,
    TAKEN,
)
from vision.find.refine.looks import lengths
from vision.find.segment import CoreMap


def settle(quads: FloatArray, card: npt.NDArray[np.float32], *, min_card: float = MIN_CARD,
           same: float = SAME_CARD, size_range: float = SIZE_RANGE, found: int | None = None,
           farther: int = 0, support: npt.ArrayLike | None = None, large: float | None = None) -> FloatArray:
    """The refined ``quads`` (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`)
    that are cards, their card probability ``card`` likely enough and their outline convex, each
    card once.

    The first ``found`` quads (by default all) are those found at the frame's scale, the next
    ``farther`` those found looking farther (:func:`look_farther`); the others, found looking
    closer, must also lie within ``size_range`` times the median area of the likely cards found
    at the frame's scale: looking closer, the network may take a digit printed on a card, or a
    table's tile, for a card.

    Of two quads that overlap by more than ``same`` of the smaller, the one kept has the higher
    card probability plus its ``support`` (how well its outline lies on the frame's edges,
    :func:`vision.find.outline.edge_support`; 1 for all when not given), less, for one found looking
    closer or farther, or found at the frame's scale and :data:`RUN_TOGETHER` times that median or
    larger (not a card seen close), :data:`SIZE_WEIGHT` times how far its area is from that median
    on a log scale: a card, not a digit printed on it, nor two cards' worth around it, nor a quad
    astride two. Given ``large`` (pixels), a card seen close (:func:`seen_close`) and a quad on it
    :data:`PRINTED` of its size or less are not one card: both may stay (a close-up's card and
    a picture framed on it, which lies on edges as well as the card does).

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> quads = np.stack([card, card + 1, card + 100, card + 300, card * 4 + 500, card / 3 + 2])
    >>> likely = np.array([0.9, 0.95, 0.8, 0.1, 0.99, 0.97], np.float32)
    >>> settle(quads, likely).shape  # all found at the frame's scale: the large one stays
    (3, 4, 2)
    >>> settle(quads, likely, found=3).shape  # the large one and the small, looking closer
    (2, 4, 2)
    >>> settle(quads, likely, found=3, farther=2).shape  # the large one looking farther: it stays
    (3, 4, 2)
    >>> pair = np.array([[0, 0], [130, 0], [130, 88], [0, 88]], np.float32)  # two cards' worth
    >>> settle(np.stack([card, pair]), np.array([0.9, 0.99], np.float32), found=1, farther=1,
    ...        support=[0.6, 0.6]).tolist() == [card.tolist()]
    True
    """
    quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    areas = quad_areas(quads)
    likely = card >= min_card
    first = len(quads) if found is None else found
    reference = areas[:first][likely[:first]]
    median = float(np.median(reference)) if len(reference) else 0.0
    index = np.arange(len(quads))
    closer = index >= first + farther
    sized = ~closer | ((areas >= median / size_range) & (areas <= median * size_range))
    on_edges = np.ones(len(quads)) if support is None else np.asarray(support, np.float64).reshape(-1)
    close = np.zeros(len(quads), np.bool_) if large is None else seen_close(quads, card, on_edges, large,
                                                                            min_card=min_card)
    # A card seen close is larger than the others by right (a photo of a few cards, some close up).
    run_together = (areas >= RUN_TOGETHER * median) & ~close
    # With no card found at the frame's scale, there is no size to hold a quad found farther to.
    held = ((index >= first) | run_together) & (median > 0)
    off_size = np.where(held, np.abs(np.log(np.maximum(areas, 1e-9) / max(median, 1e-9))), 0.0)
    score = card + on_edges - SIZE_WEIGHT * off_size

    inter = overlaps(quads)

    def one_card(k: int, other: int) -> bool:
        small, big = (k, other) if areas[k] < areas[other] else (other, k)
        if close[big] and areas[small] <= PRINTED * areas[big]:
            return False
        return bool(inter[k, other] > same * min(float(areas[k]), float(areas[other])))

    keep: list[int] = []
    for k in sorted(np.flatnonzero(likely & sized).tolist(), key=lambda i: -score[i]):
        # A card seen in perspective stays convex: a quad folded on itself is no card's outline.
        if areas[k] < 1 or not cv2.isContourConvex(quads[k].reshape(-1, 1, 2)) or any(
                one_card(k, other) for other in keep):
            continue
        keep.append(k)
    return quads[keep] if keep else np.zeros((0, 4, 2), np.float32)


def seen_close(quads: FloatArray, card: npt.ArrayLike, support: npt.ArrayLike, large: float, *,
               min_card: float = MIN_CARD) -> npt.NDArray[np.bool_]:
    """Which of the refined ``quads`` (N, 4, 2) are cards seen close: likely (``card`` at least
    ``min_card``), longer than ``large`` pixels, convex, their outline lying on the frame's edges
    (``support``) at least :data:`SEEN_CLOSE`.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> seen_close(np.stack([card, card * 3]), [0.9, 0.9], [0.8, 0.8], large=100).tolist()
    [False, True]
    >>> seen_close(np.stack([card, card * 3]), [0.9, 0.9], [0.8, 0.2], large=100).tolist()
    [False, False]
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    likely = np.asarray(card).reshape(-1) >= min_card
    on_edges = np.asarray(support, np.float64).reshape(-1) >= SEEN_CLOSE
    convex = np.array([cv2.isContourConvex(quad.reshape(-1, 1, 2)) for quad in q], np.bool_).reshape(-1)
    return np.asarray(likely & on_edges & convex & (lengths(q) > large), np.bool_)


def printed(quads: FloatArray, card: npt.NDArray[np.float32], support: npt.ArrayLike, large: float, *,
            min_card: float = MIN_CARD) -> npt.NDArray[np.bool_]:
    """Which of the refined ``quads`` (N, 4, 2) are printed on a card seen close: likely quads
    (``card`` at least ``min_card``) lying inside a likely card longer than ``large`` pixels whose
    outline lies on the frame's edges (``support`` at least :data:`SEEN_CLOSE`), smaller than
    :data:`PRINTED` of it, and not on edges themselves (below :data:`vision.find.params.ON_EDGES`).
    Cards lying on a larger card keep their edges, and so stay cards.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> quads = np.stack([card * 4, card / 2 + 40, card / 2 + 100])  # a card seen close, two pips
    >>> printed(quads, np.full(3, 0.99, np.float32), [0.8, 0.4, 1.0], large=100).tolist()
    [False, True, False]
    >>> printed(quads, np.full(3, 0.99, np.float32), [0.1, 0.4, 1.0], large=100).tolist()  # a blob
    [False, False, False]
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    on_edges = np.asarray(support, np.float64).reshape(-1)
    areas = quad_areas(q)
    likely = np.asarray(card).reshape(-1) >= min_card
    prints = np.zeros(len(q), np.bool_)
    for big in np.flatnonzero(seen_close(q, card, on_edges, large, min_card=min_card)):
        for k in np.flatnonzero(likely & (on_edges < ON_EDGES) & (areas < PRINTED * areas[big])):
            # Inside: nine tenths of the small quad lie within the card.
            if quad_overlap(q[k], q[big]) > 0.9 * areas[k]:
                prints[k] = True
    return prints



def card_sides(quads: FloatArray, at: FloatArray | None = None) -> npt.NDArray[np.float64] | None:
    """The side (square root of the area) a card of the frame has where each quad of ``at`` (M,
    4, 2; by default ``quads``) lies: a plane over the frame fitted to the sides of the cards
    ``quads`` (N, 4, 2), which a camera's perspective makes grow towards the near edge of the
    table. The fit is made again without the cards it fits worst, closer each time (first the
    cards within 30% of the median side). None for fewer than :data:`SIZED_BY` cards.

    >>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
    >>> row = [card + (100 * k, 0) for k in (0, 1, 3, 4)] + [card * 2 + (170, -45)]
    >>> card_sides(np.stack(row)).round(1).tolist()
    [73.5, 73.5, 73.5, 73.5, 73.5]
    >>> near = [card * (1 + k / 10) + (0, 100 * k) for k in range(5)]  # nearer the camera, larger
    >>> card_sides(np.stack(near)).round(1).tolist()
    [73.5, 80.8, 88.2, 95.5, 102.9]
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(q) < SIZED_BY:
        return None
    sides = np.sqrt(quad_areas(q))
    plane = np.c_[np.ones(len(q)), q.mean(axis=1)]
    fitted = np.abs(sides / max(float(np.median(sides)), 1e-9) - 1) < 0.3
    coefficients = np.array([np.median(sides), 0.0, 0.0])
    for tolerance in (0.2, ODD_SIZE, ODD_SIZE):
        if fitted.sum() < SIZED_BY:
            break
        coefficients, *_ = np.linalg.lstsq(plane[fitted], sides[fitted], rcond=None)
        fitted = np.abs(sides / (plane @ coefficients) - 1) < tolerance
    where = q if at is None else np.asarray(at, np.float64).reshape(-1, 4, 2)
    expected: npt.NDArray[np.float64] = np.c_[np.ones(len(where)), where.mean(axis=1)] @ coefficients
    return expected


def _card_shaped(quad: FloatArray, kept: FloatArray) -> bool:
    """Whether a core taken whole, placed as ``quad``, has a card's shape on the table told by the
    cards ``kept`` (:data:`ON_TABLE`), and, larger in the frame than :data:`vision.find.params.NEAR_AREA`
    times their median, a card's size there too (:data:`NEAR_TABLE_AREA`)."""
    aspect, area = on_table(quad, kept)
    if not ON_TABLE[0] <= aspect <= ON_TABLE[1]:
        return False
    short, long = card_size(kept)
    return quad_area(quad) <= NEAR_AREA * short * long or NEAR_TABLE_AREA[0] <= area <= NEAR_TABLE_AREA[1]


def _squat(quads: FloatArray, triangular: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Which of the cards ``quads`` (N, 4, 2) found are squarer than ``BESIDE_ASPECT[0]`` and not
    triangles: no whole card's outline, most often a quad astride two white cards that the finders
    could not part, or several cards run together."""
    aspects = np.array([quad_aspect(q) for q in quads], np.float64).reshape(-1)
    return np.asarray((aspects < BESIDE_ASPECT[0]) & ~np.asarray(triangular, np.bool_), np.bool_)


def gives_way(kept: FloatArray, triangular: npt.NDArray[np.bool_],
              found: FloatArray) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Which of the cards ``kept`` (N, 4, 2) give way to the cards ``found`` (M, 4, 2) where their
    row or their neighbours say a card lies (:meth:`RefinedFinder._in_rows`,
    :meth:`RefinedFinder._beside`, which look where only such quads lie as if nothing were found
    there), and which of ``found`` give way to a card kept.

    A :func:`_squat` quad gives way when one of ``found`` lies over it by :data:`SAME_CARD` of
    the smaller or more (a loose outline of that card and the table about it, or of cards run
    together), or when one lies over it by :data:`TAKEN` or more and those, with the other cards
    kept, cover :data:`SAME_CARD` of it or more (a quad astride two cards). One that does not (a
    table's tile, the part of a card under another that shows) holds its place, and a card found
    that lies over it by :data:`TAKEN` or more gives way.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> astride = np.array([[30, 0], [115, 0], [115, 88], [30, 88]], np.float32)  # over two cards
    >>> beside = card[None] + [70, 0]
    >>> [m.tolist() for m in gives_way(np.stack([card, astride]), np.zeros(2, np.bool_), beside)]
    [[False, True], [False]]
    """
    out, off = np.zeros(len(kept), np.bool_), np.zeros(len(found), np.bool_)
    squat = np.flatnonzero(_squat(kept, triangular))
    if not len(found) or not len(squat):
        return out, off
    shares = overlap_shares(kept[squat], found)
    over = shares >= TAKEN
    others = np.concatenate([np.delete(kept, squat, axis=0), found])
    areas = quad_areas(kept[squat])
    covered = overlaps(kept[squat], others).sum(axis=1) / np.maximum(areas, 1e-9)
    out[squat] = (shares >= SAME_CARD).any(axis=1) | (over.any(axis=1) & (covered >= SAME_CARD))
    off = np.asarray((over & ~out[squat, None]).any(axis=0), np.bool_)
    return out, off


def _centred_in(quads: FloatArray, shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Whether the centre of each quad (N, 4, 2) lies in a frame of ``shape`` (height, width, ...)."""
    h, w = shape[:2]
    centres = np.asarray(quads, np.float32).reshape(-1, 4, 2).mean(axis=1)
    return np.asarray((centres >= 0).all(axis=1) & (centres[:, 0] < w) & (centres[:, 1] < h), np.bool_)


def _framed(quads: FloatArray, shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Whether each quad (N, 4, 2) lies :data:`FRAME_MARGIN` pixels or more inside a frame of
    ``shape`` (height, width, ...): not cut by its edge."""
    h, w = shape[:2]
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    return np.asarray(((q >= FRAME_MARGIN) & (q <= np.array([w, h]) - 1 - FRAME_MARGIN)).all(axis=(1, 2)),
                      np.bool_)


def _shown(seen: CoreMap | None, places: FloatArray) -> npt.NDArray[np.bool_]:
    """Whether the finder network's core map ``seen`` of the whole frame shows a card at each
    of ``places`` (N, 4, 2): its :func:`vision.find.segment.core_evidence` there
    :data:`vision.find.params.SEEN` or more; every place when there is no map (the contours alone).

    Where the refiner looks for a card no finder outlined, beside a card or in a row of
    Panoramas, most places hold the bare table, and the refiner's look at each is the step's
    cost. In 600 held-out scenes of the four games that no evaluation reads, every card the
    two steps found on a true card lay where the map showed a card it could not outline (0.93
    or more: two cores run together, a card in glare), while 93-96% of the places asked about
    lay under 0.5, with most of the cards the refiner placed where none lies.

    >>> cores = np.zeros((90, 160), np.float32); cores[20:40, 30:45] = 1.0
    >>> card = np.array([[100, 60], [190, 60], [190, 186], [100, 186]], np.float32)  # at scale 0.5
    >>> _shown(CoreMap(cores, 0.5), np.stack([card, card + 300])).tolist()
    [True, False]
    >>> _shown(None, np.stack([card, card + 300])).tolist()
    [True, True]
    """
    if seen is None:
        return np.ones(len(places), np.bool_)
    return np.array([seen.evidence(place) >= SEEN for place in places], np.bool_).reshape(-1)


def _stayed(placed: FloatArray, proposed: FloatArray) -> npt.NDArray[np.bool_]:
    """Whether the refiner placed each card about where it was proposed (IoU :data:`STAYS` or
    more): moved far off, it found another (a neighbour, a Panorama below), or nothing
    card-shaped."""
    return np.array([quad_iou(a, b) >= STAYS for a, b in zip(placed, proposed, strict=True)], np.bool_)




def _halves(quad: FloatArray) -> tuple[tuple[FloatArray, FloatArray], tuple[FloatArray, FloatArray]]:
    """The two halves of ``quad`` (corners ordered by :func:`vision.find.detect.order_corners`) cut
    across (left, right), then the two cut along (top, bottom), corners in the same order.

    >>> pair = np.array([[0, 0], [128, 0], [128, 88], [0, 88]], np.float32)
    >>> (left, right), (top, bottom) = _halves(pair)
    >>> right.tolist()
    [[64.0, 0.0], [128.0, 0.0], [128.0, 88.0], [64.0, 88.0]]
    >>> top.tolist()
    [[0.0, 0.0], [128.0, 0.0], [128.0, 44.0], [0.0, 44.0]]
    """
    a, b, c, d = np.asarray(quad, np.float32).reshape(4, 2)
    ab, dc, ad, bc = (a + b) / 2, (d + c) / 2, (a + d) / 2, (b + c) / 2
    across = (np.stack([a, ab, dc, d]), np.stack([ab, b, c, dc]))
    along = (np.stack([a, b, bc, ad]), np.stack([ad, bc, c, d]))
    return across, along
