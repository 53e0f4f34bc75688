"""Whole games of Jour et nuit (ruling T19) played by the computer with real hidden hands.

The simulator shares out the island cards (less those removed), the 5 Finish cards and the 6
compasses, deals 5 to each seat and shuffles one Start card into each deck; every compass drawn,
setup hands included, is shown at once (``drawn`` by its drawer), leaves the game, and its drawer
draws another card. It plays through the referee, which knows only counts. Policies:
``"random"`` picks uniformly among each placement, discarding two and turning a card;
``"greedy"`` lays the cheapest card nearest where its number belongs, rather in the rows the
hands' half suits, turns the cards the Finish card would refuse, and plays the Finish card once
every card is turned well. ``mistakes`` adds illegal placements (the wrong half up, T2, T3, T5, the
Finish card too early), cards turned where none lies, compasses claimed by a seat whose latest
draw step drew nothing, and actions undone and played again.

>>> import random
>>> sim = SelfPlay(3, random.Random(4), options={"variant": "day_night"})
>>> type(sim).__name__, sim.game.outcome() is None
('DayNightSelfPlay', True)
>>> sim.run()[-1].TYPE in ("play", "discard", "rotate", "drawn", "declare_loss")
True
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play
from companion.games.tranquility.board import GRID, HIGHEST, LOWEST
from companion.games.tranquility.daynight import COMPASS, COMPASSES, DayNight, turned, wanted
from companion.games.tranquility.events import Drawn, Rotate
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
from companion.games.tranquility.selfplay import SelfPlay, register_selfplay

#: A placement the seat could make: card, cell, cost.
_Option = tuple[str, str, int]


@register_selfplay("day_night")
class DayNightSelfPlay(SelfPlay):
    """One simulated game of Jour et nuit: the dealt cards, the referee, the events."""

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Tranquility:
        return DayNight(players, options)

    @property
    def sky(self) -> DayNight:
        """The referee, as the Jour et nuit it is."""
        game = self.game
        assert isinstance(game, DayNight)
        return game

    def _deal(self) -> None:
        rng, game = self.rng, self.game
        island = self._islands()
        #: The compasses drawn: each has left the game (T19).
        self.gone: list[str] = []
        pool = island + [FINISH] * FINISH_CARDS + [COMPASS] * COMPASSES
        rng.shuffle(pool)
        for size in deal_sizes(len(pool), game.players):
            dealt, pool = pool[:size], pool[size:]
            self.hands.append([dealt.pop() for _ in range(min(HAND_LIMIT, len(dealt)))])
            dealt.insert(rng.randrange(len(dealt) + 1), START)
            self.decks.append(dealt)
        self._show_compasses()  # those of the setup hands

    # -- compasses ---------------------------------------------------------------

    def _show_compasses(self) -> None:
        """Each compass just drawn is shown, seat by seat: the hands turn, it leaves the game and its
        drawer draws another card (maybe a compass again). Once the game is over nothing is told."""
        for seat in range(self.game.players):
            while COMPASS in self.hands[seat] and self.game.outcome() is None:
                self._tell(Drawn(COMPASS, player=seat + 1))
                self.hands[seat].remove(COMPASS)
                self.gone.append(COMPASS)
                self._draw(seat, 1)

    def _tell(self, event: Event) -> None:
        """An event that is no action of the turn, through the referee (checked or trusted)."""
        if self.checked:
            ruling = self.game.play(event)
            assert ruling.legal, (event, ruling)
        else:
            self.game.push(event)
        self.events.append(event)

    def _start_discards(self) -> None:
        self._show_compasses()  # the 2 cards each seat of a 2-player game drew first
        super()._start_discards()
        self._show_compasses()

    # -- a turn ----------------------------------------------------------------

    def turn(self) -> None:
        """Play the active seat's turn (and the Start card's discards if it comes), then show the
        compasses it drew."""
        seat = self.game.turn - 1
        if START in self.hands[seat] and not self.game.start_played:
            # A seat holding the first Start card must play it (section 4).
            self._act(Play(START, START, player=seat + 1), undoable=False)
            self._start_discards()
            return
        if self.mistakes and self.rng.random() < self.mistakes:
            if self._mistake(seat):
                self._show_compasses()
                return
            self._refused_claim(seat)
        self._act(self._action(seat))
        self._show_compasses()

    def _action(self, seat: int) -> Event:
        game, hand, player = self.sky, self.hands[seat], seat + 1
        wrong = game.misturned()
        if FINISH in hand and game.is_complete() and not wrong:
            return Play(FINISH, FINISH, player=player)
        options = [(card, cell, cost) for card in hand if card in ISLAND
                   for cell, cost in game.legal_cells(ISLAND[card])]
        filled = [CELLS[i] for i, value in enumerate(game.cells) if value]
        if self.policy == "random":
            actions: list[Event] = [Play(card, cell, player=player, up=game.hands_up)
                                    for card, cell, _ in options]
            if len(hand) >= 2:
                actions.append(Discard(2, player=player))
            if filled and hand:
                actions.append(Rotate(self.rng.choice(filled), player=player))
            return self.rng.choice(actions) if actions else DeclareLoss(player=player)
        return self._greedy(seat, options, [CELLS[i] for i in wrong], filled)

    def _greedy(self, seat: int, options: list[_Option], wrong: list[str], filled: list[str]) -> Event:
        """Lay the best card unless it costs much; turn a card the Finish card would refuse while
        the hand can spare one; else discard two, or turn a card as the last thing left."""
        hand, player, up = self.hands[seat], seat + 1, self.sky.hands_up

        def badness(option: _Option) -> float:
            card, cell, cost = option
            ideal = (ISLAND[card] - LOWEST) * 35 / (HIGHEST - LOWEST)
            misfit = 1 if wanted(GRID.rows[CELL_INDEX[cell]]) != up else 0
            return (cost + misfit) * 3 + abs(CELL_INDEX[cell] - ideal)

        best = min(options, key=badness) if options else None
        if wrong and len(hand) >= 3 and (best is None or badness(best) > 8):
            return Rotate(wrong[0], player=player)
        if best is not None and not (len(hand) >= 2 and best[2] > 2 and len(hand) - 1 - best[2] < 2):
            return Play(best[0], best[1], player=player, up=up)
        if len(hand) >= 2:
            return Discard(2, player=player)
        if wrong or filled:
            return Rotate((wrong or filled)[0], player=player)
        return DeclareLoss(player=player)

    # -- mistakes ----------------------------------------------------------------

    def _random_placement(self, seat: int) -> Placement | None:
        """An island card at any empty cell, with the hands' half up or now and then the other; or
        the Finish card on a full grid still to be turned."""
        game, hand = self.sky, self.hands[seat]
        if FINISH in hand and game.is_complete() and game.misturned():
            return Play(FINISH, FINISH, player=seat + 1)
        island = [card for card in hand if card in ISLAND]
        empty = [CELLS[i] for i, value in enumerate(game.cells) if not value]
        if not island or not empty:
            return None
        up = game.hands_up if self.rng.random() < 0.7 else turned(game.hands_up)
        return Play(self.rng.choice(island), self.rng.choice(empty), player=seat + 1, up=up)

    def _refused_claim(self, seat: int) -> None:
        """Now and then an event the referee refuses and that changes nothing: a card turned where
        none lies, or a compass claimed by a seat whose latest draw step holds no card that could be
        one."""
        game = self.sky
        empty = [CELLS[i] for i, value in enumerate(game.cells) if not value]
        idle = [s + 1 for s in range(game.players) if not game.drawing[s]]
        if self.rng.random() < 0.5:
            if empty and self.hands[seat]:
                self._play_checked(Rotate(self.rng.choice(empty), player=seat + 1), expect_legal=False)
        elif idle and game.compasses < COMPASSES:
            self._play_checked(Drawn(COMPASS, player=self.rng.choice(idle)), expect_legal=False)

    # -- the hidden table ----------------------------------------------------------

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        if isinstance(event, Rotate):
            hand = self.hands[seat]
            self._discard(seat, self._pick_discards(hand, cost))
            self._draw(seat, HAND_LIMIT - len(hand))
            return
        super()._table_action(seat, event, cost)

    def _trusted_cost(self, event: Event) -> int:
        if isinstance(event, Rotate):
            return 1
        return super()._trusted_cost(event)
