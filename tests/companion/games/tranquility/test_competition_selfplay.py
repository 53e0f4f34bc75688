"""Random self-play of Compétition (ruling T20), its invariants checked after every turn: counts
never below zero and equal to the cards really held (hands, discards, the shared deck, the row),
every island card in one place, the grid ascending, each laid card owned by the half its seat lays
up, the scores worked out again; then pop after push and the written record replayed."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from companion.games.tranquility.competition import Competition
from companion.games.tranquility.selfplay import SelfPlay
from companion.games.tranquility.selfplay_competition import CompetitionSelfPlay
from tests.companion.selfplay_checks import play_out

#: ``TQ_GAMES=10000`` runs the 10,000 of the issue; the test command plays 200 (about 3 s).
GAMES = int(os.environ.get("TQ_GAMES", "200"))
CHUNKS = 4
ISLAND = Counter(str(v) for v in range(1, 81))


def check_table(sim: CompetitionSelfPlay) -> None:
    game = sim.game
    assert isinstance(game, Competition)
    for seat in range(2):
        counts = (game.hands[seat], game.discards[seat])
        assert min(counts) >= 0 and game.decks[seat] == 0
        assert counts == (len(sim.hands[seat]), len(sim.discards[seat]))
    assert (game.deck, game.row) == (len(sim.deck), len(sim.row)) and game.row <= 5
    assert game.row == 5 or game.deck == 0  # the row is full while the deck lasts
    places: Counter[str] = Counter()
    for pile in (*sim.hands, *sim.discards, sim.deck, sim.row, sim.removed):
        places.update(pile)
    places.update(str(v) for v in game.cells if v)
    assert places == ISLAND
    # The cards shown at swaps lie in their seats' discards.
    assert not Counter(game.shown) - Counter(card for pile in sim.discards for card in pile)
    assert all(bool(value) == (up in ("day", "night"))
               for value, up in zip(game.cells, game.ups, strict=True))
    if not sim.overrides:
        placed = [v for v in game.cells if v]
        assert placed == sorted(placed)
    text = "".join("1" if up == "day" else "2" if up == "night" else "." for up in game.ups)
    for seat, found in enumerate(game.scores(), 1):
        half = "1" if game.half(seat) == "day" else "2"
        runs = [len(run) for run in "".join(c if c == half else "." for c in text).split(".") if run]
        points = 2 * sum(runs) - game.discards[seat - 1] + sum(n for n in runs if n >= 3)
        assert (found.points, found.cards, found.longest) == (points, sum(runs), max(runs, default=0))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_self_play_invariants(chunk: int) -> None:
    results: Counter[str] = Counter()
    per_chunk = GAMES // CHUNKS
    for index in range(per_chunk):
        seed = chunk * per_chunk + index
        rng = random.Random(seed)
        options = {"variant": "competition", "removed": rng.choice([0, 0, 4, 8, 12]),
                   "competition_day_seat": rng.choice([1, 2])}
        sim = SelfPlay(2, rng, options=options, policy=rng.choice(["random", "greedy"]),
                       mistakes=rng.choice([0.0, 0.1, 0.3]))
        assert isinstance(sim, CompetitionSelfPlay)
        outcome = play_out(sim, check_table, 1000)
        game = sim.game
        assert isinstance(game, Competition)
        assert all(game.cells) or max(game.hands) <= 1
        first, second = (s.rank() for s in game.scores())
        expected = "draw" if first == second else "won"
        assert outcome.result == expected
        assert outcome.winners == (() if first == second else (1,) if first > second else (2,))
        results[outcome.result] += 1
    assert results["won"] > 0


def test_every_kind_of_action_and_mistake_occurs() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        sim = SelfPlay(2, random.Random(seed), options={"variant": "competition"}, policy="random",
                       mistakes=0.3)
        kinds.update(event.TYPE for event in sim.run())
    assert {"play", "discard", "swap", "pass", "take_back", "override", "undo"} <= set(kinds)


def test_trusted_and_checked_paths_agree() -> None:
    for seed in range(20):
        options = {"variant": "competition"}
        fast = SelfPlay(2, random.Random(seed), options=options, policy="greedy", checked=False)
        fast.run()
        checked = SelfPlay(2, random.Random(seed), options=options, policy="greedy", checked=True)
        checked.run()
        assert fast.events == checked.events
        assert fast.game._save() == checked.game._save()
