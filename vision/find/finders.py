"""Contours and the finder network together: each finds cards the other misses.

The finder network (:class:`vision.find.segment.CardFinder`) parts cards laid edge
to edge, finds pale cards on pale tables and places corners well; OpenCV
contours (:func:`vision.find.detect.find_cards`) find cards the network misses: a
card much larger than on a game table (a photo of a few cards, where the
network may see the pips and pictures as cards), odd light, a table pattern it
was not trained on. :func:`merge_quads` merges their quads by one rule: a card
is the outermost outline the evidence bears out (quads inside one are its parts
unless they tile it, of two outlines of one card the one on the frame's edges
stays, a contour alone needs the network's map to see a card under it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.spec import specs
from vision.find.detect import (
    Finder,
    FloatArray,
    Image,
    apart,
    find_cards,
    inside,
    overlaps,
    quad_area,
    quad_areas,
)
from vision.find.outline import edge_support, gradients
from vision.find.params import (
    AS_OUTLINED,
    BETTER,
    CONTOUR_SIDE,
    MAGNIFICATIONS,
    PARTS,
    SEEN,
)
from vision.find.refine import CornerRefiner, RefinedFinder, TableOrFull, lean_refiner_path
from vision.find.segment import CardFinder, CoreMap, Outlines


def merge_quads(network: FloatArray, contours: FloatArray, *,
                support: tuple[npt.ArrayLike, npt.ArrayLike] | None = None,
                seen: npt.ArrayLike | None = None) -> FloatArray:
    """The quads (N, 4, 2) of both finders, each card once, by one rule: a card is the outermost
    outline the evidence bears out (both finders outline only card-shaped things).

    ``support`` gives each network and each contour quad's :func:`vision.find.outline.edge_support`,
    ``seen`` each contour quad's :func:`vision.find.segment.core_evidence`; without them every quad
    counts as well supported and seen. Every quad of either finder is a candidate, and:

    * a candidate holding the centres of candidates under half its size is a blob of cards when at
      least two of the outermost of those lie apart and together they cover :data:`PARTS` of it
      (it goes), else a card, and those are its parts (pips, pictures, an index: they go);
    * of two candidates each holding the other's centre, the one whose outline lies better on the
      frame's edges stays (the network's, by :data:`BETTER`, on a tie);
    * a contour candidate that met no other stays where the network's map saw a card (:data:`SEEN`).

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> blob = np.array([[0, 0], [128, 0], [128, 88], [0, 88]], np.float32)
    >>> merge_quads(np.stack([card, card + [65, 0]]), blob[None]).shape  # two cards, not a blob
    (2, 4, 2)
    >>> pips = np.stack([card * 0.2 + [10, 10], card * 0.2 + [40, 60]])
    >>> merge_quads(pips, card[None]).tolist() == [card.tolist()]  # a card, not its pips
    True
    >>> merge_quads(card[None], (card + 2)[None], support=([0.2], [0.9]))[0].tolist() == (
    ...     card + 2).tolist()
    True
    >>> merge_quads(card[None], (card + 200)[None], seen=[0.0]).shape  # an empty cell of a grid
    (1, 4, 2)
    >>> with_pips = np.concatenate([pips, pips + [65, 0]])  # two cards and their pips, in a blob
    >>> len(merge_quads(np.concatenate([np.stack([card, card + [65, 0]]), with_pips]), blob[None]))
    2
    """
    network = np.asarray(network, np.float32).reshape(-1, 4, 2)
    contours = np.asarray(contours, np.float32).reshape(-1, 4, 2)
    n = len(network)
    quads = np.concatenate([network, contours])
    if support is None:
        edges = np.ones(len(quads))
    else:
        edges = np.concatenate([np.asarray(s, np.float64).reshape(-1) for s in support])
    cont_seen = np.ones(len(contours)) if seen is None else np.asarray(seen, np.float64).reshape(-1)
    # The network's quads win ties: its corners are placed better than a contour's.
    evidence = edges + np.where(np.arange(len(quads)) < n, BETTER, 0.0)
    areas = quad_areas(quads)
    holds = inside(quads, quads.mean(axis=1))  # holds[i, j]: quad i holds quad j's centre
    np.fill_diagonal(holds, False)
    keep = np.ones(len(quads), bool)
    met: npt.NDArray[np.bool_] = np.asarray(holds.any(axis=0) | holds.any(axis=1), np.bool_)
    for i in np.argsort(-areas, kind="stable"):
        inner = np.flatnonzero(holds[i] & (areas < 0.5 * areas[i]))
        if not keep[i] or not len(inner):
            continue
        # The outermost of those inside (a card inside the blob, not the pips inside that card).
        larger = areas[inner][:, None] > areas[inner][None, :]
        top = inner[~(holds[np.ix_(inner, inner)] & larger).any(axis=0)]
        lying_apart = apart(overlaps(quads[top]), areas[top])
        if lying_apart.sum() >= 2 and _covered(quads[i], quads[top]) >= PARTS:
            keep[i] = False  # a blob of the cards inside it
        else:
            keep[inner] = False  # its parts
    for i, j in zip(*np.nonzero(holds & holds.T), strict=True):
        if i < j and keep[i] and keep[j]:
            keep[j if evidence[i] >= evidence[j] else i] = False
    keep[n:] &= met[n:] | (cont_seen >= SEEN)
    return np.ascontiguousarray(quads[keep], np.float32)


def _covered(outer: FloatArray, inner: FloatArray, side: int = 64) -> float:
    """The share of quad ``outer`` the quads ``inner`` (K, 4, 2) cover together, counted on a grid
    of at most ``side`` cells a side over ``outer``'s bounding box."""
    low, high = outer.min(axis=0), outer.max(axis=0)
    scale = (side - 1) / max(float((high - low).max()), 1e-6)
    box = np.zeros((side, side), np.uint8)
    cv2.fillConvexPoly(box, np.round((outer - low) * scale).astype(np.int32), 1)
    union = np.zeros_like(box)
    for quad in inner:
        cv2.fillConvexPoly(union, np.round((quad - low) * scale).astype(np.int32), 1)
    return float((box & union).sum()) / max(int(box.sum()), 1)


