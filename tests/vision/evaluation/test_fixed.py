"""What a fixed camera gives for free, measured on scenes of cards of any make seen bare first."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli.main import main
from models.render.varied import LAYOUTS, render_varied
from vision.evaluation.finding import finding_figures
from vision.evaluation.fixed import measure_fixed


def test_the_bare_scene_is_the_same_table_without_its_cards() -> None:
    scene = render_varied(4, held_out=True, layout="grid")
    bare = render_varied(4, held_out=True, layout="grid", bare=True)
    assert [card.visible for card in scene.cards] == [card.visible for card in bare.cards]
    differs = np.abs(scene.image.astype(int) - bare.image).max(axis=2) > 30
    inside = np.zeros(differs.shape, bool)
    for card in scene.cards:
        mask = np.zeros(differs.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(card.quad).astype(np.int32), 1)
        inside |= mask.astype(bool)
    # Only where the cards lie (and their shadows, a few pixels about them) does the picture change.
    assert differs[inside].mean() > 0.5 and differs[~inside].mean() < 0.05


def test_a_blind_finder_as_a_fixed_camera_finds_cards_by_their_difference_from_the_table() -> None:
    def blind(frame: np.ndarray) -> np.ndarray:
        return np.zeros((0, 4, 2), np.float32)

    tallies = measure_fixed(blind, len(LAYOUTS), seed=2)
    alone, fixed = (finding_figures(tallies[name])["all"] for name in ("alone", "fixed"))
    assert alone["cards"] == fixed["cards"] > 0 and alone["recall"] == 0.0
    # Cards lying apart are found by their difference alone; those touching make one blob, not a card.
    assert fixed["recall"] > 0.0 and fixed["stray_per_scene"] < 1.0


def test_eval_finder_reads_each_scene_alone_and_as_a_fixed_camera(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval-finder", "--scenes", "1", "--finder", "contours", "--refiner", "none",
                 "--fixed-camera", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["alone"]["all"]["scenes"] == figures["fixed"]["all"]["scenes"] == 1
    assert figures["fixed"]["all"]["cards"] == figures["alone"]["all"]["cards"]
    assert main(["eval-finder", "--scenes", "1", "--fixed-camera", "--makes", "shapes"]) == 2
