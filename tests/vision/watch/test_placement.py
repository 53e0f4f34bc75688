"""A placed table's own confidence: cards outlined without the placement land on its cells, or lie
across its lines; the layout's facts (a pyramid's cards rest on the row below)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.watch.geometry import TableGeometry, from_corners
from vision.watch.layouts import layout
from vision.watch.placement import Check, Placement, check


def _table(game: str) -> TableGeometry:
    """The layout seen from straight above, 1.2 pixels a millimetre (its own four corners set)."""
    lay = layout(game)
    plane = lay.corner_points(2.0)
    return from_corners(game, (plane - plane.min(axis=0)) * 1.2 + 40.0, gap=2.0)


def _cards(geometry: TableGeometry, cells: list[str], shift: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """The image corners of cards lying at ``cells``, moved by ``shift`` mm on the table."""
    return np.array([geometry.card_quad(cell, shift) for cell in cells], np.float64)


@pytest.mark.parametrize("game", ["tranquility", "ascension"])
def test_cards_on_their_cells_confirm_and_half_a_card_off_doubts(game: str) -> None:
    geometry = _table(game)
    middle = len(layout(game).cells) // 2
    cells = list(layout(game).cells[middle:middle + 4])  # away from the static cards
    assert check(_cards(geometry, cells), geometry, cells) == Check(4, 0)
    assert check(_cards(geometry, cells), geometry, cells).verdict == "confirmed"
    off = check(_cards(geometry, cells, (30.0, 0.0)), geometry, cells)
    assert off == Check(0, 4) and off.verdict == "doubted"


def test_only_the_cells_just_read_are_asked() -> None:
    """A card-shaped tile elsewhere, half a card off every cell, says nothing of c3."""
    geometry = _table("tranquility")
    quads = np.concatenate([_cards(geometry, ["c3"]), _cards(geometry, ["e5", "f2"], (30.0, 0.0))])
    assert check(quads, geometry, ["c3"]) == Check(1, 0)
    assert check(quads, geometry, ["c3", "c3"]) == Check(1, 0)


def test_a_card_far_off_or_none_says_nothing() -> None:
    geometry = _table("tranquility")
    far = _cards(geometry, ["c3"]) + 2000.0  # a card held far off
    assert check(far, geometry, ["c3"]) == Check(0, 0)
    assert check(far, geometry, ["c3"]).verdict == "unclear"
    assert check(np.zeros((0, 4, 2)), geometry, ["c3"]).verdict == "unclear"


def test_a_pyramid_card_rests_on_the_two_below_and_a_grid_card_on_nothing() -> None:
    pyramid = layout("ascension")
    assert pyramid.supports("a1") == ()
    assert set(pyramid.supports("a2")) == {"a1", "b1"}
    assert len(pyramid.supports(pyramid.cells[-1])) == 2  # the summit, on row 8
    assert layout("tranquility").supports("c3") == ()


def test_the_placement_states() -> None:
    placement = Placement()
    assert not placement.trusted
    placement.placed()
    assert placement.state == "checking" and not placement.trusted
    placement.state = "placed"
    assert placement.trusted
    placement.lost()
    assert placement.state == "searching"
    placement.placed(by_hand=True)
    assert placement.trusted and placement.state == "by_hand"
