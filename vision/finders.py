"""Contours and the finder network together: each finds cards the other misses.

The finder network (:class:`vision.segment.CardFinder`) parts cards laid edge
to edge, finds pale cards on pale tables and places corners well; OpenCV
contours (:func:`vision.detect.find_cards`) find cards the network misses: a
card much larger than on a game table (a photo of a few cards, where the
network may see the pips and pictures as cards), odd light, a table pattern it
was not trained on. :func:`merge_quads` keeps the network's quads, except
where a contour quad shows they are parts of one card, and adds the contour
quads where the network saw nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.detect import FloatArray, Image, find_cards, quad_area
from vision.recognise import Finder
from vision.segment import CardFinder

#: Network quads inside a contour quad that cover less than this share of it are parts of one card.
PARTS = 0.5


def merge_quads(network: FloatArray, contours: FloatArray) -> FloatArray:
    """The quads (N, 4, 2) of both finders, each card once. For each contour quad:

    * the centres of network quads inside it, together covering at least :data:`PARTS` of it
      (or one of them that large): those are the cards (a blob of cards edge to edge, or the
      same card), the contour quad goes;
    * network quads inside it, all small and together covering less: they are parts of one
      card (pips, pictures), the contour quad stays and they go;
    * none inside it, but its centre inside a network quad: it is a part of that card, it goes;
    * else the network saw nothing there: it stays.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> blob = np.array([[0, 0], [128, 0], [128, 88], [0, 88]], np.float32)
    >>> merge_quads(np.stack([card, card + [65, 0]]), blob[None]).shape  # two cards, not a blob
    (2, 4, 2)
    >>> merge_quads(card[None], (card + 2)[None]).tolist() == [card.tolist()]  # one card, once
    True
    >>> merge_quads(card[None], (card + 200)[None]).shape  # a card the network missed
    (2, 4, 2)
    """
    network = np.asarray(network, np.float32).reshape(-1, 4, 2)
    contours = np.asarray(contours, np.float32).reshape(-1, 4, 2)
    centres = network.mean(axis=1)
    areas = np.array([quad_area(q) for q in network])
    keep = np.ones(len(network), bool)
    extra: list[FloatArray] = []
    for quad in contours:
        inner = [j for j, centre in enumerate(centres) if _inside(quad, centre)]
        area = quad_area(quad)
        if inner:
            if areas[inner].sum() < PARTS * area and (areas[inner] < PARTS * area).all():
                keep[inner] = False
                extra.append(quad)
            continue
        if not any(_inside(n, quad.mean(axis=0)) for n in network):
            extra.append(quad)
    out = np.concatenate([network[keep], np.asarray(extra, np.float32).reshape(-1, 4, 2)])
    return np.ascontiguousarray(out, np.float32)


def _inside(quad: FloatArray, point: FloatArray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2), (float(point[0]), float(point[1])), False) > 0


@dataclass
class CombinedFinder:
    """The finder network and contours run on each frame, their quads merged by :func:`merge_quads`."""

    network: CardFinder = field(default_factory=CardFinder)

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as :func:`vision.detect.order_corners`."""
        return merge_quads(self.network.find(frame), find_cards(frame))


def make_finder(choice: str = "both") -> Finder:
    """The finder named ``choice``: ``both`` (:class:`CombinedFinder`, the default of ``detect``,
    ``eval-vision`` and ``bench vision``), ``network``, ``contours`` (the watcher's default,
    ``camera.finder``), or a finder model file's path.

    Raises :class:`~companion.errors.ModelUnavailable` when the finder model is missing or unreadable.

    >>> make_finder("contours") is find_cards
    True
    """
    if choice == "contours":
        return find_cards
    if choice == "both":
        return CombinedFinder().find
    return (CardFinder() if choice == "network" else CardFinder(Path(choice))).find
