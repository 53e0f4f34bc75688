"""The simulated players: they lay each batch where the page's grid says, as the camera sees it,
pick it up once it is done, and tap the page when the camera does not take a card."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from companion.app.enrol_grid import fit_grid, place
from companion.app.enrol_players import (
    PER_CARD,
    PER_LIFT,
    REACT,
    STUCK,
    BareTable,
    Players,
    SimulatedEnrolment,
)
from companion.errors import CameraLost
from models.render.video import Laid
from vision.find.detect import order_corners


class Page:
    """What the players read (a session's snapshot) and tap, scripted by the test."""

    def __init__(self, cards: list[str], cols: int = 2) -> None:
        self.state = "laying"
        self.grid = (-(-len(cards) // cols), cols)
        self.cells = [{"row": k // cols, "col": k % cols, "card": card, "state": "waiting"}
                      for k, card in enumerate(cards)]
        self.taps: list[tuple[str, str | None]] = []

    def snapshot(self) -> dict[str, Any]:
        return {"state": self.state, "batch": {"number": 1, "kind": "deck", "cells": self.cells}}

    def right(self, card: str) -> None:
        self.taps.append(("right", card))

    def next_batch(self) -> None:
        self.taps.append(("next", None))


@pytest.fixture(scope="module")
def film() -> BareTable:
    return BareTable("tranquility", 3, size=(640, 360))


def test_the_grid_on_the_table_is_the_pages_as_the_camera_sees_it(film: BareTable) -> None:
    players = Players(Page(["1", "2", "3", "4"]), film, np.random.default_rng(0))  # type: ignore[arg-type]
    spots = players.spots
    quads = np.stack([order_corners(film.quad(Laid("1", None, x, y, players.upright)))
                      for x, y in spots.values()])
    assert place(quads, fit_grid(quads, (2, 2)), (2, 2)) == list(spots)
    # Laid so, a card shows its printed top left corner at the top left of the picture.
    printed = film.quad(Laid("1", None, *spots[(0, 0)], players.upright))
    assert np.allclose(printed[0], quads[0][0])


def test_the_players_lay_the_batch_then_pick_it_up(film: BareTable) -> None:
    page = Page(["1", "2", "3", "4", "5"])
    players = Players(page, film, np.random.default_rng(1))  # type: ignore[arg-type]
    shots = {t: players.shot(t) for t in np.arange(0, REACT + 2 * PER_CARD + 1, 0.125)}
    assert not shots[0.0].cards and not shots[0.0].hands  # reading the page first
    laying = shots[REACT + PER_CARD * 0.25]
    assert laying.carried and len(laying.carried) <= 4  # four players, a card in each hand
    done = shots[max(shots)]
    assert sorted(card.name for card in done.cards) == ["1", "2", "3", "4", "5"]
    assert not done.hands and not done.carried
    page.state = "clearing"
    t = max(shots)
    while t < max(shots) + REACT + 2 * PER_LIFT + 1:
        t += 0.125
        shot = players.shot(t)
    assert not shot.cards and not players.table


def test_players_tap_the_page_when_a_batch_does_not_end(film: BareTable) -> None:
    page = Page(["1", "2"])
    players = Players(page, film, np.random.default_rng(2))  # type: ignore[arg-type]
    for t in np.arange(0, REACT + PER_CARD + 1, 0.25):
        players.shot(t)
    page.cells[1]["state"] = "wrong"
    t = REACT + PER_CARD + 1
    while not page.taps:
        t += 0.25
        players.shot(t)
    assert page.taps == [("right", "2")] and t > STUCK
    page.cells[1]["state"] = "kept"
    while len(page.taps) < 2:
        t += 0.25
        players.shot(t)
    assert page.taps[1] == ("next", None) and players.tapped == 2


def test_the_simulated_camera_films_until_the_profile_is_saved(film: BareTable) -> None:
    page = Page(["1", "2"])
    page.game = "tranquility"  # type: ignore[attr-defined]
    source = SimulatedEnrolment(page, 3, size=(320, 180), fps=4.0)  # type: ignore[arg-type]
    frame = source.read()
    assert frame is not None and frame.image.shape == (180, 320, 3) and frame.t == 0.0
    assert source.read().t == 0.25  # type: ignore[union-attr]
    page.state = "saved"
    assert source.read() is None
    source.close()
    with pytest.raises(CameraLost):
        source.read()
