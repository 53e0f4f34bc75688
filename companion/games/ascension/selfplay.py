"""Whole games of L'Ascension played by the computer, with real hidden hands.

Which twelve Versants carry the ibex icon is not in the texts (A1); the
simulator puts it on one copy of each value, in the terrain ``TERRAINS[v % 3]``.

>>> import random
>>> sim = AscensionSelfPlay(3, random.Random(1))
>>> sim.game.outcome() is None and len(sim.run()) > 10 and sim.game.outcome() is not None
True
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play
from companion.engine.simulator import Simulator
from companion.games.ascension.events import Campfire, Grapple, Herd
from companion.games.ascension.pyramid import (
    ABOVE,
    CARDS,
    ROW_COL,
    SLOT_INDEX,
    SLOTS,
    SUMMIT,
    TERRAINS,
    VALUES,
)
from companion.games.ascension.rules import Ascension
from companion.games.ascension.setup import SUMMITS, bridge_holders, deal_sizes

Option = tuple[Event, int]


def ibex_card(value: int, terrain: str, copy: int) -> str:
    """The record name of a Versant, with the simulator's choice of ibex icons."""
    ibex = copy == 0 and terrain == TERRAINS[value % 3]
    return f"{value}{terrain}" + ("+ibex" if ibex else "")


