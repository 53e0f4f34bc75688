"""Measuring the whole reading of cards on held-out synthetic scenes (``companion eval-vision``).

Scenes are rendered from seeds the training never used, with the held-out
fonts, card art and table tops. A true card counts when at least
``MIN_VISIBLE`` of it shows; it is found when a detected quad overlaps it with
polygon IoU >= 0.5. A detection matching no card at all (any visibility, border
cards included) is a false one; a false one given a card's name (not left unsure) is a card
the companion would see where there is none (``false_named_rate``). The found cards are also
told apart by the typeface each scene's deck is printed in (``by_typeface``). Asked to, each
scene is read again with one grey level of noise (:func:`vision.evaluation.agreement.perturbed`) and
what changed is counted (``perturb_*``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from models.render import render_scene
from vision.evaluation.agreement import (
    Agreement,
    CardChanges,
    agreement,
    best_match,
    card_changes,
    perturbed,
)
from vision.find.detect import Finder, find_cards
from vision.read.catalogue import class_names, faces
from vision.read.classify import Classifier
from vision.read.recognise import recognise

MIN_VISIBLE = 0.75
IOU = 0.5
#: Seeds of evaluation scenes start here; training uses seed * 1,000,000 + 0..999,999.
EVAL_SEED_BASE = 900_000_000


@dataclass
class Reads:
    """Found cards, and how they were read: right, left unsure, or wrong but confidently."""

    found: int = 0
    correct: int = 0
    unsure: int = 0
    wrong_confident: int = 0

    def rates(self) -> dict[str, float]:
        """The shares of the found cards read right, left unsure and read wrong but confidently."""
        found = max(self.found, 1)
        return {"identity_accuracy": self.correct / found, "unsure_rate": self.unsure / found,
                "wrong_confident_rate": self.wrong_confident / found}


@dataclass
class Tally:
    """Counts over evaluated scenes."""

    truths: int = 0
    detections: int = 0
    false_detections: int = 0
    #: False detections read as a card, not left unsure: a card named where none lies.
    false_named: int = 0
    oriented: int = 0
    frame_seconds: list[float] = field(default_factory=list)
    crops: int = 0
    confusion: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros((0, 0), np.int64))
    #: The found cards by the typeface a scene's deck is printed in. An unseen typeface misread is
    #: what real cards' print may bring.
    typefaces: dict[str, Reads] = field(default_factory=dict)
    #: The cards by their face's kind (Tranquillité's islands, storms, compasses ...): how many
    #: there were, their reads, and how many of those read were told the right way up.
    kinds: dict[str, tuple[int, Reads, int]] = field(default_factory=dict)
    #: What one grey level of noise changed in each scene's reading, when asked (``perturb``): on
    #: the cards counted (:data:`MIN_VISIBLE` of them showing), and on every quad.
    perturb: CardChanges | None = None
    perturb_quads: Agreement = field(default_factory=Agreement)

    @property
    def reads(self) -> Reads:
        """The found cards of every typeface."""
        faces = self.typefaces.values()
        return Reads(sum(r.found for r in faces), sum(r.correct for r in faces), sum(r.unsure for r in faces),
                     sum(r.wrong_confident for r in faces))

    def summary(self) -> dict[str, Any]:
        """The figures of ``companion eval-vision``."""
        reads = self.reads
        frames = np.asarray(self.frame_seconds) * 1000
        return {
            "detection_recall": reads.found / max(self.truths, 1),
            "detection_precision": 1 - self.false_detections / max(self.detections, 1),
            "false_named_rate": self.false_named / max(self.detections, 1),
            **reads.rates(),
            # Orientation is told on the cards read, right or wrong.
            "orientation_accuracy": self.oriented / max(reads.correct + reads.wrong_confident, 1),
            "ms_per_frame": float(np.median(frames)) if len(frames) else 0.0,
            "ms_per_crop": float(frames.sum() / max(self.crops, 1)),
            "cards": self.truths,
            "scenes": len(self.frame_seconds),
            "by_typeface": {font: {"found": face.found, **face.rates()}
                            for font, face in sorted(self.typefaces.items())},
            "by_kind": {kind: {"cards": cards, "recall": read.found / max(cards, 1), **read.rates(),
                               "orientation_accuracy": turned / max(read.correct + read.wrong_confident, 1)}
                        for kind, (cards, read, turned) in sorted(self.kinds.items())},
            **({} if self.perturb is None else {
                "perturb_cards": self.perturb.cards, "perturb_cards_changed": self.perturb.changed,
                "perturb_cards_changed_rate": self.perturb.changed / max(self.perturb.cards, 1),
                "perturb_names_changed": self.perturb.renamed,
                **{f"perturb_quads_{key}": value for key, value in self.perturb_quads.summary().items()}}),
        }


def evaluate_scenes(game: str, classifier: Classifier, scenes: int, seed: int = 0,
                    find: Finder = find_cards, hue: float = 0.0, perturb: bool = False,
                    modules: bool = False, progress: Callable[[], None] | None = None) -> Tally:
    """Render ``scenes`` held-out scenes of ``game`` (their face colours' hue turned by ``hue``
    degrees, the expansion's faces dealt too with ``modules``, :func:`models.render.render_scene`)
    and tally how their cards are read; with
    ``perturb``, also what one grey level of noise changes in each scene's reading
    (:attr:`Tally.perturb`); ``progress`` is called after each scene."""
    names = class_names(game)
    index = {name: i for i, name in enumerate(names)}
    faces_of = {face.name: face.kind for face in faces(game)}
    tally = Tally(confusion=np.zeros((len(names), len(names) + 1), np.int64),
                  perturb=CardChanges() if perturb else None)
    for k in range(scenes):
        number = EVAL_SEED_BASE + seed * 10_000 + k
        scene = render_scene(game, number, held_out=True, hue=hue, modules=modules)
        start = time.perf_counter()
        detections = recognise(scene.image, classifier, find)
        tally.frame_seconds.append(time.perf_counter() - start)
        if tally.perturb is not None:
            noisy = recognise(perturbed(scene.image, number), classifier, find)
            counted = np.asarray([card.quad for card in scene.cards
                                  if card.visible >= MIN_VISIBLE and card.name in index], np.float32)
            tally.perturb += card_changes(counted.reshape(-1, 4, 2), detections, noisy, IOU)
            tally.perturb_quads += agreement(detections, noisy, IOU)
        tally.crops += len(detections)
        tally.detections += len(detections)
        used = np.zeros(len(detections), bool)
        # Every rendered scene has its style; a Scene built by hand may not.
        reads = tally.typefaces.setdefault(scene.style.font if scene.style else "unknown", Reads())
        for card in scene.cards:
            best = best_match(card.quad, detections.quads, IOU)
            if best is not None:
                used[best] = True
            if card.visible < MIN_VISIBLE or card.name not in index:
                continue
            tally.truths += 1
            kind = faces_of.get(card.name, card.name)
            count, by_kind, turned = tally.kinds.get(kind, (0, Reads(), 0))
            tally.kinds[kind] = (count + 1, by_kind, turned)
            if best is None:
                continue
            reads.found += 1
            by_kind.found += 1
            name = detections.names[best]
            column = len(names) if name is None else index[name]
            tally.confusion[index[card.name], column] += 1
            if name is None:
                reads.unsure += 1
                by_kind.unsure += 1
                continue
            if name == card.name:
                reads.correct += 1
                by_kind.correct += 1
            else:
                reads.wrong_confident += 1
                by_kind.wrong_confident += 1
            right_way = bool(detections.upside_down[best]) == card.upside_down
            tally.oriented += right_way
            tally.kinds[kind] = (count + 1, by_kind, turned + right_way)
        tally.false_detections += int((~used).sum())
        tally.false_named += sum(1 for k in np.flatnonzero(~used).tolist() if detections.names[k] is not None)
        if progress is not None:
            progress()
    return tally


def confusion_picture(confusion: npt.NDArray[np.int64], names: list[str]) -> npt.NDArray[np.uint8]:
    """The confusion matrix drawn (rows: true card, columns: read card, last column: unsure)."""
    rows, cols = confusion.shape
    cell, margin = 8, 60
    image = np.full((margin + rows * cell, margin + cols * cell, 3), 255, np.uint8)
    share = confusion / np.maximum(confusion.sum(axis=1, keepdims=True), 1)
    for r in range(rows):
        for c in range(cols):
            if confusion[r, c]:
                shade = int(255 * (1 - share[r, c]))
                colour = (shade, shade, 255) if r != c else (shade, 255, shade)
                y, x = margin + r * cell, margin + c * cell
                cv2.rectangle(image, (x, y), (x + cell - 1, y + cell - 1), colour, -1)
    for r in range(0, rows, 10):
        cv2.putText(image, names[r], (2, margin + r * cell + cell), cv2.FONT_HERSHEY_SIMPLEX, 0.3,
                    (0, 0, 0), 1)
    cv2.putText(image, "true (rows) x read (columns), last column unsure", (2, 12), cv2.FONT_HERSHEY_SIMPLEX,
                0.35, (0, 0, 0), 1)
    return image
