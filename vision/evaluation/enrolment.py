"""Measuring enrolment on labelled photos: enrol a few shots of each card from one folder, read another.

:func:`evaluate_enrolment` enrols ``shots`` labelled crops of each name (a seeded draw,
:func:`vision.read.enrol.draw`) of the first folder's photos (:func:`vision.read.enrol.labelled_crops`),
finds the cards of the second folder's photos with the same finder, takes those that match a
labelled box (IoU at least :data:`vision.read.enrol.MATCH_IOU`) and reads them with the profile
alone (:meth:`vision.read.profile.DeckProfile.match`, every labelled name enrolled). It counts the
labelled boxes, the share found, and, as shares of the found ones, those named right, named wrong
(named, but not the box's name) and left unsure; and the milliseconds the profile's matching
takes a crop (the network's reading not counted). Nothing is kept on disk: the crops of a folder
are found once a run (:class:`CropCache`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vision.find.detect import Finder
from vision.read.classify import OnnxClassifier
from vision.read.enrol import LabelledCrops, draw, enrol, labelled_crops

#: Seconds the profile's matching is timed for, at least (over every test crop at once, again and
#: again): one pass over a hundred crops takes about a tenth of a millisecond.
TIMED_FOR = 0.2


@dataclass
class CropCache:
    """The labelled crops of each folder, found once (in memory, for one run)."""

    find: Finder
    known: Collection[str] | None = None
    found: dict[Path, LabelledCrops] = field(default_factory=dict)

    def __call__(self, folder: Path, progress: Callable[[], None] | None = None) -> LabelledCrops:
        """The labelled crops of ``folder`` (:func:`vision.read.enrol.labelled_crops`; ``progress``
        called after each photo, when they are found now)."""
        key = Path(folder).resolve()
        if key not in self.found:
            self.found[key] = labelled_crops(key, self.find, self.known, progress=progress)
        return self.found[key]


def time_matching(profile: Any, embeddings: np.ndarray, seconds: float = TIMED_FOR) -> float:
    """Milliseconds a crop of :meth:`DeckProfile.match` over ``embeddings`` all at once: the median
    pass of those run for ``seconds`` (one at least)."""
    if len(embeddings) == 0:
        return 0.0
    passes: list[float] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not passes:
        start = time.perf_counter()
        profile.match(embeddings)
        passes.append(time.perf_counter() - start)
    return 1000 * float(np.median(passes)) / len(embeddings)


def evaluate_enrolment(enrolled: LabelledCrops, tested: LabelledCrops, classifier: OnnxClassifier, *,
                       shots: int, seed: int, game: str | None) -> dict[str, Any]:
    """The figures of a profile of ``shots`` of each name of ``enrolled`` (every one for 0; seeded by
    ``seed``; a profile of ``game``, or of no game) reading ``tested`` (see the module's doc): keys
    ``boxes``, ``found``, ``right``, ``wrong``, ``unsure``, ``ms_per_crop`` (shares as fractions),
    and what else tells the run apart. Raises :class:`~companion.errors.ProfileUnavailable` when the
    first folder gave no crop."""
    chosen = enrolled.take(draw(enrolled.names, shots, seed))
    profile = enrol(chosen, classifier, "eval", game)
    crops = len(tested)
    if crops:
        embeddings = classifier.read(tested.crops)[1]
        matches = profile.match(embeddings)
        named = np.array([name is not None for name in matches.names], np.bool_)
        right = np.array([name == truth for name, truth in zip(matches.names, tested.names, strict=True)])
        ms = time_matching(profile, embeddings)
    else:
        named = right = np.zeros(0, np.bool_)
        ms = 0.0

    def share(count: np.integer[Any] | int) -> float:
        return int(count) / crops if crops else 0.0

    return {
        "boxes": tested.boxes,
        "found": crops / tested.boxes if tested.boxes else 0.0,
        "right": share(right.sum()),
        "wrong": share((named & ~right).sum()),
        "unsure": share((~named).sum()),
        "ms_per_crop": ms,
        "found_cards": crops,
        "test_photos": len(tested.read),
        "shots": shots or "all",
        "seed": seed,
        "game": game,
        "model": classifier.game,
        "enrolled_cards": len(profile.cards),
        "enrolled_shots": len(chosen),
        "enrol_photos": len(set(chosen.photos)),
        "enrol_found": len(enrolled),
        "enrol_boxes": enrolled.boxes,
        "accept": profile.accept,
        "margin": profile.margin,
        "profile_bytes": len(profile.to_bytes()),
    }
