"""L'Ascension's G5 flags: a refused placement blocks play until taken back or overridden."""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, Flag, IllegalPlay, Override, Play, TakeBack, Undo
from companion.engine.events import Placement
from companion.games.ascension.events import Campfire, Grapple, Herd
from tests.companion.games.ascension.positions import (
    DOCUMENTARY,
    FAUNA,
    FREE_MOVE,
    FULL,
    FULL_NO_GREEN,
    GREEN,
    ROW1,
    SUMMIT,
    TWO_5S,
    Pos,
    herd,
    snapshot,
)
from tests.companion.rule_tables import assert_override_then_undo, no, ok, ruling_of

# -- G5: flags, take back, override -------------------------------------------------

BLOCKED = [
    pytest.param(Play("5s", "a2"), id="another-play"),
    pytest.param(Campfire("campfire-g", "a1", "a2"), id="campfire"),
    pytest.param(Discard(), id="discard"),
    pytest.param(DeclareLoss(), id="declare-loss"),
    pytest.param(Herd("a1", 1, ("a2",)), id="herd"),
    pytest.param(Grapple(), id="grapple"),
    pytest.param(SUMMIT, id="sommet"),
    pytest.param(Undo(), id="undo"),
]


@pytest.mark.parametrize("event", BLOCKED)
def test_g5_flag_blocks_other_events(event: Event) -> None:
    game = Pos({"a1": "3g"}, ibex={"a1": 1}, options=FAUNA).game()
    before = game._save()
    ruling = game.play(Play("4g", "b1"))
    assert ruling_of(ruling) == no("A2")
    assert game.flagged == (Flag(Play("4g", "b1"), ruling),)
    assert game._save() == before
    assert game.state_json()["flagged"] == [{"card": "4g", "at": "b1", "rule": "A2"}]
    blocked = game.check(event)
    assert blocked.rule == "G5"
    assert "green 4" in blocked.message_en and "b1" in blocked.message_en
    assert "4 herbeux" in blocked.message_fr and "b1" in blocked.message_fr
    assert list(game.legal_placements) == [] and list(game.campfires()) == []


def test_g5_refused_campfire_is_flagged_and_taken_back() -> None:
    game = Pos(ROW1).game()
    before = game._save()
    event = Campfire("campfire-g", "a1", "a3")
    ruling = game.play(event)
    assert ruling.rule == "A2"
    assert game.flagged == (Flag(event, ruling),)
    assert game.check(Override()).rule == "G5"
    assert game.play(TakeBack("a3")).rule == "G5"
    assert game.play(TakeBack("a1")).legal
    assert not game.flagged
    assert game._save() == before


def test_g5_refused_events_that_are_not_placements_are_not_flagged() -> None:
    game = herd(hand=1).game()
    before = game._save()
    for event in (Discard(), Herd("a1", 1, ("b1",)), Grapple(), Discard(count=3)):
        assert not game.play(event).legal
        assert game.flagged == () and game._save() == before


def test_g5_second_refused_placement_stacks() -> None:
    game = Pos({"a1": "3g"}).game()
    first = game.play(Play("4g", "b1"))
    second = game.play(Play("5s", "a2"))
    assert (first.rule, second.rule) == ("A2", "G5")
    assert [f.event.at for f in game.flagged] == ["b1", "a2"]
    assert game.check(Override()).rule == "G5"
    assert game.play(TakeBack("a2")).legal
    assert ruling_of(game.check(Override())) == ok(1)
    assert game.play(TakeBack("b1")).legal
    assert game.flagged == ()


def test_g5_take_back() -> None:
    game = Pos({"a1": "3g"}).game()
    before = game._save()
    game.play(Play("4g", "b1"))
    assert ruling_of(game.check(TakeBack("c1"))) == no("G5")
    ruling = game.play(TakeBack("b1"))
    assert ruling.legal
    assert ruling.message_en == "green 4 taken back from b1"
    assert ruling.message_fr == "reprise en b1 : 4 herbeux"
    assert game.flagged == () and game._save() == before and game.move_stack == []
    assert game.play(Play("5s", "b1")).legal


