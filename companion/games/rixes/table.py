"""The whole public state of a game of Rixes, as one value the referee snapshots for undo: the
Rixe, its phase, the Bagarre on the table and those won, gold, crews, the cards each captain holds,
what the referee knows of the players' hands, and the revokes waiting for a proof (RX7)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import MalformedInput
from companion.games.rixes.bagarre import CAPTAINS
from companion.games.rixes.effects import Bagarre
from companion.games.rixes.phases import Crew, Won
from companion.text import Text

#: Weapons dealt to each captain at the start of a Rixe (RX2).
DEALT = 8


@dataclass
class Member:
    """A crew member and whether it is tilted (used in this Rixe)."""

    name: str
    legend: bool
    tilted: bool = False


@dataclass
class Revoke:
    """A player who did not follow type ``kind`` at stack index ``index``; the cards known in the
    hand then, and whether an unseen card has entered it since (which ends every proof, RX7)."""

    player: int
    kind: str
    index: int
    unseen: bool = False


@dataclass
class Table:
    """Everything the referee knows of the game now."""

    rixe: int = 1
    #: ``bagarres`` (phase 2), ``loot`` (phase 3, once counted), ``recruit`` (phase 4), ``over``.
    phase: str = "bagarres"
    gold: dict[int, int] = field(default_factory=lambda: dict.fromkeys(CAPTAINS, 0))
    crews: dict[int, list[Member]] = field(default_factory=dict)
    #: Cards each captain holds (Barbe Noire's pile included).
    holding: dict[int, int] = field(default_factory=lambda: dict.fromkeys(CAPTAINS, DEALT))
    #: The Bagarre on the table (None before the first of a Rixe).
    bagarre: Bagarre | None = None
    #: Who has played to the Bagarre on the table, in order, and its turns (RX5): each the
    #: captains who may play then.
    played_by: list[int] = field(default_factory=list)
    turns: list[set[int]] = field(default_factory=list)
    #: The winners of this Rixe's Bagarres so far (final ones), and of the earlier Rixes.
    winners: list[Won] = field(default_factory=list)
    history: list[list[Won]] = field(default_factory=list)
    #: Who provoked this Rixe's Bagarres, in order.
    provoked: list[int] = field(default_factory=list)
    #: Every weapon seen this Rixe (a card seen twice is a misreading, G2).
    seen: set[str] = field(default_factory=set)
    #: Cards an effect put back into a player's hand: known there (RX6).
    known: dict[int, set[str]] = field(default_factory=lambda: {1: set(), 2: set()})
    revokes: list[Revoke] = field(default_factory=list)
    #: Breaches proved: (rule, index of the breaking event, index of the proving one).
    breaches: list[tuple[str, int, int]] = field(default_factory=list)
    #: Players who recruited this Rixe; members used in the Bagarre on the table.
    recruited: set[int] = field(default_factory=set)
    used: list[str] = field(default_factory=list)
    #: A tie-break Rixe is being played (RX15); the game's end: ``won`` by a player or ``lost``.
    tiebreak: bool = False
    result: str | None = None
    winner: int | None = None
    #: With option ``breach: stop``, play waits for an ``override`` after a breach proved.
    halted: bool = False
    #: With ``bn_pile: page``: Barbe Noire's pile kept by the companion (its top last), and the
    #: cards it turned over this Rixe (a deck of their own, RX3).
    pile: list[str] = field(default_factory=list)
    pile_seen: set[str] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        """Whether every captain of the Bagarre's turns has played to it (its attribution stands,
        effects aside, until the next begins)."""
        return self.bagarre is not None and all(c in self.played_by for turn in self.turns for c in turn)

    @property
    def provoking(self) -> bool:
        """Whether the next card provokes a new Bagarre: none yet in this Rixe, or the one on the
        table has all its cards."""
        return self.bagarre is None or self.complete

    def copy(self) -> Table:
        """A copy sharing nothing mutable (the referee's snapshot for undo, taken at every event:
        ``copy.deepcopy``, then ``dataclasses.replace``, took most of a game's time)."""
        new = copy.copy(self)
        new.gold, new.holding = dict(self.gold), dict(self.holding)
        new.crews = {player: [Member(m.name, m.legend, m.tilted) for m in members]
                     for player, members in self.crews.items()}
        new.played_by, new.turns = list(self.played_by), [set(turn) for turn in self.turns]
        # A past Rixe's winners are never changed once it ends: the list of them is shared.
        new.winners, new.history, new.provoked = list(self.winners), list(self.history), list(self.provoked)
        new.seen, new.known = set(self.seen), {player: set(cards) for player, cards in self.known.items()}
        new.revokes = [Revoke(r.player, r.kind, r.index, r.unseen) for r in self.revokes]
        new.breaches, new.recruited, new.used = list(self.breaches), set(self.recruited), list(self.used)
        new.pile, new.pile_seen = list(self.pile), set(self.pile_seen)
        return new

    def crew_of(self, player: int) -> Crew:
        """A player's crew for recruitment (its Légende and Pirates)."""
        members = self.crews.get(player, [])
        legend = next((m.name for m in members if m.legend), "")
        return Crew(legend, tuple(m.name for m in members if not m.legend))

    def member(self, player: int, name: str) -> Member | None:
        """The member ``name`` of ``player``'s crew, or None."""
        return next((m for m in self.crews.get(player, []) if m.name == name), None)


def crew_of(crews: Mapping[str, Any] | None, player: int) -> list[Member]:
    """A player's crew from the header's ``crews``: one Légende and its Pirates (RX2)."""
    crew = (crews or {}).get(str(player))
    if not isinstance(crew, dict) or not isinstance(crew.get("legend"), str) or not isinstance(
            crew.get("pirates", []), list) or not all(isinstance(p, str) for p in crew.get("pirates", [])):
        raise MalformedInput(Text("bad_field", field="crews", value=crews))
    return [Member(crew["legend"], legend=True), *(Member(p, legend=False) for p in crew.get("pirates", []))]


__all__ = ["DEALT", "Member", "Revoke", "Table", "crew_of"]
