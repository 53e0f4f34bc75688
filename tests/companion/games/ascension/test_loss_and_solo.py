"""L'Ascension rulings A8 (proven and declared losses) and A9 (solo, Grappins)."""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, Play, Termination, Undo
from companion.games.ascension.events import Grapple
from companion.games.ascension.rules import Ascension
from tests.companion.games.ascension.positions import (
    FAUNA,
    FREE_MOVE,
    FULL,
    FULL_NO_GREEN,
    GREEN,
    ROW1,
    SUMMIT,
    Pos,
    snapshot,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- A8: loss -----------------------------------------------------------------

#: Every empty slot but d1 lacks a card under it; at d1 (right of 12g) only a 12 of another
#: terrain would cost nothing, and both 12s and both 12r are out; the 3 Ponts are out.
STUCK = {"a1": "12s", "b1": "12r", "c1": "12g", "a2": "12r", "b2": "12s", "a3": "5g"}
STUCK_PONTS = ("b1", "c1", "b2")
#: A full pyramid but Ponts showing at f2 and g2 (between 12g's, with the 12s, the 12r and the
#: snowy and rocky Feux de camp all out): nothing is laid at cost 0, and a herd on g1 cannot climb.
PONTS_ABOVE = dict(FULL, a1="12s", b1="12r", d1="12s", e1="12r", g1="campfire-s", h1="campfire-r", e2="12g",
                   f2="bridge", g2="bridge", h2="12g")
#: Row 1 full and 12g at a2: b2 is the only empty slot with two cards under it; 12s and 12r
#: are both out, but a snowy or rocky Feu de camp can move a 12 there for nothing.
ONLY_A_CAMPFIRE = {"a1": "12s", "b1": "12r", "c1": "12s", "d1": "12r", "e1": "5g", "f1": "6s", "g1": "7r",
                   "h1": "8g", "i1": "9s", "a2": "12g"}


@pytest.mark.parametrize(
    ("position", "lost"),
    [
        pytest.param(Pos(hand=0), True, id="hand-0"),
        pytest.param(Pos(FULL, hand=0), True, id="hand-0-complete-pyramid"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS), True, id="hand-1-nothing-at-cost-0"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS, turn=2, hands=(5, 1, 5)), True,
                     id="hand-1-seat-2"),
        pytest.param(Pos(STUCK, hand=2, bridged=STUCK_PONTS), False, id="hand-2-can-discard"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS, turn=2, hands=(1, 5, 1)), False,
                     id="only-the-active-seat-counts"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS[:2]), False, id="hand-1-a-pont-left"),
        pytest.param(Pos(dict(STUCK, b1="11r"), hand=1, bridged=STUCK_PONTS), False,
                     id="hand-1-a-12r-left"),
        pytest.param(Pos(dict(STUCK, c1="12r", b1="12g"), hand=1, bridged=STUCK_PONTS), False,
                     id="hand-1-a-12g-left"),
        pytest.param(Pos(ONLY_A_CAMPFIRE, hand=1, bridged=STUCK_PONTS), False, id="hand-1-only-a-campfire"),
        pytest.param(Pos(dict(ONLY_A_CAMPFIRE, f1="campfire-s", g1="campfire-r"), hand=1,
                         bridged=STUCK_PONTS), True, id="hand-1-feux-de-camp-out"),
        pytest.param(Pos(dict(ONLY_A_CAMPFIRE, f1="campfire-s", g1="campfire-r"), hand=1, bridged=STUCK_PONTS,
                         options=FREE_MOVE), True, id="hand-1-feux-de-camp-out-free-move"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS, options=FAUNA, ibex={"a2": 1}), False,
                     id="hand-1-a-herd-can-climb"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS, options=FAUNA, ibex={"a3": 2}), True,
                     id="hand-1-nothing-above-the-herd"),
        pytest.param(Pos(STUCK, hand=1, bridged=STUCK_PONTS, options=FAUNA, ibex={"c1": 1}), False,
                     id="hand-1-herd-from-c1-to-b2"),
        pytest.param(Pos(FULL, hand=1), False, id="hand-1-complete-could-be-a-sommet"),
        pytest.param(Pos(dict(FULL, h1="bridge"), hand=1), True, id="hand-1-full-but-a-pont-showing"),
        pytest.param(Pos(PONTS_ABOVE, hand=1, options=FAUNA), True, id="hand-1-two-ponts-no-ibex"),
        pytest.param(Pos(PONTS_ABOVE, hand=1, options=FAUNA, ibex={"g1": 2}), True,
                     id="hand-1-only-ponts-above-the-herd"),
        pytest.param(Pos(PONTS_ABOVE, hand=1, options=FAUNA, ibex={"f1": 1}), False,
                     id="hand-1-herd-can-climb-beside-the-ponts"),
        pytest.param(Pos(hand=1), False, id="hand-1-empty-pyramid"),
        pytest.param(Pos(ROW1, hand=1), False, id="hand-1-a-free-slot"),
    ],
)
def test_a8_proven_loss(position: Pos, lost: bool) -> None:
    game = position.game()
    outcome = game.outcome()
    if not lost:
        assert outcome is None
        assert game.check(Discard()).rule != "C4"
        return
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.NO_ACTION, (), "lost")
    assert str(game.turn) in outcome.text.en and str(game.turn) in outcome.text.fr
    assert game.is_over() and game.state_json()["turn"] is None
    assert game.check(Discard()).rule == "C4"
    assert list(game.legal_placements) == []


