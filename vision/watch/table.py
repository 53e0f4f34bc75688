"""The table's geometry: the homography between the table plane (mm) and the image, and finding it.

* :class:`TableGeometry` maps a layout's table plane (:mod:`vision.watch.layouts`)
  to image pixels and gives the image quad of any cell's card.
* :func:`from_corners` builds it from four corners set by hand (the
  configuration's manual override).
* :func:`find_table` finds it from what lies on the table: every card the
  whole-frame finder sees (Tranquillité's frame of border cards, the cards of
  the grid or the pyramid) is put on a lattice of card pitches, the lattice
  is fitted with a homography, and placed on the layout where the cards read
  on it (a border card on the frame, a known card on its cell) fit best.
* :func:`register` measures how the camera moved between two frames (ORB
  features and a robust homography), so a knocked camera is followed
  without searching the table again.

>>> geometry = from_corners("tranquility", [[100, 600], [500, 600], [500, 100], [100, 100]])
>>> [round(v) for v in geometry.to_image([geometry.layout.centre("a1", geometry.gap)])[0]]
[132, 559]
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import CROP_SIZE, find_cards, order_corners, rectify
from vision.find.finders import closer
from vision.find.outline import Gradients, gradients, moved_support
from vision.read.classify import Classifier
from vision.read.recognise import Finder
from vision.watch.layouts import CARD_H, CARD_W, DEFAULT_GAP, Layout, card_corners, layout

Matrix = npt.NDArray[np.float64]
FloatArray = npt.NDArray[np.float64]
Image = npt.NDArray[np.uint8]

#: Least cards the finder must place on the lattice to trust a table.
MIN_CARDS = 5
#: Most rounds of fitting the lattice and putting the cards on it: each round reaches further.
FIT_ROUNDS = 8


@dataclass(frozen=True)
class TableGeometry:
    """A layout on the table and where it is in the image."""

    layout: Layout
    #: Table plane (mm) to image pixels.
    homography: Matrix
    #: The gap between neighbouring cards, mm.
    gap: float

    def to_image(self, points: npt.ArrayLike) -> FloatArray:
        """Image pixels of table points (N, 2) mm."""
        return apply_homography(self.homography, np.asarray(points, np.float64).reshape(-1, 2))

    def to_plane(self, points: npt.ArrayLike) -> FloatArray:
        """Table points (mm) of image pixels (N, 2)."""
        return apply_homography(np.linalg.inv(self.homography), np.asarray(points, np.float64).reshape(-1, 2))

    def card_quad(self, cell: str, offset: tuple[float, float] = (0.0, 0.0), angle: float = 0.0
                  ) -> npt.NDArray[np.float32]:
        """The image corners of a card lying at ``cell`` (moved by ``offset`` mm, turned by ``angle``),
        ordered as the classifier's crops are (:func:`vision.find.detect.order_corners`)."""
        corners = self.to_image(self.layout.card_rect(cell, self.gap, offset, angle))
        return order_corners(corners.astype(np.float32))

    def px_per_mm(self) -> float:
        """Image pixels a millimetre near the middle of the layout."""
        x0, y0, x1, y1 = self.layout.bounds(self.gap)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        a, b = self.to_image([[cx, cy], [cx + 10.0, cy]])
        return float(np.linalg.norm(b - a) / 10.0)

    def moved(self, move: Matrix) -> TableGeometry:
        """The same table seen by a camera that moved by ``move`` (old image to new image)."""
        return TableGeometry(self.layout, move @ self.homography, self.gap)

    def inside(self, size: tuple[int, int], cell: str) -> bool:
        """Whether cell ``cell``'s card lies wholly inside an image of ``size`` (width, height)."""
        return quad_inside(self.to_image(self.layout.card_rect(cell, self.gap)), size)


