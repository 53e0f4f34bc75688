"""Whole games of Compétition (ruling T20) played by the computer with real hidden hands.

The simulator shuffles the island cards, deals 5 to each seat, turns 5 face up in the row and
keeps the rest as one deck; it draws from the row farthest card first and refills it from the
deck, as the players do, and plays through the referee, which knows only counts. Policies:
``"random"`` picks uniformly among the legal actions (each placement, discarding two, the swap
or the pass when they are allowed); ``"greedy"`` lays the cheapest card nearest where its number
belongs, beside its own cards where it can. ``mistakes`` adds illegal placements (a card laid out
of turn or with the other seat's half up among them), swaps and passes the referee must refuse,
and actions undone and played again.

>>> import random
>>> sim = SelfPlay(2, random.Random(3), options={"variant": "competition"})
>>> type(sim).__name__, sim.run()[-1].TYPE in ("play", "discard", "swap", "pass")
('CompetitionSelfPlay', True)
>>> sim.game.outcome().result in ("won", "draw")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.engine.events import Discard, Event, Placement, Play
from companion.games.tranquility.board import HIGHEST, LOWEST
from companion.games.tranquility.competition import DAY, NIGHT, ROW, Competition
from companion.games.tranquility.events import Pass, Swap
from companion.games.tranquility.rules import CELL_INDEX, CELLS, HAND_LIMIT, ISLAND, Tranquility
from companion.games.tranquility.selfplay import SelfPlay, register_selfplay

#: The hidden table as :meth:`CompetitionSelfPlay._save_table` keeps it: the hands, the shared
#: piles (the deck, then the row) and the discards.
_Table = tuple[list[list[str]], list[list[str]], list[list[str]]]
#: A placement the seat could make: card, cell, cost.
_Option = tuple[str, str, int]


@register_selfplay("competition")
class CompetitionSelfPlay(SelfPlay):
    """One simulated game of Compétition: the dealt cards, the referee, the events."""

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Tranquility:
        return Tranquility(players, {**(options or {}), "variant": "competition"})

    @property
    def competition(self) -> Competition:
        """The referee, as the Compétition it is."""
        game = self.game
        assert isinstance(game, Competition)
        return game

    def _deal(self) -> None:
        pool = self._islands()
        for _ in range(self.game.players):
            self.hands.append([pool.pop() for _ in range(HAND_LIMIT)])
            self.decks.append([])  # no seat has a deck of its own
        #: The face-up row, the card farthest from the deck first, and the shared deck (top = end).
        self.row: list[str] = [pool.pop() for _ in range(ROW)]
        self.deck: list[str] = pool

    # -- a turn ----------------------------------------------------------------

    def turn(self) -> None:
        """Play the active seat's turn: a placement, two cards discarded, a swap or a pass."""
        game, seat = self.competition, self.game.turn - 1
        if self.mistakes and self.rng.random() < self.mistakes:
            if self._mistake(seat):
                return
            self._refused_claim(seat)
        hand = self.hands[seat]
        options = [(card, cell, cost) for card in hand for cell, cost in game.legal_cells(ISLAND[card])]
        action = self._action(seat, options)
        self._act(replace(action, player=seat + 1))

    def _action(self, seat: int, options: list[_Option]) -> Event:
        game, hand = self.competition, self.hands[seat]
        up = game.half(seat + 1)
        others: list[Event] = []
        if len(hand) >= 2:
            others.append(Discard(2))
        if not options and game.row:
            others.append(Swap(tuple(hand)))
        if not options and not others:
            return Pass()
        if self.policy == "random":
            pick = self.rng.randrange(len(options) + len(others))
            if pick < len(options):
                card, cell, _ = options[pick]
                return Play(card, cell, up=up)
            return others[pick - len(options)]
        if options:
            best = min(options, key=lambda option: self._badness(option, up))
            if not (len(hand) >= 2 and best[2] > 2 and len(hand) - 1 - best[2] < 2):
                return Play(best[0], best[1], up=up)
        # Nothing worth laying: a small hand is swapped for the row, a large one thinned by two.
        if others and isinstance(others[-1], Swap) and len(hand) <= 2:
            return others[-1]
        return others[0]

    def _badness(self, option: _Option, up: str) -> float:
        card, cell, cost = option
        i = CELL_INDEX[cell]
        ideal = (ISLAND[card] - LOWEST) * 35 / (HIGHEST - LOWEST)
        ups = self.competition.ups
        beside = sum(1 for j in (i - 1, i + 1) if 0 <= j < len(ups) and ups[j] == up)
        return cost * 3 + abs(i - ideal) - 2 * beside

    def _refused_claim(self, seat: int) -> None:
        """A swap or a pass the referee must refuse (a card that fits, a card left out, a pass with
        cards to discard or a row to take): nothing changes."""
        game, hand = self.competition, self.hands[seat]
        claims: list[Event] = []
        if any(True for card in hand for _ in game.legal_cells(ISLAND[card])):
            claims.append(Swap(tuple(hand)))
        if hand:
            claims.append(Swap(tuple(hand[1:])))
        if len(hand) >= 2 or game.row:
            claims.append(Pass())
        if claims:
            self._play_checked(replace(self.rng.choice(claims), player=seat + 1), expect_legal=False)

    # -- the hidden table ------------------------------------------------------

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        hand = self.hands[seat]
        if isinstance(event, Play):
            hand.remove(event.card)
            self._discard(seat, self._pick_discards(hand, cost))
        elif isinstance(event, Discard):
            self._discard(seat, self._pick_discards(hand, event.count))
        elif isinstance(event, Swap):
            self._discard(seat, list(hand))
            hand.extend(self.row)
            self.row = []
            self._refill()
        self._draw(seat, HAND_LIMIT - len(hand))

    def _draw(self, seat: int, count: int) -> None:
        """Take ``count`` cards from the row, farthest first (while it lasts), then refill it."""
        count = max(0, min(count, len(self.row)))
        self.hands[seat].extend(self.row[:count])
        del self.row[:count]
        self._refill()

    def _refill(self) -> None:
        while len(self.row) < ROW and self.deck:
            self.row.append(self.deck.pop())

    def _save_table(self) -> _Table:
        return ([list(h) for h in self.hands], [list(self.deck), list(self.row)],
                [list(d) for d in self.discards])

    def _restore_table(self, saved: _Table) -> None:
        hands, (deck, row), discards = saved
        self.hands, self.discards = [list(h) for h in hands], [list(d) for d in discards]
        self.deck, self.row = list(deck), list(row)

    # -- what the policies and mistakes need ------------------------------------

    def _keep_value(self, card: str) -> float:
        costs = [cost for _, cost in self.game.legal_cells(ISLAND[card], hand=HAND_LIMIT)]
        return -min(costs) if costs else -100.0

    def _trusted_cost(self, event: Event) -> int:
        if isinstance(event, Play):
            return self.game._cost(ISLAND[event.card], CELL_INDEX[event.at])[0]
        return len(event.hand) if isinstance(event, Swap) else 0

    def _random_placement(self, seat: int) -> Placement | None:
        """A card of the hand at a random empty cell, now and then with the other seat's half up."""
        hand = self.hands[seat]
        empty = [CELLS[i] for i, v in enumerate(self.game.cells) if not v]
        if not hand or not empty:
            return None
        up = self.competition.half(seat + 1)
        if self.rng.random() < 0.2:
            up = NIGHT if up == DAY else DAY
        return Play(self.rng.choice(hand), self.rng.choice(empty), up=up, player=seat + 1)
