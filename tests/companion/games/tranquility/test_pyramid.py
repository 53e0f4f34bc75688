"""The Pyramide (ruling T18) ruled event by event: exploring and each explorer card, the closed
cells, the Joker, the Finish card, the compass, the refusal order of T21 and what cannot be (G2).

Each row is ``(position, event) -> (legal, rule, discard)``; the position is left unchanged by the
check. The cells of the positions are in ``pyramid_positions``; the border cards lie at ``c1`` and
``d3``.
"""

from __future__ import annotations

import pytest

from companion import DeclareLoss, Discard, Event, Play, Undo
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.events import Compass, Explore
from tests.companion.games.tranquility.pyramid_positions import FULL, WHOLE_PILE, PyrPos, joker
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params

# 5 at b1 beside the border card at c1: 8 laid there costs 3 and draws an explorer card.
BESIDE = {"b1": 5}
LAID = Play("8", "c1")
PENDING = PyrPos(BESIDE, then=(LAID,))
KEEPABLE = ("border",) * 2 + ("compass",) * 6 + ("finish",) * 5

EXPLORING = [
    case(PyrPos(BESIDE), LAID, ok(None), "on-a-border-card-discard-waits"),
    case(PyrPos(BESIDE), Play("8", "d1"), ok(0), "elsewhere-ruled-as-usual"),
    case(PyrPos(BESIDE, drawn=WHOLE_PILE), LAID, ok(3), "empty-pile-draws-nothing"),
    case(PyrPos(BESIDE, held=1), joker(8, "c1"), ok(None), "a-joker-explores-too"),
    # The explorer card's ruling gives the discard (the hand holds 4 once 8 is laid).
    case(PENDING, Explore("start"), ok(3), "start-no-effect-pays-the-cost"),
    case(PyrPos(BESIDE, options={"pyramid_hard": True}, then=(LAID,)), Explore("start"), ok(4),
         "hard-start-costs-one-more"),
    case(PENDING, Explore("reef"), ok(4), "reef-one-more-from-hand"),
    case(PyrPos(BESIDE, hand=4, then=(LAID,)), Explore("reef"), ok(4), "reef-one-more-from-the-deck"),
    case(PyrPos(BESIDE, hand=4, decks=(0, 5, 5), then=(LAID,)), Explore("reef"), ok(3),
         "reef-with-hand-and-deck-empty"),
    case(PyrPos(BESIDE, hand=4, decks=(0, 5, 5), options={"pyramid_hard": True}, then=(LAID,)),
         Explore("start"), ok(3), "hard-start-with-hand-and-deck-empty"),
    case(PENDING, Explore("back"), ok(3), "kept-unseen-pays-the-cost"),
    case(PENDING, Explore("border"), ok(3), "joker-shown-pays-the-cost"),
    case(PENDING, Explore("compass"), ok(3), "compass-shown-pays-the-cost"),
    case(PENDING, Explore("finish"), ok(3), "finish-shown-pays-the-cost"),
    case(PENDING, Explore("storm-yellow"), ok(0), "storm-undoes-the-placement"),
    case(PENDING, Explore("storm-orange"), ok(0), "any-storm-colour"),
    case(PENDING, Explore("monster"), ok(0), "monster-undoes-the-placement"),
    case(PyrPos(BESIDE, options={"pyramid_undone_pays_cost": True}, then=(LAID,)), Explore("storm-purple"),
         ok(3), "storm-pays-with-the-option"),
    case(PyrPos(BESIDE, options={"pyramid_undone_pays_cost": True}, then=(LAID,)), Explore("monster"),
         ok(3), "monster-pays-with-the-option"),
    # Only the explorer card may follow (T18), checked after the turn (T21).
    case(PENDING, Play("20", "e1"), no("T18"), "pending-play"),
    case(PENDING, Discard(), no("T18"), "pending-discard"),
    case(PENDING, Compass(at="d3"), no("T18"), "pending-compass"),
    case(PENDING, DeclareLoss(), no("T18"), "pending-declare-loss"),
    case(PENDING, Play("finish", "finish"), no("T18"), "pending-finish"),
    case(PENDING, Play("20", "e1", player=2), no("C1"), "pending-other-seat-turn-first"),
    case(PENDING, Explore("start", player=2), no("C1"), "explorer-card-of-another-seat"),
    case(PENDING, Explore("start", player=1), ok(3), "explorer-card-seat-said"),
    case(PENDING, Undo(), ok(None), "pending-undo"),
    case(PyrPos(BESIDE), Explore("start"), no("T18"), "no-card-waiting"),
    # What the pile cannot give is a misreading (G2).
    case(PyrPos(BESIDE, drawn=("start",) * 5, then=(LAID,)), Explore("start"), no("G2"), "sixth-start"),
    case(PyrPos(BESIDE, drawn=("reef",), then=(LAID,)), Explore("reef"), no("G2"), "second-reef"),
    case(PyrPos(BESIDE, drawn=("storm-yellow",) * 2, then=(LAID,)), Explore("storm-yellow"), no("G2"),
         "third-yellow-storm"),
    case(PyrPos(BESIDE, options={"storm_colours": {"yellow": 4, "purple": 0, "orange": 2}}, then=(LAID,)),
         Explore("storm-purple"), no("G2"), "storm-colours-option"),
    case(PyrPos(BESIDE, options={"pyramid_easy": True}, then=(LAID,)), Explore("monster"), no("G2"),
         "easy-has-no-monster"),
    case(PyrPos(BESIDE, drawn=("border",) * 2, then=(LAID,)), Explore("border"), no("G2"), "third-joker"),
    case(PyrPos(BESIDE, drawn=("border",) * 2, options={"pyramid_easy": True}, then=(LAID,)),
         Explore("border"), ok(3), "easy-third-joker"),
    case(PyrPos(BESIDE, drawn=KEEPABLE, then=(LAID,)), Explore("back"), no("G2"), "nothing-left-to-keep"),
    case(PyrPos(BESIDE, drawn=("back",) * 13, then=(LAID,)), Explore("compass"), no("G2"),
         "kept-unseen-used-them-all"),
    case(PyrPos(BESIDE, drawn=("back",) * 12, then=(LAID,)), Explore("finish"), ok(3), "one-kept-left"),
]

