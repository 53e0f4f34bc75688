"""Reading an unsure card again, on quads about its own.

A card the classifier leaves unsure is most often a card cut along a quad one corner of which is
off (in glare, where its edge does not show) or a little loose: cut along its true corners, most
are read right and sure. The corner that is off is not known, so the card is cut along each of
its quad's other shapes (:func:`alternatives`: each corner put where the three others say, as a
parallelogram, and the corner refiner's look at the quad and at each of those) and read again.
Each of those crops, and the quad's own, is also read turned half a turn: the classifier, which
learned cards either way up, reads some print surely one way and not the other. A name is taken
only when at least :data:`AGREE` of those readings give it with confidence :data:`SURE` or more
and no sure reading gives another: two readings agreeing, none dissenting.

A card read with confidence but less than :data:`CHECK` is read on its cuts too, and takes the
name they agree on, when they agree: most cards read wrong with confidence are read under it (a 4
cut along a quad a little off, read as a 1 at 0.98).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from vision.catalogue import TRIANGULAR
from vision.classify import Classifier, Readings
from vision.detect import CROP_SIZE, MIN_ASPECT, FloatArray, quad_aspect, rectangular, rectify

Image = np.ndarray
#: Corners a quad is placed at by one look of the corner refiner (N, 4, 2 in, N, 4, 2 out, in
#: the same order): :meth:`vision.refine.CornerRefiner.look`'s quads.
Look = Callable[[Image, FloatArray], FloatArray]

#: The confidence each reading of another cut must reach to count (or the classifier's own
#: threshold, when higher). Chosen on the first 250 held-out scenes of The Crew and Rixes
#: (``eval-vision``'s ``--seed 0``, 2026-11-25): at the classifiers' own thresholds two cuts
#: agreeing let one wrong reading of The Crew through (a green 7 read as a 1 by two cuts, 0.90
#: sure each), at 0.97 none.
SURE = 0.97
#: How many sure readings of other cuts must agree.
AGREE = 2
#: A card read with less confidence than this is read on its cuts too. Chosen on per-card dumps
#: of held-out scenes of The Crew and L'Ascension (``eval-vision``'s ``--seed 1``, 2026-11-25):
#: all 7 of The Crew's wrong readings held with confidence were under it (up to 0.9994 sure);
#: 2.6% (The Crew) and 3.9% (L'Ascension) of the cards found are read less surely.
CHECK = 0.9995


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


def alternatives(frame: Image, quads: npt.ArrayLike, look: Look | None) -> FloatArray:
    """The other cuts (N, K, 4, 2) each card found on ``quads`` (N, 4, 2) is read on: its quad's
    four :func:`parallelograms`, then, given the refiner's ``look``, where that look places the
    quad and each of them (K = 9; 4 without a look). Corners in the quad's order, so that every
    crop shows the card the same way up as the quad's."""
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    shapes = np.asarray([parallelograms(quad) for quad in q], np.float32).reshape(-1, 4, 4, 2)
    if look is None or len(q) == 0:
        return shapes
    asked = np.concatenate([q[:, None], shapes], axis=1).reshape(-1, 4, 2)
    looked = np.asarray(look(frame, asked), np.float32).reshape(len(q), 5, 4, 2)
    return np.concatenate([shapes, looked], axis=1)


def agreeing(names: Sequence[str | None], confidences: npt.ArrayLike, sure: float,
             agree: int = AGREE) -> npt.NDArray[np.bool_] | None:
    """Which of the readings ``names`` give the one name that at least ``agree`` sure ones
    (confidence ``sure`` or more) give, when no sure one gives another; else None.

    >>> agreeing(["6", "6", "9", "6"], [0.99, 0.98, 0.5, 0.9], sure=0.97).tolist()
    [True, True, False, False]
    >>> agreeing(["6", "6", "9"], [0.99, 0.98, 0.99], sure=0.97) is None
    True
    >>> agreeing(["6", None, "6"], [0.99, 0.99, 0.5], sure=0.97) is None
    True
    """
    c = np.asarray(confidences, np.float32).reshape(-1)
    sure_of = np.array([name is not None and p >= sure for name, p in zip(names, c.tolist(), strict=True)],
                       np.bool_).reshape(-1)
    said = {names[int(i)] for i in np.flatnonzero(sure_of)}
    if len(said) != 1 or int(sure_of.sum()) < agree:
        return None
    return sure_of


