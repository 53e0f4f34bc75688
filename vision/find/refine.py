"""Placing each found card's corners on the card: the corner-refiner network.

The finders' quads are loose: the finder network traces a blurred core map a
quarter of the frame's size, and contours take in shadows or stop at a card's
border. A card cut along a loose quad is read unsure, or the wrong way up, far
more often than one cut along its true corners. The refiner
(``models/refiner.onnx``, trained by :mod:`models.training.refiner`) looks at a window
around each found quad, warped so that the quad fills the window's middle
(:data:`CARD_IN_WINDOW`) with a margin of a quarter of a card's width all
round, and says where the card's four corners truly lie in that window, and
how sure it is that a card lies there at all. A second look, through the
window of its first answer, places them closer still.

Before the refiner, the finder network looks again: closer where small cards
lie (:func:`look_closer`), farther when a card is large (:func:`look_farther`,
a photo of a few cards, where the network takes pips and pictures for cards);
after it, what is printed on a card seen close goes (:func:`printed`).

Training windows and camera windows are cut by the same function,
:func:`cut_windows`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.covered import NEAR_AREA, card_size, cards_behind
from vision.find.detect import (
    TABLE_AREA,
    FloatArray,
    Image,
    card_on_table,
    on_table,
    order_corners,
    overlap_ious,
    overlap_shares,
    overlaps,
    quad_area,
    quad_areas,
    quad_aspect,
    quad_iou,
    quad_overlap,
    shares_at_least,
)
from vision.find.finders import ON_EDGES, SEEN
from vision.find.outline import EdgeSupports, gradients
from vision.find.rows import alike, around, row_places
from vision.find.segment import CardFinder, CoreMap, Outlines, letterbox_scale
from vision.networks import open_network

#: The window the refiner sees, (width, height) pixels.
WINDOW_SIZE = (96, 120)
#: Where a found quad's corners land in its window (pixel centres, corners in order): a card of
#: 63 by 87 pixels, about a millimetre a pixel, centred, with 16 pixels all round.
CARD_IN_WINDOW = np.array([[16, 16], [79, 16], [79, 103], [16, 103]], np.float32)
#: Looks at each card: the second, through the window of the first answer, is the sharper.
PASSES = 2
#: A refined quad whose card probability is below this is no card (a shadow, the table's pattern).
MIN_CARD = 0.5
#: Two refined quads overlapping by more than this (intersection over the smaller) are one card.
SAME_CARD = 0.6
#: A quad found looking closer, this many times larger or smaller in area than the median card
#: found at the frame's scale, is no card: the cards of one table, seen by one camera, are all
#: about the same size.
SIZE_RANGE = 3.0
#: How much the distance of a quad found looking closer from the median card's area (natural log
#: of their ratio) counts against its card probability and edge support when two quads claim one
#: card.
SIZE_WEIGHT = 0.5
#: How much closer the refined finder looks where it found cards (a table finder, at most): the
#: part of the frame they lie in, a card's length around them, shown to the finder network at
#: twice the scale it sees the whole frame at. Small and crowded cards it missed at the frame's
#: scale (L'Ascension's Panoramas and pale lower rows, cards fanned in a trick) come out.
MAGNIFICATION = 2.0
#: How long the closer look of a table finder (:attr:`RefinedFinder.closer_by_size`) shows the
#: cards found, their median length: as long as cards this many frame pixels long look at the
#: frame's scale (:func:`closer_magnification`). Cards looked at that long need no more, and the
#: closer look's cost grows with the square of its scale: a 36-card pyramid's cards, 95 to 116
#: pixels long in a 1280 by 720 frame, were looked at 1.55 to 1.9 times closer, not twice, and the
#: frame took 70 to 75 ms instead of 87 to 90, as many cards found on L'Ascension's held-out
#: scenes (2026-11-27, afternoon; models/MODELS.md, "The closer look as close as the cards' size
#: asks"). The length counts in the frame's pixels, not the network's: counted in the network's
#: (every finder looking so, that hour), the real photos, smaller than the camera's frame, lost
#: two cards. 150 since the cards are outlined once, looking closer (2026-11-27, evening): 1.34
#: times closer for a pyramid's 112-pixel cards, 3 to 4 ms less a 36-card pyramid, and on 1,000
#: scenes of ``--seed 7`` and ``--seed 8`` as many cards found as at 180 and 3 fewer read right
#: of 30,850 (models/MODELS.md, "The closer look a little farther").
CLOSE_LENGTH = 150.0
#: How much closer a table finder looks, at least. In a frame 720 pixels high it is never reached
#: (cards longer than :data:`LARGE`, 144 pixels, are not looked at closer); in a taller one,
#: cards just under a fifth of its height are still shown 1.25 times larger.
LEAST_MAGNIFICATION = 1.25
#: Cards longer than this share of the frame's height are seen well enough at the frame's scale
#: (a photo of a few cards): the frame is not looked at closer, but farther (:data:`FARTHER`).
LARGE = 0.2
#: How much farther the refined finder looks when it found a card longer than :data:`LARGE`: the
#: whole frame shown to the finder network at a half and at two thirds of the scale it sees it at.
#: Seen that close, a card is larger than any the network was trained on: it takes the card's
#: pips and pictures for cards and may outline the card itself loosely or not at all; farther,
#: the card shows at a size it knows. Only what it finds longer than :data:`LARGE` counts.
FARTHER = (0.5, 0.67)
#: A large quad (longer than :data:`LARGE`) is a card seen close only if its outline lies on the
#: frame's edges at least this much (:func:`vision.find.outline.edge_support`): cards a look from
#: farther runs together into one quad, or that the finders outline as one, lie on almost none.
SEEN_CLOSE = 0.3
#: A quad inside a card seen close and smaller than this share of it, whose own outline does not
#: lie on edges (:data:`vision.find.finders.ON_EDGES`), is printed on the card (a pip, a picture, an
#: index), not a card: a card-shaped quad around a heart or a king follows none of its edges.
PRINTED = 0.2
#: A quad found at the frame's scale this many times the median card's area or larger, not a card
#: seen close, is held to the cards' size like the quads found closer or farther: it is likely
#: cards run together, as cards laid side by side in a trick are by the finders (2026-11-24: on
#: The Crew's held-out scenes, 14 of 31 cards missed lay inside such a quad 1.7 to 3.7 times a
#: card's area, and the closer look had outlined some of them alone).
RUN_TOGETHER = 1.5
#: A card grown whole behind a cut core (:func:`vision.find.covered.covered_cards`) stays only if the
#: refiner places it overlapping the grown quad by this much (IoU) or more.
STAYS = 0.5
#: A card the refiner placed with sides this much longer or shorter (as a share) than the cards
#: about it is placed again, from its quad brought to their size (:meth:`RefinedFinder._sized`): a
#: white card in glare is outlined with the glare, one half washed out by its other half. One
#: more than :data:`ODD_TIMES` times too long or too short is no card to be brought to size.
ODD_SIZE = 0.1
ODD_TIMES = 2.5
#: The fewest cards that tell how large a card lies where (:func:`card_sides`).
SIZED_BY = 4
#: A card kept whose area is this many times that of a card where it lies holds two
#: (:meth:`RefinedFinder._pairs`).
PAIR = (1.6, 2.6)
#: The long over the short sides of a half of such a pair that may be a card: a card seen in
#: moderate perspective (1.40 square on); a half of a square tile (2.0) is none.
HALF_ASPECT = (1.15, 1.75)
#: Pixels from the frame's edge within which a quad is cut by it.
FRAME_MARGIN = 2
#: The refiner's card probability each half of a pair must have: it is surer of two cards laid
#: edge to edge than of the halves of a table's tile it took for a card (0.56 to 0.997 on
#: held-out L'Ascension scene 287, a tiled table).
PAIR_CARD = 0.99
#: A core taken whole (:func:`vision.find.covered.free_cards`) is a card where the refiner places one
#: by this probability or more, about where asked (:data:`STAYS`), no squarer in the frame than
#: :data:`SQUAREST` (a tile of a checked cloth seen square on: 1.00; no card of 11,438 held-out
#: Rixes and Crew cards looked squarer than 1.05), and of a card's shape on the table (long over
#: wide by :func:`vision.find.detect.on_table` within :data:`ON_TABLE`; a card's is 1.40). Looser than
#: :func:`vision.find.detect.card_on_table`, and blind to the size: a card partly under another, placed
#: whole from its core, came out 1.18 long over wide there at 0.67 of a card's area (held-out Rixes
#: scene 304, IoU 0.84 with the card), and its size is held to the cards' by
#: :func:`vision.find.covered.free_cards` already; only one larger than most is held to a card's size
#: there (:data:`NEAR_TABLE_AREA`).
FREE_CARD = 0.99
SQUAREST = 1.03
ON_TABLE = (1.15, 1.65)
#: A core taken whole into a card larger than :data:`vision.find.covered.NEAR_AREA` times the cards'
#: median (a card at the near side of a tilted view, stretched there to 1.76 long over wide and
#: its core past the finder network's card shapes) must also cover this share of a card's area
#: on the table (:func:`vision.find.detect.on_table`), as :func:`vision.find.detect.card_on_table` asks.
NEAR_TABLE_AREA = TABLE_AREA
#: A card beside a card found (:meth:`RefinedFinder._beside`) is one where the refiner places one
#: by this probability or more, long over wide in the frame within :data:`BESIDE_ASPECT` (a tile
#: of a checked cloth, which the refiner takes for a card, is square), at a card's shape and size
#: on the table (:func:`vision.find.detect.card_on_table`); a place is asked about while less than
#: :data:`TAKEN` of it lies under the cards known, and followed at most :data:`BESIDE_REACH`
#: places from a card found before.
BESIDE_CARD = 0.99
BESIDE_ASPECT = (1.15, 1.65)
TAKEN = 0.3
BESIDE_REACH = 2
#: A quad of no triangle lying over a place of a row of triangles (:meth:`RefinedFinder._reseated`)
#: fits it badly below this IoU with the place, and gives way to the triangle the refiner places
#: there when that fits the place at least :data:`RESEAT_GAIN` better: a Panorama at an end of its
#: row that a finder outlined askew, with the table about it.
RESEAT_FIT = 0.7
RESEAT_GAIN = 0.1
REFINER_VERSION = 1


def window_transform(quad: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The homography from window pixels to frame pixels that lays :data:`CARD_IN_WINDOW` on
    ``quad`` (corners in order).

    >>> square = CARD_IN_WINDOW + 100
    >>> window_transform(square).round(6).tolist()[0]
    [1.0, 0.0, 100.0]
    """
    q = np.asarray(quad, np.float32).reshape(4, 2)
    return np.asarray(cv2.getPerspectiveTransform(CARD_IN_WINDOW, q), np.float64)


