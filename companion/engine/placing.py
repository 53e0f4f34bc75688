"""The placing family: cards laid in cells, paid for with cards of the hand, hands drawn back.

Tranquillité and L'Ascension are placing games. Each seat keeps a deck, a hand and a
discard pile, known as counts only (G1); a turn is one action, A (lay a card, discarding
what it costs) or B (discard two cards), then the seat draws back to the hand limit and
the next seat plays.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from companion.engine.events import Discard, Event, Placement, Play, TakeBack
from companion.engine.game import Game, LegalMoves
from companion.engine.ruling import Ruling, accepted, refused
from companion.errors import MalformedInput
from companion.text import Text, cards

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Counts:
    """Every seat's deck, hand and discard counts and the active seat (0-based): a snapshot."""

    turn: int
    decks: tuple[int, ...]
    hands: tuple[int, ...]
    discards: tuple[int, ...]


class PlacingGame(Game[S]):
    """Base of the games whose cards are laid in cells and paid for from the hand."""

    MOVE = Play

    #: Each seat's hand, deck and discard pile, as counts (set up by each game).
    hands: list[int]
    decks: list[int]
    discards: list[int]
    #: How many cards a seat draws back to after its action.
    hand_limit: int

    def validate(self, event: Event) -> None:
        """As :meth:`Game.validate`; a card laid, or taken back, with no cell is malformed here
        (only a trick game's card goes into a trick without one)."""
        if isinstance(event, Placement | TakeBack) and not event.at:
            raise MalformedInput(Text("missing_field", field="at"))
        super().validate(event)

    def _counts(self) -> Counts:
        """The seats' counts, for a snapshot."""
        return Counts(self._turn, tuple(self.decks), tuple(self.hands), tuple(self.discards))

    def _restore_counts(self, counts: Counts) -> None:
        """Go back to the seats' counts of a snapshot."""
        self._turn = counts.turn
        self.decks, self.hands, self.discards = list(counts.decks), list(counts.hands), list(counts.discards)

    def _pay(self, seat: int, count: int) -> None:
        """Move ``count`` cards of ``seat``'s hand to its discard pile (never more than it holds:
        an override may accept a cost above the hand)."""
        count = min(count, self.hands[seat])
        self.hands[seat] -= count
        self.discards[seat] += count

    def _draw(self, seat: int) -> None:
        """``seat`` draws back up to the hand limit while its deck lasts."""
        take = min(max(0, self.hand_limit - self.hands[seat]), self.decks[seat])
        self.hands[seat] += take
        self.decks[seat] -= take

    def _end_turn(self, seat: int) -> None:
        """After an action: ``seat`` draws back to the limit and the next seat plays."""
        self._draw(seat)
        self._turn = (seat + 1) % self.players

    def _check_discard(self, event: Discard) -> Ruling:
        """Action B: exactly two cards, from a hand holding two at least (C2)."""
        if event.count != 2:
            return refused("C2", Text("discard_count", count=event.count))
        hand = self.hands[self._turn]
        if hand < 2:
            return refused("C2", Text("discard_short", seat=self.turn, hand=cards(hand)))
        return accepted(Text("seat_discards", seat=self.turn, count=2))

    @abc.abstractmethod
    def placements(self) -> Iterator[Play]:
        """Every placement the active seat could legally make with some card it may hold."""

    def _generate_legal(self) -> Iterator[Event]:
        return iter(self.placements())

    @property
    def legal_placements(self) -> LegalMoves[Play]:
        """A lazy view of the legal placements of the active seat; supports ``in``."""
        return LegalMoves(self, self.placements, Play)
