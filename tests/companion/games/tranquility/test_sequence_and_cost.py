"""Tranquillité's cells and rulings T1 to T5: sequence, order, completable grid, cost, affordable."""

from __future__ import annotations

import pytest

from companion import Event, Play
from companion.games.tranquility.rules import CELL_INDEX, CELLS
from tests.companion.games.tranquility.positions import Pos
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params

# -- cell names ------------------------------------------------------------

@pytest.mark.parametrize("row", range(1, 7))
@pytest.mark.parametrize("col", range(1, 7))
def test_cell_index_is_chess_like_sequence(row: int, col: int) -> None:
    name = f"{'abcdef'[col - 1]}{row}"
    assert CELL_INDEX[name] == (row - 1) * 6 + (col - 1)
    assert CELLS[CELL_INDEX[name]] == name


# -- T1 and T4: sequence, adjacency, discard cost -----------------------------

T1_T4_CASES = [
    case(Pos({"f1": 3}), Play("5", "a2"), ok(2), "rulebook-5-at-a2-after-3-at-f1"),
    case(Pos({"a2": 10}), Play("8", "f1"), ok(2), "wrap-f1-a2-backwards"),
    case(Pos({"f3": 20}), Play("23", "a4"), ok(3), "wrap-f3-a4"),
    case(Pos({"a4": 23}), Play("20", "f3"), ok(3), "wrap-a4-f3-backwards"),
    case(Pos({"f5": 60}), Play("61", "a6"), ok(1), "wrap-f5-a6"),
    case(Pos({"a1": 10}), Play("16", "a2"), ok(0), "a1-a2-above-not-adjacent"),
    case(Pos({"a2": 16}), Play("10", "a1"), ok(0), "a2-a1-below-not-adjacent"),
    case(Pos({"b1": 10}), Play("18", "b2"), ok(0), "b1-b2-above-not-adjacent"),
    case(Pos({"c3": 40}), Play("34", "c2"), ok(0), "c3-c2-below-not-adjacent"),
    case(Pos({"f1": 10}), Play("16", "f2"), ok(0), "f1-f2-above-not-adjacent"),
    case(Pos({"a1": 10}), Play("12", "b1"), ok(2), "left-neighbour"),
    case(Pos({"c1": 20}), Play("17", "b1"), ok(3), "right-neighbour"),
    case(Pos({"a1": 10, "c1": 20}), Play("12", "b1"), ok(2), "between-left-closer"),
    case(Pos({"a1": 10, "c1": 20}), Play("17", "b1"), ok(3), "between-right-closer"),
    case(Pos({"a1": 10, "c1": 16}), Play("13", "b1"), ok(3), "between-equal-differences"),
    case(Pos({"f1": 10, "b2": 20}), Play("18", "a2"), ok(2), "between-across-the-wrap"),
    case(Pos({"a1": 10, "c1": 30}), Play("29", "b1", player=1), ok(1), "between-far-left"),
    case(Pos(), Play("40", "c3"), ok(0), "no-card-at-all"),
    case(Pos({"a1": 10}), Play("15", "c1"), ok(0), "two-cells-away-is-no-neighbour"),
    case(Pos({"a1": 10, "e1": 30}), Play("20", "c1"), ok(0), "both-two-cells-away"),
    case(Pos({"e6": 70}), Play("74", "f6"), ok(4), "last-cell-f6"),
    case(Pos({"b1": 5}), Play("1", "a1"), ok(4), "first-cell-a1"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T1_T4_CASES))
