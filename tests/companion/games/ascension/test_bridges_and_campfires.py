"""L'Ascension rulings A4 (Ponts) and A5 (Feux de camp)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion import Event, Override, Play, TakeBack
from companion.games.ascension.events import Campfire, Herd
from companion.games.ascension.rules import Ascension
from tests.companion.games.ascension.positions import FAUNA, FREE_MOVE, FULL, ROW1, Pos, without
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- A4: Ponts ----------------------------------------------------------------

A4_CASES = [
    case(Pos({"a1": "3g"}), Play("bridge", "b1"), ok(0), "right-of-a-versant"),
    case(Pos(dict(ROW1, a2="9r")), Play("bridge", "b2"), ok(0), "row-2"),
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("bridge", "c1"), ok(0), "right-of-a-pont"),
    case(Pos({"a1": "campfire-g"}), Play("bridge", "b1"), ok(0), "right-of-a-feu-de-camp"),
    case(Pos(), Play("bridge", "a1"), no("A4"), "slot-a1"),
    case(Pos(ROW1), Play("bridge", "a2"), no("A4"), "slot-a2"),
    case(Pos(without(ROW1, "i1")), Play("bridge", "i1"), no("A4"), "last-slot-i1"),
    case(Pos(without(FULL, "h2")), Play("bridge", "h2"), no("A4"), "last-slot-h2"),
    case(Pos(without(FULL, "b8")), Play("bridge", "b8"), no("A4"), "row-8-has-only-ends"),
    case(Pos({"a1": "3g"}), Play("bridge", "c1"), no("A4"), "not-right-of-a-card"),
    case(Pos(), Play("bridge", "b1"), no("A4"), "nothing-left-of-it"),
    case(Pos({"a1": "3g", "b1": "5s", "a2": "9r"}), Play("bridge", "b2"), no("A4"), "one-card-under-it"),
    case(Pos({"a1": "3g"}), Play("bridge", "a1"), no("C3"), "on-a-versant"),
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("bridge", "b1"), no("C3"), "on-a-pont"),
    case(Pos({"a1": "3g", "b1": "campfire-s"}), Play("bridge", "b1"), no("A5"), "on-a-feu-de-camp"),
    # Any terrain beside a Pont, which has neither value nor terrain.
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("4g", "c1"), ok(0), "green-right-of-pont-after-green"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "4g"}), Play("9g", "d1"), no("A2"), "but-not-beside-green"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A4_CASES))
def test_a4_ponts(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a4_faq_sommet_only_after_the_last_pont_is_covered() -> None:
    game = Pos(dict(FULL, g1="bridge"), hands=(5, 5, 5), decks=(5, 5, 5)).game()
    assert game.check(Play("summit", "a9")).rule == "A6"
    assert Play("summit", "a9") not in game.legal_placements
    # The Sommet refused is flagged and must be taken back: it cannot be overridden.
    assert game.play(Play("summit", "a9")).rule == "A6"
    assert game.play(Override()).rule == "G5"
    assert game.play(TakeBack("a9")).legal
    ruling = game.play(Play("5s", "g1"))
    assert ruling_of(ruling) == ok(4)
    assert ruling.message_en == "Seat 1 laid snowy 5 at g1 next to the green 1 at f1: discard 4 cards"
    assert game.state_json()["bridges_covered"] == ["g1"]
    assert game.is_complete()
    ruling = game.play(Play("summit", "a9", player=2))
    assert ruling_of(ruling) == ok(0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners


def test_a4_covering_a_pont_messages() -> None:
    ruling = assert_ruling(Pos({"a1": "3g", "b1": "bridge", "c1": "3r"}), Play("3s", "b1"), ok(0))
    assert ruling.message_en == "Seat 1 covered the Pont at b1 with snowy 3: nothing to discard"
    assert ruling.message_fr == "Le joueur 1 a recouvert le Pont en b1 de 3 enneigé : rien à défausser"
    ruling = assert_ruling(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("5s", "b1"), ok(4))
    assert ruling.message_en == "Seat 1 laid snowy 5 at b1 next to the rocky 9 at c1: discard 4 cards"
    assert ruling.message_fr == (
        "Le joueur 1 a posé 5 enneigé en b1 à côté du 9 rocheux en c1 : défaussez 4 cartes")


def test_a4_bridge_message() -> None:
    ruling = assert_ruling(Pos(), Play("bridge", "a1"), no("A4"))
    assert ruling.message_en == "a Pont never goes at either end of a row, as at a1"
    assert ruling.message_fr == "un Pont ne se pose jamais au bout d'une rangée, comme en a1"
    ruling = assert_ruling(Pos({"a1": "3g"}), Play("bridge", "b1"), ok(0))
    assert "b1" in ruling.message_en and "Sommet" in ruling.message_en
    assert "b1" in ruling.message_fr and "Sommet" in ruling.message_fr


def test_a4_a_pont_is_kept_under_the_versant_that_covers_it() -> None:
    game = Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}).game()
    assert game.play(Play("6s", "b1")).discard == 3
    assert game.state_json()["cells"]["b1"] == "6s"
    assert game.state_json()["bridges_covered"] == ["b1"]
    # It still counts among the Ponts of the box.
    game = Pos(dict(ROW1, a2="9r"), bridged=("d1", "f1"), then=(Play("bridge", "b2"),)).game()
    assert game.check(Play("bridge", "c2")).rule == "A1"


# -- A5: Feux de camp ----------------------------------------------------------

A5_CASES = [
    case(Pos(ROW1), Campfire("campfire-g", "a1", "a2"), ok(0), "green-replaces-3g-moves-to-a2"),
    case(Pos(ROW1), Campfire("campfire-r", "c1", "a2"), ok(0), "moves-anywhere-higher"),
    case(Pos(dict(ROW1, a2="9r", b2="8g")), Campfire("campfire-g", "a1", "a3"), ok(0), "two-rows-higher"),
    case(Pos(dict(ROW1, a2="7s")), Campfire("campfire-g", "a1", "b2"), ok(4), "moved-pays-4"),
    case(Pos(dict(ROW1, a2="7s"), hand=4), Campfire("campfire-g", "a1", "b2"), no("A3"),
         "moved-4-with-hand-4"),
    case(Pos(dict(ROW1, a2="7s"), hand=4, options=FREE_MOVE), Campfire("campfire-g", "a1", "b2"), ok(0),
         "option-moved-pays-nothing"),
    case(Pos(dict(ROW1, a2="9s")), Campfire("campfire-g", "a1", "b2"), no("A3"), "moved-6-too-costly"),
    case(Pos(dict(ROW1, a2="9s"), options=FREE_MOVE), Campfire("campfire-g", "a1", "b2"), ok(0),
         "option-moved-6-free"),
    case(Pos(dict(ROW1, a2="12s"), hand=1, options=FREE_MOVE), Campfire("campfire-g", "a1", "b2"), ok(0),
         "option-last-card"),
    case(Pos(dict(ROW1, a2="4s"), hand=1), Campfire("campfire-g", "a1", "b2"), no("A3"),
         "last-card-moved-costs-1"),
    case(Pos(dict(ROW1, a2="3s"), hand=1), Campfire("campfire-g", "a1", "b2"), ok(0),
         "last-card-moved-costs-0"),
    case(Pos(dict(ROW1, a2="7r", b2="bridge", c2="5s")), Campfire("campfire-g", "a1", "b2"), ok(4),
         "moved-covers-a-pont"),
    case(Pos(dict(ROW1, a2="7r", b2="bridge", c2="5g")), Campfire("campfire-g", "a1", "b2"), no("A2"),
         "moved-onto-a-pont-beside-its-terrain"),
    # The Versant replaced: a Versant of the Feu de camp's terrain, without ibex.
    case(Pos(ROW1), Campfire("campfire-s", "a1", "a2"), no("A5"), "snowy-feu-on-green-versant"),
    case(Pos(ROW1), Campfire("campfire-r", "b1", "a2"), no("A5"), "rocky-feu-on-snowy-versant"),
    case(Pos({"a1": "3g", "b1": "bridge"}), Campfire("campfire-g", "b1", "a2"), no("A5"), "never-a-pont"),
    case(Pos(dict(ROW1, a1="campfire-g")), Campfire("campfire-s", "a1", "a2"), no("A5"),
         "never-a-feu-de-camp"),
    case(Pos(ROW1), Campfire("campfire-g", "a2", "a3"), no("A5"), "never-an-empty-slot"),
    case(Pos(dict(ROW1, a1="3g+ibex"), ibex={"a1": 1}, options=FAUNA), Campfire("campfire-g", "a1", "a2"),
         no("A5"), "never-a-versant-with-an-ibex"),
    case(Pos(dict(ROW1, a1="3g+ibex"), ibex={"a1": 3}, options=FAUNA), Campfire("campfire-g", "a1", "a2"),
         no("A5"), "never-a-versant-with-a-herd"),
    case(Pos(dict(ROW1, a1="3g+ibex"), options=FAUNA), Campfire("campfire-g", "a1", "a2"), ok(0),
         "icon-but-no-meeple"),
    # The Versant moves at least one row higher, to a legal place.
    case(Pos(ROW1), Campfire("campfire-g", "d1", "d1"), no("A5"), "same-slot"),
    case(Pos(without(ROW1, "i1")), Campfire("campfire-g", "d1", "i1"), no("A5"), "same-row"),
    case(Pos(dict(ROW1, a2="9r")), Campfire("campfire-g", "a2", "a1"), no("A5"), "lower-row"),
    case(Pos(dict(ROW1, a2="9g")), Campfire("campfire-g", "a2", "b1"), no("A5"), "lower-row-occupied"),
    case(Pos(ROW1), Campfire("campfire-g", "a1", "b2"), no("A2"), "moved-leaves-a-gap"),
    case(Pos(ROW1), Campfire("campfire-g", "a1", "a3"), no("A2"), "moved-unsupported"),
    case(Pos(dict(ROW1, a2="9r", b2="8s")), Campfire("campfire-g", "g1", "a3"), no("A2"),
         "moved-2-to-row-3"),
    case(Pos(dict(ROW1, a2="9g")), Campfire("campfire-g", "d1", "b2"), no("A2"), "moved-beside-its-terrain"),
    case(Pos(dict(ROW1, a2="9r")), Campfire("campfire-g", "a1", "a2"), no("C3"), "moved-onto-a-versant"),
    case(Pos(dict(ROW1, a2="campfire-r")), Campfire("campfire-g", "a1", "a2"), no("A5"),
         "moved-onto-a-feu-de-camp"),
    case(Pos(ROW1), Campfire("campfire-g", "a1", "a9"), no("A5"), "moved-to-the-summit"),
    case(Pos(FULL), Campfire("campfire-g", "a9", "a1"), no("A5"), "replacing-at-the-summit"),
    # Played only as a campfire event, and only a Feu de camp replaces.
    case(Pos(ROW1), Play("campfire-g", "a1"), no("A5"), "feu-as-a-play"),
    case(Pos(ROW1), Play("campfire-g", "a2"), no("A5"), "feu-as-a-play-on-an-empty-slot"),
    case(Pos(ROW1), Campfire("12g", "a1", "a2"), no("A5"), "a-versant-does-not-replace"),
    case(Pos(ROW1), Campfire("bridge", "a1", "a2"), no("A5"), "a-pont-does-not-replace"),
    # Nothing covers a Feu de camp.
    case(Pos(dict(ROW1, a1="campfire-g")), Play("5r", "a1"), no("A5"), "versant-on-a-feu"),
    case(Pos(dict(ROW1, b1="campfire-s")), Play("bridge", "b1"), no("A5"), "pont-on-a-feu"),
    case(Pos(dict(ROW1, b1="campfire-s")), Play("summit", "b1"), no("A6"), "sommet-on-a-feu"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A5_CASES))
def test_a5_feux_de_camp(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("options", "discard"),
    [pytest.param({}, 4, id="moved-pays"), pytest.param(FREE_MOVE, 0, id="moved-free")],
)
def test_a5_campfire_applied(options: Mapping[str, object], discard: int) -> None:
    game = Pos(dict(ROW1, a2="7s"), hands=(5, 5, 5), decks=(10, 10, 10), options=options).game()
    ruling = game.play(Campfire("campfire-g", "a1", "b2"))
    assert ruling_of(ruling) == ok(discard)
    cells = game.state_json()["cells"]
    assert (cells["a1"], cells["b2"]) == ("campfire-g", "3g")
    # The Feu de camp is played from the hand; the moved Versant pays (or not).
    assert (game.hands[0], game.decks[0], game.discards[0]) == (5, 10 - 1 - discard, discard)
    assert game.turn == 2
    assert game.check(Play("12s", "a1", player=2)).rule == "A5"
    assert game.check(Campfire("campfire-g", "d1", "c2")).rule == "A1"


def test_a5_campfire_messages() -> None:
    ruling = assert_ruling(Pos(dict(ROW1, a2="7s")), Campfire("campfire-g", "a1", "b2"), ok(4))
    assert ruling.message_en == (
        "Seat 1 laid the green Feu de camp at a1 and green 3 moves up to b2: discard 4 cards")
    assert ruling.message_fr == (
        "Le joueur 1 a posé le Feu de camp herbeux en a1 et 3 herbeux monte en b2 : défaussez 4 cartes")
    ruling = assert_ruling(Pos(dict(ROW1, a2="9s")), Campfire("campfire-g", "a1", "b2"), no("A3"))
    assert "green 3" in ruling.message_en and "b2" in ruling.message_en and "6" in ruling.message_en
    assert "3 herbeux" in ruling.message_fr and "b2" in ruling.message_fr and "6" in ruling.message_fr
    ruling = assert_ruling(Pos(ROW1), Campfire("campfire-s", "a1", "a2"), no("A5"))
    assert ruling.message_en == "the snowy Feu de camp replaces a Versant of its terrain, not green 3 at a1"
    assert ruling.message_fr == "le Feu de camp enneigé remplace un Versant de son type, pas 3 herbeux en a1"
    ruling = assert_ruling(Pos(dict(ROW1, a1="3g+ibex"), ibex={"a1": 2}, options=FAUNA),
                           Campfire("campfire-g", "a1", "a2"), no("A5"))
    assert "2" in ruling.message_en and "a1" in ruling.message_en
    assert "2" in ruling.message_fr and "a1" in ruling.message_fr


def test_a5_moved_versant_with_icon_brings_no_new_ibex() -> None:
    game = Pos(dict(ROW1, a1="3g+ibex"), options=FAUNA).game()
    assert game.play(Campfire("campfire-g", "a1", "a2")).legal
    assert game.state_json()["cells"]["a2"] == "3g+ibex"
    assert game.state_json()["ibex"] == {}


def test_a5_feu_de_camp_value_follows_its_left() -> None:
    """A5: the adopted value is taken whenever a cost is computed, so covering the Pont on its
    left changes it (the rulebook's 'sitôt qu'il est joué' would keep 9)."""
    game = Pos(dict(ROW1, a2="9r", b2="bridge", c2="campfire-g"), hands=(5, 5, 5)).game()
    assert game.check(Play("6s", "d2")).discard == 3
    assert game.play(Play("5s", "b2")).discard == 4
    assert game.check(Play("6r", "d2", player=2)).discard == 1


def test_a5_feu_de_camp_on_a_versant_covering_a_pont() -> None:
    game = Pos(dict(ROW1, a2="9r"), bridged=("d1",), options=FREE_MOVE).game()
    assert ruling_of(game.play(Campfire("campfire-g", "d1", "b2"))) == ok(0)
    state = game.state_json()
    assert (state["cells"]["d1"], state["cells"]["b2"]) == ("campfire-g", "4g")
    assert state["bridges_covered"] == ["d1"]


def test_a12_herd_may_stop_on_a_feu_de_camp() -> None:
    """The texts forbid only Ponts to ibex: a Feu de camp is a card they may climb onto."""
    game = Pos(dict(ROW1, a2="campfire-r"), ibex={"a1": 1}, options=FAUNA).game()
    assert ruling_of(game.play(Herd("a1", 1, ("a2",)))) == ok(1)
    assert game.state_json()["ibex"] == {"a2": 1}


def test_a5_feu_de_camp_never_leaves() -> None:
    game = Pos(dict(ROW1, a1="campfire-g")).game()
    for card in ("3g", "12s", "bridge", "campfire-s", "summit"):
        assert not game.check(Play(card, "a1")).legal
    assert not any(p.at == "a1" for p in game.legal_placements)
    assert not any(c.at == "a1" or c.move_to == "a1" for c in game.campfires())


def test_the_camera_sees_the_cards_laid_and_the_ponts_under_versants() -> None:
    game = Ascension.from_position(2, cards={"a1": "3g", "b1": "5s"}, bridged=["b1"])
    assert game.lying() == {"a1": ("3g", ""), "b1": ("5s", "")}
    assert game.covered() == {"b1": "bridge"}
    game.summit = True
    assert game.lying()["a9"] == ("summit", "")
