"""Tranquillité rulings T1 to T11 (shared/RULINGS.md) and the G4/G5 flag handling.

Most tests are tables ``(position, event) -> (legal, rule, discard)``: a
:class:`Pos` describes a position, :func:`ok` and :func:`no` the expected
ruling. The project's own rule ids are C1 (not your turn), C2 (action B),
C3 (occupied cell), C4 (game over), C5 (nothing to undo), C6 (not a playable
card), C7 (event of another game); G5 covers everything about flags.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from companion import (
    AmbiguousReading,
    DeclareLoss,
    Discard,
    Event,
    Flag,
    MalformedInput,
    Override,
    Play,
    StartDiscards,
    TakeBack,
    Termination,
    Tranquility,
    Undo,
)
from companion.games.tranquility.rules import CELL_INDEX, CELLS, deal_sizes
from tests.companion.rule_tables import (
    Expected,
    Row,
    assert_override_then_undo,
    assert_ruling,
    case,
    no,
    ok,
    params,
    ruling_of,
)

# -- helpers ---------------------------------------------------------------

@dataclass(frozen=True)
class Pos:
    """A position: the cells, the active seat's hand, the Start corner, and events played after."""

    cells: Mapping[str, int] = field(default_factory=dict)
    hand: int = 5
    start: bool = False
    players: int = 3
    turn: int = 1
    hands: tuple[int, ...] | None = None
    decks: tuple[int, ...] | None = None
    removed: int = 0
    then: tuple[Event, ...] = ()
    flag: Play | None = None

    def game(self) -> Tranquility:
        """Build the position: each ``then`` event must be accepted, then ``flag`` is refused."""
        hands = (
            list(self.hands) if self.hands is not None
            else [self.hand if seat == self.turn else 5 for seat in range(1, self.players + 1)]
        )
        game = Tranquility.from_position(
            self.players, cells=self.cells, start=self.start, hands=hands,
            decks=None if self.decks is None else list(self.decks), turn=self.turn,
            options={"removed": self.removed},
        )
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        if self.flag is not None:
            assert not game.play(self.flag).legal
        return game


def is_island_play(row: Row, rules: set[str | None]) -> bool:
    """Whether the row lays an island card on a grid cell, unattributed, ruled under ``rules``."""
    _, event, (_, rule, _), _ = row
    return (
        isinstance(event, Play) and event.card.isdigit() and event.at not in ("start", "finish")
        and event.player is None and rule in rules
    )


def snapshot(game: Tranquility) -> tuple[object, ...]:
    """The engine's own snapshot plus the public fields read directly (so a wrong ``_save`` shows)."""
    return (
        game._save(), list(game.cells), game.start_played, game.finish_played, game.pending_start,
        game.turn, list(game.hands), list(game.decks), list(game.discards), game.ascending,
        game.outcome(),
    )


def cells_from(first: int, values: list[int]) -> dict[str, int]:
    """Consecutive cells from sequence index ``first`` holding ``values``."""
    return {CELLS[first + n]: v for n, v in enumerate(values)}


START = Play("start", "start")
FINISH = Play("finish", "finish")
#: All 36 cells, 1 to 36 in sequence order.
FULL = cells_from(0, list(range(1, 37)))
#: Every other cell (a1, c1, e1, a2, ...) holds 1, 5, 9, ..., 69: each empty cell has a neighbour.
EVERY_OTHER = {CELLS[i]: 2 * i + 1 for i in range(0, 36, 2)}
#: The 2-player position right after the Start card: seat 1 held 5 (deck 38), seat 2 held 5 (deck 39).
TWO_AFTER_START = Pos(players=2, hands=(5, 5), decks=(38, 39), then=(START,))
THREE_AFTER_START = Pos(hands=(5, 5, 5), decks=(24, 24, 25), then=(START,))


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
    assert ruling.message_en == "5 at a2: discard 2 (next to 3 at f1)"
    assert ruling.message_fr == "5 en a2 : défaussez 2 (à côté de 3 en f1)"
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
            "12 at d1 leaves 2 cells between it and 10 at a1 but only 1 numbers to fill them",
            "12 en d1 laisse 2 cases entre elle et 10 en a1 mais seulement 1 nombres pour les remplir",
            id="between",
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

