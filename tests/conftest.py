"""Shared fixtures: a seeded random generator and the golden records folder; the order tests run in."""

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``long`` first, in their order: on two workers they would otherwise come
    last (the watcher's and the filmed demo's, up to 106 s each) and one worker would run them
    while the other sat idle, minutes at the end of the test command."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