# A storm lies on c1 until a compass clears it.
STORMY = PyrPos(BESIDE, storms={"c1": "storm-yellow"}, held=1)
CLOSED = [
    case(STORMY, LAID, no("T18"), "storm-closes-the-cell"),
    case(STORMY, Play("3", "c1"), no("T18"), "closed-before-order"),
    case(STORMY, joker(8, "c1"), no("T18"), "closed-to-a-joker"),
    case(STORMY, Play("8", "d1"), ok(0), "a-storm-makes-no-cost"),
    case(STORMY, Play("8", "b1"), no("C3"), "occupied"),
]

# 30 at e1, 40 at g1: f1 lies between them.
GAP = {"e1": 30, "g1": 40}
JOKERS = [
    case(PyrPos(GAP, held=1), joker(31, "f1"), ok(1), "joker-ruled-as-its-value"),
    case(PyrPos(GAP, held=1), joker(30, "f1"), no("T18"), "joker-value-on-the-grid"),
    case(PyrPos(GAP, held=1), joker(25, "f1"), no("T2"), "joker-out-of-order"),
    case(PyrPos(GAP, held=1), joker(35, "f1"), no("T5"), "joker-too-costly"),
    case(PyrPos(GAP), joker(31, "f1"), no("G2"), "joker-never-kept"),
    case(PyrPos(GAP, held=1, jokers={"a2": 50, "b2": 51}), joker(31, "f1"), no("G2"), "third-joker-laid"),
    case(PyrPos(GAP, held=1, jokers={"a2": 50, "b2": 51}, options={"pyramid_easy": True}), joker(31, "f1"),
         ok(1), "easy-third-joker-laid"),
    case(PyrPos(GAP, held=1), joker("start", "f1"), no("T18"), "joker-as-start"),
    case(PyrPos(GAP, held=1), joker(35, "start"), no("T18"), "joker-at-start"),
    case(PyrPos(FULL, held=1), joker("finish", "finish"), ok(0), "joker-as-finish"),
    case(PyrPos(GAP, held=1), joker("finish", "finish"), no("T7"), "joker-as-finish-too-early"),
    case(PyrPos(GAP, held=1), joker("finish", "f1"), no("T7"), "joker-as-finish-on-a-cell"),
    case(PyrPos(GAP, held=1), joker(35, "finish"), no("T7"), "joker-as-island-at-finish"),
]