def cut_windows(frame: Image, quads: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The window (N, H, W, 3) of ``frame`` around each quad (N, 4, 2): see :func:`window_transform`.
    Outside the frame the window is black."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    w, h = WINDOW_SIZE
    out = np.zeros((len(q), h, w, 3), np.uint8)
    for k, quad in enumerate(q):
        out[k] = cv2.warpPerspective(frame, window_transform(quad), (w, h),
                                     flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                     borderMode=cv2.BORDER_CONSTANT)
    return out


def to_frame(quads: npt.ArrayLike, corners: npt.ArrayLike) -> FloatArray:
    """Corners (N, 4, 2) given in the windows of ``quads`` (N, 4, 2), in frame pixels.

    >>> quad = (CARD_IN_WINDOW * 2 + 10)[None]
    >>> to_frame(quad, CARD_IN_WINDOW[None] + 1)[0, 0].tolist()
    [44.0, 44.0]
    """
    return _carry(quads, corners, to_window=False)


def to_window(quads: npt.ArrayLike, corners: npt.ArrayLike) -> FloatArray:
    """Corners (N, 4, 2) given in frame pixels, in the windows of ``quads``: :func:`to_frame`'s inverse.

    >>> quad = (CARD_IN_WINDOW * 2 + 10)[None]
    >>> to_window(quad, to_frame(quad, CARD_IN_WINDOW[None] + 1))[0, 0].round(4).tolist()
    [17.0, 17.0]
    """
    return _carry(quads, corners, to_window=True)


def _carry(quads: npt.ArrayLike, corners: npt.ArrayLike, *, to_window: bool) -> FloatArray:
    """Each quad's corners carried through its :func:`window_transform`, or its inverse."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    c = np.asarray(corners, np.float32).reshape(-1, 4, 2)
    out = np.empty_like(c)
    for k in range(len(q)):
        transform = window_transform(q[k])
        out[k] = cv2.perspectiveTransform(c[k][None], np.linalg.inv(transform) if to_window else transform)[0]
    return out


@dataclass(frozen=True)
class Refined:
    """Refined corners (N, 4, 2), in the order of the quads given, and the probability that each
    is a card."""

    quads: FloatArray
    card: npt.NDArray[np.float32]


def default_refiner_path() -> Path:
    """The shipped corner refiner, ``models/refiner.onnx``."""
    return Path(__file__).resolve().parents[2] / "models" / "refiner.onnx"


def lean_refiner_path() -> Path:
    """The lean finder's corner refiner, ``models/refiner-lean.onnx``: its first layer steps two
    pixels at a time (:mod:`models.training.refiner`), half the shipped refiner's time a window."""
    return default_refiner_path().with_name("refiner-lean.onnx")


@dataclass
class CornerRefiner:
    """The corner-refiner network run by onnxruntime on one thread."""

    path: Path = field(default_factory=default_refiner_path)
    passes: int = PASSES

    def __post_init__(self) -> None:
        # The command that writes this file again, in the message when it is missing or unreadable.
        lean = self.path.resolve() == lean_refiner_path()
        self._session, self.metadata = open_network(
            self.path, "corner-refiner", "refiner_missing", "refiner_unreadable",
            command="companion train-refiner --lean" if lean else "companion train-refiner")

    def look(self, frame: Image, quads: npt.ArrayLike) -> Refined:
        """One look: the corners the network places in each quad's window, in frame pixels."""
        q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        if len(q) == 0:
            return Refined(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32))
        corners, card = self._session.run(None, {"windows": cut_windows(frame, q)})
        return Refined(to_frame(q, corners), np.asarray(card, np.float32).reshape(-1))

    def refine(self, frame: Image, quads: npt.ArrayLike) -> Refined:
        """:attr:`passes` looks, each through the windows of the one before; the card
        probability is the last look's."""
        return self.screen(frame, quads, least=0.0)[0]

    def screen(self, frame: Image, quads: npt.ArrayLike, least: float = MIN_CARD
               ) -> tuple[Refined, npt.NDArray[np.intp]]:
        """:attr:`passes` looks, each through the windows of the one before, a quad dropped as
        soon as a look gives it a card probability under ``least`` (where most quads asked about
        hold no card, the later looks are spared); with the quads left, the indices of the quads
        given that they are (their order kept)."""
        refined = Refined(np.asarray(quads, np.float32).reshape(-1, 4, 2), np.ones(0, np.float32))
        left = np.arange(len(refined.quads))
        for _ in range(max(1, self.passes)):
            refined = self.look(frame, refined.quads)
            card = refined.card >= least
            refined, left = Refined(refined.quads[card], refined.card[card]), left[card]
        return refined, left


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
    :data:`PRINTED` of it, and not on edges themselves (below :data:`vision.find.finders.ON_EDGES`).
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


