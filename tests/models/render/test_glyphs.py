"""The glyph atlas: real typefaces' digits, training and held-out families apart, drawn without
OpenCV's fonts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.render.glyphs import (
    CALIBRATION_TYPEFACES,
    DIGIT_HEIGHT,
    DIGITS,
    HELD_OUT_TYPEFACES,
    SCRIPT_TYPEFACES,
    TRAIN_TYPEFACES,
    TYPEFACES,
    build_atlas,
    load_atlas,
    text_mask,
    thicken,
)


def test_the_shipped_atlas_holds_every_typeface_and_its_ten_digits() -> None:
    atlas = load_atlas()
    assert atlas.names == tuple(TYPEFACES)
    assert not set(TRAIN_TYPEFACES) & set(HELD_OUT_TYPEFACES)
    assert atlas.glyphs.shape[:2] == (len(TYPEFACES), len(DIGITS))
    assert (atlas.glyphs.reshape(len(TYPEFACES), len(DIGITS), -1).max(axis=2) == 255).all()
    assert (atlas.advance > DIGIT_HEIGHT // 4).all()
    # Each typeface's 0 stands DIGIT_HEIGHT tall on the baseline (round glyphs overshoot a little;
    # a handwritten one's may dip below it).
    rows = np.nonzero(atlas.glyphs[:, 0].max(axis=2) > 127)
    for face, name in enumerate(TYPEFACES):
        ink = rows[1][rows[0] == face]
        assert abs(int(ink.max()) + 1 - atlas.baseline) <= (12 if name in SCRIPT_TYPEFACES else 3)
        assert abs(int(ink.max() - ink.min()) + 1 - DIGIT_HEIGHT) <= 4


def _family(name: str) -> str:
    """A typeface's family: its name without the styles (``TeX Gyre Pagella Bold``: ``TeX Gyre Pagella``)."""
    styles = {"Bold", "Italic", "Condensed", "Narrow", "ExtraLight", "Display", "Mono", "Sans", "Serif"}
    words = name.split()
    while len(words) > 1 and words[-1] in styles:
        words.pop()
    return " ".join(words)


def test_the_held_out_families_are_neither_trained_on_nor_calibrated_with() -> None:
    trained = set(TRAIN_TYPEFACES) | set(SCRIPT_TYPEFACES)
    held_out, calibration = set(HELD_OUT_TYPEFACES), set(CALIBRATION_TYPEFACES)
    assert not trained & calibration and not held_out & calibration
    assert not set(TRAIN_TYPEFACES) & set(SCRIPT_TYPEFACES)
    assert _family("TeX Gyre Pagella Bold") == "TeX Gyre Pagella" and _family("Carlito") == "Carlito"
    assert not {_family(n) for n in held_out} & {_family(n) for n in trained | calibration}
    # The calibration set holds styles the training families never showed, and other families.
    assert {_family(n) for n in calibration} - {_family(n) for n in trained}


def test_no_typeface_trained_on_or_calibrated_with_draws_digits_like_a_held_out_one() -> None:
    # Families differ by name, not always by shape: Carlito (held out) is drawn from Lato, whose
    # digits (Lato Black's) match Carlito Bold's at 0.93 on average, so Lato may not be trained on;
    # the closest pair now is 0.89 (Noto Sans Bold and Carlito Bold).
    atlas = load_atlas()
    shapes = atlas.glyphs.reshape(len(TYPEFACES), len(DIGITS), -1).astype(np.float32) / 255
    shapes /= np.linalg.norm(shapes, axis=2, keepdims=True)
    held_out = [atlas.index(name) for name in HELD_OUT_TYPEFACES]
    for name in (*TRAIN_TYPEFACES, *SCRIPT_TYPEFACES, *CALIBRATION_TYPEFACES):
        likeness = np.einsum("dk,hdk->hd", shapes[atlas.index(name)], shapes[held_out]).mean(axis=1)
        assert likeness.max() < 0.9, (name, list(HELD_OUT_TYPEFACES)[int(likeness.argmax())])


def test_no_two_typefaces_draw_a_digit_alike() -> None:
    # OpenCV 5 draws all its Hershey fonts with one face: "held-out fonts" were the training ones.
    atlas = load_atlas()
    for digit in range(len(DIGITS)):
        shapes = atlas.glyphs[:, digit].reshape(len(TYPEFACES), -1).astype(np.float32) / 255
        overlap = shapes @ shapes.T / np.sqrt(np.outer((shapes ** 2).sum(1), (shapes ** 2).sum(1)))
        np.fill_diagonal(overlap, 0)
        assert overlap.max() < 0.99, DIGITS[digit]


def test_text_mask_height_width_weight_and_slant() -> None:
    one, two = text_mask("1", 0, 30), text_mask("11", 0, 30)
    assert abs(one.shape[0] - 30) <= 1 and two.shape[1] > 1.5 * one.shape[1]
    assert text_mask("8", 0, 30, weight=0.03).sum() > 1.2 * text_mask("8", 0, 30).sum()
    leaning = text_mask("1", 6, 60, slant=0.3)
    cols = np.arange(leaning.shape[1])
    top, bottom = leaning[:10].sum(0), leaning[-10:].sum(0)
    assert (top * cols).sum() / top.sum() > (bottom * cols).sum() / bottom.sum() + 10
    assert thicken(np.zeros((5, 5), np.uint8), 1).max() == 0
    dot = np.zeros((9, 9), np.uint8)
    dot[4, 4] = 255
    assert np.count_nonzero(thicken(dot, 2)) == 13  # a disc of radius 2


def test_an_atlas_built_with_pillow_loads_back_and_draws(tmp_path: Path) -> None:
    pytest.importorskip("PIL", reason="building the atlas needs Pillow (the train extra)")
    out = tmp_path / "glyphs.npz"
    built = build_atlas({"Pillow's own": "default"}, out)
    loaded = load_atlas(out)
    assert loaded.names == ("Pillow's own",) and np.array_equal(loaded.glyphs, built.glyphs)
    assert loaded.baseline == built.baseline
    mask = text_mask("42", 0, 24, atlas=loaded)
    assert abs(mask.shape[0] - 24) <= 2 and mask.max() == 255
