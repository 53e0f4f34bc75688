"""The shipped corner refiner, loaded once for the refiner's tests."""

from __future__ import annotations

import pytest

from vision.find.refine import CornerRefiner


@pytest.fixture(scope="module")
def refiner() -> CornerRefiner:
    return CornerRefiner()
