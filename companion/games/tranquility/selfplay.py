"""Whole games played by the computer, with real hidden hands (Tranquillité here;
L'Ascension in :mod:`companion.games.ascension.selfplay`).

The simulator deals real cards from a :class:`random.Random` it is given,
knows every hand and deck, and plays through the referee exactly as players
would: it emits the events of the record and checks the engine's public
counts against the cards it really holds. It serves the benchmark, the
invariant tests, and the bundled example records.

Policies: ``"random"`` picks uniformly among every legal action (each
placement, and discarding two); ``"greedy"`` plays the cheapest placement
closest to where its number belongs, and discards its least useful cards.
``mistakes`` is the chance per turn of an illegal placement (taken back, or
now and then overridden) or an accepted action that is undone and replayed.

>>> import random
>>> sim = SelfPlay(3, random.Random(7))
>>> events = sim.run()
>>> sim.game.outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Self, TypeVar, cast

from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play
from companion.engine.simulator import Simulator
from companion.games.tranquility.board import HIGHEST, LOWEST
from companion.games.tranquility.events import StartDiscards
from companion.games.tranquility.options import rules_key
from companion.games.tranquility.rules import (
    CELL_INDEX,
    CELLS,
    FINISH,
    FINISH_CARDS,
    HAND_LIMIT,
    ISLAND,
    START,
    Tranquility,
    deal_sizes,
)

#: The simulator of each variant and of *Mers agitées* (``"seas"``), by rules key; each registers itself.
SIMULATORS: dict[str, type[SelfPlay]] = {}
T = TypeVar("T", bound="type[SelfPlay]")


def register_selfplay(key: str) -> Callable[[T], T]:
    """Class decorator: ``SelfPlay(players, rng, options=...)`` builds the class for options naming ``key``
    (:func:`companion.games.tranquility.options.rules_key`)."""
    def register(cls: T) -> T:
        SIMULATORS[key] = cls
        return cls
    return register


class SelfPlay(Simulator[Tranquility]):
    """One simulated game of Tranquillité: the dealt cards, the referee, the events. Built with the
    options of a variant or a module, it is that one's simulator."""

    def __new__(cls, players: int, rng: random.Random, **kwargs: Any) -> Self:
        """The simulator of the game the options name."""
        del players, rng
        chosen: type[SelfPlay] = cls
        if cls is SelfPlay:
            key = rules_key(kwargs.get("options") or {})
            chosen = SIMULATORS.get(key, SelfPlay) if key else SelfPlay
        return cast(Self, object.__new__(chosen))

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Tranquility:
        return Tranquility(players, options)

    def _islands(self) -> list[str]:
        """The island cards shuffled, those removed unseen (T10) set aside in :attr:`removed`."""
        removed = self.game.options["removed"]
        assert isinstance(removed, int)
        island = [str(v) for v in range(LOWEST, HIGHEST + 1)]
        self.rng.shuffle(island)
        #: Island cards removed unseen (T10).
        self.removed: list[str] = island[:removed]
        return island[removed:]

    def _deal(self) -> None:
        rng, game = self.rng, self.game
        island = self._islands()
        pool = island + [FINISH] * FINISH_CARDS
        rng.shuffle(pool)
        for size in deal_sizes(len(pool), game.players):
            dealt, pool = pool[:size], pool[size:]
            self.hands.append([dealt.pop() for _ in range(min(HAND_LIMIT, len(dealt)))])
            if game.BOARD.start:  # a layout without a start corner deals no Start card (T17)
                dealt.insert(rng.randrange(len(dealt) + 1), START)
            self.decks.append(dealt)

    def turn(self) -> None:
        """Play the active seat's turn (and the Start card's discards if it comes)."""
        game, seat = self.game, self.game.turn - 1
        hand = self.hands[seat]
        if START in hand and not game.start_played:
            # A seat holding the first Start card must play it (section 4).
            self._act(Play(START, START, player=seat + 1), undoable=False)
            self._start_discards()
            return
        if FINISH in hand and game.is_complete():
            self._act(Play(FINISH, FINISH, player=seat + 1))
            return
        if self.mistakes and self.rng.random() < self.mistakes and self._mistake(seat):
            return
        options = [
            (card, cell, cost)
            for card in hand if card in ISLAND
            for cell, cost in game.legal_cells(ISLAND[card])
        ]
        choice = self._choose(seat, options)
        if choice is None:
            if len(hand) >= 2:
                self._act(Discard(2, player=seat + 1))
            else:
                self._act(DeclareLoss(player=seat + 1))
            return
        card, cell, _ = choice
        self._act(Play(card, cell, player=seat + 1))

    def _choose(self, seat: int, options: list[tuple[str, str, int]]) -> tuple[str, str, int] | None:
        can_discard = len(self.hands[seat]) >= 2
        if self.policy == "random":
            pick = self.rng.randrange(len(options) + (1 if can_discard else 0)) if (
                options or can_discard) else None
            return options[pick] if pick is not None and pick < len(options) else None
        if not options:
            return None

        def badness(option: tuple[str, str, int]) -> float:
            card, cell, cost = option
            ideal = (ISLAND[card] - LOWEST) * 35 / (HIGHEST - LOWEST)
            return cost * 3 + abs(CELL_INDEX[cell] - ideal)

        best = min(options, key=badness)
        if can_discard and best[2] > 2 and len(self.hands[seat]) - 1 - best[2] < 2:
            return None
        return best

    def _keep_value(self, card: str) -> float:
        if card == FINISH:
            return 100.0 if self.game.is_complete() or self.policy == "greedy" else 0.0
        if card == START:
            return 50.0 if not self.game.start_played else -1.0
        costs = [cost for _, cost in self.game.legal_cells(ISLAND[card], hand=HAND_LIMIT)]
        return -min(costs) if costs else -100.0

    def _trusted_cost(self, event: Event) -> int:
        if isinstance(event, Play) and event.card in ISLAND:
            return self.game._cost(ISLAND[event.card], CELL_INDEX[event.at])[0]
        return 0

    def _random_placement(self, seat: int) -> Placement | None:
        island = [card for card in self.hands[seat] if card in ISLAND]
        empty = [CELLS[i] for i, v in enumerate(self.game.cells) if not v]
        if not island or not empty:
            return None
        return Play(self.rng.choice(island), self.rng.choice(empty), player=seat + 1)

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        hand = self.hands[seat]
        if isinstance(event, Play):
            hand.remove(event.card)
            if event.card == START:
                if self.game.players == 2:
                    for s in range(self.game.players):
                        self._draw(s, 2)
                return
            if event.card == FINISH:
                return
            self._discard(seat, self._pick_discards(hand, cost))
        elif isinstance(event, Discard):
            self._discard(seat, self._pick_discards(hand, event.count))
        elif isinstance(event, DeclareLoss):
            return
        self._draw(seat, HAND_LIMIT - len(hand))

    def _start_discards(self) -> None:
        due = self.game.start_discards_due()
        pool = [(s, card) for s, hand in enumerate(self.hands) for card in hand]
        if self.policy == "random":
            chosen = self.rng.sample(pool, due)
        else:
            chosen = sorted(pool, key=lambda sc: self._keep_value(sc[1]))[:due]
        counts = dict.fromkeys(range(1, self.game.players + 1), 0)
        for s, card in chosen:
            self._discard(s, [card])
            counts[s + 1] += 1
        event = StartDiscards.of(counts)
        if self.checked:
            ruling = self.game.play(event)
            assert ruling.legal, (event, ruling)
        else:
            self.game.push(event)
        self.events.append(event)
        for s in range(self.game.players):
            self._draw(s, HAND_LIMIT - len(self.hands[s]))