def closer_region(shape: tuple[int, ...], quads: npt.ArrayLike) -> tuple[int, int, int, int] | None:
    """The part of a frame (x, y, width, height) the cards ``quads`` (N, 4, 2) lie in, with a
    card's length around them; None when there are no cards, or when they are large
    (:data:`LARGE`).

    >>> card = np.array([[600, 300], [663, 300], [663, 388], [600, 388]], np.float32)
    >>> closer_region((720, 1280, 3), np.stack([card, card + 100]))
    (512, 212, 339, 364)
    >>> closer_region((720, 1280, 3), card[None] * 3) is None
    True
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(q) == 0:
        return None
    return region_about(shape, q.reshape(-1, 2).min(axis=0), q.reshape(-1, 2).max(axis=0),
                        float(np.median(lengths(q))))


def region_about(shape: tuple[int, ...], lo: npt.NDArray[np.floating[Any]], hi: npt.NDArray[np.floating[Any]],
                 length: float) -> tuple[int, int, int, int] | None:
    """The part of a frame of ``shape`` (x, y, width, height) holding the box from ``lo`` to
    ``hi`` (x, y) with ``length`` all round it, cut to the frame (:func:`closer_region`, the box
    around cards that long); None when the cards are large (:data:`LARGE`) or it holds no pixel.

    >>> region_about((720, 1280, 3), np.array([600.0, 300.0]), np.array([763.0, 488.0]), 100.0)
    (500, 200, 363, 388)
    >>> region_about((720, 1280, 3), np.array([600.0, 300.0]), np.array([763.0, 488.0]), 150.0) is None
    True
    """
    h, w = shape[:2]
    if length > LARGE * h:
        return None
    x0, y0 = np.maximum(np.floor(lo - length), 0).astype(int).tolist()
    x1, y1 = np.minimum(np.ceil(hi + length), [w, h]).astype(int).tolist()
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def closer_magnification(quads: npt.ArrayLike) -> float:
    """How much closer than at the whole frame to look at the cards ``quads`` (N, 4,
    2): enough to show them as long as cards of :data:`CLOSE_LENGTH` frame pixels look at the
    frame's scale (their median length), between :data:`LEAST_MAGNIFICATION` and
    :data:`MAGNIFICATION` times.

    >>> card = np.array([[600, 300], [680, 300], [680, 412], [600, 412]], np.float32)  # 112 long
    >>> round(closer_magnification(card[None]), 3)
    1.339
    >>> closer_magnification(card[None] / 2), closer_magnification(card[None] * 1.3)
    (2.0, 1.25)
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(q) == 0:
        return MAGNIFICATION
    return magnification_for(float(np.median(lengths(q))))


def magnification_for(length: float) -> float:
    """How much closer than at the whole frame to look at cards ``length`` frame pixels long:
    :func:`closer_magnification` of cards of that median length.

    >>> round(magnification_for(112.0), 3), magnification_for(60.0), magnification_for(150.0)
    (1.339, 2.0, 1.25)
    """
    return float(np.clip(CLOSE_LENGTH / max(length, 1e-6), LEAST_MAGNIFICATION, MAGNIFICATION))


def look_closer(network: CardFinder, frame: Image, quads: npt.ArrayLike,
                magnification: float | None = None) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) of the cards the
    finder ``network`` sees whole in the :func:`closer_region` of ``quads``, looking
    ``magnification`` times closer than at the whole frame (by default, as much as the cards'
    size asks: :func:`closer_magnification`)."""
    region = closer_region(frame.shape, quads)
    if magnification is None:
        magnification = closer_magnification(quads)
    return look_closer_at(network, frame, region, magnification)


def look_closer_at(network: CardFinder, frame: Image, region: tuple[int, int, int, int] | None,
                   magnification: float) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) of the cards the
    finder ``network`` sees whole in the part ``region`` (x, y, width, height) of ``frame``,
    looking ``magnification`` times closer than at the whole frame (:func:`look_closer`); none
    for no region."""
    if region is None:
        return Outlines.of(np.zeros((0, 4, 2), np.float32))
    x, y, w, h = region
    scale = magnification * letterbox_scale(frame.shape)
    cores, scale = network.core_map(np.ascontiguousarray(frame[y:y + h, x:x + w]), scale)
    found, triangular, partial, _ = network.outlines(cores, scale, closer=magnification)
    # A card cut by the region's edge is no card of the region: the cards found lie well inside.
    whole = np.asarray([(quad[:, 0] > 1).all() and (quad[:, 1] > 1).all() and (quad[:, 0] < w - 2).all()
                        and (quad[:, 1] < h - 2).all() for quad in found], np.bool_).reshape(-1)
    offset = np.array([x, y], np.float32)
    return Outlines(np.ascontiguousarray(found[whole] + offset), triangular[whole],
                    np.ascontiguousarray(partial + offset))