def test_a8_stuck_position_has_no_placement_at_cost_0() -> None:
    game = Pos(STUCK, hand=2, bridged=STUCK_PONTS).game()
    assert game.outcome() is None
    plays = list(game.legal_placements)
    assert plays and all(p.at == "d1" for p in plays)
    assert all(game.check(p).discard for p in plays)
    assert list(game.campfires()) == []
    assert game.check(Play("12g", "d1")).rule == "A2"
    assert game.check(Play("12r", "d1")).rule == "A1"
    assert game.check(Play("bridge", "d1")).rule == "A1"


def test_a8_complete_pyramid_with_a_module_unmet_is_a_proven_loss() -> None:
    """A8: with one card on a complete pyramid whose module goal is unmet, even a Sommet
    cannot be laid and nothing else can: the seat cannot act, the loss is proved."""
    game = Pos(FULL_NO_GREEN, hand=1, options=GREEN).game()
    assert list(game.legal_placements) == [] and list(game.campfires()) == []
    outcome = game.outcome()
    assert outcome is not None and not outcome.winners
    assert game.check(SUMMIT).rule == "C4"


def test_a8_complete_pyramid_with_the_module_met_is_not_proved_lost() -> None:
    """The single card could be the Sommet: nothing is proved (G1)."""
    game = Pos(FULL_NO_GREEN, hand=1).game()
    assert ruling_of(game.check(SUMMIT)) == ok(0)
    assert game.outcome() is None


def test_a8_ponts_showing_position_is_stuck_at_cost_0() -> None:
    game = Pos(PONTS_ABOVE, hand=2).game()
    plays = list(game.legal_placements)
    assert plays and {p.at for p in plays} == {"f2", "g2"}
    assert all(game.check(p).discard == 1 for p in plays)
    assert list(game.campfires()) == []


def test_a8_loss_after_the_last_draw() -> None:
    game = Pos(STUCK, bridged=STUCK_PONTS, hands=(5, 1, 5), decks=(3, 0, 3)).game()
    assert game.outcome() is None
    assert game.play(Discard()).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_ACTION
    assert game.play(Undo()).legal and game.outcome() is None