@pytest.mark.parametrize(
    ("position", "event"),
    [
        pytest.param(Pos(), TakeBack("a1"), id="take-back-nothing-flagged"),
        pytest.param(Pos(), Override(), id="override-nothing-flagged"),
        pytest.param(Pos({"a1": "3g"}, flag=Play("4g", "b1")), TakeBack("a1"), id="take-back-wrong-slot"),
    ],
)
def test_g5_nothing_to_take_back_or_override(position: Pos, event: Event) -> None:
    game = position.game()
    flagged = game.flagged
    assert ruling_of(game.play(event)) == no("G5")
    assert game.flagged == flagged


@pytest.mark.parametrize(
    ("position", "placement", "rule"),
    [
        pytest.param(Pos(), Play("5s", "b1"), "A2", id="a2-gap"),
        pytest.param(Pos({"a1": "3g"}), Play("9r", "a2"), "A2", id="a2-unsupported"),
        pytest.param(Pos({"a1": "3g"}), Play("5s", "a1"), "C3", id="c3-occupied"),
        pytest.param(Pos(dict(ROW1, a1="campfire-g")), Play("5r", "a1"), "A5", id="a5-on-a-feu"),
        pytest.param(Pos(TWO_5S), Play("5s", "e1"), "A1", id="a1-third-copy"),
        pytest.param(Pos(), Play("bridge", "a1"), "A4", id="a4-pont-at-an-end"),
        pytest.param(Pos(), SUMMIT, "A6", id="a6-sommet-early"),
        pytest.param(Pos(dict(FULL, e3="bridge")), SUMMIT, "A6", id="a6-pont-showing"),
        pytest.param(Pos(FULL_NO_GREEN, options=GREEN), SUMMIT, "A10", id="a10-green-path"),
        pytest.param(Pos(FULL, options=DOCUMENTARY), SUMMIT, "A11", id="a11-unfilmed"),
        pytest.param(Pos(FULL, options=FAUNA), SUMMIT, "A12", id="a12-ibex"),
        pytest.param(Pos(players=1), Play("1g", "a1"), "A9", id="a9-solo-1"),
        pytest.param(Pos(ROW1), Play("campfire-g", "a1"), "A5", id="a5-feu-as-a-play"),
        pytest.param(Pos(ROW1), Campfire("campfire-s", "a1", "a2"), "A5", id="a5-feu-terrain"),
        pytest.param(Pos(ROW1), Campfire("campfire-g", "d1", "d1"), "A5", id="a5-not-higher"),
        pytest.param(Pos(ROW1), Campfire("campfire-g", "a1", "a3"), "A2", id="a5-moved-unsupported"),
        pytest.param(Pos(ROW1), Campfire("campfire-g", "a1", "b2"), "A2", id="a5-moved-gap"),
        pytest.param(Pos(dict(ROW1, a2="9r")), Campfire("campfire-g", "a1", "a2"), "C3",
                     id="a5-moved-onto-a-card"),
        pytest.param(Pos(), Play("5s", "a1", player=2), "C1", id="c1-wrong-seat"),
        pytest.param(Pos(hand=0), Play("5s", "a1"), "C4", id="c4-game-over"),
    ],
)
def test_g5_what_cannot_be_overridden(position: Pos, placement: Placement, rule: str) -> None:
    game = position.game()
    before = game._save()
    assert game.play(placement).rule == rule
    ruling = game.play(Override())
    assert ruling_of(ruling) == no("G5")
    assert rule in ruling.message_en and rule in ruling.message_fr
    assert game._save() == before and len(game.flagged) == 1
    assert game.play(TakeBack(placement.at)).legal
    assert not game.flagged and game._save() == before


