"""The Pyramide's explorer pile (ruling T18): what it holds and what has come out of it, as public
counts only (G1).

Thirty cards face down: 6 storms, 6 compasses, 5 sea monsters, 5 Finish cards, 5 Start cards, the
reef and 2 border cards (Jokers); with ``pyramid_easy`` 5 spare border cards take the monsters'
place. A card drawn is either revealed (Start, reef, a storm, a monster) or kept in hand unseen
(a Joker, a compass, a Finish card: ``back``, or named when the players show it). The pile's
composition is public, so each draw is checked against what is left: a sixth Start card is a
misreading (G2), not a ruling.

>>> pile = Pile.of({"storm_colours": {"yellow": 2, "purple": 2, "orange": 2}, "pyramid_easy": False})
>>> pile.left, pile.possible("reef")
(30, True)
>>> pile = pile.draw("reef").draw(BACK)
>>> pile.left, pile.possible("reef"), pile.json()["kept_unseen"]
(28, False, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: A card drawn and kept in hand without being shown (``explore`` {``card``: ``back``}).
BACK = "back"
JOKER = "border"
STORMS = ("storm-yellow", "storm-purple", "storm-orange")
#: Cards resolved face up as they are drawn.
REVEALED = ("start", "reef", *STORMS, "monster")
#: Cards kept in hand: a Joker (border card), a compass, a Finish card.
KEPT = (JOKER, "compass", "finish")
#: Every kind of explorer card, in the order of the counts.
KINDS = (*REVEALED, *KEPT)
#: What an ``explore`` event may name.
EXPLORE_CARDS = frozenset({*KINDS, BACK})
PILE_SIZE = 30
#: Border cards in the pile: 2 Jokers, or 7 when the spare ones replace the 5 monsters (easy).
JOKERS, MONSTERS = 2, 5


def composition(options: Mapping[str, object]) -> dict[str, int]:
    """How many of each kind the pile holds at setup, as the options say (T12 storm colours,
    T18 ``pyramid_easy``).

    >>> easy = {"storm_colours": {"yellow": 2, "purple": 2, "orange": 2}, "pyramid_easy": True}
    >>> composition(easy)["border"], composition(easy)["monster"]
    (7, 0)
    """
    colours = options["storm_colours"]
    assert isinstance(colours, Mapping)
    easy = bool(options["pyramid_easy"])
    counts = {"start": 5, "reef": 1, "monster": 0 if easy else MONSTERS,
              **{f"storm-{colour}": int(colours[colour]) for colour in ("yellow", "purple", "orange")},
              JOKER: JOKERS + (MONSTERS if easy else 0), "compass": 6, "finish": 5}
    assert sum(counts.values()) == PILE_SIZE
    return counts


@dataclass(frozen=True, slots=True)
class Pile:
    """The explorer pile as the table knows it: the count of each kind at setup (``full``, in
    :data:`KINDS` order), each kind seen drawn (``seen``), and the cards kept unseen (``unseen``)."""

    full: tuple[int, ...]
    seen: tuple[int, ...]
    unseen: int = 0

    @classmethod
    def of(cls, options: Mapping[str, object]) -> Pile:
        """The whole pile of a new game."""
        counts = composition(options)
        return cls(tuple(counts[kind] for kind in KINDS), (0,) * len(KINDS))

    @property
    def left(self) -> int:
        """How many cards are still to draw."""
        return sum(self.full) - sum(self.seen) - self.unseen

    def total(self, kind: str) -> int:
        """How many cards of ``kind`` the pile held at setup."""
        return self.full[KINDS.index(kind)]

    def _kept_room(self) -> int:
        """How many of the cards kept in hand (Jokers, compasses, Finish) may still be in the pile."""
        return sum(self.full[KINDS.index(k)] - self.seen[KINDS.index(k)] for k in KEPT) - self.unseen

    def possible(self, card: str) -> bool:
        """Whether ``card`` (a kind, or :data:`BACK`) can still be drawn: the pile is not empty and
        a card of that kind is still unaccounted for."""
        if self.left < 1:
            return False
        if card == BACK:
            return self._kept_room() >= 1
        k = KINDS.index(card)
        if self.seen[k] >= self.full[k]:
            return False
        return card not in KEPT or self._kept_room() >= 1

    def draw(self, card: str) -> Pile:
        """The pile once ``card`` has been drawn (it must be :meth:`possible`)."""
        if card == BACK:
            return Pile(self.full, self.seen, self.unseen + 1)
        k = KINDS.index(card)
        return Pile(self.full, (*self.seen[:k], self.seen[k] + 1, *self.seen[k + 1:]), self.unseen)

    def json(self) -> dict[str, Any]:
        """The public counts: cards left, the composition, each kind seen, the cards kept unseen."""
        return {"left": self.left, "composition": dict(zip(KINDS, self.full, strict=True)),
                "seen": {kind: n for kind, n in zip(KINDS, self.seen, strict=True) if n},
                "kept_unseen": self.unseen}