A8_DECLARE_CASES = [
    case(Pos(hand=1), DeclareLoss(), ok(None), "hand-1"),
    case(Pos(FULL, hand=1), DeclareLoss(), ok(None), "hand-1-complete-card-is-no-sommet"),
    case(Pos(hand=2), DeclareLoss(), no("A8"), "hand-2"),
    case(Pos(hand=5), DeclareLoss(), no("A8"), "hand-5"),
    case(Pos(FULL, hand=2), DeclareLoss(), no("A8"), "hand-2-complete"),
    case(Pos(hand=0), DeclareLoss(), no("C4"), "hand-0-already-lost"),
    case(Pos(hand=1), DeclareLoss(player=2), no("C1"), "wrong-seat"),
    case(Pos(hand=1, turn=2), DeclareLoss(player=2), ok(None), "seat-2"),
    case(Pos(players=1, hand=1, decks=(5,)), DeclareLoss(), no("A8"), "solo-grappins-left"),
    case(Pos(players=1, hand=1, decks=(5,), options={"grapples": 0}), DeclareLoss(), ok(None),
         "solo-no-grappin"),
    case(Pos(players=1, hand=1, decks=(0,)), DeclareLoss(), no("A8"), "solo-grappin-redraws-the-one-card"),
    case(Pos(hand=1), Discard(), no("C2"), "cannot-discard-two-with-one"),
    case(Pos(hand=1, then=(DeclareLoss(),)), Discard(), no("C4"), "after-a-reported-loss"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A8_DECLARE_CASES))
def test_a8_declare_loss(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a8_declared_loss_ends_the_game_and_can_be_undone() -> None:
    game = Pos(hand=1).game()
    before = snapshot(game)
    ruling = game.play(DeclareLoss())
    assert ruling.legal and ruling.message_en == "seat 1 cannot act: the game is lost"
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners) == (Termination.REPORTED, ())
    assert game.check(Play("5s", "a1")).rule == "C4"
    assert game.play(Undo()).legal
    assert snapshot(game) == before and game.outcome() is None


def test_a8_refusal_message() -> None:
    ruling = assert_ruling(Pos(hand=3, turn=2), DeclareLoss(), no("A8"))
    assert ruling.message_en == "seat 2 holds 3 cards and can still discard two: the game goes on"
    assert ruling.message_fr == (
        "le joueur 2 a 3 cartes et peut encore en défausser deux : la partie continue")


# -- A9: solo -------------------------------------------------------------------

SOLO = Pos(players=1, decks=(20,))

A9_CASES = [
    case(SOLO, Play("1g", "a1"), no("A9"), "no-1s"),
    case(SOLO, Play("1r+ibex", "a1"), no("A9"), "no-1s-with-icon"),
    case(SOLO, Play("2g", "a1"), ok(0), "a-2"),
    case(Pos({"a1": "3g"}, players=1), Play("8s", "b1"), ok(5), "hand-6-pays-5"),
    case(Pos({"a1": "3g"}, players=1), Play("9s", "b1"), no("A3"), "hand-6-cannot-pay-6"),
    case(SOLO, Grapple(), ok(None), "grappin"),
    case(Pos(players=1, then=(Grapple(), Grapple())), Grapple(), ok(None), "third-grappin"),
    case(Pos(players=1, then=(Grapple(), Grapple(), Grapple())), Grapple(), no("A9"), "no-fourth-grappin"),
    case(Pos(players=1, options={"grapples": 1}, then=(Grapple(),)), Grapple(), no("A9"), "option-1"),
    case(Pos(players=1, options={"grapples": 0}), Grapple(), no("A9"), "option-0"),
    case(Pos(), Grapple(), no("A9"), "not-in-a-3-player-game"),
    case(Pos(players=2), Grapple(), no("A9"), "not-in-a-2-player-game"),
    case(Pos(), Play("1g", "a1"), ok(0), "1s-in-a-3-player-game"),
    case(Pos(players=1, then=(Grapple(),)), Grapple(player=1), ok(None), "seat-1-in-solo"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A9_CASES))
