"""Whether two readings of one frame agree: the same cards, at the same places, with the same names.

A reading that changes with one grey level of noise, or with the CPU that computed it, will change
with a real camera's noise too. ``companion eval-vision --perturb`` reads each held-out scene again
with ±1 grey level of noise (:func:`perturbed`) and counts what changed; ``tests/arm64`` compares an
arm64 machine's readings with this one's.

>>> quads = np.array([[[0, 0], [63, 0], [63, 88], [0, 88]]], np.float32)
>>> one = Detections(quads, ("7",), np.array([0.99], np.float32), np.array([False]))
>>> two = Detections(quads + 0.5, ("8",), np.array([0.98], np.float32), np.array([False]))
>>> a = agreement(one, two)
>>> a.cards, a.changed, a.renamed, round(a.corner_px, 3), round(a.confidence, 3)
(1, 0, 1, 0.707, 0.01)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from vision.detections import Detections
from vision.find.detect import quad_iou

#: Two cards of two readings are the same card when their quads overlap this much (IoU).
SAME_CARD = 0.5


@dataclass(frozen=True)
class Agreement:
    """How a second reading of a frame differs from the first, summed over frames with ``+``."""

    #: Cards of the first reading.
    cards: int = 0
    #: Cards of the first reading no card of the second lies on (IoU under :data:`SAME_CARD`).
    missing: int = 0
    #: Cards of the second reading lying on no card of the first.
    added: int = 0
    #: Cards of both read with another name (unsure counts as a name: ``None``).
    renamed: int = 0
    #: Cards of both read turned the other way.
    turned: int = 0
    #: The farthest any corner of a card of both moved, in pixels.
    corner_px: float = 0.0
    #: The largest change of a card's confidence.
    confidence: float = 0.0
    #: Frames compared.
    frames: int = 0

    def __add__(self, other: Agreement) -> Agreement:
        return Agreement(self.cards + other.cards, self.missing + other.missing, self.added + other.added,
                         self.renamed + other.renamed, self.turned + other.turned,
                         max(self.corner_px, other.corner_px), max(self.confidence, other.confidence),
                         self.frames + other.frames)

    @property
    def changed(self) -> int:
        """Cards found by one reading and not the other."""
        return self.missing + self.added

    def summary(self) -> dict[str, Any]:
        """The counts, and the shares of the first reading's cards changed and renamed."""
        return {"frames": self.frames, "cards": self.cards, "changed": self.changed,
                "changed_rate": self.changed / max(self.cards, 1), "missing": self.missing,
                "added": self.added, "renamed": self.renamed,
                "renamed_rate": self.renamed / max(self.cards, 1),
                "turned": self.turned, "corner_px": self.corner_px, "confidence": self.confidence}


def agreement(first: Detections, second: Detections, same: float = SAME_CARD) -> Agreement:
    """What changed from ``first`` to ``second``, two readings of one frame: each card of one
    paired with the card of the other it overlaps most, the best overlaps first, when they overlap
    by ``same`` (IoU) or more."""
    pairs = _pairs(first.quads, second.quads, same)
    renamed = turned = 0
    corner = confidence = 0.0
    for i, j in pairs:
        renamed += first.names[i] != second.names[j]
        turned += bool(first.upside_down[i]) != bool(second.upside_down[j])
        corner = max(corner, corner_distance(first.quads[i], second.quads[j]))
        confidence = max(confidence, abs(float(first.confidences[i]) - float(second.confidences[j])))
    return Agreement(len(first), len(first) - len(pairs), len(second) - len(pairs), renamed, turned,
                     corner, confidence, 1)


@dataclass(frozen=True)
class CardChanges:
    """How a second reading of a frame differs from the first on the cards truly there (a
    rendered scene's), summed over frames with ``+``: quads on no card are not counted here."""

    #: True cards compared.
    cards: int = 0
    #: True cards one reading found (a quad on it, IoU :data:`SAME_CARD` or more) and the other not.
    changed: int = 0
    #: True cards both found, read with another name (unsure counts as a name).
    renamed: int = 0

    def __add__(self, other: CardChanges) -> CardChanges:
        return CardChanges(self.cards + other.cards, self.changed + other.changed,
                           self.renamed + other.renamed)


