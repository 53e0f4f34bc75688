"""L'Ascension's row of Panoramas: found, completed by likeness, and placed on the layout."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import CROP_SIZE, Finder, order_corners, rectify
from vision.read.classify import Classifier
from vision.watch.geometry import FloatArray, FoundCard, Image, TableGeometry, quad_inside
from vision.watch.layouts import CARD_H, CARD_W, Layout, card_corners, layout
from vision.watch.params import (
    DEFAULT_GAP,
    FEW_PANORAMAS,
    LIKENESS,
    MIN_PANORAMAS,
    UP_ANGLE,
    UP_LENGTH,
)
from vision.watch.table import closer_panoramas


def _row_places(panoramas: Sequence[FoundCard], lay: Layout,
                least: int) -> tuple[dict[int, int], float] | None:
    """Where each Panorama seen lies in the row, counted from the first place seen (a Panorama off
    the row's places, a stray or one seen twice, is left out), and the row's pitch in pixels; None
    when fewer than ``least`` lie on the row."""
    if len(panoramas) < max(least, 2):
        return None
    quads = np.array([card.quad for card in panoramas], np.float64)
    centres = quads.mean(axis=1)
    along = np.median(quads[:, 2] - quads[:, 3], axis=0)
    along /= np.linalg.norm(along)
    where = (centres @ along).tolist()
    order = sorted(range(len(panoramas)), key=lambda k: where[k])
    # The pitch from the spacing of neighbours: a Panorama's own outline, found small, is less sure.
    spacing = np.diff(sorted(where))
    widths = np.linalg.norm(quads[:, 2] - quads[:, 3], axis=1)
    steps_seen = np.sort(spacing[spacing > 0.5 * np.median(widths)])
    if not len(steps_seen):
        return None
    pitch = _row_pitch(steps_seen, float(np.median(widths)))
    # Places in the row, counted from neighbour to neighbour from each triangle in turn (the first
    # may be a stray quad); a triangle off the row's places (a stray, one seen twice) is left out.
    place: dict[int, int] = {}
    for first in order:
        walk, at = {first: 0}, order.index(first)
        for side, rest in ((1, order[at + 1:]), (-1, order[:at][::-1])):
            last = first
            for b in rest:
                steps = (where[b] - where[last]) / pitch
                if round(steps) * side >= 1 and abs(steps - round(steps)) <= 0.25:
                    walk[b] = walk[last] + round(steps)
                    last = b
        if len(walk) > len(place):
            place = walk
    # More places than Panoramas: a stray lies at an end of the row, off the line of the others.
    while len(place) > least and max(place.values()) - min(place.values()) + 1 > len(lay.static):
        ends = (min(place, key=place.__getitem__), max(place, key=place.__getitem__))
        place.pop(max(ends, key=lambda k: _off_line(centres, [j for j in place if j != k], k)))
    if len(place) < least:
        return None
    low = min(place.values())
    return {k: v - low for k, v in sorted(place.items(), key=lambda kv: kv[1])}, pitch


def _alike(frame: Image, panoramas: Sequence[FoundCard], lay: Layout) -> list[FoundCard]:
    """The Panoramas of the row that ``panoramas`` (at least :data:`FEW_PANORAMAS` of them) leave
    unseen: every Panorama is the same card, so each place of their row whose look matches the
    mean look of those seen holds one (a pale triangle on a pale table may be found by neither
    finder, but it is still the same picture as its neighbours)."""
    placed = _row_places(panoramas, lay, FEW_PANORAMAS)
    if placed is None:
        return []
    place, pitch = placed
    count = len(lay.static)
    if max(place.values()) + 1 > count:
        return []  # no row of this layout spans them
    keys = list(place)
    quads = np.array([panoramas[k].quad for k in keys], np.float64)
    centres = quads.mean(axis=1)
    places = np.array([place[k] for k in keys], np.float64)
    # The row as a line of places, and a card's height up from each (the finder outlines small
    # triangles a fifth too large: their spacing gives the true size).
    (origin, step), *_ = np.linalg.lstsq(np.c_[np.ones(len(places)), places], centres, rcond=None)
    if np.linalg.norm(centres - (origin + np.outer(places, step)), axis=1).max() > 0.25 * pitch:
        return []
    widths = np.linalg.norm(quads[:, 2] - quads[:, 3], axis=1)
    up = np.median(((quads[:, 0] + quads[:, 1]) - (quads[:, 2] + quads[:, 3])) / 2, axis=0)
    up *= pitch * CARD_W / lay.pitch(DEFAULT_GAP)[0] / float(np.median(widths))
    # The row straightened into a strip, ``scale`` pixels a place, reaching a whole row beyond the
    # places seen on either side, with a margin above and below for the match to move in.
    scale = 24
    height = round(scale * CARD_H / CARD_W)
    margin = height // 4
    first = float(places.max()) - (count - 1) - 0.5
    width = round((places.min() + (count - 1) + 0.5 - first) * scale)

    def to_image(x: float, y: float) -> FloatArray:
        return np.asarray(origin + (x / scale + first) * step + (0.5 - (y - margin) / height) * up)

    ends = np.array([[0, 0], [width, 0], [0, height + 2 * margin]], np.float32)
    affine = cv2.getAffineTransform(ends, np.array([to_image(*p) for p in ends], np.float32))
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    strip = cv2.warpAffine(grey, affine, (width, height + 2 * margin), borderMode=cv2.BORDER_REPLICATE,
                           flags=cv2.WARP_INVERSE_MAP | cv2.INTER_AREA).astype(np.float32)

    def left(p: float) -> int:
        return round((p - first - 0.5) * scale)

    template = np.mean([strip[margin:margin + height, left(p):left(p) + scale] for p in places], axis=0)
    match = cv2.matchTemplate(strip, template.astype(np.float32), cv2.TM_CCOEFF_NORMED)
    reach = round(0.3 * scale)

    def best(p: int) -> tuple[float, tuple[int, int]]:
        lo = max(left(p) - reach, 0)
        window = match[:, lo:left(p) + reach + 1]
        if not window.size:
            return -1.0, (0, 0)
        y, x = np.unravel_index(int(np.argmax(window)), window.shape)
        return float(window[y, x]), (lo + int(x), int(y))

    seen = {int(p) for p in places}
    likeness = {p: best(p) for p in range(int(places.max()) - (count - 1), int(places.min()) + count)}
    bar = LIKENESS * float(np.median([likeness[p][0] for p in seen]))
    held = [p for p, (score, _) in likeness.items() if p in seen or score >= bar]
    # The places holding one run unbroken but for a hand or a card over some; more than a row's
    # worth is a table whose pattern looks like them.
    if max(held) - min(held) + 1 > count:
        return []
    shape = np.median(quads - centres[:, None], axis=0)
    found: list[FoundCard] = []
    for p in held:
        if p in seen:
            continue
        _, (x, y) = likeness[p]
        centre = to_image(x + scale / 2, y + height / 2)
        found.append(FoundCard((shape + centre).astype(np.float32), lay.static_name, outline=True))
    return found


def _panorama_row(frame: Image, panoramas: Sequence[FoundCard], lay: Layout, classifier: Classifier | None,
                  gap: float | None) -> TableGeometry | None:
    """L'Ascension's table placed by its row of Panoramas: their centres, and a card's height up from
    each, fitted with an affine map, for the place in the row (some may be unseen) where most
    Panoramas are read and most of the pyramid falls in the frame. The Panoramas point up the image
    (the camera stands on their side of the table)."""
    gap = DEFAULT_GAP if gap is None else gap
    placed = _row_places(panoramas, lay, MIN_PANORAMAS)
    if placed is None:
        return None
    place, pitch = placed
    order = list(place)
    quads = np.array([card.quad for card in panoramas], np.float64)
    centres = quads.mean(axis=1)
    widths = np.linalg.norm(quads[:, 2] - quads[:, 3], axis=1)
    span = max(place.values()) + 1
    if span > len(lay.static):
        return None
    # The row's centres place it along itself; a row up, each triangle's height and lean (from its
    # base's middle to its apex, a card's height), smoothed along the row, where the table's tilt
    # changes them evenly. The finder outlines small triangles a fifth too large about their
    # centre: their spacing gives the true size. Cards laid then correct the upper rows.
    pw, ph = lay.pitch(gap)
    shrink = pitch * CARD_W / pw / float(np.median(widths[order]))
    up = ((quads[:, 0] + quads[:, 1]) - (quads[:, 2] + quads[:, 3])) / 2 * shrink * ph / CARD_H
    places = np.array([place[k] for k in order], np.float64)
    trend = np.polyfit(places, up[order], 1) if len(set(places.tolist())) > 1 else \
        np.vstack([np.zeros(2), up[order].mean(0)])
    smooth = np.outer(places, trend[0]) + trend[1]
    image = np.concatenate([centres[order], centres[order] + smooth])
    h, w = frame.shape[:2]
    best: tuple[tuple[int, int], TableGeometry] | None = None
    for start in range(len(lay.static) - span + 1):
        row = np.array([lay.point(*lay.static[start + place[k]], gap) for k in order])
        plane = np.concatenate([row, row - (0.0, ph)])
        # Affine: the row alone cannot tell how the table recedes (its spacing is too rough for that).
        affine, inliers = cv2.estimateAffine2D(plane, image, method=cv2.RANSAC,
                                               ransacReprojThreshold=0.25 * pitch)
        if affine is None or inliers.sum() < 0.6 * len(image):
            continue
        keep = inliers.ravel().astype(bool)
        affine, _ = cv2.estimateAffine2D(plane[keep], image[keep], method=cv2.LMEDS)
        if affine is None:
            continue
        matrix = np.vstack([affine, [0.0, 0.0, 1.0]])
        geometry = TableGeometry(lay, np.asarray(matrix, np.float64), gap)
        inside = sum(geometry.inside((w, h), cell) for cell in lay.cells)
        read = 0
        if classifier is not None and span < len(lay.static):
            statics = [order_corners(geometry.to_image(card_corners(x, y)).astype(np.float32))
                       for x, y in lay.static_points(gap)]
            seen = [q for q in statics if quad_inside(q, (w, h))]
            if seen:
                names = classifier.classify(np.stack([rectify(frame, q, CROP_SIZE) for q in seen])).names
                read = sum(name == lay.static_name for name in names)
        if best is None or (read, inside) > best[0]:
            best = ((read, inside), geometry)
    return None if best is None else best[1]


def _row_pitch(spacings: FloatArray, width: float) -> float:
    """The pitch of a row of Panoramas from the spacings of neighbours seen (some Panoramas may be
    unseen, a stray quad may lie between two): the pitch about a Panorama's ``width`` that makes
    the most spacings whole numbers of pitches, the largest of those.

    >>> round(_row_pitch(np.array([70.0, 140.0, 28.0, 42.0, 350.0]), 80.0), 1)
    70.0
    """
    candidates = [float(s) / k for s in spacings for k in range(1, 10) if 0.6 * width <= s / k <= 1.2 * width]
    if not candidates:
        return float(np.median(spacings))

    def score(pitch: float) -> tuple[int, float]:
        ratio = spacings / pitch
        return int((np.abs(ratio - np.round(ratio)) <= 0.12).sum()), pitch

    best = max(candidates, key=score)
    # Refined on the spacings it explains.
    ratio = spacings / best
    fits = np.abs(ratio - np.round(ratio)) <= 0.12
    return float(np.median(spacings[fits] / np.round(ratio[fits])))


def _off_line(points: FloatArray, others: list[int], k: int) -> float:
    """How far point ``k`` lies from the line fitted through the ``others`` (pixels)."""
    pts = points[others]
    centre = pts.mean(axis=0)
    _, _, vt = np.linalg.svd(pts - centre)
    return float(abs((points[k] - centre) @ vt[1]))


@dataclass(frozen=True)
class PanoramaRow:
    """L'Ascension's table placed roughly by its row of Panoramas alone."""

    #: The rough geometry: good along the row, a guess up the pyramid.
    geometry: TableGeometry
    #: The image centres (N, 2) of the Panoramas seen.
    centres: FloatArray


def find_panorama_row(frame: Image, game: str | Layout, classifier: Classifier, find: Finder,
                      quads: npt.NDArray[np.float32] | None = None, gap: float | None = None
                      ) -> PanoramaRow | None:
    """The row of Panoramas in ``frame``: those among ``quads`` (the whole-frame finder's cards)
    and those ``find`` sees looking closer (:func:`vision.find.finders.closer`), but those pointing
    another way than most (:func:`_pointing_up`); with fewer than :data:`MIN_PANORAMAS`, or fewer
    than the row holds, the others that look like them along their row (:func:`_alike`); placed
    on the layout (:func:`_panorama_row`); None when fewer than :data:`MIN_PANORAMAS` are found."""
    lay = layout(game) if isinstance(game, str) else game
    found = np.zeros((0, 4, 2), np.float32) if quads is None else quads
    names: tuple[str | None, ...] = ()
    if len(found):
        names = classifier.classify(np.stack([rectify(frame, q, CROP_SIZE) for q in found])).names
    seen = _pointing_up([FoundCard(order_corners(q), name, outline=True)
                         for q, name in zip(found, names, strict=True) if name == lay.static_name])
    seen = _pointing_up(seen + closer_panoramas(frame, lay, classifier, find, seen))
    # Too few to place the row, or a row not seen from end to end (some Panoramas too pale for
    # either finder): where those seen lie in it is a guess without the others, found by looking
    # like them (the likeness tells an unseen Panorama at one end from the bare table beyond the
    # other: game 7,000,004 was placed a slot off without).
    placed = _row_places(seen, lay, FEW_PANORAMAS)
    if len(seen) < MIN_PANORAMAS or (placed is not None and max(placed[0].values()) + 1 < len(lay.static)):
        seen += _alike(frame, seen, lay)
    geometry = _panorama_row(frame, seen, lay, classifier, gap)
    if geometry is None:
        return None
    centres = np.array([card.quad.mean(axis=0) for card in seen], np.float64).reshape(-1, 2)
    return PanoramaRow(geometry, centres)


def _pointing_up(panoramas: list[FoundCard]) -> list[FoundCard]:
    """The ``panoramas`` whose outline points the way most do: a quad outlining a triangle turned a
    quarter (a loose quad about it, read as a Panorama all the same) leans every card's height up
    the row, and the rough table with it (game 7,000,006: the pyramid a slot off). With fewer than
    :data:`FEW_PANORAMAS` there is no "most", and all are kept."""
    if len(panoramas) < FEW_PANORAMAS:
        return panoramas
    quads = np.array([card.quad for card in panoramas], np.float64)
    up = ((quads[:, 0] + quads[:, 1]) - (quads[:, 2] + quads[:, 3])) / 2
    usual = np.median(up, axis=0)
    length = np.linalg.norm(up, axis=1)
    usual_length = float(np.linalg.norm(usual))
    if usual_length == 0.0:
        return panoramas
    with np.errstate(divide="ignore", invalid="ignore"):
        cosine = (up @ usual) / (length * usual_length)
    ratio = length / usual_length
    keep = (cosine >= math.cos(math.radians(UP_ANGLE))) & (ratio >= UP_LENGTH[0]) & (ratio <= UP_LENGTH[1])
    return [card for card, ok in zip(panoramas, keep.tolist(), strict=True) if ok]
