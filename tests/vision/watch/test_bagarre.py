"""Watching Rixes' Bagarres: three captains' places (Barbe Noire's where a third seat's would be),
the players' cards laid face down and turned together, a Bagarre gathered, and the start of a
filmed game read by the watcher looped with the engine."""

from __future__ import annotations

import math

import pytest

from companion.engine.events import Play
from companion.games.rixes.rules import Rixes
from models.render.simulate import simulate
from vision.evaluation.films import run_game
from vision.find.finders import make_finder
from vision.read.classify import OnnxClassifier
from vision.watch.layouts import TRICK_RADIUS, seat_angle
from vision.watch.stable import Change
from vision.watch.tricks import BACK, HOLD, TrickInterpreter, places_of, seat_points, trick_view

CREWS = {"1": {"legend": "anne", "pirates": ["flint"]}, "2": {"legend": "mary", "pirates": ["drake"]}}


def change(cell: str, old: str | None, new: str | None, t: float = 1.0) -> Change:
    return Change(cell, old, new, t, 0.99)


def test_three_places_numbered_by_captain_and_tapped_at_the_cards_places() -> None:
    places = places_of(Rixes(crews=CREWS))
    assert places.cells == ("t0", "t1", "t2")  # no card is shown before a captain
    # Player 1 at the bottom; Barbe Noire's place is where a third seat's would be.
    assert [round(a) for a in (seat_angle(1, 3), seat_angle(2, 3), seat_angle(0, 3))] == [90, 210, 330]
    # Seats tapped on the page, player 1 first and Barbe Noire last, at each card's place.
    for (x, y), cell in zip(seat_points(places), ("t1", "t2", "t0"), strict=True):
        u, v = places.centre(cell, 0.0)
        assert math.dist((x, y), (u, v)) < 1.0 and math.hypot(x, y) == pytest.approx(TRICK_RADIUS)


def test_the_players_cards_turned_together_are_told_once_both_are_face_up() -> None:
    game = Rixes(crews=CREWS)
    game.play(Play("fist-4", "", player=0))
    interpreter = TrickInterpreter("rixes", trick_view(game), seats=3)
    assert interpreter.interpret([change("t1", None, BACK), change("t2", None, BACK)],
                                 {"t0": "fist-4", "t1": BACK, "t2": BACK}) == []
    # Player 2 turns first: nothing yet, player 1's card still lies face down.
    assert interpreter.interpret([change("t2", BACK, "sabres-2", 2.0)],
                                 {"t0": "fist-4", "t1": BACK, "t2": "sabres-2"}) == []
    out = interpreter.interpret([change("t1", BACK, "fist-6", 2.5)],
                                {"t0": "fist-4", "t1": "fist-6", "t2": "sabres-2"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("sabres-2", 2), ("fist-6", 1)]
    for event in out:
        assert isinstance(event, Play) and game.play(event).legal


def test_a_bagarre_gathered_and_seen_again_on_its_way_is_no_play() -> None:
    game = Rixes(crews=CREWS)
    for captain, card in ((0, "fist-4"), (1, "fist-6"), (2, "sabres-2")):
        game.play(Play(card, "", player=captain))
    view = trick_view(game)
    assert view.cards == {} and view.gone == frozenset({"fist-4", "fist-6", "sabres-2"})
    interpreter = TrickInterpreter("rixes", view, seats=3)
    # The heap pushed to player 1 crosses Barbe Noire's place: fist-4 read there again.
    assert interpreter.interpret([change("t0", "fist-4", None), change("t0", None, "fist-4", 2.0)],
                                 {"t0": "fist-4"}) == []
    out = interpreter.interpret([change("t1", None, "pistols-3", 3.0)], {"t1": "pistols-3"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("pistols-3", 1)]


def test_the_start_of_a_filmed_game_is_read_play_by_play_with_each_captain() -> None:
    """Barbe Noire's cards, the players' laid face down and turned together, Bagarres gathered,
    a knock of the camera on a bare table: every card recovered with its captain, nothing made up."""
    sim = simulate("rixes", 2, 5, max_events=14)
    tally = run_game(sim, OnnxClassifier("rixes"), table_set=True, find=make_finder("both"))
    assert tally.plays >= 10 and sim.bump_frame is not None
    assert any(card.name == BACK for shot in sim.shots for card in shot.cards)  # laid face down
    assert {truth.event.player for truth in sim.truth if isinstance(truth.event, Play)} == {0, 1, 2}
    assert tally.plays_recovered == tally.plays and not tally.false_events, (tally.missed, tally.false_events)


def test_a_card_turned_up_is_told_after_a_while_if_the_other_stays_face_down() -> None:
    game = Rixes(crews=CREWS)
    game.play(Play("fist-4", "", player=0))
    interpreter = TrickInterpreter("rixes", trick_view(game), seats=3)
    facts = {"t0": "fist-4", "t1": "fist-6", "t2": BACK}
    assert interpreter.interpret([change("t1", BACK, "fist-6", 2.0)], facts) == []
    assert interpreter.tick(3.0) == []
    late = interpreter.tick(2.0 + HOLD)
    assert [(e.card, e.player) for e in late if isinstance(e, Play)] == [("fist-6", 1)]
    assert interpreter.tick(20.0) == []
