"""Mers agitées' rulings T13 to T16 and T21, as tables of legal and refused cases."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from companion.engine.controls import filled
from companion.engine.events import DeclareLoss, Discard, Event, Play, Undo, event_from_json
from companion.errors import MalformedInput
from companion.games.tranquility.events import Compass, DiscardHand, Drawn, MonsterHeld, Reef, StartDiscards
from companion.games.tranquility.rules import Tranquility
from companion.games.tranquility.seas import Seas, Step
from tests.companion.rule_tables import Row, assert_ruling, case, no, ok, params

REEF = {"reef": True, "reef_row": 3}
MONSTERS = {"monsters": 3}
STORMS = {"storms": True}


def row_of(row: int, start: int) -> dict[str, int]:
    """Row ``row`` filled with ``start`` .. ``start + 5``."""
    return {f"{col}{row}": start + k for k, col in enumerate("abcdef")}


@dataclass(frozen=True)
class SeaPos:
    """A position with modules: the cells, the hands, the sea's own state, events played after."""

    options: Mapping[str, object]
    cells: Mapping[str, int] = field(default_factory=dict)
    hands: tuple[int, ...] = (5, 5, 5)
    decks: tuple[int, ...] | None = None
    turn: int = 1
    start: bool = True
    sea: Mapping[str, Any] = field(default_factory=dict)
    then: tuple[Event, ...] = ()

    def game(self) -> Seas:
        game = Tranquility.from_position(len(self.hands), cells=self.cells, start=self.start,
                                         hands=list(self.hands), turn=self.turn, options=self.options,
                                         decks=None if self.decks is None else list(self.decks))
        assert isinstance(game, Seas)
        game.sea = replace(game.sea, **self.sea)
        game._changed()
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        return game


LOW = {"a1": 3, "b1": 5}
STEP = (Step(2, 20, 5), None, None)  # seat 1 drew 3 cards from a hand of 2

T13: list[Row] = [
    case(SeaPos(REEF, LOW), Play("20", "a3"), no("T13"), "nothing-in-the-reef-row"),
    case(SeaPos(REEF, LOW), Play("20", "a2"), ok(0), "another-row"),
    case(SeaPos(REEF, LOW), Play("1", "a3"), no("T13"), "closed-row-before-order-T21"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Play("30", "b2"), no("T13"), "step-due-first"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Discard(2), no("T13"), "step-due-before-B"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Reef(to=5), ok(0), "moved"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Reef(to=3), no("T13"), "same-row-must-say-stay"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Reef(stay=True), ok(2), "stays-for-two"),
    case(SeaPos(REEF, LOW, hands=(2, 5, 5), then=(Play("20", "a2"),)), Reef(stay=True), no("T13"),
         "stay-needs-two-cards"),
    case(SeaPos(REEF, LOW, then=(Play("20", "a2"),)), Reef(to=5, player=2), no("C1"), "the-acting-seat"),
    case(SeaPos(REEF, {**row_of(1, 1), "c2": 20}, then=(Play("21", "d2"),)), Reef(to=1), no("T13"),
         "not-to-a-full-row"),
    case(SeaPos(REEF, LOW), Reef(to=5), no("T13"), "no-step-due"),
    case(SeaPos({**REEF, "monsters": 3}, LOW), Play("monster", "a1"), ok(0), "monster-action-then-step"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T13))
def test_t13_reef(position: SeaPos, event: Event, expected: Any) -> None:
    assert_ruling(position, event, expected)


def test_t13_step_comes_before_the_draw_and_moves_the_reef() -> None:
    game = SeaPos(REEF, LOW, hands=(5, 5, 5), decks=(20, 20, 20)).game()
    game.play(Play("20", "a2"))  # costs nothing: the hand is 4 until the step
    assert (game.hands[0], game.turn, game.state_json()["pending"]) == (4, 1, "reef")
    game.play(Reef(to=6))
    assert (game.hands[0], game.turn, game.sea.reef_row) == (5, 2, 6)
    assert game.check(Play("70", "a6", player=2)).rule == "T13"
    assert game.check(Play("30", "a3", player=2)).legal


