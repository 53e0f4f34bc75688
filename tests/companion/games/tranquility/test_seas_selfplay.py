"""Random self-play with *Mers agitées*' modules, the base game's invariants checked after every
turn: counts never below zero and equal to the cards really held, every card in one place, the grid
ascending, pop after push, the written record replayed to the same state."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from companion.games.tranquility.rules import FINISH, FINISH_CARDS, START
from companion.games.tranquility.seas import STORMS, Seas
from companion.games.tranquility.selfplay import SelfPlay
from companion.games.tranquility.selfplay_seas import SeasSelfPlay
from tests.companion.selfplay_checks import play_out

#: ``TQ_GAMES=10000`` runs the 10,000 of the issue per module (``docs/figures.md`` says when it last ran).
GAMES = int(os.environ.get("TQ_GAMES", "24"))
CHUNKS = 4
MODULES: dict[str, dict[str, object]] = {
    "reef": {"reef": True},
    "monsters": {"monsters": 5},
    "storms": {"storms": True},
    "all": {"reef": True, "monsters": 3, "storms": True},
}


def every_card(sim: SeasSelfPlay) -> Counter[str]:
    game = sim.game
    cards = Counter({**{str(v): 1 for v in range(1, 81)}, FINISH: FINISH_CARDS, START: game.players,
                     "monster": game.monsters})
    if game.storms:
        cards.update(dict(zip(STORMS, game.storm_limits, strict=True)))
    return +cards


def check_table(sim: SeasSelfPlay) -> None:
    game = sim.game
    assert isinstance(game, Seas)
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed, sim.gone):
        places.update(pile)
    places.update(card for card, _ in sim.lying)
    places.update(str(v) for v in game.cells if v)
    places.update([START] * game.start_played + [FINISH] * game.finish_played)
    assert places == every_card(sim)
    sea = game.sea
    assert sorted(sim.lying) == sorted(
        [("storm-yellow", s) for s, n in enumerate(sea.yellow) for _ in range(n)]
        + [("storm-orange", s) for s, n in enumerate(sea.orange) for _ in range(n)]
        + [("storm-purple", row) for row in sea.purple])
    assert 0 <= sea.compasses <= sea.gained <= 6
    if not sim.overrides:
        placed = [v for v in game.cells if v]
        assert placed == sorted(placed) and len(set(placed)) == len(placed)
    for seat, hand in enumerate(sim.hands):
        assert len(hand) <= max(game.limit(seat), 5) or not game.start_played


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("module", MODULES)
def test_random_self_play_invariants(module: str, chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    for index in range(GAMES // CHUNKS):
        seed = chunk * (GAMES // CHUNKS) + index
        rng = random.Random(seed)
        players = rng.randint(1, 5)
        options: dict[str, object] = {**MODULES[module], "removed": rng.choice([0, 0, 4, 8])}
        if options.get("reef"):
            options["reef_row"] = rng.randint(1, 6)
        sim = SelfPlay(players, rng, options=options, policy=rng.choice(["random", "greedy"]),
                       mistakes=rng.choice([0.0, 0.1, 0.3]))
        assert isinstance(sim, SeasSelfPlay)
        outcomes[play_out(sim, check_table, 3000).result] += 1
    assert sum(outcomes.values()) == GAMES // CHUNKS