def apply_homography(matrix: npt.NDArray[np.floating[Any]], points: npt.ArrayLike) -> FloatArray:
    """Points (N, 2) mapped through the homography ``matrix``."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    homo = np.hstack([pts, np.ones((len(pts), 1))]) @ matrix.T
    out: FloatArray = homo[:, :2] / homo[:, 2:]
    return out


def from_corners(game: str | Layout, corners: npt.ArrayLike, gap: float = DEFAULT_GAP) -> TableGeometry:
    """The geometry given four image corners of the play area, in the layout's order
    (:attr:`vision.watch.layouts.Layout.corners`: bottom left, bottom right, top right, top left).

    Raises ``ValueError`` for anything but four distinct points forming a convex quad.
    """
    lay = layout(game) if isinstance(game, str) else game
    image = np.asarray(corners, np.float64)
    if image.shape != (4, 2) or not np.all(np.isfinite(image)):
        raise ValueError(f"four (x, y) corners are needed, got {np.asarray(corners).tolist()}")
    if not cv2.isContourConvex(image.astype(np.float32).reshape(-1, 1, 2)) or \
            abs(cv2.contourArea(image.astype(np.float32))) < 100:
        raise ValueError(f"the four corners must form a convex area, got {image.tolist()}")
    plane = lay.corner_points(gap)
    matrix = cv2.getPerspectiveTransform(plane.astype(np.float32), image.astype(np.float32))
    return TableGeometry(lay, matrix.astype(np.float64), gap)


# -- finding the table ----------------------------------------------------


@dataclass(frozen=True)
class _Card:
    quad: npt.NDArray[np.float32]
    name: str | None
    #: Whether the quad's corners are the card's own (a Panorama's outline), not only its centre.
    outline: bool = False


def _closer_panoramas(frame: Image, lay: Layout, classifier: Classifier, find: Finder,
                      seen: Sequence[_Card]) -> list[_Card]:
    """The Panoramas ``find`` sees looking closer, but those already ``seen``."""
    quads = closer(find, frame)
    if not len(quads):
        return []
    names = classifier.classify(np.stack([rectify(frame, q, CROP_SIZE) for q in quads])).names
    out: list[_Card] = []
    for quad, name in zip(quads, names, strict=True):
        card = _Card(order_corners(quad), name, outline=True)
        centre, size = card.quad.mean(axis=0), float(np.linalg.norm(card.quad[0] - card.quad[2]))
        if name == lay.static_name and all(np.linalg.norm(centre - other.quad.mean(axis=0)) > 0.2 * size
                                           for other in [*seen, *out]):
            out.append(card)
    return out


def _local(quad: npt.NDArray[np.float32]) -> Matrix:
    """Card millimetres (centred, portrait) to the image, for a quad ordered by ``order_corners``."""
    local = card_corners(0.0, 0.0).astype(np.float32)
    return cv2.getPerspectiveTransform(local, quad.astype(np.float32)).astype(np.float64)


def _lattice(cards: Sequence[_Card], lay: Layout, *, mutual: bool = True) -> dict[int, tuple[int, int]]:
    """Integer lattice steps (in ``u_step`` units across, rows up) of the cards linked to the
    best-connected one, walking from neighbour to neighbour (``mutual``: only by the links both
    cards agree on)."""
    n = len(cards)
    if n == 0:
        return {}
    inverse = [np.linalg.inv(_local(c.quad)) for c in cards]
    centres = np.array([c.quad.mean(axis=0) for c in cards], np.float64)
    size = float(np.median([np.linalg.norm(c.quad[0] - c.quad[3]) for c in cards]))
    pw, ph = lay.pitch(DEFAULT_GAP)
    links: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for a in range(n):
        near = np.flatnonzero(np.linalg.norm(centres - centres[a], axis=1) < 2.6 * size)
        for b in near.tolist():
            if b == a:
                continue
            dx, dy = apply_homography(inverse[a], centres[b:b + 1])[0]
            du, dv = dx / pw / lay.u_step, -dy / ph
            iu, iv = round(du), round(dv)
            if abs(du - iu) < 0.3 and abs(dv - iv) < 0.25 and max(abs(iu) * lay.u_step, abs(iv)) <= 2:
                links[a].append((b, iu, iv))
    # A link counts only when both cards see it: a quad running over two cards, or hugging half of
    # one, puts its neighbours a step off, and the walk would carry that error across the lattice.
    if mutual:
        seen_from = [set(link) for link in links]
        links = [[(b, iu, iv) for b, iu, iv in links[a] if (a, -iu, -iv) in seen_from[b]] for a in range(n)]
    seed = max(range(n), key=lambda k: len(links[k]))
    found = {seed: (0, 0)}
    queue = deque([seed])
    while queue:
        a = queue.popleft()
        ua, va = found[a]
        for b, du, dv in links[a]:
            if b not in found:
                found[b] = (ua + du, va + dv)
                queue.append(b)
    return found


def _score(cards: Sequence[_Card], steps: Mapping[int, tuple[int, int]], lay: Layout, flip: int,
           ou: int, ov: int, known: Mapping[str, str]) -> float:
    """How well the cards fit the layout placed at offset ``(ou, ov)`` (turned half a turn if ``flip``)."""
    cells = {(round(u / lay.u_step), round(v)): name for name, (u, v) in lay.lattice.items()}
    static = {(round(u / lay.u_step), round(v)) for u, v in lay.static}
    score = 0.0
    for k, (su, sv) in steps.items():
        pos = (flip * su + ou, flip * sv + ov)
        name = cards[k].name
        if pos in static:
            score += 1.0 + (1.0 if name == lay.static_name else -1.5 if name is not None else 0.0)
        elif pos in cells:
            score += 1.0 + (-1.5 if name == lay.static_name else 0.0)
            cell = cells[pos]
            if name is not None and cell in known:
                score += 3.0 if known[cell] == name else -3.0
        else:
            score -= 1.0
    return score


def find_table(frame: Image, game: str | Layout, classifier: Classifier | None = None, *,
               known: Mapping[str, str] | None = None,
               quads: npt.NDArray[np.float32] | None = None, gap: float | None = None,
               find: Finder | None = None) -> TableGeometry | None:
    """The table's geometry found from the cards lying on it, or None when too few are seen.

    ``classifier`` (optional) reads the cards found, so that the frame's
    border cards or ``known`` cards (cell to card name, what lies on the table
    already) pin where the layout is; without them the layout is placed where
    most cards fit, row 1 towards the bottom of the image. ``quads`` may give
    the cards already found (else :func:`vision.find.detect.find_cards` is run).
    ``gap`` is the gap between cards in mm (default :data:`DEFAULT_GAP`): the
    finder places card centres, it cannot measure the gap. ``find`` (with a
    ``classifier``) looks closer for L'Ascension's Panoramas when the quads
    do not hold them all (:func:`vision.find.finders.closer`).
    """
    lay = layout(game) if isinstance(game, str) else game
    found = find_cards(frame) if quads is None else quads
    names: tuple[str | None, ...] = (None,) * len(found)
    if classifier is not None and len(found):
        crops = np.stack([rectify(frame, q, CROP_SIZE) for q in found])
        names = classifier.classify(crops).names
    # A Panorama's quad from a finder is the card its triangle spans (vision.find.detect.triangle_card).
    triangle = lay.static_shape == "triangle"
    cards = [_Card(order_corners(q), name, outline=triangle and name == lay.static_name)
             for q, name in zip(found, names, strict=True)]
    if triangle and find is not None and classifier is not None and \
            sum(card.name == lay.static_name for card in cards) < len(lay.static):
        # Some Panoramas unseen: small beside the cards, they are looked for closer.
        cards += _closer_panoramas(frame, lay, classifier, find, [c for c in cards if c.outline])
    # A tiled table has card-shaped tiles, and the classifier may even read them as a card: the
    # frame's cards and the cards known to lie on the table are what to trust, when there are enough.
    trusted = [card for card in cards if card.name == lay.static_name or card.name in (known or {}).values()]
    named = [card for card in cards if card.name is not None]
    if len(trusted) >= MIN_CARDS:
        cards = trusted
    elif len(named) >= MIN_CARDS:
        cards = named
    # Walking only the links both cards agree on keeps a loose quad from carrying the lattice a
    # step off; but where contours found few cards it may join other ones, and fit worse than the
    # walk by every link (3.5 px off at the median, against 3, in game 7,000,000). Both walks
    # are fitted, and the fit whose static cards lie best on the frame's edges is taken.
    walks = [_lattice(cards, lay, mutual=True)]
    if (every := _lattice(cards, lay, mutual=False)) != walks[0]:
        walks.append(every)
    grads = gradients(frame) if lay.static_shape == "card" else None  # refine's, and the choice's
    fits = [refine(frame, fit, grads=grads) for walk in walks
            if (fit := _fit(cards, walk, lay, known or {}, gap)) is not None]
    if not fits:
        return None
    geometry = fits[0]
    if len(fits) > 1 and grads is not None:
        edges = grads
        geometry = max(fits, key=lambda fit: static_support(edges, fit))
    if classifier is not None and not _frame_seen(frame, geometry, classifier):
        return None
    return geometry


#: Least Panoramas seen to place L'Ascension's table by their row alone: with fewer, where they
#: lie in the row is a guess (a pyramid placed a column off reads every card on the wrong cell).
MIN_PANORAMAS = 6


def _row_places(panoramas: Sequence[_Card], lay: Layout, least: int) -> tuple[dict[int, int], float] | None:
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


#: Least Panoramas seen to look along their row for the others (:func:`_alike`).
FEW_PANORAMAS = 3
#: How like the Panoramas seen a place of the row must look to hold one, as a share of how like
#: their own mean they look (normalised cross-correlation).
LIKENESS = 0.75


def _alike(frame: Image, panoramas: Sequence[_Card], lay: Layout) -> list[_Card]:
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
    found: list[_Card] = []
    for p in held:
        if p in seen:
            continue
        _, (x, y) = likeness[p]
        centre = to_image(x + scale / 2, y + height / 2)
        found.append(_Card((shape + centre).astype(np.float32), lay.static_name, outline=True))
    return found


def _panorama_row(frame: Image, panoramas: Sequence[_Card], lay: Layout, classifier: Classifier | None,
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
    seen = _pointing_up([_Card(order_corners(q), name, outline=True)
                         for q, name in zip(found, names, strict=True) if name == lay.static_name])
    seen = _pointing_up(seen + _closer_panoramas(frame, lay, classifier, find, seen))
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


#: A Panorama seen points the way most do (base to apex, up the table): within this angle (degrees)
#: of their median, and this ratio of its length.
UP_ANGLE = 25.0
UP_LENGTH = (0.75, 1.33)


def _pointing_up(panoramas: list[_Card]) -> list[_Card]:
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


def quad_inside(quad: npt.NDArray[np.floating[Any]], size: tuple[int, int]) -> bool:
    """Whether an image quad lies wholly inside an image of ``size`` (width, height)."""
    w, h = size
    return bool((quad[:, 0] >= 0).all() and (quad[:, 0] <= w - 1).all() and (quad[:, 1] >= 0).all()
                and (quad[:, 1] <= h - 1).all())


#: How far (pixels) :func:`refine` looks for each static card's edges around where the fit put it.
REFINE_REACH = 6
#: Share of its outline on edges a static card needs to pin the refined fit.
REFINE_SUPPORT = 0.75


def static_support(grads: Gradients, geometry: TableGeometry) -> float:
    """How well the static cards' outlines (Tranquillité's frame) lie on the frame's edges where
    ``geometry`` puts them: the mean share of their sides on edges; 0 for other layouts."""
    if geometry.layout.static_shape != "card" or not geometry.layout.static:
        return 0.0
    return float(_static_support(grads, geometry, np.zeros((1, 2))).mean())


def _static_support(grads: Gradients, geometry: TableGeometry, moves: npt.NDArray[np.float64]
                    ) -> npt.NDArray[np.float64]:
    """Mean side support (S, K) of each static card's outline where ``geometry`` puts it, moved by
    each of ``moves`` (K, 2) pixels."""
    quads = [geometry.to_image(card_corners(x, y)) for x, y in geometry.layout.static_points(geometry.gap)]
    return np.asarray(moved_support(grads, quads, moves).mean(axis=2), np.float64)


def refine(frame: Image, geometry: TableGeometry, *, rounds: int = 2, grads: Gradients | None = None
           ) -> TableGeometry:
    """``geometry`` fitted again on the edges of the static cards (Tranquillité's frame).

    A fit from the finder's card centres can be a few pixels off at the far side of the layout:
    a hand hid some cards, a quad took in a neighbour. Each static card's outline is moved
    around where the fit puts it, up to :data:`REFINE_REACH` pixels, and lies best on the
    frame's edges (:func:`vision.find.outline.moved_support`) somewhere in a small plateau: its
    middle gives the card's centre. The homography is fitted again on those centres (RANSAC),
    twice, and kept if the static cards' outlines lie better on edges with it. Layouts without
    card-shaped static cards (L'Ascension's Panoramas), or with fewer than six well supported,
    are returned as they are. ``grads``: the frame's :func:`~vision.find.outline.gradients`, when
    already computed.
    """
    lay = geometry.layout
    if lay.static_shape != "card" or len(lay.static) < 6:
        return geometry
    grads = gradients(frame) if grads is None else grads
    plane = lay.static_points(geometry.gap)
    steps = np.arange(-REFINE_REACH, REFINE_REACH + 1, dtype=np.float64)
    shifts = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)  # (K, 2) pixels

    zero = int(np.flatnonzero((shifts == 0).all(axis=1))[0])
    first, first_score = geometry, 0.0
    for round_ in range(rounds):
        score = _static_support(grads, geometry, shifts)
        if round_ == 0:
            first_score = float(score[:, zero].mean())  # the fit as given, not moved
        top = score.max(axis=1)
        good = top >= REFINE_SUPPORT
        if good.sum() < 6:
            break
        # The support is flat over a few pixels (edges count within a reach): take its middle.
        near = (score >= top[:, None] - 0.02).astype(np.float64)
        centres = geometry.to_image(plane) + near @ shifts / near.sum(axis=1, keepdims=True)
        matrix, _ = cv2.findHomography(plane[good], centres[good], cv2.RANSAC, 3.0)
        if matrix is None:
            break
        geometry = TableGeometry(lay, np.asarray(matrix, np.float64), geometry.gap)
    # A fit already on the edges stays: the border cards lie a little askew, and fitting their
    # centres again only trades one pixel for another.
    if geometry is not first and static_support(grads, geometry) > first_score + 0.01:
        return geometry
    return first


def _frame_seen(frame: Image, geometry: TableGeometry, classifier: Classifier) -> bool:
    """Whether most of the frame's cards (Tranquillité's border) are read where the geometry puts
    them: a lattice fitted on stray quads (a tiled table) puts table there."""
    lay = geometry.layout
    if lay.static_shape != "card":
        return True
    h, w = frame.shape[:2]
    quads = [order_corners(geometry.to_image(card_corners(x, y)).astype(np.float32))
             for x, y in lay.static_points(geometry.gap)]
    quads = [q for q in quads if (q >= 0).all() and (q[:, 0] < w).all() and (q[:, 1] < h).all()]
    if len(quads) < MIN_CARDS:
        return False
    names = classifier.classify(np.stack([rectify(frame, q, CROP_SIZE) for q in quads])).names
    return sum(name == lay.static_name for name in names) >= 0.75 * len(quads)


def _fit(cards: Sequence[_Card], steps: dict[int, tuple[int, int]], lay: Layout, known: Mapping[str, str],
         gap: float | None) -> TableGeometry | None:
    """The geometry of the lattice of ``cards`` placed on the layout, or None."""
    if len(cards) < MIN_CARDS or len(steps) < 4:
        return None
    size = float(np.median([np.linalg.norm(card.quad[0] - card.quad[3]) for card in cards]))
    rough: Matrix | None = None
    pw, ph = lay.pitch(DEFAULT_GAP)
    half = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]) * (63.0 / pw, 88.0 / ph)
    for _ in range(FIT_ROUNDS):
        # Fit the lattice to the image, then put every card on it, linked or not, and fit again.
        # A card's centre is one point; a Panorama's outline gives its four corners (a row of
        # Panoramas alone is a line: the corners give the rows' direction).
        keys = list(steps)
        src, dst, owner = [], [], []
        for k in keys:
            at = np.array(steps[k], np.float64) * (lay.u_step, -1.0)
            if cards[k].outline:
                src += list(at + half)
                dst += list(cards[k].quad.astype(np.float64))
                owner += [k] * 4
            else:
                src.append(at)
                dst.append(cards[k].quad.mean(axis=0).astype(np.float64))
                owner.append(k)
        if len(src) < 4:
            return None
        fitted, inliers = cv2.findHomography(np.array(src), np.array(dst), cv2.RANSAC, 0.2 * size)
        if fitted is None:
            return None
        rough = np.asarray(fitted, np.float64)
        good = {k for k, ok in zip(owner, inliers.ravel().tolist(), strict=True) if ok}
        steps = {k: steps[k] for k in keys if k in good}
        with np.errstate(divide="ignore", invalid="ignore"):  # a degenerate fit sends cards to infinity
            centres_seen = np.array([c.quad.mean(axis=0) for c in cards], np.float64)
            where = apply_homography(np.linalg.inv(rough), centres_seen)
        before = dict(steps)
        for k, (u, minus_v) in enumerate(where.tolist()):
            if k in steps or not (math.isfinite(u) and math.isfinite(minus_v)):
                continue
            iu, iv = round(u / lay.u_step), round(-minus_v)
            if abs(u / lay.u_step - iu) < 0.25 and abs(-minus_v - iv) < 0.2:
                steps[k] = (iu, iv)
        if steps == before:
            break
    if rough is None or len(steps) < MIN_CARDS:
        return None
    # The finder's quads often hug a card's printed frame rather than its edge, so only their
    # centres are trusted: the gap between cards cannot be seen from them and is assumed.
    gap = DEFAULT_GAP if gap is None else gap
    best = _place(cards, steps, lay, rough, known)
    if best is None:
        return None
    flip, ou, ov = best
    # Only the cards that land where the layout has a card, and whose reading does not say
    # otherwise, pin the final fit.
    static = {(round(u / lay.u_step), round(v)) for u, v in lay.static}
    cells = {(round(u / lay.u_step), round(v)) for u, v in lay.lattice.values()}
    image_pts, plane_pts = [], []
    for k, (su, sv) in steps.items():
        pos = (flip * su + ou, flip * sv + ov)
        name = cards[k].name
        if (pos in static and name in (None, lay.static_name)) or (pos in cells and name != lay.static_name):
            centre = lay.point(pos[0] * lay.u_step, pos[1], gap)
            if cards[k].outline:
                rect = card_corners(*centre)
                image_pts += list(cards[k].quad if flip == 1 else np.roll(cards[k].quad, -2, axis=0))
                plane_pts += list(rect)
            else:
                image_pts.append(cards[k].quad.mean(axis=0))
                plane_pts.append(centre)
    if len(image_pts) < MIN_CARDS:
        return None
    image_arr, plane_arr = np.array(image_pts, np.float64), np.array(plane_pts, np.float64)
    matrix, inliers = cv2.findHomography(plane_arr, image_arr, cv2.RANSAC, 0.08 * size)
    if matrix is None:
        return None
    keep = inliers.ravel().astype(bool)
    image_arr, plane_arr = image_arr[keep], plane_arr[keep]
    matrix, _ = cv2.findHomography(plane_arr, image_arr, 0)
    if matrix is None:
        return None
    geometry = TableGeometry(lay, matrix.astype(np.float64), gap)
    error = np.linalg.norm(geometry.to_image(plane_arr) - image_arr, axis=1)
    if float(np.median(error)) > 0.08 * size:
        return None
    return geometry


def _place(cards: Sequence[_Card], steps: Mapping[int, tuple[int, int]], lay: Layout, rough: Matrix,
           known: Mapping[str, str]) -> tuple[int, int, int] | None:
    """The half-turn and offset that put the lattice of cards on the layout best."""
    su = np.array([s[0] for s in steps.values()])
    sv = np.array([s[1] for s in steps.values()])
    all_u = [round(u / lay.u_step) for u, _ in [*lay.lattice.values(), *lay.static]]
    all_v = [round(v) for _, v in [*lay.lattice.values(), *lay.static]]
    # Which half-turn puts row 1 at the bottom of the image: the lattice's "up" goes up the image.
    origin, up = apply_homography(rough, np.array([[0.0, 0.0], [0.0, -1.0]]))
    upright = 1 if up[1] < origin[1] else -1
    best: tuple[float, int, int, int] | None = None
    for flip in (1, -1):
        us, vs = flip * su, flip * sv
        # Every offset that puts at least one card on the layout: stray quads (a tiled table)
        # may stretch the lattice beyond it, and the score says where the layout fits.
        for ou in range(min(all_u) - int(us.max()), max(all_u) - int(us.min()) + 1):
            for ov in range(min(all_v) - int(vs.max()), max(all_v) - int(vs.min()) + 1):
                score = _score(cards, steps, lay, flip, ou, ov, known) + (0.5 if flip == upright else 0.0)
                if best is None or score > best[0]:
                    best = (score, flip, ou, ov)
    if best is None or best[0] < MIN_CARDS:
        return None
    return best[1], best[2], best[3]


# -- following a moved camera -----------------------------------------------


def register(before: Image, after: Image, *, features: int = 1500,
             region: npt.NDArray[np.float64] | None = None) -> Matrix | None:
    """The homography taking pixels of ``before`` to ``after`` (two grey images of one table),
    or None when they cannot be matched (too different, or too little texture).

    ``region`` (a polygon of ``before``'s pixels) keeps the features to where the cards lie: a
    tiled or checked table repeats itself, the cards do not.
    """
    orb = cv2.ORB.create(features)
    masks: list[Image | None] = [None, None]
    if region is not None:
        for k, grow in enumerate((0.0, 0.08)):
            mask = np.zeros(before.shape[:2], np.uint8)
            centre = region.mean(axis=0)
            cv2.fillPoly(mask, [np.round(centre + (region - centre) * (1 + grow)).astype(np.int32)], 255)
            masks[k] = mask
    ka, da = orb.detectAndCompute(before, masks[0])
    kb, db = orb.detectAndCompute(after, masks[1])
    if da is None or db is None or len(ka) < 20 or len(kb) < 20:
        return None
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING, crossCheck=True)
    matches = matcher.match(da, db)
    if len(matches) < 20:
        return None
    src = np.array([ka[m.queryIdx].pt for m in matches], np.float32)
    dst = np.array([kb[m.trainIdx].pt for m in matches], np.float32)
    matrix, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 3.0)
    if matrix is None or int(inliers.sum()) < max(20, len(matches) // 5):
        return None
    return np.asarray(matrix, np.float64)
