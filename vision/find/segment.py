"""Finding cards with the card-finder network: one outline per card, even edge to edge.

Contours alone cannot tell two cards laid edge to edge from one, nor a card's
light border from a light table. The finder network (``models/finder.onnx``,
trained by :mod:`models.training.finder`) looks at the whole half-size frame and marks
each card's *core*: the card shrunk by :data:`CORE_MARGIN` of its width on
every side. Cores of touching cards stay apart, so each connected region is
one card; its outline, grown back by the same margin in the card's own
perspective, gives the card's corners.

A triangular card (an L'Ascension Panorama) has a triangular core, the triangle
moved in by :data:`TRIANGLE_MARGIN` on every side: triangles side by side touch
only at their corners, so a thinner margin parts them. A core region shaped
like a triangle gives the quad of the card the triangle spans
(:func:`vision.find.detect.triangle_card`).

The core map is a quarter of the frame's size: a card 60 pixels wide in a
1280x720 frame is a core 10 map pixels wide, found to about a pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.cores import (
    CORE_LENGTH,
    CORE_MARGIN,
    INPUT_SIZE,
    MAP_STRIDE,
    PAD,
    card_from_core,
    card_from_triangle_core,
    core_quad,
    inradius,
    scale_about_incentre,
)
from vision.find.detect import (
    CARD_MM,
    FloatArray,
    Image,
    offset_quad,
    order_corners,
    quad_aspect,
    quad_iou,
)
from vision.find.params import (
    FILLED,
    MIN_CORE,
    MIN_FIT,
    SAME_TRIANGLE,
    SHRUNK,
    SPLIT_THRESHOLDS,
)
from vision.networks import open_network

#: No quads: the default of :attr:`Outlines.partial`, shared, so never written to.
NO_QUADS = np.zeros((0, 4, 2), np.float32)
NO_QUADS.setflags(write=False)


class CoreMap(NamedTuple):
    """The finder network's core map of a whole frame and the frame's scale in the network's
    input (:meth:`CardFinder.core_map`): what the network saw anywhere in the frame."""

    cores: npt.NDArray[np.float32]
    scale: float

    def evidence(self, quad: npt.ArrayLike) -> float:
        """:func:`core_evidence` of a card quad given in frame pixels."""
        return core_evidence(self.cores, self.scale, quad)

    def shows(self, points: npt.ArrayLike, threshold: float) -> npt.NDArray[np.bool_]:
        """Whether the map shows a card's core at each of ``points`` (N, 2; frame pixels): its
        value at the nearest map pixel ``threshold`` or more; none outside the map.

        >>> cores = np.zeros((90, 160), np.float32); cores[20:40, 30:45] = 1.0
        >>> CoreMap(cores, 0.5).shows([[150, 120], [450, 120], [-900, 0]], 0.5).tolist()
        [True, False, False]
        """
        x, y = map_pixels(np.asarray(points, np.float64).reshape(-1, 2), self.scale).T
        h, w = self.cores.shape
        inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
        shown = np.zeros(len(x), np.bool_)
        shown[inside] = self.cores[y[inside], x[inside]] >= threshold
        return shown

    def extent(self, threshold: float, min_area: float) -> Extent | None:
        """Where the cards whose cores the map shows lie in the frame and how long they are,
        outlining none of them: the regions where the map is ``threshold`` or more, each of
        ``min_area`` map pixels or more, their areas taken for cores' (:data:`CORE_LENGTH`): the
        median of those filling their box (:data:`FILLED`), of all when none does. None when there
        is no such region.

        >>> cores = np.zeros((90, 160), np.float32); cores[20:54, 30:52] = 1.0  # the core of a card
        >>> around = CoreMap(cores, 0.5).extent(0.5, 6.0)  # 126 by 176 pixels, from (101, 61)
        >>> around.lo.round(1).tolist(), around.hi.round(1).tolist(), round(around.length, 1)
        ([101.3, 61.3], [226.7, 234.7], 174.4)
        """
        _, _, stats, _ = cv2.connectedComponentsWithStats((self.cores >= threshold).astype(np.uint8),
                                                          connectivity=4)
        stats = stats[1:][stats[1:, cv2.CC_STAT_AREA] >= min_area]
        if not len(stats):
            return None
        pixel = MAP_STRIDE / self.scale  # frame pixels a map pixel spans
        area, box = stats[:, cv2.CC_STAT_AREA], stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
        filled = area >= FILLED * box
        lengths = CORE_LENGTH * pixel * np.sqrt(area.astype(np.float64))
        length = float(np.median(lengths[filled] if filled.any() else lengths))
        # The cards reach beyond their cores by the core's margin.
        margin = CORE_MARGIN * CARD_MM[0] / CARD_MM[1] * length
        lo = stats[:, :2].min(axis=0) * pixel - margin
        hi = (stats[:, :2] + stats[:, 2:4]).max(axis=0) * pixel + margin
        return Extent(np.asarray(lo, np.float64), np.asarray(hi, np.float64), length, float(lengths.max()))


class Extent(NamedTuple):
    """Where the cards a core map shows lie in the frame and how long they are
    (:meth:`CoreMap.extent`), in frame pixels: the box around them, its top-left ``lo`` and
    bottom-right ``hi`` (x, y), the median card's ``length`` and the ``longest`` card's."""

    lo: npt.NDArray[np.float64]
    hi: npt.NDArray[np.float64]
    length: float
    longest: float


class Outlines(NamedTuple):
    """Card quads found on a core map, and which of them a triangular core gave (a Panorama);
    ``partial``, the cores of no card's shape that still fill a rectangle (in frame pixels,
    corners in turn): the part of a card's core that shows, the rest under another card (see
    :mod:`vision.find.covered`); and ``seen``, the whole frame's core map they were found on, when a
    finder looked at the whole frame with the network (what :mod:`vision.find.refine` asks before
    looking for a card where no finder outlined one)."""

    quads: FloatArray
    triangular: npt.NDArray[np.bool_]
    partial: FloatArray = NO_QUADS
    seen: CoreMap | None = None

    @classmethod
    def marked(cls, quads: FloatArray, triangles: npt.ArrayLike, partial: FloatArray = NO_QUADS,
               seen: CoreMap | None = None) -> Outlines:
        """``quads`` (N, 4, 2), each marked triangular when it overlaps one of ``triangles``
        (outlines of triangular cards, M, 4, 2) by :data:`SAME_TRIANGLE` (IoU) or more; the
        ``partial`` cores and the core map ``seen`` carried along.

        >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
        >>> Outlines.marked(np.stack([card, card + 100]), (card + 3)[None]).triangular.tolist()
        [True, False]
        """
        q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        t = np.asarray(triangles, np.float32).reshape(-1, 4, 2)
        shaped = np.zeros(len(q), np.bool_)
        if len(t):
            # Only quads whose centres lie within a card's half-diagonal can overlap that much.
            near = np.linalg.norm(q.mean(axis=1)[:, None] - t.mean(axis=1)[None], axis=2) < (
                np.linalg.norm(t[:, 0] - t[:, 2], axis=1)[None] / 2)
            for k, j in zip(*np.nonzero(near), strict=True):
                shaped[k] = shaped[k] or quad_iou(q[k], t[j]) >= SAME_TRIANGLE
        return cls(q, shaped, np.asarray(partial, np.float32).reshape(-1, 4, 2), seen)

    @classmethod
    def of(cls, found: FloatArray | Outlines) -> Outlines:
        """``found`` as outlines: quads from a finder that tells no shape are none triangular."""
        if isinstance(found, Outlines):
            return found
        quads = np.asarray(found, np.float32).reshape(-1, 4, 2)
        return cls(quads, np.zeros(len(quads), np.bool_))


def outlines_from_cores(core_map: npt.NDArray[np.floating[Any]], scale: float, *, threshold: float = 0.5,
                        min_area: float = 12.0, aspect_range: tuple[float, float] = (1.1, 1.9),
                        upsample: int = 4, lone_cores: bool = False) -> Outlines:
    """Card quads in frame pixels from a core probability map ``scale`` times smaller, each
    marked triangular or not.

    Each core's outline is traced on its patch of the map enlarged ``upsample`` times
    (bilinear), so its sides fall between map pixels where the probability crosses
    ``threshold``, not on the coarse pixel grid. With ``lone_cores``, a region of no card's
    shape that no higher threshold parts in two gives the one card's core standing out of it
    (a card fanned over a faint one); without, it gives nothing.
    """
    return _outlines(np.asarray(core_map, np.float32), scale, threshold, min_area, aspect_range,
                     max(1, upsample), split=True, lone_cores=lone_cores)


def _outlines(core_map: npt.NDArray[np.float32], scale: float, threshold: float, min_area: float,
              aspect_range: tuple[float, float], u: int, split: bool, lone_cores: bool = False) -> Outlines:
    mask = (core_map >= threshold).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    quads: list[FloatArray] = []
    triangular: list[bool] = []
    partial: list[FloatArray] = []
    grow = np.ones((3, 3), np.uint8)
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < min_area:
            continue
        x, y, w, h = stats[k, :4].tolist()
        x0, y0 = max(x - 2, 0), max(y - 2, 0)
        x1, y1 = min(x + w + 2, core_map.shape[1]), min(y + h + 2, core_map.shape[0])
        own = labels[y0:y1, x0:x1]
        mine = own == k
        # The core and the soft rim around it, but none of a neighbour's core.
        keep = (cv2.dilate(mine.astype(np.uint8), grow) > 0) & (mine | (own == 0))
        patch = np.where(keep, core_map[y0:y1, x0:x1], 0).astype(np.float32)
        traced = _trace(patch, threshold, u)
        if traced is None:
            continue
        card, is_triangle, fit, core = _card_of(traced + np.array([x0, y0]), scale, u)
        card_shaped = aspect_range[0] <= quad_aspect(card) <= aspect_range[1]  # asked twice below
        if not (fit >= MIN_FIT and card_shaped) and split:
            parts = _split(patch, scale, threshold, min_area, aspect_range, u)
            # One card's core standing out of a region of no card's shape: a card run together
            # with a faint neighbour (a pale card in glare) is still a card.
            if len(parts.quads) >= 2 or (lone_cores and len(parts.quads) == 1 and not card_shaped):
                # Map pixel x0 is frame pixel x0 * scale further right.
                quads += list(parts.quads + np.array([x0, y0], np.float32) * scale)
                triangular += parts.triangular.tolist()
                continue
        if not card_shaped or (not split and fit < MIN_FIT):
            # Not a card; and a part of a split region must be one card's core outright. A
            # rectangle of no card's shape may be the part of a card's core not under another card.
            if split and fit >= MIN_FIT and not is_triangle:
                partial.append(core)
            continue
        quads.append(card)
        triangular.append(is_triangle)
    found = np.stack(quads).astype(np.float32) if quads else np.zeros((0, 4, 2), np.float32)
    cut = np.stack(partial).astype(np.float32) if partial else np.zeros((0, 4, 2), np.float32)
    return Outlines(found, np.array(triangular, np.bool_), cut)


def _split(patch: npt.NDArray[np.float32], scale: float, threshold: float, min_area: float,
           aspect_range: tuple[float, float], u: int) -> Outlines:
    """The cards of a core region that is several cores run together, found at the first higher
    threshold that parts it into at least two; else the one card's core the first higher
    threshold leaves (none if none does)."""
    single = Outlines(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.bool_))
    for higher in SPLIT_THRESHOLDS:
        if higher <= threshold:
            continue
        regions = cv2.connectedComponents((patch >= higher).astype(np.uint8), connectivity=4)[0] - 1
        if regions < 2 and len(single.quads):
            continue
        parts = _outlines(patch, scale, higher, min_area / 2, aspect_range, u, split=False)
        if len(parts.quads) >= 2:
            return parts
        if len(parts.quads) == 1 and not len(single.quads):
            single = parts
    return single


#: How a frame is resized where it is not averaged over areas: OpenCV's bit-exact bilinear, the
#: same to the bit on every CPU. Its plain bilinear rounds by each CPU's vector code: on the same
#: frame an arm64 CPU's differed from an x86's by a grey level on 22% of the pixels, and a card's
#: reading may hinge on that bit (``tests/arm64``, ``companion eval-vision --perturb``).
BILINEAR = cv2.INTER_LINEAR_EXACT
#: How an outline is traced: by the ends of its straight runs of pixels only, a third of its
#: pixels. Its hull, its area and its moments (all a core's card is made of) are those of every
#: pixel along it, exactly: its points lie on eighths of a map pixel, whose sums of products
#: a double holds without rounding.
CHAIN = cv2.CHAIN_APPROX_SIMPLE


def _trace(patch: npt.NDArray[np.float32], threshold: float, u: int) -> npt.NDArray[np.float64] | None:
    """The outline, in the patch's map coordinates, where the patch enlarged ``u`` times crosses
    ``threshold`` (its largest region), or None."""
    big = cv2.resize(patch, (patch.shape[1] * u, patch.shape[0] * u), interpolation=cv2.INTER_LINEAR)
    contours, _ = cv2.findContours((big >= threshold).astype(np.uint8), cv2.RETR_EXTERNAL, CHAIN)
    if not contours:
        return None
    # Enlarged pixel j is centred at map coordinate (j + 0.5) / u - 0.5 (OpenCV's resize).
    traced = max(contours, key=cv2.contourArea).reshape(-1, 2)
    return np.asarray((traced + 0.5) / u - 0.5, np.float64)


def _card_of(outline: npt.NDArray[np.float64], scale: float,
             u: int) -> tuple[FloatArray, bool, float, FloatArray]:
    """The card (quad in frame pixels) whose core has ``outline`` (map coordinates), whether its
    core is a triangle, the share of the fitted core shape the region fills, and the core's quad
    in frame pixels (the card's, for a triangle)."""
    hull = cv2.convexHull(outline.astype(np.float32))
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    # Map pixel k covers frame pixels [k*scale, (k+1)*scale): its centre is at (k + 0.5) * scale.
    # The outline runs through the centres of its edge pixels, half an enlarged pixel inside.
    edge = scale / 2 / u
    region = cv2.contourArea(outline.astype(np.float32))
    hull_area = cv2.contourArea(hull)
    rect_area = float(np.prod(cv2.minAreaRect(hull)[1]))
    is_triangle = bool(len(approx) == 3 or hull_area < 0.7 * rect_area)
    if is_triangle:
        tri = triangle_of_region(outline)
        fit = region / max(hull_area, 1e-9)
        tri = (tri + 0.5) * scale - 0.5
        grown = scale_about_incentre(tri, 1 + edge / max(inradius(tri), 1e-9))
        card = order_corners(card_from_triangle_core(grown))
        return card, True, fit, card
    if len(approx) == 4:
        core = approx.reshape(4, 2).astype(np.float32)
    else:
        core = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    fit = region / max(hull_area, cv2.contourArea(core), 1e-9)
    core = offset_quad((core + 0.5) * scale - 0.5, edge)
    return order_corners(card_from_core(core)), False, fit, core


def triangle_of_region(outline: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The triangle (apex, base, base) of a Panorama's shape whose area, centroid and axis are
    those of the region inside ``outline`` (a closed polygon).

    The network's core of a Panorama is soft at its sharp apex and rounded at its corners, so
    the smallest triangle around it comes out too large; the region's moments do not depend on
    its corners. The axis of symmetry is the region's long principal axis, the apex lies on the
    side its mass thins out towards (the third moment along the axis).

    >>> tri = np.array([[50, 10], [81.5, 98], [18.5, 98]])  # a Panorama's shape, apex up
    >>> bool(np.abs(triangle_of_region(tri) - tri).max() < 1e-6)
    True
    """
    pts = np.asarray(outline, np.float32).reshape(-1, 1, 2)
    m = cv2.moments(pts)
    area = m["m00"]  # OpenCV gives a polygon's area moments whichever way it runs
    if area < 1e-9:
        return np.repeat(pts.reshape(-1, 2)[:1].astype(np.float64), 3, axis=0)
    centre = np.array([m["m10"], m["m01"]]) / m["m00"]
    cov = np.array([[m["mu20"], m["mu11"]], [m["mu11"], m["mu02"]]]) / m["m00"]
    axis = np.linalg.eigh(cov)[1][:, 1]
    a, b = axis
    skew = (a ** 3 * m["mu30"] + 3 * a * a * b * m["mu21"] + 3 * a * b * b * m["mu12"] + b ** 3 * m["mu03"])
    if skew < 0:
        axis = -axis
    across = np.array([-axis[1], axis[0]])
    w, h = CARD_MM
    height = float(np.sqrt(2 * area * h / w))
    base = height * w / h
    foot = centre - axis * height / 3
    return np.stack([centre + axis * 2 * height / 3, foot + across * base / 2, foot - across * base / 2])


def default_finder_path() -> Path:
    """The shipped card-finder model, ``models/finder.onnx``."""
    return Path(__file__).resolve().parents[2] / "models" / "finder.onnx"


@dataclass
class CardFinder:
    """The card-finder network run by onnxruntime: frames in, card quads out."""

    path: Path = field(default_factory=default_finder_path)
    threshold: float = 0.5
    #: Keep a card's core standing out of a region of no card's shape (:func:`outlines_from_cores`):
    #: a card fanned over a faint one is found, and the corner refiner places it (``detect``); the
    #: watcher, which takes the finder's quads as they are, reads one pale L'Ascension card laid on
    #: another worse with it (game 7,000,009), and goes without.
    lone_cores: bool = False

    def __post_init__(self) -> None:
        self._session, self.metadata = open_network(self.path, "card-finder", "finder_missing",
                                                    "finder_unreadable")

    def core_map(self, frame: Image, scale: float | None = None) -> tuple[npt.NDArray[np.float32], float]:
        """The core probability map of a BGR frame and the frame's scale in the finder's input.

        The frame is shrunk to fit :data:`INPUT_SIZE` whole, keeping its shape, and padded; or,
        given a ``scale``, resized by it and padded to a multiple of :data:`PAD` pixels (the
        network takes any size: a part of a frame looked at closer).
        """
        small, scale = letterbox(frame) if scale is None else scaled(frame, scale)
        (out,) = self._session.run(None, {"frames": small[None]})
        return np.asarray(out[0], np.float32), scale

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as :func:`order_corners`."""
        return self.find_outlines(frame).quads

    def find_outlines(self, frame: Image) -> Outlines:
        """:meth:`find`'s quads, each marked triangular or not, and the core map they were found on."""
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ValueError(f"frame must be a BGR uint8 image (H, W, 3), got {frame.shape} {frame.dtype}")
        seen = CoreMap(*self.core_map(frame))
        return self.outlines(*seen)._replace(seen=seen)

    def min_area(self, closer: float = 1.0) -> float:
        """The least area (map pixels) of a card's core on a map ``closer`` times larger than a
        whole frame fitted to the input's (:data:`MIN_CORE`; six pixels at least)."""
        w, h = INPUT_SIZE
        return max(MIN_CORE * (w // MAP_STRIDE) * (h // MAP_STRIDE) * closer ** 2, 6.0)

    def extent(self, seen: CoreMap) -> Extent | None:
        """:meth:`CoreMap.extent` of a whole frame's map ``seen``, at this finder's threshold and
        least core area."""
        return seen.extent(self.threshold, self.min_area())

    def outlines(self, cores: npt.NDArray[np.float32], scale: float, *, closer: float = 1.0) -> Outlines:
        """Card corners (N, 4, 2) in frame pixels from a :meth:`core_map` and its scale, each
        marked triangular or not; ``closer`` times larger than a whole frame fitted to the input,
        a core must be as much larger on the map to count."""
        found = outlines_from_cores(cores, MAP_STRIDE, threshold=self.threshold,
                                    min_area=self.min_area(closer), lone_cores=self.lone_cores)
        return Outlines(np.asarray((found.quads + 0.5) / scale - 0.5, np.float32), found.triangular,
                        np.asarray((found.partial + 0.5) / scale - 0.5, np.float32))


def map_pixels(points: npt.NDArray[np.floating[Any]], scale: float) -> npt.NDArray[np.int64]:
    """The core-map pixel (x, y) nearest each of ``points`` (..., 2; frame pixels) on a map of a
    frame shown ``scale`` times its size: frame pixel -> finder input -> map, the inverse of
    :meth:`CardFinder.outlines`' mapping.

    >>> map_pixels(np.array([[150.0, 120.0]]), 0.5).tolist()
    [[37, 30]]
    """
    return np.rint((points + 0.5) * scale / MAP_STRIDE - 0.5).astype(np.int64)


def core_evidence(cores: npt.NDArray[np.float32], scale: float, quad: npt.ArrayLike) -> float:
    """How much of a card the core map shows under a card quad given in frame pixels: the 90th
    percentile of the map over the quad's core. Near 1 where the network saw a card (even one it
    could not outline: two cores run together), near 0 on the table or an empty cell of a grid.

    >>> cores = np.zeros((90, 160), np.float32); cores[20:40, 30:45] = 1.0
    >>> card = np.array([[100, 60], [190, 60], [190, 186], [100, 186]], np.float32)  # at scale 0.5
    >>> core_evidence(cores, 0.5, card), core_evidence(cores, 0.5, card + 300)
    (1.0, 0.0)
    """
    corners = map_pixels(core_quad(quad), scale).astype(np.int32)
    # Only the quad's box of the map: a frame-sized mask a quad cost more than the percentile.
    (x0, y0), (x1, y1) = np.maximum(corners.min(axis=0), 0), np.maximum(corners.max(axis=0) + 1, 0)
    box = cores[y0:y1, x0:x1]
    mask = np.zeros(box.shape, np.uint8)
    if mask.size:
        cv2.fillConvexPoly(mask, corners - np.array([x0, y0], np.int32), 1)
    values = box[mask > 0]
    return upper_decile(values) if len(values) else 0.0


def upper_decile(values: npt.NDArray[np.floating[Any]]) -> float:
    """``np.percentile(values, 90)`` to the bit, for a non-empty 1-D array: its linear
    interpolation between the two order statistics about the 90th percentile, computed as numpy
    computes it (in the values' own precision), from a partial sort. It runs a tenth of numpy's
    time on the few hundred map pixels under a card, and the refined finder asks it of every
    place it might look at.

    >>> upper_decile(np.arange(11, dtype=np.float32)), float(np.percentile(np.arange(11), 90))
    (9.0, 9.0)
    """
    v = (values.size - 1) * 0.9
    low = math.floor(v)
    high = min(low + 1, values.size - 1)
    t = v - low
    part = np.partition(values, (low, high))
    a, b = part[low], part[high]
    # numpy's _lerp: from the nearer end, so that t = 1 gives b exactly.
    return float(b - (b - a) * (1 - t)) if t >= 0.5 else float(a + (b - a) * t)


def scaled(frame: Image, scale: float) -> tuple[Image, float]:
    """``frame`` resized by ``scale`` and padded at the right and bottom by repeating its edge to
    a multiple of :data:`PAD` pixels; and the scale used.

    >>> small, scale = scaled(np.zeros((100, 50, 3), np.uint8), 2.0)
    >>> small.shape, scale
    ((208, 112, 3), 2.0)
    """
    w, h = max(1, round(frame.shape[1] * scale)), max(1, round(frame.shape[0] * scale))
    # Averaged over areas where the frame shrinks to half or less (a look from farther), or the
    # print's fine lines alias; a milder shrink (a table finder's closer look, 0.625 to 1 times)
    # bilinear: OpenCV's area average at a ratio of no whole number took 2.8 ms of a pyramid's
    # frame, bilinear 0.45, and L'Ascension's held-out cards were found and read as well or better.
    # Bilinear, bit-exact (BILINEAR): plain bilinear differs by a grey level on a fifth of the
    # pixels between an x86 and an arm64 CPU.
    resized = cv2.resize(frame, (w, h), interpolation=cv2.INTER_AREA if scale <= SHRUNK else BILINEAR)
    padded = cv2.copyMakeBorder(resized, 0, -h % PAD, 0, -w % PAD, cv2.BORDER_REPLICATE)
    return np.asarray(padded, np.uint8), scale


def letterbox_scale(shape: tuple[int, ...]) -> float:
    """The scale that fits a frame of ``shape`` (height, width, ...) whole in :data:`INPUT_SIZE`.

    >>> letterbox_scale((720, 1280, 3)), letterbox_scale((540, 960, 3))
    (0.5, 0.6666666666666666)
    """
    w, h = INPUT_SIZE
    return min(w / shape[1], h / shape[0])


def letterbox(frame: Image) -> tuple[Image, float]:
    """``frame`` shrunk (or grown) to fit :data:`INPUT_SIZE` with its shape kept, padded at the
    right and bottom by repeating its edge; and the scale used."""
    w, h = INPUT_SIZE
    scale = letterbox_scale(frame.shape)
    size = (max(1, round(frame.shape[1] * scale)), max(1, round(frame.shape[0] * scale)))
    small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA if scale < 1 else BILINEAR)
    padded = cv2.copyMakeBorder(small, 0, h - size[1], 0, w - size[0], cv2.BORDER_REPLICATE)
    return np.asarray(padded, np.uint8), scale
