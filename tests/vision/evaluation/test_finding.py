"""The finder's figures on held-out scenes of cards of any make: recall, split, stray, time."""

from __future__ import annotations

import json

import numpy as np
import pytest

from companion.cli.main import main
from models.render.varied import LAYOUTS
from vision.evaluation.finding import finding_figures, measure_finding, tally_scene

CARD = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)


def _moved(quad: np.ndarray, x: float, y: float) -> np.ndarray:
    return quad + np.array([x, y], np.float32)


def test_a_scene_counts_its_found_close_split_and_stray_quads() -> None:
    cards = [(CARD, 1.0), (CARD + 200, 1.0), (_moved(CARD, 400, 0), 1.0), (_moved(CARD, 0, 300), 0.3)]
    quads = np.stack([
        CARD + 4,  # the first card, closely (IoU 0.87)
        # the second cut in two halves (IoU 0.5 each)
        _moved(CARD * [1, 0.5], 200, 200), _moved(CARD * [1, 0.5], 200, 270),
        _moved(CARD * 0.8, 400, 0),  # the third, loosely (IoU 0.64)
        _moved(CARD * 0.3, 700, 500),  # on the table
        _moved(CARD, 0, 300),  # the card mostly hidden: not counted, but no stray either
    ])
    tally = tally_scene(cards, quads, 12.0)
    assert (tally.scenes, tally.cards, tally.quads) == (1, 3, 6)
    assert tally.found == 3 and tally.close == 1 and tally.split == 1 and tally.stray == 1


def test_a_scene_with_no_quad_finds_nothing_and_strays_nowhere() -> None:
    tally = tally_scene([(CARD, 1.0)], np.zeros((0, 4, 2), np.float32), 3.0)
    assert (tally.cards, tally.found, tally.stray, tally.quads) == (1, 0, 0, 0)


def test_the_layouts_are_measured_in_turn_and_together() -> None:
    seen: list[tuple[int, int]] = []

    def find(frame: np.ndarray) -> np.ndarray:  # finds nothing: every card missed
        seen.append(frame.shape[:2])
        return np.zeros((0, 4, 2), np.float32)

    figures = finding_figures(measure_finding(find, len(LAYOUTS) + 1, seed=3))
    assert set(figures) == {"all", *LAYOUTS}
    assert figures["all"]["scenes"] == len(LAYOUTS) + 1 and figures[LAYOUTS[0]]["scenes"] == 2
    assert figures["all"]["cards"] > 0 and figures["all"]["recall"] == 0.0
    assert seen and all(h <= 720 and w <= 1280 for h, w in seen)


def test_eval_finder_prints_each_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval-finder", "--scenes", "2", "--finder", "contours", "--refiner", "none", "--json",
                 "--makes", "shapes,playing"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["finder"] == "contours" and figures["all"]["scenes"] == 2
    assert set(figures) >= {"all", LAYOUTS[0], LAYOUTS[1]}
    assert 0.0 <= figures["all"]["recall"] <= 1.0


@pytest.mark.parametrize("args", [["--scenes", "0"], ["--makes", "shapes,tarot"]])
def test_eval_finder_refuses_what_it_cannot_measure(args: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval-finder", *args]) == 2
    assert capsys.readouterr().err.strip()
