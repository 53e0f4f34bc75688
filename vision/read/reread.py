"""Reading an unsure card again, on quads about its own.

A card the classifier leaves unsure is most often a card cut along a quad one corner of which is
off (in glare, where its edge does not show) or a little loose: cut along its true corners, most
are read right and sure. The corner that is off is not known, so the card is cut along each of
its quad's other shapes (its :func:`parallelograms`: each corner put where the three others say,
and the corner refiner's look at the quad and at each of those, :func:`looked_at`) and read again.
Each of those crops, and the quad's own, is also read turned half a turn: the classifier, which
learned cards either way up, reads some print surely one way and not the other. So is it cut
where the cards read surely beside it say a card lies (:func:`told`: beside one along its width,
on or under one in a pyramid), and where the refiner's look places each of those. A name is taken
only when at least :data:`AGREE` of those readings give it with confidence :data:`SURE` or more,
and at least :data:`OUTVOTE` times as many as give any other name that surely: two readings
agreeing, and a cut that reads the card beside it outvoted. A card whose readings do not agree
is cut again where a second look of the refiner places its first looks' quads, and along its quad
turned about its centre and placed by two looks (:func:`turned_cuts`): a white card in glare is
often outlined turned off it. Those readings join the others. A card whose readings still do
not agree is named by their :func:`consensus`, when nearly all of its readings guess one card,
none another surely, and half of them surely enough: a card printed in a typeface the classifier
never learned is often read the same by every cut, none of them quite sure.

A card read with confidence but less than :data:`CHECK` is read on its cuts too, and takes the
name they agree on, when they agree: most cards read wrong with confidence are read under it (a 4
cut along a quad a little off, read as a 1 at 0.98). Most such cards are read right, so their
cuts are read in two steps: first the parallelograms, the quad turned and the places told; a
card whose readings there agree on its name, a place told among those reading it surely (its
neighbours say it lies there, whatever its own outline), keeps it, and the refiner does not
look at its cuts.

A card left unsure on a quad too square to hold a whole card is most often a card partly under
another, outlined where it shows: no cut about that part holds the card, so it is grown whole
under the card lying over it and read there (:func:`read_grown`); one still unsure there is read
again on its own cuts of a card's shape, last (:func:`read_again` with ``squarer``): most often a
whole card with one corner off, which those cuts put back.

A cut that reads a card a table shows one of, found and read surely elsewhere, reads that card
spilt over: it does not count (:data:`vision.read.catalogue.ONE_COPY`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from vision.find.covered import whole_cards
from vision.find.detect import CROP_SIZE, FloatArray, overlaps, quad_areas, quad_aspect, rectangular, rectify
from vision.find.params import MIN_ASPECT, UNDER
from vision.find.rows import around
from vision.read.catalogue import BACK, ONE_COPY, TRIANGULAR, laid_in_cells
from vision.read.classify import Classifier, Readings
from vision.read.params import (
    AGREE,
    CHECK,
    CONSENSUS,
    DISSENT,
    MEDIAN,
    NEAR,
    OUTVOTE,
    SURE,
    TOLD,
    TURN_LOOKS,
    TURNS,
    UNANIMOUS,
)

Image = np.ndarray
#: Corners a quad is placed at by one look of the corner refiner (N, 4, 2 in, N, 4, 2 out, in
#: the same order): :meth:`vision.find.refine.CornerRefiner.look`'s quads.
Look = Callable[[Image, FloatArray], FloatArray]


def parallelograms(quad: npt.ArrayLike) -> FloatArray:
    """The four quads (4, 4, 2) made from ``quad`` (4, 2) by putting each corner in turn where
    the three others place it, as a parallelogram's; the corners in ``quad``'s order.

    >>> quad = np.array([[0, 0], [60, 0], [63, 88], [0, 88]], np.float32)  # corner 2 off by 3
    >>> parallelograms(quad)[2].tolist()
    [[0.0, 0.0], [60.0, 0.0], [60.0, 88.0], [0.0, 88.0]]
    """
    q = np.asarray(quad, np.float32).reshape(4, 2)
    out = np.repeat(q[None], 4, axis=0)
    for i in range(4):
        out[i, i] = q[i - 1] + q[(i + 1) % 4] - q[(i + 2) % 4]
    return out


def turned(quads: npt.ArrayLike, degrees: Sequence[float] = TURNS) -> FloatArray:
    """Each quad (N, 4, 2) turned about the mean of its corners by each of ``degrees`` one way,
    then the other (N, 2 * len(degrees), 4, 2), its corners in their order.

    >>> square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32)
    >>> turned(square[None], [90.0]).round(3).tolist()[0][0]  # a quarter turn clockwise on screen
    [[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0]]
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    centres = q.mean(axis=1, keepdims=True)
    angles = np.deg2rad([*degrees, *(-d for d in degrees)])
    cos, sin = np.cos(angles), np.sin(angles)
    # (A, 2, 2) rotations, applied to each corner's offset from the centre.
    turns = np.stack([np.stack([cos, -sin], axis=1), np.stack([sin, cos], axis=1)], axis=1)
    out = np.einsum("aij,nkj->naki", turns, q - centres) + centres[:, None]
    return np.asarray(out, np.float32)


