"""Compétition (ruling T20): the score, the two ends, the winner and its tie-breaks, flags and
undo, the page's controls, a record replayed."""

from __future__ import annotations

import io
import json
import random

import pytest

from companion import Discard, Event, Override, Play, Undo
from companion.engine.controls import filled
from companion.engine.events import event_from_json
from companion.engine.record import Replay, outcome_json
from companion.engine.ruling import Termination
from companion.games.tranquility.competition import Competition, Score, Tie, score
from companion.games.tranquility.events import Pass, Swap
from companion.games.tranquility.rules import CELL_INDEX, CELLS
from companion.text import Text
from tests.companion.games.tranquility.test_competition import EDGES, Pos, day, lay, night
from tests.companion.rule_tables import no, ok, ruling_of

# -- the score -----------------------------------------------------------------------------

SIX = {**day(("a1", 1), ("b1", 2), ("c1", 3), ("e1", 5), ("f1", 6), ("a2", 7)), **night(("d1", 4))}
FIVE = day(("a1", 1), ("b1", 2), ("c1", 3), ("e1", 5), ("f1", 6))
THREE = day(("a1", 1), ("b1", 2), ("c1", 3))
SCORES = [
    pytest.param(day(("f1", 6), ("a2", 7), ("b2", 8)), 0, Score(3, 0, (3,), 3), 9, id="run-across-a-row-end"),
    pytest.param(day(("a1", 1), ("b1", 2)), 0, Score(2, 0, (), 2), 4, id="two-adjacent-no-bonus"),
    pytest.param(day(*((CELLS[i], i + 1) for i in range(7))), 0, Score(7, 0, (7,), 7), 21,
                 id="a-run-of-seven-counted-once-whole"),
    pytest.param(SIX, 0, Score(6, 0, (3, 3), 3), 18, id="cut-by-the-other-seats-card"),
    pytest.param(FIVE, 0, Score(5, 0, (3,), 3), 13, id="cut-by-an-empty-cell"),
    pytest.param(day(("a1", 1), ("a2", 7), ("a3", 13)), 0, Score(3, 0, (), 1), 6, id="a-column-is-no-run"),
    pytest.param(THREE, 5, Score(3, 5, (3,), 3), 4, id="discards-cost-one-each"),
    pytest.param({cell: (value, "night") for cell, (value, _) in THREE.items()}, 0, Score(0, 0, (), 0), 0,
                 id="the-other-seats-cards"),
]


@pytest.mark.parametrize(("cells", "discarded", "expected", "points"), SCORES)
def test_the_score_of_the_day_seat(cells: dict[str, tuple[int, str]], discarded: int, expected: Score,
                                   points: int) -> None:
    game = Pos(cells, discards=(discarded, 0)).game()
    assert game.scores()[0] == expected and expected.points == points
    assert game.state_json()["scores"]["1"] == points


def test_runs_brute_force_on_random_grids() -> None:
    rng = random.Random(5)
    for _ in range(200):
        ups = [rng.choice(["day", "night", ""]) for _ in range(36)]
        cells = [i + 1 if up else 0 for i, up in enumerate(ups)]
        got = score(cells, ups, "day", 0)
        text = "".join("d" if up == "day" else "." for up in ups)
        runs = [len(part) for part in text.split(".") if part]
        assert got.runs == tuple(n for n in runs if n >= 3) and got.longest == max(runs, default=0)
        assert got.cards == text.count("d")


# -- the two ends and the winner ---------------------------------------------------------------

def ended(cells: dict[str, tuple[int, str]], discards: tuple[int, int] = (0, 0)) -> Competition:
    """A position after a turn where both seats hold one card or none, the row and deck empty."""
    return Pos(cells, hands=(1, 0), discards=discards, row=0, deck=0).game()


