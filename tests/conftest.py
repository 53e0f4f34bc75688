"""Shared fixtures: a seeded random generator and the golden records folder."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def rng() -> random.Random:
    """A random generator with a fixed seed: tests never depend on the clock."""
    return random.Random(20261121)


@pytest.fixture
def golden() -> Path:
    """The folder of golden records and their expected rulings."""
    return GOLDEN
