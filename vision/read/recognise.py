"""From a camera frame to the cards on it: find, rectify, classify.

The one function the camera, ``companion detect`` and the evaluation share,
so that what is measured is what runs.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

from vision.detections import Detections
from vision.find.detect import (
    CROP_SIZE,
    Finder,
    FloatArray,
    card_on_table,
    find_cards,
    quad_aspect,
    rectangular,
    rectify,
    working_frame,
)
from vision.find.params import MIN_ASPECT
from vision.find.segment import Outlines
from vision.read.catalogue import TRIANGULAR, most
from vision.read.classify import Classifier, Readings
from vision.read.params import (
    BLANK,
    LABEL_SCALE,
    SHAPE_CONFIDENCE,
    TOLD_BY,
)
from vision.read.reread import read_again, read_grown

Image = np.ndarray


@runtime_checkable
class ShapeFinder(Protocol):
    """A finder that also tells which cards it found are triangles
    (:class:`vision.find.finders.CombinedFinder`, :class:`vision.find.refine.RefinedFinder`)."""

    def __call__(self, frame: Image) -> FloatArray: ...

    def outlines(self, frame: Image) -> Outlines: ...


def by_shape(readings: Readings, triangular: np.ndarray, game: str) -> Readings:
    """``readings`` with each card found ``triangular`` that the classifier left unsure read as
    the game's one triangular face (:data:`vision.read.catalogue.TRIANGULAR`), at
    :data:`SHAPE_CONFIDENCE`: a Panorama shows a triangle, and the table around it, new to the
    classifier on every table, leaves it unsure. Unchanged for a game with no triangular card.

    >>> read = Readings(("bridge", None, "9s"), np.array([0.95, 0.4, 0.99], np.float32), np.zeros(3, bool))
    >>> by_shape(read, np.array([True, True, False]), "ascension").names
    ('bridge', 'panorama', '9s')
    >>> by_shape(read, np.array([True, True, False]), "crew") is read
    True
    """
    face = TRIANGULAR.get(game)
    shaped = np.asarray(triangular, np.bool_).reshape(-1)
    if face is None or not shaped.any():
        return readings
    # Only where the classifier is unsure: a card marked a triangle that it reads surely is most
    # often another card beside a Panorama, its outline near the triangle's (a Summit's peak).
    shaped = shaped & np.array([name is None for name in readings.names], np.bool_)
    names = tuple(face if tri else name for name, tri in zip(readings.names, shaped.tolist(), strict=True))
    confidences = np.where(shaped, np.float32(SHAPE_CONFIDENCE), readings.confidences).astype(np.float32)
    return Readings(names, confidences, readings.flipped)


def counted(readings: Readings, game: str) -> Readings:
    """``readings`` with no card named at more places than a table of ``game`` shows it at once
    (:func:`vision.read.catalogue.most`, from ``RULINGS.md``, "How many of each card"): of the places a
    name is read at, the surest keep it and the others are left unsure, their confidence kept.
    Where one is too many, at least one reading is wrong: most often a patch of the table (a
    tile, a check of a cloth) read as a plain face, such as Tranquillité's Start card, less sure
    than the card itself. Unchanged when no name is read too often.

    >>> read = Readings(("start", "3", "start", "border"), np.array([0.96, 0.99, 1.0, 0.97], np.float32),
    ...                 np.zeros(4, bool))
    >>> counted(read, "tranquility").names
    (None, '3', 'start', 'border')
    >>> counted(read, "tranquility").confidences.tolist() == read.confidences.tolist()
    True
    """
    names = list(readings.names)
    for name in {read for read in names if read is not None}:
        bound = most(game, name)
        places = [k for k, read in enumerate(names) if read == name]
        if bound is None or len(places) <= bound:
            continue
        # The surest first; of two as sure, the one found first.
        for k in sorted(places, key=lambda place: (-float(readings.confidences[place]), place))[bound:]:
            names[k] = None
    if tuple(names) == readings.names:
        return readings
    return Readings(tuple(names), readings.confidences, readings.flipped, readings.guesses)


def blank(crops: np.ndarray) -> np.ndarray:
    """Which crops (N, H, W, 3, BGR) show no print in their middle half (:data:`BLANK`): the
    table (a tile of a checked cloth, a plain patch of it the refiner placed a card on), or a
    card washed out past reading, never a card that can be read.

    On 500 held-out scenes a game (2026-11-24, ``--seed 0``), the quads of the refined finder
    whose crop is blank: Tranquillité 101 matching no card (46 of them read as a card, most as
    the plain sand Start card) and 2 on cards (1 read right); L'Ascension 123 and 3 (none read);
    The Crew 129 and none; Rixes 106 and none.

    >>> crops = np.full((2, 88, 64, 3), 200, np.uint8)
    >>> crops[1, 30:60, 20:44] = 30  # a printed number
    >>> blank(crops).tolist()
    [True, False]
    """
    c = np.asarray(crops)
    if len(c) == 0:
        return np.zeros(0, np.bool_)
    h, w = c.shape[1:3]
    middle = c[:, h // 4:3 * h // 4, w // 4:3 * w // 4].astype(np.float32)
    # Grey as OpenCV weighs it (BGR): a pale colour on another pale colour is still print.
    grey = middle @ np.array([0.114, 0.587, 0.299], np.float32)
    return np.asarray(grey.reshape(len(c), -1).std(axis=1) < BLANK, np.bool_)


def askew(readings: Readings, quads: FloatArray, game: str) -> Readings:
    """``readings`` with each card read on a quad that no card seen in moderate perspective
    could have (:func:`vision.find.detect.rectangular`: its angles far from right, or its opposite
    sides of uneven length) left unsure, unless it is read as the game's triangular face
    (:data:`vision.read.catalogue.TRIANGULAR`); unchanged for a game with no triangular card. Such a
    quad is most often a Panorama's triangle outlined as a kite: its crop is cut askew, and the
    face read on it, a Pont or a Versant, is the classifier's guess at a card it never saw cut
    that way. The confidence stays the classifier's. It is meant for quads placed on the cards'
    corners (the corner refiner's): among a finder's loose quads, the askew ones hold many cards
    read right (the merged finder alone, ``--refiner none``: 0.66% of L'Ascension's found cards,
    read right, would be left unsure, for 0.17% read wrong). A card so left unsure is read again
    on cuts about its quad (:func:`vision.read.reread.read_again`), which name many of them: a card
    with one corner off is askew too.

    On 500 held-out L'Ascension scenes (2026-11-23, ``--seed 0``; in brackets ``--seed 1``), of
    the cards read on such quads as another face, 7 (6) were wrong and 10 (6) right: wrong but
    confident 0.111% (0.061%) of found cards before, 0.062% (0.020%) after. In the games with no
    triangular card the classifier reads most cards on such quads right (The Crew 6 right,
    2 wrong; Rixes 18 right, none wrong; Tranquillité 17 right, 1 wrong), so they are left as read.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> kite = np.array([[4, 37], [34, 0], [39, 81], [0, 73]], np.float32)  # found on a held-out Panorama
    >>> sure = np.array([0.99, 0.98, 0.97], np.float32)
    >>> read = Readings(("bridge", "panorama", "9s"), sure, np.zeros(3, bool))
    >>> askew(read, np.stack([kite, kite, card]), "ascension").names
    (None, 'panorama', '9s')
    >>> askew(read, np.stack([kite, kite, card]), "crew") is read
    True
    """
    face = TRIANGULAR.get(game)
    if face is None:
        return readings
    return _doubted(readings, [not rectangular(quad) for quad in np.asarray(quads, np.float32)], face)


def squat(readings: Readings, quads: FloatArray, game: str) -> Readings:
    """``readings`` with each card read on a quad squarer than :data:`MIN_ASPECT` left unsure,
    unless it is read as the game's triangular face (:data:`vision.read.catalogue.TRIANGULAR`, whose
    outline is no card's), or it has a whole card's shape and size on the table told by the
    cards found no squarer (:func:`vision.find.detect.card_on_table`, with :data:`TOLD_BY` of them or
    more): a card foreshortened at the far side of a tilted view. The confidence stays the
    classifier's.

    On 500 held-out scenes a game (2026-11-24, ``--seed 0``, the refined finder), the cards found
    on such quads: The Crew 19 (4 read right, 6 wrong, 9 unsure), Rixes 12 (4, 1, 7),
    Tranquillité 3 (1, 0, 2). The Crew's wrong-but-confident readings went from 11 of 5,665 found
    cards to 5 (three of the six were covered cards read as the card back); on ``--seed 1``, never
    looked at for it, from 16 of 5,529 to 9.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> half = np.array([[0, 0], [63, 0], [63, 60], [0, 60]], np.float32)  # the rest under a card
    >>> read = Readings(("blue-3", "back"), np.array([0.99, 0.99], np.float32), np.zeros(2, bool))
    >>> squat(read, np.stack([card, half]), "crew").names
    ('blue-3', None)
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    squarer = np.array([quad_aspect(quad) < MIN_ASPECT for quad in q], np.bool_)
    whole = q[~squarer]
    told = len(whole) >= TOLD_BY
    doubtful = [bool(square) and not (told and card_on_table(quad, whole))
                for quad, square in zip(q, squarer, strict=True)]
    return _doubted(readings, doubtful, TRIANGULAR.get(game))


def _doubted(readings: Readings, doubtful: list[bool], face: str | None) -> Readings:
    """``readings`` with each card where ``doubtful`` left unsure, unless read as ``face``; the
    confidences as read; ``readings`` itself when no name changes."""
    names = tuple(None if doubt and name != face else name
                  for name, doubt in zip(readings.names, doubtful, strict=True))
    return readings if names == readings.names else Readings(names, readings.confidences, readings.flipped)


def recognise(frame: Image, classifier: Classifier, find: Finder = find_cards) -> Detections:
    """Every card ``find`` finds in ``frame``, with what the classifier read on it, or, for a
    card a :class:`ShapeFinder` found to be a triangle, what its shape says (:func:`by_shape`);
    when the finder places its quads on the cards' corners (its ``corners_placed``, the refined
    finder's), unsure where a quad is askew in a game with a triangular card (:func:`askew`), and
    a card left unsure read again on cuts about its quad (:func:`vision.read.reread.read_again`, with
    the finder's ``look``), and one left unsure on a quad too square for a whole card grown whole
    under the card over it and read there (:func:`vision.read.reread.read_grown`: its quad becomes the
    whole card's), and, when still unsure, read again on its own cuts of a card's shape (most often
    a whole card with one corner off). A quad whose crop shows no print (:func:`blank`) is left
    out; a card on a quad too square to hold a whole card is unsure (:func:`squat`). No card is
    named at more places than a table shows it at once (:func:`counted`).

    A card read as turned 180 degrees gets its corners turned too, so corner 0
    is always the printed top-left; ``upside_down`` says so.

    A frame larger than the camera's (a phone's photo) is read shrunk to the camera's size
    (:func:`vision.find.detect.working_frame`), the corners given back in its own pixels.
    """
    small, scale = working_frame(frame)
    if scale != 1.0:
        read = recognise(small, classifier, find)
        return replace(read, quads=np.ascontiguousarray(read.quads / np.float32(scale), np.float32))
    found = find.outlines(frame) if isinstance(find, ShapeFinder) else Outlines.of(find(frame))
    if len(found.quads) == 0:
        return Detections.empty()
    crops = np.stack([rectify(frame, quad, CROP_SIZE) for quad in found.quads])
    # A quad whose crop shows no print is no card to read: the table, most often.
    shown = ~blank(crops)
    quads, crops, triangular = found.quads[shown], crops[shown], found.triangular[shown]
    if len(quads) == 0:
        return Detections.empty()
    game = classifier.game
    readings = squat(by_shape(classifier.classify(crops), triangular, game), quads, game)
    # Only corners placed on the card say a quad askew is an outline gone wrong; a finder's loose
    # quads are often askew around cards read right.
    if getattr(find, "corners_placed", False):
        readings = askew(readings, quads, game)
        # A card left unsure on placed corners is read again on cuts about them (one corner may
        # be off where the card's edge does not show).
        readings = read_again(frame, quads, readings, classifier, getattr(find, "look", None))
        # A card left unsure on a quad too square for a whole card is grown whole under the card
        # over it and read there.
        quads, readings = read_grown(frame, quads, readings, classifier, getattr(find, "look", None))
        # A card still unsure on such a quad is most often a whole card with one corner off: read
        # again on its cuts, which put the corner back. Only now: before, parts of cards under
        # another would be named on cuts spilling over that card, not grown whole.
        readings = read_again(frame, quads, readings, classifier, getattr(find, "look", None), squarer=True)
    readings = counted(readings, game)
    turned = np.where(readings.flipped[:, None, None], np.roll(quads, 2, axis=1), quads)
    return Detections(np.ascontiguousarray(turned, np.float32), readings.names, readings.confidences,
                      readings.flipped)


def annotate(frame: Image, detections: Detections) -> Image:
    """A copy of ``frame`` with each card's outline, name and confidence drawn on it (green when
    read, orange when unsure; a dot on the printed top-left corner). The name and confidence are
    written in the middle of the card, on a dark box, in letters sized to the card's width: drawn
    above each card, the labels of a pyramid's or a grid's cards ran into each other's."""
    out = frame.copy()
    for quad, name, confidence in zip(detections.quads, detections.names, detections.confidences,
                                      strict=True):
        colour = (60, 200, 60) if name is not None else (0, 140, 255)
        points = quad.round().astype(np.int32)
        cv2.polylines(out, [points], True, colour, 2, cv2.LINE_AA)
        cv2.circle(out, tuple(int(v) for v in points[0]), 4, colour, -1, cv2.LINE_AA)
        _label(out, quad, [name or "?", f"{confidence:.2f}"], colour)
    return out


def _label(out: Image, quad: npt.NDArray[np.float32], lines: list[str], colour: tuple[int, int, int]) -> None:
    """``lines`` written in ``colour`` on a dark box at the middle of ``quad``, in place: the
    text at most nine tenths of the card's narrower side wide, unless even the smallest scale
    (:data:`LABEL_SCALE`) is wider."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    q = np.asarray(quad, np.float64).reshape(4, 2)
    narrow = min(float(np.linalg.norm(q[k] - q[(k + 1) % 4])) for k in range(4))
    big, small = LABEL_SCALE
    widest = max(cv2.getTextSize(line, font, big, 1)[0][0] for line in lines)
    scale = max(small, min(big, big * 0.9 * narrow / max(widest, 1)))
    sizes = [cv2.getTextSize(line, font, scale, 1) for line in lines]
    pad = 2
    line_height = max(h + base for (_, h), base in sizes) + pad
    width = max(w for (w, _), _ in sizes) + 2 * pad
    height = line_height * len(lines) + pad
    cx, cy = q.mean(axis=0).tolist()
    x0, y0 = round(cx - width / 2), round(cy - height / 2)
    # The box darkens what lies under it by two thirds, so the card still shows through.
    box = out[max(y0, 0):max(y0 + height, 0), max(x0, 0):max(x0 + width, 0)]
    box[...] = (box.astype(np.float32) / 3).astype(np.uint8)
    for k, (line, ((_, h), _)) in enumerate(zip(lines, sizes, strict=True)):
        at = (x0 + pad, y0 + pad + k * line_height + h)
        cv2.putText(out, line, at, font, scale, colour, 1, cv2.LINE_AA)
