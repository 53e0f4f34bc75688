"""Who wins a Bagarre (RX8 to RX10), who provokes (RX4) and in what order the captains play (RX5),
on the rulebook's own cases."""

from __future__ import annotations

import pytest

from companion.errors import MalformedInput
from companion.games.rixes.bagarre import (
    Attribution,
    InPlay,
    Reason,
    attribute,
    order,
    possessed,
    provocateurs,
)
from companion.games.rixes.weapons import WEAPONS, weapon


def played(card: str, by: int, *, to: int | None = None, kind: str | None = None,
           value: int | None = None) -> InPlay:
    """``card`` added by captain ``by``; possessed by ``to`` and changed by effects if said."""
    printed = weapon(card)
    return InPlay(card, by, by if to is None else to, kind or printed.types[0],
                  printed.value if value is None else value)


@pytest.mark.parametrize(("cards", "dominant", "provocateur", "award", "expected"), [
    # The highest of the dominant type wins: a player's 7 against a 5 and Barbe Noire's low card.
    ([played("fist-5", 1), played("pistols-2", 0), played("fist-7", 2)], "fist", 1, None, (2, "highest")),
    # Cheat 1: Barbe Noire's card counts as the dominant type, whatever it is.
    ([played("fist-5", 1), played("sabres-8", 0), played("fist-7", 2)], "fist", 1, None, (0, "highest")),
    # Cheat 2: a tie for the highest is his, even between the two players, even with his card lower.
    ([played("fist-7", 1), played("sabres-1", 0), played("fist-7", 2, value=7)], "fist", 1, None, (0, "tie")),
    ([played("pistols-4", 0), played("pistols-6", 1), played("pistols-6", 2)], "pistols", 0, None,
     (0, "tie")),
    # Even a tie Barbe Noire took no part in: his pile is empty, the players tie.
    ([played("sabres-3", 1), played("sabres-3", 2)], "sabres", 1, None, (0, "tie")),
    # Only the Provocation respects the type: the Provocateur wins, a 0 too.
    ([played("fist-0", 1), played("sabres-6", 2)], "fist", 1, None, (1, "provocation")),
    ([played("sabres-0", 0), played("fist-8", 1), played("pistols-8", 2)], "sabres", 0, None,
     (0, "provocation")),
    # A player's Provocation never wins so against a card Barbe Noire possesses (cheat 1, "toujours").
    ([played("fist-0", 1), played("sabres-0", 0), played("pistols-8", 2)], "fist", 1, None, (0, "tie")),
    # One captain alone added a card: he wins sans opposition, even against an effect's award.
    ([played("pistols-1", 2)], "pistols", 2, None, (2, "alone")),
    ([played("pistols-1", 0)], "pistols", 0, 1, (0, "alone")),
    # An effect changed the attribution's condition: the captain it names wins.
    ([played("fist-2", 1), played("fist-5", 0), played("fist-8", 2)], "fist", 1, 1, (1, "award")),
    # Cards possessed, not played: Barbe Noire's 8 moved to player 1, who wins with it.
    ([played("fist-5", 1), played("fist-8", 0, to=1), played("fist-6", 2)], "fist", 1, None, (1, "highest")),
    # A value changed by an effect counts (a 3 made 9 is no skull, but beats an 8).
    ([played("fist-3", 1, value=9), played("fist-8", 0), played("sabres-8", 2)], "fist", 1, None,
     (1, "highest")),
    # A type changed by an effect counts: a Sabre made a Poing follows.
    ([played("fist-4", 1), played("fist-1", 0), played("sabres-6", 2, kind="fist")], "fist", 1, None,
     (2, "highest")),
    # The Provocation moved to the Adversaire, the only card of its type: still the Provocateur's win.
    ([played("fist-4", 1, to=2), played("sabres-5", 2)], "fist", 1, None, (1, "provocation")),
])
def test_the_attribution_of_a_bagarre(cards: list[InPlay], dominant: str, provocateur: int, award: int | None,
                                      expected: tuple[int | None, Reason]) -> None:
    assert attribute(cards, dominant, provocateur=provocateur, award=award) == Attribution(*expected)


def test_no_card_of_the_dominant_type_possessed_wins_for_nobody() -> None:
    # The Provocation (fist-4) went back to its player's hand; Barbe Noire's pile is empty.
    cards = [played("sabres-5", 2), played("pistols-1", 1)]
    assert attribute(cards, "fist", provocateur=1, provocation="fist-4") == Attribution(None, "nobody")


def test_a_captain_who_added_no_card_cannot_win_with_a_card_moved_to_him() -> None:
    # Player 2's pile of cards is empty: Barbe Noire's 8 moved to him counts for nobody but the others.
    cards = [played("fist-5", 1), played("fist-8", 0, to=2)]
    assert attribute(cards, "fist", provocateur=1) == Attribution(1, "highest")
    assert possessed(cards, 2) == ["fist-8"]


@pytest.mark.parametrize(("first", "previous", "winner", "holding", "provoked", "expected"), [
    (True, None, None, {0: 8, 1: 8, 2: 8}, [], {0}),                # the first Bagarre of a Rixe
    (False, 0, 2, {0: 7, 1: 7, 2: 7}, [0], {2}),                   # the previous Bagarre's winner
    (False, 2, None, {0: 5, 1: 5, 2: 5}, [0, 2], {2}),             # cancelled: the same again
    (False, 0, 1, {0: 2, 1: 0, 2: 3}, [0], {0}),                   # a winner with no card: Barbe Noire
    (False, 0, 0, {0: 0, 1: 2, 2: 2}, [0, 1, 0], {1}),             # Barbe Noire with none: the last player
    (False, 0, 0, {0: 0, 1: 0, 2: 2}, [0, 1, 0], {2}),             # ...who has none either: who holds
    (False, 0, 0, {0: 0, 1: 2, 2: 2}, [0, 0], {1, 2}),             # none provoked yet: either may
    (False, 0, 0, {0: 0, 1: 0, 2: 0}, [0], set()),                 # nobody holds a card: phase 3
])
def test_who_provokes(first: bool, previous: int | None, winner: int | None, holding: dict[int, int],
                      provoked: list[int], expected: set[int]) -> None:
    assert provocateurs(first, previous, winner, holding, provoked) == expected


def test_the_order_of_play() -> None:
    full = {0: 4, 1: 4, 2: 4}
    assert order(1, full) == [{1}, {0}, {2}]                       # Barbe Noire always second
    assert order(0, full) == [{0}, {1, 2}]                         # both players together, face down
    assert order(1, {0: 0, 1: 4, 2: 4}) == [{1}, {2}]              # a captain with no card is skipped
    assert order(0, {0: 0, 1: 4, 2: 4}) == [{1, 2}]


def test_weapon_names() -> None:
    assert len(WEAPONS) == 27 and weapon("pistols-0").value == 0 and not weapon("pistols-0").skull
    assert weapon("sabres+pistols-4").bears("pistols") and not weapon("sabres+pistols-4").bears("fist")
    for bad in ("fist-9", "axe-3", "fist+fist-2", "fist", "sabres+pistols+fist-1"):
        with pytest.raises(MalformedInput):
            weapon(bad)