def lengths(quads: FloatArray) -> npt.NDArray[np.float64]:
    """The length of each quad's left side (from its first corner to its last, corners ordered by
    :func:`vision.find.detect.order_corners`): a card's length when it lies about upright.

    >>> lengths(np.array([[[0, 0], [63, 0], [63, 88], [0, 88]]], np.float32)).tolist()
    [88.0]
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    return np.asarray(np.linalg.norm(q[:, 0] - q[:, 3], axis=1), np.float64)


def look_farther(network: CardFinder, frame: Image, quads: npt.ArrayLike,
                 scales: tuple[float, ...] = FARTHER) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) longer than
    :data:`LARGE` of the frame's height that the finder ``network`` sees in the whole frame shown
    ``scales`` times as large as it sees it (:data:`FARTHER`), with the cores cut short it saw
    (:attr:`vision.find.segment.Outlines.partial`); none, without looking, unless one of ``quads`` is
    that long: only then may the frame be a close-up."""
    large = LARGE * frame.shape[0]
    found = [Outlines.of(np.zeros((0, 4, 2), np.float32))]
    if (lengths(np.asarray(quads, np.float32)) > large).any():
        for times in scales:
            cores, scale = network.core_map(frame, times * letterbox_scale(frame.shape))
            found.append(network.outlines(cores, scale, closer=times))
    far = np.concatenate([outline.quads for outline in found]).reshape(-1, 4, 2)
    triangular = np.concatenate([outline.triangular for outline in found]).astype(np.bool_)
    partial = np.concatenate([outline.partial for outline in found]).reshape(-1, 4, 2)
    long = lengths(far) > large
    return Outlines(np.ascontiguousarray(far[long], np.float32), triangular[long],
                    np.ascontiguousarray(partial, np.float32))


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
    cards ``kept`` (:data:`ON_TABLE`), and, larger in the frame than :data:`vision.find.covered.NEAR_AREA`
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
    :data:`vision.find.finders.SEEN` or more; every place when there is no map (the contours alone).

    Where the refiner looks for a card no finder outlined, beside a card or in a row of
    Panoramas, most places hold the bare table, and the refiner's look at each is the step's
    cost. In 600 held-out scenes of the four games that no evaluation reads, every card the
    two steps found on a true card lay where the map showed a card it could not outline (0.93
    or more: two cores run together, a card in glare), while 93-96% of the places asked about
    lay under 0.5, with most of the cards the refiner placed where none lies
    (``models/MODELS.md``, "Places beside a card looked at only where the network saw a card").

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


#: A card the closer look outlined whose outline lies on the frame's edges this much or more
#: (:func:`vision.find.outline.edge_support`) is taken as outlined, placed by no refiner
#: (:attr:`RefinedFinder.as_outlined`): its corners lie on the card already.
AS_OUTLINED = 0.9
#: A quad the closer look found overlapping a card found at the frame's scale by this much (IoU),
#: both triangles or neither, is that card outlined more finely (:func:`sharpened`).
SHARPER = 0.7


def sharpened(quads: FloatArray, triangular: npt.NDArray[np.bool_], closer: Outlines
               ) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
    """``quads`` (found at the frame's scale, each marked ``triangular`` or not), each replaced
    by the quad of the ``closer`` look that is the same card (:data:`SHARPER`), and which were.

    The closer look sees the cards from more pixels. Looking twice closer, on 30 held-out
    L'Ascension scenes that no evaluation reads, its quads lay 2.4 pixels from the cards' corners
    at the median where the frame's lay 4.1, and one look of the shipped refiner placed them as
    closely (0.47 pixels) as two looks placed the frame's (0.48); one look of the lean refiner,
    0.43. Looking only as close as the cards' size asks (1.55 to 1.9 times for a pyramid's, then
    1.3 to 1.6), the held-out sets read as well (models/MODELS.md, "The closer look as close as
    the cards' size asks", "The closer look a little farther").
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    sharp = np.zeros(len(q), np.bool_)
    if not len(q) or not len(closer.quads):
        return q, sharp
    iou = overlap_ious(q, closer.quads)
    iou[np.asarray(triangular, np.bool_).reshape(-1)[:, None] != closer.triangular[None]] = 0.0
    best = iou.argmax(axis=1)
    sharp = iou[np.arange(len(q)), best] >= SHARPER
    out = q.copy()
    out[sharp] = closer.quads[best[sharp]]
    return out, sharp


def _new(known: FloatArray, found: FloatArray) -> list[int]:
    """The indices of the quads of ``found`` on no card ``known`` or found before them
    (intersection over union below a half), the larger first."""
    known = np.asarray(known, np.float32).reshape(-1, 4, 2)
    found = np.asarray(found, np.float32).reshape(-1, 4, 2)
    iou = overlap_ious(found, np.concatenate([known, found]))
    areas = quad_areas(found)
    kept = list(range(len(known)))
    fresh: list[int] = []
    for k in sorted(range(len(found)), key=lambda i: -areas[i]):
        if (iou[k, kept] > 0.5).any():
            continue
        kept.append(len(known) + k)
        fresh.append(k)
    return fresh


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


class _Looks(NamedTuple):
    """What a :class:`RefinedFinder`'s looks found, for its refiner to place: the ``quads`` (N, 4,
    2), the first ``found`` of them at the frame's scale (or where its map showed a core), the
    next ``farther`` looking farther (``far_triangular`` says which of those are triangles), the
    rest looking closer; ``once``, those one look of the sharpener places; the outlines of the
    ``triangles`` any look saw, the ``partial`` cores, and the whole frame's core map ``seen``."""

    quads: FloatArray
    once: npt.NDArray[np.bool_]
    found: int
    farther: int
    far_triangular: npt.NDArray[np.bool_]
    triangles: FloatArray
    partial: FloatArray
    seen: CoreMap | None