def test_t13_four_full_rows_send_the_reef_away_for_good() -> None:
    fifth = {f"{c}5": 25 + k for k, c in enumerate("abcde")}
    cells = {**row_of(1, 1), **row_of(2, 7), **row_of(4, 19), **fifth}
    game = SeaPos({"reef": True, "reef_row": 3, "monsters": 3}, cells).game()
    game.play(Play("30", "f5"))  # the fourth full row: no step, the reef is gone
    assert game.sea.reef_row is None and game.turn == 2
    assert game.check(Reef(to=6, player=2)).rule == "T13"
    game.play(Play("monster", "a1", player=2))  # a full row emptied does not bring it back
    assert game.sea.reef_row is None and game.turn == 3


T14: list[Row] = [
    case(SeaPos(MONSTERS, LOW), Play("monster", "b1"), ok(0), "on-an-island-card"),
    case(SeaPos(MONSTERS, LOW), Play("monster", "c1"), no("T14"), "not-on-an-empty-cell"),
    case(SeaPos(MONSTERS, LOW), Play("monster", "finish"), no("T14"), "not-on-a-corner"),
    case(SeaPos(MONSTERS, LOW), Play("monster", "start"), no("T14"), "not-on-the-start"),
    case(SeaPos(MONSTERS, LOW, sea={"purple": (1,)}), Play("monster", "a1"), no("T15"),
         "not-in-a-purple-row"),
    case(SeaPos({**MONSTERS, "reef": True, "reef_row": 1}, LOW), Play("monster", "a1"), no("T13"),
         "not-in-the-reef-row"),
    case(SeaPos(MONSTERS, LOW, sea={"monsters_played": 3}), Play("monster", "a1"), no("G2"), "none-left"),
    case(SeaPos(STORMS, LOW), Play("monster", "a1"), no("C6"), "module-off"),
    case(SeaPos(MONSTERS, LOW), MonsterHeld(2, player=2), ok(None), "held-said"),
    case(SeaPos(MONSTERS, LOW, sea={"reported": (0, 2, 0)}), MonsterHeld(2, player=3), no("T14"),
         "more-than-unplayed"),
    case(SeaPos(MONSTERS, LOW, hands=(5, 1, 5)), MonsterHeld(2, player=2), no("G2"), "more-than-the-hand"),
    case(SeaPos(MONSTERS, LOW, hands=(3, 5, 5)), DeclareLoss(), ok(None), "loss-from-three-cards"),
    case(SeaPos({"reef": True, "reef_row": 6}, LOW, hands=(3, 5, 5)), DeclareLoss(), no("T9"),
         "loss-refused-without-monsters"),
    case(SeaPos(MONSTERS, LOW), Play("finish", "finish"), no("T7"), "incomplete-names-T7-first"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T14))
def test_t14_monsters(position: SeaPos, event: Event, expected: Any) -> None:
    assert_ruling(position, event, expected)


FULL = {name: value for row in range(1, 7) for name, value in row_of(row, 1 + (row - 1) * 6).items()}


@pytest.mark.parametrize(("sea", "decks", "expected"), [
    pytest.param({"reported": (0, 1, 0)}, (5, 5, 5), no("T14"), id="a-monster-said-held"),
    pytest.param({}, (0, 0, 0), no("T14"), id="decks-empty-monsters-in-hands"),
    pytest.param({"monsters_played": 3}, (0, 0, 0), ok(0), id="all-played"),
    pytest.param({}, (5, 0, 0), ok(0), id="unplayed-maybe-in-a-deck"),
])
def test_t14_the_finish_waits_for_monsters(sea: dict[str, Any], decks: tuple[int, ...],
                                           expected: Any) -> None:
    assert_ruling(SeaPos(MONSTERS, FULL, decks=decks, sea=sea), Play("finish", "finish"), expected)


def test_t14_a_monster_takes_the_card_and_clears_a_report() -> None:
    game = SeaPos(MONSTERS, LOW, sea={"reported": (1, 0, 0)}).game()
    ruling = game.play(Play("monster", "b1"))
    assert "5" in ruling.message_en and "5" in ruling.message_fr
    assert game.cells[1] == 0 and game.sea.reported == (0, 0, 0) and game.sea.monsters_played == 1
    assert game.check(Play("4", "b1", player=2)).legal  # refilled by any card that fits


def test_t14_no_loss_proved_while_the_card_may_be_a_monster() -> None:
    game = SeaPos(MONSTERS, {**FULL, "f6": 0}, hands=(1, 5, 5), decks=(0, 3, 3)).game()
    assert game.outcome() is None
    gone = SeaPos(MONSTERS, {**FULL, "f6": 0}, hands=(1, 5, 5), decks=(0, 3, 3),
                  sea={"monsters_played": 3}).game()
    assert gone.outcome() is not None and gone.outcome().result == "lost"  # type: ignore[union-attr]


