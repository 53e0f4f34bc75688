"""The corner refiner's training windows, and a tiny training that exports a model that loads back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.render import render_scene
from vision.find.detect import quad_iou
from vision.find.refine import CARD_IN_WINDOW, WINDOW_SIZE, CornerRefiner, to_frame

torch = pytest.importorskip("torch", reason="the tiny training needs the train extra (tests/run installs it)")

from models.training.refiner import (  # noqa: E402
    ExportedRefiner,
    RefinerNet,
    RefinerRecipe,
    loosen,
    matched_corners,
    scene_windows,
    train_refiner,
)


def test_loosened_quads_are_as_loose_as_a_finders() -> None:
    card = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)
    rng = np.random.default_rng(0)
    loose = [quad_iou(card, loosen(card, rng)) for _ in range(300)]
    near = [quad_iou(card, loosen(card, rng, scale=0.25)) for _ in range(300)]
    assert 0.6 < np.median(loose) < 0.9 and min(loose) > 0.2
    assert np.median(near) > 0.9 and np.median(near) > np.median(loose)


def test_the_true_corners_are_matched_to_the_rough_ones_whatever_their_turn() -> None:
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    for turn in range(4):
        assert matched_corners(card + 2, np.roll(card, turn, axis=0)).tolist() == card.tolist()


def test_windows_hold_each_cards_true_corners_and_some_with_no_card() -> None:
    scene = render_scene("crew", 12)
    rng = np.random.default_rng(1)
    far = scene.cards[0].quad + 2000  # a finder's quad off every card
    windows = scene_windows(scene, np.stack([scene.cards[0].quad + 3, far]), rng, random_empty=0)
    w, h = WINDOW_SIZE
    assert windows.windows.shape[1:] == (h, w, 3) and windows.windows.dtype == np.uint8
    visible = [card for card in scene.cards if card.visible >= 0.5]
    assert windows.card.sum() == len(visible) + 1  # each loosened card, and the finder's one
    assert (~windows.card).sum() == 1 and not windows.windows[1].any()  # the far one: all black
    assert not windows.corners[~windows.card].any()
    more = scene_windows(scene, far[None], rng, random_empty=20)
    assert len(more) > len(visible) + 10  # card-sized quads laid anywhere: on no card, or on one
    # Each window's answer, taken back to the frame, is a card's true corners.
    for corners in windows.corners[windows.card]:
        assert np.abs(corners - CARD_IN_WINDOW).max() < 40
    # The first windows are the finder's: the first card's own corners, matched to the quad's.
    back = to_frame((scene.cards[0].quad + 3)[None], windows.corners[:1])[0]
    assert np.abs(back - matched_corners(scene.cards[0].quad + 3, scene.cards[0].quad)).max() < 0.01


def test_the_exported_network_answers_in_window_pixels() -> None:
    w, h = WINDOW_SIZE
    with torch.no_grad():
        corners, card = ExportedRefiner(RefinerNet().eval())(torch.zeros(3, h, w, 3, dtype=torch.uint8))
    assert corners.shape == (3, 4, 2) and card.shape == (3,)
    assert float(card.min()) >= 0 and float(card.max()) <= 1


def test_the_lean_network_steps_two_pixels_first_and_answers_alike() -> None:
    w, h = WINDOW_SIZE
    lean, full = RefinerNet(lean=True).eval(), RefinerNet().eval()
    first = lean.features[0][0]  # type: ignore[index]
    assert isinstance(first, torch.nn.Conv2d) and first.stride == (2, 2)
    with torch.no_grad():
        corners, card = ExportedRefiner(lean)(torch.zeros(2, h, w, 3, dtype=torch.uint8))
    assert corners.shape == (2, 4, 2) and card.shape == (2,)
    # The same layers after the first: only the first layer's work is spared.
    shapes = [[p.shape for p in net.features[1:].parameters()] for net in (lean, full)]
    assert shapes[0] == shapes[1]


def test_tiny_training_exports_a_refiner_that_loads_back(tmp_path: Path) -> None:
    out = tmp_path / "refiner.onnx"
    report = train_refiner(RefinerRecipe(seed=1, train_scenes=4, val_scenes=2, epochs=1, batch=16, workers=1),
                           out, progress=False)
    assert report["train_windows"] > 0 and report["corner_error_px"] > 0 and out.stat().st_size < 5_000_000
    refiner = CornerRefiner(out)
    assert refiner.metadata["recipe"]["seed"] == 1
    scene = render_scene("rixes", 3)
    refined = refiner.refine(scene.image, np.stack([card.quad for card in scene.cards]))
    assert refined.quads.shape == (len(scene.cards), 4, 2) and refined.card.shape == (len(scene.cards),)


@pytest.mark.parametrize("lean", [False, True])
def test_the_shipped_refiner_was_trained_with_the_recipe_train_refiner_runs(lean: bool) -> None:
    from dataclasses import asdict

    from vision.find.refine import lean_refiner_path

    refiner = CornerRefiner(lean_refiner_path()) if lean else CornerRefiner()
    expected = {k: v for k, v in asdict(RefinerRecipe(lean=lean)).items() if k != "workers"}
    recorded = {k: v for k, v in refiner.metadata["recipe"].items() if k != "workers"}
    assert recorded == expected
    assert refiner.metadata["corner_error_px"] < 1.5 and refiner.path.stat().st_size < 5_000_000


@pytest.mark.parametrize("network", ["finder", "refiner"])
def test_the_train_commands_pass_the_recipe_and_print_the_report(
        network: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import models.training.finder
    import models.training.refiner
    from companion.cli.main import main

    seen: list[tuple[RefinerRecipe | models.training.finder.FinderRecipe, Path]] = []

    def fake_train(recipe: RefinerRecipe | models.training.finder.FinderRecipe,
                   out: Path) -> dict[str, float]:
        seen.append((recipe, out))
        return {"seconds": 1.0}

    module = models.training.finder if network == "finder" else models.training.refiner
    monkeypatch.setattr(module, f"train_{network}", fake_train)
    out = tmp_path / f"{network}.onnx"
    assert main([f"train-{network}", "--seed", "4", "--scenes", "7", "--epochs", "2", "--out", str(out)]) == 0
    ((recipe, where),) = seen
    assert where == out and (recipe.seed, recipe.train_scenes, recipe.epochs) == (4, 7, 2)
    assert json.loads(capsys.readouterr().out) == {"model": str(out), "seconds": 1.0}


def test_train_refiner_lean_writes_the_lean_refiner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import models.training.refiner
    from companion.cli.main import main

    seen: list[tuple[RefinerRecipe, Path]] = []

    def fake_train(recipe: RefinerRecipe, out: Path) -> dict[str, float]:
        seen.append((recipe, out))
        return {}

    monkeypatch.setattr(models.training.refiner, "train_refiner", fake_train)
    # Written in the working folder under the shipped files' names, never over them by default.
    monkeypatch.chdir(tmp_path)
    assert main(["train-refiner", "--lean"]) == 0 and main(["train-refiner"]) == 0
    assert [(recipe.lean, out) for recipe, out in seen] == [(True, Path("refiner-lean.onnx")),
                                                            (False, Path("refiner.onnx"))]
    capsys.readouterr()