@dataclass
class RefinedFinder:
    """A finder whose quads the corner refiner places on the cards (:func:`settle`); with a
    ``closer`` finder (the finder network), it also looks closer where it found cards
    (:func:`look_closer`), and farther when it found a large one (:func:`look_farther`), and
    refines what it finds there too; quads printed on a card seen close are dropped
    (:func:`printed`).

    ``finder`` gives quads, or :class:`vision.find.segment.Outlines` that also say which are
    triangles; the refined cards keep that mark (:meth:`outlines`). Called, it gives the quads."""

    finder: Callable[[Image], FloatArray | Outlines]
    refiner: CornerRefiner = field(default_factory=CornerRefiner)
    closer: CardFinder | None = None
    #: Grow the cores of cards partly under another whole (:func:`vision.find.covered.covered_cards`).
    covered: bool = True
    #: Take whole the cores of no card's shape that no card covers (:func:`vision.find.covered.free_cards`):
    #: cards foreshortened in a tilted view.
    free: bool = True
    #: Place again the cards placed at a size unlike their neighbours' (:meth:`_sized`).
    sized: bool = True
    #: Look for the triangular cards a row of them leaves out (:meth:`_in_rows`).
    rows: bool = True
    #: Give a row of triangles' places to the triangles placed there, over the quads of no triangle
    #: that fit them badly (:meth:`_reseated`).
    reseat: bool = True
    #: Part the quads holding two cards laid edge to edge (:meth:`_pairs`).
    pairs: bool = True
    #: Look for the cards laid beside those found along their width, and half a card aside above
    #: and below them (:meth:`_beside`).
    beside: bool = True
    #: Let the quads squarer than a card give way to the cards those two steps find over them
    #: (:func:`gives_way`).
    give_way: bool = True
    #: The refiner whose one look places a card the closer look outlined too, on that finer quad
    #: (:func:`sharpened`); None: every card gets :attr:`refiner`'s looks. L'Ascension's table
    #: finder has the lean refiner here: its pyramid's small cards, seen by the closer look from
    #: two and a half to four times their pixels, need no second look. The Crew's and Rixes' large
    #: cards, read on one look, came out worse (models/MODELS.md, "The closer look's quads placed
    #: by one look").
    sharpen: CornerRefiner | None = None
    #: Look closer only as much as the cards' size asks (:func:`magnification_for`), not
    #: :data:`MAGNIFICATION` times always, and outline the cards in that look alone: the whole
    #: frame's look, the :attr:`closer` network's, tells where the cards lie and how long they
    #: are from its map's regions, outlining none (:meth:`_closer_looks`). L'Ascension's table
    #: finder, whose pyramid's cards are found as well looked at 1.34 times closer, and whose
    #: closer look outlined every card the whole frame's did, and finer. The Crew's and Rixes'
    #: full finders, asked to look as close as their cards' size asks, came out worse: two cards
    #: more read wrong with confidence in The Crew's tricks, three more found but none read in
    #: Rixes' (models/MODELS.md, "The closer look as close as the cards' size asks").
    closer_by_size: bool = False
    #: Take the cards marked for :attr:`sharpen`'s one look whose outline lies on the frame's
    #: edges this much or more (:data:`AS_OUTLINED`) as they were outlined, placed by no look,
    #: a card for sure (two looks of the network saw it): L'Ascension's table finder, where the
    #: closer look outlines most cards on their edges. None: every such card is looked at.
    as_outlined: float | None = None
    #: Its quads lie on the cards' corners, not loosely around them (see :func:`vision.read.recognise.askew`).
    corners_placed: ClassVar[bool] = True

    def __call__(self, frame: Image) -> FloatArray:
        return self.find(frame)

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as
        :func:`vision.find.detect.order_corners`."""
        return self.outlines(frame).quads

    def look(self, frame: Image, quads: FloatArray) -> FloatArray:
        """Where one look of its refiner places ``quads`` (N, 4, 2), corners in their order (what
        :func:`vision.read.reread.read_again` reads an unsure card on)."""
        return self.refiner.look(frame, quads).quads

    def outlines(self, frame: Image) -> Outlines:
        """:meth:`find`'s quads, each marked triangular when the finder, the closer look or the
        far look saw it as a triangle."""
        if self.closer_by_size and self.closer is not None:
            seen = CoreMap(*self.closer.core_map(frame))
            looks = self._closer_looks(frame, seen)
            if looks is None:
                # No core seen, or one as long as a card seen close: the cards outlined at the
                # frame's scale first, as the full finder outlines them.
                looks = self._looks(frame, self.closer.outlines(*seen)._replace(seen=seen))
        else:
            looks = self._looks(frame, Outlines.of(self.finder(frame)))
        return self._settled(frame, looks)

    def _looks(self, frame: Image, first: Outlines) -> _Looks:
        """The cards the finder found (``first``) and, with a :attr:`closer` finder, those it
        found looking closer and farther too."""
        quads = np.asarray(first.quads, np.float32).reshape(-1, 4, 2)
        triangles = list(quads[first.triangular])
        found = len(quads)
        closer = farther = np.zeros((0, 4, 2), np.float32)
        far_triangular = np.zeros(0, np.bool_)
        partial = [first.partial]
        sharp = np.zeros(found, np.bool_)
        if self.closer is not None:
            more = look_closer(self.closer, frame, quads, None if self.closer_by_size else MAGNIFICATION)
            far = look_farther(self.closer, frame, quads)
            if self.sharpen is not None:
                # A card the closer look outlined too is outlined there from more pixels:
                # that quad takes the card's place, and one look places it.
                quads, sharp = sharpened(quads, first.triangular, more)
            closer = more.quads[_new(quads, more.quads)].reshape(-1, 4, 2)
            triangles += list(more.quads[more.triangular])
            partial.append(more.partial)
            partial.append(far.partial)
            fresh = _new(np.concatenate([quads, closer]), far.quads)
            farther, far_triangular = far.quads[fresh].reshape(-1, 4, 2), far.triangular[fresh]
            triangles += list(farther[far_triangular])
        once = np.concatenate([sharp, np.zeros(len(farther) + len(closer), np.bool_)])
        shapes = np.asarray(triangles, np.float32).reshape(-1, 4, 2)
        return _Looks(np.concatenate([quads, farther, closer]), once, found, len(farther), far_triangular,
                      shapes, np.concatenate(partial), first.seen)

    def _closer_looks(self, frame: Image, seen: CoreMap) -> _Looks | None:
        """The cards the :attr:`closer` finder outlines looking closer at the part of the frame
        where its map ``seen`` of the whole frame shows cores, as close as their size asks
        (:meth:`vision.find.segment.CoreMap.extent`, :func:`magnification_for`); those where the whole
        frame's map shows a core under their centre (:meth:`vision.find.segment.CoreMap.shows`) to be
        placed by one look of :attr:`sharpen` (given); the others, which the whole frame's look
        missed, held to their size (:func:`settle`). None when the map shows no core, or a core
        as long as a card seen close (:data:`LARGE`).

        The cards are outlined once: looked at from more pixels, the closer look outlines the
        cards the whole frame's look outlines, and finer (:func:`sharpened`). Of that look's
        outlines only where the cards lie and how long they are was used, and its map tells both.
        """
        assert self.closer is not None
        extent = self.closer.extent(seen)
        # A core as long as a card seen close may be one (a photo of a few cards, whose pips and
        # pictures the network outlines too): such a frame is outlined at its own scale first,
        # looked at farther, and, unless most cards are that long, closer.
        if extent is None or extent.longest > LARGE * frame.shape[0]:
            return None
        region = region_about(frame.shape, extent.lo, extent.hi, extent.length)
        if region is None:
            return None
        more = look_closer_at(self.closer, frame, region, magnification_for(extent.length))
        shown = seen.shows(more.quads.mean(axis=1), self.closer.threshold)
        found = int(shown.sum())
        once = (np.arange(len(shown)) < found) & (self.sharpen is not None)
        return _Looks(np.concatenate([more.quads[shown], more.quads[~shown]]), once, found, 0,
                      np.zeros(0, np.bool_), more.quads[more.triangular], more.partial, seen)

    def _settled(self, frame: Image, looks: _Looks) -> Outlines:
        """The cards of ``looks`` placed by the refiner, each card once, and those the steps after
        it find: cards partly under another, brought to size, parted, in rows, beside."""
        found, farther = looks.found, looks.farther
        # Each quad's edge support measured once: the steps below ask it of the cards kept again.
        supports = EdgeSupports(gradients(frame))
        refined = self._placed(frame, looks.quads, looks.once, supports)
        ordered = refined.quads
        support = supports(ordered)
        card = refined.card.copy()
        # Two cards run together when looked at from farther lie on few edges: no card seen close.
        # A quad the network saw as a triangle is a Panorama, not cards run together, even where its
        # loose outline (a pale Panorama's) lies on few edges.
        looked_farther = slice(found, found + farther)
        card[looked_farther] = np.where((support[looked_farther] < SEEN_CLOSE) & ~looks.far_triangular, 0.0,
                                        card[looked_farther])
        large = LARGE * frame.shape[0]
        card[printed(ordered, card, support, large)] = 0.0
        kept = settle(ordered, card, found=found, farther=farther, support=support, large=large)
        behind = self._behind(frame, kept, looks.partial)
        if behind is not None:
            # Cards partly under those kept, and cores taken whole, join the others, held to their
            # size as the quads found closer are: where one was hidden by a quad astride it and
            # its neighbour, it may well be the better card.
            kept = settle(np.concatenate([ordered, behind.quads]), np.concatenate([card, behind.card]),
                          found=found, farther=farther, large=large,
                          support=np.concatenate([support, supports(behind.quads)]))
        shapes = looks.triangles
        # A card placed again keeps its index: the marks hold for the pairs too.
        triangular = Outlines.marked(kept, shapes).triangular
        if self.sized:
            kept = self._sized(frame, kept, triangular, supports(kept))
        if self.pairs:
            kept = self._pairs(frame, kept, triangular, supports(kept))
        if self.rows:
            triangular = Outlines.marked(kept, shapes).triangular
            in_rows = self._in_rows(frame, kept, triangular, looks.seen)
            kept = self._kept_with(kept, triangular, in_rows)
            shapes = np.concatenate([shapes, in_rows])
            if self.reseat:
                kept, reseated = self._reseated(frame, kept, Outlines.marked(kept, shapes).triangular)
                shapes = np.concatenate([shapes, reseated])
        if self.beside:
            triangular = Outlines.marked(kept, shapes).triangular
            beside = self._beside(frame, kept, triangular, looks.seen)
            kept = self._kept_with(kept, triangular, beside)
        # A card where either look saw a triangle is one, whichever quad of it the refiner kept.
        return Outlines.marked(kept, shapes)

    def _yielding(self, kept: FloatArray, triangular: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """Which of the cards ``kept`` may give way to a card found in a row or beside: the
        :func:`_squat` ones, given :attr:`give_way`; the others hold their place."""
        return _squat(kept, triangular) if self.give_way else np.zeros(len(kept), np.bool_)

    def _kept_with(self, kept: FloatArray, triangular: npt.NDArray[np.bool_],
                   found: FloatArray) -> FloatArray:
        """``kept`` with the cards ``found`` in a row or beside, less, given :attr:`give_way`,
        those of either that give way to the other (:func:`gives_way`)."""
        if self.give_way:
            way, off = gives_way(kept, triangular, found)
            kept, found = kept[~way], found[~off]
        return np.concatenate([kept, found])

    def _beside(self, frame: Image, kept: FloatArray, triangular: npt.NDArray[np.bool_],
                seen: CoreMap | None = None) -> FloatArray:
        """The cards the refiner places beside the cards ``kept`` along their width
        (:func:`vision.find.rows.beside`), and half a card aside above and below them
        (:func:`vision.find.rows.astride`; only about a card with a card found at one of those
        places already): a row laid before a seat, or a pyramid's rows, where a white card in
        glare is outlined by no finder and the cards beside it are. Only cards of
        a card's shape in the frame (:data:`BESIDE_ASPECT`) are stepped from, and a place is
        asked about when its centre lies in the frame, less than :data:`TAKEN` of it under a
        card known, and, given the core map ``seen`` of the whole frame, where the finder network
        saw a card (:func:`_shown`).
        The card placed there stays when the refiner is sure of it
        (:data:`BESIDE_CARD`), it lies about where asked (:data:`STAYS`), :data:`FRAME_MARGIN`
        pixels or more inside the frame, of a card's shape in the frame and on the table the
        cards found tell (:func:`vision.find.detect.card_on_table`), and over no card known
        (:data:`SAME_CARD`); from each card found so, the place one step farther the same way is
        asked about next, up to :data:`BESIDE_REACH` places from a card kept. The cards known
        are those of ``kept`` that hold their place (:meth:`_yielding`)."""
        cards = kept[~triangular]

        def shaped(quad: FloatArray) -> bool:
            return BESIDE_ASPECT[0] <= quad_aspect(quad) <= BESIDE_ASPECT[1]

        origins = np.asarray([q for q in cards if shaped(q)], np.float32).reshape(-1, 4, 2)
        if len(cards) < 2 or not len(origins):
            return np.zeros((0, 4, 2), np.float32)
        standing = kept[~self._yielding(kept, triangular)]
        # Beside each card (its first two places), then half a card aside above and below it.
        nearby = around(origins)
        # Half a card aside above or below only a card that has a card there already: a
        # pyramid's rows, not the cards before a seat, where those places are the bare table.
        stacked = shares_at_least(nearby[:, 2:].reshape(-1, 4, 2), standing, SAME_CARD).any(axis=1)
        in_pyramid = stacked.reshape(-1, 4).any(axis=1, keepdims=True)
        asking = np.concatenate([np.ones((len(origins), 2), np.bool_), np.repeat(in_pyramid, 4, axis=1)],
                                axis=1)
        places = nearby[asking]
        # The card each place steps from.
        starts = np.repeat(origins.mean(axis=1)[:, None], nearby.shape[1], axis=1)[asking]
        found: list[FloatArray] = []
        for _ in range(BESIDE_REACH):
            known = np.concatenate([standing, np.asarray(found, np.float32).reshape(-1, 4, 2)])
            asked = _centred_in(places, frame.shape) & ~shares_at_least(places, known, TAKEN).any(axis=1)
            asked[asked] = _shown(seen, places[asked])
            places, starts = places[asked], starts[asked]
            if not len(places):
                break
            # Most places hold the table: each is looked at again only while a card is seen there.
            placed, left = self.refiner.screen(frame, places)
            places, starts = places[left], starts[left]
            farther: list[FloatArray] = []
            froms: list[FloatArray] = []
            ordered = np.asarray([order_corners(q) for q in placed.quads], np.float32).reshape(-1, 4, 2)
            inside = _framed(ordered, frame.shape)
            for k, quad in enumerate(ordered):
                known = np.concatenate([standing, np.asarray(found, np.float32).reshape(-1, 4, 2)])
                if (placed.card[k] >= BESIDE_CARD and quad_iou(quad, places[k]) >= STAYS and inside[k]
                        and shaped(quad) and card_on_table(quad, cards)
                        and not shares_at_least(quad[None], known, SAME_CARD).any()):
                    found.append(quad)
                    # One pitch farther: the step from the card before to this one.
                    farther.append(quad + (quad.mean(axis=0) - starts[k]))
                    froms.append(quad.mean(axis=0))
            places = np.asarray(farther, np.float32).reshape(-1, 4, 2)
            starts = np.asarray(froms, np.float32).reshape(-1, 2)
        return np.asarray(found, np.float32).reshape(-1, 4, 2)

    def _in_rows(self, frame: Image, kept: FloatArray, triangular: npt.NDArray[np.bool_],
                 seen: CoreMap | None = None) -> FloatArray:
        """The triangular cards the refiner places where the row of triangles ``kept`` leaves a
        card's place empty (:func:`vision.find.rows.row_places`), a place in the frame and, given
        the core map ``seen`` of the whole frame, where the finder network saw a card
        (:func:`_shown`), overlapping the place by
        :data:`STAYS` (IoU) or more, a card by its probability, on no card kept, and looking like
        the row's cards (:func:`vision.find.rows.alike`); beyond an end of the row, only as far as each
        place holds one. The cards kept are those that hold their place (:meth:`_yielding`)."""
        places, after = row_places(kept[triangular])
        if not len(places):
            return np.zeros((0, 4, 2), np.float32)
        asked = _centred_in(places, frame.shape)
        asked[asked] = _shown(seen, places[asked])
        # A place not asked about keeps its quad, as no card.
        placed = Refined(places.copy(), np.zeros(len(places), np.float32))
        if asked.any():
            looked = self._placed(frame, places[asked])
            placed.quads[asked], placed.card[asked] = looked.quads, looked.card
        standing = kept[~self._yielding(kept, triangular)]
        on_kept = shares_at_least(placed.quads, standing, SAME_CARD).any(axis=1)
        good = asked & (placed.card >= MIN_CARD) & ~on_kept & _stayed(placed.quads, places)
        # Only the places still in the running are cut out and compared: each is judged alone
        # against the row's cards.
        if good.any():
            good[good] = alike(frame, kept[triangular], placed.quads[good])
        found: list[FloatArray] = []
        for k in range(len(places)):
            # Beyond an end, a place is looked at only if the one before it holds a card.
            good[k] &= after[k] < 0 or bool(good[after[k]])
            if good[k] and all(quad_iou(placed.quads[k], q) < 0.5 for q in found):
                found.append(placed.quads[k])
        return np.asarray(found, np.float32).reshape(-1, 4, 2)

    def _reseated(self, frame: Image, kept: FloatArray,
                  triangular: npt.NDArray[np.bool_]) -> tuple[FloatArray, FloatArray]:
        """The cards ``kept``, each quad of no triangle that lies over a place of the row of
        triangles kept (a gap between two, or the first place beyond an end:
        :func:`vision.find.rows.row_places`) by :data:`SAME_CARD` of the smaller and fits it worse than
        :data:`RESEAT_FIT` (IoU) replaced by the triangular card the refiner places there, where
        it places one by its probability, about where asked (:data:`STAYS`), fitting the place
        :data:`RESEAT_GAIN` better, looking like the row's cards (:func:`vision.find.rows.alike`) and
        over no other card kept; and the triangles so placed. The finders outline a pale Panorama
        at an end of its row askew, with the table about it, and such a quad, no triangle, took
        the place the row leaves for it (held-out L'Ascension scenes: 15 of the 73 cards missed on
        ``--seed 0`` found so, 18 of the 59 on ``--seed 1``)."""
        none = np.zeros((0, 4, 2), np.float32)
        places, after = row_places(kept[triangular])
        places = places[after < 0]
        if not len(places):
            return kept, none
        over = shares_at_least(places, kept, SAME_CARD)
        # Each place, the quad over it, and how well that quad fits it.
        asked = [(int(p), int(j), was) for p, j in zip(*np.nonzero(over & ~triangular[None]), strict=True)
                 if (was := quad_iou(kept[j], places[p])) < RESEAT_FIT]
        if not asked:
            return kept, none
        spots = places[[p for p, _, _ in asked]]
        placed = self._placed(frame, spots)
        like = alike(frame, kept[triangular], placed.quads)
        out = kept.copy()
        reseated: list[FloatArray] = []
        done: set[int] = set()
        for k, (_, j, was) in enumerate(asked):
            fit = quad_iou(placed.quads[k], spots[k])
            if j in done or placed.card[k] < MIN_CARD or not like[k] or fit < max(STAYS, was + RESEAT_GAIN) \
                    or shares_at_least(placed.quads[k][None], np.delete(kept, j, axis=0), SAME_CARD).any():
                continue
            out[j] = placed.quads[k]
            reseated.append(placed.quads[k])
            done.add(j)
        return out, np.asarray(reseated, np.float32).reshape(-1, 4, 2)

    def _sized(self, frame: Image, kept: FloatArray, triangular: npt.NDArray[np.bool_],
               support: npt.NDArray[np.float64]) -> FloatArray:
        """The cards ``kept``, each placed with sides :data:`ODD_SIZE` off those about it placed again
        from its quad brought to their size, where the refiner then places it closer to that size,
        on a card and not over another. The size a card has where it lies is told by the cards
        whose outline lies on edges (``support``, :data:`vision.find.finders.ON_EDGES`), and only the
        others are placed again; triangles, another shape of card, are left as they are."""
        cards = np.flatnonzero(~triangular)
        sure = support[cards] >= ON_EDGES
        expected = card_sides(kept[cards][sure], kept[cards])
        if expected is None:
            return kept
        sides = np.sqrt(quad_areas(kept[cards]))
        ratio = sides / np.maximum(expected, 1e-9)  # a plane drawn far from its cards may fall to 0
        odd = (np.abs(ratio - 1) >= ODD_SIZE) & (ratio > 1 / ODD_TIMES) & (ratio < ODD_TIMES) & ~sure
        if not odd.any():
            return kept
        quads = kept[cards[odd]]
        centres = quads.mean(axis=1, keepdims=True)
        again = self._placed(frame, (quads - centres) / ratio[odd, None, None] + centres)
        out = kept.copy()
        for k, i in enumerate(cards[odd]):
            new = again.quads[k]
            closer = abs(np.log(np.sqrt(quad_area(new)) / expected[odd][k])) <= abs(np.log(ratio[odd][k])) / 2
            over = shares_at_least(new, np.delete(kept, i, axis=0), SAME_CARD)[0]
            if closer and again.card[k] >= MIN_CARD and not over.any():
                out[i] = new
        return out

    def _pairs(self, frame: Image, kept: FloatArray, triangular: npt.NDArray[np.bool_],
               support: npt.NDArray[np.float64]) -> FloatArray:
        """The cards ``kept``, each that holds two cards' worth (:data:`PAIR` times the area a card
        has there, told as in :meth:`_sized`) replaced by the two cards the refiner places in its
        halves, cut across or along, where it places a card in both, about where asked, neither
        over another card kept nor over the other: two cards laid edge to edge, outlined as one
        where the edge between them does not show (two white cards in glare). Halves of no card's
        shape (:data:`HALF_ASPECT`: a square tile cut in two) are not asked about, nor are quads
        the frame's edge cuts (:data:`FRAME_MARGIN`); both halves must be cards by
        :data:`PAIR_CARD`. ``support`` is how well each card kept lies on edges."""
        cards = np.flatnonzero(~triangular)
        q = kept[cards]
        expected = card_sides(q[support[cards] >= ON_EDGES], q)
        if expected is None:
            return kept
        times = quad_areas(q) / np.maximum(expected, 1e-9) ** 2
        # A quad the frame's edge cuts is no whole outline: its size tells nothing (a table's
        # tile cut in half there is a card's shape).
        pairs = cards[(times >= PAIR[0]) & (times <= PAIR[1]) & _framed(q, frame.shape)]
        halves = [half for i in pairs for cut in _halves(kept[i]) for half in cut]
        if not halves:
            return kept
        asked = np.asarray(halves, np.float32).reshape(-1, 2, 4, 2)  # (pair cut, half, corner, xy)
        shaped = np.array([HALF_ASPECT[0] <= quad_aspect(half) <= HALF_ASPECT[1] for half in asked[:, 0]])
        if not shaped.any():
            return kept
        # Only the cuts whose halves have a card's shape go to the refiner.
        halves_asked = asked[shaped].reshape(-1, 4, 2)
        placed = self._placed(frame, halves_asked)
        good = np.zeros((len(asked), 2), np.bool_)
        good[shaped] = ((placed.card >= PAIR_CARD) & _stayed(placed.quads, halves_asked)).reshape(-1, 2)
        new = asked.copy()
        new[shaped] = placed.quads.reshape(-1, 2, 4, 2)
        likely = np.zeros(len(asked), np.float32)
        likely[shaped] = placed.card.reshape(-1, 2).min(axis=1)
        gone: list[int] = []
        found: list[FloatArray] = []
        for k, i in enumerate(pairs):
            others = np.delete(kept, i, axis=0)
            best = -1
            for cut in (2 * k, 2 * k + 1):
                if not good[cut].all():  # a cut not asked about is not good either
                    continue
                if shares_at_least(new[cut], others, SAME_CARD).any() or \
                        shares_at_least(new[cut, :1], new[cut, 1:], SAME_CARD)[0, 0]:
                    continue
                if best < 0 or likely[cut] > likely[best]:
                    best = cut
            if best >= 0:
                gone.append(int(i))
                found += list(new[best])
        if not gone:
            return kept
        return np.concatenate([np.delete(kept, gone, axis=0), np.asarray(found, np.float32)])

    def _behind(self, frame: Image, kept: FloatArray, partial: FloatArray) -> Refined | None:
        """The cards the refiner places behind the ``partial`` cores, corners ordered: with
        :attr:`covered`, cards partly under those ``kept`` (:func:`vision.find.covered.covered_cards`);
        with :attr:`free`, the cores taken whole that no card covers
        (:func:`vision.find.covered.free_cards`) where it places a card surely (:data:`FREE_CARD`) of a
        card's shape (:data:`SQUAREST`, :data:`ON_TABLE`); None if there are none."""
        none = np.zeros((0, 4, 2), np.float32)
        grown, free = cards_behind(partial, kept, frame.shape)
        grown = grown[_new(none, grown)].reshape(-1, 4, 2) if self.covered else none
        free = free[_new(np.concatenate([kept, grown]), free)].reshape(-1, 4, 2) if self.free else none
        asked = np.concatenate([grown, free])
        if not len(asked):
            return None
        refined = self._placed(frame, asked)
        near = _stayed(refined.quads, asked)
        taken = np.arange(len(asked)) >= len(grown)
        shaped = np.array([quad_aspect(q) >= SQUAREST and _card_shaped(q, kept)
                           for q in refined.quads[taken]], np.bool_)
        near[taken] &= (refined.card[taken] >= FREE_CARD) & shaped
        return Refined(refined.quads[near], refined.card[near]) if near.any() else None

    def _placed(self, frame: Image, quads: FloatArray, once: npt.NDArray[np.bool_] | None = None,
                supports: EdgeSupports | None = None) -> Refined:
        """``quads`` placed by the refiner, those marked ``once`` by one look of :attr:`sharpen`
        instead, or, given :attr:`as_outlined` and the frame's edge ``supports``, left as they
        are where they lie on the frame's edges that much; their corners ordered by
        :func:`vision.find.detect.order_corners`."""
        asked = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        if once is None or self.sharpen is None or not once.any():
            refined = self.refiner.refine(frame, asked)
        else:
            kept = np.zeros(len(asked), np.bool_)
            if self.as_outlined is not None and supports is not None:
                kept[once] = supports(asked[once]) >= self.as_outlined
            looked = once & ~kept
            placed, card = asked.copy(), np.ones(len(asked), np.float32)
            if (~once).any():
                rest = self.refiner.refine(frame, asked[~once])
                placed[~once], card[~once] = rest.quads, rest.card
            if looked.any():
                sharp = self.sharpen.look(frame, asked[looked])
                placed[looked], card[looked] = sharp.quads, sharp.card
            refined = Refined(placed, card)
        ordered = np.asarray([order_corners(q) for q in refined.quads], np.float32).reshape(-1, 4, 2)
        return Refined(ordered, refined.card)


