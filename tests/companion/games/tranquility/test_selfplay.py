"""Random self-play of 10,000 games, checking the invariants of the engine after every turn.

The simulator deals real cards and knows every hand; the engine knows only
public counts. After every turn: no count below zero, the engine's counts
equal the cards really held, every card is in exactly one place, the grid
ascends (unless an override broke it), and ``pop`` after ``push`` restores
the state exactly. After every game, replaying its written record gives the
same state.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from companion.games.tranquility.rules import FINISH, FINISH_CARDS, START
from companion.games.tranquility.selfplay import SelfPlay
from tests.companion.selfplay_checks import play_out

GAMES = 10_000
CHUNKS = 20


@cache
def every_card(players: int) -> Counter[str]:
    """Every card of a game of ``players``, once each (built once: it is checked every turn)."""
    return Counter({**{str(v): 1 for v in range(1, 81)}, FINISH: FINISH_CARDS, START: players})


def check_table(sim: SelfPlay) -> None:
    game = sim.game
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed):
        places.update(pile)
    places.update(str(v) for v in game.cells if v)
    places.update([START] * game.start_played + [FINISH] * game.finish_played)
    assert places == every_card(game.players)
    if not sim.overrides:
        placed = [v for v in game.cells if v]
        assert placed == sorted(placed) and len(set(placed)) == len(placed)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_self_play_invariants(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    per_chunk = GAMES // CHUNKS
    for index in range(per_chunk):
        seed = chunk * per_chunk + index
        rng = random.Random(seed)
        players = rng.randint(1, 5)
        removed = rng.choice([0, 0, 4, 6, 8, 10, 12])
        sim = SelfPlay(players, rng, options={"removed": removed},
                       policy=rng.choice(["random", "greedy"]), mistakes=rng.choice([0.0, 0.1, 0.3]))
        outcomes[play_out(sim, check_table, 500).result] += 1
    # Both ends of the game occur: greedy self-play wins some, random play loses.
    assert outcomes["won"] > 0 and outcomes["lost"] > 0


def test_trusted_and_checked_paths_agree() -> None:
    for seed in range(50):
        fast = SelfPlay(3, random.Random(seed), checked=False)
        fast.run()
        checked = SelfPlay(3, random.Random(seed), checked=True)
        checked.run()
        assert fast.events == checked.events
        assert fast.game._save() == checked.game._save()
