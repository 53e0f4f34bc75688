"""Cards partly under another: the whole card behind the part of its core that shows.

The finder network marks each card's core as far as it shows: a card laid
over another hides the core beneath it (:mod:`models.training.finder` paints cards in
the order they were laid). A card cut short enough (a third of it under a
card lying over its side, as in a fanned trick) leaves a core of no card's
shape, which :func:`vision.find.segment.outlines_from_cores` cannot take for a card
and hands over as *partial* (less, and the core still looks like a smaller
card's, which the corner refiner moves onto the whole card).
:func:`covered_cards` grows each partial core back to a whole card's core, the
size of the cards found beside it, under the card that covers it; the corner
refiner (:mod:`vision.find.refine`) then places the card, or says no card lies
there.

>>> from vision.find.segment import core_quad
>>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
>>> top = card + [28, 0]  # a card laid over the right part of another
>>> cut = core_quad(card)[[0, 0, 3, 3]] + [[0, 0], [18.55, 0], [18.55, 0], [0, 0]]  # its core, cut
>>> covered_cards(cut[None], np.stack([top, card + 100])).round(3).tolist() == [card.tolist()]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from vision.find.cores import CORE_MARGIN, card_from_core
from vision.find.detect import FloatArray, inside, order_corners, quad_area, quad_iou
from vision.find.params import (
    CUT_SHORT,
    FRAMED,
    FREE_AREA,
    LEAST_SHOWN,
    SEEN_UNDER,
    UNDER,
    WHOLE_SIDE,
)


def covered_cards(partial: npt.ArrayLike, cards: npt.ArrayLike) -> FloatArray:
    """The whole cards (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`) behind
    the ``partial`` cores (rectangles of no card's shape the finder network saw, corners in turn,
    :attr:`vision.find.segment.Outlines.partial`), given the ``cards`` found whole.

    Each partial core keeps its side whose length is a whole card core's width or length (within
    :data:`WHOLE_SIDE`, the cards' median size) and grows the other, cut short, to the whole
    card's, towards the card that covers it: the way the part grown lies most under the cards
    found, and at least :data:`UNDER` of it. A partial core with no such side, growing over no
    card, or lying more than :data:`SEEN_UNDER` under the cards found, gives none: a card cut by
    the frame's edge, or a shadow, is not covered by a card, and a piece of a card found is none.
    """
    return cards_behind(partial, cards)[0]


def free_cards(partial: npt.ArrayLike, cards: npt.ArrayLike, shape: tuple[int, ...]) -> FloatArray:
    """The cards (N, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`) whose core the
    finder network saw whole though it has no card's shape: the ``partial`` cores that
    :func:`covered_cards` grows under no card, taken whole as they are, where such a card lies
    under none of the ``cards`` found (:data:`SEEN_UNDER` at most), inside a frame of ``shape``
    (height, width, ...), and covers :data:`FREE_AREA` of the area the cards found have; of two
    such cards over one (IoU a half or more), the one nearer that area.

    A card at the far side of a tilted camera's view, its length foreshortened, looks nearly
    square (held-out Rixes scene 178: 1.10, against 1.40 seen square on), and so does its core.
    So does a tile of a checked cloth: the corner refiner says whether a card lies there, and
    :data:`vision.find.params.ON_TABLE` whether it has a card's shape on the table.

    >>> from vision.find.detect import quad_iou
    >>> from vision.find.segment import core_quad
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> squat = np.array([[20, 20], [83, 20], [83, 82], [20, 82]], np.float32)  # foreshortened
    >>> found = np.stack([card + [200, 0], card + [300, 0]])
    >>> (whole,) = free_cards(core_quad(squat)[None], found, (480, 640, 3))
    >>> round(quad_iou(whole, squat), 3)
    1.0
    >>> free_cards(core_quad(squat)[None], np.stack([card + [40, 0], card + [300, 0]]), (480, 640, 3)).shape
    (0, 4, 2)
    >>> free_cards(core_quad(squat - 30)[None], found, (480, 640, 3)).shape  # the frame cuts it
    (0, 4, 2)
    """
    return cards_behind(partial, cards, shape)[1]


def cards_behind(partial: npt.ArrayLike, cards: npt.ArrayLike,
                 shape: tuple[int, ...] | None = None) -> tuple[FloatArray, FloatArray]:
    """The cards :func:`covered_cards` grows behind the ``partial`` cores and those
    :func:`free_cards` takes whole from them (none without a frame ``shape``), the ways each core
    may grow worked out once: the refined finder asks for both in every frame, and in a grid of
    many cards that is most of their cost."""
    cut = np.asarray(partial, np.float32).reshape(-1, 4, 2)
    found = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    none = np.zeros((0, 4, 2), np.float32)
    if not len(cut) or not len(found):
        return none, none
    short, long = card_size(found)
    # A core is the card less CORE_MARGIN of its width on every side.
    width, length = short * (1 - 2 * CORE_MARGIN), long - 2 * CORE_MARGIN * short
    margin = CORE_MARGIN * width / (1 - 2 * CORE_MARGIN)  # a card's, beyond its core
    ways = _grown(cut, found, width, length, margin, _core_card, UNDER)
    grown = np.asarray([way[0] for way in ways if way], np.float32).reshape(-1, 4, 2)
    if shape is None:
        return grown, none
    h, w = shape[:2]
    free: list[tuple[float, FloatArray]] = []
    for core, way in zip(cut, ways, strict=True):
        card = _core_card(core)
        framed = bool(((card >= FRAMED) & (card <= np.array([w, h], np.float32) - 1 - FRAMED)).all())
        times = quad_area(card) / max(short * long, 1e-9)
        if not way and framed and FREE_AREA[0] <= times <= FREE_AREA[1] and _under(card, found) <= SEEN_UNDER:
            free.append((abs(math.log(times)), card))
    # Two cores taken whole over one card (the network's and the closer look's): the one nearer
    # the cards' size is the card (held-out Rixes scene 207 of ``--seed 1``: 1.26 times the
    # median, IoU 0.78 with the card, and 1.71, 0.68).
    taken: list[FloatArray] = []
    for _, card in sorted(free, key=lambda pair: pair[0]):
        if all(quad_iou(card, other) < 0.5 for other in taken):
            taken.append(card)
    return grown, np.asarray(taken, np.float32).reshape(-1, 4, 2)


def whole_cards(parts: npt.ArrayLike, cards: npt.ArrayLike, under: float = UNDER) -> list[list[FloatArray]]:
    """For each of ``parts`` (N, 4, 2: quads outlining the part of a card that shows, too square
    for a whole card), the whole cards (4, 2, corners ordered by
    :func:`vision.find.detect.order_corners`) it may be part of, the cards' median size, grown as
    :func:`covered_cards` grows a core: those whose part grown lies at least ``under`` under the
    ``cards`` found beside it, the most first; none for a part lying under them.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> top = card + [0, 60]  # a card laid over the lower part of another
    >>> part = np.array([[0, 0], [63, 0], [63, 60], [0, 60]], np.float32)
    >>> (whole,) = whole_cards(part[None], np.stack([top, card + 100]))[0]
    >>> whole.round(3).tolist() == card.tolist()
    True
    >>> whole_cards(part[None], np.stack([card + 100, card + 200]))  # under nothing found
    [[]]
    """
    cut = np.asarray(parts, np.float32).reshape(-1, 4, 2)
    found = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    if not len(found):
        return [[] for _ in cut]
    width, length = card_size(found)
    return _grown(cut, found, width, length, 0.0, order_corners, under)


def card_size(cards: FloatArray) -> tuple[float, float]:
    """The median width and length (pixels) of the ``cards`` (N, 4, 2, corners in turn)."""
    sides = np.linalg.norm(cards - np.roll(cards, -1, axis=1), axis=2)  # side k: corner k to k + 1
    pairs = np.stack([sides[:, 0] + sides[:, 2], sides[:, 1] + sides[:, 3]], axis=1) / 2
    return float(np.median(pairs.min(axis=1))), float(np.median(pairs.max(axis=1)))


def _core_card(core: FloatArray) -> FloatArray:
    """The card of a whole core: ordered, its first side is its width, as card_from_core takes it."""
    return order_corners(card_from_core(order_corners(core)))


def _grown(cut: FloatArray, found: FloatArray, width: float, length: float, margin: float,
           to_card: Callable[[FloatArray], FloatArray], under: float) -> list[list[FloatArray]]:
    """The cards each of the ``cut`` shapes may be part of, grown to ``width`` by ``length`` (see
    :func:`covered_cards`) and made a card by ``to_card``: those whose part grown lies at least
    ``under`` under the ``found`` cards, the most first."""
    grown: list[list[FloatArray]] = []
    for quad in cut:
        if _under(quad, found) > SEEN_UNDER:
            grown.append([])  # a piece of a card found (a Panorama's cut triangle), not one of its own
            continue
        shapes = _choices(quad.astype(np.float64), width, length, margin)
        choices = [(card, hidden) for card, hidden in ((to_card(c), hidden) for c, hidden in shapes)
                   if quad_area(card) > 0]
        # The share of the hidden part of each card that lies under the cards found (their
        # union: fanned cards overlap).
        share = [_under(card, found) / max(hidden, 1e-9) for card, hidden in choices]
        order = sorted(range(len(choices)), key=lambda k: -share[k])
        grown.append([choices[k][0] for k in order if share[k] >= under])
    return grown


def _under(quad: FloatArray, cards: FloatArray) -> float:
    """The share of ``quad`` lying under the union of ``cards``, counted on a grid of points."""
    x0, y0 = np.floor(quad.min(axis=0)).tolist()
    x1, y1 = np.ceil(quad.max(axis=0)).tolist()
    step = max((x1 - x0) / 24, (y1 - y0) / 24, 1e-6)
    xs, ys = np.meshgrid(np.arange(x0, x1, step), np.arange(y0, y1, step))
    points = np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float32)
    within = inside(quad[None], points)[0]
    if not within.any():
        return 0.0
    covered = inside(cards, points[within]).any(axis=0)
    return float(covered.mean())


def _choices(core: npt.NDArray[np.float64], width: float, length: float,
             margin: float) -> list[tuple[FloatArray, float]]:
    """The whole shapes ``width`` by ``length`` a cut one (corners in order) may be part of: its
    side along either axis whole, the other grown to the whole shape's, one way or the other; and
    the share of each card hidden (beyond the cut, where the covering card's edge lies), the card
    ``margin`` larger than the shape all round (a core's; none for a card's outline)."""
    out: list[tuple[FloatArray, float]] = []
    # Corners 0-1 and 3-2 run along the first axis, 0-3 and 1-2 along the second; the corners
    # beyond a cut across either axis are the last two along the other.
    first = (core[1] - core[0] + core[2] - core[3]) / 2
    second = (core[3] - core[0] + core[2] - core[1]) / 2
    for along, across, far, near in ((first, second, [2, 3], [0, 1]), (second, first, [1, 2], [0, 3])):
        kept, other = float(np.linalg.norm(along)), float(np.linalg.norm(across))
        if other < 1e-6:
            continue
        for whole, full in ((width, length), (length, width)):
            if abs(math.log(max(kept, 1e-6) / whole)) > math.log(WHOLE_SIDE):
                continue
            if not LEAST_SHOWN * full <= other <= CUT_SHORT * full:
                continue
            step = across / other * (full - other)
            beyond, before = core.copy(), core.copy()
            beyond[far] += step
            before[near] -= step
            hidden = (full - other + margin) / (full + 2 * margin)
            out += [(c.astype(np.float32), hidden) for c in (beyond, before)]
    return out
