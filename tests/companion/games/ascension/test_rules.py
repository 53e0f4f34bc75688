"""Tranquillité : L'Ascension rulings A1 to A12 (shared/RULINGS.md), G5 flags and G4 undo.

Most tests are tables ``(position, event) -> (legal, rule, discard)``: a
:class:`Pos` describes a position, :func:`ok` and :func:`no` the expected
ruling. The rulebook is ``shared/rules/002_*.txt`` (sections 3 to 8); its
examples are here by name (Mary, the snowy 2, Stewart, the FAQ). Project rule
ids: C1 (not your turn), C2 (action B), C3 (occupied slot), C4 (game over),
C5 (nothing to undo), C6 (not a card to lay), C7 (event of another game); G5
covers flags. Slots: ``a1``..``i1`` up to ``a8`` ``b8``, the summit ``a9``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from companion import (
    AmbiguousReading,
    DeclareLoss,
    Discard,
    Event,
    Flag,
    IllegalPlay,
    MalformedInput,
    Override,
    Play,
    StartDiscards,
    TakeBack,
    Termination,
    Undo,
)
from companion.engine.events import Placement
from companion.games.ascension.events import Campfire, Grapple, Herd
from companion.games.ascension.pyramid import LETTERS, ROW_COL, ROWS, SLOT_INDEX, SLOTS, SUPPORT
from companion.games.ascension.rules import Ascension, bridge_holders, deal_sizes
from tests.companion.rule_tables import (
    Expected,
    assert_override_then_undo,
    assert_ruling,
    case,
    no,
    ok,
    params,
    ruling_of,
)

# -- helpers ---------------------------------------------------------------

FAUNA: Mapping[str, object] = {"fauna": True}
SEQUENCES = [[3, 4, 3], [9, 8, 7], [5, 6]]
DOCUMENTARY: Mapping[str, object] = {"documentary": SEQUENCES}
GREEN: Mapping[str, object] = {"green_path": True}
FREE_MOVE: Mapping[str, object] = {"campfire_move_pays_cost": False}


@dataclass(frozen=True)
class Pos:
    """A position: the slots, the active seat's hand, and events played after it is set."""

    cards: Mapping[str, str] = field(default_factory=dict)
    hand: int | None = None
    players: int = 3
    turn: int = 1
    hands: tuple[int, ...] | None = None
    decks: tuple[int, ...] | None = None
    bridged: tuple[str, ...] = ()
    ibex: Mapping[str, int] = field(default_factory=dict)
    options: Mapping[str, object] = field(default_factory=dict)
    then: tuple[Event, ...] = ()
    flag: Placement | None = None

    def game(self) -> Ascension:
        """Build the position: each ``then`` event must be accepted, then ``flag`` is refused."""
        limit = 6 if self.players == 1 else 5
        hand = limit if self.hand is None else self.hand
        hands = (
            list(self.hands) if self.hands is not None
            else [hand if seat == self.turn else limit for seat in range(1, self.players + 1)]
        )
        game = Ascension.from_position(
            self.players, cards=dict(self.cards), bridged=list(self.bridged), ibex=dict(self.ibex),
            hands=hands, decks=None if self.decks is None else list(self.decks), turn=self.turn,
            options=dict(self.options),
        )
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        if self.flag is not None:
            assert not game.play(self.flag).legal
        return game


def snapshot(game: Ascension) -> tuple[object, ...]:
    """The engine's own snapshot plus the public fields read directly (so a wrong ``_save`` shows)."""
    return (
        game._save(), list(game.cards), list(game.bridged), list(game.ibex), list(game.filmed),
        game.summit, game.turn, list(game.hands), list(game.decks), list(game.discards), game.grapples,
        game.state_json(), game.outcome(),
    )


def row_of(slot: str) -> int:
    return ROW_COL[SLOT_INDEX[slot]][0]


def full(terrain: Callable[[int, int], str]) -> dict[str, str]:
    """All 44 slots hold Versants: the terrain of slot k (from 0) of row r is ``terrain(r, k)``;
    each value is the smallest at least the row with fewer than two copies of it (A1, A2)."""
    used: dict[tuple[int, str], int] = {}
    cards: dict[str, str] = {}
    for row in range(ROWS, 0, -1):
        for k in range(10 - row):
            kind = terrain(row, k)
            value = next(v for v in range(row, 13) if used.get((v, kind), 0) < 2)
            used[value, kind] = used.get((value, kind), 0) + 1
            cards[f"{LETTERS[k]}{row}"] = f"{value}{kind}"
    return {slot: cards[slot] for slot in SLOTS}


def without(cards: Mapping[str, str], *slots: str) -> dict[str, str]:
    return {slot: card for slot, card in cards.items() if slot not in slots}


#: A complete pyramid whose green cards make a path i1, h2, g3, f4, e5, d6, c7, b8 (A10).
FULL = full(lambda r, k: "gsr"[(k + r) % 3])
GREEN_PATH = ["i1", "h2", "g3", "f4", "e5", "d6", "c7", "b8"]
#: A complete pyramid with no green card at all.
FULL_NO_GREEN = full(lambda r, k: "sr"[k % 2])
#: Rows 1 to 7 with every slot but the last one: a8 can take a card, b8 cannot.
UNDER_A8 = {slot: card for slot, card in FULL.items()
            if row_of(slot) < ROWS and ROW_COL[SLOT_INDEX[slot]][1] < 9 - row_of(slot)}
#: Row 1 complete, the three terrains in turn; one copy of each Versant.
ROW1 = {"a1": "3g", "b1": "5s", "c1": "7r", "d1": "4g", "e1": "6s", "f1": "8r", "g1": "2g", "h1": "9s",
        "i1": "10r"}


