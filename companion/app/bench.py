"""Benchmarks of the rules engine (``companion bench rules``).

Measured on one core: the process pins itself to one CPU where the system
allows it, since the targets are per core and Python runs one thread anyway.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

from companion.engine.events import Play
from companion.engine.game import Game
from companion.engine.simulator import Simulator
from companion.games.ascension.pyramid import CARDS, SLOTS, SUMMIT
from companion.games.ascension.selfplay import AscensionSelfPlay
from companion.games.tranquility.rules import CELLS, FINISH, START
from companion.games.tranquility.selfplay import SelfPlay

#: The simulator of each game: (players, rng, checked) -> simulator.
SIMULATORS: dict[str, Callable[[int, random.Random, bool], Simulator[Any]]] = {
    "tranquility": lambda players, rng, checked: SelfPlay(players, rng, checked=checked),
    "ascension": lambda players, rng, checked: AscensionSelfPlay(players, rng, checked=checked),
}
#: The card names and cells a random placement draws from, by game.
PLACEMENTS: dict[str, tuple[list[str], list[str]]] = {
    "tranquility": ([str(v) for v in range(1, 81)] + [START, FINISH], [*CELLS, START, FINISH]),
    "ascension": ([name for name, card in CARDS.items() if card.kind in
                   ("versant", "summit", "bridge")], [*SLOTS, SUMMIT]),
}
TARGETS = {"checks_per_s": 200_000, "games_per_s": 500}


def pin_one_core() -> int | None:
    """Pin this process to one CPU; return its number, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def positions(game: str, count: int, seed: int) -> list[Game[Any]]:
    """Positions of games still going on, taken from random 3-player self-play."""
    rng = random.Random(seed)
    found: list[Game[Any]] = []
    while len(found) < count:
        sim = SIMULATORS[game](3, rng, False)
        events = sim.run()
        position = sim.header.new_game()
        for event in events[: rng.randrange(len(events))]:
            position.push(event)
        if position.outcome() is None:
            found.append(position)
    return found


def bench_rules(game: str = "tranquility", seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Time legality checks of random placements, and whole random 3-player games."""
    cpu = pin_one_core()
    rng = random.Random(seed)
    games = positions(game, 200, seed)
    cards, cells = PLACEMENTS[game]
    events = [Play(rng.choice(cards), rng.choice(cells)) for _ in range(1000)]
    checks = legal = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for position in games:
            for event in events[:100]:
                position.validate(event)
                legal += position.check(event).legal
            checks += 100
        events.append(events.pop(0))
    check_time = time.perf_counter() - start

    played = moves = won = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        sim = SIMULATORS[game](3, random.Random(rng.getrandbits(32)), False)
        moves += len(sim.run())
        outcome = sim.game.outcome()
        won += bool(outcome and outcome.winners)
        played += 1
    game_time = time.perf_counter() - start
    return {
        "game": game,
        "cpu": cpu,
        "checks": checks,
        "checks_per_s": checks / check_time,
        "legal_share": legal / checks,
        "games": played,
        "games_per_s": played / game_time,
        "events_per_game": moves / played,
        "targets": TARGETS,
    }
