"""The base of every game's simulator: whole games played by the computer with real hidden hands,
through the referee exactly as players would."""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Generic, Literal, TypeVar

from companion.engine.events import (
    DeclareLoss,
    Event,
    Override,
    Placement,
    TakeBack,
    Undo,
)
from companion.engine.game import Game
from companion.engine.record import Header

Policy = Literal["random", "greedy"]
_Table = tuple[list[list[str]], list[list[str]], list[list[str]]]
G = TypeVar("G", bound=Game[Any])


class Simulator(abc.ABC, Generic[G]):
    """What every simulated game shares: the hidden table, the referee, the events.

    Subclasses make the referee (:meth:`_new_game`), deal the cards
    (:meth:`_deal`), play a turn (:meth:`turn`), mirror an accepted action
    on the hidden table (:meth:`_table_action`) and say which cards are worth keeping (:meth:`_keep_value`).
    """

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
        game = self.game = self._new_game(players, options)
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
    def _new_game(self, players: int, options: Mapping[str, object] | None) -> G:
        """The referee of a new game for ``players`` seats with ``options``."""

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