def test_full_pyramids_are_well_formed() -> None:
    for cards in (FULL, FULL_NO_GREEN):
        assert list(cards) == list(SLOTS)
        counts: dict[str, int] = {}
        for slot, card in cards.items():
            counts[card] = counts.get(card, 0) + 1
            assert int(card[:-1]) >= row_of(slot)
        assert max(counts.values()) == 2
        for slot in SLOTS:
            k = ROW_COL[SLOT_INDEX[slot]][1]
            if k > 0:
                assert cards[slot][-1] != cards[f"{LETTERS[k - 1]}{row_of(slot)}"][-1]
    assert "a8" not in UNDER_A8 and "b7" in UNDER_A8 and "c7" not in UNDER_A8 and "h1" in UNDER_A8
    assert "i1" not in UNDER_A8 and len(UNDER_A8) == 35


# -- A1: the cards -----------------------------------------------------------

#: Both 5s on the mountain.
TWO_5S = {"a1": "5s", "b1": "3g", "c1": "5s", "d1": "4r"}

A1_CASES = [
    case(Pos(TWO_5S), Play("5s", "e1"), no("A1"), "third-copy-of-a-versant"),
    case(Pos(dict(TWO_5S, a1="5s+ibex")), Play("5s", "e1"), no("A1"), "ibex-icon-is-the-same-versant"),
    case(Pos(TWO_5S), Play("5s+ibex", "e1"), no("A1"), "third-copy-with-the-icon"),
    case(Pos(without(TWO_5S, "c1", "d1")), Play("5s", "c1"), ok(2), "second-copy"),
    case(Pos(TWO_5S), Play("5g", "e1"), ok(1), "other-terrain-same-value"),
    case(Pos(dict(ROW1, a2="campfire-g")), Campfire("campfire-g", "d1", "b2"), no("A1"),
         "one-green-feu-de-camp"),
    case(Pos(dict(ROW1, a2="campfire-g")), Campfire("campfire-s", "b1", "b2"), ok(0),
         "another-terrain-feu-de-camp"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "5s", "d1": "bridge", "e1": "4g", "f1": "bridge"}),
         Play("bridge", "h1"), no("A4"), "pont-not-right-of-a-card"),
    case(Pos({"a1": "3g", "b1": "bridge", "c1": "5s", "d1": "bridge", "e1": "4g", "f1": "bridge",
              "g1": "6s"}),
         Play("bridge", "h1"), no("A1"), "three-ponts-showing"),
    case(Pos(dict(ROW1, a2="9r"), bridged=("b1", "d1", "f1")), Play("bridge", "b2"), no("A1"),
         "three-ponts-covered"),
    case(Pos(dict(ROW1, a2="9r"), bridged=("b1", "d1")), Play("bridge", "b2"), ok(0), "two-ponts-covered"),
    case(Pos(dict(ROW1, a2="9r"), bridged=("b1", "d1", "f1"), options={"bridges": 4}),
         Play("bridge", "b2"), ok(0), "option-4-ponts"),
    case(Pos(dict(ROW1, a2="9r"), bridged=("b1", "d1", "f1", "h1"), options={"bridges": 4}),
         Play("bridge", "b2"), no("A1"), "option-4-ponts-all-out"),
    case(Pos(dict(ROW1, a2="9r"), bridged=("b1", "d1", "f1", "h1"), options={"bridges": 5}),
         Play("bridge", "b2"), ok(0), "option-5-ponts"),
    case(Pos(), Play("grapple", "a1"), no("C6"), "grappin-is-not-laid"),
    case(Pos(), Play("panorama", "a1"), no("C6"), "panorama-is-not-laid"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A1_CASES))
def test_a1_cards(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize("bridges", [0, 2, 6, True, "3"])
def test_a1_bad_bridge_option(bridges: object) -> None:
    with pytest.raises(MalformedInput):
        Ascension(3, {"bridges": bridges})


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
    assert "2s" in ruling.message_en and slot in ruling.message_en
    assert "2s" in ruling.message_fr and slot in ruling.message_fr


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
        "2s at a3: a card goes no higher than the row of its value, 2; this is row 3")
    assert game.check(Play("2s", "c2")).message_en == "2s at c2 needs two cards under it: d1 empty"
    assert game.check(Play("2s", "c2")).message_fr == "2s en c2 doit reposer sur deux cartes : d1 vide"
    assert game.check(Play("2s", "d1")).message_en == (
        "2s at d1 cannot stand beside 5s at c1: two snowy cards are never side by side")
    assert game.check(Play("2s", "d1")).message_fr == (
        "2s en d1 ne peut être à côté de 5s en c1 : deux cartes enneigées ne sont jamais adjacentes")
    assert game.check(Play("2s", "e1")).message_fr == (
        "2s en e1 doit se poser à droite d'une carte, en début de rangée ou sur un Pont : d1 est vide")


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
    assert ruling.message_en == "5s at b1: discard 2 (next to 3g at a1)"
    assert ruling.message_fr == "5s en b1 : défaussez 2 (à côté de 3g en a1)"
    assert (game.hands, game.decks, game.discards, game.turn) == ([5, 5, 5], [7, 10, 10], [2, 0, 0], 2)


def test_a3_rulebook_stewart_message() -> None:
    ruling = assert_ruling(Pos(STEWART), Play("7s", "c2"), ok(2))
    assert ruling.message_en == "7s at c2: discard 2 (next to the green Feu de camp (adopted 9) at b2)"
    assert "7s en c2 : défaussez 2" in ruling.message_fr
    assert "Feu de camp herbeux (valeur adoptée 9) en b2" in ruling.message_fr


def test_a3_french_names_a_feu_de_camp_grammatically() -> None:
    ruling = assert_ruling(Pos(STEWART), Play("7s", "c2"), ok(2))
    assert "à côté du Feu de camp herbeux" in ruling.message_fr
    terrain = assert_ruling(Pos(STEWART), Play("7g", "c2"), no("A2"))
    assert "à côté du Feu de camp herbeux" in terrain.message_fr


