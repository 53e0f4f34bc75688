"""Tranquillité rulings T8 (setup and drawing), T9 (loss), T10 and T11 (options and players)."""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, MalformedInput, Play, Termination, Tranquility, Undo
from companion.games.tranquility.rules import deal_sizes
from tests.companion.games.tranquility.positions import (
    EVERY_OTHER,
    FULL,
    FULL_BUT_F6,
    START,
    Pos,
    cells_from,
    snapshot,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params

# -- T8: setup and drawing ------------------------------------------------

DEALT = {
    (1, 0): [85], (2, 0): [42, 43], (3, 0): [28, 28, 29], (4, 0): [21, 21, 21, 22], (5, 0): [17] * 5,
    (1, 4): [81], (2, 4): [40, 41], (3, 4): [27, 27, 27], (4, 4): [20, 20, 20, 21],
    (5, 4): [16, 16, 16, 16, 17],
    (1, 12): [73], (2, 12): [36, 37], (3, 12): [24, 24, 25], (4, 12): [18, 18, 18, 19],
    (5, 12): [14, 14, 15, 15, 15],
}


@pytest.mark.parametrize(("players", "removed"), list(DEALT), ids=[f"{p}p-removed-{r}" for p, r in DEALT])
def test_t8_setup(players: int, removed: int) -> None:
    game = Tranquility(players, {"removed": removed})
    dealt = DEALT[players, removed]
    assert sum(dealt) == 80 - removed + 5
    assert deal_sizes(80 - removed + 5, players) == dealt
    assert game.hands == [5] * players
    # Each seat draws 5, then shuffles its Start card into what is left.
    assert game.decks == [size - 5 + 1 for size in dealt]
    assert game.discards == [0] * players
    assert game.turn == 1
    assert dealt[0] == min(dealt)
    assert not game.start_played and not game.pending_start and not game.finish_played
    assert game.cells == [0] * 36
    assert game.flagged == () and game.outcome() is None


def test_t8_rulebook_three_player_example() -> None:
    assert sorted(deal_sizes(85, 3)) == [28, 28, 29]


@pytest.mark.parametrize(
    ("players", "removed", "decks"),
    [
        pytest.param(3, 0, [28, 28, 29], id="default"),
        pytest.param(3, 0, [28, 29, 28], id="larger-deck-to-seat-2"),
        pytest.param(2, 0, [42, 43], id="two-players"),
        pytest.param(3, 4, [27, 27, 27], id="removed-4"),
    ],
)
def test_t8_decks_accepted(players: int, removed: int, decks: list[int]) -> None:
    game = Tranquility(players, {"removed": removed}, decks=decks)
    assert game.decks == [d - 4 for d in decks]


@pytest.mark.parametrize(
    ("players", "removed", "decks"),
    [
        pytest.param(3, 0, [29, 28, 28], id="seat-1-not-among-smallest"),
        pytest.param(3, 0, [27, 29, 29], id="not-even"),
        pytest.param(3, 0, [28, 28, 28], id="sum-84"),
        pytest.param(3, 4, [28, 28, 29], id="sum-ignores-removed"),
        pytest.param(3, 0, [42, 43], id="two-decks-three-seats"),
        pytest.param(2, 0, [42, True], id="bool-size"),
    ],
)
def test_t8_decks_rejected(players: int, removed: int, decks: list[int]) -> None:
    with pytest.raises(MalformedInput):
        Tranquility(players, {"removed": removed}, decks=decks)


@pytest.mark.parametrize(
    ("position", "event", "hand", "deck", "discards"),
    [
        pytest.param(Pos(decks=(10, 10, 10)), Discard(), 5, 8, 2, id="discard-draws-2"),
        pytest.param(Pos(decks=(1, 10, 10)), Discard(), 4, 0, 2, id="discard-deck-of-1"),
        pytest.param(Pos(decks=(0, 10, 10)), Discard(), 3, 0, 2, id="discard-empty-deck"),
        pytest.param(Pos({"f1": 3}, decks=(10, 10, 10)), Play("5", "a2"), 5, 7, 2, id="play-cost-2"),
        pytest.param(Pos({"f1": 3}, decks=(2, 10, 10)), Play("5", "a2"), 4, 0, 2, id="play-deck-of-2"),
        pytest.param(Pos(decks=(0, 10, 10)), Play("40", "c3"), 4, 0, 0, id="play-empty-deck"),
        pytest.param(Pos(hand=3, decks=(10, 10, 10)), Discard(), 5, 6, 2, id="short-hand-draws-4"),
        pytest.param(Pos(hand=3, decks=(1, 10, 10)), Play("40", "c3"), 3, 0, 0, id="short-hand-deck-1"),
    ],
)
def test_t8_draw_back_to_five(position: Pos, event: Event, hand: int, deck: int, discards: int) -> None:
    game = position.game()
    others = (game.hands[1:], game.decks[1:], game.discards[1:])
    assert game.play(event).legal
    assert (game.hands[0], game.decks[0], game.discards[0]) == (hand, deck, discards)
    assert (game.hands[1:], game.decks[1:], game.discards[1:]) == others
    assert game.turn == 2


def test_t8_turn_passes_clockwise_and_wraps() -> None:
    game = Pos(players=3, turn=3).game()
    assert game.play(Discard(player=3)).legal
    assert game.turn == 1
    assert game.play(Discard(player=1)).legal
    assert game.turn == 2


# -- T9: loss -------------------------------------------------------------

T9_NO_FREE_CELL = Pos(EVERY_OTHER, hand=1, start=True)


@pytest.mark.parametrize(
    ("position", "lost"),
    [
        pytest.param(Pos(hand=0), True, id="hand-0"),
        pytest.param(Pos(hand=0, start=True), True, id="hand-0-after-start"),
        pytest.param(Pos(FULL, hand=0, start=True), True, id="hand-0-complete-grid"),
        pytest.param(T9_NO_FREE_CELL, True, id="hand-1-every-empty-cell-has-a-neighbour"),
        pytest.param(Pos(FULL_BUT_F6, hand=1, start=True), True, id="hand-1-last-cell-costs"),
        pytest.param(Pos(EVERY_OTHER, hand=1, start=True, turn=2), True, id="hand-1-seat-2"),
        pytest.param(Pos(EVERY_OTHER, hand=1, start=False), False, id="hand-1-start-not-played"),
        pytest.param(Pos(FULL, hand=1, start=True), False, id="hand-1-complete-could-be-finish"),
        pytest.param(Pos(FULL, hand=1, start=False), False, id="hand-1-complete-could-be-start"),
        pytest.param(Pos(hand=1, start=True), False, id="hand-1-empty-grid"),
        pytest.param(Pos(cells_from(0, list(range(1, 31))), hand=1, start=True), False,
                     id="hand-1-free-cell-b6"),
        pytest.param(Pos(EVERY_OTHER, hand=2, start=True), False, id="hand-2-can-discard"),
        pytest.param(Pos(EVERY_OTHER, hand=1, start=True, turn=2, hands=(1, 5, 1)), False,
                     id="only-the-active-seat-counts"),
        pytest.param(Pos(hands=(1, 5, 1), decks=(0, 0, 0), then=(START,)), False,
                     id="start-split-pending"),
    ],
)
def test_t9_proven_loss(position: Pos, lost: bool) -> None:
    game = position.game()
    outcome = game.outcome()
    if not lost:
        assert outcome is None
        return
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.NO_ACTION, (), "lost")
    assert str(game.turn) in outcome.text.en and str(game.turn) in outcome.text.fr
    assert game.is_over()
    assert game.check(Discard()).rule == "C4"
    assert list(game.legal_placements) == []


