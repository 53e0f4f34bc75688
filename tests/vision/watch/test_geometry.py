"""The table's geometry: four corners set by hand, bad corners refused, a moved camera."""

from __future__ import annotations

import numpy as np
import pytest

from vision.watch.geometry import from_corners


def test_four_corners_set_by_hand() -> None:
    corners = [[100.0, 600.0], [500.0, 600.0], [500.0, 100.0], [100.0, 100.0]]
    geometry = from_corners("tranquility", corners)
    back = geometry.to_image(geometry.layout.corner_points(geometry.gap))
    assert np.allclose(back, corners)
    # a1 is in the bottom-left corner, f6 in the top-right one; row 1 at the bottom.
    a1 = geometry.to_image([geometry.layout.centre("a1", geometry.gap)])[0]
    f6 = geometry.to_image([geometry.layout.centre("f6", geometry.gap)])[0]
    assert a1[0] < f6[0] and a1[1] > f6[1]
    assert np.allclose(geometry.to_plane(geometry.to_image([[10.0, -20.0]])), [[10.0, -20.0]])
    quad = geometry.card_quad("c3")
    assert quad.shape == (4, 2) and quad[0, 1] < quad[3, 1]  # the crop's top is up in the image
    assert geometry.inside((640, 720), "c3") and not geometry.inside((200, 200), "f6")
    assert geometry.px_per_mm() == pytest.approx(400 / (6 * 63 + 5 * 2), rel=0.01)


@pytest.mark.parametrize("corners", [[[0, 0], [1, 1], [2, 2]], [[0, 0], [100, 0], [0, 100], [100, 100]],
                                     [[0, 0], [0, 0], [0, 0], [0, 0]], [[0, 0], [1, 0], [1, np.nan], [0, 1]]])
def test_bad_corners_are_refused(corners: list[list[float]]) -> None:
    with pytest.raises(ValueError, match="corners"):
        from_corners("tranquility", corners)


def test_a_moved_camera_moves_the_geometry() -> None:
    geometry = from_corners("tranquility", [[100, 600], [500, 600], [500, 100], [100, 100]])
    shift = np.array([[1, 0, 12.0], [0, 1, -5.0], [0, 0, 1]])
    moved = geometry.moved(shift)
    a = geometry.to_image([[0.0, 0.0]])[0]
    assert moved.to_image([[0.0, 0.0]])[0].tolist() == pytest.approx([a[0] + 12, a[1] - 5])
