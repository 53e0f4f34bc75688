"""L'Ascension rulings A2 (where a Versant may go) and A3 (what laying it costs)."""

from __future__ import annotations

import pytest

from companion import Event, Play
from companion.games.ascension.pyramid import SLOTS
from tests.companion.games.ascension.positions import ROW1, UNDER_A8, Pos
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- A2: where a Versant may go ---------------------------------------------

A2_CASES = [
    # Slot a of a row, right of a placed card, or on a Pont.
    case(Pos(), Play("5s", "a1"), ok(0), "first-versant-bottom-left"),
    case(Pos(), Play("1s", "a1"), ok(0), "a-1-in-row-1"),
    case(Pos({"a1": "3g"}), Play("5s", "b1"), ok(2), "right-of-a-placed-card"),
    case(Pos(ROW1), Play("12s", "a2"), ok(0), "slot-a-of-row-2"),
    case(Pos({"a1": "3g", "b1": "5s"}), Play("9r", "a2"), ok(0), "new-row-before-the-last-is-complete"),
    case(Pos(dict(ROW1, a2="9r")), Play("9g", "b2"), ok(0), "right-of-a-card-in-row-2"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("6s", "b1"), ok(3), "on-a-pont"),
    case(Pos(UNDER_A8), Play("8s", "a8"), ok(0), "an-8-in-row-8"),
    case(Pos(UNDER_A8), Play("12s", "a8"), ok(0), "a-12-in-row-8"),
    # A gap is never left.
    case(Pos(), Play("5s", "b1"), no("A2"), "gap-b1-on-an-empty-row"),
    case(Pos({"a1": "3g"}), Play("5s", "c1"), no("A2"), "gap-c1"),
    case(Pos({"a1": "3g", "b1": "5s", "c1": "7r"}), Play("6s", "e1"), no("A2"), "gap-e1"),
    case(Pos(ROW1), Play("9r", "b2"), no("A2"), "gap-b2-a2-empty"),
    case(Pos(ROW1), Play("9r", "i1"), no("C3"), "last-slot-taken"),
    # Two cards under it.
    case(Pos({"a1": "3g"}), Play("9r", "a2"), no("A2"), "a2-one-card-under"),
    case(Pos(), Play("9r", "a2"), no("A2"), "a2-nothing-under"),
    case(Pos({"a1": "3g", "b1": "5s", "a2": "9r"}), Play("11g", "b2"), no("A2"), "b2-c1-missing"),
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("9r", "a2"), ok(0), "a-pont-holds-a-card-up"),
    # Never beside a card of its terrain.
    case(Pos({"a1": "3g"}), Play("4g", "b1"), no("A2"), "green-beside-green"),
    case(Pos({"a1": "3g", "b1": "5s"}), Play("8s", "c1"), no("A2"), "snowy-beside-snowy"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("6g", "b1"), no("A2"), "pont-left-same-terrain"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("8r", "b1"), no("A2"),
         "pont-right-same-terrain"),
    case(Pos({"a1": "campfire-g"}), Play("5g", "b1"), no("A2"), "beside-a-green-feu-de-camp"),
    case(Pos(dict(ROW1, a2="9r")), Play("5s", "b2"), ok(4), "same-terrain-above-is-fine"),
    # Only on a row number at most its value.
    case(Pos(ROW1), Play("1r", "a2"), no("A2"), "a-1-in-row-2"),
    case(Pos(ROW1), Play("2r", "a2"), ok(0), "a-2-in-row-2"),
    case(Pos(UNDER_A8), Play("7s", "a8"), no("A2"), "a-7-in-row-8"),
    case(Pos(dict(ROW1, a2="9r", b2="bridge", c2="6g")), Play("1s", "b2"), no("A2"),
         "a-1-on-a-pont-in-row-2"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A2_CASES))
