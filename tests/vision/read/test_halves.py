"""A card's half up, read on its crop and again on the crop turned half round."""

from __future__ import annotations

import numpy as np
import pytest

from vision.read.classify import FakeClassifier, Readings
from vision.read.halves import halves, turned

CROPS = np.arange(3 * 4 * 2 * 3, dtype=np.uint8).reshape(3, 4, 2, 3)


def first(*answers: tuple[str | None, float, bool]) -> Readings:
    return FakeClassifier("g", answers, threshold=0.9).classify(CROPS[:len(answers)])


def test_turned_is_half_a_turn_and_twice_is_none() -> None:
    assert turned(CROPS)[0, 0, 0].tolist() == CROPS[0, -1, -1].tolist()
    assert np.array_equal(turned(turned(CROPS)), CROPS)


@pytest.mark.parametrize(("again", "expected"), [
    (("a", 0.99, False), True),   # the turned crop read upright: the card lies turned
    (("a", 0.40, False), True),   # its likeliest card counts, even unsure
    (("a", 0.99, True), None),    # turned both ways: the flip head cannot tell
    (("b", 0.99, False), None),   # another card turned: not this one's half
])
def test_a_half_is_taken_where_the_turned_crop_reads_it_turned_the_other_way(
        again: tuple[str, float, bool], expected: bool | None) -> None:
    second = FakeClassifier("g", [again], threshold=0.9)
    assert halves(second, CROPS, first(("a", 0.99, True)), [0]) == {0: expected}


def test_only_the_crops_asked_are_read_again_in_one_call() -> None:
    second = FakeClassifier("g", [("b", 0.99, True), ("c", 0.99, False)], threshold=0.9)
    readings = first(("a", 0.99, False), ("b", 0.99, False), ("c", 0.95, True))
    assert halves(second, CROPS, readings, [1, 2]) == {1: False, 2: True}
    assert second.calls == [2]
    assert halves(second, CROPS, readings, []) == {} and second.calls == [2]