def test_t9_loss_after_the_last_draw() -> None:
    # Seat 2 holds 1 card with an empty deck on a grid where every empty cell costs.
    game = Pos(EVERY_OTHER, start=True, hands=(5, 1, 5), decks=(3, 0, 3)).game()
    assert game.outcome() is None
    assert game.play(Discard()).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_ACTION


T9_DECLARE_CASES = [
    case(Pos(hand=1), DeclareLoss(), ok(None), "hand-1-start-not-played"),
    case(Pos(hand=1, start=True), DeclareLoss(), ok(None), "hand-1-reported"),
    case(Pos(FULL, hand=1, start=True), DeclareLoss(), ok(None), "hand-1-complete"),
    case(Pos(hand=2), DeclareLoss(), no("T9"), "hand-2"),
    case(Pos(hand=5), DeclareLoss(), no("T9"), "hand-5"),
    case(Pos(hand=0), DeclareLoss(), no("C4"), "hand-0-already-lost"),
    case(Pos(hand=1), DeclareLoss(player=2), no("C1"), "wrong-seat"),
    case(Pos(hand=1, turn=2), DeclareLoss(player=2), ok(None), "seat-2"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T9_DECLARE_CASES))
def test_t9_declare_loss(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_t9_declared_loss_ends_the_game_and_can_be_undone() -> None:
    game = Pos(hand=1).game()
    before = snapshot(game)
    assert game.play(DeclareLoss()).legal
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners) == (Termination.REPORTED, ())
    assert game.check(Discard()).rule == "C4"
    assert game.play(Undo()).legal
    assert snapshot(game) == before and game.outcome() is None


def test_t9_refusal_message() -> None:
    ruling = assert_ruling(Pos(hand=3, turn=2), DeclareLoss(), no("T9"))
    assert "2" in ruling.message_en and "3" in ruling.message_en
    assert "2" in ruling.message_fr and "3" in ruling.message_fr


# -- T10 and T11: options and players --------------------------------------

@pytest.mark.parametrize("removed", [0, 4, 6, 8, 10, 12])
def test_t10_removed_choices(removed: int) -> None:
    game = Tranquility(3, {"removed": removed})
    assert game.options["removed"] == removed
    assert sum(game.hands) + sum(game.decks) == 85 - removed + 3


def test_t10_default_is_zero() -> None:
    assert Tranquility(2).options["removed"] == 0


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"removed": 5}, id="5"),
        pytest.param({"removed": 2}, id="2"),
        pytest.param({"removed": 14}, id="14"),
        pytest.param({"removed": -4}, id="minus-4"),
        pytest.param({"removed": "4"}, id="string"),
        pytest.param({"removed": 4.0}, id="float"),
        pytest.param({"removed": True}, id="true"),
        pytest.param({"removed": False}, id="false"),
        pytest.param({"removed": None}, id="none"),
        pytest.param({"dragons": 3}, id="unknown-option"),
    ],
)
def test_t10_bad_options_rejected(options: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        Tranquility(3, options)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_t11_players_accepted(players: int) -> None:
    game = Tranquility(players)
    assert game.players == players and len(game.hands) == players


@pytest.mark.parametrize("players", [0, 6, -1, 10, True, 3.0, "3"])
def test_t11_players_rejected(players: object) -> None:
    with pytest.raises(MalformedInput):
        Tranquility(players)  # type: ignore[arg-type]