def test_a2_where_a_versant_goes(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


#: The rulebook's snowy 2 (section 4, rules 2 to 4): a row too high at a3, one card
#: under c2 (d1 empty), a snowy card beside d1 (5s at c1).
SNOWY_2 = Pos({"a1": "4r", "b1": "6g", "c1": "5s", "a2": "9g", "b2": "8r"})


@pytest.mark.parametrize(
    ("slot", "key"),
    [
        pytest.param("a3", "row_too_high", id="a-row-above-its-value"),
        pytest.param("c2", "unsupported", id="b-one-card-under-it"),
        pytest.param("d1", "terrain_adjacent", id="c-beside-a-snowy-card"),
    ],
)
def test_a2_rulebook_snowy_2_fits_nowhere(slot: str, key: str) -> None:
    ruling = assert_ruling(SNOWY_2, Play("2s", slot), no("A2"))
    assert ruling.text.key == key
    assert "snowy 2" in ruling.message_en and slot in ruling.message_en
    assert "2 enneigé" in ruling.message_fr and slot in ruling.message_fr


def test_a2_rulebook_snowy_2_every_slot_refused() -> None:
    game = SNOWY_2.game()
    for slot in (*SLOTS, "a9"):
        assert not game.check(Play("2s", slot)).legal, slot
    assert not [p for p in game.legal_placements if p.card.startswith("2s")]
    # Another 2 fits: it is the terrain, the rows and the gaps that stop the snowy one.
    assert ruling_of(game.check(Play("2g", "d1"))) == ok(3)
    assert Play("2g", "d1") in game.legal_placements


def test_a2_rulebook_snowy_2_messages() -> None:
    game = SNOWY_2.game()
    assert game.check(Play("2s", "a3")).message_en == (
        "snowy 2 at a3: a card goes no higher than the row of its value, 2; this is row 3")
    assert game.check(Play("2s", "c2")).message_en == "snowy 2 at c2 needs two cards under it: d1 empty"
    assert game.check(Play("2s", "c2")).message_fr == (
        "2 enneigé en c2 doit reposer sur deux cartes : d1 vide")
    assert game.check(Play("2s", "d1")).message_en == (
        "snowy 2 at d1 cannot stand beside the snowy 5 at c1: two snowy cards are never side by side")
    assert game.check(Play("2s", "d1")).message_fr == (
        "2 enneigé en d1 ne peut être à côté du 5 enneigé en c1 : "
        "deux cartes enneigées ne sont jamais adjacentes")
    assert game.check(Play("2s", "e1")).message_fr == (
        "2 enneigé en e1 doit se poser à droite d'une carte, en début de rangée ou sur un Pont : d1 est vide")


# -- A3: the cost -----------------------------------------------------------

#: Stewart's example (section 4, Ponts): 9r, the green Feu de camp (adopting 9), a Pont, 7r.
STEWART = dict(ROW1, a2="9r", b2="campfire-g", c2="bridge", d2="7r")

A3_CASES = [
    case(Pos({"a1": "3g"}), Play("5s", "b1"), ok(2), "rulebook-mary-5-right-of-3"),
    case(Pos({"a1": "5g"}), Play("3s", "b1"), ok(2), "smaller-right-of-greater"),
    case(Pos({"a1": "3g"}), Play("3s", "b1"), ok(0), "equal-values"),
    case(Pos(ROW1), Play("12s", "a2"), ok(0), "cards-below-make-no-cost"),
    case(Pos({"a1": "3g", "b1": "5s", "c1": "11r"}), Play("7g", "a2"), ok(0), "slot-a-has-no-neighbour"),
    # Cost at most the cards left after playing.
    case(Pos({"a1": "3g"}, hand=5), Play("7s", "b1"), ok(4), "cost-4-hand-5"),
    case(Pos({"a1": "3g"}, hand=5), Play("8s", "b1"), no("A3"), "cost-5-hand-5"),
    case(Pos({"a1": "3g"}, hand=3), Play("5s", "b1"), ok(2), "cost-2-hand-3"),
    case(Pos({"a1": "3g"}, hand=3), Play("6s", "b1"), no("A3"), "cost-3-hand-3"),
    case(Pos({"a1": "3g"}, hand=2), Play("4s", "b1"), ok(1), "cost-1-hand-2"),
    case(Pos({"a1": "3g"}, hand=2), Play("5s", "b1"), no("A3"), "cost-2-hand-2"),
    case(Pos({"a1": "3g"}, hand=1), Play("3s", "b1"), ok(0), "cost-0-hand-1"),
    case(Pos({"a1": "3g"}, hand=1), Play("4s", "b1"), no("A3"), "cost-1-hand-1"),
    case(Pos({"a1": "12g"}, hand=5), Play("1s", "b1"), no("A3"), "cost-11"),
    case(Pos({"a1": "3g"}, hand=2, turn=2, hands=(5, 2, 5)), Play("5s", "b1"), no("A3"),
         "the-active-seat-hand-counts"),
    # A Pont has no value: nothing to pay beside it.
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("12s", "c1"), ok(0), "right-of-a-pont"),
    case(Pos({"a1": "12g", "b1": "bridge"}), Play("1s", "c1"), ok(0), "right-of-a-pont-not-across"),
    case(Pos({"a1": "12g"}), Play("bridge", "b1"), ok(0), "a-pont-costs-nothing"),
    # On a Pont: the larger of the two differences.
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("5s", "b1"), ok(4), "pont-right-larger"),
    case(Pos({"a1": "9g", "b1": "bridge", "c1": "3r"}), Play("5s", "b1"), ok(4), "pont-left-larger"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("6s", "b1"), ok(3), "pont-equal-differences"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "4r"}), Play("8s", "b1"), no("A3"),
         "pont-larger-too-costly-smaller-affordable"),
    case(Pos({"a1": "3g", "b1": "bridge"}), Play("7s", "b1"), ok(4), "pont-left-only"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "bridge"}), Play("7s", "b1"), ok(4), "pont-beside-a-pont"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "bridge", "d1": "9r"}), Play("7s", "c1"), ok(2),
         "pont-between-a-pont-and-9"),
    # Stewart: 7s on the Pont between the Feu de camp (adopted 9) and 7r: discard 2.
    case(Pos(STEWART), Play("7s", "c2"), ok(2), "rulebook-stewart"),
    case(Pos(dict(STEWART, d2="8r")), Play("7s", "c2"), ok(2), "stewart-smaller-difference-right"),
    case(Pos(dict(STEWART, d2="11r")), Play("7s", "c2"), ok(4), "stewart-larger-difference-right"),
    case(Pos(dict(STEWART, d2="12r")), Play("7s", "c2"), no("A3"), "stewart-right-too-costly"),
    case(Pos(dict(STEWART, a2="12r")), Play("7s", "c2"), no("A3"), "stewart-left-too-costly"),
    case(Pos(STEWART), Play("7g", "c2"), no("A2"), "stewart-not-green-beside-the-feu"),
    case(Pos(STEWART), Play("5r", "c2"), no("A2"), "stewart-not-rocky-beside-7r"),
    # A Feu de camp counts with its adopted value: the nearest Versant to its left.
    case(Pos(dict(ROW1, a2="9r", b2="campfire-g")), Play("5s", "c2"), ok(4), "feu-adopts-its-left"),
    case(Pos(dict(ROW1, a2="9r", b2="bridge", c2="campfire-g")), Play("5s", "d2"), ok(4),
         "feu-adopts-across-a-pont"),
    case(Pos(dict(ROW1, a2="9r", b2="campfire-g", c2="campfire-s")), Play("6r", "d2"), ok(3),
         "feu-adopts-across-a-feu"),
    case(Pos(dict(ROW1, a2="9r", b2="campfire-g", c2="bridge", d2="campfire-s")), Play("7r", "e2"), ok(2),
         "feu-adopts-across-a-pont-and-a-feu"),
    case(Pos(dict(ROW1, a2="9r", b2="5s", c2="campfire-g"), bridged=("b2",)), Play("6s", "d2"), ok(1),
         "feu-adopts-the-versant-now-covering-a-pont"),
    case(Pos(dict(ROW1, a2="9r", b2="campfire-g"), hand=4), Play("4s", "c2"), no("A3"),
         "feu-adopted-value-too-costly"),
    # FAQ: a Feu de camp in slot a has no value; it is ignored.
    case(Pos(dict(ROW1, a2="campfire-g")), Play("9s", "b2"), ok(0), "faq-feu-in-slot-a-ignored"),
    case(Pos(dict(ROW1, a2="campfire-g", b2="campfire-s")), Play("12r", "c2"), ok(0),
         "faq-two-feux-from-slot-a"),
    case(Pos(dict(ROW1, a2="campfire-g", b2="bridge", c2="4r")), Play("6s", "b2"), ok(2),
         "faq-feu-in-slot-a-ignored-on-a-pont"),
    case(Pos(dict(ROW1, a2="campfire-g", b2="bridge", c2="4r")), Play("12s", "b2"), no("A3"),
         "faq-feu-in-slot-a-pont-other-side-counts"),
    case(Pos(dict(ROW1, a2="campfire-s", b2="bridge")), Play("12r", "b2"), ok(0),
         "faq-feu-in-slot-a-and-nothing-right"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A3_CASES))