def test_a3_too_costly_message() -> None:
    ruling = assert_ruling(Pos({"a1": "3g"}, hand=2, turn=2, hands=(5, 2, 5)), Play("6s", "b1"), no("A3"))
    assert ruling.message_en == "6s at b1 costs 3 cards (next to 3g at a1) but seat 2 would hold only 1"
    assert ruling.message_fr == (
        "6s en b1 coûte 3 cartes (à côté de 3g en a1) mais le joueur 2 n'en aurait que 1")


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
    assert ruling.message_en == "5s at g1: discard 4 (next to 1g at f1)"
    assert game.state_json()["bridges_covered"] == ["g1"]
    assert game.is_complete()
    ruling = game.play(Play("summit", "a9", player=2))
    assert ruling_of(ruling) == ok(0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners


def test_a4_covering_a_pont_messages() -> None:
    ruling = assert_ruling(Pos({"a1": "3g", "b1": "bridge", "c1": "3r"}), Play("3s", "b1"), ok(0))
    assert ruling.message_en == "3s covers the Pont at b1: nothing to discard"
    assert ruling.message_fr == "3s recouvre le Pont en b1 : rien à défausser"
    ruling = assert_ruling(Pos({"a1": "3g", "b1": "bridge", "c1": "9r"}), Play("5s", "b1"), ok(4))
    assert ruling.message_en == "5s at b1: discard 4 (next to 9r at c1)"
    assert ruling.message_fr == "5s en b1 : défaussez 4 (à côté de 9r en c1)"


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
        "the green Feu de camp at a1, 3g moves to b2: 3g at b2: discard 4 (next to 7s at a2)")
    assert ruling.message_fr == (
        "le Feu de camp herbeux en a1, 3g monte en b2 : 3g en b2 : défaussez 4 (à côté de 7s en a2)")
    ruling = assert_ruling(Pos(dict(ROW1, a2="9s")), Campfire("campfire-g", "a1", "b2"), no("A3"))
    assert "3g" in ruling.message_en and "b2" in ruling.message_en and "6" in ruling.message_en
    assert "3g" in ruling.message_fr and "b2" in ruling.message_fr and "6" in ruling.message_fr
    ruling = assert_ruling(Pos(ROW1), Campfire("campfire-s", "a1", "a2"), no("A5"))
    assert ruling.message_en == "the snowy Feu de camp replaces a Versant of its terrain, not 3g at a1"
    assert ruling.message_fr == "le Feu de camp enneigé remplace un Versant de son type, pas 3g en a1"
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


# -- A6: the Sommet ----------------------------------------------------------

SUMMIT = Play("summit", "a9")

A6_CASES = [
    case(Pos(FULL), SUMMIT, ok(0), "complete-pyramid"),
    case(Pos(FULL, hand=1), SUMMIT, ok(0), "complete-pyramid-last-card"),
    case(Pos(FULL, turn=3, hands=(1, 1, 2)), Play("summit", "a9", player=3), ok(0), "seat-3"),
    case(Pos(dict(FULL, i1="campfire-g")), SUMMIT, ok(0), "with-a-feu-de-camp"),
    case(Pos(dict(FULL, a1="campfire-s", e1="campfire-r", i1="campfire-g")), SUMMIT, ok(0),
         "with-three-feux-de-camp"),
    case(Pos(FULL, bridged=("b1", "e3", "b4")), SUMMIT, ok(0), "ponts-covered"),
    case(Pos(without(FULL, "b8")), SUMMIT, no("A6"), "b8-empty"),
    case(Pos(without(FULL, "i1")), SUMMIT, no("A6"), "i1-empty"),
    case(Pos(), SUMMIT, no("A6"), "empty-pyramid"),
    case(Pos(dict(FULL, e3="bridge")), SUMMIT, no("A6"), "faq-a-pont-showing"),
    case(Pos(dict(FULL, b1="bridge", e3="bridge"), bridged=("b4",)), SUMMIT, no("A6"), "faq-two-ponts"),
    case(Pos(without(FULL, "b8")), Play("summit", "b8"), no("A6"), "sommet-on-b8"),
    case(Pos(without(FULL, "a1")), Play("summit", "a1"), no("A6"), "sommet-on-a1"),
    case(Pos(FULL), Play("12s", "a9"), no("A6"), "versant-at-the-summit"),
    case(Pos(FULL), Play("bridge", "a9"), no("A6"), "pont-at-the-summit"),
    case(Pos(FULL), Play("campfire-g", "a9"), no("A6"), "feu-at-the-summit"),
    case(Pos(FULL, then=(SUMMIT,)), SUMMIT, no("C4"), "after-the-sommet"),
    case(Pos(FULL, hand=0), SUMMIT, no("C4"), "no-card"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A6_CASES))
def test_a6_sommet(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a6_sommet_wins() -> None:
    game = Pos(FULL, hands=(5, 5, 5), decks=(0, 0, 0)).game()
    before = snapshot(game)
    ruling = game.play(SUMMIT)
    assert ruling_of(ruling) == ok(0)
    assert ruling.message_en == "Sommet played: you reached the summit, you win!"
    assert ruling.message_fr == "Sommet posé : vous avez atteint le sommet, vous gagnez !"
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.FINISHED, (1, 2, 3), "won")
    state = game.state_json()
    assert state["summit"] is True and state["turn"] is None
    assert game.check(Discard()).rule == "C4"
    assert list(game.legal_placements) == [] and list(game.campfires()) == []
    assert game.play(Undo()).legal
    assert snapshot(game) == before