T15: list[Row] = [
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-yellow", player=1), ok(0),
         "yellow-hand-of-two"),
    case(SeaPos(STORMS, LOW, sea={"steps": (Step(4, 20, 5), None, None)}),
         Drawn(card="storm-yellow", player=1), ok(1), "yellow-first-card-of-four"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-yellow", count=1, player=1), ok(1),
         "yellow-third-card"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-yellow", count=3, player=1), no("T15"),
         "yellow-count-impossible"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-yellow", player=2), no("T15"),
         "seat-drew-nothing"),
    case(SeaPos(STORMS, LOW, sea={"steps": (Step(5, 20, 5), None, None)}),
         Drawn(card="storm-orange", player=1), no("T15"), "hand-was-full"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-purple", row=2, player=1), ok(0),
         "purple-on-a-row"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-purple", player=1), no("T15"),
         "purple-row-missing"),
    case(SeaPos(STORMS, row_of(1, 1), sea={"steps": STEP}), Drawn(card="storm-purple", row=1, player=1),
         no("T15"), "purple-full-row"),
    case(SeaPos(STORMS, FULL, sea={"steps": STEP}), Drawn(card="storm-purple", player=1), ok(0),
         "purple-no-open-row-void"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-orange", row=2, player=1), no("T15"),
         "row-for-purple-only"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-orange", count=1, player=1), no("T15"),
         "count-for-yellow-only"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP, "storms_drawn": (2, 0, 0)}),
         Drawn(card="storm-yellow", player=1), no("G2"), "third-yellow-of-two"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="27", player=1), no("G2"), "not-a-storm"),
    case(SeaPos({"monsters": 3}, LOW, sea={"steps": STEP}), Drawn(card="storm-yellow", player=1), no("C6"),
         "module-off"),
    case(SeaPos(STORMS, LOW, sea={"purple": (2,)}), Play("20", "a2"), no("T15"), "purple-closes-its-row"),
    case(SeaPos(STORMS, LOW, sea={"orange": (1, 0, 0)}), Play("20", "a2"), no("T15"), "orange-not-adjacent"),
    case(SeaPos(STORMS, LOW, sea={"orange": (1, 0, 0)}), Play("7", "c1"), ok(2), "orange-adjacent"),
    case(SeaPos(STORMS, {"f1": 10}, sea={"orange": (1, 0, 0)}), Play("12", "a2"), ok(2),
         "orange-adjacent-across-the-row-end"),
    case(SeaPos(STORMS, {"a1": 1}, sea={"orange": (1, 0, 0)}), Play("40", "a2"), no("T15"),
         "orange-above-is-no-neighbour"),
    case(SeaPos(STORMS, LOW, sea={"orange": (1, 0, 0)}), Play("4", "d1"), no("T2"), "T2-before-orange"),
    case(SeaPos(STORMS, LOW, sea={"orange": (1, 0, 0)}), Play("6", "d1"), no("T3"), "T3-before-orange"),
    case(SeaPos(STORMS, LOW, hands=(2, 5, 5), sea={"orange": (1, 0, 0)}), Play("40", "a6"), no("T15"),
         "orange-before-T5"),
    case(SeaPos(STORMS, {}, sea={"orange": (1, 0, 0)}), Play("20", "a2"), no("T15"), "orange-empty-grid"),
    case(SeaPos(STORMS, LOW, sea={"orange": (0, 1, 0)}), Play("20", "a2"), ok(0), "orange-of-another-seat"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T15))
def test_t15_storms(position: SeaPos, event: Event, expected: Any) -> None:
    assert_ruling(position, event, expected)


def test_t15_a_yellow_keeps_the_hand_at_three_and_the_counts_true() -> None:
    # Seat 1 played from 5 (free), so its step started at 4 and drew 1 card: the storm.
    game = SeaPos(STORMS, LOW, decks=(20, 20, 20)).game()
    game.play(Play("20", "a2"))
    assert (game.hands[0], game.decks[0]) == (5, 19)
    ruling = game.play(Drawn(card="storm-yellow", player=1))
    assert ruling.discard == 1
    assert (game.hands[0], game.decks[0], game.discards[0], game.limit(0)) == (3, 19, 1, 3)
    assert game.state_json()["storms"]["yellow"] == [1]


