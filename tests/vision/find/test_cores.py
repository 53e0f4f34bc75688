"""A card's core: grown from the card and the card grown back, in perspective."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.find.drawn import card_at
from vision.find.cores import (
    CORE_MARGIN,
    card_from_core,
    core_quad,
)
from vision.find.detect import quad_area


def test_core_and_card_are_inverse_in_perspective() -> None:
    card = np.array([[100, 50], [170, 60], [165, 160], [90, 150]], np.float32)
    core = core_quad(card)
    assert quad_area(core) < quad_area(card)
    np.testing.assert_allclose(card_from_core(core), card, atol=1e-3)


def test_core_margin_is_a_share_of_the_width() -> None:
    card = card_at(0, 0, 63, 0)
    core = core_quad(card)
    width = np.linalg.norm(core[1] - core[0])
    assert width == pytest.approx(63 * (1 - 2 * CORE_MARGIN), rel=1e-4)
