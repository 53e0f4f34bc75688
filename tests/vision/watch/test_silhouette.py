"""Silhouettes: where a card lies in its cell, found against the cell seen empty."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from vision.watch.params import MARGIN
from vision.watch.silhouette import alike, changed_share, difference, light_gain, locate, view_size

Image = npt.NDArray[np.uint8]


def table() -> Image:
    """An empty cell's view: a wood-like striped table with some noise."""
    w, h = view_size()
    rng = np.random.default_rng(3)
    stripes = (np.sin(np.arange(w) / 3.0)[None, :] * 20 + 100).repeat(h, axis=0)
    img = np.stack([stripes * 0.6, stripes * 0.8, stripes], axis=-1) + rng.normal(0, 3, (h, w, 3))
    return np.clip(img, 0, 255).astype(np.uint8)


def with_card(base: Image, dx: float, dy: float, angle: float = 0.0) -> Image:
    """``base`` with a light card (a dark panel inside) laid dx, dy mm from the cell's centre."""
    img = base.copy()
    w, h = view_size()
    centre = (w / 2 + dx, h / 2 + dy)
    box = cv2.boxPoints((centre, (63.0, 88.0), angle)).astype(np.int32)
    cv2.fillConvexPoly(img, box, (235, 235, 230))
    inner = cv2.boxPoints((centre, (55.0, 80.0), angle)).astype(np.int32)
    cv2.fillConvexPoly(img, inner, (150, 110, 40))
    return img


@pytest.mark.parametrize(("dx", "dy", "angle"), [(0, 0, 0), (3, -2, 0), (-4, 3, 2.0), (2, 2, -3.0)])
def test_a_card_is_found_where_it_lies(dx: float, dy: float, angle: float) -> None:
    empty = table()
    found = locate(with_card(empty, dx, dy, angle), empty)
    assert found.kind == "card"
    assert found.offset == pytest.approx((dx, dy), abs=1.0)
    assert found.angle == pytest.approx(angle, abs=1.5)
    assert found.changed > 0.9


def test_an_empty_cell_under_other_light_is_empty() -> None:
    empty = table()
    darker = (empty * 0.8).astype(np.uint8)
    assert light_gain(darker, empty) == pytest.approx(0.8, abs=0.03)
    assert locate(darker, empty).kind == "empty"
    assert changed_share(darker, empty) < 0.05
    assert alike(darker, empty)


def test_a_shadow_is_no_card() -> None:
    empty = table()
    w, h = view_size()
    shade = np.ones((h, w), np.float32)
    cv2.circle(shade, (w // 2, h // 2), 35, 0.6, -1)
    shaded = (empty * cv2.GaussianBlur(shade, (0, 0), 4)[..., None]).astype(np.uint8)
    assert locate(shaded, empty).kind == "empty"
    assert not alike(shaded, empty)  # but the view is not the same for keeping as a reference


def test_a_hand_reaching_in_is_not_a_card() -> None:
    empty = table()
    w, h = view_size()
    hand = empty.copy()
    cv2.ellipse(hand, (w // 2, h // 2 + 10), (30, 40), 0, 0, 360, (140, 170, 215), -1)
    cv2.rectangle(hand, (w // 2 - 20, h // 2 + 10), (w // 2 + 20, h - 1), (120, 150, 200), -1)  # the arm
    assert locate(hand, empty).kind == "unclear"


def test_half_a_card_or_a_small_thing_is_not_a_card() -> None:
    empty = table()
    small = empty.copy()
    cv2.rectangle(small, (30, 30), (60, 70), (230, 230, 230), -1)  # a coaster, a token
    assert locate(small, empty).kind == "unclear"


def test_a_view_one_pixel_off_shows_no_difference() -> None:
    empty = table()
    moved = np.roll(empty, 1, axis=1)
    m = round(MARGIN)
    assert difference(moved, empty)[m:-m, m:-m].mean() < 0.05