def test_t15_a_storm_in_the_setup_hand_is_replaced() -> None:
    game = Tranquility(2, STORMS)
    assert isinstance(game, Seas)
    hand, deck = game.hands[0], game.decks[0]
    game.play(Drawn(card="storm-orange", player=1))
    assert (game.hands[0], game.decks[0]) == (hand, deck - 1)
    assert game.check(Play("30", "a1")).rule == "T15"  # nothing on the grid to lie next to


def test_t15_a_purple_row_opens_again_with_a_compass() -> None:
    game = SeaPos(STORMS, LOW, sea={"purple": (2,), "compasses": 1}).game()
    assert game.play(Compass("storm-purple", row=2)).legal
    assert game.sea.purple == () and game.sea.compasses == 0
    assert game.check(Play("20", "a2")).legal


T16: list[Row] = [
    case(SeaPos(STORMS, LOW, sea={"yellow": (0, 1, 0), "compasses": 1}), Compass("storm-yellow", seat=2),
         ok(None), "ends-a-yellow"),
    case(SeaPos(STORMS, LOW, sea={"yellow": (0, 1, 0), "compasses": 1}), Compass("storm-yellow", seat=3),
         no("T16"), "no-yellow-there"),
    case(SeaPos(STORMS, LOW, sea={"yellow": (0, 1, 0)}), Compass("storm-yellow", seat=2), no("T16"),
         "pool-empty"),
    case(SeaPos(STORMS, LOW, sea={"purple": (4,), "compasses": 2}), Compass("storm-purple", row=5), no("T16"),
         "no-purple-there"),
    case(SeaPos(STORMS, LOW, sea={"compasses": 1}), Compass(at="c1"), no("T16"), "no-pyramid-compass-here"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP}), Drawn(card="storm-purple", compass=True, player=1),
         no("T16"), "cancel-with-no-compass"),
    case(SeaPos(STORMS, LOW, sea={"steps": STEP, "compasses": 1}),
         Drawn(card="storm-purple", compass=True, player=1), ok(0), "cancelled-as-drawn"),
    case(SeaPos(STORMS, LOW, hands=(4, 5, 5)), DiscardHand(4), ok(4), "whole-hand"),
    case(SeaPos(STORMS, LOW, hands=(4, 5, 5)), DiscardHand(3), no("G2"), "whole-hand-miscounted"),
    case(SeaPos({**STORMS, "whole_hand_min": 3}, LOW, hands=(2, 5, 5)), DiscardHand(2), no("T16"),
         "whole-hand-below-the-minimum"),
    case(SeaPos(REEF, LOW, hands=(4, 5, 5)), DiscardHand(4), no("C7"), "whole-hand-without-storms"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T16))
def test_t16_compasses(position: SeaPos, event: Event, expected: Any) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(("position", "event", "gained"), [
    pytest.param(SeaPos(STORMS, {}, start=False), Play("start", "start"), 1, id="first-start"),
    pytest.param(SeaPos(STORMS, {f"{c}1": v for c, v in zip("abcde", (3, 4, 5, 6, 7), strict=True)}),
                 Play("8", "f1"), 1, id="row-of-six-consecutive"),
    pytest.param(SeaPos(STORMS, {f"{c}1": v for c, v in zip("abcde", (3, 4, 5, 6, 7), strict=True)}),
                 Play("9", "f1"), 0, id="row-not-consecutive"),
    pytest.param(SeaPos(STORMS, LOW, hands=(3, 5, 5)), DiscardHand(3), 1, id="whole-hand"),
    pytest.param(SeaPos(STORMS, LOW, hands=(2, 5, 5)), Discard(2), 1, id="action-B-empties-the-hand"),
    pytest.param(SeaPos(STORMS, LOW, hands=(3, 5, 5)), Discard(2), 0, id="action-B-leaves-one"),
    pytest.param(SeaPos(STORMS, LOW, hands=(3, 5, 5), sea={"gained": 6}), DiscardHand(3), 0, id="six-gained"),
])
def test_t16_compasses_gained(position: SeaPos, event: Event, gained: int) -> None:
    game = position.game()
    before = game.sea.compasses
    assert game.play(event).legal
    assert game.sea.compasses - before == gained