def turned_cuts(frame: Image, quads: npt.ArrayLike, look: Look, degrees: Sequence[float] = TURNS,
                looks: int = TURN_LOOKS) -> FloatArray:
    """Where ``looks`` looks of the refiner, each from the one before, place each quad (N, 4, 2)
    :func:`turned` by ``degrees`` (N, 2 * len(degrees), 4, 2; the corners in the quad's order)."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    placed = turned(q, degrees).reshape(-1, 4, 2)
    for _ in range(looks):
        placed = np.asarray(look(frame, placed), np.float32).reshape(-1, 4, 2)
    return placed.reshape(len(q), -1, 4, 2)


def agreeing(names: Sequence[str | None], confidences: npt.ArrayLike, sure: float,
             agree: int = AGREE, outvote: float = OUTVOTE) -> npt.NDArray[np.bool_] | None:
    """Which of the readings ``names`` give the name that at least ``agree`` sure ones (confidence
    ``sure`` or more) give, and at least ``outvote`` times as many as give any other name surely;
    else None.

    >>> agreeing(["6", "6", "9", "6"], [0.99, 0.98, 0.5, 0.9], sure=0.97).tolist()
    [True, True, False, False]
    >>> agreeing(["6", "6", "9"], [0.99, 0.98, 0.99], sure=0.97) is None
    True
    >>> agreeing(["6", "6", "9", "6"], [0.99, 0.98, 0.99, 0.99], sure=0.97).tolist()
    [True, True, False, True]
    >>> agreeing(["6", None, "6"], [0.99, 0.99, 0.5], sure=0.97) is None
    True
    """
    c = np.asarray(confidences, np.float32).reshape(-1)
    sure_of = np.array([name is not None and p >= sure for name, p in zip(names, c.tolist(), strict=True)],
                       np.bool_).reshape(-1)
    votes = Counter(names[int(i)] for i in np.flatnonzero(sure_of))
    if not votes:
        return None
    (name, most), *others = votes.most_common()
    if most < agree or (others and most < outvote * others[0][1]):
        return None
    return sure_of & np.array([n == name for n in names], np.bool_)


def told(quads: npt.ArrayLike, known: npt.ArrayLike, most: int = TOLD,
         near: float = NEAR) -> list[list[FloatArray]]:
    """For each of ``quads`` (N, 4, 2), the places where a card lying next to one of the ``known``
    cards (M, 4, 2, corners ordered by :func:`vision.find.detect.order_corners`) would lie
    (:func:`vision.find.rows.around`) that overlap it by ``near`` or more (IoU), at most ``most``, the
    nearest first.

    >>> card = np.array([[0, 0], [60, 0], [60, 90], [0, 90]], np.float32)
    >>> (place,), = told((card + [70, 5])[None], card[None])  # the card beside it, a little off
    >>> place[0].astype(int).tolist()  # 1.14 of its width along
    [68, 0]
    >>> told((card + 300)[None], card[None])
    [[]]
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    places = around(np.asarray(known, np.float32)).reshape(-1, 4, 2)
    # Clipped only where bounding boxes meet; the areas only of the places that meet a quad.
    inter = overlaps(q, places)
    met = np.flatnonzero(inter.any(axis=0))
    areas = np.zeros(len(places))
    areas[met] = quad_areas(places[met])
    union = quad_areas(q)[:, None] + areas[None] - inter
    iou = np.where(inter > 0, inter / np.maximum(union, 1e-9), 0.0)
    out: list[list[FloatArray]] = []
    for overlap in iou:
        nearest = [int(i) for i in np.argsort(-overlap, kind="stable")[:most] if overlap[i] >= near]
        out.append([places[i] for i in nearest])
    return out