@dataclass
class CombinedFinder:
    """The finder network and contours run on each frame, their quads merged by :func:`merge_quads`
    with each quad's edge support and the network's core map under each contour quad."""

    network: CardFinder = field(default_factory=CardFinder)

    def __call__(self, frame: Image) -> FloatArray:
        return self.find(frame)

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as
        :func:`vision.find.detect.order_corners`."""
        return self.outlines(frame).quads

    def outlines(self, frame: Image) -> Outlines:
        """:meth:`find`'s quads, each marked triangular where the network saw a triangle
        (:data:`vision.find.params.SAME_TRIANGLE`: a contour's outline of a Panorama, when it stays,
        is marked too)."""
        seen_by_network = CoreMap(*self.network.core_map(frame))
        by_network, triangular, partial, _ = self.network.outlines(*seen_by_network)
        by_contours = find_cards(frame, max_side=CONTOUR_SIDE)
        grads = gradients(frame)
        # Contours never outline a triangle, only a strip of one: a Panorama's quad stands.
        network_support = np.where(triangular, 1.0, edge_support(grads, by_network))
        support = (network_support, edge_support(grads, by_contours))
        seen = [seen_by_network.evidence(quad) for quad in by_contours]
        merged = merge_quads(by_network, by_contours, support=support, seen=seen)
        # A quad where the network saw a triangle is one, whichever outline of it stayed.
        return Outlines.marked(merged, by_network[triangular], partial, seen_by_network)


def finder_for(game: str | None) -> str:
    """The finder ``auto`` stands for with ``game``: its spec's
    (:attr:`companion.engine.spec.VisionSpec.finder`), ``both`` for no game or one not registered.

    >>> finder_for("tranquility"), finder_for("ascension"), finder_for("crew"), finder_for(None)
    ('lean', 'network', 'both', 'both')
    """
    spec = next((spec for spec in specs() if spec.name == game), None)
    return "both" if spec is None else spec.vision.finder


def make_finder(choice: str = "both", refiner: str | None = None, game: str | None = None) -> Finder:
    """The finder named ``choice``: ``both`` (:class:`CombinedFinder`, the watcher's
    ``camera.finder``), ``network``, ``contours``, ``lean``, ``auto`` (the one :func:`finder_for`
    chooses for ``game``: the default of ``detect``, ``eval-vision`` and ``bench vision``) or a
    finder model file's path; its quads placed on the cards by the corner refiner, the network
    looking closer where cards lie (:class:`vision.find.refine.RefinedFinder`), when ``refiner`` is
    ``shipped`` (``models/refiner.onnx``, the default of ``detect``, ``eval-vision`` and ``bench
    vision``) or a refiner model file's path; as they are when it is None or ``none``.

    ``lean`` is the finder network alone, its quads placed by one look of the lean refiner
    (``models/refiner-lean.onnx`` when ``refiner`` is ``shipped``), with no closer look and no
    parting of two cards outlined as one (:func:`lean_finder`). ``auto`` for a game whose finder
    is ``lean`` leaves close-ups and frames the lean finder finds few cards in to ``both``
    (:class:`vision.find.refine.TableOrFull`); ``auto`` for a game whose finder is ``network``, refined,
    leaves it only the frames that finder finds few cards in (it looks closer and farther itself);
    unrefined, ``auto`` is ``both`` for every game. ``network``, refined, for a game whose table
    finder it is (L'Ascension), is that table finder: it outlines the cards only looking closer,
    as close as their size asks (:attr:`vision.find.refine.RefinedFinder.closer_by_size`), takes
    those the whole frame's map shows as outlined where they lie on the frame's edges
    (:attr:`vision.find.refine.RefinedFinder.as_outlined`), and places the others by one look of the
    lean refiner, or of the refiner file given (:attr:`vision.find.refine.RefinedFinder.sharpen`).

    Raises :class:`~companion.errors.ModelUnavailable` when a model is missing or unreadable.

    >>> make_finder("contours") is find_cards
    True
    """
    refined = refiner is not None and refiner != "none"
    if choice == "auto":
        # The lean finder is the network's quads placed by the refiner: unrefined, the merged
        # finder finds more.
        choice = finder_for(game) if refined else "both"
        if choice in ("lean", "network"):
            # Close-ups and frames the table's finder sees few cards in are the full finder's; both
            # look through the one finder network (one session of the model, not two) and, but the
            # lean one, place what they find with the one refiner.
            full = cast(RefinedFinder, make_finder("both", refiner))
            alone = full.closer
            assert alone is not None  # the merged finder's network looks closer
            if choice == "lean":
                table = cast(RefinedFinder, lean_finder(alone, str(refiner)))
            else:
                table = RefinedFinder(alone.find_outlines, full.refiner, alone,
                                      sharpen=_sharpener(str(refiner), full.refiner), closer_by_size=True,
                                      as_outlined=AS_OUTLINED)
            return TableOrFull(table, full)
    if choice == "lean":
        alone = CardFinder(lone_cores=refined)
        return lean_finder(alone, str(refiner)) if refined else alone.find
    network: CardFinder | None = None
    # What the refined finder starts from: the same quads, each marked triangular where the
    # network saw a triangle (a Panorama, which vision.read.recognise then reads by its shape).
    outlined: Callable[[Image], FloatArray | Outlines] = find_cards
    if choice == "contours":
        find: Finder = find_cards
    else:
        # The refiner places a lone core's loose card (see :attr:`CardFinder.lone_cores`).
        network = CardFinder(lone_cores=refined) if choice in ("network", "both") else CardFinder(
            Path(choice), lone_cores=refined)
        if choice == "both":
            # The merged finder itself, not its method: vision.read.recognise also asks it for triangles.
            combined = CombinedFinder(network)
            find, outlined = combined, combined.outlines
        else:
            find, outlined = network.find, network.find_outlines
    if not refined:
        return find
    model = CornerRefiner() if refiner == "shipped" else CornerRefiner(Path(str(refiner)))
    # With the refiner to place what it finds, the network also looks closer where cards lie; as
    # the table's finder of its game (L'Ascension's), it is the one ``auto`` reads tables with.
    for_table = choice == "network" and finder_for(game) == "network"
    sharpen = _sharpener(str(refiner), model) if for_table else None
    return RefinedFinder(outlined, model, network, sharpen=sharpen, closer_by_size=for_table,
                         as_outlined=AS_OUTLINED if for_table else None)


def _sharpener(refiner: str, model: CornerRefiner) -> CornerRefiner:
    """What places, by one look, the cards a table finder's closer look outlined too
    (:attr:`vision.find.refine.RefinedFinder.sharpen`): the lean refiner for the ``shipped`` one, else
    the refiner file given, ``model``."""
    return CornerRefiner(lean_refiner_path(), passes=1) if refiner == "shipped" else model


def lean_finder(network: CardFinder, refiner: str = "shipped") -> Finder:
    """The lean finder: ``network``'s quads placed by one look of the lean refiner (``shipped``:
    ``models/refiner-lean.onnx``) or of the refiner file ``refiner``, the steps that need no
    closer look kept but the parting of pairs (:class:`vision.find.refine.RefinedFinder`).

    Why these steps: on Tranquillité's held-out scenes the closer look, the contours, the
    refiner's second look and the parting of pairs each cost 8 to 25 ms of a 36-card frame and
    no target needed them; the places beside the cards (20 ms) kept recall over its target."""
    model = CornerRefiner(lean_refiner_path() if refiner == "shipped" else Path(refiner), passes=1)
    return RefinedFinder(network.find_outlines, model, pairs=False)


def for_closer_look(find: Callable[[Image], FloatArray | Outlines]) -> Finder:
    """The finder to look closer with: a merged finder's network alone (contours never outline a
    Panorama, and they would take most of the time over the many tiles), a network's own
    :meth:`~vision.find.segment.CardFinder.find`, else ``find`` itself (a finder of quads).

    >>> for_closer_look(find_cards) is find_cards
    True
    """
    owner = find if isinstance(find, RefinedFinder | CombinedFinder | TableOrFull) else getattr(
        find, "__self__", None)
    if isinstance(owner, TableOrFull):
        return for_closer_look(owner.full)
    if isinstance(owner, RefinedFinder):  # the refiner places whole cards; tiles cut them
        return for_closer_look(owner.finder)
    if isinstance(owner, CombinedFinder):
        return owner.network.find
    # What is left gives quads: only the merged finder's and the network's outlines are Outlines.
    return owner.find if isinstance(owner, CardFinder) else cast(Finder, find)


def closer(find: Finder, frame: Image, magnifications: tuple[int, ...] = MAGNIFICATIONS) -> FloatArray:
    """Corners (N, 4, 2) of the cards ``find`` sees in tiles of ``frame`` (each ``1 / m`` of its width
    and height, for every ``m`` of ``magnifications``, overlapping by half a tile), in frame pixels,
    one quad per card however many tiles saw it (the median of its quads).

    >>> def one_card(tile):  # a finder seeing a card wherever the tile holds the frame's centre
    ...     return np.array([[[10, 10], [20, 10], [20, 24], [10, 24]]], np.float32)
    >>> closer(one_card, np.zeros((40, 40, 3), np.uint8), (1,)).tolist()
    [[[10.0, 10.0], [20.0, 10.0], [20.0, 24.0], [10.0, 24.0]]]
    """
    h, w = frame.shape[:2]
    found: list[FloatArray] = []
    for m in magnifications:
        tw, th = w // m, h // m
        for y in range(0, h - th + 1, max(th // 2, 1)):
            for x in range(0, w - tw + 1, max(tw // 2, 1)):
                quads = find(np.ascontiguousarray(frame[y:y + th, x:x + tw]))
                # A card cut by the tile's edge is seen whole in the tile beside it.
                whole = [q for q in quads if (q[:, 0] > 1).all() and (q[:, 1] > 1).all()
                         and (q[:, 0] < tw - 2).all() and (q[:, 1] < th - 2).all()]
                found += [q + np.array([x, y], np.float32) for q in whole]
    # One card seen in several tiles: the median of its quads (each tile places it a little apart).
    groups: list[list[FloatArray]] = []
    for quad in sorted(found, key=quad_area, reverse=True):
        centre, size = quad.mean(axis=0), float(np.linalg.norm(quad[0] - quad[2]))
        near = [g for g in groups if np.linalg.norm(centre - g[0].mean(axis=0)) <= 0.2 * size]
        if near:
            near[0].append(quad)
        else:
            groups.append([quad])
    kept = [np.median(np.stack(group), axis=0) for group in groups]
    return np.array(kept, np.float32).reshape(-1, 4, 2)
