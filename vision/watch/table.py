"""Finding the table's geometry from the cards lying on it.

:func:`find_table`: every card the whole-frame finder sees (Tranquillité's frame of border
cards, the cards of the grid or the pyramid) is put on a lattice of card pitches, the lattice is
fitted with a homography, and placed on the layout where the cards read on it (a border card on
the frame, a known card on its cell) fit best; :func:`refine` then draws the fit onto the static
cards' edges. The geometry itself is :class:`vision.watch.geometry.TableGeometry`.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import CROP_SIZE, Finder, find_cards, order_corners, rectify
from vision.find.finders import closer
from vision.find.outline import Gradients, gradients, moved_support
from vision.read.classify import Classifier
from vision.watch.geometry import FoundCard, Image, Matrix, TableGeometry, apply_homography, card_transform
from vision.watch.layouts import Layout, card_corners, layout
from vision.watch.params import (
    DEFAULT_GAP,
    FIT_ROUNDS,
    MIN_CARDS,
    REFINE_REACH,
    REFINE_SUPPORT,
)


def closer_panoramas(frame: Image, lay: Layout, classifier: Classifier, find: Finder,
                      seen: Sequence[FoundCard]) -> list[FoundCard]:
    """The Panoramas ``find`` sees looking closer, but those already ``seen``."""
    quads = closer(find, frame)
    if not len(quads):
        return []
    names = classifier.classify(np.stack([rectify(frame, q, CROP_SIZE) for q in quads])).names
    out: list[FoundCard] = []
    for quad, name in zip(quads, names, strict=True):
        card = FoundCard(order_corners(quad), name, outline=True)
        centre, size = card.quad.mean(axis=0), float(np.linalg.norm(card.quad[0] - card.quad[2]))
        if name == lay.static_name and all(np.linalg.norm(centre - other.quad.mean(axis=0)) > 0.2 * size
                                           for other in [*seen, *out]):
            out.append(card)
    return out


def _lattice(cards: Sequence[FoundCard], lay: Layout, *, mutual: bool = True) -> dict[int, tuple[int, int]]:
    """Integer lattice steps (in ``u_step`` units across, rows up) of the cards linked to the
    best-connected one, walking from neighbour to neighbour (``mutual``: only by the links both
    cards agree on)."""
    n = len(cards)
    if n == 0:
        return {}
    inverse = [np.linalg.inv(card_transform(c.quad)) for c in cards]
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


def _score(cards: Sequence[FoundCard], steps: Mapping[int, tuple[int, int]], lay: Layout, flip: int,
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
    cards = [FoundCard(order_corners(q), name, outline=triangle and name == lay.static_name)
             for q, name in zip(found, names, strict=True)]
    if triangle and find is not None and classifier is not None and \
            sum(card.name == lay.static_name for card in cards) < len(lay.static):
        # Some Panoramas unseen: small beside the cards, they are looked for closer.
        cards += closer_panoramas(frame, lay, classifier, find, [c for c in cards if c.outline])
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


def _fit(cards: Sequence[FoundCard], steps: dict[int, tuple[int, int]], lay: Layout, known: Mapping[str, str],
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
    best = place_lattice(cards, steps, lay, rough, known)
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


def place_lattice(cards: Sequence[FoundCard], steps: Mapping[int, tuple[int, int]], lay: Layout,
                  rough: Matrix, known: Mapping[str, str]) -> tuple[int, int, int] | None:
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
