"""The end of a Rixe (RX13 to RX15): the loot shared, each player's recruitment, and whether the
game is over, as pure functions of the Bagarres' winners, the crews and the gold.

Captains are numbered as in the record: Barbe Noire 0, the players 1 and 2.

>>> loot([0, 1, "cancelled", 1, None])
{0: 1, 1: 2, 2: 0}
>>> end({0: 9, 1: 15, 2: 12})
End(result='won', winner=1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.games.rixes.bagarre import BARBE_NOIRE, CAPTAINS, PLAYERS

#: The gold a captain needs at the end of a Rixe to win (RX15).
TARGET = 15
#: The most Pirates a crew holds beside its Légende (RX14), "sauf exception".
MOST_PIRATES = 3
#: What recruiting a third Pirate (or any added one) costs, paid to Barbe Noire (RX14).
RECRUIT_COST = 1

Won = int | Literal["cancelled"] | None


def loot(winners: Sequence[Won]) -> dict[int, int]:
    """Each captain's gold from a Rixe's Bagarres (RX13): one a Bagarre won; a cancelled one, or
    one nobody won, gives none. (The Butin effects are told after it, as gold moves.)"""
    gold = dict.fromkeys(CAPTAINS, 0)
    for winner in winners:
        if isinstance(winner, int) and winner in gold:
            gold[winner] += 1
    return gold


@dataclass(frozen=True, slots=True)
class Crew:
    """A player's crew: its Légende and its Pirates (the tilted ones aside: a Rixe straightens all)."""

    legend: str
    pirates: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Recruited:
    """A recruitment's result: the crew after it and the gold the player pays Barbe Noire; or the
    rule it breaks (``refused``, RX14) with the crew and gold unchanged."""

    crew: Crew
    paid: int
    refused: str | None = None


def recruit(crew: Crew, gold: int, pirate: str | None, replaces: str | None,
            drawn: Sequence[str] | None = None) -> Recruited:
    """A player's recruitment (RX14): ``pirate`` (one of the two ``drawn``, if they are known) is
    added for 1 gold to Barbe Noire (the player needs the gold and fewer than three Pirates), or
    takes the place of the crew's Pirate ``replaces`` for nothing (a Légende is never replaced);
    ``pirate`` None: both drawn are discarded.

    >>> recruit(Crew("anne", ("flint",)), 2, "drake", None).crew.pirates
    ('flint', 'drake')
    >>> recruit(Crew("anne", ("flint",)), 0, "drake", None).refused
    'no_gold'
    """
    if pirate is None:
        return Recruited(crew, 0)
    if drawn is not None and pirate not in drawn:
        return Recruited(crew, 0, "not_drawn")
    if pirate in crew.pirates or pirate == crew.legend:
        return Recruited(crew, 0, "in_crew")
    if replaces is not None:
        if replaces not in crew.pirates:
            return Recruited(crew, 0, "legend" if replaces == crew.legend else "not_in_crew")
        pirates = tuple(pirate if member == replaces else member for member in crew.pirates)
        return Recruited(Crew(crew.legend, pirates), 0)
    if gold < RECRUIT_COST:
        return Recruited(crew, 0, "no_gold")
    if len(crew.pirates) >= MOST_PIRATES:
        return Recruited(crew, 0, "crew_full")
    return Recruited(Crew(crew.legend, (*crew.pirates, pirate)), RECRUIT_COST)


@dataclass(frozen=True, slots=True)
class End:
    """Whether the game ended once both players recruited (RX15): ``won`` by ``winner`` (a player),
    ``lost`` (Barbe Noire richest or tied for richest), ``tiebreak`` (the two players tied richest
    above him play one more Rixe), or ``on`` (nobody reached the target)."""

    result: Literal["won", "lost", "tiebreak", "on"]
    winner: int | None = None


def end(gold: Mapping[int, int], *, tiebreak: bool = False) -> End:
    """The check at the end of a Rixe's recruitment (RX15): with some captain at 15 gold or more (a
    tie-break Rixe ignores the threshold), the richest wins; Barbe Noire wins when he is richest or
    tied for richest; the two players tied for richest above him play a tie-break Rixe.

    >>> end({0: 15, 1: 15, 2: 3}), end({0: 4, 1: 16, 2: 16}), end({0: 4, 1: 5, 2: 6})
    (End(result='lost', winner=0), End(result='tiebreak', winner=None), End(result='on', winner=None))
    """
    purses = {captain: gold.get(captain, 0) for captain in CAPTAINS}
    richest = max(purses.values())
    if richest < TARGET and not tiebreak:
        return End("on")
    if purses[BARBE_NOIRE] == richest:
        return End("lost", BARBE_NOIRE)
    leaders = [player for player in PLAYERS if purses[player] == richest]
    if len(leaders) > 1:
        return End("tiebreak")
    return End("won", leaders[0])


__all__ = ["MOST_PIRATES", "RECRUIT_COST", "TARGET", "Crew", "End", "Recruited", "end", "loot", "recruit"]
