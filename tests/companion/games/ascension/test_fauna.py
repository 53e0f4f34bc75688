"""L'Ascension ruling A12 (Faune montagnarde): herds of ibex, and eight for the Sommet."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion import Event, MalformedInput, Play, Undo
from companion.games.ascension.events import Herd
from tests.companion.games.ascension.positions import (
    FAUNA,
    FULL,
    FULL_NO_GREEN,
    HERD,
    HERD_IBEX,
    LEFT_PATH,
    SEQUENCES,
    SUMMIT,
    Pos,
    herd,
    row_of,
    snapshot,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- A12: Faune montagnarde ---------------------------------------------------------

A12_CASES = [
    case(herd(), Herd("a1", 1, ("a2",)), ok(1), "one-row"),
    case(herd(), Herd("a1", 2, ("a2", "a3")), ok(2), "two-rows"),
    case(herd(), Herd("a1", 3, ("a2", "a3", "a4")), ok(3), "three-rows"),
    case(herd(), Herd("b1", 1, ("a2",)), ok(1), "up-left"),
    case(herd(), Herd("b1", 1, ("b2",)), ok(1), "up-right"),
    case(herd(), Herd("b1", 2, ("b2", "a3")), ok(2), "up-right-then-up-left"),
    case(herd(), Herd("d1", 2, ("d2", "c3")), ok(2), "around-the-pont"),
    case(herd(), Herd("a1", 1, ("b1",)), no("A12"), "faq-never-sideways"),
    case(herd(), Herd("a2", 1, ("b2",)), no("A12"), "faq-never-sideways-row-2"),
    case(herd(), Herd("a1", 1, ("b2",)), no("A12"), "b2-does-not-rest-on-a1"),
    case(herd(), Herd("a1", 2, ("a2", "c3")), no("A12"), "c3-does-not-rest-on-a2"),
    case(herd(), Herd("a2", 1, ("a1",)), no("A12"), "never-down"),
    case(herd(), Herd("a1", 4, ("a2", "a3", "a4", "a5")), no("A12"), "onto-an-empty-slot"),
    case(herd(), Herd("c1", 1, ("c2",)), no("A12"), "never-onto-a-pont"),
    case(herd(), Herd("d1", 2, ("c2", "c3")), no("A12"), "never-across-a-pont"),
    case(herd(cards=dict(HERD, c2="7s"), bridged=("c2",)), Herd("d1", 2, ("c2", "c3")), ok(2),
         "across-a-covered-pont"),
    case(herd(), Herd("e1", 1, ("e2",)), no("A12"), "no-ibex-there"),
    case(herd(), Herd("f1", 1, ("e2",)), no("A12"), "no-ibex-and-nothing-above"),
    case(herd(hand=2), Herd("a1", 3, ("a2", "a3", "a4")), no("A12"), "more-rows-than-cards"),
    case(herd(hand=3), Herd("a1", 3, ("a2", "a3", "a4")), ok(3), "as-many-rows-as-cards"),
    case(herd(hand=1), Herd("a1", 1, ("a2",)), ok(1), "last-card"),
    case(Pos(HERD, ibex=HERD_IBEX), Herd("a1", 1, ("a2",)), no("A12"), "module-off"),
    case(Pos(FULL, ibex={"a8": 3}, options=FAUNA), Herd("a8", 1, ("a9",)), no("A12"), "not-beyond-row-8"),
    case(Pos(FULL, ibex={"a7": 3}, options=FAUNA), Herd("a7", 1, ("a8",)), ok(1), "up-to-row-8"),
    case(Pos(FULL, ibex={"a7": 3}, options=FAUNA), Herd("a7", 2, ("a8", "a9")), no("A12"),
         "through-the-summit"),
    case(herd(), Herd("a1", 1, ("a2",), player=2), no("C1"), "not-your-turn"),
    case(herd(flag=Play("4g", "e2")), Herd("a1", 1, ("a2",)), no("G5"), "while-a-card-is-flagged"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A12_CASES))
def test_a12_herd(position: Pos, event: Event, expected: Expected) -> None:
    game = position.game()
    before, flags = game._save(), game.flagged
    ruling = game.check(event)
    assert ruling_of(ruling) == expected, ruling.message_en
    assert game._save() == before and game.flagged == flags


@pytest.mark.parametrize(
    ("event", "ibex", "discard"),
    [
        pytest.param(Herd("a1", 1, ("a2",)), {"a2": 3, "b1": 1, "c1": 1, "d1": 1}, 1, id="gathers-a2"),
        pytest.param(Herd("a1", 3, ("a2", "a3", "a4")), {"a4": 3, "b1": 1, "c1": 1, "d1": 1}, 3,
                     id="gathers-on-the-way"),
        pytest.param(Herd("b1", 1, ("b2",)), {"a1": 2, "b2": 1, "c1": 1, "d1": 1, "a2": 1}, 1,
                     id="moves-alone"),
        pytest.param(Herd("d1", 2, ("d2", "c3")), {"a1": 2, "b1": 1, "c1": 1, "c3": 1, "a2": 1}, 2,
                     id="to-c3"),
    ],
)
def test_a12_herd_moves_and_gathers(event: Herd, ibex: dict[str, int], discard: int) -> None:
    game = herd(hands=(5, 5, 5), decks=(10, 10, 10)).game()
    before = snapshot(game)
    ruling = game.play(event)
    assert ruling_of(ruling) == ok(discard)
    state = game.state_json()
    assert state["ibex"] == ibex
    rows = {str(r): 0 for r in range(1, 9)}
    for slot, count in ibex.items():
        rows[str(row_of(slot))] += count
    assert state["ibex_by_row"] == rows
    assert sum(state["ibex_by_row"].values()) == 6
    assert (game.hands[0], game.decks[0], game.discards[0], game.turn) == (5, 10 - discard, discard, 2)
    assert game.play(Undo()).legal
    assert snapshot(game) == before


def test_a12_herd_message() -> None:
    ruling = assert_ruling(herd(), Herd("a1", 3, ("a2", "a3", "a4")), ok(3))
    assert ruling.message_en == "herd of 3 ibex from a1 to a4: discard 3"
    assert ruling.message_fr == "troupeau de 3 bouquetin(s) de a1 à a4 : défaussez 3"
    ruling = assert_ruling(herd(), Herd("a1", 1, ("b1",)), no("A12"))
    assert ruling.message_en == "b1 does not rest on a1: ibex climb straight up, never sideways"
    ruling = assert_ruling(herd(), Herd("c1", 1, ("c2",)), no("A12"))
    assert "c2" in ruling.message_en and "Pont" in ruling.message_en
    assert "c2" in ruling.message_fr and "Pont" in ruling.message_fr


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(Herd("a1", 0, ()), id="zero-rows"),
        pytest.param(Herd("a1", 2, ("a2",)), id="path-too-short"),
        pytest.param(Herd("a1", 1, ("a2", "a3")), id="path-too-long"),
        pytest.param(Herd("z1", 1, ("a2",)), id="unknown-origin"),
        pytest.param(Herd("a1", 1, ("c8",)), id="unknown-step"),
    ],
)
def test_a12_malformed_herd(event: Herd) -> None:
    game = herd().game()
    with pytest.raises(MalformedInput):
        game.play(event)


@pytest.mark.parametrize(
    ("options", "card", "ibex"),
    [
        pytest.param(FAUNA, "4s+ibex", {"b1": 1}, id="icon-gets-an-ibex"),
        pytest.param(FAUNA, "4s", {}, id="no-icon-no-ibex"),
        pytest.param({}, "4s+ibex", None, id="module-off"),
    ],
)
def test_a12_ibex_placed_with_the_icon(
    options: Mapping[str, object], card: str, ibex: dict[str, int] | None,
) -> None:
    game = Pos({"a1": "3g"}, options=options).game()
    assert ruling_of(game.play(Play(card, "b1"))) == ok(1)
    state = game.state_json()
    assert state["cells"]["b1"] == card
    if ibex is None:
        assert "ibex" not in state and "ibex_by_row" not in state
        assert game.ibex == [0] * 44
    else:
        assert state["ibex"] == ibex
        assert state["ibex_by_row"] == {str(r): (len(ibex) if r == 1 else 0) for r in range(1, 9)}


def test_a12_icon_covering_a_pont_gets_an_ibex() -> None:
    game = Pos({"a1": "3g", "b1": "bridge", "c1": "5r"}, options=FAUNA).game()
    assert game.play(Play("4s+ibex", "b1")).legal
    assert game.state_json()["ibex"] == {"b1": 1}


A12_SUMMIT_CASES = [
    case(Pos(FULL, ibex={"a8": 5, "b8": 3}, options=FAUNA), SUMMIT, ok(0), "8-on-row-8"),
    case(Pos(FULL, ibex={"b8": 12}, options=FAUNA), SUMMIT, ok(0), "12-on-b8"),
    case(Pos(FULL, ibex={"a8": 7}, options=FAUNA), SUMMIT, no("A12"), "7-on-row-8"),
    case(Pos(FULL, ibex={"a8": 4, "a7": 4, "b7": 4}, options=FAUNA), SUMMIT, no("A12"), "only-row-8-counts"),
    case(Pos(FULL, options=FAUNA), SUMMIT, no("A12"), "no-ibex"),
    case(Pos(FULL, ibex={"a8": 2}), SUMMIT, ok(0), "module-off"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A12_SUMMIT_CASES))
def test_a12_eight_ibex_for_the_sommet(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a12_summit_message() -> None:
    ruling = assert_ruling(Pos(FULL, ibex={"a8": 7}, options=FAUNA), SUMMIT, no("A12"))
    assert ruling.message_en == "Faune montagnarde: 7 ibex on row 8, 8 must reach the summit"
    assert ruling.message_fr == (
        "Faune montagnarde : 7 bouquetins sur la rangée 8, 8 doivent atteindre le sommet")


#: A complete pyramid with a green path up the left edge and 3-4-3, 9-8-7, 5-6 in rows 2 to 4.
ALL_MODULES = {**FULL_NO_GREEN, **LEFT_PATH, "b2": "3r", "c2": "4s", "d2": "3r", "b3": "9r", "c3": "8s",
               "d3": "7r", "b4": "5r", "c4": "6s"}


@pytest.mark.parametrize(
    ("cards", "ibex", "expected"),
    [
        pytest.param(ALL_MODULES, {"a8": 8}, ok(0), id="all-three-met"),
        pytest.param({**FULL_NO_GREEN, **LEFT_PATH}, {"a8": 8}, no("A11"), id="no-sequence"),
        pytest.param(dict(ALL_MODULES, a5="5s"), {"a8": 8}, no("A10"), id="no-green-path"),
        pytest.param(ALL_MODULES, {"a8": 1, "b8": 6}, no("A12"), id="seven-ibex"),
    ],
)
def test_a12_every_module_at_once(cards: dict[str, str], ibex: dict[str, int], expected: Expected) -> None:
    options = {"green_path": True, "documentary": SEQUENCES, "fauna": True}
    assert_ruling(Pos(cards, ibex=ibex, options=options), SUMMIT, expected)