ALL_BUT_SUMMIT = {cell: v for cell, v in FULL.items() if cell != "a8"}
CORNERS_AND_CARDS = [
    case(PyrPos(FULL, held=1), Play("finish", "finish"), ok(0), "finish-on-a-full-pyramid"),
    case(PyrPos(FULL), Play("finish", "finish"), no("G2"), "finish-never-kept"),
    case(PyrPos(ALL_BUT_SUMMIT, held=1), Play("finish", "finish"), no("T7"), "finish-one-cell-empty"),
    case(PyrPos(ALL_BUT_SUMMIT, held=1, storms={"a8": "storm-orange"}), Play("finish", "finish"), no("T7"),
         "finish-with-a-storm-left"),
    case(PyrPos(GAP, held=1), Play("finish", "f1"), no("T7"), "finish-on-a-cell"),
    case(PyrPos(), Play("start", "start"), no("T18"), "no-start-corner"),
    case(PyrPos(), Play("start", "a1"), no("T18"), "start-on-a-cell"),
    case(PyrPos(), Play("10", "start"), no("T18"), "island-at-start"),
    case(PyrPos(), Play("10", "finish"), no("T7"), "island-at-finish"),
    case(PyrPos(), Play("reef", "a1"), no("C6"), "reef-not-laid"),
    case(PyrPos(held=1), Play("compass", "a1"), no("C6"), "compass-not-laid"),
    case(PyrPos(), Play("monster", "a1"), no("C6"), "monster-not-laid"),
    case(PyrPos(), Play("storm-purple", "a1"), no("C6"), "storm-not-laid"),
]

# A purple storm on c1, the active seat having kept an explorer card.
CLEARABLE = PyrPos(BESIDE, storms={"c1": "storm-purple"}, held=1)
COMPASSES = [
    case(CLEARABLE, Compass(at="c1"), ok(None), "compass-clears-a-storm"),
    case(CLEARABLE, Compass(at="c1", player=1), ok(None), "compass-seat-said"),
    case(CLEARABLE, Compass(at="d1"), no("T18"), "compass-where-no-storm"),
    case(CLEARABLE, Compass(at="d3"), no("T18"), "compass-on-a-bare-border-card"),
    case(CLEARABLE, Compass(at="c1", player=2), no("C1"), "compass-is-the-turn-action"),
    case(CLEARABLE, Compass("storm-purple", row=1), no("T18"), "compass-of-the-pool"),
    case(PyrPos(BESIDE, storms={"c1": "storm-purple"}), Compass(at="c1"), no("G2"), "compass-never-kept"),
    case(PyrPos(BESIDE, storms={"c1": "storm-purple"}, held=1, compasses=6), Compass(at="c1"), no("G2"),
         "seventh-compass"),
]

# T1 to T5 along the pyramid's sequence: row 1 (a1..h1), then row 2 (a2..g2), ... up to a8.
SEQUENCE = [
    case(PyrPos({"h1": 10}), Play("12", "a2"), ok(2), "adjacent-across-the-row-end"),
    case(PyrPos({"h1": 10}), Play("12", "b2"), ok(0), "above-is-not-adjacent"),
    case(PyrPos({"h1": 10}), Play("9", "a2"), no("T2"), "order-across-rows"),
    case(PyrPos({"a1": 1}), Play("3", "d1"), no("T3"), "room-between"),
    case(PyrPos(), Play("3", "f1"), no("T3"), "room-before"),
    case(PyrPos(), Play("79", "a7"), no("T3"), "room-after"),
    case(PyrPos(), Play("78", "a7"), ok(0), "room-after-just-enough"),
    case(PyrPos({"b7": 70}), Play("74", "a8"), ok(4), "the-summit-cell"),
    case(PyrPos({"a1": 1}, hand=2), Play("5", "b1"), no("T5"), "too-costly"),
    case(PyrPos(), Discard(), ok(None), "action-b"),
    case(PyrPos(hand=2), DeclareLoss(), no("T9"), "loss-with-two-cards"),
]


@pytest.mark.parametrize(("position", "event", "expected"),
                         params(EXPLORING + CLOSED + JOKERS + CORNERS_AND_CARDS + COMPASSES + SEQUENCE))
def test_pyramid_rulings(position: PyrPos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(("event", "error"), [
    pytest.param(Play("border", "f1"), AmbiguousReading, id="joker-without-its-value-is-asked"),
    pytest.param(Play("back", "f1"), AmbiguousReading, id="face-down"),
    pytest.param(Play("37", "f1", as_="38"), MalformedInput, id="as-on-an-island-card"),
    pytest.param(joker(81, "f1"), MalformedInput, id="joker-beyond-80"),
    pytest.param(joker("monster", "f1"), MalformedInput, id="joker-as-a-monster"),
    pytest.param(Play("37", "f1", up="day"), MalformedInput, id="no-orientation"),
    pytest.param(Play("37", "g7"), MalformedInput, id="no-such-cell"),
    pytest.param(Play("37", "i1"), MalformedInput, id="row-1-has-8-cells"),
    pytest.param(Explore("37"), MalformedInput, id="not-an-explorer-card"),
    pytest.param(Compass(at="b8"), MalformedInput, id="compass-at-no-cell"),
])
def test_what_cannot_be_read(event: Event, error: type[Exception]) -> None:
    game = PyrPos(BESIDE).game()
    with pytest.raises(error):
        game.validate(event)