@pytest.mark.parametrize(
    ("position", "placement", "rule", "cost", "slots"),
    [
        pytest.param(Pos({"a1": "3g"}), Play("4g", "b1"), "A2", 1, {"b1": "4g"}, id="terrain-cost-1"),
        pytest.param(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("9r", "b1"), "A2", 4, {"b1": "9r"},
                     id="terrain-on-a-pont"),
        pytest.param(Pos(ROW1), Play("1r", "a2"), "A2", 0, {"a2": "1r"}, id="row-too-high"),
        pytest.param(Pos(dict(ROW1, a2="12r")), Play("1s", "b2"), "A2", 4, {"b2": "1s"},
                     id="row-too-high-cost-11-capped-at-4"),
        pytest.param(Pos({"a1": "3g"}, hand=5), Play("8s", "b1"), "A3", 4, {"b1": "8s"},
                     id="too-costly-5-capped-at-4"),
        pytest.param(Pos({"a1": "3g"}, hand=3), Play("12s", "b1"), "A3", 2, {"b1": "12s"},
                     id="too-costly-9-capped-at-2"),
        pytest.param(Pos({"a1": "3g"}, hand=1), Play("12s", "b1"), "A3", 0, {"b1": "12s"},
                     id="too-costly-last-card-capped-at-0"),
        pytest.param(Pos({"a1": "3g", "b1": "bridge", "c1": "4r"}, hand=2), Play("9s", "b1"), "A3", 1,
                     {"b1": "9s"}, id="too-costly-on-a-pont"),
        pytest.param(Pos(dict(ROW1, a2="9s")), Campfire("campfire-g", "a1", "b2"), "A3", 4,
                     {"a1": "campfire-g", "b2": "3g"}, id="campfire-moved-too-costly"),
        pytest.param(Pos(dict(ROW1, a2="9s"), hand=2), Campfire("campfire-g", "a1", "b2"), "A3", 1,
                     {"a1": "campfire-g", "b2": "3g"}, id="campfire-moved-too-costly-hand-2"),
        pytest.param(Pos(dict(ROW1, a2="9g")), Campfire("campfire-g", "d1", "b2"), "A2", 4,
                     {"d1": "campfire-g", "b2": "4g"}, id="campfire-moved-beside-its-terrain"),
        pytest.param(Pos(dict(ROW1, a2="9g"), options=FREE_MOVE), Campfire("campfire-g", "d1", "b2"), "A2", 0,
                     {"d1": "campfire-g", "b2": "4g"}, id="campfire-moved-beside-its-terrain-free"),
        pytest.param(Pos(dict(ROW1, a2="9r", b2="8s")), Campfire("campfire-g", "g1", "a3"), "A2", 0,
                     {"g1": "campfire-g", "a3": "2g"}, id="campfire-moved-row-too-high"),
    ],
)
def test_g5_override_with_capped_cost_then_undo(
    position: Pos, placement: Placement, rule: str, cost: int, slots: dict[str, str],
) -> None:
    game = position.game()
    seat, hand = game.turn - 1, game.hands[game.turn - 1]
    deck, discards = game.decks[seat], game.discards[seat]
    refused = game.play(placement)
    assert refused.rule == rule
    flagged_state, flags = snapshot(game), game.flagged
    ruling = game.play(Override())
    assert ruling_of(ruling) == ok(cost)
    assert placement.at in ruling.message_en and placement.at in ruling.message_fr
    label = game.card_label(placement.card)
    assert str(getattr(label, "en", label)) in ruling.message_en
    assert str(getattr(label, "fr", label)) in ruling.message_fr
    if isinstance(placement, Campfire):
        assert placement.move_to in ruling.message_en and placement.move_to in ruling.message_fr
    assert game.flagged == ()
    cells = game.state_json()["cells"]
    assert {slot: cells[slot] for slot in slots} == slots
    assert_override_then_undo(game, seat=seat, hand=hand, deck=deck, discards=discards, cost=cost,
                              at=placement.at, flagged_state=flagged_state, flags=flags, snapshot=snapshot)


def test_g5_override_message() -> None:
    game = Pos({"a1": "3g"}, hand=3).game()
    game.play(Play("12s", "b1"))
    ruling = game.check(Override())
    assert ruling.message_en == "snowy 12 at b1 kept anyway: discard 2 cards"
    assert ruling.message_fr == "12 enneigé en b1 gardée malgré tout : défaussez 2 cartes"


def test_g5_overridden_card_counts_afterwards() -> None:
    game = Pos({"a1": "3g"}, hands=(5, 5, 5)).game()
    game.play(Play("4g", "b1"))
    assert game.play(Override()).legal
    # The next green card is still refused beside the green 4g; a snowy 9 pays 5 - too much.
    assert game.check(Play("6g", "c1", player=2)).rule == "A2"
    assert game.check(Play("9s", "c1", player=2)).rule == "A3"
    assert ruling_of(game.check(Play("8s", "c1", player=2))) == ok(4)


def test_g5_strict_play_raises_and_flags_nothing() -> None:
    game = Pos({"a1": "3g"}).game()
    with pytest.raises(IllegalPlay):
        game.play(Play("4g", "b1"), strict=True)
    assert game.flagged == ()
