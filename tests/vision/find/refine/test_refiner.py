"""The corner refiner: the shipped model tightening loose quads, and bad model files."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli.main import main
from companion.errors import ModelUnavailable
from models.render import render_scene
from tests.vision.find.refine.fakes import loosened
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.detect import quad_iou
from vision.find.refine import (
    CornerRefiner,
)


@pytest.mark.parametrize("game", ["tranquility", "ascension", "crew", "rixes"])
def test_the_shipped_refiner_places_loose_quads_on_held_out_cards(refiner: CornerRefiner, game: str) -> None:
    scene = render_scene(game, EVAL_SEED_BASE + 7, held_out=True)
    rng = np.random.default_rng(5)
    cards = [card for card in scene.cards if card.visible > 0.95]
    loose = np.stack([loosened(card.quad, rng) for card in cards])
    refined = refiner.refine(scene.image, loose)
    before = [quad_iou(card.quad, quad) for card, quad in zip(cards, loose, strict=True)]
    after = [quad_iou(card.quad, quad) for card, quad in zip(cards, refined.quads, strict=True)]
    assert np.median(before) < 0.8
    assert np.median(after) > 0.93 and np.mean(after) > np.mean(before) + 0.1
    assert (refined.card > 0.5).mean() > 0.95


def test_the_refiner_sees_no_card_on_the_bare_table(refiner: CornerRefiner) -> None:
    scene = render_scene("crew", EVAL_SEED_BASE + 3, held_out=True)
    card = scene.cards[0].quad
    h, w = scene.image.shape[:2]
    spots = [card - card.mean(axis=0) + [x, y] for x in range(60, w - 60, 90) for y in range(60, h - 60, 90)]
    empty = [q for q in spots if max(quad_iou(q, c.quad) for c in scene.cards) == 0.0]
    assert len(empty) > 20
    refined = refiner.refine(scene.image, np.stack(empty).astype(np.float32))
    assert (refined.card < 0.5).mean() > 0.9


def test_screening_refines_as_refine_does_and_drops_the_bare_table(refiner: CornerRefiner) -> None:
    # Loose quads on held-out cards, then quads on the bare table between them: the cards are
    # refined as refine() refines them, and the table's quads are left out after one look.
    scene = render_scene("crew", EVAL_SEED_BASE + 3, held_out=True)
    rng = np.random.default_rng(5)
    cards = np.stack([loosened(card.quad, rng) for card in scene.cards if card.visible > 0.95])
    card = scene.cards[0].quad
    h, w = scene.image.shape[:2]
    spots = [card - card.mean(axis=0) + [x, y] for x in range(60, w - 60, 90) for y in range(60, h - 60, 90)]
    empty = np.stack([q for q in spots if max(quad_iou(q, c.quad) for c in scene.cards) == 0.0])
    asked = np.concatenate([cards, empty]).astype(np.float32)
    whole = refiner.refine(scene.image, asked)
    screened, left = refiner.screen(scene.image, asked)
    assert set(left.tolist()) >= set(range(len(cards)))
    assert (left >= len(cards)).sum() < 0.1 * len(empty)
    assert np.allclose(screened.quads, whole.quads[left], atol=1e-3)
    assert np.allclose(screened.card, whole.card[left], atol=1e-5)


def test_missing_corrupt_and_foreign_refiners_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ModelUnavailable, match="no corner-refiner model") as missing:
        CornerRefiner(tmp_path / "none.onnx")
    assert "train-refiner" in missing.value.text.fr and "ajustement des coins" in missing.value.text.fr
    corrupt = tmp_path / "corrupt.onnx"
    corrupt.write_bytes(b"\x08\x07garbage")
    with pytest.raises(ModelUnavailable, match="cannot be read"):
        CornerRefiner(corrupt)
    finder_model = Path(__file__).resolve().parents[4] / "models" / "finder.onnx"
    with pytest.raises(ModelUnavailable, match="not a corner refiner"):
        CornerRefiner(finder_model)


def test_a_missing_lean_refiner_names_the_command_that_trains_it(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    lean = tmp_path / "refiner-lean.onnx"
    monkeypatch.setattr("vision.find.refine.refiner.lean_refiner_path", lambda: lean)
    for path, command in ((lean, "companion train-refiner --lean"),
                          (tmp_path / "r.onnx", "companion train-refiner")):
        with pytest.raises(ModelUnavailable) as missing:
            CornerRefiner(path)
        text = missing.value.text
        assert text.en.endswith(f"`{command}`") and text.fr.endswith(f"`{command}`")
    lean.write_bytes(b"\x08\x07garbage")
    with pytest.raises(ModelUnavailable, match="cannot be read") as corrupt:
        CornerRefiner(lean)
    assert "train-refiner --lean" in corrupt.value.text.fr


def test_detect_with_a_missing_refiner_exits_2_in_both_languages(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), render_scene("crew", 4).image)
    assert main(["detect", str(image), "--game", "crew", "--refiner", "none", "--json"]) == 0
    unrefined = json.loads(capsys.readouterr().out)["cards"]
    assert main(["detect", str(image), "--game", "crew", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["cards"]) > 0 and len(unrefined) > 0
    assert main(["detect", str(image), "--refiner", str(tmp_path / "none.onnx"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "pas de modèle d'ajustement des coins" in err and "Traceback" not in err
    assert main(["detect", str(image), "--refiner", str(tmp_path / "none.onnx"), "--lang", "en"]) == 2
    assert "no corner-refiner model" in capsys.readouterr().err
