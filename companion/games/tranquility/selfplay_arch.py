"""Whole games of La Grande Arche (ruling T17) played by the computer with real hidden hands.

The simulator shares out the island cards (less those removed) and the 5 Finish cards, deals 5 to
each seat and shuffles no Start card in; it plays through the referee, which knows only counts.
Policies as the base game's: ``"random"`` picks uniformly among each placement and discarding
two; ``"greedy"`` lays the cheapest card nearest where its number belongs in its own sequence.
``mistakes`` adds illegal placements (on the roof while a pillar has room, in the arch's opening,
against T2 and T3), taken back or overridden, and actions undone and played again.

>>> import random
>>> sim = SelfPlay(3, random.Random(2), options={"variant": "arch"})
>>> type(sim).__name__, sim.run()[-1].TYPE in ("play", "discard", "declare_loss")
('ArchSelfPlay', True)
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.events import Event, Placement, Play
from companion.games.tranquility.arch import OPENING, Arch
from companion.games.tranquility.board import ARCH, HIGHEST, LOWEST
from companion.games.tranquility.rules import ISLAND, Tranquility
from companion.games.tranquility.selfplay import SelfPlay, register_selfplay


@register_selfplay("arch")
class ArchSelfPlay(SelfPlay):
    """One simulated game of La Grande Arche: the dealt cards, the referee, the events."""

    def _new_game(self, players: int, options: Mapping[str, object] | None) -> Tranquility:
        return Arch(players, options)

    def _choose(self, seat: int, options: list[tuple[str, str, int]]) -> tuple[str, str, int] | None:
        if self.policy == "random":
            return super()._choose(seat, options)
        if not options:
            return None

        def badness(option: tuple[str, str, int]) -> float:
            # Where the number belongs in its own sequence: 1 at its first cell, 80 at its last.
            card, cell, cost = option
            i = ARCH.index[cell]
            lo, hi = ARCH.span_of[i]
            ideal = lo + (ISLAND[card] - LOWEST) * (hi - lo - 1) / (HIGHEST - LOWEST)
            return cost * 3 + abs(i - ideal)

        best = min(options, key=badness)
        if len(self.hands[seat]) >= 2 and best[2] > 2 and len(self.hands[seat]) - 1 - best[2] < 2:
            return None
        return best

    def _trusted_cost(self, event: Event) -> int:
        if isinstance(event, Play) and event.card in ISLAND:
            return self.game._cost(ISLAND[event.card], ARCH.index[event.at])[0]
        return 0

    def _random_placement(self, seat: int) -> Placement | None:
        """An island card of the hand at any empty cell of the layout, or now and then in the opening."""
        island = [card for card in self.hands[seat] if card in ISLAND]
        empty = [ARCH.cells[i] for i, v in enumerate(self.game.cells) if not v]
        if not island or not empty:
            return None
        if self.rng.random() < 0.1:
            empty = sorted(OPENING)
        return Play(self.rng.choice(island), self.rng.choice(empty), player=seat + 1)