def card_changes(cards: npt.ArrayLike, first: Detections, second: Detections,
                 same: float = SAME_CARD) -> CardChanges:
    """What changed from ``first`` to ``second`` on the true cards' quads ``cards`` (N, 4, 2):
    each card is found by a reading when one of its quads overlaps it by ``same`` (IoU) or more,
    the one overlapping most giving its name."""
    changed = renamed = 0
    truths = np.asarray(cards, np.float32).reshape(-1, 4, 2)
    for truth in truths:
        one, two = best_match(truth, first.quads, same), best_match(truth, second.quads, same)
        changed += (one is None) != (two is None)
        renamed += one is not None and two is not None and first.names[one] != second.names[two]
    return CardChanges(len(truths), changed, renamed)


def best_match(truth: npt.ArrayLike, quads: npt.ArrayLike, same: float = SAME_CARD) -> int | None:
    """The index of the quad of ``quads`` (N, 4, 2) overlapping the true card ``truth`` most, when
    by ``same`` (IoU) or more: the quad that card is found by; else None.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> best_match(card, np.stack([card + 40, card + 1])), best_match(card, [card + 40]), best_match(card, [])
    (1, None, None)
    """
    card = np.asarray(truth, np.float32).reshape(4, 2)
    ious = [quad_iou(card, quad) for quad in np.asarray(quads, np.float32).reshape(-1, 4, 2)]
    best = int(np.argmax(ious)) if ious else -1
    return best if best >= 0 and ious[best] >= same else None


def corner_distance(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """The farthest two quads' corners lie apart, the corners taken in whichever of the four turns
    of ``b``'s order brings them closest (a card read the other way up has its corners turned).

    >>> square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], np.float32)
    >>> corner_distance(square, np.roll(square, 2, axis=0) + [0, 1])
    1.0
    """
    p = np.asarray(a, np.float64).reshape(4, 2)
    q = np.asarray(b, np.float64).reshape(4, 2)
    return float(min(np.linalg.norm(p - np.roll(q, k, axis=0), axis=1).max() for k in range(4)))


def _pairs(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32], same: float) -> list[tuple[int, int]]:
    """Indexes (i, j) of the quads of ``a`` and ``b`` taken for one card: greatest IoU first, each
    quad in one pair at most, none under ``same``."""
    ious = sorted(((quad_iou(qa, qb), i, j) for i, qa in enumerate(a) for j, qb in enumerate(b)),
                  reverse=True)
    used_a: set[int] = set()
    used_b: set[int] = set()
    pairs = []
    for iou, i, j in ious:
        if iou < same:
            break
        if i in used_a or j in used_b:
            continue
        used_a.add(i)
        used_b.add(j)
        pairs.append((i, j))
    return pairs


def perturbed(frame: npt.NDArray[np.uint8], seed: int) -> npt.NDArray[np.uint8]:
    """``frame`` with each value moved by -1, 0 or +1 grey level at random (``seed``), clipped to
    0..255: a difference no one could see, and less than a camera's own noise.

    >>> frame = np.full((2, 2, 3), 255, np.uint8)
    >>> bool(np.abs(perturbed(frame, 0).astype(int) - 255).max() <= 1), perturbed(frame, 0).dtype
    (True, dtype('uint8'))
    """
    noise = np.random.default_rng(seed).integers(-1, 2, frame.shape, dtype=np.int16)
    return np.asarray(np.clip(frame.astype(np.int16) + noise, 0, 255), np.uint8)


__all__ = ["SAME_CARD", "Agreement", "CardChanges", "agreement", "best_match", "card_changes",
           "corner_distance", "perturbed"]
