"""Watching a trick game's table: its seats' places, what their changes mean, and whole filmed
attempts of The Crew and games of Rixes (three captains, the players' cards turned together) read
by the watcher looped with the engine."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import cv2
import numpy as np
import pytest

from companion.engine.events import Event, Play, TakeBack
from companion.games.crew.events import Sonar, TakeTask
from companion.games.crew.rules import Crew
from companion.games.rixes.rules import Rixes
from models.render.simulate import simulate
from vision.evaluation.films import run_game
from vision.find.finders import make_finder
from vision.read.classify import OnnxClassifier
from vision.watch.changes import Output, TableView
from vision.watch.layouts import CARD_H, ROW_COLUMNS, TRICK_RADIUS, seat_angle, trick_layout
from vision.watch.stable import Change, Prompt
from vision.watch.tricks import (
    BACK,
    HOLD,
    SEAT_RADIUS,
    TrickInterpreter,
    default_geometry,
    follow_cards,
    places_of,
    seat_points,
    seats_geometry,
)

ROW = {column: card for column, card in zip(ROW_COLUMNS, ["pink-1", "pink-9", "blue-2", "green-3",
                                                          "yellow-4", "blue-5", "sub-1"], strict=True)}


def crew(seats: int = 4, **setup: object) -> Crew:
    """An attempt with one task taken, its first trick to lead."""
    game = Crew(seats, commander=1, tasks=("no-win:9",), **setup)  # type: ignore[arg-type]
    game.play(TakeTask("no-win:9", player=1))
    return game


def event(out: Output) -> Event:
    """An output that must be an event."""
    assert isinstance(out, Event), out
    return out


def change(cell: str, old: str | None, new: str | None, t: float = 1.0) -> Change:
    return Change(cell, old, new, t, 0.99)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_each_seat_has_a_place_in_the_middle_and_one_before_it_turned_towards_it(seats: int) -> None:
    places = trick_layout("crew", seats)
    assert places.cells == (*(f"t{k}" for k in range(1, seats + 1)), *(f"s{k}" for k in range(1, seats + 1)))
    for seat in range(1, seats + 1):
        for place in (f"t{seat}", f"s{seat}"):
            x, y = places.centre(place, 0.0)
            assert places.turns[place] == pytest.approx((seat_angle(seat, seats) - 90.0) % 360.0)
            assert places.cell_at(x, y, 0.0) == place
            # The card's foot (its bottom side) faces the seat: it lies further out from the middle.
            rect = places.card_rect(place, 0.0)
            top, foot = rect[:2].mean(axis=0), rect[2:].mean(axis=0)
            assert (foot ** 2).sum() > (top ** 2).sum()
            assert float(((foot - top) ** 2).sum() ** 0.5) == pytest.approx(CARD_H)
    # No two places overlap at their centres, and the marks lie on bare table.
    for mark in places.mark_points(0.0):
        assert places.cell_at(float(mark[0]), float(mark[1]), 0.0) is None


def test_a_dummys_row_lies_before_her_seat_left_to_right_and_she_shows_no_card() -> None:
    places = trick_layout("crew", 3, dummy=3)
    assert "s3" not in places.cells and all(column in places.cells for column in ROW_COLUMNS)
    xs = [places.centre(column, 0.0) for column in ROW_COLUMNS]
    steps = {round(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5) for a, b in itertools.pairwise(xs)}
    assert steps == {72}


def test_the_default_places_fill_the_picture_around_its_middle() -> None:
    places = trick_layout("crew", 4)
    geometry = default_geometry(places, (1280, 720))
    corners = geometry.to_image([[x, y] for x in places.bounds(0.0)[::2] for y in places.bounds(0.0)[1::2]])
    assert corners[:, 0].min() >= 0 and corners[:, 0].max() <= 1280
    assert corners[:, 1].min() >= 0 and corners[:, 1].max() <= 720
    middle = geometry.to_image([[0.0, 0.0]])[0]
    assert abs(middle[0] - 640) < 60 and abs(middle[1] - 360) < 60


def test_the_engines_table_at_the_places() -> None:
    game = crew(3, tonoja=3, tonoja_row=ROW)
    game.play(Sonar("pink-7", "", "top", player=2))
    game.play(Play("pink-3", "", player=1))
    game.play(Play("yellow-9", "", player=3))  # Tonoja cannot play a card not in her row: flagged
    view = TableView.of(game)
    assert view.cards["t1"] == "pink-3" and view.cards["s2"] == "pink-7" and view.cards["r1"] == "pink-1"
    assert view.cards["t3"] == "yellow-9" and view.flagged == frozenset({"t3"})
    assert places_of(game).cells[-1] == "r7" and "s3" not in places_of(game).cells


def test_cards_laid_in_the_middle_are_the_plays_of_the_seats_whose_side_they_lie_on() -> None:
    game = crew()
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=4)
    out = interpreter.interpret([change("t1", None, "pink-3")], {"t1": "pink-3"})
    assert out == [Play("pink-3", "", player=1, source="camera", t=1.0, confidence=0.99)]
    game.play(event(out[0]))
    interpreter.sync(TableView.of(game))
    # Laid out of turn on seat 3's side: seat 3's play, for the referee to refuse.
    out = interpreter.interpret([change("t3", None, "pink-9")], {"t1": "pink-3", "t3": "pink-9"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("pink-9", 3)]
    assert not game.play(event(out[0])).legal
    interpreter.sync(TableView.of(game))
    taken = interpreter.interpret([change("t3", "pink-9", None, 2.0)], {"t1": "pink-3"})
    assert taken == [TakeBack("", "pink-9", source="camera", t=2.0, confidence=0.99)]


def test_a_trick_ruled_and_gathered_says_nothing_and_the_next_card_is_a_play() -> None:
    game = crew()
    for seat, card in enumerate(["pink-3", "pink-9", "pink-1", "pink-2"], start=1):
        game.play(Play(card, "", player=seat))
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=4)
    facts = {"t1": "pink-3", "t2": "pink-9", "t3": "pink-1", "t4": "pink-2"}
    gone = [change(cell, card, None, 3.0) for cell, card in facts.items()]
    assert interpreter.interpret(gone, {}) == [] and interpreter.tick(30.0) == []
    # A card laid where the last trick's card was still read: the new card is the winner's lead.
    out = interpreter.interpret([change("t2", "pink-9", "blue-4", 4.0)], {**facts, "t2": "blue-4"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("blue-4", 2)]


def test_an_accepted_card_taken_away_is_asked_about_not_undone() -> None:
    game = crew()
    game.play(Play("pink-3", "", player=1))
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=4, grace=2.0)
    assert interpreter.interpret([change("t1", "pink-3", None)], {}) == []
    asked = interpreter.tick(5.0)
    assert [p.kind for p in asked if isinstance(p, Prompt)] == ["removed"]


def test_a_card_shown_before_a_seat_asks_for_its_sonar_position_and_is_no_play() -> None:
    game = crew()
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=4)
    out = interpreter.interpret([change("s2", None, "pink-7")], {"s2": "pink-7"})
    assert out == [Prompt("sonar", ("s2",), 1.0, ("pink-7",))]
    asked = out[0]
    assert isinstance(asked, Prompt)
    assert "top, the middle or the bottom" in asked.text.en and "jeton" in asked.text.fr
    game.play(Sonar("pink-7", "", "middle", player=2))
    interpreter.sync(TableView.of(game))
    # Played later: it leaves its place before seat 2 and is laid in the middle, seat 2's play.
    game.play(Play("pink-3", "", player=1))
    interpreter.sync(TableView.of(game))
    played = [change("s2", "pink-7", None), change("t2", None, "pink-7")]
    out = interpreter.interpret(played, {"t2": "pink-7"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("pink-7", 2)]


def test_tonojas_cards_are_played_from_her_columns_and_a_card_turned_up_is_revealed() -> None:
    game = crew(3, tonoja=3, tonoja_row=ROW)
    game.play(Play("pink-3", "", player=1))
    game.play(Play("pink-5", "", player=2))
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=3)
    # The card leaves column r1 and the card face down under it shows; it is laid in the middle.
    out = interpreter.interpret([change("r1", "pink-1", BACK), change("t3", None, "pink-1")],
                                {"r1": BACK, "t3": "pink-1"})
    assert out == [Play("pink-1", "r1", player=3, source="camera", t=1.0, confidence=0.99)]
    assert game.play(event(out[0])).legal
    interpreter.sync(TableView.of(game))
    assert TableView.of(game).cards["r1"] == BACK
    out = interpreter.interpret([change("r1", BACK, "yellow-8", 5.0)], {"r1": "yellow-8"})
    reveal = {"type": "reveal", "at": "r1", "card": "yellow-8", "source": "camera", "t": 5.0,
              "confidence": 0.99}
    assert [e.to_json() for e in out] == [reveal]


@pytest.mark.parametrize(("players", "seed", "events"), [(4, 14, 12), (2, 11, 11)])
def test_a_filmed_attempt_is_read_play_by_play_with_each_seat(players: int, seed: int, events: int) -> None:
    """The start of a filmed attempt, its seats tapped on the page: hands, tricks gathered, a knock
    of the camera, sonar cards (four players), Tonoja's row and cards turned up in it (two): every
    card played recovered with its seat, every card turned up revealed, nothing made up."""
    sim = simulate("crew", players, seed, max_events=events)
    tally = run_game(sim, OnnxClassifier("crew"), table_set=True, find=make_finder("both"))
    assert tally.plays >= 8 and sim.bump_frame is not None
    assert any(truth.event.TYPE in ("sonar", "reveal") for truth in sim.truth)
    assert tally.plays_recovered == tally.plays and not tally.false_events, (tally.missed, tally.false_events)


def test_a_card_laid_over_a_seats_own_card_is_its_play_and_lifted_is_taken_back() -> None:
    game = crew()
    game.play(Play("pink-3", "", player=1))
    interpreter = TrickInterpreter("crew", TableView.of(game), seats=4)
    out = interpreter.interpret([change("t1", "pink-3", "blue-2")], {"t1": "blue-2"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("blue-2", 1)]
    assert not game.play(event(out[0])).legal  # seat 2's turn
    interpreter.sync(TableView.of(game))
    assert TableView.of(game).beneath == {"t1": "pink-3"}
    out = interpreter.interpret([change("t1", "blue-2", "pink-3", 2.0)], {"t1": "pink-3"})
    assert out == [TakeBack("", "blue-2", source="camera", t=2.0, confidence=0.99)]


@pytest.mark.parametrize(("players", "within"), [(4, 0.5), (5, 0.5), (3, 25.0)])
def test_the_seats_tapped_place_the_places_where_the_camera_sees_them(players: int, within: float) -> None:
    """Four seats or more fix the camera's perspective exactly; three an affine view of it."""
    sim = simulate("crew", players, 21, max_events=1)
    places = sim.film.layout
    seats = [sim.film.to_image(SEAT_RADIUS * math.cos(math.radians(seat_angle(k, players))),
                               SEAT_RADIUS * math.sin(math.radians(seat_angle(k, players))))
             for k in range(1, players + 1)]
    geometry = seats_geometry(places, seats)
    for cell in places.cells:
        x, y = places.centre(cell, 0.0)
        assert math.dist(tuple(geometry.to_image([[x, y]])[0]), sim.film.to_image(x, y)) < within, cell
    with pytest.raises(ValueError, match="seats are needed"):
        seats_geometry(places, seats[:-1])
    with pytest.raises(ValueError, match="place no table"):
        seats_geometry(places, [seats[0]] * players)