def looked_at(frame: Image, quads: npt.ArrayLike, places: Sequence[Sequence[FloatArray]],
              look: Look | None) -> list[list[FloatArray]]:
    """For each card on ``quads`` (N, 4, 2), where the refiner's ``look`` places its quad, then
    each of its four :func:`parallelograms`, then each of its ``places`` (those :func:`told`),
    the corners in the order given; one look for every card, none without a ``look``."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if look is None:
        return [[] for _ in q]
    asked = [[quad, *parallelograms(quad), *near] for quad, near in zip(q, places, strict=True)]
    flat = np.asarray([cut for card in asked for cut in card], np.float32).reshape(-1, 4, 2)
    looked = np.asarray(look(frame, flat), np.float32).reshape(-1, 4, 2) if len(flat) else flat
    out: list[list[FloatArray]] = []
    start = 0
    for card in asked:
        out.append(list(looked[start:start + len(card)]))
        start += len(card)
    return out


def consensus(guesses: Sequence[str | None], confidences: npt.ArrayLike, least: int = CONSENSUS,
              unanimous: float = UNANIMOUS, dissent: float = DISSENT,
              median: float = MEDIAN) -> npt.NDArray[np.bool_] | None:
    """Which of the readings ``guesses`` (each crop's likeliest card, sure or not) give the name
    at least ``unanimous`` of them guess, when there are at least ``least``, none guesses another
    ``dissent`` surely or more, and the median confidence of those giving it is ``median`` or
    more; else None.

    >>> consensus(["3"] * 9 + ["2"], [0.9] * 9 + [0.4], least=10).tolist() == [True] * 9 + [False]
    True
    >>> consensus(["3"] * 9 + ["5"], [0.9] * 9 + [0.6], least=10) is None  # one dissents surely
    True
    >>> consensus(["3"] * 10, [0.7] * 10, least=10) is None  # none sure enough
    True
    >>> consensus(["3"] * 9, [0.9] * 9, least=10) is None  # too few readings
    True
    """
    c = np.asarray(confidences, np.float32).reshape(-1)
    named = [name for name in guesses if name is not None]
    if len(guesses) < least or not named:
        return None
    name, most = Counter(named).most_common(1)[0]
    chosen = np.array([g == name for g in guesses], np.bool_)
    if most < unanimous * len(guesses) or (c[~chosen] >= dissent).any() or np.median(c[chosen]) < median:
        return None
    return chosen


class _Agreed(NamedTuple):
    """What the readings of one card's cuts agree on (:func:`_agreed`)."""

    name: str
    #: The lowest confidence of the sure readings that agree.
    confidence: float
    #: The share of those readings that read the card turned half a turn.
    turned: float
    #: Which of the readings agree.
    chosen: npt.NDArray[np.bool_]


def _agreed(again: Readings, sure: float, agree: int, outvote: float) -> _Agreed | None:
    """The name the readings ``again`` of one card's cuts agree on (:func:`agreeing`), or None."""
    chosen = agreeing(again.names, again.confidences, sure, agree, outvote)
    if chosen is None:
        return None
    name = again.names[int(np.argmax(chosen))]
    assert name is not None  # a sure reading names a card
    return _Agreed(name, float(again.confidences[chosen].min()), float(again.flipped[chosen].mean()), chosen)


def _consented(again: Readings) -> _Agreed | None:
    """The name the guesses of one card's cuts give by :func:`consensus`, at the median confidence
    of those giving it, or None."""
    chosen = consensus(again.guesses, again.confidences)
    if chosen is None:
        return None
    name = again.guesses[int(np.argmax(chosen))]
    assert name is not None  # consensus gives a name
    return _Agreed(name, float(np.median(again.confidences[chosen])), float(again.flipped[chosen].mean()),
                   chosen)


def _read_cuts(frame: Image, cards: Sequence[Sequence[FloatArray]], owns: Sequence[FloatArray | None],
               classifier: Classifier) -> list[Readings]:
    """For each card, the readings of its ``cards`` cuts upright, then of its own quad (``owns``,
    when given) and of its cuts turned half a turn, their turns read reversed: one batch for all,
    the classifier's time being mostly its call's."""
    crops: list[Image] = []
    reversed_: list[bool] = []
    for card, own in zip(cards, owns, strict=True):
        upright = [rectify(frame, cut, CROP_SIZE) for cut in card]
        mine = [] if own is None else [rectify(frame, own, CROP_SIZE)]
        half_turn = [np.ascontiguousarray(c[::-1, ::-1]) for c in [*mine, *upright]]
        crops += upright + half_turn
        reversed_ += [False] * len(upright) + [True] * len(half_turn)
    if not crops:
        return [Readings((), np.zeros(0, np.float32), np.zeros(0, np.bool_)) for _ in cards]
    read = classifier.classify(np.stack(crops))
    flipped = read.flipped ^ np.asarray(reversed_, np.bool_)
    out: list[Readings] = []
    start = 0
    for card, own in zip(cards, owns, strict=True):
        part = slice(start, start + 2 * len(card) + int(own is not None))
        start = part.stop
        out.append(Readings(read.names[part], read.confidences[part], flipped[part], read.guesses[part]))
    return out


def _joined(a: Readings, b: Readings) -> Readings:
    """The readings ``a`` then ``b``."""
    return Readings((*a.names, *b.names), np.concatenate([a.confidences, b.confidences]),
                    np.concatenate([a.flipped, b.flipped]), (*a.guesses, *b.guesses))


def _unheld(read: Readings, held: frozenset[str]) -> Readings:
    """``read`` with each reading of a card in ``held`` made unsure, its guess too: a cut that reads
    a card of which a table shows one, found elsewhere, reads that card, not the one it asks about.

    >>> read = Readings(("blue-4", "blue-3"), np.array([0.99, 0.98], np.float32), np.zeros(2, bool),
    ...                 ("blue-4", "blue-3"))
    >>> _unheld(read, frozenset({"blue-4"})).names, _unheld(read, frozenset({"blue-4"})).guesses
    ((None, 'blue-3'), (None, 'blue-3'))
    """
    if not held.intersection(read.names) and not held.intersection(read.guesses):
        return read
    return Readings(tuple(None if name in held else name for name in read.names), read.confidences,
                    read.flipped, tuple(None if guess in held else guess for guess in read.guesses))


def _kept(read: Readings, near: Readings, name: str | None, sure: float, agree: int,
          outvote: float) -> bool:
    """Whether the readings ``read`` agree (:func:`agreeing`) on ``name``, a card's own, and one of
    ``near`` (those of the places its neighbours tell, among them) reads it ``sure`` or more."""
    if name is None or not any(n == name and p >= sure for n, p in zip(near.names, near.confidences.tolist(),
                                                                          strict=True)):
        return False
    agreement = _agreed(read, sure, agree, outvote)
    return agreement is not None and agreement.name == name


def read_again(frame: Image, quads: FloatArray, readings: Readings, classifier: Classifier,
               look: Look | None = None, *, sure: float = SURE, agree: int = AGREE,
               outvote: float = OUTVOTE, check: float = CHECK, squarer: bool = False) -> Readings:
    """``readings`` of the cards on ``quads`` (N, 4, 2), each unsure one, and each read with less
    confidence than ``check`` (not as the game's triangular face: a cut about a triangle cuts no
    card), read again on its :func:`parallelograms` and on the places the cards read at least
    ``check`` surely tell for it (:func:`told`), then on where the refiner's look places its quad
    and each of those (:func:`looked_at`), and on all of them and its quad turned half a turn,
    and named where those readings agree
    (:func:`agreeing`), at the lowest confidence of the sure readings that agree, turned as most
    of them say. Given a ``look``, a card whose readings do not agree is read again, the
    readings added to its others, where a second look places the five quads looked at, and on
    its quad :func:`turned` each way by :data:`TURNS` and placed by two looks
    (:func:`turned_cuts`). A card whose readings still do not agree is named by their
    :func:`consensus`, at the median confidence of the readings giving the name, where there is
    one. A card whose readings agree on the name it was read with keeps its reading, and one whose
    readings neither agree nor consent keeps it too, unsure or not. A card named (less surely
    than ``check``) whose readings before the look's agree on its name, a place told among those
    reading it surely, keeps it then: the look is not asked for it.

    A reading of a card a table shows one of (:data:`vision.read.catalogue.ONE_COPY`), where another
    card found is read as it at least ``check`` surely, does not count, nor its guess: that cut
    spills over onto that card (held-out Crew scene 107 of ``--seed 0``: a green 3 beside the
    green 8, read as the 8 by some of its cuts).

    A card on a quad squarer than :data:`vision.find.params.MIN_ASPECT` (part of a card: no cut about
    it holds the whole) is not read again; with ``squarer``, only such cards are, on their cuts of
    a card's shape alone, their own quad not counted (:func:`vision.read.recognise.recognise` asks so
    last, after :func:`read_grown`: a card still unsure there is most often a whole card with one
    corner off, or one under another whose grown cards do not agree). In a game with a triangular
    card, a card on a quad no card in perspective could have (:func:`vision.find.detect.rectangular`;
    see :func:`vision.read.recognise.askew`) is read again on its cuts alone, its own quad, turned, not
    counted; and there a cut of such a shape does not count either, in any game a cut squarer
    than a card. ``readings`` itself when none is named.

    On 500 held-out L'Ascension scenes (``eval-vision``, 2026-11-26), reading the cards on such
    quads again named 24 (``--seed 0``) and 13 (``--seed 1``) more cards right, none wrong: most
    were cards with one corner off, or partly covered, read surely on the quad and left unsure
    for its shape alone (a Versant 1 read at 1.0); the kites of Panoramas mostly read no name
    twice surely. Asking also the quads squarer than a card that are askew (in every game) named
    2 more Rixes cards right and one more of The Crew's for two read wrong: not kept. Asking every
    card on such a quad, with the rules of 2026-11-26 (noon), ``--seed 0`` then ``--seed 1``: Rixes
    4 and 1 more right (0 and 1 more wrong), L'Ascension 7 and 1, Tranquillité 0 and 1, but The
    Crew 1 and 1 more right for 2 and 2 more read wrong with confidence (0.106% and 0.108%, over
    the target): parts of cards under another, named on their cuts before :func:`read_grown` could
    grow them whole (held-out Crew scene 482's pink 1, read right grown whole, read as a 2). Not
    kept either. Asking them after :func:`read_grown`, and not counting the readings of a card of
    one copy read surely elsewhere (2026-11-26, afternoon), named ``--seed 0`` then ``--seed 1``:
    Rixes 4 and 3 more right, The Crew 4 and 4 (1 fewer and none more read wrong with
    confidence), L'Ascension 7 and 1, Tranquillité 1 and 1 (and 1 fewer wrong on ``--seed 1``).
    Asked after :func:`read_grown` alone, The Crew read 2 and 2 more right but 1 and 1 more wrong
    with confidence (a blue 3 as the blue 4 over it); asked only where no card found could cover
    the quad (:func:`vision.find.covered.whole_cards` grows it no way), Rixes 3 and 2 more right: one
    short of its target.
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    bar = max(sure, float(getattr(classifier, "threshold", 0.0)))
    triangular = TRIANGULAR.get(classifier.game)

    def shaped(quad: FloatArray) -> bool:
        return quad_aspect(quad) >= MIN_ASPECT and (triangular is None or rectangular(quad))

    doubted = [name is None or (confidence < check and name != triangular)
               for name, confidence in zip(readings.names, readings.confidences.tolist(), strict=True)]
    # An askew quad is asked too: it is most often a card with one corner off, which its cuts put
    # back; a quad too square to hold a whole card only when asked for those, after read_grown.
    asked = [k for k, doubt in enumerate(doubted) if doubt and (quad_aspect(q[k]) < MIN_ASPECT) == squarer]
    if not asked:
        return readings
    # Where the cards read surely beside each say it lies.
    named = np.array([name is not None for name in readings.names], np.bool_)
    known = named & (readings.confidences >= check)
    places = told(q[asked], q[known]) if known.any() else [[] for _ in asked]
    # A card a table shows one of, read surely: a cut reading it reads that card, spilt over.
    held = ONE_COPY.get(classifier.game, frozenset()).intersection(
        name for name, sure_ in zip(readings.names, known.tolist(), strict=True) if sure_)
    # First the quad's parallelograms, its own reading turned (which counts only when the quad has
    # a card's shape) and the places told. A card named, only less surely than ``check``, whose
    # readings there agree on its name, a place told reading it surely among them, keeps it: the
    # refiner is not asked. Not on the parallelograms alone: they share the quad's error (held-out
    # L'Ascension scene 26 of eval-vision's seed 7, a Panorama read as the summit by them all).
    # Readings count the same whichever are read first.
    owns = [q[k] if shaped(q[k]) else None for k in asked]
    shapes = [[cut for cut in parallelograms(q[k]) if shaped(cut)] for k in asked]
    nears = [[cut for cut in near if shaped(cut)] for near in places]
    first = _read_cuts(frame, [*shapes, *nears], [*owns, *[None] * len(asked)], classifier)
    shape_reads = [_unheld(read, held) for read in first[:len(asked)]]
    near_reads = [_unheld(read, held) for read in first[len(asked):]]
    again = [_joined(a, b) for a, b in zip(shape_reads, near_reads, strict=True)]
    rest = [j for j, k in enumerate(asked)
            if not _kept(again[j], near_reads[j], readings.names[k], bar, agree, outvote)]
    # Then where the refiner's look places the quad, its parallelograms and those places.
    looks = looked_at(frame, q[[asked[j] for j in rest]], [places[j] for j in rest], look)
    cuts = [[cut for cut in card if shaped(cut)] for card in looks]
    for j, read in zip(rest, _read_cuts(frame, cuts, [None] * len(rest), classifier), strict=True):
        again[j] = _joined(again[j], _unheld(read, held))
    agreed = [_agreed(read, bar, agree, outvote) for read in again]
    left = [j for j, agreement in enumerate(agreed) if agreement is None]
    if look is not None and left:
        # The cards whose cuts did not agree, cut again where a second look places the first
        # looks' quads, and along their quad turned. Not only those left unsure: a card read
        # wrong, less than ``check`` surely, is among the others.
        firsts = dict(zip(rest, looks, strict=True))  # no card left was kept first
        looked = np.asarray([firsts[j][:5] for j in left], np.float32)  # the quad's and parallelograms'
        second = np.asarray(look(frame, looked.reshape(-1, 4, 2)), np.float32).reshape(looked.shape)
        more = np.concatenate([second, turned_cuts(frame, q[[asked[j] for j in left]], look)], axis=1)
        shown = [[cut for cut in card if shaped(cut)] for card in more]
        for j, read in zip(left, _read_cuts(frame, shown, [None] * len(left), classifier), strict=True):
            again[j] = _joined(again[j], _unheld(read, held))
            agreed[j] = _agreed(again[j], bar, agree, outvote)
    # Readings that still do not agree name the card when nearly all guess it, surely enough.
    agreed = [_consented(read) if agreement is None else agreement
              for read, agreement in zip(again, agreed, strict=True)]
    names = list(readings.names)
    confidences = readings.confidences.copy()
    flipped = readings.flipped.copy()
    for k, agreement in zip(asked, agreed, strict=True):
        if agreement is None or agreement.name == names[k]:
            continue  # nothing agreed, or the name read on the quad itself
        names[k], confidences[k] = agreement.name, agreement.confidence
        # Every cut keeps the quad's corner order, so their turns are the quad's; a tie keeps the
        # turn read on the quad itself.
        flipped[k] = bool(readings.flipped[k]) if agreement.turned == 0.5 else agreement.turned > 0.5
    if names == list(readings.names):
        return readings
    return Readings(tuple(names), confidences.astype(np.float32), flipped)


def read_grown(frame: Image, quads: FloatArray, readings: Readings, classifier: Classifier,
               look: Look | None = None, *, sure: float = SURE, agree: int = AGREE,
               outvote: float = OUTVOTE, under: float = UNDER) -> tuple[FloatArray, Readings]:
    """The ``quads`` (N, 4, 2) and ``readings`` of the cards found, where each card left unsure
    (most often the part of a card that shows beside the card lying over it: squarer than
    :data:`vision.find.params.MIN_ASPECT` when half of it shows, of about a card's shape when three
    quarters do) is grown whole every way whose part grown lies at least ``under``
    under the other cards found (:func:`vision.find.covered.whole_cards`), read on each of those whole
    cards and, given the refiner's ``look``, on where that look places each, all upright and
    turned half a turn, and named where those readings agree (:func:`agreeing`: sure readings
    of another name on any of them count against it), at the lowest confidence of the sure readings that
    agree, turned as most of them say. Such a card's quad becomes the whole card of the first of
    those readings (the look's at it, when it has a card's shape), its corners ordered by
    :func:`vision.find.detect.order_corners`.

    A card is never named the card back this way: grown under a card lying face down, it reads as
    that card's back (held-out Crew scene 205 of ``--seed 1``, a blue 2 three quarters visible,
    read as the back at 0.991). Nor is any card of a game that lays its cards apart in the cells of
    a layout (:func:`vision.read.catalogue.laid_in_cells`: Tranquillité's grid, L'Ascension's pyramid), where
    what lies over part of a card is a piece of play or nothing: on their held-out scenes growing
    put no card right, read two of L'Ascension's wrong (a 4 under a Feu de camp read as it, a
    Panorama as a Pont) and moved a Tranquillité border card's quad off it. ``quads`` and
    ``readings`` themselves when none is named.

    On 500 held-out scenes (``eval-vision``'s ``--seed 0``, 2026-11-25), every way grown read:
    The Crew's identity 99.31% → 99.44%, Rixes' 99.07% → 99.12%, no wrong reading more; only the
    way lying most under the cards found: 99.42% and 99.12%; every way, under cards or not (a
    card under a cup): 99.33% and 99.12%, the wrong ways dissenting. Any card left unsure, not
    only one on a quad too square for a card (2026-11-26; a card three quarters visible shows a
    part of about a card's shape): The Crew 1 more read right on ``--seed 0``, none on
    ``--seed 1``, Rixes none and 1, none read wrong more; it alone, before readings outvoted
    others and neighbours told places: The Crew 2 and none, Rixes none and 2.
    """
    if laid_in_cells(classifier.game):
        return quads, readings
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    bar = max(sure, float(getattr(classifier, "threshold", 0.0)))
    asked: list[int] = []
    wholes: list[list[FloatArray]] = []
    for k, name in enumerate(readings.names):
        if name is not None:
            continue
        # Grown under the other cards found: a part lying under itself is under nothing.
        grown = whole_cards(q[k][None], np.delete(q, k, axis=0), under)[0]
        if grown:
            asked.append(k)
            wholes.append(grown)
    if not asked:
        return quads, readings
    flat = np.asarray([card for grown in wholes for card in grown], np.float32).reshape(-1, 4, 2)
    looked = None if look is None else np.asarray(look(frame, flat), np.float32).reshape(-1, 4, 2)
    cuts: list[list[FloatArray]] = []  # each card's: every whole card it may be, then the look at it
    owners: list[list[int]] = []  # which of those whole cards each cut is
    start = 0
    for grown in wholes:
        shapes = [(j, cut) for j in range(start, start + len(grown))
                  for cut in (flat[j], *([] if looked is None else [looked[j]]))
                  if quad_aspect(cut) >= MIN_ASPECT]
        start += len(grown)
        cuts.append([cut for _, cut in shapes])
        owners.append([j for j, _ in shapes])
    out = q.copy()
    names = list(readings.names)
    confidences = readings.confidences.copy()
    flipped = readings.flipped.copy()
    again = _read_cuts(frame, cuts, [None] * len(cuts), classifier)  # its cuts upright, then turned
    for k, card, owner, read in zip(asked, cuts, owners, again, strict=True):
        agreed = _agreed(read, bar, agree, outvote)
        if agreed is None or agreed.name == BACK.name:
            # A card grown under a card lying face down is read as that card's back.
            continue
        names[k], confidences[k] = agreed.name, agreed.confidence
        # A tie: the turn read on the quad the crops are cut along upright.
        flipped[k] = bool(read.flipped[0]) if agreed.turned == 0.5 else agreed.turned > 0.5
        # The whole card of the first sure reading that agrees: where the look places it, when
        # that has a card's shape.
        whole = owner[int(np.argmax(agreed.chosen)) % len(card)]
        out[k] = card[max(i for i, j in enumerate(owner) if j == whole)]
    if names == list(readings.names):
        return quads, readings
    return out, Readings(tuple(names), confidences.astype(np.float32), flipped)
