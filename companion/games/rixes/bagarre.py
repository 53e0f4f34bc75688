"""Who wins a Bagarre (RX8 to RX10), and who provokes and plays next (RX4, RX5): pure functions of
what lies on the table and what each captain holds, as ``shared/rulings/rixes.md`` says.

Captains are numbered as in the record: Barbe Noire 0, the players 1 and 2. A card in a Bagarre is
:class:`InPlay`: who added it, who possesses it now (effects move cards), the type it is played as
and its value now (effects change them).

>>> cards = [InPlay("fist-5", 1, 1, "fist", 5), InPlay("sabres-8", 0, 0, "sabres", 8),
...          InPlay("fist-7", 2, 2, "fist", 7)]
>>> attribute(cards, "fist", provocateur=1)  # Barbe Noire's card counts as a Poing: his 8 wins
Attribution(winner=0, reason='highest')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

#: Barbe Noire, captain 0; the players are 1 and 2.
BARBE_NOIRE = 0
PLAYERS = (1, 2)
CAPTAINS = (BARBE_NOIRE, *PLAYERS)

Reason = Literal["highest", "tie", "alone", "provocation", "award", "nobody"]


@dataclass(frozen=True, slots=True)
class InPlay:
    """A card in the Bagarre: who added it, who possesses it, its type and value now."""

    card: str
    added_by: int
    possessor: int
    kind: str
    value: int


@dataclass(frozen=True, slots=True)
class Attribution:
    """Who wins the Bagarre (None: nobody, its cards set aside) and by which rule of the text."""

    winner: int | None
    reason: Reason


def attribute(cards: Sequence[InPlay], dominant: str, *, provocateur: int, provocation: str | None = None,
              award: int | None = None) -> Attribution:
    """The attribution of a Bagarre of ``cards`` whose dominant type is ``dominant``; the
    Provocation is ``provocation`` (default: the first card; absent from ``cards`` once an effect
    put it back in a hand); ``award``: the captain an effect said wins instead (a changed condition).

    In order (RX10 first): one captain alone added a card: he wins "sans opposition", whatever the
    effects; then an effect's award; then the Provocation alone of the dominant type: the
    Provocateur wins; then the highest value of the dominant type among the cards possessed by
    captains who added a card, Barbe Noire's counting as dominant whatever they are (cheat 1), a
    tie his even if he played none of it (cheat 2, RX9). No card of the dominant type possessed at
    all: nobody.
    """
    added = {card.added_by for card in cards}
    if len(added) == 1:
        return Attribution(next(iter(added)), "alone")
    if award is not None:
        return Attribution(award, "award")

    def dominant_card(card: InPlay) -> bool:
        return card.possessor == BARBE_NOIRE or card.kind == dominant

    counted = [card for card in cards if dominant_card(card)]
    if not counted:
        return Attribution(None, "nobody")
    name = provocation if provocation is not None else (cards[0].card if cards else None)
    first = next((card for card in cards if card.card == name), None)
    if (first is not None and counted == [first]
            and (provocateur == BARBE_NOIRE or first.possessor != BARBE_NOIRE)):
        # The Provocateur alone respected the type (with cheat 1, only when Barbe Noire provokes or
        # possesses no card: a player's Provocation never wins so against a card he possesses).
        return Attribution(provocateur, "provocation")
    eligible = [card for card in counted if card.possessor in added]
    if not eligible:
        # Only captains who added no card possess a card of the dominant type: a tie of nobody.
        return Attribution(None, "nobody")
    best = max(card.value for card in eligible)
    holders = {card.possessor for card in eligible if card.value == best}
    if len(holders) > 1:
        return Attribution(BARBE_NOIRE, "tie")
    return Attribution(holders.pop(), "highest")


def provocateurs(first: bool, previous: int | None, winner: int | None, holding: Mapping[int, int],
                 provoked: Sequence[int]) -> frozenset[int]:
    """Who may provoke the next Bagarre (RX4): Barbe Noire at the first of a Rixe (``first``); else
    the previous Bagarre's ``winner``, or the ``previous`` Provocateur again after a Bagarre
    cancelled or won by nobody (``winner`` None). A player with no card left (``holding``: cards
    each captain holds, Barbe Noire's pile included) is replaced by Barbe Noire; Barbe Noire with
    none by the last player who provoked in this Rixe (``provoked``, in order); and that one with
    none, or none having provoked, by the player who holds cards: either, when both do.

    >>> sorted(provocateurs(False, 0, None, {0: 0, 1: 3, 2: 3}, []))
    [1, 2]
    """
    if not any(holding.get(captain, 0) for captain in CAPTAINS):
        return frozenset()
    chosen = BARBE_NOIRE if first else (winner if winner is not None else previous)
    if chosen is None:
        chosen = BARBE_NOIRE
    if chosen != BARBE_NOIRE and not holding.get(chosen, 0):
        chosen = BARBE_NOIRE
    if chosen == BARBE_NOIRE and not holding.get(BARBE_NOIRE, 0):
        last = next((player for player in reversed(provoked) if player != BARBE_NOIRE), None)
        if last is not None and holding.get(last, 0):
            return frozenset({last})
        return frozenset(player for player in PLAYERS if holding.get(player, 0))
    return frozenset({chosen})


def order(provocateur: int, holding: Mapping[int, int]) -> list[Collection[int]]:
    """The captains' turns in a Bagarre (RX5), each a set of captains who may play then: a player's
    Provocation, Barbe Noire second, then the Adversaire; Barbe Noire's Provocation, then both
    players, face down and revealed together, in either order. A captain holding no card is
    skipped.

    >>> order(2, {0: 5, 1: 5, 2: 5}), order(0, {0: 5, 1: 5, 2: 0})
    ([{2}, {0}, {1}], [{0}, {1}])
    """
    def holds(captain: int) -> bool:
        return holding.get(captain, 0) > 0

    if provocateur == BARBE_NOIRE:
        turns: list[Collection[int]] = [{BARBE_NOIRE}] if holds(BARBE_NOIRE) else []
        together = {player for player in PLAYERS if holds(player)}
        return [*turns, together] if together else turns
    other = next(player for player in PLAYERS if player != provocateur)
    return [{captain} for captain in (provocateur, BARBE_NOIRE, other) if holds(captain)]


def possessed(cards: Iterable[InPlay], captain: int) -> list[str]:
    """The cards ``captain`` possesses in the Bagarre."""
    return [card.card for card in cards if card.possessor == captain]


__all__ = ["BARBE_NOIRE", "CAPTAINS", "PLAYERS", "Attribution", "InPlay", "attribute", "order", "possessed",
           "provocateurs"]