def test_a6_messages() -> None:
    ruling = assert_ruling(Pos(without(FULL, "b8", "a8")), SUMMIT, no("A6"))
    assert "2" in ruling.message_en and "2" in ruling.message_fr
    ruling = assert_ruling(Pos(dict(FULL, e3="bridge")), SUMMIT, no("A6"))
    assert ruling.message_en == "the Sommet needs every Pont covered: Pont showing at e3"
    assert ruling.message_fr == "le Sommet exige tous les Ponts recouverts : Pont apparent en e3"


# -- A7: setup ----------------------------------------------------------------

#: Dealt deck sizes with 3 Ponts in the box (A1): 72 Versants (66 solo), 5 Sommets,
#: 3 Feux de camp and the Ponts not handed out.
DEALT = {1: [77], 2: [41, 41], 3: [28, 27, 27], 4: [21, 20, 20, 20], 5: [17, 16, 16, 16, 16]}
HOLDERS = {1: (), 2: (2,), 3: (2,), 4: (2, 4), 5: (2, 4)}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a7_setup(players: int) -> None:
    game = Ascension(players)
    dealt, holders = DEALT[players], HOLDERS[players]
    assert bridge_holders(players) == holders
    assert deal_sizes(sum(dealt), players) == dealt
    assert dealt[0] == max(dealt) and max(dealt) - min(dealt) <= 1
    # A Pont holder draws 4 and holds the Pont: 5 in hand like the others (6 solo).
    limit = 6 if players == 1 else 5
    draws = [limit - (1 if seat in holders else 0) for seat in range(1, players + 1)]
    assert game.hands == [limit] * players
    assert game.decks == [size - draw for size, draw in zip(dealt, draws, strict=True)]
    assert sum(game.hands) + sum(game.decks) == (77 if players == 1 else 83)
    assert game.discards == [0] * players
    assert game.turn == 1 and game.hand_limit == limit
    assert game.cards == [None] * 44 and not game.summit
    assert game.flagged == () and game.outcome() is None


def test_a7_four_players_deal_81_of_83() -> None:
    assert 72 + 5 + 3 + 3 == 83
    game = Ascension(4)
    assert game.decks == [21 - 5, 20 - 4, 20 - 5, 20 - 4]


def test_a7_rulebook_four_player_example_with_five_ponts() -> None:
    """The rulebook deals 83 cards as 21, 21, 21, 20 *after* handing out two Ponts: that is the
    count with 5 Ponts in the box (A1 leaves the count to an option)."""
    game = Ascension(4, {"bridges": 5})
    assert game.decks == [21 - 5, 21 - 4, 21 - 5, 20 - 4]
    assert sum(game.hands) + sum(game.decks) == 85


@pytest.mark.parametrize(
    ("players", "decks"),
    [
        pytest.param(3, [28, 27, 27], id="default"),
        pytest.param(4, [21, 20, 20, 20], id="four"),
        pytest.param(2, [41, 41], id="two-even"),
        pytest.param(5, [17, 16, 16, 16, 16], id="five"),
    ],
)
def test_a7_decks_accepted(players: int, decks: list[int]) -> None:
    game = Ascension(players, decks=decks)
    holders = HOLDERS[players]
    assert game.decks == [d - (4 if seat in holders else 5) for seat, d in enumerate(decks, 1)]


@pytest.mark.parametrize(
    ("players", "decks"),
    [
        pytest.param(3, [27, 28, 27], id="seat-1-not-among-largest"),
        pytest.param(4, [20, 21, 20, 20], id="four-seat-1-small"),
        pytest.param(3, [29, 27, 26], id="not-even"),
        pytest.param(3, [28, 28, 27], id="sum-83"),
        pytest.param(3, [28, 27], id="two-decks-three-seats"),
        pytest.param(2, [41, True], id="bool-size"),
    ],
)
def test_a7_decks_rejected(players: int, decks: list[int]) -> None:
    with pytest.raises(MalformedInput):
        Ascension(players, decks=decks)


@pytest.mark.parametrize("players", [0, 6, -1, True, 3.0, "3"])
def test_a7_players_rejected(players: object) -> None:
    with pytest.raises(MalformedInput):
        Ascension(players)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("position", "event", "hand", "deck", "discard"),
    [
        pytest.param(Pos(decks=(10, 10, 10)), Discard(), 5, 8, 2, id="discard-draws-2"),
        pytest.param(Pos(decks=(1, 10, 10)), Discard(), 4, 0, 2, id="discard-deck-of-1"),
        pytest.param(Pos({"a1": "3g"}, decks=(10, 10, 10)), Play("5s", "b1"), 5, 7, 2, id="mary-draws-3"),
        pytest.param(Pos({"a1": "3g"}, decks=(2, 10, 10)), Play("5s", "b1"), 4, 0, 2, id="mary-deck-of-2"),
        pytest.param(Pos(decks=(0, 10, 10)), Play("5s", "a1"), 4, 0, 0, id="play-empty-deck"),
        pytest.param(Pos(hand=3, decks=(10, 10, 10)), Play("bridge", "b1", player=1), 3, 10, 0,
                     id="refused-pont-draws-nothing"),
    ],
)
def test_a7_draw_back_to_five(position: Pos, event: Event, hand: int, deck: int, discard: int) -> None:
    game = position.game()
    others = (game.hands[1:], game.decks[1:], game.discards[1:])
    ruling = game.play(event)
    assert (game.hands[0], game.decks[0], game.discards[0]) == (hand, deck, discard)
    assert (game.hands[1:], game.decks[1:], game.discards[1:]) == others
    assert game.turn == (2 if ruling.legal else 1)


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
    assert "1g" in ruling.message_en and "1g" in ruling.message_fr


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


# -- A10: Sentier verdoyant ------------------------------------------------------