def test_t1_t4_sequence_and_cost(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_rulebook_example_message_and_discard() -> None:
    game = Pos({"f1": 3}).game()
    ruling = game.play(Play("5", "a2"))
    assert ruling.discard == 2
    assert ruling.message_en == "Seat 1 laid 5 at a2 next to 3: discard 2 cards"
    assert ruling.message_fr == "Le joueur 1 a posé 5 en a2 à côté de 3 : défaussez 2 cartes"
    assert game.discards == [2, 0, 0]


# -- T2: strict order along the sequence --------------------------------------

T2_CASES = [
    case(Pos({"a1": 31}), Play("27", "b1"), no("T2"), "smaller-after-a-card"),
    case(Pos({"c1": 20}), Play("25", "a1"), no("T2"), "greater-before-a-card"),
    case(Pos({"a1": 10}), Play("10", "b1"), no("T2"), "equal-to-previous"),
    case(Pos({"c1": 10}), Play("10", "a1"), no("T2"), "equal-to-next"),
    case(Pos({"a1": 10}), Play("10", "f6"), no("T2"), "equal-far-away"),
    case(Pos({"a1": 10}), Play("9", "f6"), no("T2"), "smaller-than-far-first-card"),
    case(Pos({"f6": 70}), Play("71", "a1"), no("T2"), "greater-than-far-last-card"),
    case(Pos({"a1": 10, "f6": 70}), Play("5", "c3"), no("T2"), "below-the-far-lower-card"),
    case(Pos({"a1": 10, "f6": 70}), Play("75", "c3"), no("T2"), "above-the-far-upper-card"),
    case(Pos({"a1": 10, "c3": 40, "f6": 70}), Play("45", "b2"), no("T2"), "between-two-but-too-big"),
    case(Pos({"a1": 10, "c3": 40, "f6": 70}), Play("35", "b4"), no("T2"), "between-two-but-too-small"),
    case(Pos({"a1": 10, "f6": 70}), Play("40", "c3"), ok(0), "between-the-far-cards"),
    case(Pos({"a1": 10, "b1": 11}), Play("12", "c1"), ok(1), "just-greater"),
    case(Pos({"a1": 10, "c1": 12}), Play("11", "b1"), ok(1), "just-between"),
    case(Pos({"d1": 20}), Play("19", "c1"), ok(1), "just-smaller"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T2_CASES))
def test_t2_order(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_t2_message_names_the_card_beyond_the_gap() -> None:
    ruling = assert_ruling(Pos({"a1": 10, "f6": 70}), Play("75", "c3"), no("T2"))
    assert ruling.message_en == "75 at c3 must be smaller than 70 at f6"
    assert ruling.message_fr == "75 en c3 doit être plus petit que 70 en f6"


# -- T3: the grid must stay completable with 1 to 80 ------------------------

T3_CASES = [
    # Between two placed cards: j - i - 1 cells need j - i - 1 integers strictly between.
    case(Pos({"a1": 10, "c1": 12}), Play("11", "b1"), ok(1), "b1-between-10-and-12"),
    case(Pos({"a1": 10}), Play("11", "c1"), no("T3"), "11-at-c1-leaves-b1-no-number"),
    case(Pos({"a1": 10}), Play("12", "c1"), ok(0), "12-at-c1-leaves-11-for-b1"),
    case(Pos({"c1": 12}), Play("11", "a1"), no("T3"), "11-at-a1-leaves-b1-no-number"),
    case(Pos({"c1": 12}), Play("10", "a1"), ok(0), "10-at-a1-leaves-11-for-b1"),
    case(Pos({"a1": 10, "d1": 13}), Play("12", "b1"), no("T3"), "12-at-b1-leaves-c1-nothing"),
    case(Pos({"a1": 10, "d1": 13}), Play("11", "b1"), ok(1), "11-at-b1-leaves-12-for-c1"),
    case(Pos({"a1": 10, "d1": 13}), Play("11", "c1"), no("T3"), "11-at-c1-leaves-b1-nothing"),
    case(Pos({"a1": 10, "d1": 13}), Play("12", "c1"), ok(1), "12-at-c1-leaves-11-for-b1"),
    case(Pos({"a1": 10, "f1": 16}), Play("12", "d1"), no("T3"), "two-cells-one-number"),
    case(Pos({"a1": 10, "f1": 16}), Play("13", "d1"), ok(0), "two-cells-two-numbers"),
    case(Pos({"f1": 10, "b2": 13}), Play("11", "a2"), ok(1), "room-across-the-wrap"),
    case(Pos({"e1": 10, "b2": 13}), Play("11", "a2"), no("T3"), "no-room-across-the-wrap"),
    # Before the first placed card: index i needs i <= v - 1.
    case(Pos(), Play("1", "a1"), ok(0), "1-at-a1"),
    case(Pos(), Play("1", "b1"), no("T3"), "1-at-b1"),
    case(Pos(), Play("6", "f1"), ok(0), "6-at-f1"),
    case(Pos(), Play("5", "f1"), no("T3"), "5-at-f1"),
    case(Pos(), Play("36", "f6"), ok(0), "36-at-f6"),
    case(Pos(), Play("35", "f6"), no("T3"), "35-at-f6"),
    case(Pos({"f6": 70}), Play("6", "f1"), ok(0), "before-first-with-a-later-card"),
    case(Pos({"f6": 70}), Play("5", "f1"), no("T3"), "too-small-before-first-with-later-card"),
    # After the last placed card: index j needs 35 - j <= 80 - v.
    case(Pos(), Play("80", "f6"), ok(0), "80-at-f6"),
    case(Pos(), Play("80", "e6"), no("T3"), "80-at-e6"),
    case(Pos(), Play("75", "a6"), ok(0), "75-at-a6"),
    case(Pos(), Play("76", "a6"), no("T3"), "76-at-a6"),
    case(Pos(), Play("45", "a1"), ok(0), "45-at-a1"),
    case(Pos(), Play("46", "a1"), no("T3"), "46-at-a1"),
    case(Pos({"a1": 1}), Play("75", "a6"), ok(0), "after-last-with-an-earlier-card"),
    case(Pos({"a1": 1}), Play("76", "a6"), no("T3"), "too-big-after-last-with-earlier-card"),
    # Removed cards (7.1) are unknown: only arithmetic counts.
    case(Pos(removed=12), Play("6", "f1"), ok(0), "removed-12-6-at-f1"),
    case(Pos(removed=12), Play("5", "f1"), no("T3"), "removed-12-5-at-f1"),
    case(Pos(removed=12), Play("75", "a6"), ok(0), "removed-12-75-at-a6"),
    case(Pos(removed=12), Play("76", "a6"), no("T3"), "removed-12-76-at-a6"),
    case(Pos(removed=4), Play("1", "a1"), ok(0), "removed-4-1-at-a1"),
    case(Pos(removed=4), Play("80", "f6"), ok(0), "removed-4-80-at-f6"),
    case(Pos({"a1": 10}, removed=12), Play("12", "c1"), ok(0), "removed-12-gap-of-one"),
    case(Pos({"a1": 10}, removed=12), Play("11", "c1"), no("T3"), "removed-12-no-gap"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T3_CASES))
def test_t3_completable(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("position", "event", "en", "fr"),
    [
        pytest.param(
            Pos({"a1": 10, "f1": 16}), Play("12", "d1"),
            "12 at d1 leaves 2 cells between it and 10 at a1 but only 1 number to fill them",
            "12 en d1 laisse 2 cases entre elle et 10 en a1 mais seulement 1 nombre pour les remplir",
            id="between",
        ),
        pytest.param(
            Pos(), Play("1", "b1"),
            "1 at b1 leaves 1 cell before it but only 0 smaller numbers",
            "1 en b1 laisse 1 case avant elle mais seulement 0 nombre plus petit",  # French: 0 is singular
            id="one-and-none",
        ),
        pytest.param(
            Pos(), Play("5", "f1"),
            "5 at f1 leaves 5 cells before it but only 4 smaller numbers",
            "5 en f1 laisse 5 cases avant elle mais seulement 4 nombres plus petits",
            id="before",
        ),
        pytest.param(
            Pos(), Play("76", "a6"),
            "76 at a6 leaves 5 cells after it but only 4 greater numbers",
            "76 en a6 laisse 5 cases après elle mais seulement 4 nombres plus grands",
            id="after",
        ),
    ],
)
def test_t3_messages(position: Pos, event: Event, en: str, fr: str) -> None:
    ruling = assert_ruling(position, event, no("T3"))
    assert (ruling.message_en, ruling.message_fr) == (en, fr)


# -- T5: affordable ---------------------------------------------------------

T5_CASES = [
    case(Pos({"a1": 10}, hand=5), Play("14", "b1"), ok(4), "cost-4-hand-5"),
    case(Pos({"a1": 10}, hand=5), Play("15", "b1"), no("T5"), "cost-5-hand-5"),
    case(Pos({"a1": 10}, hand=3), Play("12", "b1"), ok(2), "cost-2-hand-3"),
    case(Pos({"a1": 10}, hand=3), Play("13", "b1"), no("T5"), "cost-3-hand-3"),
    case(Pos({"a1": 10}, hand=2), Play("11", "b1"), ok(1), "cost-1-hand-2"),
    case(Pos({"a1": 10}, hand=2), Play("12", "b1"), no("T5"), "cost-2-hand-2"),
    case(Pos({"a1": 10}, hand=1), Play("11", "b1"), no("T5"), "cost-1-hand-1-start-not-played"),
    case(Pos({"a1": 10}, hand=1, start=True), Play("11", "b1"), no("T5"), "cost-1-hand-1"),
    case(Pos({"a1": 10}, hand=1, start=True), Play("30", "d1"), ok(0), "cost-0-hand-1"),
    case(Pos({"a1": 10, "c1": 30}, hand=2), Play("29", "b1"), ok(1), "cheaper-side-is-affordable"),
    case(Pos({"a1": 10, "c1": 30}, hand=5), Play("20", "b1"), no("T5"), "both-sides-too-costly"),
    case(Pos({"a1": 10}, hand=2, turn=2), Play("12", "b1"), no("T5"), "active-seat-2-hand-counts"),
    case(Pos({"a1": 10}, hand=3, turn=2, hands=(1, 3, 5)), Play("12", "b1"), ok(2),
         "not-seat-1-hand"),
    # Hand 0: the loss is already proven (T9), so the game is over before T5 is reached.
    case(Pos({"a1": 10}, hand=0, start=True), Play("30", "d1"), no("C4"), "hand-0"),
    case(Pos(hand=0), Play("40", "c3"), no("C4"), "hand-0-empty-grid"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T5_CASES))
def test_t5_affordable(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_t5_hand_0_has_no_legal_cell() -> None:
    game = Pos(start=True).game()
    assert list(game.legal_cells(40, hand=0)) == []
    assert list(game.legal_cells(40, hand=1)) != []


def test_t5_message() -> None:
    ruling = assert_ruling(Pos({"a1": 10}, hand=2, turn=2), Play("13", "b1"), no("T5"))
    assert ruling.message_en == "13 at b1 costs 3 cards (next to 10 at a1) but seat 2 would hold only 1"
    assert ruling.message_fr == (
        "13 en b1 coûte 3 cartes (à côté de 10 en a1) mais le joueur 2 n'en aurait que 1"
    )