def test_a9_solo(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("hand", "deck", "after_hand", "after_deck"),
    [
        pytest.param(4, 10, 6, 8, id="hand-4"),
        pytest.param(6, 0, 6, 0, id="empty-deck-same-6"),
        pytest.param(3, 1, 4, 0, id="fewer-than-6-in-all"),
        pytest.param(0, 9, 6, 3, id="empty-hand"),
    ],
)
def test_a9_grappin_shuffles_the_hand_into_the_deck(
    hand: int, deck: int, after_hand: int, after_deck: int,
) -> None:
    game = Pos(players=1, hand=hand, decks=(deck,)).game()
    ruling = game.play(Grapple())
    assert ruling.legal
    assert ruling.message_en == "Grappin: shuffle your hand into your deck and draw 6; 2 left"
    assert ruling.message_fr == (
        "Grappin : remélangez votre main dans le paquet et piochez-en 6 ; il en reste 2")
    assert (game.hands, game.decks, game.discards) == ([after_hand], [after_deck], [0])
    assert game.grapples == 2 and game.state_json()["grapples"] == 2
    assert game.turn == 1


def test_a9_grappin_messages() -> None:
    ruling = assert_ruling(Pos(), Grapple(), no("A9"))
    assert ruling.message_en == "Grappins are used only in a solo game"
    assert ruling.message_fr == "les Grappins ne servent qu'en solo"
    ruling = assert_ruling(Pos(players=1, options={"grapples": 0}), Grapple(), no("A9"))
    assert ruling.message_en == "no Grappin left"
    assert ruling.message_fr == "plus aucun Grappin"
    ruling = assert_ruling(Pos(players=1), Play("1g", "a1"), no("A9"))
    assert "green 1" in ruling.message_en and "1 herbeux" in ruling.message_fr


def test_a9_solo_hand_limit_is_6() -> None:
    game = Pos({"a1": "3g"}, players=1, decks=(20,)).game()
    assert game.hand_limit == 6 and game.hands == [6]
    assert game.play(Play("8s", "b1")).discard == 5
    assert (game.hands, game.decks, game.discards) == ([6], [14], [5])
    assert game.play(Discard()).legal
    assert (game.hands, game.decks, game.discards) == ([6], [12], [7])


def test_a9_grappins_not_in_multiplayer_state() -> None:
    assert "grapples" not in Ascension(3).state_json()
    assert Ascension(3).grapples == 0
    assert Ascension(1).state_json()["grapples"] == 3
    assert Ascension(1, {"grapples": 2}).grapples == 2


def test_a9_solo_placements_hold_no_1() -> None:
    game = Pos(players=1).game()
    plays = list(game.legal_placements)
    assert Play("2g", "a1") in plays and not any(p.card[:2] in ("1g", "1s", "1r") for p in plays)
    assert any(p.card[:2] in ("1g", "1s", "1r") for p in Pos().game().legal_placements)


@pytest.mark.parametrize(
    ("position", "lost"),
    [
        pytest.param(Pos(players=1, hand=0, decks=(5,)), False, id="hand-0-grappin-draws"),
        pytest.param(Pos(players=1, hand=0, decks=(0,)), True, id="hand-0-nothing-to-draw"),
        pytest.param(Pos(players=1, hand=0, decks=(5,), options={"grapples": 0}), True,
                     id="hand-0-no-grappin"),
        pytest.param(Pos(STUCK, players=1, hand=1, decks=(0,), bridged=STUCK_PONTS, options={"grapples": 0}),
                     True, id="hand-1-stuck-no-grappin"),
        pytest.param(Pos(STUCK, players=1, hand=1, decks=(3,), bridged=STUCK_PONTS), False,
                     id="hand-1-stuck-grappin"),
    ],
)
def test_a9_solo_loss(position: Pos, lost: bool) -> None:
    assert (position.game().outcome() is not None) is lost
