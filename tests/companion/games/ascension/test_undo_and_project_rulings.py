"""L'Ascension's G4 undo and the project's rulings C1 to C7."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from companion import (
    AmbiguousReading,
    Discard,
    Event,
    MalformedInput,
    Override,
    Play,
    StartDiscards,
    TakeBack,
    Undo,
)
from companion.games.ascension.events import Campfire, Grapple, Herd
from tests.companion.games.ascension.positions import FAUNA, FULL, ROW1, SEQUENCES, SUMMIT, Pos, snapshot
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- G4: undo ------------------------------------------------------------------------

def test_g4_undo_restores_every_state_exactly() -> None:
    game = Pos(ROW1, hands=(5, 5, 5), decks=(20, 20, 20), ibex={"c1": 2},
               options={"fauna": True, "documentary": SEQUENCES, "green_path": True}).game()
    events: list[Event] = [
        Play("9r+ibex", "a2", player=1),
        Play("8s", "b2"),
        Play("bridge", "c2"),
        Play("10g", "d2"),
        Play("7g", "c2"),  # A2 refused (beside 10g), flagged
        Override(),
        Campfire("campfire-g", "a1", "a3"),
        Herd("c1", 2, ("b2", "a3")),
        Discard(),
        Play("3s", "e2"),  # A3 refused, flagged
        TakeBack("e2"),
        Play("11s", "e2"),
        Herd("a2", 1, ("a3",)),
    ]
    saves = [snapshot(game)]
    for event in events:
        ruling = game.play(event)
        if ruling.legal and not isinstance(event, TakeBack):
            saves.append(snapshot(game))
        else:
            assert snapshot(game)[:-2] == saves[-1][:-2]
    assert len(game.move_stack) == len(saves) - 1 == 10
    assert game.state_json()["ibex"] == {"a3": 3}
    assert game.state_json()["sequences"][1]["filmed"]
    while game.move_stack:
        assert game.play(Undo()).legal
        saves.pop()
        if game.flagged:
            assert snapshot(game)[:-2] == saves[-1][:-2]
            assert game.play(TakeBack("c2")).legal
        assert snapshot(game) == saves[-1]
    assert ruling_of(game.check(Undo())) == no("C5")


def test_g4_undo_restores_grappins_and_solo_state() -> None:
    game = Pos(players=1, decks=(20,)).game()
    saves = [snapshot(game)]
    for event in (Play("5g", "a1"), Grapple(), Discard(), Grapple()):
        assert game.play(event).legal
        saves.append(snapshot(game))
    assert game.grapples == 1
    while game.move_stack:
        assert game.play(Undo()).legal
        saves.pop()
        assert snapshot(game) == saves[-1]


def test_g4_replaying_the_accepted_events_gives_the_same_state() -> None:
    position = Pos(ROW1, hands=(5, 5, 5), decks=(10, 10, 10), options=FAUNA)
    game = position.game()
    events: list[Event] = [Play("9r+ibex", "a2"), Play("1s", "b2"), Override(),
                           Campfire("campfire-g", "a1", "a3"), Discard(), Herd("a2", 1, ("a3",))]
    for event in events:
        game.play(event)
    assert len(game.move_stack) == 5
    replay = position.game()
    for event in game.move_stack:
        if isinstance(event, Override):
            replay.play(Play("1s", "b2"))
        replay.push(event)
    assert replay._save() == game._save()
    assert replay.state_json() == game.state_json()


def test_g4_push_and_pop() -> None:
    game = Pos({"a1": "3g"}).game()
    before = snapshot(game)
    game.push(Play("5s", "b1"))
    assert game.discards[0] == 2
    assert game.pop() == Play("5s", "b1")
    assert snapshot(game) == before


def test_undo_message_names_the_undone_placement() -> None:
    game = Pos(dict(ROW1, a2="7s")).game()
    game.play(Campfire("campfire-g", "a1", "b2"))
    ruling = game.check(Undo())
    assert ruling.legal
    assert "a1" in ruling.message_en and "b2" in ruling.message_en and "Feu de camp" in ruling.message_en
    assert "a1" in ruling.message_fr and "b2" in ruling.message_fr and "Feu de camp" in ruling.message_fr


# -- C1 to C7 ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Shout(Event):
    """An event no game knows."""

    TYPE: ClassVar[str] = "shout"


PROJECT_CASES = [
    case(Pos(), Play("5s", "a1", player=2), no("C1"), "c1-play-seat-2-on-seat-1-turn"),
    case(Pos(), Play("5s", "a1", player=1), ok(0), "c1-right-seat"),
    case(Pos(turn=2), Play("5s", "a1", player=2), ok(0), "c1-seat-2-turn"),
    case(Pos(ROW1), Campfire("campfire-g", "a1", "a2", player=3), no("C1"), "c1-campfire"),
    case(Pos(), Discard(player=3), no("C1"), "c1-discard"),
    case(Pos(), Discard(), ok(None), "c2-discard-two"),
    case(Pos(), Discard(count=1), no("C2"), "c2-discard-one"),
    case(Pos(), Discard(count=3), no("C2"), "c2-discard-three"),
    case(Pos(hand=2), Discard(), ok(None), "c2-hand-2"),
    case(Pos(hand=1), Discard(), no("C2"), "c2-hand-1"),
    case(Pos({"a1": "3g"}), Play("5s", "a1"), no("C3"), "c3-occupied"),
    case(Pos({"a1": "3g"}), Play("3g", "a1"), no("C3"), "c3-same-card"),
    case(Pos(FULL, then=(SUMMIT,)), Discard(), no("C4"), "c4-after-the-sommet"),
    case(Pos(FULL, then=(SUMMIT,)), Undo(), ok(None), "c4-undo-still-allowed"),
    case(Pos(hand=0), Play("5s", "a1"), no("C4"), "c4-lost"),
    case(Pos(), Play("grapple", "a1"), no("C6"), "c6-grappin"),
    case(Pos(), StartDiscards.of({1: 4, 2: 4}), no("C7"), "c7-start-discards"),
    case(Pos(), Shout(), no("C7"), "c7-unknown-event"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(PROJECT_CASES))
def test_project_rulings(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_c1_message() -> None:
    ruling = assert_ruling(Pos(), Play("5s", "a1", player=2), no("C1"))
    assert ruling.message_en == "it is seat 1's turn, not seat 2's"
    assert ruling.message_fr == "c'est au joueur 1 de jouer, pas au joueur 2"


def test_c3_message() -> None:
    ruling = assert_ruling(Pos({"a1": "3g", "b1": "5s"}), Play("5r", "b1"), no("C3"))
    assert ruling.message_en == "rocky 5 cannot go to b1: b1 already holds snowy 5"
    assert ruling.message_fr == "5 rocheux ne peut aller en b1 : b1 porte déjà 5 enneigé"


def test_a5_nothing_covers_a_feu_de_camp_message() -> None:
    ruling = assert_ruling(Pos({"b1": "campfire-s"}), Play("5r", "b1"), no("A5"))
    assert ruling.message_en == (
        "rocky 5 cannot go to b1: nothing covers a Feu de camp, and b1 holds the snowy Feu de camp")
    assert ruling.message_fr == (
        "5 rocheux ne peut aller en b1 : rien ne recouvre un Feu de camp, et b1 porte le Feu de camp enneigé")


@pytest.mark.parametrize(
    ("event", "error"),
    [
        pytest.param(Play("13s", "a1"), MalformedInput, id="value-13"),
        pytest.param(Play("0g", "a1"), MalformedInput, id="value-0"),
        pytest.param(Play("5x", "a1"), MalformedInput, id="terrain-x"),
        pytest.param(Play("campfire", "a1"), MalformedInput, id="campfire-without-terrain"),
        pytest.param(Play("5s", "j1"), MalformedInput, id="column-j"),
        pytest.param(Play("5s", "i2"), MalformedInput, id="i2-is-not-a-slot"),
        pytest.param(Play("5s", "c8"), MalformedInput, id="c8-is-not-a-slot"),
        pytest.param(Play("5s", "b9"), MalformedInput, id="b9-is-not-a-slot"),
        pytest.param(Play("5s", "A1"), MalformedInput, id="upper-case"),
        pytest.param(Play("5s", "a1", player=4), MalformedInput, id="seat-4-of-3"),
        pytest.param(Campfire("campfire-g", "a1", "z3"), MalformedInput, id="campfire-unknown-move"),
        pytest.param(TakeBack("i9"), MalformedInput, id="take-back-unknown-slot"),
        pytest.param(Play("back", "a1"), AmbiguousReading, id="face-down-card"),
    ],
)
def test_malformed_events_raise(event: Event, error: type[Exception]) -> None:
    game = Pos({"a1": "3g"}).game()
    before = game._save()
    with pytest.raises(error):
        game.play(event)
    assert game._save() == before and game.flagged == ()
