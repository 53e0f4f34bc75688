"""What the camera sees of Mers agitées beside the grid: the side places, their events, whose storm."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.events import Event, Play
from companion.errors import MalformedInput
from companion.games.tranquility.beside import BORDERS, beside_event, cards_beside, drawer, row_of
from companion.games.tranquility.events import Compass, Drawn, Reef, StartDiscards
from companion.games.tranquility.layout import layout_for
from companion.games.tranquility.rules import Tranquility
from companion.games.tranquility.seas import STORMS, Seas, Step


@pytest.mark.parametrize(("place", "taken", "laid", "expected"), [
    ("reef4", None, "reef", Reef(to=4)),
    ("reef4", "reef", None, None),  # lifted to be moved: the move is where it is laid
    ("storm2", None, "storm-purple", Drawn(card="storm-purple", row=2)),
    ("storm2", "storm-purple", None, Compass(ends="storm-purple", row=2)),
    ("storm2", None, "reef", None),  # the reef lies on the border card, not beside it
    ("reef2", None, "storm-purple", None),
    ("storm2", "storm-purple", "storm-yellow", None),
    ("a1", None, "reef", None),
])
def test_each_side_place_means_its_own_card(place: str, taken: str | None, laid: str | None,
                                             expected: Event | None) -> None:
    assert beside_event(place, taken, laid) == expected


def test_every_row_has_a_reef_place_on_its_border_and_a_storm_place_left_of_it() -> None:
    places = dict(BORDERS)
    assert [row_of(name) for name in ("reef1", "storm6")] == [("reef", 1), ("storm-purple", 6)]
    assert places["reef3"] == (-1.0, 2.0) and places["storm3"] == (-2.0, 2.0)
    assert layout_for({"reef": True, "reef_row": 1}).sides == BORDERS
    assert layout_for({"monsters": 3}).sides == () and layout_for({"variant": "arch"}).sides == ()
    assert cards_beside(None, (5, 5)) == {"storm5": "storm-purple"}


def test_the_game_tells_the_camera_where_the_reef_and_the_purple_storms_lie() -> None:
    game = Tranquility(3, options={"reef": True, "reef_row": 3, "storms": True})
    assert isinstance(game, Seas)
    assert game.beside() == {"reef3": "reef"}
    game.sea = replace(game.sea, reef_row=5, purple=(2,))
    assert game.beside() == {"reef5": "reef", "storm2": "storm-purple"}


def test_a_storm_seen_laid_is_the_last_drawer_s_only_when_one_seat_drew_last() -> None:
    assert drawer(None, [Reef(to=2)], 0, 3) == 2  # seat 3 drew last, seat 1 is to play
    assert drawer(2, [], 0, 3) == 1  # told: that seat's
    assert drawer(None, [], 0, 3) is None  # before any action every seat drew its hand
    assert drawer(None, [StartDiscards(((1, 1),)), Reef(to=2)], 1, 3) is None  # all drew after the split


def test_a_purple_storm_and_its_end_from_the_camera_are_ruled_as_the_last_drawer_s() -> None:
    game = Tranquility.from_position(3, cells={"a1": 3}, start=True, hands=[5, 5, 5], turn=2,
                                     options={"storms": True})
    assert isinstance(game, Seas)
    with pytest.raises(MalformedInput):  # nothing played yet: whose is it?
        game.validate(Drawn(card="storm-purple", row=2))
    ruling = game.play(Play("5", "b1"))
    assert ruling.legal, ruling.message_en
    assert game.turn == 3
    # Seat 2 drew 3 cards after its play, the storm among them.
    game.sea = replace(game.sea, steps=(None, Step(2, 20, 5), None), compasses=1)
    ruling = game.play(Drawn(card="storm-purple", row=2, source="camera"))
    assert ruling.legal, ruling.message_en
    assert game.beside() == {"storm2": "storm-purple"}
    assert game.sea.storms_drawn[STORMS.index("storm-purple")] == 1
    ruling = game.play(Compass(ends="storm-purple", row=2, source="camera"))
    assert ruling.legal, ruling.message_en
    assert game.beside() == {} and game.sea.compasses == 0
