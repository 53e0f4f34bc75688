"""Tranquillité's G5 flags, take back and override, and G4 undo."""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, Flag, Override, Play, StartDiscards, TakeBack, Undo
from companion.games.tranquility.rules import CELL_INDEX
from tests.companion.games.tranquility.positions import FINISH, START, THREE_AFTER_START, Pos, snapshot
from tests.companion.rule_tables import assert_override_then_undo, no, ok, ruling_of

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
