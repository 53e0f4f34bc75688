"""Whole games played by the computer, with real hidden hands (Tranquillité here;
L'Ascension in :mod:`companion.ascension_selfplay`).

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

import abc
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Generic, Literal, TypeVar

from companion.events import (
    DeclareLoss,
    Discard,
    Event,
    Override,
    Placement,
    Play,
    StartDiscards,
    TakeBack,
    Undo,
)
from companion.game import Game
from companion.record import Header
from companion.tranquility import (
    CELL_INDEX,
    CELLS,
    FINISH,
    FINISH_CARDS,
    HAND_LIMIT,
    HIGHEST,
    ISLAND,
    LOWEST,
    START,
    Tranquility,
    deal_sizes,
)

Policy = Literal["random", "greedy"]
_Table = tuple[list[list[str]], list[list[str]], list[list[str]]]
G = TypeVar("G", bound=Game[Any])


class Simulator(abc.ABC, Generic[G]):
    """What every simulated game shares: the hidden table, the referee, the events.

    Subclasses deal the cards (:meth:`_deal`), play a turn (:meth:`turn`),
    mirror an accepted action on the hidden table (:meth:`_table_action`)
    and say which cards are worth keeping (:meth:`_keep_value`).
    """

    def __init__(
        self,
        game: G,
        rng: random.Random,
        *,
        policy: Policy = "random",
        mistakes: float = 0.0,
        checked: bool = True,
        names: list[str] | None = None,
    ) -> None:
        self.game = game
        self.rng = rng
        self.policy = policy
        self.mistakes = mistakes
        # The trusted path (push) is for speed; mistakes need the referee.
        self.checked = checked or mistakes > 0
        self.header = Header(game.name, game.players, dict(game.options), names)
        self.decks: list[list[str]] = []
        self.hands: list[list[str]] = []
        self.discards: list[list[str]] = [[] for _ in range(game.players)]
        self.events: list[Event] = []
        #: Overrides accepted: the invariants of an untouched game may not hold after one.
        self.overrides = 0
        self._deal()

    @abc.abstractmethod
    def _deal(self) -> None:
        """Shuffle and deal the cards into :attr:`decks` and :attr:`hands` (top = end of list)."""

    @abc.abstractmethod
    def turn(self) -> None:
        """Play the active seat's turn."""

    @abc.abstractmethod
    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        """Mirror an accepted action of ``seat`` on the hidden table; ``cost`` cards to discard."""

    @abc.abstractmethod
    def _keep_value(self, card: str) -> float:
        """How much a card is worth keeping: lower is discarded first."""

    @abc.abstractmethod
    def _trusted_cost(self, event: Event) -> int:
        """The cost of an action applied with ``push`` (no ruling to read it from)."""

    @abc.abstractmethod
    def _random_placement(self, seat: int) -> Placement | None:
        """A placement with a card of ``seat``'s hand somewhere at random (maybe illegal)."""

    def run(self, max_events: int = 5000) -> list[Event]:
        """Play until the game has an outcome; return the record's events."""
        while self.game.outcome() is None and len(self.events) < max_events:
            self.turn()
        return self.events

    def _pick_discards(self, cards: list[str], count: int) -> list[str]:
        if self.policy == "random":
            return self.rng.sample(cards, count)
        return sorted(cards, key=self._keep_value)[:count]

    def _act(self, event: Event, *, undoable: bool = True) -> None:
        """Apply an action to the referee and the table; with mistakes, sometimes undo it
        and play it again."""
        game, seat = self.game, self.game.turn - 1
        saved = self._save_table()
        if self.checked:
            ruling = game.play(event)
            assert ruling.legal, (event, ruling)
            cost = ruling.discard or 0
        else:
            cost = self._trusted_cost(event)
            game.push(event)
        self.events.append(event)
        self._table_action(seat, event, cost)
        if (
            undoable and self.mistakes and not isinstance(event, DeclareLoss) and event.TURN_BOUND
            and self.rng.random() < self.mistakes / 2
        ):
            # Undo the action and play it again: the table goes back as it was.
            self._play_checked(Undo())
            self._restore_table(saved)
            ruling = game.play(event)
            assert ruling.legal, (event, ruling)
            self.events.append(event)
            self._table_action(seat, event, ruling.discard or 0)

    def _mistake(self, seat: int) -> bool:
        """An illegal placement, sometimes laid out of turn; then taken back or overridden.

        Returns whether the turn was used up (by an override).
        """
        game = self.game
        event = self._random_placement(seat)
        if event is None:
            return False
        if game.players > 1 and self.rng.random() < 0.2:
            event = replace(event, player=(seat + 1) % game.players + 1)
        if game.check(event).legal:
            return False
        self._play_checked(event, expect_legal=False)
        flag = game.flagged[-1]
        if game._overridable(flag) and self.rng.random() < 0.3:
            override = game.check(Override())
            self._play_checked(Override())
            self.overrides += 1
            self._table_action(seat, flag.event, override.discard or 0)
            return True
        self._play_checked(TakeBack(event.at))
        return False

    def _play_checked(self, event: Event, *, expect_legal: bool = True) -> None:
        ruling = self.game.play(event)
        assert ruling.legal == expect_legal, (event, ruling)
        self.events.append(event)

    # -- the hidden table --------------------------------------------------

    def _discard(self, seat: int, cards: list[str]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
            self.discards[seat].append(card)

    def _draw(self, seat: int, count: int) -> None:
        for _ in range(max(0, count)):
            if not self.decks[seat]:
                return
            self.hands[seat].append(self.decks[seat].pop())

    def _save_table(self) -> _Table:
        return ([list(h) for h in self.hands], [list(d) for d in self.decks],
                [list(d) for d in self.discards])

    def _restore_table(self, saved: _Table) -> None:
        hands, decks, discards = saved
        self.hands, self.decks, self.discards = ([list(h) for h in hands], [list(d) for d in decks],
                                                 [list(d) for d in discards])


class SelfPlay(Simulator[Tranquility]):
    """One simulated game of Tranquillité: the dealt cards, the referee, the events."""

    def __init__(
        self,
        players: int,
        rng: random.Random,
        *,
        options: Mapping[str, object] | None = None,
        policy: Policy = "random",
        mistakes: float = 0.0,
        checked: bool = True,
        names: list[str] | None = None,
    ) -> None:
        super().__init__(Tranquility(players, options), rng, policy=policy, mistakes=mistakes,
                         checked=checked, names=names)

    def _deal(self) -> None:
        rng, game = self.rng, self.game
        removed = game.options["removed"]
        assert isinstance(removed, int)
        island = [str(v) for v in range(LOWEST, HIGHEST + 1)]
        rng.shuffle(island)
        #: Island cards removed unseen (T10).
        self.removed: list[str] = island[:removed]
        pool = island[removed:] + [FINISH] * FINISH_CARDS
        rng.shuffle(pool)
        for size in deal_sizes(len(pool), game.players):
            dealt, pool = pool[:size], pool[size:]
            self.hands.append([dealt.pop() for _ in range(min(HAND_LIMIT, len(dealt)))])
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
