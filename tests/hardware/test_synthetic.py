"""The synthetic camera: rendered tables, each held for a while, the same for the same seed."""

from __future__ import annotations

import numpy as np
import pytest

from companion.errors import CameraLost
from hardware.synthetic import SyntheticSource
from tests.hardware.conftest import FakeClock


def test_a_scene_is_held_then_the_next_one_comes() -> None:
    source = SyntheticSource("tranquility", 5, size=(160, 120), fps=10.0, hold=2)
    frames = [source.read() for _ in range(3)]
    assert [f.index for f in frames] == [0, 1, 2]
    assert [f.t for f in frames] == [0.0, 0.1, 0.2]
    assert frames[0].size == (160, 120)
    assert np.array_equal(frames[0].image, frames[1].image)
    assert not np.array_equal(frames[1].image, frames[2].image)
    assert source.scene is not None and source.scene.seed == 6 and source.scene.cards


def test_the_same_seed_films_the_same_table() -> None:
    a = SyntheticSource("ascension", 3, size=(160, 120)).read()
    b = SyntheticSource("ascension", 3, size=(160, 120)).read()
    assert np.array_equal(a.image, b.image)


def test_frames_are_copies_so_drawing_on_one_spares_the_next() -> None:
    source = SyntheticSource(size=(160, 120), hold=5)
    first = source.read()
    first.image[:] = 0
    assert source.read().image.any()


def test_without_a_rate_frames_are_stamped_with_the_clock(clock: FakeClock) -> None:
    source = SyntheticSource(size=(160, 120), clock=clock)
    assert source.read().t == 100.0


def test_unknown_game_or_hold_is_refused_and_a_closed_source_is_lost() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        SyntheticSource("chess")
    with pytest.raises(ValueError, match="hold"):
        SyntheticSource(hold=0)
    source = SyntheticSource(size=(160, 120))
    source.close()
    with pytest.raises(CameraLost):
        source.read()
