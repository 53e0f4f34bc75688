"""The tricks family: one card from each seat in turn, the leader's suit to follow, the best card wins.

The Crew and Rixes are trick games. A trick opens with the *lead*; each other seat in turn
*follows* with a card of the led suit when it can (K2); the highest trump, or else the highest
card of the led suit, wins the trick, and its winner leads the next (K3). A card is played once
(K1). Hands are hidden unless dealt openly: the referee then knows only what the table shows,
and a seat that once failed to follow has shown it holds none of that suit, so playing that
suit later is a revoke (K2). A card is a ``play`` with no cell (the seat says where it lies); a
refused one lies flagged until taken back (``take_back`` naming the card) or overridden (G5).
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.engine.events import Event, Placement, Play
from companion.engine.game import Game, LegalMoves
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import MalformedInput
from companion.text import Text, Words


@dataclass(frozen=True, slots=True)
class TrickSnapshot:
    """The whole state of a trick game, for undo."""

    turn: int
    leader: int
    trick: tuple[tuple[int, str], ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    played: frozenset[str]
    hands: tuple[frozenset[str], ...] | None
    voids: tuple[frozenset[str], ...]


class TrickGame(Game[TrickSnapshot]):
    """Base of the trick games: subclasses name the cards, their suits and ranks, and the trump."""

    #: Every card of the game, by record name.
    CARDS: ClassVar[tuple[str, ...]]
    #: The suit that beats every other, or None.
    TRUMP: ClassVar[str | None] = None
    #: Whether a card of a suit its seat showed it holds none of is accepted, the revoke being the
    #: game's to prove (The Crew, CR11), rather than refused (K2).
    PROVES_REVOKES: ClassVar[bool] = False
    MOVE = Play

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
        hands: Sequence[Iterable[str]] | None = None,
        leader: int = 1,
    ) -> None:
        """Set up a game led by seat ``leader``; ``hands`` are given only when dealt openly."""
        super().__init__(players, options, decks=decks)
        if hands is not None and (
            len(hands) != players or any(card not in self.CARDS for hand in hands for card in hand)
        ):
            raise MalformedInput(Text("bad_field", field="hands", value=[sorted(h) for h in hands]))
        if not 1 <= leader <= players:
            raise MalformedInput(Text("seat_out_of_range", seat=leader, players=players))
        self.hands: list[frozenset[str]] | None = None if hands is None else [frozenset(h) for h in hands]
        self._turn = self.leader = leader - 1
        #: The current trick: (seat, card) pairs in the order played, seats 0-based.
        self.trick: tuple[tuple[int, str], ...] = ()
        self.won = [0] * players
        self.scores = [0] * players
        self.played: frozenset[str] = frozenset()
        self.voids: list[frozenset[str]] = [frozenset()] * players

    # -- what each game says -------------------------------------------------

    @abc.abstractmethod
    def suit_of(self, card: str) -> str:
        """The suit of ``card``."""

    @abc.abstractmethod
    def rank_of(self, card: str) -> int:
        """The rank of ``card`` within its suit (higher beats lower)."""

    def trump(self) -> str | None:
        """The suit that beats every other in this game (an option may choose it), or None."""
        return self.TRUMP

    def tricks_in_game(self) -> int:
        """How many tricks the game lasts: every card dealt, as evenly as the seats allow."""
        return len(self.CARDS) // self.players

    def trick_score(self, trick: Sequence[tuple[int, str]]) -> int:
        """What winning ``trick`` scores (one point a trick unless a game says otherwise)."""
        del trick
        return 1

    def winner_of(self, trick: Sequence[tuple[int, str]]) -> int:
        """The 0-based seat winning a whole ``trick``: the highest trump, else the highest led card."""
        led, trump = self.suit_of(trick[0][1]), self.trump()

        def strength(play: tuple[int, str]) -> tuple[int, int]:
            suit = self.suit_of(play[1])
            return (2 if suit == trump else 1 if suit == led else 0, self.rank_of(play[1]))

        return max(trick, key=strength)[0]

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        if isinstance(event, Placement) and not isinstance(event, Play):
            raise MalformedInput(Text("wrong_game_event", kind=event.TYPE, game=self.title))
        if isinstance(event, Play):
            if event.card not in self.CARDS:
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            if event.at and event.at not in self.places():
                raise MalformedInput(Text("bad_field", field="at", value=event.at))

    def places(self) -> frozenset[str]:
        """The places a card may be laid at besides the trick (none unless a game names some)."""
        return frozenset()

    def card_label(self, card: str) -> Words | str:
        """The card's record name."""
        return card

    def cell_label(self, cell: str) -> Words | str:
        """A place a game names (trick games have no cells): the name as given."""
        return cell

    # -- rules -------------------------------------------------------------

    def led_suit(self) -> str | None:
        """The suit to follow in the current trick, or None before the lead."""
        return self.suit_of(self.trick[0][1]) if self.trick else None

    def _check_action(self, event: Event) -> Ruling:
        if not isinstance(event, Play):
            return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))
        seat, card = self._turn, event.card
        if card in self.played or (self.hands is not None and card not in self.hands[seat]):
            return refused("K1", Text("trick_not_held", seat=self.turn, card=self.card_label(card)))
        suit, led = self.suit_of(card), self.led_suit()
        label = self.card_label(card)
        if led is not None and suit != led and self.hands is not None and any(
            self.suit_of(held) == led for held in self.hands[seat]
        ):
            return refused("K2", Text("trick_must_follow", card=label, suit=led, seat=self.turn))
        if suit in self.voids[seat] and not self.PROVES_REVOKES:
            return refused("K2", Text("trick_revoke", card=label, suit=suit, seat=self.turn))
        if len(self.trick) == self.players - 1:
            winner = self.winner_of((*self.trick, (seat, card)))
            return accepted(Text("trick_won", seat=self.turn, card=label, winner=winner + 1))
        return accepted(Text("trick_followed" if self.trick else "trick_led", seat=self.turn, card=label))

    def _override_ruling(self, placement: Placement) -> Ruling:
        # Reached only for a rule a game lets the players override (OVERRIDABLE).
        return accepted(Text("trick_accepted", card=self.card_label(placement.card)))

    def _apply(self, event: Event, *, forced: bool) -> None:
        if not isinstance(event, Play):
            raise TypeError(f"cannot push {event!r} on {self.name}")
        seat, card = self._turn, event.card
        led = self.led_suit()
        if led is not None and self.suit_of(card) != led:
            # The seat has shown it holds no card of the led suit.
            self.voids[seat] = self.voids[seat] | {led}
        if self.hands is not None:
            self.hands[seat] = self.hands[seat] - {card}
        self.played = self.played | {card}
        self.trick = (*self.trick, (seat, card))
        if len(self.trick) < self.players:
            self._turn = (seat + 1) % self.players
            return
        winner = self.winner_of(self.trick)
        self.won[winner] += 1
        self.scores[winner] += self.trick_score(self.trick)
        self.trick = ()
        self._turn = self.leader = winner

    def _save(self) -> TrickSnapshot:
        return TrickSnapshot(self._turn, self.leader, self.trick, tuple(self.won), tuple(self.scores),
                             self.played, None if self.hands is None else tuple(self.hands),
                             tuple(self.voids))

    def _restore(self, saved: TrickSnapshot) -> None:
        self._turn, self.leader, self.trick = saved.turn, saved.leader, saved.trick
        self.won, self.scores = list(saved.won), list(saved.scores)
        self.played = saved.played
        self.hands = None if saved.hands is None else list(saved.hands)
        self.voids = list(saved.voids)

    def _compute_outcome(self) -> Outcome | None:
        """Over once every trick is played: the best scores win (cooperative games override it)."""
        if sum(self.won) < self.tricks_in_game():
            return None
        best = max(self.scores)
        winners = tuple(seat + 1 for seat, score in enumerate(self.scores) if score == best)
        scores = ", ".join(map(str, self.scores))
        return Outcome(Termination.TRICKS_DONE, winners, Text("outcome_tricks", scores=scores))

    def _generate_legal(self) -> Iterator[Play]:
        if self.is_over():
            return
        candidates = self.hands[self._turn] if self.hands is not None else set(self.CARDS) - self.played
        for card in sorted(candidates):
            move = Play(card, "")
            if self._check_action(move).legal:
                yield move

    @property
    def legal_cards(self) -> LegalMoves[Play]:
        """A lazy view of the cards the active seat may legally play; supports ``in``."""
        return LegalMoves(self, self._generate_legal, Play)

    def lying(self) -> dict[str, tuple[str, str]]:
        """The trick's cards, each at its seat's place (``t<seat>``)."""
        return {f"t{seat + 1}": (card, "") for seat, card in self.trick}

    def place_of(self, event: Event) -> str | None:
        """A card played lies at its seat's place (``t<seat>``; the seat to play where the event
        names none)."""
        seat = event.player if event.player is not None else self.turn
        return f"t{seat}"

    def state_json(self) -> dict[str, Any]:
        """Whose turn, the trick on the table, each seat's tricks won and score."""
        outcome = self.outcome()
        return {
            "game": self.name,
            "players": self.players,
            "options": dict(self.options),
            "turn": None if outcome else self.turn,
            "leader": self.leader + 1,
            "trick": [{"seat": seat + 1, "card": card} for seat, card in self.trick],
            "seats": [
                {"seat": s + 1, "won": self.won[s], "score": self.scores[s]} for s in range(self.players)
            ],
        }
