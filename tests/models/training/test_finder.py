"""The card finder's training targets, and a tiny training that exports a model that loads back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.render import render_scene
from models.render.varied import render_varied
from vision.find.cores import INPUT_SIZE, MAP_STRIDE
from vision.find.segment import CardFinder, letterbox

torch = pytest.importorskip("torch", reason="the tiny training needs the train extra (tests/run installs it)")

from models.training.finder import ExportedFinder, FinderNet, FinderRecipe, core_target, train_finder  # noqa: E402


def test_targets_mark_one_core_per_visible_card() -> None:
    import cv2

    scene = render_scene("tranquility", 5, layout="grid-full")
    _, scale = letterbox(scene.image)
    target = core_target(scene, scale)
    assert target.shape == (INPUT_SIZE[1] // MAP_STRIDE, INPUT_SIZE[0] // MAP_STRIDE)
    count, _ = cv2.connectedComponents(target, connectivity=4)
    visible = sum(card.visible > 0.9 for card in scene.cards)
    # Every card whole on the table has its own core; partly hidden cards may add pieces.
    assert count - 1 >= visible


def test_a_varied_scene_marks_the_core_of_each_card_whatever_its_make() -> None:
    import cv2

    scene = render_varied(2, layout="grid", effects=False)
    _, scale = letterbox(scene.image)
    count, _ = cv2.connectedComponents(core_target(scene, scale), connectivity=4)
    assert count - 1 >= sum(card.visible > 0.9 for card in scene.cards) > 0


def test_the_recipe_lays_a_share_of_its_scenes_with_cards_of_any_make() -> None:
    from models.training.finder import make_examples

    seeds = list(range(700_000, 700_006))
    ours, _ = make_examples(seeds)
    mixed, _ = make_examples(seeds, varied=0.5)
    every, _ = make_examples(seeds, varied=1.0)
    same = [bool(np.array_equal(a, b)) for a, b in zip(ours, mixed, strict=True)]
    assert 0 < sum(same) < len(seeds)  # about half the scenes changed, the rest kept
    assert not any(np.array_equal(a, b) for a, b in zip(ours, every, strict=True))


def test_network_maps_frames_to_half_size_cores() -> None:
    frames = torch.zeros(2, INPUT_SIZE[1], INPUT_SIZE[0], 3, dtype=torch.uint8)
    with torch.no_grad():
        out = ExportedFinder(FinderNet().eval())(frames)
    assert out.shape == (2, INPUT_SIZE[1] // 2, INPUT_SIZE[0] // 2)
    assert float(out.min()) >= 0 and float(out.max()) <= 1


def test_tiny_training_exports_a_finder_that_loads_back(tmp_path: Path) -> None:
    out = tmp_path / "finder.onnx"
    report = train_finder(FinderRecipe(seed=1, train_scenes=4, epochs=1, batch=2, workers=1), out,
                          progress=False)
    assert report["seconds"] > 0 and out.stat().st_size < 5_000_000
    finder = CardFinder(out)
    frame = render_scene("crew", 3).image
    quads = finder.find(frame)
    assert quads.dtype == np.float32 and quads.shape[1:] == (4, 2)
    # It takes frames of any size, as the shipped one does: a part of a frame looked at closer.
    cores, _ = finder.core_map(frame[:300, :200], 1.0)
    assert cores.shape == (152, 104)