#: The least cards the table's finder must find for a frame to be its own (:class:`TableOrFull`): a
#: table laid out. A Tranquillité table seen whole shows at least 24 cards from the start (the
#: border cards framing its grid, rule of set-up 1), L'Ascension's its row of ten Panoramas from
#: the start, and twelve cards once two are laid over it (until then the full finder reads it);
#: seen close, a card shows the lean finder its pips and pictures (1 to 12 quads in the 67 real
#: photos, 12 in one). A frame of a few cards is read by both finders in turn: a photo takes
#: L'Ascension's 127 ms instead of the full finder's 77 (``models/MODELS.md``).
TABLE_CARDS = 12


@dataclass
class TableOrFull:
    """A finder made for a game's table laid out, ``table``, for the frames it is made for (at least
    ``table_cards`` cards found, fewer than half of them longer than :data:`LARGE` of the frame's
    height unless it reads ``close_ups`` too), and the ``full`` one for any other (a close-up, a
    photo of a few cards, a table just laid out). One quad among many that is longer than
    :data:`LARGE` (two cards run together) does not make a table a close-up. What ``auto`` finds
    Tranquillité's cards with (the lean finder, :func:`vision.find.finders.lean_finder`, which has no
    closer or farther look) and L'Ascension's (the full finder without the contours, which reads
    its close-ups too), :data:`vision.find.finders.AUTO`. Called, it gives the quads."""

    table: RefinedFinder
    full: RefinedFinder
    table_cards: int = TABLE_CARDS
    corners_placed: ClassVar[bool] = True

    @property
    def close_ups(self) -> bool:
        """Whether ``table`` reads a table seen close as well as the full finder: it looks closer
        and farther as that one does (it has a ``closer`` network), so the count of cards alone
        tells a table from a photo of a few."""
        return self.table.closer is not None

    def __post_init__(self) -> None:
        # Which finder read the last frame: its refiner gives the looks that frame is read again with.
        self._last = self.table

    def __call__(self, frame: Image) -> FloatArray:
        return self.find(frame)

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as
        :func:`vision.find.detect.order_corners`."""
        return self.outlines(frame).quads

    def outlines(self, frame: Image) -> Outlines:
        """The table's finder's outlines on a table laid out, else the full finder's."""
        found = self.table.outlines(frame)
        long = lengths(np.asarray(found.quads, np.float32)) > LARGE * frame.shape[0]
        table = len(found.quads) >= self.table_cards and (self.close_ups or long.mean() < 0.5)
        self._last = self.table if table else self.full
        return found if table else self.full.outlines(frame)

    def look(self, frame: Image, quads: FloatArray) -> FloatArray:
        """One look of the refiner of the finder that read the last frame (:meth:`RefinedFinder.look`)."""
        return self._last.look(frame, quads)
