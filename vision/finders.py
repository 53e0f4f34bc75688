"""Contours and the finder network together: each finds cards the other misses.

The finder network (:class:`vision.segment.CardFinder`) parts cards laid edge
to edge, finds pale cards on pale tables and places corners well; OpenCV
contours (:func:`vision.detect.find_cards`) still find a few cards the network
misses (odd light, a table pattern it was not trained on). :func:`merge_quads`
keeps every network quad and adds a contour quad only where the network saw
nothing: its centre inside no network quad, and no network quad's centre
inside it (else it is the same card, a part of one, or a blob of several).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.detect import FloatArray, Image, find_cards
from vision.recognise import Finder
from vision.segment import CardFinder

#: The finders by name: ``network`` is the default everywhere.
FINDERS = ("network", "both", "contours")


def merge_quads(network: FloatArray, contours: FloatArray) -> FloatArray:
    """The network's quads (N, 4, 2), then the contour quads where the network saw no card.

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
    extra = [quad for quad in contours
             if not any(_inside(n, quad.mean(axis=0)) for n in network)
             and not any(_inside(quad, centre) for centre in centres)]
    out = np.concatenate([network, np.asarray(extra, np.float32).reshape(-1, 4, 2)])
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


def make_finder(choice: str = "network") -> Finder:
    """The finder named ``choice`` (one of :data:`FINDERS`, or a finder model file's path).

    Raises :class:`~companion.errors.ModelUnavailable` when the finder model is missing or unreadable.

    >>> make_finder("contours") is find_cards
    True
    """
    if choice == "contours":
        return find_cards
    if choice == "both":
        return CombinedFinder().find
    return (CardFinder() if choice == "network" else CardFinder(Path(choice))).find
