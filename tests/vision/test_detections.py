"""The detections dataclass: construction checks, selection, boxes and JSON, on literal arrays."""

from __future__ import annotations

import numpy as np
import pytest

from vision.detections import Detections, InvalidDetections

QUADS = np.array([
    [[0, 0], [63, 0], [63, 88], [0, 88]],
    [[100, 10], [160, 20], [150, 100], [90, 90]],
], np.float32)


def two() -> Detections:
    return Detections(QUADS, ("27", None), np.array([0.9, 0.2], np.float32), np.array([False, True]))


def test_len_and_empty() -> None:
    assert len(two()) == 2
    empty = Detections.empty()
    assert len(empty) == 0 and empty.boxes().shape == (0, 4) and empty.to_json() == []


def test_boxes() -> None:
    assert two().boxes().tolist() == [[0, 0, 63, 88], [90, 10, 160, 100]]


def test_select_with_mask_and_indexes() -> None:
    d = two()
    high = d[d.confidences > 0.5]
    assert high.names == ("27",) and high.quads.shape == (1, 4, 2)
    swapped = d[np.array([1, 0])]
    assert swapped.names == (None, "27") and swapped.upside_down.tolist() == [True, False]
    assert d[1].names == (None,)
    assert len(d[np.zeros(2, bool)]) == 0


def test_to_json() -> None:
    first = two().to_json()[0]
    assert first == {"corners": [[0.0, 0.0], [63.0, 0.0], [63.0, 88.0], [0.0, 88.0]], "name": "27",
                     "confidence": pytest.approx(0.9), "upside_down": False}


def test_from_quads() -> None:
    d = Detections.from_quads(QUADS)
    assert d.names == (None, None) and d.confidences.tolist() == [0, 0]


@pytest.mark.parametrize(("fields", "message"), [
    ((np.zeros((2, 3, 2), np.float32), (None, None), np.zeros(2, np.float32), np.zeros(2, bool)), "quads"),
    ((np.zeros((2, 4, 2), np.float64), (None, None), np.zeros(2, np.float32), np.zeros(2, bool)), "float32"),
    ((np.full((1, 4, 2), np.nan, np.float32), (None,), np.zeros(1, np.float32), np.zeros(1, bool)), "finite"),
    ((QUADS, ("27",), np.zeros(2, np.float32), np.zeros(2, bool)), "names"),
    ((QUADS, ("27", 3), np.zeros(2, np.float32), np.zeros(2, bool)), "names"),
    ((QUADS, (None, None), np.zeros(3, np.float32), np.zeros(2, bool)), "confidences"),
    ((QUADS, (None, None), np.array([0.5, 1.5], np.float32), np.zeros(2, bool)), r"\[0, 1\]"),
    ((QUADS, (None, None), np.zeros(2, np.float32), np.zeros(2, np.int8)), "upside_down"),
])
def test_bad_fields_raise(fields: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidDetections, match=message) as info:
        Detections(*fields)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
