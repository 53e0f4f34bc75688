"""Training the classifier: the typefaces of its scenes, and how the crops it learns from are turned,
jittered and hardened."""

from __future__ import annotations

import pytest

pytest.importorskip("torch", reason="training needs the train extra (tests/run installs it)")

import torch

from models.render.faces import HELD_OUT_FONTS, SCRIPT_FONTS, TRAIN_FONTS
from models.training.classifier import Recipe, _augment, shipped_recipe, training_fonts
from models.training.network import MEAN, STD

#: Rows of the black bar across the white test crops (symmetric, so a crop turned 180 degrees
#: shows it in the same rows).
BAR = slice(40, 48)


def _white_crops_with_a_bar(n: int = 400) -> torch.Tensor:
    """``n`` normalised crops (N, 3, 88, 64): white with a black bar across the middle."""
    raw = torch.ones(n, 3, 88, 64)
    raw[:, :, BAR, :] = 0.0
    return (raw - MEAN) / STD


def test_a_recipe_with_scripts_prints_its_decks_in_the_handwritten_typefaces_too() -> None:
    plain = training_fonts(Recipe("crew"))
    assert plain == TRAIN_FONTS and not set(plain) & set(SCRIPT_FONTS)
    # The training typefaces first, in their order: a plain recipe's scenes are drawn as before.
    assert training_fonts(Recipe("crew", scripts=True)) == (*TRAIN_FONTS, *SCRIPT_FONTS)
    assert not set(training_fonts(Recipe("crew", scripts=True))) & set(HELD_OUT_FONTS)
    assert shipped_recipe("rixes").scripts and not shipped_recipe("tranquility").scripts


def test_hardened_crops_are_turned_as_the_plain_ones_and_the_same_for_a_seed() -> None:
    crops, flipped = _white_crops_with_a_bar(), torch.zeros(400, dtype=torch.bool)
    flipped[::3] = True
    plain, plain_flipped = _augment(crops, flipped, torch.Generator().manual_seed(1))
    hard, hard_flipped = _augment(crops, flipped, torch.Generator().manual_seed(1), hard=True)
    # The same crops are turned, and a turned crop's label says it shows the card the other way up.
    assert torch.equal(plain_flipped, hard_flipped)
    assert 0.4 < float((hard_flipped != flipped).float().mean()) < 0.6
    again, _ = _augment(crops, flipped, torch.Generator().manual_seed(1), hard=True)
    assert torch.equal(hard, again)
    assert not torch.equal(hard, plain)


def test_hardening_washes_out_blurs_and_covers_some_crops_not_all() -> None:
    crops = _white_crops_with_a_bar()
    plain, _ = _augment(crops, torch.zeros(400, dtype=torch.bool), torch.Generator().manual_seed(2))
    hard, _ = _augment(crops, torch.zeros(400, dtype=torch.bool), torch.Generator().manual_seed(2), hard=True)

    def raw(x: torch.Tensor) -> torch.Tensor:
        return (x * STD + MEAN).mean(dim=1)  # (N, 88, 64), grey

    # Washed out (or a patch over the bar): the bar lighter than light jitter and noise make it.
    bar = raw(hard)[:, 42:46, 8:56].mean(dim=(1, 2))
    assert float(raw(plain)[:, 42:46, 8:56].mean(dim=(1, 2)).max()) < 0.1
    assert 0.08 < float((bar > 0.15).float().mean()) < 0.45
    # Blurred: the row just above the bar takes some of its black.
    above, white = raw(hard)[:, 39, 8:56].mean(dim=1), raw(hard)[:, 30, 8:56].mean(dim=1)
    step = (white - above) / (white - bar).clamp(min=1e-3)
    assert 0.1 < float((step > 0.1).float().mean()) < 0.5
    # Covered: somewhere a patch far darker than the white card, away from the bar.
    card = raw(hard)[:, :36, :]
    assert 0.03 < float((card.amin(dim=(1, 2)) < 0.6).float().mean()) < 0.4