WINNERS = [
    pytest.param(ended({**day(("a1", 1), ("b1", 2), ("c1", 3)), **night(("a3", 13))}), (1,),
                 "competition_by_points", id="more-points"),
    pytest.param(ended({**day(("a1", 1), ("c1", 3), ("e1", 5), ("a2", 7)), **night(("a3", 13), ("c3", 15),
                                                                                   ("e3", 17))},
                       discards=(2, 0)), (1,), "competition_by_cards", id="equal-points-more-cards"),
    pytest.param(ended({**day(("a1", 1), ("b1", 2), ("c1", 3)), **night(("a3", 13), ("c3", 15), ("e3", 17))},
                       discards=(3, 0)), (2,), "competition_by_discards", id="equal-cards-fewer-discards"),
    pytest.param(ended({**day(("a1", 1), ("b1", 2), ("d1", 4)), **night(("a3", 13), ("c3", 15), ("e3", 17))}),
                 (1,), "competition_by_run", id="equal-discards-longer-run"),
]


@pytest.mark.parametrize(("game", "winners", "reason"), WINNERS)
def test_the_winner_and_the_tie_breaks(game: Competition, winners: tuple[int, ...], reason: str) -> None:
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == winners and outcome.result == "won"
    assert outcome.termination is Termination.FINISHED
    decided = outcome.text.args["reason"]
    assert isinstance(decided, Text) and decided.key == reason
    state = game.state_json()
    assert state["winner"] == winners[0] and state["turn"] is None


def test_level_on_every_count_is_a_draw() -> None:
    game = ended({**day(("a1", 1), ("c1", 3), ("e1", 5)), **night(("a3", 13), ("c3", 15), ("e3", 17))})
    outcome = game.outcome()
    assert isinstance(outcome, Tie) and outcome.result == "draw" and outcome.winners == ()
    assert outcome.text.en == ("both seats hold one card or none: a draw, 6 points each, with as many cards "
                               "laid and discarded and runs as long")
    assert outcome_json(game)["outcome"] == "draw" and game.state_json()["winner"] is None