#: Green cards up the left edge of FULL_NO_GREEN: b1, a2, a3, ..., a8 (each rests on the one below).
LEFT_PATH = {"b1": "1g", "a2": "2g", "a3": "3g", "a4": "4g", "a5": "5g", "a6": "6g", "a7": "7g", "a8": "8g"}
#: A winding path: c1, b2, b3, a4, ..., a8.
WINDING_PATH = {"c1": "1g", "b2": "2g", "b3": "3g", "a4": "4g", "a5": "5g", "a6": "6g", "a7": "7g",
                "a8": "8g"}
#: A green card in every row, none resting on the green card below.
GREEN_NOT_RESTING = {"a1": "1g", "c2": "2g", "a3": "3g", "c4": "4g", "a5": "5g", "c6": "6g", "a7": "7g",
                     "b8": "8g"}

A10_CASES = [
    case(Pos(FULL, options=GREEN), SUMMIT, ok(0), "green-paths-in-full"),
    case(Pos({**FULL_NO_GREEN, **LEFT_PATH}, options=GREEN), SUMMIT, ok(0), "path-up-the-left-edge"),
    case(Pos({**FULL_NO_GREEN, **WINDING_PATH}, options=GREEN), SUMMIT, ok(0), "winding-path"),
    case(Pos({**FULL_NO_GREEN, **LEFT_PATH, "a4": "campfire-g"}, options=GREEN), SUMMIT, ok(0),
         "a-green-feu-de-camp-counts"),
    case(Pos(FULL_NO_GREEN, options=GREEN), SUMMIT, no("A10"), "no-green-card"),
    case(Pos(FULL_NO_GREEN), SUMMIT, ok(0), "module-off"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "b1")}, options=GREEN), SUMMIT, no("A10"),
         "not-from-row-1"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN), SUMMIT, no("A10"),
         "cut-in-row-5"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a8")}, options=GREEN), SUMMIT, no("A10"),
         "cut-in-row-8"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a7"), "c7": "7g"}, options=GREEN), SUMMIT, no("A10"),
         "row-7-green-off-the-path"),
    case(Pos({**FULL_NO_GREEN, **GREEN_NOT_RESTING}, options=GREEN), SUMMIT, no("A10"),
         "green-in-every-row-not-resting"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A10_CASES))
def test_a10_green_path(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("position", "path"),
    [
        pytest.param(Pos({**FULL_NO_GREEN, **LEFT_PATH}, options=GREEN), list(LEFT_PATH), id="left-edge"),
        pytest.param(Pos({**FULL_NO_GREEN, **WINDING_PATH}, options=GREEN), list(WINDING_PATH),
                     id="winding"),
        pytest.param(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN),
                     ["b1", "a2", "a3", "a4"], id="cut-in-row-5"),
        pytest.param(Pos({**FULL_NO_GREEN, **GREEN_NOT_RESTING}, options=GREEN), ["a1"], id="not-resting"),
        pytest.param(Pos(FULL_NO_GREEN, options=GREEN), [], id="none"),
        pytest.param(Pos({"a1": "3g", "b1": "5s", "a2": "4g"}, options=GREEN), ["a1", "a2"], id="two-rows"),
        pytest.param(Pos({"a1": "3s", "b1": "5g", "a2": "4g"}, options=GREEN), ["b1", "a2"], id="from-b1"),
        pytest.param(Pos({"a1": "3s", "b1": "5r", "a2": "4g"}, options=GREEN), [], id="not-from-row-1"),
        pytest.param(Pos({"a1": "campfire-g", "b1": "5s", "a2": "4g"}, options=GREEN), ["a1", "a2"],
                     id="feu-de-camp"),
        pytest.param(Pos({"a1": "3g", "b1": "bridge", "c1": "5g", "a2": "4s", "b2": "9g"}, options=GREEN),
                     ["c1", "b2"], id="beside-a-pont"),
    ],
)
def test_a10_state_reports_the_green_path(position: Pos, path: list[str]) -> None:
    assert position.game().state_json()["green_path"] == path


def test_a10_state_reports_one_of_the_paths_of_full() -> None:
    path = Pos(FULL, options=GREEN).game().state_json()["green_path"]
    assert [row_of(slot) for slot in path] == list(range(1, 9))
    assert all(FULL[slot].endswith("g") for slot in path)
    for below, above in itertools.pairwise(path):
        assert SLOT_INDEX[below] in SUPPORT[SLOT_INDEX[above]]


def test_a10_state_without_the_module() -> None:
    assert "green_path" not in Pos(FULL).game().state_json()


def test_a10_message() -> None:
    ruling = assert_ruling(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN), SUMMIT,
                           no("A10"))
    assert ruling.message_en == "Sentier verdoyant: the green path climbs only 4 of the 8 rows"
    assert ruling.message_fr == "Sentier verdoyant : le sentier herbeux ne monte que sur 4 des 8 rangées"


def test_a10_path_followed_as_cards_are_played() -> None:
    game = Pos({"a1": "3g", "b1": "5s"}, hands=(5, 5, 5), options=GREEN).game()
    assert game.state_json()["green_path"] == ["a1"]
    assert game.play(Play("4g", "a2")).legal
    assert game.state_json()["green_path"] == ["a1", "a2"]
    assert game.play(Undo()).legal
    assert game.state_json()["green_path"] == ["a1"]


# -- A11: Documentaire alpin ------------------------------------------------------

#: The FULL pyramid with 3-4-3, 9-8-7 and 5-6 in row 1 (its terrains kept).
FULL_FILMED = dict(FULL, a1="3s", b1="4r", c1="3g", d1="9s", e1="8r", f1="7g", g1="5s", h1="6r")