def test_a3_cost(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a3_rulebook_mary_pays_two() -> None:
    game = Pos({"a1": "3g"}, hands=(5, 5, 5), decks=(10, 10, 10)).game()
    ruling = game.play(Play("5s", "b1"))
    assert ruling_of(ruling) == ok(2)
    assert ruling.message_en == "Seat 1 laid snowy 5 at b1 next to the green 3 at a1: discard 2 cards"
    assert ruling.message_fr == (
        "Le joueur 1 a posé 5 enneigé en b1 à côté du 3 herbeux en a1 : défaussez 2 cartes")
    assert (game.hands, game.decks, game.discards, game.turn) == ([5, 5, 5], [7, 10, 10], [2, 0, 0], 2)


def test_a3_rulebook_stewart_message() -> None:
    ruling = assert_ruling(Pos(STEWART), Play("7s", "c2"), ok(2))
    assert ruling.message_en == (
        "Seat 1 laid snowy 7 at c2 next to the green Feu de camp (adopted 9) at b2: discard 2 cards")
    assert "Le joueur 1 a posé 7 enneigé en c2" in ruling.message_fr
    assert "Feu de camp herbeux (valeur adoptée 9) en b2" in ruling.message_fr


def test_a3_french_names_a_feu_de_camp_grammatically() -> None:
    ruling = assert_ruling(Pos(STEWART), Play("7s", "c2"), ok(2))
    assert "à côté du Feu de camp herbeux" in ruling.message_fr
    terrain = assert_ruling(Pos(STEWART), Play("7g", "c2"), no("A2"))
    assert "à côté du Feu de camp herbeux" in terrain.message_fr


def test_a3_too_costly_message() -> None:
    ruling = assert_ruling(Pos({"a1": "3g"}, hand=2, turn=2, hands=(5, 2, 5)), Play("6s", "b1"), no("A3"))
    assert ruling.message_en == (
        "snowy 6 at b1 costs 3 cards (next to the green 3 at a1) but seat 2 would hold only 1")
    assert ruling.message_fr == (
        "6 enneigé en b1 coûte 3 cartes (à côté du 3 herbeux en a1) mais le joueur 2 n'en aurait que 1")