@pytest.mark.parametrize(("from_deck", "expected"), [
    pytest.param({1: 2}, ok(None), id="yellow-seat-gives-two"),
    pytest.param({2: 2}, no("T15"), id="seat-without-yellow"),
    pytest.param({1: 3}, no("T15"), id="more-than-two"),
])
def test_t15_start_split_from_the_deck(from_deck: dict[int, int], expected: Any) -> None:
    position = SeaPos(STORMS, LOW, start=False, hands=(3, 2, 1), decks=(10, 10, 10),
                      sea={"yellow": (1, 0, 0)}, then=(Play("start", "start"),))
    counts = {1: 2, 2: 2, 3: 1}  # 5 from the hands, 2 from seat 1's deck: 7 of the 7 due
    assert_ruling(position, StartDiscards.of(counts, from_deck), expected)


def test_with_monsters_the_split_may_fall_short_by_the_monsters_unplayed() -> None:
    position = SeaPos(MONSTERS, LOW, start=False, then=(Play("start", "start"),))
    # 14 cards in hand, 8 due; 3 monsters unplayed may be among them: 5 to 8 are taken.
    assert_ruling(position, StartDiscards.of({1: 2, 2: 2, 3: 1}), ok(None))
    assert_ruling(position, StartDiscards.of({1: 4, 2: 2, 3: 2}), ok(None))
    assert_ruling(position, StartDiscards.of({1: 2, 2: 1, 3: 1}), no("T6"))
    assert_ruling(position, StartDiscards.of({1: 4, 2: 4, 3: 1}), no("T6"))


@pytest.mark.parametrize("options", [
    pytest.param({"reef": True}, id="reef-without-its-row"),
    pytest.param({"variant": "arch", "storms": True}, id="variant-with-a-module"),
    pytest.param({"storm_colours": {"yellow": 3, "purple": 2, "orange": 2}}, id="seven-storms"),
    pytest.param({"monsters": 2}, id="two-monsters"),
])
def test_t12_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        Tranquility(3, options)


def test_t12_deck_sizes_count_monsters_and_storms() -> None:
    game = Tranquility(3, {"monsters": 5, "storms": True, "removed": 4})
    # 76 island + 5 Finish + 5 monsters + 6 storms, then one Start card each.
    assert sum(game.hands) + sum(game.decks) == 76 + 5 + 5 + 6 + 3


def test_undo_restores_the_sea() -> None:
    game = SeaPos({**REEF, **STORMS, "monsters": 3}, LOW, decks=(9, 9, 9)).game()
    before = game._save()
    game.play(Play("monster", "a1"))
    game.play(Reef(stay=True))
    game.play(Drawn(card="storm-purple", row=2, player=1))
    for _ in range(3):
        assert game.play(Undo()).legal
    assert game._save() == before


def _lines(game: Seas, answers: dict[str, object]) -> dict[str, Any]:
    """Each control's line, filled with ``answers`` for the fields it asks, by its type."""
    found: dict[str, Any] = {}
    for control in game.controls():
        asked = {ask.field: answers[ask.field] for ask in control.ask}
        found.setdefault(control.line["type"] + str(control.line.get("stay", "")), []).append(
            filled(control.line, asked))
    return found


def test_t22_the_page_offers_what_the_camera_cannot_see() -> None:
    steps = (None, Step(2, 20, 5), None)  # seat 2 drew 3 cards: a storm may be told for it
    game = SeaPos({**REEF, **STORMS, "monsters": 3}, LOW, sea={"steps": steps, "compasses": 1,
                                                              "yellow": (0, 1, 0), "purple": (5,)},
                  then=(Play("20", "a2"),)).game()
    lines = _lines(game, {"to": 6, "player": 2, "row": 2, "count": 1, "card": "storm-orange"})
    assert set(lines) == {"reefTrue", "reef", "drawn", "compass", "monster_held"}  # no whole hand: step due
    for kind in ("reefTrue", "reef", "monster_held"):
        assert all(game.check(event_from_json(line)).legal for line in lines[kind]), kind
    assert {line["ends"] for line in lines["compass"]} == {"storm-yellow", "storm-purple"}
    assert all(game.check(event_from_json(line)).legal for line in lines["compass"])
    assert all(game.check(event_from_json(line)).legal for line in lines["drawn"])  # each colour, cancelled


def test_t22_the_page_asks_for_monsters_before_the_finish() -> None:
    assert SeaPos(MONSTERS, FULL).game().notes()[0].render("en").startswith("before the Finish card")
    assert SeaPos(MONSTERS, FULL, sea={"monsters_played": 3}).game().notes() == []
    assert SeaPos(MONSTERS, LOW).game().notes() == []