class AscensionSelfPlay(Simulator[Ascension]):
    """One simulated game of L'Ascension: the dealt cards, the referee, the events."""

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Ascension:
        return Ascension(players, options)

    def _deal(self) -> None:
        game, rng = self.game, self.rng
        versants = [ibex_card(v, t, copy) for v in VALUES for t in TERRAINS for copy in (0, 1)]
        #: Cards out of the game: the six 1s in solo (A9).
        self.removed = [card for card in versants if game.solo and CARDS[card].value == 1]
        bridges = game.options["bridges"]
        assert isinstance(bridges, int)
        holders = bridge_holders(game.players)
        pool = [card for card in versants if card not in self.removed]
        pool += ["summit"] * SUMMITS + [f"campfire-{t}" for t in TERRAINS]
        pool += ["bridge"] * (bridges - len(holders))
        rng.shuffle(pool)
        for seat, size in enumerate(deal_sizes(len(pool), game.players)):
            dealt, pool = pool[:size], pool[size:]
            hand = ["bridge"] if seat + 1 in holders else []
            hand += [dealt.pop() for _ in range(min(game.hand_limit - len(hand), len(dealt)))]
            self.hands.append(hand)
            self.decks.append(dealt)

    # -- choosing ----------------------------------------------------------

    def options(self, seat: int) -> list[Option]:
        """Every legal placement and herd move of the seat's real hand, with its cost."""
        game = self.game
        player = seat + 1
        found: list[Option] = []
        for name in sorted(set(self.hands[seat])):
            card = CARDS[name]
            if card.kind == "summit":
                event: Event = Play(name, SUMMIT, player=player)
                ruling = game.check(event)
                if ruling.legal:
                    found.append((event, 0))
            elif card.kind in ("versant", "bridge"):
                found += [(Play(name, SLOTS[i], player=player), cost)
                          for i, cost in game.legal_slots(card, len(self.hands[seat]))]
            elif card.kind == "campfire":
                for i, versant in enumerate(game.cards):
                    if versant is None or versant.kind != "versant" or versant.terrain != card.terrain:
                        continue
                    for j in game.candidate_slots(versant):
                        if ROW_COL[j][0] > ROW_COL[i][0]:
                            event = Campfire(name, SLOTS[i], SLOTS[j], player=player)
                            ruling = game.check(event)
                            if ruling.legal:
                                found.append((event, ruling.discard or 0))
        if game.fauna:
            found += self._herds(seat)
        return found

    def _herds(self, seat: int) -> list[Option]:
        game = self.game
        found: list[Option] = []
        for i, count in enumerate(game.ibex):
            if not count:
                continue
            for rows in range(1, min(len(self.hands[seat]), 3) + 1):
                path, current = [], i
                for _ in range(rows):
                    above = [j for j in ABOVE[current]
                             if game.cards[j] is not None and game.cards[j] is not CARDS["bridge"]]
                    if not above:
                        break
                    current = self.rng.choice(above)
                    path.append(SLOTS[current])
                if len(path) == rows:
                    found.append((Herd(SLOTS[i], rows, tuple(path), player=seat + 1), rows))
        return found

    def turn(self) -> None:
        """Play the active seat's turn."""
        game, seat = self.game, self.game.turn - 1
        hand = self.hands[seat]
        if self.mistakes and self.rng.random() < self.mistakes and self._mistake(seat):
            return
        options = self.options(seat)
        for event, _ in options:
            if isinstance(event, Play) and event.card == "summit":
                self._act(event)
                return
        can_discard = len(hand) >= 2
        can_grapple = game.solo and game.grapples > 0 and len(hand) + len(self.decks[seat]) > 0
        choice = self._choose(seat, options, can_discard, can_grapple)
        if choice is not None:
            self._act(choice)
        elif can_discard:
            self._act(Discard(2, player=seat + 1))
        elif can_grapple:
            self._act(Grapple(player=seat + 1))
        else:
            self._act(DeclareLoss(player=seat + 1))

    def _choose(self, seat: int, options: list[Option], can_discard: bool,
                can_grapple: bool) -> Event | None:
        if self.policy == "random":
            extra = [Discard(2, player=seat + 1)] * can_discard + [Grapple(player=seat + 1)] * can_grapple
            if not options and not extra:
                return None
            pick = self.rng.randrange(len(options) + len(extra))
            return options[pick][0] if pick < len(options) else extra[pick - len(options)]

        def badness(option: Option) -> float:
            event, cost = option
            if isinstance(event, Herd):
                return 2.5 + event.rows
            row = ROW_COL[SLOT_INDEX[event.at]][0] if isinstance(event, Play | Campfire) else 0
            bridge = isinstance(event, Play) and event.card == "bridge"
            return cost * 3 + row * 0.3 + (4 if bridge else 0) + (2 if isinstance(event, Campfire) else 0)

        if not options:
            # Nothing to lay: a Grappin renews the whole hand, better than two discards.
            return Grapple(player=seat + 1) if can_grapple else None
        best = min(options, key=badness)
        if can_discard and badness(best) > 7:
            return None
        return best[0]

    def _keep_value(self, card: str) -> float:
        parsed = CARDS[card]
        if parsed.kind == "summit":
            return 100.0 if self.policy == "greedy" else 0.0
        if parsed.kind in ("bridge", "campfire"):
            return -3.0
        costs = [cost for _, cost in self.game.legal_slots(parsed, hand=99)]
        return -min(costs) if costs else -100.0

    # -- the hidden table --------------------------------------------------

    def _trusted_cost(self, event: Event) -> int:
        game = self.game
        if isinstance(event, Play) and CARDS[event.card].kind == "versant":
            return game.cost(CARDS[event.card], SLOT_INDEX[event.at])[0]
        if isinstance(event, Campfire):
            return game._forced_cost(event)
        if isinstance(event, Herd):
            return event.rows
        return 0

    def _random_placement(self, seat: int) -> Placement | None:
        cards = [card for card in self.hands[seat] if CARDS[card].kind in ("versant", "bridge")]
        if not cards:
            return None
        card = self.rng.choice(cards)
        # Mostly where a card could go (wrong row, terrain or cost), now and then anywhere.
        slots = [SLOTS[i] for i in self.game.candidate_slots(CARDS[card])]
        if not slots or self.rng.random() < 0.3:
            slots = list(SLOTS)
        return Play(card, self.rng.choice(slots), player=seat + 1)

    def _table_action(self, seat: int, event: Event, cost: int) -> None:
        hand = self.hands[seat]
        if isinstance(event, Play | Campfire):
            hand.remove(event.card)
            if event.card == "summit":
                return
            self._discard(seat, self._pick_discards(hand, min(cost, len(hand))))
        elif isinstance(event, Discard):
            self._discard(seat, self._pick_discards(hand, event.count))
        elif isinstance(event, Herd):
            self._discard(seat, self._pick_discards(hand, event.rows))
        elif isinstance(event, Grapple):
            self.decks[seat] += hand
            hand.clear()
            self.rng.shuffle(self.decks[seat])
        elif isinstance(event, DeclareLoss):
            return
        self._draw(seat, self.game.hand_limit - len(hand))