A11_CASES = [
    case(Pos(FULL_FILMED, options=DOCUMENTARY), SUMMIT, ok(0), "all-three-filmed"),
    case(Pos(FULL, options=DOCUMENTARY), SUMMIT, no("A11"), "none-filmed"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options=DOCUMENTARY), SUMMIT, no("A11"), "5-6-missing"),
    case(Pos(dict(FULL_FILMED, d1="7s", f1="9g"), options=DOCUMENTARY), SUMMIT, no("A11"),
         "faq-7-8-9-is-not-9-8-7"),
    case(Pos(FULL), SUMMIT, ok(0), "module-off"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7]]}), SUMMIT,
         ok(0), "other-sequences"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7], [4, 3]]}),
         SUMMIT, ok(0), "four-sequences"),
    case(Pos(dict(FULL_FILMED, h1="7r"),
             options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7], [4, 3], [12, 11]]}),
         SUMMIT, no("A11"), "five-sequences-one-missing"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A11_CASES))
def test_a11_documentary(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def filmed(game: Ascension) -> list[bool]:
    return [seq["filmed"] for seq in game.state_json()["sequences"]]


@pytest.mark.parametrize(
    ("cards", "event", "before", "after"),
    [
        pytest.param({"a1": "3g", "b1": "4s"}, Play("3r", "c1"), [False] * 3, [True, False, False],
                     id="3-4-3-filmed"),
        pytest.param({"a1": "9g", "b1": "8s"}, Play("7r", "c1"), [False] * 3, [False, True, False],
                     id="9-8-7-filmed"),
        pytest.param({"a1": "7g", "b1": "8s"}, Play("9r", "c1"), [False] * 3, [False] * 3,
                     id="faq-7-8-9-is-backwards"),
        pytest.param({"a1": "6g", "b1": "5s"}, Play("4r", "c1"), [False] * 3, [False] * 3,
                     id="6-5-is-backwards"),
        pytest.param({"a1": "3g", "b1": "5s"}, Play("6r", "c1"), [False] * 3, [False, False, True],
                     id="5-6-after-3"),
        pytest.param(without(ROW1, "i1"), Play("5r", "i1"), [False] * 3, [False] * 3, id="not-5-alone"),
        pytest.param(dict(ROW1, i1="5r", a2="6g"), Play("4s", "b2"), [False] * 3, [False] * 3,
                     id="5-at-i1-6-at-a2-not-adjacent"),
        pytest.param({"a1": "5g", "b1": "bridge"}, Play("6s", "c1"), [False] * 3, [False] * 3,
                     id="a-pont-between"),
        pytest.param({"a1": "5g", "b1": "bridge", "c1": "6r"}, Play("9s", "b1"), [False] * 3, [False] * 3,
                     id="pont-covered-by-a-9"),
        pytest.param({"a1": "5g", "b1": "bridge", "c1": "6r"}, Play("5s", "b1"), [False] * 3,
                     [False, False, True], id="pont-covered-by-a-5"),
        pytest.param({"a1": "4g", "b1": "bridge", "c1": "3r"}, Play("3s", "a2"), [False] * 3, [False] * 3,
                     id="row-2-start-is-no-neighbour"),
        pytest.param(dict(ROW1, a2="9r", b2="8s", c2="7g"), Play("8r", "d2"), [False, True, False],
                     [False, True, False], id="already-filmed"),
        pytest.param(dict(ROW1, a2="5r", b2="6s"), Campfire("campfire-r", "a2", "a3"), [False, False, True],
                     [False, False, True], id="stays-filmed-when-broken"),
        pytest.param(dict(ROW1, a2="5r", b2="6s"), Campfire("campfire-s", "b2", "a3"), [False, False, True],
                     [False, False, True], id="stays-filmed-when-broken-right"),
        # The Feu de camp adopts 9, but it is no Versant: 9, Feu, 8, 7 films nothing.
        pytest.param(dict(ROW1, a2="9r", b2="campfire-g", c2="8s"), Play("7r", "d2"), [False] * 3,
                     [False] * 3, id="feu-de-camp-is-no-versant"),
    ],
)
def test_a11_sequences_filmed_as_cards_are_played(
    cards: dict[str, str], event: Event, before: list[bool], after: list[bool],
) -> None:
    game = Pos(cards, options=DOCUMENTARY).game()
    assert filmed(game) == before
    ruling = game.play(event)
    assert ruling.legal, ruling.message_en
    assert filmed(game) == after
    assert game.state_json()["sequences"] == [
        {"values": seq, "filmed": done} for seq, done in zip(SEQUENCES, after, strict=True)
    ]
    assert game.play(Undo()).legal
    assert filmed(game) == before


def test_a11_filmed_sequence_survives_a_campfire() -> None:
    game = Pos(dict(ROW1, a2="5r", b2="6s"), hands=(5, 5, 5), options=DOCUMENTARY).game()
    assert filmed(game) == [False, False, True]
    assert game.play(Campfire("campfire-r", "a2", "a3")).legal
    assert game.state_json()["cells"]["a2"] == "campfire-r"
    assert filmed(game) == [False, False, True]


def test_a11_message_names_the_sequences_left() -> None:
    ruling = assert_ruling(Pos(dict(FULL_FILMED, h1="7r", d1="7s", f1="9g"), options=DOCUMENTARY), SUMMIT,
                           no("A11"))
    assert ruling.message_en == "Documentaire alpin: still to film 9-8-7, 5-6"
    assert ruling.message_fr == "Documentaire alpin : il reste à filmer 9-8-7, 5-6"


def test_a11_state_without_the_module() -> None:
    assert "sequences" not in Pos(FULL).game().state_json()


@pytest.mark.parametrize(
    "documentary",
    [
        pytest.param([[3, 4, 3], [9, 8, 7]], id="two"),
        pytest.param([[3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [1, 2]], id="six"),
        pytest.param([[3, 4, 3], [9, 8, 7], [13, 6]], id="value-13"),
        pytest.param([[3, 4, 3], [9, 8, 7], [0, 6]], id="value-0"),
        pytest.param([[3, 4, 3], [9, 8, 7], [5]], id="one-value"),
        pytest.param([[3, 4, 3], [9, 8, 7], [True, 6]], id="bool-value"),
        pytest.param("3-4-3", id="string"),
    ],
)
def test_a11_bad_documentary_option(documentary: object) -> None:
    with pytest.raises(MalformedInput):
        Ascension(3, {"documentary": documentary})


# -- A12: Faune montagnarde ---------------------------------------------------------

#: Row 1 complete; row 2 a2..d2 with a Pont at c2; row 3 a3..c3 (c3 resting on the Pont); a4.
HERD = dict(ROW1, a2="9r", b2="8g", c2="bridge", d2="10s", a3="11s", b3="12r", c3="11g", a4="12g")
HERD_IBEX = {"a1": 2, "b1": 1, "c1": 1, "d1": 1, "a2": 1}


def herd(hand: int = 5, cards: Mapping[str, str] = HERD, **kwargs: Any) -> Pos:
    return Pos(cards, hand=hand, ibex=HERD_IBEX, options=FAUNA, **kwargs)


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
    assert "4g" in blocked.message_en and "b1" in blocked.message_en
    assert "4g" in blocked.message_fr and "b1" in blocked.message_fr
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
    assert ruling.message_en == "4g taken back from b1"
    assert ruling.message_fr == "reprise en b1 : 4g"
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
    assert ruling.message_en == "override: 12s at b1 accepted, discard 2"
    assert ruling.message_fr == "passer outre : on garde 12s en b1, défaussez 2"


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
    assert ruling.message_en == "5r cannot go to b1: b1 already holds 5s"
    assert ruling.message_fr == "5r ne peut aller en b1 : b1 porte déjà 5s"


def test_a5_nothing_covers_a_feu_de_camp_message() -> None:
    ruling = assert_ruling(Pos({"b1": "campfire-s"}), Play("5r", "b1"), no("A5"))
    assert ruling.message_en == (
        "5r cannot go to b1: nothing covers a Feu de camp, and b1 holds the snowy Feu de camp")
    assert ruling.message_fr == (
        "5r ne peut aller en b1 : rien ne recouvre un Feu de camp, et b1 porte le Feu de camp enneigé")


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


# -- cross-checks between check, play and the legal placements -------------------------

TABLES = {
    "a1": A1_CASES, "a2": A2_CASES, "a3": A3_CASES, "a4": A4_CASES, "a5": A5_CASES, "a6": A6_CASES,
    "a8": A8_DECLARE_CASES, "a9": A9_CASES, "a10": A10_CASES, "a11": A11_CASES, "a12": A12_CASES,
    "a12-sommet": A12_SUMMIT_CASES, "project": PROJECT_CASES,
}
#: Every table row (but those starting with a flagged card), its id prefixed with its table.
RULE_TABLES = [
    case(position, event, expected, f"{table}-{id}")
    for table, rows in TABLES.items() for position, event, expected, id in rows if position.flag is None
]


def test_rule_table_ids_are_unique() -> None:
    ids = [row[3] for row in RULE_TABLES]
    assert len(ids) == len(set(ids)) > 250


@pytest.mark.parametrize(("position", "event", "expected"), params(RULE_TABLES))
def test_play_agrees_with_check(position: Pos, event: Event, expected: Expected) -> None:
    game = position.game()
    before, stack = game._save(), len(game.move_stack)
    seat = game.turn - 1
    discards = game.discards[seat]
    ruling = game.play(event)
    assert ruling_of(ruling) == expected
    if ruling.legal:
        assert len(game.move_stack) == stack + 1 or isinstance(event, Undo)
        assert game.flagged == ()
        if isinstance(event, Play | Campfire | Herd):
            # The cards paid are the ones the ruling announced.
            assert game.discards[seat] == discards + (ruling.discard or 0)
    else:
        # G5: the state does not move; only a refused placement is flagged.
        assert game._save() == before
        assert len(game.move_stack) == stack
        if isinstance(event, Play | Campfire):
            assert game.flagged == (Flag(event, ruling),)
        else:
            assert game.flagged == ()


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES
            if isinstance(row[1], Play) and row[1].player is None and row[2][1] != "C4"]),
)
def test_legal_placements_agree_with_check(position: Pos, event: Play, expected: Expected) -> None:
    game = position.game()
    before = snapshot(game)
    legal = expected[0]
    assert (event in list(game.legal_placements)) is legal
    assert (event in game.legal_placements) is legal
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if isinstance(row[1], Campfire) and row[1].player is None]),
)
def test_campfires_agree_with_check(position: Pos, event: Campfire, expected: Expected) -> None:
    game = position.game()
    before = snapshot(game)
    assert (event in list(game.campfires())) is expected[0]
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES
            if isinstance(row[1], Play) and row[1].card[0].isdigit()
            and row[2][1] in (None, "A2", "A3", "C3")]),
)
def test_g3_versant_messages_name_the_card_and_slot(position: Pos, event: Play, expected: Expected) -> None:
    ruling = assert_ruling(position, event, expected)
    for message in (ruling.message_en, ruling.message_fr):
        assert event.card.removesuffix("+ibex") in message and event.at in message, message
        if expected[2]:
            assert str(expected[2]) in message


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if isinstance(row[1], Campfire) and row[2][0]]),
)
def test_g3_campfire_messages_name_the_feu_the_versant_and_both_slots(
    position: Pos, event: Campfire, expected: Expected,
) -> None:
    game = position.game()
    versant = game.state_json()["cells"][event.at]
    ruling = assert_ruling(position, event, expected)
    terrains = {"g": ("green", "herbeux"), "s": ("snowy", "enneigé"), "r": ("rocky", "rocheux")}
    terrain = terrains[event.card[-1]]
    for message, word in ((ruling.message_en, terrain[0]), (ruling.message_fr, terrain[1])):
        assert "Feu de camp" in message and word in message, message
        assert versant in message and event.at in message and event.move_to in message, message


