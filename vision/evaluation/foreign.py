"""Measuring how often a game's reader names a card that is not of its deck.

Two sources of foreign cards: photos whose every card is foreign to the game (the shared photos
of ordinary playing cards are foreign to every deck), and held-out renders of the other games'
tables. A foreign card named, whatever the name, is a wrong-but-confident reading: on a real
table, a false event.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from models.render import render_scene
from vision.evaluation.agreement import best_match
from vision.evaluation.photos import PHOTO_SUFFIXES
from vision.evaluation.scenes import EVAL_SEED_BASE, IOU, MIN_VISIBLE
from vision.find.detect import Finder
from vision.images import load_image
from vision.read.catalogue import BACK, GAMES
from vision.read.classify import Classifier
from vision.read.recognise import recognise

#: The seeds of the other games' scenes start here, past those of :mod:`vision.evaluation.scenes`.
FOREIGN_SEED_BASE = EVAL_SEED_BASE + 5_000_000


@dataclass
class Foreign:
    """Foreign cards found, and how many of them the reader named."""

    found: int = 0
    named: int = 0

    @property
    def rate(self) -> float:
        """The share of the found foreign cards named (0 when none was found)."""
        return self.named / self.found if self.found else 0.0


def foreign_photos(folder: Path, classifier: Classifier, find: Finder) -> Foreign:
    """Every card found in every photo of ``folder`` (any labels ignored), all taken as foreign
    to ``classifier``'s deck, and how many it named. Raises what
    :func:`vision.images.load_image` raises for a photo that cannot be read."""
    tally = Foreign()
    for photo in sorted(p for p in folder.iterdir() if p.suffix in PHOTO_SUFFIXES):
        detections = recognise(load_image(photo), classifier, find)
        tally.found += len(detections)
        tally.named += sum(name is not None for name in detections.names)
    return tally


def foreign_renders(game: str, classifier: Classifier, find: Finder, scenes: int, seed: int = 0) -> Foreign:
    """The cards of ``scenes`` held-out scenes of each other game found (at most as hidden as the
    scenes evaluation counts; their backs left out, which every deck shares), and how many of them
    ``game``'s reader named."""
    tally = Foreign()
    for other in (g for g in GAMES if g != game):
        for k in range(scenes):
            scene = render_scene(other, FOREIGN_SEED_BASE + seed * 10_000 + k, held_out=True)
            detections = recognise(scene.image, classifier, find)
            for card in scene.cards:
                if card.visible < MIN_VISIBLE or card.name == BACK.name:
                    continue
                best = best_match(card.quad, detections.quads, IOU)
                if best is not None:
                    tally.found += 1
                    tally.named += detections.names[best] is not None
    return tally
