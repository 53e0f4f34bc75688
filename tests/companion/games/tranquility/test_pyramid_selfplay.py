"""Games of the Pyramide (T18) played by the computer with real hidden hands and explorer cards:
the engine's counts equal the cards really held, every card in one place (the explorer pile, its
discard and the storms on cells included), the explorer cards a seat may hold never undercounted,
the order along the sequence, pop after push, and the written record replayed to the same state.

``TQ_GAMES=10000`` plays the 10,000 games of the issue (100 by default: the test command is near
its time limit).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from companion.games.tranquility.board import PYRAMID
from companion.games.tranquility.explorer import JOKER, KEPT, composition
from companion.games.tranquility.selfplay import SelfPlay
from companion.games.tranquility.selfplay_pyramid import PyramidSelfPlay
from tests.companion.selfplay_checks import play_out

GAMES = int(os.environ.get("TQ_GAMES", "100"))
CHUNK = 50


def every_card(sim: PyramidSelfPlay) -> Counter[str]:
    """Every card of the game: the 80 island cards and the explorer pile's 30."""
    return Counter({**{str(v): 1 for v in range(1, 81)}}) + Counter(composition(sim.game.options))


def check_table(sim: PyramidSelfPlay) -> None:
    game = sim.pyramid
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
        # The explorer cards a seat may hold are never fewer than those it really holds (G1).
        assert game.held[seat] >= sum(1 for card in sim.hands[seat] if card in KEPT)
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed, sim.pile, sim.out,
                 sim.grid.values(), sim.storm_at.values()):
        places.update(pile)
    if sim.finish_card:
        places[sim.finish_card] += 1
    assert places == every_card(sim)
    # The engine's public view matches the table: cells, Jokers, storms, border cards showing.
    index = PYRAMID.index
    assert {PYRAMID.cells[i]: v for i, v in enumerate(game.cells) if v} == {
        cell: int(card) if card != JOKER else game.cells[index[cell]] for cell, card in sim.grid.items()}
    assert game.jokers == {index[cell] for cell, card in sim.grid.items() if card == JOKER}
    assert game.storms == {index[cell]: card for cell, card in sim.storm_at.items()}
    assert game.pile.left == len(sim.pile)
    if game.pending is None:
        assert game.bare == {i for i in game.borders if PYRAMID.cells[i] not in sim.grid
                             and PYRAMID.cells[i] not in sim.storm_at}
    if not sim.overrides:
        placed = [v for v in game.cells if v]
        assert placed == sorted(placed) and len(set(placed)) == len(placed)


@pytest.mark.parametrize("chunk", range(max(1, GAMES // CHUNK)))
def test_random_pyramid_games_keep_their_invariants(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        rng = random.Random(seed)
        options: dict[str, object] = {"variant": "pyramid", "removed": rng.choice([0, 0, 4, 8, 12]),
                                      "pyramid_hard": rng.random() < 0.3, "pyramid_easy": rng.random() < 0.3,
                                      "pyramid_undone_pays_cost": rng.random() < 0.3}
        sim = SelfPlay(rng.randint(1, 5), rng, options=options, policy=rng.choice(["random", "greedy"]),
                       mistakes=rng.choice([0.0, 0.1, 0.3]))
        assert isinstance(sim, PyramidSelfPlay)
        outcomes[play_out(sim, check_table, 2000).result] += 1
    # Both ends of the game occur: random play loses, and greedy play wins some (seeds 0 to 49).
    assert outcomes["lost"] > 0 and (chunk > 0 or outcomes["won"] > 0)


def test_trusted_and_checked_paths_agree() -> None:
    for seed in range(20):
        options = {"variant": "pyramid", "pyramid_hard": seed % 3 == 0,
                   "pyramid_undone_pays_cost": seed % 2 == 0}
        fast = SelfPlay(3, random.Random(seed), options=options, policy="greedy", checked=False)
        fast.run()
        checked = SelfPlay(3, random.Random(seed), options=options, policy="greedy", checked=True)
        checked.run()
        assert fast.events == checked.events
        assert fast.game._save() == checked.game._save()
