"""The refined finder: its quads placed by the corner refiner, and the steps finding the cards missed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

import numpy as np
import numpy.typing as npt

from vision.find.covered import cards_behind
from vision.find.detect import (
    FloatArray,
    Image,
    card_on_table,
    order_corners,
    quad_area,
    quad_areas,
    quad_aspect,
    quad_iou,
    shares_at_least,
)
from vision.find.outline import EdgeSupports, gradients
from vision.find.params import (
    BESIDE_ASPECT,
    BESIDE_CARD,
    BESIDE_REACH,
    FREE_CARD,
    HALF_ASPECT,
    LARGE,
    MAGNIFICATION,
    MIN_CARD,
    ODD_SIZE,
    ODD_TIMES,
    ON_EDGES,
    PAIR,
    PAIR_CARD,
    RESEAT_FIT,
    RESEAT_GAIN,
    SAME_CARD,
    SEEN_CLOSE,
    SQUAREST,
    STAYS,
    TAKEN,
)
from vision.find.refine.looks import (
    _new,
    look_closer,
    look_closer_at,
    look_farther,
    magnification_for,
    region_about,
    sharpened,
)
from vision.find.refine.placing import (
    _card_shaped,
    _centred_in,
    _framed,
    _halves,
    _shown,
    _squat,
    _stayed,
    card_sides,
    gives_way,
    printed,
    settle,
)
from vision.find.refine.refiner import CornerRefiner, Refined
from vision.find.rows import alike, around, row_places
from vision.find.segment import CardFinder, CoreMap, Outlines


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
    #: cards, read on one look, came out worse.
    sharpen: CornerRefiner | None = None
    #: Look closer only as much as the cards' size asks (:func:`magnification_for`), not
    #: :data:`MAGNIFICATION` times always, and outline the cards in that look alone: the whole
    #: frame's look, the :attr:`closer` network's, tells where the cards lie and how long they
    #: are from its map's regions, outlining none (:meth:`_closer_looks`). L'Ascension's table
    #: finder, whose pyramid's cards are found as well looked at 1.34 times closer, and whose
    #: closer look outlined every card the whole frame's did, and finer. The Crew's and Rixes'
    #: full finders, asked to look as close as their cards' size asks, came out worse: two cards
    #: more read wrong with confidence in The Crew's tricks, three more found but none read in
    #: Rixes'.
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
        whose outline lies on edges (``support``, :data:`vision.find.params.ON_EDGES`), and only the
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
