"""Enrolling a deck printed as nobody rendered it, and reading it: what a deck profile is for.

The reprint is a game's deck in the held-out typefaces and art, its face colours' hue turned by
:data:`REPRINT_HUE` degrees (:attr:`models.render.faces.FaceStyle.hue`): a print the classifier
never saw. :func:`reprint_profile` enrols a few crops of each card from rendered scenes, cut
along the quads the finder outlines them with, as the camera would at enrolment; then
:func:`vision.evaluation.scenes.evaluate_scenes` reads held-out scenes in the same print with
the profile.
"""

from __future__ import annotations

import numpy as np

from models.render import render_scene
from vision.evaluation.agreement import best_match
from vision.evaluation.scenes import EVAL_SEED_BASE, IOU, MIN_VISIBLE
from vision.find.detect import CROP_SIZE, Finder, order_corners, rectify
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier
from vision.read.enrol import LabelledCrops, enrol
from vision.read.profile import DeckProfile

#: How far the reprint turns every face colour's hue (degrees): blue islands print red.
REPRINT_HUE = 150.0
#: Enrolment scenes' seeds start here, apart from the held-out scenes read after.
REPRINT_SEED_BASE = EVAL_SEED_BASE + 7_000_000
#: The most scenes rendered to find the shots of every card: cards no scene shows in that many are
#: left to the shipped classifier, as a card the players skip.
MOST_SCENES = 150


def reprint_profile(game: str, classifier: OnnxClassifier, find: Finder, shots: int, seed: int = 0,
                    hue: float = REPRINT_HUE, most_scenes: int = MOST_SCENES) -> tuple[DeckProfile, int]:
    """A profile of ``game``'s deck in the reprint, from ``shots`` crops of each card (each from
    a different scene, the finder's quad matched to the card with IoU >= 0.5, the card turned
    upright where the classifier reads it turned; at most ``most_scenes`` scenes rendered), and
    the number of scenes rendered."""
    wanted = set(class_names(game))
    taken: dict[str, int] = {}
    names: list[str] = []
    crops: list[np.ndarray] = []
    rendered = 0
    for k in range(most_scenes):
        if all(taken.get(name, 0) >= shots for name in wanted):
            break
        scene = render_scene(game, REPRINT_SEED_BASE + seed * 10_000 + k, held_out=True, hue=hue)
        rendered += 1
        quads = np.asarray(find(scene.image), np.float32).reshape(-1, 4, 2)
        seen: set[str] = set()
        for card in scene.cards:
            if card.visible < MIN_VISIBLE or card.name in seen or taken.get(card.name, 0) >= shots:
                continue
            best = best_match(card.quad, quads, IOU)
            if best is None:
                continue
            seen.add(card.name)
            taken[card.name] = taken.get(card.name, 0) + 1
            names.append(card.name)
            crops.append(rectify(scene.image, order_corners(quads[best]), CROP_SIZE))
    batch = np.stack(crops) if crops else np.zeros((0, CROP_SIZE[1], CROP_SIZE[0], 3), np.uint8)
    # Each crop its own capture, as the figures of the issue were measured.
    labelled = LabelledCrops(tuple(names), batch, tuple(f"crop-{i}" for i in range(len(names))), len(names))
    profile = enrol(labelled, classifier, f"{game}-reprint", game,
                    about={"source": "rendered reprint", "hue": hue, "shots": shots, "scenes": rendered})
    return profile, rendered
