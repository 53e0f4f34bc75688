"""Whole games of *La Pyramide* (ruling T18) played by the computer with real hidden hands.

The simulator shares the island cards out as decks (no Start or Finish card in them), shuffles the
explorer pile of 30, lays the two inner border cards on cells drawn at random (the picture that
places them is missing) unless the options name them, and plays through the referee, which knows
only counts. A card laid on a border card that shows draws the top explorer card at once: a Start,
the reef, a storm or a monster is said by name, a Joker, compass or Finish kept in hand is said
``back`` (now and then by name, as when the players show it). Policies: ``"random"`` picks
uniformly among the placements (one Joker placement at most) and discarding two; ``"greedy"`` lays
the cheapest card nearest where its number belongs, spends a Joker where an island card would cost
much, and clears every storm it can. ``mistakes`` adds illegal placements, compasses and explorer
cards the referee must refuse, and actions undone and played again.

>>> import random
>>> sim = SelfPlay(3, random.Random(5), options={"variant": "pyramid"}, policy="greedy")
>>> type(sim).__name__, len(sim.game.options["pyramid_borders"])
('PyramidSelfPlay', 2)
>>> sim.run()[-1].TYPE in ("play", "discard", "declare_loss", "compass", "explore")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play
from companion.games.tranquility.board import HIGHEST, LOWEST, PYRAMID
from companion.games.tranquility.events import Compass, Explore
from companion.games.tranquility.explorer import BACK, JOKER, KEPT, STORMS, composition
from companion.games.tranquility.pyramid import Pending, Pyramid
from companion.games.tranquility.rules import FINISH, HAND_LIMIT, ISLAND, deal_sizes
from companion.games.tranquility.selfplay import SelfPlay, register_selfplay

#: The hidden table as the base simulator keeps it: the hands, the decks and the discards.
_Table = tuple[list[list[str]], list[list[str]], list[list[str]]]
#: A placement the seat could make: card, cell, cost, and what a Joker stands for ("" for an island).
_Option = tuple[str, str, int, str]
COMPASS = "compass"


@register_selfplay("pyramid")
class PyramidSelfPlay(SelfPlay):
    """One simulated game of the Pyramide: the dealt cards, the explorer pile, the referee, the events."""

    def __init__(self, players: int, rng: random.Random, *, options: Mapping[str, object] | None = None,
                 **kwargs: Any) -> None:
        """As :class:`SelfPlay`; the border cells are drawn with ``rng`` when the options leave them out."""
        chosen = {**(options or {}), "variant": "pyramid"}
        if chosen.get("pyramid_borders") is None:
            chosen["pyramid_borders"] = rng.sample(PYRAMID.cells, 2)
        super().__init__(players, rng, options=chosen, **kwargs)

    @property
    def pyramid(self) -> Pyramid:
        """The referee, as the Pyramide it is."""
        game = self.game
        assert isinstance(game, Pyramid)
        return game

    def _deal(self) -> None:
        rng, game = self.rng, self.game
        island = self._islands()
        pool = island
        for size in deal_sizes(len(pool), game.players):
            dealt, pool = pool[:size], pool[size:]
            self.hands.append([dealt.pop() for _ in range(min(HAND_LIMIT, len(dealt)))])
            self.decks.append(dealt)
        #: The explorer pile, top = end.
        self.pile: list[str] = [card for card, n in composition(game.options).items() for _ in range(n)]
        rng.shuffle(self.pile)
        #: Explorer cards out of the game: revealed Start cards and reef, monsters, storms cleared.
        self.out: list[str] = []
        #: The card lying on each filled cell (an island card, or ``border`` for a Joker).
        self.grid: dict[str, str] = {}
        #: The storm lying on each closed cell.
        self.storm_at: dict[str, str] = {}
        #: The card laid at ``finish`` (a Finish card or a Joker), once laid.
        self.finish_card = ""
        #: The explorer card being resolved, and the card waiting for it.
        self._drawn = ""
        self._pending: Pending | None = None
        self._stash: tuple[list[str], list[str], dict[str, str], dict[str, str], str] = ([], [], {}, {}, "")

    # -- a turn ----------------------------------------------------------------

    def turn(self) -> None:
        """Play the active seat's turn: a Finish, a compass, a placement (with its explorer card),
        two cards discarded, or the loss said."""
        game, rng = self.pyramid, self.rng
        seat = game.turn - 1
        hand = self.hands[seat]
        if game.pending is not None:
            self._explore(seat)
            return
        if game.is_complete():
            for card, as_ in ((FINISH, ""), (JOKER, FINISH)):
                if card in hand:
                    self._act(Play(card, FINISH, as_=as_, player=seat + 1))
                    return
        if self.mistakes and rng.random() < self.mistakes:
            if self._mistake(seat):
                if game.pending is not None:
                    self._explore(seat)
                return
            self._refused_claim(seat)
        if COMPASS in hand and game.storms and (self.policy == "greedy" or rng.random() < 0.5):
            at = rng.choice(sorted(self.storm_at))
            self._act(Compass(at=at, player=seat + 1))
            return
        choice = self._pick(seat, self._options(seat))
        if choice is None:
            self._act(Discard(2, player=seat + 1) if len(hand) >= 2 else DeclareLoss(player=seat + 1))
            return
        card, cell, _, as_ = choice
        self._act(Play(card, cell, as_=as_, player=seat + 1))
        if game.pending is not None:
            self._explore(seat)

    def _options(self, seat: int) -> list[_Option]:
        game, hand = self.pyramid, self.hands[seat]
        options = [(card, cell, cost, "") for card in hand if card in ISLAND
                   for cell, cost in game.legal_cells(ISLAND[card])]
        if JOKER in hand:
            placed = set(game.cells)
            jokers = [(JOKER, cell, cost, str(v)) for v in range(LOWEST, HIGHEST + 1) if v not in placed
                      for cell, cost in game.legal_cells(v)]
            if self.policy == "greedy":
                options += jokers
            elif jokers:
                options.append(self.rng.choice(jokers))
        return options

    def _pick(self, seat: int, options: list[_Option]) -> _Option | None:
        hand = self.hands[seat]
        can_discard = len(hand) >= 2
        if self.policy == "random":
            pick = self.rng.randrange(len(options) + can_discard) if options or can_discard else None
            return options[pick] if pick is not None and pick < len(options) else None
        if not options:
            return None

        def badness(option: _Option) -> float:
            card, cell, cost, as_ = option
            ideal = (int(as_ or card) - LOWEST) * (PYRAMID.size - 1) / (HIGHEST - LOWEST)
            # A Joker is worth keeping for the Finish: spent only where it saves much.
            return cost * 3 + abs(PYRAMID.index[cell] - ideal) + (8 if as_ else 0)

        best = min(options, key=badness)
        if can_discard and best[2] > 2 and len(hand) - 1 - best[2] < 2:
            return None
        return best

    def _explore(self, seat: int) -> None:
        """Draw the top explorer card for the card waiting and say it: by name when revealed, as
        ``back`` when kept (now and then by name)."""
        game, rng = self.pyramid, self.rng
        if self.mistakes and rng.random() < self.mistakes:
            # Anything else first is refused (T18): the explorer card is due.
            self._play_checked(Discard(2, player=seat + 1), expect_legal=False)
        self._pending = game.pending
        self._drawn = card = self.pile.pop()
        said = card if card not in KEPT or rng.random() < 0.25 else BACK
        self._act(Explore(said, player=seat + 1))

    def _refused_claim(self, seat: int) -> None:
        """A compass where no storm lies, or an explorer card with none due: refused, nothing changes."""
        empty = [cell for cell in PYRAMID.cells if cell not in self.grid and cell not in self.storm_at]
        claims: list[Event] = [Explore(BACK, player=seat + 1)]
        if empty:
            claims.append(Compass(at=self.rng.choice(empty), player=seat + 1))
        self._play_checked(self.rng.choice(claims), expect_legal=False)

    # -- the hidden table ------------------------------------------------------

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        hand = self.hands[seat]
        if isinstance(event, Play):
            hand.remove(event.card)
            if FINISH in (event.card, event.as_):
                self.finish_card = event.card
                return
            self.grid[event.at] = event.card
            if self.pyramid.pending is not None:
                return  # the discard waits for the explorer card
            self._discard(seat, self._pick_discards(hand, cost))
        elif isinstance(event, Explore):
            self._resolve(seat, cost)
        elif isinstance(event, Compass):
            self._discard(seat, [COMPASS])
            self.out.append(self.storm_at.pop(event.at))
        elif isinstance(event, Discard):
            self._discard(seat, self._pick_discards(hand, event.count))
        elif isinstance(event, DeclareLoss):
            return
        self._draw(seat, HAND_LIMIT - len(hand))

    def _resolve(self, seat: int, count: int) -> None:
        """The explorer card drawn, on the table: kept, laid on the cell, or out; then ``count``
        cards discarded, from the hand while it lasts, then from the top of the deck."""
        assert self._pending is not None
        hand, card = self.hands[seat], self._drawn
        at = PYRAMID.cells[self._pending.cell]
        if card in KEPT:
            hand.append(card)
        elif card in STORMS:
            hand.append(self.grid.pop(at))
            self.storm_at[at] = card
        elif card == "monster":
            self.discards[seat].append(self.grid.pop(at))
            self.out.append(card)
        else:
            self.out.append(card)
        from_hand = min(count, len(hand))
        self._discard(seat, self._pick_discards(hand, from_hand))
        for _ in range(count - from_hand):
            if self.decks[seat]:
                self.discards[seat].append(self.decks[seat].pop())

    def _save_table(self) -> _Table:
        # The base undoes one action at a time: what the Pyramide adds is kept beside it.
        self._stash = (list(self.pile), list(self.out), dict(self.grid), dict(self.storm_at),
                       self.finish_card)
        return super()._save_table()

    def _restore_table(self, saved: _Table) -> None:
        super()._restore_table(saved)
        pile, out, grid, storms, finish = self._stash
        self.pile, self.out, self.grid, self.storm_at = list(pile), list(out), dict(grid), dict(storms)
        self.finish_card = finish

    # -- what the policies and mistakes need ------------------------------------

    def _keep_value(self, card: str) -> float:
        if card == FINISH:
            return 100.0
        if card == JOKER:
            return 90.0
        if card == COMPASS:
            return 40.0 if self.pyramid.storms else 5.0
        costs = [cost for _, cost in self.game.legal_cells(ISLAND[card], hand=HAND_LIMIT)]
        return -min(costs) if costs else -100.0

    def _trusted_cost(self, event: Event) -> int:
        game = self.pyramid
        if isinstance(event, Play) and FINISH not in (event.card, event.as_):
            value, i = int(event.as_ or event.card), PYRAMID.index[event.at]
            return 0 if game.explores(i) else game._cost(value, i)[0]
        if isinstance(event, Explore):
            return game.explore_discard(event.card)
        return 0

    def _random_placement(self, seat: int) -> Placement | None:
        """A card of the hand at a random empty cell (a storm's included), a Joker now and then with
        a random value."""
        hand = self.hands[seat]
        island = [card for card in hand if card in ISLAND]
        empty = [cell for cell in PYRAMID.cells if cell not in self.grid]
        if not empty:
            return None
        if JOKER in hand and (not island or self.rng.random() < 0.3):
            value = str(self.rng.randint(LOWEST, HIGHEST))
            return Play(JOKER, self.rng.choice(empty), as_=value, player=seat + 1)
        if not island:
            return None
        return Play(self.rng.choice(island), self.rng.choice(empty), player=seat + 1)
