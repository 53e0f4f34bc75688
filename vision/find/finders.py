"""Contours and the finder network together: each finds cards the other misses.

The finder network (:class:`vision.find.segment.CardFinder`) parts cards laid edge
to edge, finds pale cards on pale tables and places corners well; OpenCV
contours (:func:`vision.find.detect.find_cards`) find cards the network misses: a
card much larger than on a game table (a photo of a few cards, where the
network may see the pips and pictures as cards), odd light, a table pattern it
was not trained on. :func:`merge_quads` keeps the network's quads, except
where a contour quad shows they are parts of one card or it lies better on the
card's edges, and adds the contour quads where the network saw nothing but its
map still shows a card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

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
    DETAIL,
    FRAME_SIZED,
    FRAME_SIZED_BY,
    MAGNIFICATIONS,
    MANY,
    NO_EDGE,
    ON_EDGES,
    PARTS,
    SEEN,
)
from vision.find.refine import CornerRefiner, RefinedFinder, TableOrFull, lean_refiner_path
from vision.find.segment import CardFinder, CoreMap, Outlines


def merge_quads(network: FloatArray, contours: FloatArray, *,
                support: tuple[npt.ArrayLike, npt.ArrayLike] | None = None,
                seen: npt.ArrayLike | None = None) -> FloatArray:
    """The quads (N, 4, 2) of both finders, each card once.

    ``support`` gives each network and each contour quad's :func:`vision.find.outline.edge_support`,
    ``seen`` each contour quad's :func:`vision.find.segment.core_evidence`; without them every quad
    counts as well supported and seen. For each contour quad:

    * one network quad, at least half its size, holding its centre and its centre inside it: the
      same card (or the network ran this card and a neighbour together), the quad whose
      outline lies better on the frame's edges (by :data:`BETTER`) stays;
    * the centres of network quads inside it, together covering at least :data:`PARTS` of it
      (or one of them that large), those overlapping another not counted
      (:func:`vision.find.detect.apart`): those are the cards (a blob of cards edge to edge), it goes;
    * network quads inside it, all small and together covering less: they are parts of one
      card (pips, pictures), unless one of them is larger than a detail (:data:`DETAIL`) and
      its outline lies better on edges than the contour quad's own, or they lie on edges
      (:data:`ON_EDGES`) and a side of the contour quad on none (:data:`NO_EDGE`): cards laid
      in a ring, a grid's border around empty cells; or :data:`MANY` of them lie on edges, however
      well the contour quad does: a grid on a checked cloth, outlined whole. Those of the size of
      the cards the network found outside it (:data:`FRAME_SIZED`, told by :data:`FRAME_SIZED_BY` of
      them) stay beside it even so: cards on a tile of a checked cloth that contours outlined;
    * none inside it, but its centre inside a network quad: it is a part of that card and goes,
      unless its outline lies better on edges (then the network quad took in more than a card);
    * else the network found nothing there: it stays if the network's map saw a card there
      (:data:`SEEN`).

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> blob = np.array([[0, 0], [128, 0], [128, 88], [0, 88]], np.float32)
    >>> merge_quads(np.stack([card, card + [65, 0]]), blob[None]).shape  # two cards, not a blob
    (2, 4, 2)
    >>> merge_quads(card[None], (card + 2)[None]).tolist() == [card.tolist()]  # one card, once
    True
    >>> merge_quads(card[None], (card + 2)[None], support=([0.2], [0.9]))[0].tolist() == (card + 2).tolist()
    True
    >>> merge_quads(card[None], (card + 200)[None]).shape  # a card the network missed
    (2, 4, 2)
    >>> merge_quads(card[None], (card + 200)[None], seen=[0.0]).shape  # an empty cell of a grid
    (1, 4, 2)
    >>> grid = np.stack([card + [70 * i, 0] for i in range(4)])  # four cards on a checked cloth
    >>> around = np.array([[-40, -40], [360, -40], [360, 130], [-40, 130]], np.float32)[None]
    >>> merge_quads(grid, around, support=([1.0] * 4, [0.5])).shape  # ... outlined whole
    (4, 4, 2)
    >>> merge_quads(grid[:3], around, support=([1.0] * 3, [0.5])).shape  # a large card's pictures
    (1, 4, 2)
    """
    network = np.asarray(network, np.float32).reshape(-1, 4, 2)
    contours = np.asarray(contours, np.float32).reshape(-1, 4, 2)
    if support is None:
        net_support, cont_support = np.ones(len(network)), np.ones(len(contours))
    else:
        net_support, cont_support = (np.asarray(s, np.float64).reshape(-1) for s in support)
    cont_seen = np.ones(len(contours)) if seen is None else np.asarray(seen, np.float64).reshape(-1)
    areas = quad_areas(network)
    # holds[k, j]: contour quad k holds network quad j's centre; held[k, j]: the other way round.
    holds = inside(contours, network.mean(axis=1))
    held = inside(network, contours.mean(axis=1)).T
    keep = np.ones(len(network), bool)
    extra: list[FloatArray] = []
    for k, quad in enumerate(contours):
        inner = np.flatnonzero(holds[k]).tolist()
        around = np.flatnonzero(held[k]).tolist()
        area = quad_area(quad)
        if len(inner) == 1 and inner[0] in around and areas[inner[0]] >= 0.5 * area:
            # Each holds the other's centre: two outlines of one card, or the network's quad ran
            # two cards together. The one lying better on the frame's edges stays.
            if cont_support[k] > net_support[inner[0]] + BETTER:
                keep[inner[0]] = False
                extra.append(quad)
            continue
        if inner:
            # Cards laid edge to edge lie apart: of quads inside overlapping one another, none
            # counts towards the cards' cover (the pictures and the index of one court card).
            own = areas[inner]
            parts = (own < PARTS * area).all() and (
                own.sum() < PARTS * area or own[apart(overlaps(network[inner]), own)].sum() < PARTS * area)
            # A card-sized "part" may be a card after all, the contour quad a blob of it and its
            # neighbours' pieces: then the outline on the frame's edges decides. Pips cannot be.
            sized = [j for j in inner if areas[j] >= DETAIL * area]
            # An outline with a side on no edge at all, around quads lying on edges all round:
            # cards laid in a ring (a grid's border, its cells empty), or a shadow, not one card.
            # So are several quads inside lying on edges all round, whatever the outline's own
            # edges: a table's checks or stripes can run along all four of its sides. Either
            # way the quads inside are several cards, and they stay.
            ring = cont_support[k] <= NO_EDGE and np.median(net_support[inner]) >= ON_EDGES
            several = ring or int((net_support[inner] >= ON_EDGES).sum()) >= MANY
            if parts and not several and (not sized or cont_support[k] + BETTER >= net_support[sized].max()):
                # A quad inside of the size of the cards the network found elsewhere in the frame
                # is one of them, not a part: the contour quad is a tile of the cloth around it.
                keep[np.asarray(inner)[~_frame_sized(inner, areas)]] = False
                extra.append(quad)
            continue
        if around:
            if all(cont_support[k] > net_support[j] + BETTER for j in around):
                keep[around] = False
                extra.append(quad)
            continue
        if cont_seen[k] >= SEEN:
            extra.append(quad)
    out = np.concatenate([network[keep], np.asarray(extra, np.float32).reshape(-1, 4, 2)])
    return np.ascontiguousarray(out, np.float32)


def _frame_sized(inner: list[int], areas: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
    """Whether each network quad of ``inner`` (indices into ``areas``) has the size of the cards
    the network found outside the contour quad holding them (within :data:`FRAME_SIZED` of their
    median, with :data:`FRAME_SIZED_BY` of them or more)."""
    outside = np.delete(areas, inner)
    if len(outside) < FRAME_SIZED_BY:
        return np.zeros(len(inner), np.bool_)
    ratio = areas[inner] / max(float(np.median(outside)), 1e-9)
    return np.asarray((ratio >= 1 / FRAME_SIZED) & (ratio <= FRAME_SIZED), np.bool_)


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