def moved_by(matrix: np.ndarray, quads: Iterable[np.ndarray]) -> np.ndarray:
    """Image quads seen by a camera moved by ``matrix``."""
    return np.array([cv2.perspectiveTransform(q.reshape(-1, 1, 2), matrix).reshape(4, 2) for q in quads],
                    np.float32)


def test_after_a_knock_the_places_follow_the_cards_found_again() -> None:
    places = trick_layout("crew", 4)
    geometry = default_geometry(places, (1280, 720))
    knock = np.array([[math.cos(0.03), -math.sin(0.03), 20.0], [math.sin(0.03), math.cos(0.03), -14.0],
                      [0.0, 0.0, 1.0]])
    lying = {cell: geometry.card_quad(cell).astype(np.float64) for cell in ("t1", "t2", "s3")}
    found = moved_by(knock, lying.values())
    moved = follow_cards(geometry, lying, found)
    assert moved is not None and np.allclose(moved.homography, knock @ geometry.homography, atol=1e-3)
    # One card: a shift alone; none found, or cards matched to a move no knock makes: no placement.
    one = follow_cards(geometry, {"t1": lying["t1"]}, found[:1])
    assert one is not None and np.allclose(one.to_image([[0.0, 95.0]]), found[0].mean(axis=0), atol=1.0)
    assert follow_cards(geometry, lying, None) is None
    turned = np.array([[0.0, -1.0, 1280.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # a quarter turn
    far = moved_by(turned, lying.values())
    assert follow_cards(geometry, lying, far) is None
    # Nothing lay on the places: the cards found are matched to the nearest place.
    empty = follow_cards(geometry, {}, found)
    assert empty is not None and np.allclose(empty.homography, knock @ geometry.homography, atol=1e-3)


#: Rixes: three captains, Barbe Noire (0) where a third seat would be.
CREWS = {"1": {"legend": "anne", "pirates": ["flint"]}, "2": {"legend": "mary", "pirates": ["drake"]}}


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
    interpreter = TrickInterpreter("rixes", TableView.of(game), seats=3)
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
    view = TableView.of(game)
    assert view.cards == {} and view.gone == frozenset({"fist-4", "fist-6", "sabres-2"})
    interpreter = TrickInterpreter("rixes", view, seats=3)
    # The heap pushed to player 1 crosses Barbe Noire's place: fist-4 read there again.
    assert interpreter.interpret([change("t0", "fist-4", None), change("t0", None, "fist-4", 2.0)],
                                 {"t0": "fist-4"}) == []
    out = interpreter.interpret([change("t1", None, "pistols-3", 3.0)], {"t1": "pistols-3"})
    assert [(e.card, e.player) for e in out if isinstance(e, Play)] == [("pistols-3", 1)]


def test_the_start_of_a_filmed_game_is_read_play_by_play_with_each_captain() -> None:
    """Barbe Noire's cards, the players' laid face down and turned over together, Bagarres gathered
    to their winners: every card recovered with its captain, nothing made up. (No knock of the
    camera here: after a knock while cards lie on a patterned table, Barbe Noire's place can be
    lost, a limit of docs/limits.md.)"""
    sim = simulate("rixes", 2, 5, max_events=10, knock=False)
    tally = run_game(sim, OnnxClassifier("rixes"), table_set=True, find=make_finder("both"))
    assert tally.plays >= 9
    assert any(card.name == BACK for shot in sim.shots for card in shot.cards)  # laid face down
    assert {truth.event.player for truth in sim.truth if isinstance(truth.event, Play)} == {0, 1, 2}
    assert tally.plays_recovered == tally.plays and not tally.false_events, (tally.missed, tally.false_events)


def test_a_card_turned_up_is_told_after_a_while_if_the_other_stays_face_down() -> None:
    game = Rixes(crews=CREWS)
    game.play(Play("fist-4", "", player=0))
    interpreter = TrickInterpreter("rixes", TableView.of(game), seats=3)
    facts = {"t0": "fist-4", "t1": "fist-6", "t2": BACK}
    assert interpreter.interpret([change("t1", BACK, "fist-6", 2.0)], facts) == []
    assert interpreter.tick(3.0) == []
    late = interpreter.tick(2.0 + HOLD)
    assert [(e.card, e.player) for e in late if isinstance(e, Play)] == [("fist-6", 1)]
    assert interpreter.tick(20.0) == []
