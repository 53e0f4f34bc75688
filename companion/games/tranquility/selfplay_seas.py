"""Whole games of Tranquillité with *Mers agitées* played by the computer (T12 to T16): the real
monsters and storms shuffled into the decks, storms told as they are drawn, the reef stepped
after every action, compasses gained and spent.

>>> import random
>>> sim = SeasSelfPlay(3, random.Random(4), options={"reef": True, "reef_row": 2, "monsters": 3,
...                                                  "storms": True})
>>> sim.run()[-1].TYPE in ("play", "declare_loss", "reef", "discard", "discard_hand", "drawn")
True
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.events import DeclareLoss, Discard, Event, Play
from companion.engine.ruling import Ruling
from companion.engine.simulator import _Table
from companion.games.tranquility.events import Compass, DiscardHand, Drawn, MonsterHeld, Reef, StartDiscards
from companion.games.tranquility.rules import (
    FINISH,
    FINISH_CARDS,
    HAND_LIMIT,
    ISLAND,
    START,
    deal_sizes,
)
from companion.games.tranquility.seas import ROWS, STORMS, YELLOW_LIMIT, Seas
from companion.games.tranquility.selfplay import SelfPlay, register_selfplay

MONSTER = "monster"


@register_selfplay("seas")
class SeasSelfPlay(SelfPlay):
    """One simulated game with the modules its options switch on."""

    game: Seas

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Seas:
        game = Seas(players, options)
        assert isinstance(game, Seas)
        return game

    def _deal(self) -> None:
        rng, game = self.rng, self.game
        island = self._islands()
        #: Cards out of the game: storms ended or void, monsters played and the cards they took.
        self.gone: list[str] = []
        #: Storms lying: (card, seat) before a seat, (card, row) on a row.
        self.lying: list[tuple[str, int]] = []
        storms = [card for card, n in zip(STORMS, game.storm_limits, strict=True) for _ in range(n)]
        pool = island + [FINISH] * FINISH_CARDS + [MONSTER] * game.monsters + (
            storms if game.storms else [])
        rng.shuffle(pool)
        piles = []
        for size in deal_sizes(len(pool), game.players):
            piles.append(pool[:size])
            pool = pool[size:]
        self.decks = piles
        self.hands = [[] for _ in piles]
        for seat in range(game.players):
            self._draw_to(seat, HAND_LIMIT)
        for deck in self.decks:
            deck.insert(rng.randrange(len(deck) + 1), START)

    # -- telling the referee ----------------------------------------------

    def _tell(self, event: Event) -> Ruling | None:
        """An event besides the seat's action (a storm drawn, the reef step, a compass)."""
        if self.checked:
            ruling = self.game.play(event)
            assert ruling.legal, (event, ruling)
        else:
            ruling = None
            self.game.push(event)
        self.events.append(event)
        return ruling

    def _draw(self, seat: int, count: int) -> None:
        self._draw_to(seat, len(self.hands[seat]) + count)

    def _draw_to(self, seat: int, target: int) -> None:
        """Draw up to ``target`` cards in hand, each storm told and resolved as it comes (T15)."""
        hand, deck = self.hands[seat], self.decks[seat]
        while len(hand) < target and deck:
            card = deck.pop()
            if card not in STORMS or self.game.is_over():
                hand.append(card)  # once the game is over, a storm is told to nobody
                continue
            target = self._storm(seat, card, target)

    def _storm(self, seat: int, card: str, target: int) -> int:
        game, hand = self.game, self.hands[seat]
        if game.sea.compasses and self.rng.random() < 0.3:
            self._tell(Drawn(card=card, compass=True, player=seat + 1))
            self.gone.append(card)
            return target
        if card == "storm-purple":
            rows = [r for r in range(1, ROWS + 1) if game._row_open(r)]
            row = self.rng.choice(rows) if rows else None
            self._tell(Drawn(card=card, row=row, player=seat + 1))
            if row is None:
                self.gone.append(card)
            else:
                self.lying.append((card, row))
            return target
        if card == "storm-orange":
            self._tell(Drawn(card=card, player=seat + 1))
            self.lying.append((card, seat))
            return target
        count = max(0, len(hand) - YELLOW_LIMIT)
        step = game.sea.steps[seat]
        said = count if step is None or len(hand) != step.hand or self.rng.random() < 0.5 else None
        self._tell(Drawn(card=card, count=said, player=seat + 1))
        self.lying.append((card, seat))
        self._discard(seat, self._pick_discards(hand, count))
        return min(target, YELLOW_LIMIT)

    # -- a turn --------------------------------------------------------------

    def turn(self) -> None:
        """Perhaps spend a compass; play the seat's action; then the reef step and the draw."""
        game, seat = self.game, self.game.turn - 1
        hand = self.hands[seat]
        self._maybe_compass()
        if START in hand and not game.start_played:
            self._act(Play(START, START, player=seat + 1), undoable=False)
            self._start_discards()
            return
        if FINISH in hand and game.is_complete():
            if self._report_monsters():
                pass
            elif game.check(Play(FINISH, FINISH, player=seat + 1)).legal:
                self._act(Play(FINISH, FINISH, player=seat + 1))
                return
        if self.mistakes and self.rng.random() < self.mistakes and self._mistake(seat):
            self._after_action(seat)
            return
        self._act(self._action(seat))
        self._after_action(seat)

    def _action(self, seat: int) -> Event:
        game, hand = self.game, self.hands[seat]
        free = [card for card in hand if card != MONSTER]
        if MONSTER in hand and (any(game.sea.reported) or self.rng.random() < 0.3):
            board = game.BOARD
            targets = [cell for i, (cell, value) in enumerate(zip(board.cells, game.cells, strict=True))
                       if value and game._closed_row(board.rows[i]) is None]
            if targets:
                return Play(MONSTER, self.rng.choice(targets), player=seat + 1)
        options = [(card, cell, cost) for card in free if card in ISLAND
                   for cell, cost in game.legal_cells(ISLAND[card]) if cost <= len(free) - 1]
        choice = self._choose(seat, options)
        if choice is not None:
            return Play(choice[0], choice[1], player=seat + 1)
        if (free and len(free) == len(hand) >= game.whole_hand_min and game.storms
                and self.rng.random() < 0.2):
            return DiscardHand(len(hand), player=seat + 1)
        if len(free) >= 2:
            return Discard(2, player=seat + 1)
        return DeclareLoss(player=seat + 1)

    def _after_action(self, seat: int) -> None:
        """The reef step (T13), then the draw back to the seat's limit."""
        game = self.game
        if game.sea.reef_due:
            drawing = game.sea.draw_after
            self._reef_step(seat)
            for s in drawing:
                self._draw_to(s, game.limit(s))
            return
        if game.sea.steps[seat] is not None:  # the engine drew at the end of the turn (no Finish, no loss)
            self._draw_to(seat, game.limit(seat))

    def _reef_step(self, seat: int) -> None:
        game, hand = self.game, self.hands[seat]
        free = [card for card in hand if card != MONSTER]
        rows = [r for r in range(1, ROWS + 1) if r != game.sea.reef_row and game._row_open(r)]
        if len(free) >= 2 and (not rows or self.rng.random() < 0.2):
            self._tell(Reef(stay=True, player=seat + 1))
            self._discard(seat, self._pick_discards(free, 2))
            return
        self._tell(Reef(to=self.rng.choice(rows), player=seat + 1))

    def _maybe_compass(self) -> None:
        game = self.game
        if not game.storms or not game.sea.compasses or not self.lying or self.rng.random() > 0.3:
            return
        card, where = self.rng.choice(self.lying)
        self._tell(Compass(card, row=where) if card == "storm-purple" else Compass(card, seat=where + 1))
        self.lying.remove((card, where))
        self.gone.append(card)

    def _report_monsters(self) -> bool:
        """Before a Finish, every seat holding monsters says so (T14); whether any did."""
        game, told = self.game, False
        for s, hand in enumerate(self.hands):
            held = hand.count(MONSTER) - game.sea.reported[s]
            if held > 0:
                self._tell(MonsterHeld(held, player=s + 1))
                told = True
        return told or any(game.sea.reported)

    # -- the hidden table ----------------------------------------------------

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        hand = self.hands[seat]
        if isinstance(event, Play):
            hand.remove(event.card)
            if event.card == MONSTER:
                self.gone.extend([MONSTER, self._taken[event.at]])
                return
            if event.card in (START, FINISH):
                if event.card == START and self.game.players == 2:
                    for s in range(self.game.players):
                        self._draw(s, 2)
                return
            self._discard(seat, self._pick_discards([c for c in hand if c != MONSTER], cost))
        elif isinstance(event, Discard):
            self._discard(seat, self._pick_discards([c for c in hand if c != MONSTER], event.count))
        elif isinstance(event, DiscardHand):
            self._discard(seat, list(hand))

    def _act(self, event: Event, *, undoable: bool = True) -> None:
        if isinstance(event, Play) and event.card == MONSTER:
            # Which card the monster takes: read before the engine empties the cell.
            value = self.game.cells[self.game.BOARD.index[event.at]]
            self._taken = {event.at: str(value)}
        super()._act(event, undoable=undoable)

    def _save_table(self) -> _Table:
        # The one table saved at a time (an action undone and replayed): the cards out of the game too.
        self._saved_out = (list(self.gone), list(self.lying))
        return super()._save_table()

    def _restore_table(self, saved: _Table) -> None:
        super()._restore_table(saved)
        gone, lying = self._saved_out
        self.gone, self.lying = list(gone), list(lying)

    def _mistake(self, seat: int) -> bool:
        # An override's cost is paid from the hand's count, and a monster is never discarded (T14):
        # a hand holding one makes no mistakes here.
        return MONSTER not in self.hands[seat] and super()._mistake(seat)

    def _keep_value(self, card: str) -> float:
        return 200.0 if card == MONSTER else super()._keep_value(card)

    def _start_discards(self) -> None:
        game = self.game
        due = game.start_discards_due()
        pool = [(s, card) for s, hand in enumerate(self.hands) for card in hand if card != MONSTER]
        from_deck: dict[int, int] = {}
        for s in range(game.players):
            if game.sea.yellow[s] and self.decks[s] and self.rng.random() < 0.5:
                from_deck[s + 1] = min(2, len(self.decks[s]), due)
        for s in range(game.players):  # the hands are short of the due count: the decks give too
            if sum(from_deck.values()) + len(pool) < due and game.sea.yellow[s] and s + 1 not in from_deck:
                from_deck[s + 1] = min(2, len(self.decks[s]))
        taken = min(due - sum(from_deck.values()), len(pool))
        chosen = self.rng.sample(pool, taken)
        counts = dict.fromkeys(range(1, game.players + 1), 0)
        for s, card in chosen:
            self._discard(s, [card])
            counts[s + 1] += 1
        for seat, n in from_deck.items():
            for _ in range(n):
                self.discards[seat - 1].append(self.decks[seat - 1].pop())
        self._tell(StartDiscards.of(counts, from_deck))
        if game.sea.reef_due:
            self._reef_step(game.turn - 1)
        for s in range(game.players):
            self._draw_to(s, game.limit(s))