def _names() -> list[str]:
    names = [f"{v}{t}" for v in range(1, 13) for t in "gsr"]
    return [*names, *(n + "+ibex" for n in names), "bridge", "summit"]


def _random_game(seed: int) -> Ascension:
    """A position reached by random legal turns (plays, Ponts, Feux de camp, discards and
    overrides), set again through ``from_position`` with a random hand for the active seat."""
    rng = random.Random(seed)
    players = rng.choice([1, 2, 3, 4, 5])
    options: dict[str, object] = {"fauna": rng.random() < 0.5,
                                  "campfire_move_pays_cost": rng.random() < 0.7,
                                  "bridges": rng.choice([3, 5])}
    game = Ascension(players, options)
    for _ in range(rng.randint(0, 60)):
        if game.is_over():
            break
        if rng.random() < 0.08:
            # A card refused and played anyway (or taken back when that is not allowed).
            refused = Play(f"{rng.randint(2, 12)}{rng.choice('gsr')}", rng.choice(SLOTS))
            if not game.play(refused).legal and not game.play(Override()).legal:
                assert game.play(TakeBack(refused.at)).legal
            continue
        moves: list[Event] = [*game.placements(), *game.campfires()]
        if game.hands[game.turn - 1] >= 2 and (not moves or rng.random() < 0.1):
            moves = [Discard()]
        if not moves:
            break
        event = rng.choice(moves)
        assert game.play(event).legal, event
    hands = list(game.hands)
    hands[game.turn - 1] = rng.randint(1, game.hand_limit)
    return rebuilt(game, hands)