FULL_BUT_F6 = {cell: v for cell, v in FULL.items() if cell != "f6"}

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
    assert game.options == {"removed": removed}
    assert sum(game.hands) + sum(game.decks) == 85 - removed + 3


def test_t10_default_is_zero() -> None:
    assert Tranquility(2).options == {"removed": 0}


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
        pytest.param({"monsters": 3}, id="unknown-option"),
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


# -- cross-checks between check, play, legal_cells and legal_placements ------------

RULE_TABLES = (
    T1_T4_CASES + T2_CASES + T3_CASES + T5_CASES + T6_CASES + T7_CASES + T9_DECLARE_CASES
)


@pytest.mark.parametrize(("position", "event", "expected"), params(RULE_TABLES))
def test_play_agrees_with_check(position: Pos, event: Event, expected: Expected) -> None:
    game = position.game()
    before, stack = game._save(), len(game.move_stack)
    ruling = game.play(event)
    assert ruling_of(ruling) == expected
    if ruling.legal:
        assert len(game.move_stack) == stack + 1 or isinstance(event, Undo)
        assert game.flagged == ()
    else:
        # G5: the state does not move; only a refused placement is flagged.
        assert game._save() == before
        assert len(game.move_stack) == stack
        if isinstance(event, Play):
            assert game.flagged == (Flag(event, ruling),)
        else:
            assert game.flagged == ()


ISLAND_RULES = {None, "T2", "T3", "T5", "C3"}


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if is_island_play(row, ISLAND_RULES)]),
)
def test_legal_cells_and_placements_agree_with_check(
    position: Pos, event: Play, expected: Expected,
) -> None:
    game = position.game()
    legal, _, discard = expected
    assert ((event.at, discard) in list(game.legal_cells(int(event.card)))) is legal
    assert (event in game.legal_placements) is legal
    assert (event in list(game.legal_placements)) is legal