def read_again(frame: Image, quads: FloatArray, readings: Readings, classifier: Classifier,
               look: Look | None = None, *, sure: float = SURE, agree: int = AGREE,
               check: float = CHECK) -> Readings:
    """``readings`` of the cards on ``quads`` (N, 4, 2), each unsure one, and each read with less
    confidence than ``check`` (not as the game's triangular face: a cut about a triangle cuts no
    card), read again on its :func:`alternatives`, and on them and its quad turned half a turn,
    and named where those readings agree (:func:`agreeing`), at the lowest confidence of the sure
    readings that agree, turned as most of them say. A card whose readings agree on the name it
    was read with keeps its reading, and one whose readings do not agree keeps it too, unsure or
    not.

    A card on a quad squarer than :data:`vision.detect.MIN_ASPECT` (part of a card: no cut about
    it holds the whole) is not read again, nor, in a game with a triangular card, one on a quad
    no card in perspective could have (:func:`vision.detect.rectangular`: such a quad is most
    often a Panorama's triangle outlined as a kite, see :func:`vision.recognise.askew`); the cuts
    of such shapes do not count. ``readings`` itself when none is named.
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    bar = max(sure, float(getattr(classifier, "threshold", 0.0)))
    triangular = TRIANGULAR.get(classifier.game)

    def shaped(quad: FloatArray) -> bool:
        return quad_aspect(quad) >= MIN_ASPECT and (triangular is None or rectangular(quad))

    doubted = [name is None or (confidence < check and name != triangular)
               for name, confidence in zip(readings.names, readings.confidences.tolist(), strict=True)]
    asked = [k for k, doubt in enumerate(doubted) if doubt and shaped(q[k])]
    if not asked:
        return readings
    cuts = [[cut for cut in card if shaped(cut)] for card in alternatives(frame, q[asked], look)]
    crops: list[Image] = []
    reversed_: list[bool] = []
    for k, card in zip(asked, cuts, strict=True):
        upright = [rectify(frame, cut, CROP_SIZE) for cut in card]
        # The quad's crop and its cuts' again, turned half a turn: their turn is read reversed.
        half_turn = [np.ascontiguousarray(c[::-1, ::-1]) for c in [rectify(frame, q[k], CROP_SIZE), *upright]]
        crops += upright + half_turn
        reversed_ += [False] * len(upright) + [True] * len(half_turn)
    # One batch for every card read again: the classifier's time is mostly its call's.
    read = classifier.classify(np.stack(crops))
    again = Readings(read.names, read.confidences, read.flipped ^ np.asarray(reversed_, np.bool_))
    names = list(readings.names)
    confidences = readings.confidences.copy()
    flipped = readings.flipped.copy()
    start = 0
    for k, card in zip(asked, cuts, strict=True):
        part = slice(start, start + 2 * len(card) + 1)  # its cuts, then the quad and its cuts turned
        start = part.stop
        chosen = agreeing(again.names[part], again.confidences[part], bar, agree)
        name = None if chosen is None else again.names[part][int(np.argmax(chosen))]
        if chosen is None or name == names[k]:
            continue  # nothing agreed, or the name read on the quad itself
        names[k] = name
        confidences[k] = again.confidences[part][chosen].min()
        # Every cut keeps the quad's corner order, so their turns are the quad's; a tie keeps the
        # turn read on the quad itself.
        share = float(again.flipped[part][chosen].mean())
        flipped[k] = bool(readings.flipped[k]) if share == 0.5 else share > 0.5
    if names == list(readings.names):
        return readings
    return Readings(tuple(names), confidences.astype(np.float32), flipped)
