"""Tranquillité rulings T6 (the Start card) and T7 (the Finish card)."""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, Play, StartDiscards, Termination, Undo
from tests.companion.games.tranquility.positions import (
    FINISH,
    FULL,
    FULL_BUT_F6,
    START,
    THREE_AFTER_START,
    TWO_AFTER_START,
    Pos,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- T6: the Start card ---------------------------------------------------

T6_CASES = [
    case(Pos(), START, ok(0), "start-at-start"),
    case(Pos(FULL), START, ok(0), "start-on-a-full-grid"),
    case(Pos(hand=1), START, ok(0), "start-with-one-card"),
    case(Pos(start=True), START, no("T6"), "second-start-card"),
    case(Pos(), Play("start", "a1"), no("T6"), "start-on-the-grid"),
    case(Pos(), Play("start", "finish"), no("T6"), "start-at-finish"),
    case(Pos(start=True), Play("start", "a1"), no("T6"), "second-start-on-the-grid"),
    case(Pos(), Play("10", "start"), no("T6"), "island-card-at-start"),
    case(Pos(start=True), Play("40", "a1"), ok(0), "start-corner-makes-no-cost"),
    # While the split of the 8 cards is pending, only the split (or an undo) is accepted.
    case(THREE_AFTER_START, Play("10", "a1"), no("T6"), "pending-play"),
    case(THREE_AFTER_START, Discard(), no("T6"), "pending-discard"),
    case(THREE_AFTER_START, DeclareLoss(), no("T6"), "pending-declare-loss"),
    case(THREE_AFTER_START, START, no("T6"), "pending-second-start"),
    case(THREE_AFTER_START, FINISH, no("T6"), "pending-finish"),
    case(THREE_AFTER_START, Undo(), ok(None), "pending-undo"),
    case(THREE_AFTER_START, StartDiscards.of({1: 4, 2: 4}), ok(None), "pending-split"),
    case(THREE_AFTER_START, Play("10", "a1", player=2), no("C1"), "pending-wrong-seat"),
    # The split itself.
    case(Pos(), StartDiscards.of({1: 4, 2: 4}), no("T6"), "split-without-start"),
    case(Pos(start=True), StartDiscards.of({1: 4, 2: 4}), no("T6"), "split-after-split"),
    case(THREE_AFTER_START, StartDiscards.of({1: 2, 2: 3, 3: 3}), ok(None), "split-3-seats"),
    case(THREE_AFTER_START, StartDiscards.of({2: 5, 3: 3}), ok(None), "split-whole-hand"),
    case(THREE_AFTER_START, StartDiscards.of({1: 5, 2: 3}), no("T6"), "split-above-hand-after-start"),
    case(THREE_AFTER_START, StartDiscards.of({2: 6, 3: 2}), no("T6"), "split-above-hand"),
    case(THREE_AFTER_START, StartDiscards.of({1: 3, 2: 3}), no("T6"), "split-sums-to-6"),
    case(THREE_AFTER_START, StartDiscards.of({1: 4, 2: 4, 3: 1}), no("T6"), "split-sums-to-9"),
    case(THREE_AFTER_START, StartDiscards.of({}), no("T6"), "split-empty"),
    case(THREE_AFTER_START, StartDiscards.of({1: 4, 2: 4}, player=3), ok(None), "split-any-seat-says"),
    case(TWO_AFTER_START, StartDiscards.of({1: 6, 2: 2}), ok(None), "two-players-6-after-2-extra"),
    case(TWO_AFTER_START, StartDiscards.of({1: 1, 2: 7}), ok(None), "two-players-7-after-2-extra"),
    case(TWO_AFTER_START, StartDiscards.of({1: 7, 2: 1}), no("T6"), "two-players-above-6"),
    case(TWO_AFTER_START, StartDiscards.of({1: 0, 2: 8}), no("T6"), "two-players-above-7"),
    case(Pos(players=1, hands=(5,), then=(START,)), StartDiscards.of({1: 4}), ok(None),
         "solo-whole-hand-of-4"),
    case(Pos(players=1, hands=(5,), then=(START,)), StartDiscards.of({1: 3}), no("T6"),
         "solo-must-discard-all-4"),
    case(Pos(hands=(2, 1, 1), decks=(0, 0, 0), then=(START,)), StartDiscards.of({1: 1, 2: 1, 3: 1}),
         ok(None), "fewer-than-8-in-all-hands"),
    case(Pos(hands=(2, 1, 1), decks=(0, 0, 0), then=(START,)), StartDiscards.of({1: 1, 2: 1}),
         no("T6"), "fewer-than-8-but-not-all"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T6_CASES))
def test_t6_start_card(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("position", "hands_at_start", "decks_at_start", "split", "hands", "decks", "discards", "turn"),
    [
        pytest.param(Pos(hands=(5, 5, 5), decks=(24, 24, 25)), [4, 5, 5], [24, 24, 25], {1: 4, 2: 4},
                     [5, 5, 5], [19, 20, 25], [4, 4, 0], 2, id="three-players"),
        pytest.param(Pos(hands=(5, 5, 5), decks=(24, 24, 25)), [4, 5, 5], [24, 24, 25],
                     {1: 2, 2: 3, 3: 3}, [5, 5, 5], [21, 21, 22], [2, 3, 3], 2, id="three-players-all"),
        pytest.param(Pos(hands=(5, 5, 5), decks=(24, 24, 25), turn=3), [5, 5, 4], [24, 24, 25],
                     {3: 4, 1: 4}, [5, 5, 5], [20, 24, 20], [4, 0, 4], 1, id="seat-3-plays-it"),
        pytest.param(Pos(players=2, hands=(5, 5), decks=(38, 39)), [6, 7], [36, 37], {1: 6, 2: 2},
                     [5, 5], [31, 37], [6, 2], 2, id="two-players-draw-2-first"),
        pytest.param(Pos(players=2, hands=(5, 5), decks=(38, 39)), [6, 7], [36, 37], {1: 4, 2: 4},
                     [5, 5], [33, 35], [4, 4], 2, id="two-players-even"),
        pytest.param(Pos(players=2, hands=(5, 5), decks=(1, 0)), [5, 5], [0, 0], {1: 4, 2: 4},
                     [1, 1], [0, 0], [4, 4], 2, id="two-players-short-decks"),
        pytest.param(Pos(players=1, hands=(5,), decks=(81,)), [4], [81], {1: 4},
                     [5], [76], [4], 1, id="solo"),
        pytest.param(Pos(hands=(5, 5, 5), decks=(2, 0, 1)), [4, 5, 5], [2, 0, 1], {1: 4, 2: 2, 3: 2},
                     [2, 3, 4], [0, 0, 0], [4, 2, 2], 2, id="decks-run-out"),
    ],
)
def test_t6_start_split_and_draw_back(
    position: Pos, hands_at_start: list[int], decks_at_start: list[int], split: dict[int, int],
    hands: list[int], decks: list[int], discards: list[int], turn: int,
) -> None:
    game = position.game()
    seat = game.turn
    ruling = game.play(START)
    assert ruling_of(ruling) == ok(0)
    assert game.pending_start and game.start_played
    assert (game.hands, game.decks, game.turn) == (hands_at_start, decks_at_start, seat)
    assert game.outcome() is None
    assert game.check(START).rule == "T6"
    ruling = game.play(StartDiscards.of(split))
    assert ruling.legal, ruling.message_en
    assert not game.pending_start
    assert (game.hands, game.decks, game.discards, game.turn) == (hands, decks, discards, turn)


def test_t6_messages_say_two_extra_cards_only_with_two_players() -> None:
    two = Pos(players=2).game().check(START)
    three = Pos(players=3).game().check(START)
    assert "each draws 2 cards" in two.message_en and "chacun pioche 2 cartes" in two.message_fr
    assert "draws 2" not in three.message_en and "pioche 2" not in three.message_fr
    assert "8" in two.message_en and "8" in three.message_fr


def test_t6_later_start_card_is_only_discarded() -> None:
    game = Pos(start=True).game()
    assert game.check(START).rule == "T6"
    assert ruling_of(game.check(Discard())) == ok(None)
    assert Play("start", "start") not in game.legal_placements
    assert Play("start", "start") not in list(game.legal_placements)
    assert Play("start", "start") in list(Pos().game().legal_placements)


# -- T7: the Finish card --------------------------------------------------

T7_CASES = [
    case(Pos(FULL, start=True), FINISH, ok(0), "complete-grid-and-start"),
    case(Pos(FULL, start=True, hand=1), FINISH, ok(0), "complete-last-card"),
    case(Pos(FULL, start=False), FINISH, no("T7"), "start-corner-empty"),
    case(Pos(FULL_BUT_F6, start=True), FINISH, no("T7"), "one-cell-empty"),
    case(Pos(start=True), FINISH, no("T7"), "empty-grid"),
    case(Pos(FULL_BUT_F6, start=True), Play("finish", "f6"), no("T7"), "finish-on-the-last-cell"),
    case(Pos(FULL, start=True), Play("finish", "start"), no("T7"), "finish-at-start"),
    case(Pos(FULL, start=True), Play("finish", "a1"), no("T7"), "finish-on-an-occupied-cell"),
    case(Pos(), Play("10", "finish"), no("T7"), "island-card-at-finish"),
    case(Pos(FULL_BUT_F6, start=True), Play("36", "f6"), ok(1), "last-island-card"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T7_CASES))
def test_t7_finish_card(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_t7_finish_wins_and_ends_the_game() -> None:
    game = Pos(FULL_BUT_F6, start=True).game()
    assert game.play(Play("37", "f6")).discard == 2
    assert game.outcome() is None
    assert FINISH in game.legal_placements
    ruling = game.play(FINISH)
    assert ruling_of(ruling) == ok(0)
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.FINISHED, (1, 2, 3), "won")
    assert game.check(Discard()).rule == "C4"
    assert game.check(FINISH).rule == "C4"
    assert list(game.legal_placements) == []


def test_t7_finish_early_message_counts_missing_places() -> None:
    ruling = assert_ruling(Pos(FULL_BUT_F6), FINISH, no("T7"))
    assert "2" in ruling.message_en and "2" in ruling.message_fr
