"""Measuring enrolment: a profile of a few rendered shots reading other rendered photos."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.errors import ProfileUnavailable
from tests.vision.voc_scenes import TruthFinder, write_scenes
from vision.evaluation.enrolment import CropCache, evaluate_enrolment, time_matching
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier
from vision.read.enrol import LabelledCrops

KEYS = {"boxes", "found", "right", "wrong", "unsure", "ms_per_crop"}


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, TruthFinder]:
    finder = TruthFinder()
    root = tmp_path_factory.mktemp("photos")
    write_scenes(root / "enrol", "crew", [1, 2, 3, 4], finder)
    write_scenes(root / "test", "crew", [5, 6], finder)
    return root / "enrol", root / "test", finder


def test_the_figures_of_a_profile_read_on_other_photos(folders: tuple[Path, Path, TruthFinder]) -> None:
    enrol_folder, test_folder, finder = folders
    cache = CropCache(finder, class_names("crew"))
    classifier = OnnxClassifier("crew")
    figures = evaluate_enrolment(cache(enrol_folder), cache(test_folder), classifier, shots=2, seed=0,
                                 game="crew")
    assert set(figures) >= KEYS
    tested = cache(test_folder)
    assert figures["boxes"] == tested.boxes and figures["found"] == 1.0  # the finder finds every card
    assert figures["right"] + figures["wrong"] + figures["unsure"] == pytest.approx(1.0)
    # Renders are the model's own world: a card enrolled from two of them is read right or left unsure.
    assert figures["right"] > 0.5 and figures["wrong"] <= 0.05
    assert 0 < figures["ms_per_crop"] < 1.0
    assert figures["shots"] == 2 and figures["model"] == "crew" and figures["enrolled_shots"] <= 2 * 40
    assert figures["profile_bytes"] > 0 and 0 <= figures["accept"] <= 1
    # Every folder found once a run, however often it is asked for.
    calls = finder.calls
    again = evaluate_enrolment(cache(enrol_folder), cache(test_folder), classifier, shots=0, seed=0,
                               game=None)
    assert finder.calls == calls and again["shots"] == "all"
    assert again["enrol_found"] == again["enrolled_shots"]


def test_no_card_found_in_the_test_photos(folders: tuple[Path, Path, TruthFinder]) -> None:
    enrol_folder, _, finder = folders
    classifier = OnnxClassifier("crew")
    nothing = LabelledCrops((), np.zeros((0, 88, 64, 3), np.uint8), (), 7)
    figures = evaluate_enrolment(CropCache(finder)(enrol_folder), nothing, classifier, shots=1, seed=0,
                                 game=None)
    assert [figures[key] for key in ("boxes", "found", "right", "ms_per_crop")] == [7, 0.0, 0.0, 0.0]
    with pytest.raises(ProfileUnavailable):
        evaluate_enrolment(nothing, nothing, classifier, shots=1, seed=0, game=None)


def test_matching_is_timed_at_least_once() -> None:
    class Slow:
        calls = 0

        def match(self, embeddings: np.ndarray) -> None:
            Slow.calls += 1

    assert time_matching(Slow(), np.zeros((4, 8), np.float32), seconds=0.0) >= 0.0 and Slow.calls == 1
    assert time_matching(Slow(), np.zeros((0, 8), np.float32)) == 0.0