def test_the_game_ends_after_the_turn_leaving_both_hands_at_one() -> None:
    game = Pos(night(("a1", 10)), hands=(2, 1), discards=(0, 1), row=0, deck=0).game()
    assert game.outcome() is None
    assert ruling_of(game.play(lay("30", "c3"))) == ok(0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.text.en == "both seats hold one card or none: seat 1 wins, 2 points to 1 (more points)"
    assert outcome.text.fr == ("les deux joueurs ont une carte ou aucune : le joueur 1 gagne, 2 points à 1 "
                               "(plus de points)")
    assert game.check(Discard(2)).rule == "C4"
    assert game.play(Undo()).legal and game.outcome() is None


@pytest.mark.parametrize(("hands", "over"), [((1, 1), True), ((0, 1), True), ((0, 0), True), ((1, 2), False),
                                             ((2, 0), False), ((5, 5), False)])
def test_both_hands_at_one_or_none_end_the_game(hands: tuple[int, int], over: bool) -> None:
    assert (Pos(hands=hands, row=0, deck=0).game().outcome() is not None) == over


def test_the_last_cell_filled_ends_the_game_whatever_the_hands() -> None:
    cells = {**day(*((CELLS[i], i + 1) for i in range(18))),
             **night(*((CELLS[i], i + 2) for i in range(19, 36)))}
    game = Pos(cells, deck=20).game()
    assert game.outcome() is None
    assert ruling_of(game.play(lay("19", "a4"))) == ok(1)
    outcome = game.outcome()
    assert outcome is not None and outcome.text.en.startswith("the grid is full: seat 1 wins")
    # Seat 1: 19 cards in one run of 19; seat 2: 17 in a run of 17, one card discarded by seat 1.
    assert game.state_json()["scores"] == {"1": 2 * 19 - 1 + 19, "2": 2 * 17 + 17}
    assert game.hands == [5, 5]


# -- flags (G5) and undo (G4) ------------------------------------------------------------------

def test_the_sheets_78_may_be_overridden_and_stays_the_seats_card() -> None:
    game = Pos().game()
    assert game.play(lay("78", "b6")).rule == "T3"
    assert ruling_of(game.check(Override())) == ok(0)
    assert game.play(Override()).legal
    assert game.cells[CELL_INDEX["b6"]] == 78 and game.ups[CELL_INDEX["b6"]] == "day"
    assert game.scores()[0].cards == 1 and game.state_json()["up"] == {"b6": "day"}


def test_the_other_half_cannot_be_overridden() -> None:
    game = Pos().game()
    assert game.play(lay("40", "c3", "night")).rule == "T20"
    assert game.check(Override()).rule == "G5"


@pytest.mark.parametrize(("position", "event"), [
    pytest.param(Pos(night(("a1", 10)), deck=3), lay("13", "b1"), id="play"),
    pytest.param(Pos(deck=1), Discard(2), id="discard"),
    pytest.param(Pos(EDGES, hands=(3, 5), deck=4), Swap(("15", "65", "70")), id="swap"),
    pytest.param(Pos(hands=(1, 4), row=0, deck=0), Pass(), id="pass"),
])
def test_undo_restores_everything(position: Pos, event: Event) -> None:
    game = position.game()
    def public() -> tuple[object, ...]:
        return (game._save(), game.state_json(), game.shown, list(game.ups), game.row, game.deck, game.turn)

    before = public()
    assert game.play(event).legal and public() != before
    assert game.play(Undo()).legal
    assert public() == before


# -- the page's controls -------------------------------------------------------------------

def test_the_swap_control_asks_each_card_shown() -> None:
    game = Pos(EDGES, hands=(3, 5)).game()
    (swap,) = game.controls()
    assert [ask.field for ask in swap.ask] == ["hand.0", "hand.1", "hand.2"]
    line = filled(swap.line, {"hand.0": "15", "hand.1": "65", "hand.2": "70"})
    assert line == {"type": "swap", "hand": ["15", "65", "70"], "player": 1}
    assert game.play(event_from_json(line)).legal


def test_the_pass_control_only_when_a_pass_is_allowed() -> None:
    game = Pos(hands=(1, 4), row=0, deck=0).game()
    assert [control.line for control in game.controls()] == [{"type": "pass", "player": 1}]
    assert Pos(hands=(1, 1), row=0, deck=0).game().controls() == []
    assert [c.line["type"] for c in Pos().game().controls()] == ["swap"]


# -- a record ----------------------------------------------------------------------------------

def test_a_record_replayed() -> None:
    lines = [
        {"record": 1, "game": "tranquility", "players": 2, "options": {"variant": "competition"}},
        {"type": "play", "card": "40", "at": "c3", "player": 1},
        {"type": "play", "card": "40", "at": "c3", "up": "day", "player": 1},
        {"type": "play", "card": "43", "at": "d3", "up": "day", "player": 2},
        {"type": "take_back", "at": "d3"},
        {"type": "play", "card": "43", "at": "d3", "up": "night", "player": 2},
        {"type": "pass", "player": 1},
        {"type": "discard", "count": 2, "player": 1},
    ]
    run = Replay(io.StringIO("\n".join(json.dumps(line) for line in lines)))
    rulings = [(step.ruling.legal, step.ruling.rule, step.ruling.discard) for step in run]
    assert rulings == [no("G2"), ok(0), no("T20"), (True, None, None), ok(3), no("T20"), (True, None, None)]
    final = outcome_json(run.game)
    assert final["outcome"] == "ongoing"
    assert final["state"]["up"] == {"c3": "day", "d3": "night"}
    # Seat 1 drew 1 after its 40, seat 2 drew 4 after its 43 (cost 3), seat 1 drew 2 after action B.
    assert final["state"]["scores"] == {"1": 0, "2": 2 - 3} and final["state"]["deck"] == 65 - 1 - 4 - 2
    assert final["state"]["seats"][0] == {"seat": 1, "up": "day", "hand": 5, "discard": 2, "score": 0}
    played = Play("43", "d3", up="night", player=2)
    assert played in run.game.move_stack
