"""L'Ascension rulings A1 (the cards in the box) and A7 (setup and dealing)."""

from __future__ import annotations

import pytest

from companion import Discard, Event, MalformedInput, Play
from companion.games.ascension.events import Campfire
from companion.games.ascension.pyramid import LETTERS, ROW_COL, SLOT_INDEX, SLOTS
from companion.games.ascension.rules import Ascension, bridge_holders, deal_sizes
from tests.companion.games.ascension.positions import (
    FULL,
    FULL_NO_GREEN,
    ROW1,
    TWO_5S,
    UNDER_A8,
    Pos,
    row_of,
    without,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of


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
