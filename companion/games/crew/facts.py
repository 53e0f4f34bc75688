"""The public facts of an attempt of The Crew that its tasks are decided on (CR13): the cards, the
tricks played, the trick on the table.

>>> facts = Facts.of(4, [(0, ("pink-3", "pink-9", "pink-1", "pink-2"))])
>>> facts.winners["pink-3"], facts.left, sorted(facts.cards_won(1))
(1, 9, ['pink-1', 'pink-2', 'pink-3', 'pink-9'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

PENDING, DONE, FAILED = "PENDING", "DONE", "FAILED"
#: The four colours (CR1); the fifth series, the submarines, is ``sub``.
COLOURS = ("pink", "yellow", "blue", "green")
SUBS = tuple(f"sub-{value}" for value in range(1, 5))
#: The 40 cards dealt (CR1, CR2).
DECK = frozenset({f"{colour}-{value}" for colour in COLOURS for value in range(1, 10)} | set(SUBS))


#: Each card's series, looked up, not parsed: a legality check asks it a few times.
SERIES = {card: card.rsplit("-", 1)[0] for card in DECK}
_VALUE = {card: int(card.rsplit("-", 1)[1]) for card in DECK}


def colour_of(card: str) -> str:
    """The series of ``card``: a colour, or ``sub``."""
    series = SERIES.get(card)
    return card.rsplit("-", 1)[0] if series is None else series


def value_of(card: str) -> int:
    """The printed value of ``card`` (1 to 9; 1 to 4 for a submarine)."""
    value = _VALUE.get(card)
    return int(card.rsplit("-", 1)[1]) if value is None else value


def is_sub(card: str) -> bool:
    """Whether ``card`` is a submarine."""
    return card.startswith("sub-")


@dataclass(frozen=True)
class Trick:
    """A trick played: the seat that led it, its cards as (seat, card) in the order played, and
    the seat that won it; seats 0-based."""

    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int

    @property
    def faces(self) -> tuple[str, ...]:
        """The trick's cards."""
        return tuple(card for _, card in self.cards)

    @property
    def winning(self) -> str:
        """The card that won it: the winner's."""
        return next(card for seat, card in self.cards if seat == self.winner)


def trick_winner(cards: Sequence[tuple[int, str]]) -> int:
    """The seat winning a whole trick ``cards`` (CR12): the highest submarine if any, else the highest
    card of the colour led.

    >>> trick_winner([(0, "pink-3"), (1, "pink-9"), (2, "blue-9"), (3, "pink-1")])
    1
    >>> trick_winner([(0, "pink-3"), (1, "pink-9"), (2, "sub-1"), (3, "pink-1")])
    2
    """
    led = colour_of(cards[0][1])

    def strength(play: tuple[int, str]) -> tuple[int, int]:
        series = colour_of(play[1])
        return (2 if series == "sub" else 1 if series == led else 0, value_of(play[1]))

    return max(cards, key=strength)[0]


@dataclass(frozen=True)
class Facts:
    """What the table has shown of an attempt: the ``tricks`` played, the ``current`` trick's cards
    as (seat, card), the ``seats`` (Tonoja one of them), how many tricks the attempt lasts
    (``total``), the ``commander`` (0-based) and the counts told for ``predict:*`` tasks by seat."""

    seats: int
    total: int
    tricks: tuple[Trick, ...] = ()
    current: tuple[tuple[int, str], ...] = ()
    commander: int = 0
    predictions: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, seats: int, tricks: Iterable[tuple[int, Sequence[str]]] = (), *, total: int | None = None,
           current: Sequence[str] = (), commander: int = 0, predictions: Mapping[int, int] | None = None
           ) -> Facts:
        """Facts from tricks given as (leader, cards in the order played, from the leader round),
        each trick's winner leading the next; ``current`` the cards laid so far by the last winner
        (or by the commander) and those after it. For tests and examples."""
        played: list[Trick] = []
        for leader, faces in tricks:
            cards = tuple(((leader + k) % seats, card) for k, card in enumerate(faces))
            played.append(Trick(leader, cards, trick_winner(cards)))
        lead = played[-1].winner if played else commander
        now = tuple(((lead + k) % seats, card) for k, card in enumerate(current))
        return cls(seats, total if total is not None else {3: 13, 4: 10, 5: 8}[seats], tuple(played), now,
                   commander, dict(predictions or {}))

    @property
    def left(self) -> int:
        """Tricks not yet won, the one on the table among them."""
        return self.total - len(self.tricks)

    @property
    def over(self) -> bool:
        """Whether the last trick is played."""
        return self.left <= 0

    @cached_property
    def winners(self) -> dict[str, int]:
        """The seat that won each card played in a whole trick."""
        return {card: trick.winner for trick in self.tricks for card in trick.faces}

    @cached_property
    def open(self) -> frozenset[str]:
        """The cards that may still be won: not yet in a whole trick (the trick on the table's
        among them); none once the attempt is over (a card never played is won by nobody)."""
        return frozenset() if self.over else DECK - set(self.winners)

    @cached_property
    def played(self) -> frozenset[str]:
        """Every card laid: in the tricks and on the table."""
        return frozenset(self.winners) | {card for _, card in self.current}

    def won(self, seat: int) -> int:
        """How many tricks ``seat`` won."""
        return sum(trick.winner == seat for trick in self.tricks)

    def cards_won(self, seat: int) -> frozenset[str]:
        """The cards of the tricks ``seat`` won."""
        return frozenset(card for card, winner in self.winners.items() if winner == seat)

    def led(self) -> Iterable[tuple[int, str]]:
        """Each lead: (seat, card), the trick on the table's too."""
        yield from ((trick.leader, trick.cards[0][1]) for trick in self.tricks)
        if self.current:
            yield self.current[0]


__all__ = ["COLOURS", "DECK", "DONE", "FAILED", "PENDING", "SUBS", "Facts", "Trick", "colour_of", "is_sub",
           "trick_winner", "value_of"]