@pytest.mark.parametrize("seed", range(40))
def test_legal_cells_matches_check_on_random_grids(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(0, 20)
    indexes = sorted(rng.sample(range(36), count))
    values = sorted(rng.sample(range(1, 81), count))
    hand = rng.randint(1, 5)
    game = Pos({CELLS[i]: v for i, v in zip(indexes, values, strict=True)}, hand=hand, start=True).game()
    for value in range(1, 81):
        fast = set(game.legal_cells(value))
        slow = set()
        for cell in CELLS:
            ruling = game.check(Play(str(value), cell))
            if ruling.legal:
                assert ruling.discard is not None
                slow.add((cell, ruling.discard))
        assert fast == slow, value


# -- G4 and G5: flags, take back, override, undo ------------------------------

BLOCKED = [
    pytest.param(Play("40", "c3"), id="another-play"),
    pytest.param(Discard(), id="discard"),
    pytest.param(DeclareLoss(), id="declare-loss"),
    pytest.param(START, id="start-card"),
    pytest.param(StartDiscards.of({1: 4, 2: 4}), id="start-split"),
    pytest.param(Undo(), id="undo"),
]


@pytest.mark.parametrize("event", BLOCKED)
def test_g5_flag_blocks_other_events(event: Event) -> None:
    game = Pos({"a1": 31}).game()
    before = game._save()
    ruling = game.play(Play("27", "b1"))
    assert ruling_of(ruling) == no("T2")
    assert game.flagged == (Flag(Play("27", "b1"), ruling),)
    assert game._save() == before
    assert game.check(event).rule == "G5"
    assert "27" in game.check(event).message_en and "b1" in game.check(event).message_fr
    assert list(game.legal_placements) == []


def test_g5_second_refused_placement_stacks_and_only_its_cell_is_taken_back() -> None:
    game = Pos({"a1": 31}).game()
    game.play(Play("27", "b1"))
    second = game.play(Play("40", "c3"))
    assert second.rule == "G5"
    assert [f.event.at for f in game.flagged] == ["b1", "c3"]
    # The last flag was refused under G5, which cannot be overridden.
    assert game.check(Override()).rule == "G5"
    assert game.play(TakeBack("c3")).legal
    assert [f.event.at for f in game.flagged] == ["b1"]
    assert ruling_of(game.check(Override())) == ok(4)


def test_g5_take_back_clears_the_flag() -> None:
    game = Pos({"a1": 31}).game()
    before = game._save()
    game.play(Play("27", "b1"))
    assert game.check(TakeBack("c1")).rule == "G5"
    ruling = game.play(TakeBack("b1"))
    assert ruling.legal
    assert "27" in ruling.message_en and "b1" in ruling.message_en
    assert "27" in ruling.message_fr and "b1" in ruling.message_fr
    assert game.flagged == () and game._save() == before
    assert game.move_stack == []
    assert game.play(Play("50", "c3")).legal


@pytest.mark.parametrize(
    ("position", "event"),
    [
        pytest.param(Pos(), TakeBack("a1"), id="take-back-nothing-flagged"),
        pytest.param(Pos(), Override(), id="override-nothing-flagged"),
        pytest.param(Pos({"a1": 31}, flag=Play("27", "b1")), TakeBack("a1"), id="take-back-wrong-cell"),
    ],
)
def test_g5_nothing_to_take_back_or_override(position: Pos, event: Event) -> None:
    game = position.game()
    flagged = game.flagged
    ruling = game.play(event)
    assert ruling_of(ruling) == no("G5")
    assert game.flagged == flagged


@pytest.mark.parametrize(
    ("position", "play", "rule"),
    [
        pytest.param(Pos({"a1": 10}), Play("20", "a1"), "C3", id="occupied"),
        pytest.param(Pos(), Play("10", "start"), "T6", id="island-at-start"),
        pytest.param(Pos(start=True), START, "T6", id="second-start"),
        pytest.param(Pos(), FINISH, "T7", id="finish-early"),
        pytest.param(Pos(), Play("10", "a1", player=2), "C1", id="wrong-seat"),
        pytest.param(Pos(), Play("monster", "a1"), "C6", id="expansion-card"),
        pytest.param(THREE_AFTER_START, Play("40", "c3"), "T6", id="split-pending"),
        pytest.param(Pos(hand=0), Play("40", "c3"), "C4", id="game-over"),
    ],
)
def test_g5_only_t2_t3_t5_can_be_overridden(position: Pos, play: Play, rule: str) -> None:
    game = position.game()
    before = game._save()
    assert game.play(play).rule == rule
    ruling = game.play(Override())
    assert ruling_of(ruling) == no("G5")
    assert rule in ruling.message_en and rule in ruling.message_fr
    assert game._save() == before and len(game.flagged) == 1
    assert game.play(TakeBack(play.at)).legal
    assert not game.flagged


@pytest.mark.parametrize(
    ("position", "play", "rule", "cost"),
    [
        pytest.param(Pos({"a1": 40}), Play("27", "b1"), "T2", 4, id="t2-cost-13-capped-at-4"),
        pytest.param(Pos({"a1": 40}, hand=3), Play("27", "b1"), "T2", 2, id="t2-capped-at-2"),
        pytest.param(Pos({"a1": 31}, hand=5), Play("29", "b1"), "T2", 2, id="t2-cost-2-not-capped"),
        pytest.param(Pos({"a1": 10}), Play("11", "c1"), "T3", 0, id="t3-no-neighbour"),
        pytest.param(Pos({"a1": 10, "d1": 13}), Play("12", "b1"), "T3", 2, id="t3-next-to-a1"),
        pytest.param(Pos({"a1": 10}, hand=3), Play("15", "b1"), "T5", 2, id="t5-cost-5-capped-at-2"),
        pytest.param(Pos({"a1": 10}, hand=1, start=True), Play("12", "b1"), "T5", 0,
                     id="t5-last-card-capped-at-0"),
    ],
)
def test_g5_override_with_capped_cost_then_undo(position: Pos, play: Play, rule: str, cost: int) -> None:
    game = position.game()
    seat, hand = game.turn - 1, game.hands[game.turn - 1]
    deck, discards = game.decks[seat], game.discards[seat]
    refused = game.play(play)
    assert refused.rule == rule
    flagged_state, flags = snapshot(game), game.flagged
    ruling = game.play(Override())
    assert ruling_of(ruling) == ok(cost)
    assert play.card in ruling.message_en and play.at in ruling.message_en
    assert play.card in ruling.message_fr and play.at in ruling.message_fr
    assert game.flagged == ()
    assert game.cells[CELL_INDEX[play.at]] == int(play.card)
    assert_override_then_undo(game, seat=seat, hand=hand, deck=deck, discards=discards, cost=cost,
                              at=play.at, flagged_state=flagged_state, flags=flags, snapshot=snapshot)


def test_g5_override_of_t2_breaks_order_and_later_rulings_use_the_extremes() -> None:
    game = Pos({"a1": 10}).game()
    game.play(Play("5", "c1"))
    assert game.play(Override()).legal
    assert not game.ascending
    # 8 at e1 is greater than 5 at c1 but not than 10 at a1.
    ruling = game.check(Play("8", "e1", player=2))
    assert ruling_of(ruling) == no("T2")
    assert ruling.message_en == "8 at e1 must be greater than 10 at a1"
    assert ruling_of(game.check(Play("12", "e1"))) == ok(0)
    assert ("e1", 0) in list(game.legal_cells(12))
    assert ("e1", 0) not in list(game.legal_cells(8))


def test_g4_undo_restores_every_state_exactly() -> None:
    game = Pos(hands=(5, 5, 5), decks=(24, 24, 25)).game()
    events: list[Event] = [
        START,
        StartDiscards.of({1: 2, 2: 3, 3: 3}),
        Play("10", "a1", player=2),
        Play("12", "b1"),
        Discard(),
        Play("11", "c1"),  # T2 refused, flagged
        Override(),
        Play("60", "d3"),
        Discard(player=1),
    ]
    saves = [snapshot(game)]
    for event in events:
        ruling = game.play(event)
        if ruling.legal:
            saves.append(snapshot(game))
        else:
            assert ruling.rule == "T2" and snapshot(game) == saves[-1]
    assert not game.ascending
    assert len(game.move_stack) == len(saves) - 1
    while game.move_stack:
        assert game.play(Undo()).legal
        saves.pop()
        if game.flagged:
            assert snapshot(game) == saves[-1]
            assert game.play(TakeBack("c1")).legal
        assert snapshot(game) == saves[-1]
    assert ruling_of(game.check(Undo())) == no("C5")


def test_g4_replaying_the_accepted_events_gives_the_same_state() -> None:
    position = Pos({"f1": 3}, hands=(5, 5, 5), decks=(10, 10, 10))
    game = position.game()
    for checked in (Play("5", "a2"), Play("2", "e1"), Play("1", "f6"), Override(), Discard(), START):
        game.play(checked)
    replay = position.game()
    for event in game.move_stack:
        # Override needs its flag back: replay the refused play first.
        if isinstance(event, Override):
            replay.play(Play("1", "f6"))
        replay.push(event)
    assert replay._save() == game._save()


def test_c5_nothing_to_undo() -> None:
    game = Pos().game()
    ruling = game.play(Undo())
    assert ruling_of(ruling) == no("C5")
    assert game.flagged == ()


def test_undo_message_names_the_undone_placement() -> None:
    game = Pos({"f1": 3}).game()
    game.play(Play("5", "a2"))
    ruling = game.check(Undo())
    assert ruling.legal
    assert "5" in ruling.message_en and "a2" in ruling.message_en
    assert "5" in ruling.message_fr and "a2" in ruling.message_fr


# -- C1 to C7 -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shout(Event):
    """An event no game knows."""

    TYPE: ClassVar[str] = "shout"


PROJECT_CASES = [
    case(Pos(), Play("40", "c3", player=2), no("C1"), "c1-play-seat-2-on-seat-1-turn"),
    case(Pos(), Play("40", "c3", player=1), ok(0), "c1-play-right-seat"),
    case(Pos(turn=2), Play("40", "c3", player=1), no("C1"), "c1-play-seat-1-on-seat-2-turn"),
    case(Pos(turn=2), Play("40", "c3", player=2), ok(0), "c1-seat-2-turn"),
    case(Pos(), Discard(player=3), no("C1"), "c1-discard"),
    case(Pos(), Play("start", "start", player=2), no("C1"), "c1-start-card"),
    case(Pos(), Discard(), ok(None), "c2-discard-two"),
    case(Pos(), Discard(count=1), no("C2"), "c2-discard-one"),
    case(Pos(), Discard(count=3), no("C2"), "c2-discard-three"),
    case(Pos(), Discard(count=0), no("C2"), "c2-discard-zero"),
    case(Pos(hand=2), Discard(), ok(None), "c2-hand-2"),
    case(Pos(hand=1), Discard(), no("C2"), "c2-hand-1"),
    case(Pos({"a1": 10}), Play("20", "a1"), no("C3"), "c3-occupied"),
    case(Pos({"a1": 10}), Play("10", "a1"), no("C3"), "c3-same-card"),
    case(Pos(FULL, start=True, then=(FINISH,)), Play("40", "c3"), no("C4"), "c4-after-win"),
    case(Pos(hand=1, then=(DeclareLoss(),)), Discard(), no("C4"), "c4-after-reported-loss"),
    case(Pos(), Play("monster", "a1"), no("C6"), "c6-monster"),
    case(Pos(), Play("reef", "a1"), no("C6"), "c6-reef"),
    case(Pos(), Play("compass", "a1"), no("C6"), "c6-compass"),
    case(Pos(), Play("storm-yellow", "a1"), no("C6"), "c6-storm"),
    case(Pos(), Play("border", "a1"), no("C6"), "c6-border"),
    case(Pos(), Shout(), no("C7"), "c7-unknown-event"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(PROJECT_CASES))
def test_project_rulings(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("event", "error"),
    [
        pytest.param(Play("81", "a1"), MalformedInput, id="card-81"),
        pytest.param(Play("0", "a1"), MalformedInput, id="card-0"),
        pytest.param(Play("07", "a1"), MalformedInput, id="card-07"),
        pytest.param(Play("dragon", "a1"), MalformedInput, id="unknown-card"),
        pytest.param(Play("10", "g1"), MalformedInput, id="column-g"),
        pytest.param(Play("10", "a7"), MalformedInput, id="row-7"),
        pytest.param(Play("10", "A1"), MalformedInput, id="upper-case-cell"),
        pytest.param(Play("10", "a1", player=4), MalformedInput, id="seat-4-of-3"),
        pytest.param(TakeBack("z9"), MalformedInput, id="take-back-unknown-cell"),
        pytest.param(StartDiscards.of({4: 8}), MalformedInput, id="split-seat-4-of-3"),
        pytest.param(Play("back", "a1"), AmbiguousReading, id="face-down-card"),
    ],
)
def test_malformed_events_raise(event: Event, error: type[Exception]) -> None:
    game = Pos().game()
    before = game._save()
    with pytest.raises(error):
        game.play(event)
    assert game._save() == before and game.flagged == ()


# -- G3: messages name the cards and cells, in both languages -----------------


@pytest.mark.parametrize(
    ("position", "event", "en", "fr"),
    [
        pytest.param(Pos({"a1": 31}), Play("27", "b1"),
                     "27 at b1 must be greater than 31 at a1",
                     "27 en b1 doit être plus grand que 31 en a1", id="t2-low"),
        pytest.param(Pos({"c1": 20}), Play("25", "a1"),
                     "25 at a1 must be smaller than 20 at c1",
                     "25 en a1 doit être plus petit que 20 en c1", id="t2-high"),
        pytest.param(Pos({"a1": 10, "c1": 20}), Play("17", "b1"),
                     "17 at b1: discard 3 (next to 20 at c1)",
                     "17 en b1 : défaussez 3 (à côté de 20 en c1)", id="t4-right-neighbour"),
        pytest.param(Pos(), Play("40", "c3"),
                     "40 at c3: nothing to discard", "40 en c3 : rien à défausser", id="t4-free"),
        pytest.param(Pos({"a1": 10}), Play("20", "a1"),
                     "20 cannot go to a1: a1 already holds 10",
                     "20 ne peut aller en a1 : a1 porte déjà 10", id="c3"),
        pytest.param(Pos(), Play("10", "finish"),
                     "10 cannot go to the finish corner: only the Start and Finish cards go to the corners",
                     "10 ne peut aller dans le coin d'arrivée : seules les cartes de départ et d'arrivée "
                     "vont dans les coins", id="t7-island-at-finish"),
        pytest.param(Pos(), Play("start", "c2"),
                     "the Start card goes to the start corner, not c2",
                     "la carte de départ se pose dans le coin de départ, pas en c2", id="t6-start-on-grid"),
        pytest.param(Pos(), Play("finish", "f6"),
                     "the Finish card goes to the finish corner, not f6",
                     "la carte d'arrivée se pose dans le coin d'arrivée, pas en f6", id="t7-finish-on-grid"),
        pytest.param(Pos(), Play("10", "a1", player=2),
                     "it is seat 1's turn, not seat 2's", "c'est au joueur 1 de jouer, pas au joueur 2",
                     id="c1"),
        pytest.param(THREE_AFTER_START, StartDiscards.of({1: 5, 2: 3}),
                     "seat 1 holds 4 cards and cannot discard 5",
                     "le joueur 1 a 4 cartes en main et ne peut en défausser 5", id="t6-split-hand"),
        pytest.param(THREE_AFTER_START, StartDiscards.of({1: 3, 2: 3}),
                     "the split must add up to 8 cards, not 6",
                     "la répartition doit totaliser 8 cartes, pas 6", id="t6-split-sum"),
    ],
)
def test_messages_exact(position: Pos, event: Event, en: str, fr: str) -> None:
    ruling = position.game().check(event)
    assert (ruling.message_en, ruling.message_fr) == (en, fr)


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if is_island_play(row, {None, "T2", "T3", "T5"})]),
)
def test_island_messages_name_card_and_cell_in_both_languages(
    position: Pos, event: Play, expected: Expected,
) -> None:
    ruling = position.game().check(event)
    assert ruling_of(ruling) == expected
    for message in (ruling.message_en, ruling.message_fr):
        assert f"{event.card} " in message and f" {event.at}" in message
        if ruling.discard:
            assert str(ruling.discard) in message
        # A refusal names the card it conflicts with (T2, T3 between two cards, T5).
        if ruling.rule in {"T2", "T5"}:
            assert " at " in ruling.message_en and " en " in ruling.message_fr


# -- events built in Python are held to the record reader's checks --------------


def test_c3_message_names_the_card_laid() -> None:
    ruling = Pos({"a1": 10}).game().check(Play("20", "a1"))
    assert "20" in ruling.message_en and "20" in ruling.message_fr


@pytest.mark.parametrize(
    "split",
    [
        pytest.param(StartDiscards(counts=((0, 3), (1, 4), (2, 1))), id="seat-0"),
        pytest.param(StartDiscards(counts=((1, -1), (2, 5), (3, 4))), id="negative-count"),
        pytest.param(StartDiscards(counts=((1, 4), (1, 4), (2, 4))), id="seat-repeated"),
    ],
)
def test_malformed_start_split_raises(split: StartDiscards) -> None:
    game = THREE_AFTER_START.game()
    with pytest.raises(MalformedInput):
        game.play(split)


@pytest.mark.parametrize("player", [0, -1, 4])
def test_a_seat_outside_the_game_is_malformed(player: int) -> None:
    with pytest.raises(MalformedInput):
        Pos().game().play(Play("40", "c3", player=player))