def rebuilt(game: Ascension, hands: list[int] | None = None) -> Ascension:
    """The same position set afresh through ``from_position`` (no history, no cached value)."""
    return Ascension.from_position(
        game.players, cards={SLOTS[i]: c.name for i, c in enumerate(game.cards) if c is not None},
        bridged=[SLOTS[i] for i in range(44) if game.bridged[i]],
        ibex={SLOTS[i]: n for i, n in enumerate(game.ibex) if n},
        hands=list(game.hands) if hands is None else hands, decks=list(game.decks), turn=game.turn,
        options=game.options,
    )


def moves_of(game: Ascension) -> set[Play | Campfire]:
    """The legal placements but the Sommet (whose films are history ``from_position`` lacks)."""
    moves: list[Play | Campfire] = [*game.placements(), *game.campfires()]
    return {p for p in moves if p.card != "summit"}


@pytest.mark.parametrize("seed", range(24))
def test_legal_placements_match_check_on_random_positions(seed: int) -> None:
    game = _random_game(seed)
    if game.is_over():
        return
    before = snapshot(game)
    fast = set(game.placements())
    slow = {Play(name, slot) for name in _names() for slot in (*SLOTS, "a9")
            if game.check(Play(name, slot)).legal}
    assert fast == slow
    fires = set(game.campfires())
    slow_fires = {
        Campfire(f"campfire-{t}", at, to)
        for t in "gsr" for at in SLOTS for to in SLOTS
        if game.check(Campfire(f"campfire-{t}", at, to)).legal
    }
    assert fires == slow_fires
    assert snapshot(game) == before


def test_random_positions_are_varied() -> None:
    games = [_random_game(seed) for seed in range(24)]
    assert sum(1 for g in games if sum(c is not None for c in g.cards) >= 20) >= 5
    assert any(any(c is not None and c.kind == "campfire" for c in g.cards) for g in games)
    assert any(any(c is not None and c.kind == "bridge" for c in g.cards) for g in games)
    assert any(any(g.bridged) for g in games)
    assert any(any(g.ibex) for g in games)


@pytest.mark.parametrize("seed", range(12))
def test_undo_after_random_turns_restores_every_state(seed: int) -> None:
    rng = random.Random(1000 + seed)
    game = Ascension(rng.choice([1, 3, 4]), {"fauna": True, "green_path": True, "documentary": SEQUENCES})
    saves = [snapshot(game)]
    legal = [moves_of(game)]
    for _ in range(40):
        if game.is_over():
            break
        # What the engine knows from its history and caches is what a fresh position gives.
        assert moves_of(game) == moves_of(rebuilt(game))
        moves: list[Event] = [*game.placements(), *game.campfires()]
        herds = [Herd(SLOTS[i], 1, (SLOTS[j],)) for i in range(44) if game.ibex[i]
                 for j in range(44) if i in SUPPORT[j]]
        moves += [h for h in herds if game.check(h).legal]
        if game.solo and game.grapples:
            moves.append(Grapple())
        if game.hands[game.turn - 1] >= 2:
            moves.append(Discard())
        if not moves:
            break
        event = rng.choice(moves)
        assert game.play(event).legal, event
        saves.append(snapshot(game))
        legal.append(moves_of(game))
    assert len(saves) > 5
    while game.move_stack:
        assert game.play(Undo()).legal
        saves.pop()
        legal.pop()
        assert snapshot(game) == saves[-1]
        assert moves_of(game) == legal[-1]
    assert len(saves) == 1


def test_a1_twelve_ibex_icons_at_most() -> None:
    icons = {f"{k}1": f"{v}{t}+ibex" for k, v, t in zip("abcdefghi", range(4, 13), "gsrgsrgsr", strict=True)}
    icons |= {"a2": "5r+ibex", "b2": "6g+ibex", "c2": "7s+ibex"}
    game = Ascension.from_position(3, cards=icons)
    assert game.ibex_icons() == 12
    ruling = game.check(Play("9g+ibex", "d2"))
    assert ruling_of(ruling) == no("A1")
    assert "d2" in ruling.message_en and "d2" in ruling.message_fr
    assert game.check(Play("9g", "d2")).legal
    assert Play("9g+ibex", "d2") not in game.legal_placements
    assert Play("9g", "d2") in game.legal_placements
