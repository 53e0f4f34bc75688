"""The placing family: counts paid and drawn, action B, the turn passed, any placement flagged."""

from __future__ import annotations

import pytest

from companion.engine.events import Discard, Placement, Play
from companion.engine.placing import Counts, PlacingGame
from companion.games.ascension.events import Campfire
from companion.games.ascension.rules import Ascension
from companion.games.tranquility.rules import Tranquility


def test_both_placing_games_are_of_the_family() -> None:
    assert issubclass(Tranquility, PlacingGame) and issubclass(Ascension, PlacingGame)
    assert issubclass(Play, Placement) and issubclass(Campfire, Placement)


def test_paying_never_takes_more_than_the_hand() -> None:
    game = Tranquility.from_position(2, hands=[3, 5])
    game._pay(0, 7)  # an override may accept a cost above the hand
    assert (game.hands, game.discards) == ([0, 5], [3, 0])


@pytest.mark.parametrize(("hand", "deck", "after"), [(2, 10, (5, 7)), (2, 1, (3, 0)), (6, 4, (6, 4))])
def test_drawing_back_to_the_hand_limit_while_the_deck_lasts(hand: int, deck: int,
                                                               after: tuple[int, int]) -> None:
    game = Tranquility.from_position(2, hands=[hand, 5], decks=[deck, 9])
    game._draw(0)
    assert (game.hands[0], game.decks[0]) == after


def test_an_action_ends_the_turn_with_a_draw_and_the_next_seat() -> None:
    game = Tranquility.from_position(3, hands=[5, 5, 5], decks=[10, 10, 10], turn=3)
    assert game.play(Discard(2)).legal
    assert (game.hands[2], game.decks[2], game.discards[2], game.turn) == (5, 8, 2, 1)


@pytest.mark.parametrize(("count", "hand", "rule"), [(3, 5, "C2"), (1, 5, "C2"), (2, 1, "C2"), (2, 2, None)])
def test_action_b_discards_exactly_two(count: int, hand: int, rule: str | None) -> None:
    game = Tranquility.from_position(2, hands=[hand, 5])
    assert game.check(Discard(count)).rule == rule


def test_the_counts_snapshot_is_a_small_frozen_value() -> None:
    game = Tranquility.from_position(2, hands=[4, 5], decks=[7, 8], turn=2)
    assert game._counts() == Counts(turn=1, decks=(7, 8), hands=(4, 5), discards=(0, 0))
    saved = game._save()
    game.play(Discard(2))
    game.pop()
    assert game._save() == saved and saved.counts.hands == (4, 5)


def test_every_kind_of_placement_is_flagged_when_refused() -> None:
    game = Ascension.from_position(2, cards={"a1": "3g", "b1": "5s"})
    ruling = game.play(Campfire("campfire-r", "a1", "a2"))  # a red fire cannot replace a green Versant
    assert not ruling.legal and game.flagged[-1].event == Campfire("campfire-r", "a1", "a2")


def test_legal_placements_are_plays_and_the_root_view_says_the_same() -> None:
    game = Tranquility.from_position(2, cells={"a1": 1})
    assert set(game.legal_placements) == set(game.legal_moves)
    assert Discard(2) not in game.legal_placements and Discard(2) not in game.legal_moves
