"""Benchmarks of the rules engine (``companion bench rules``).

Measured on one core: the process pins itself to one CPU where the system
allows it, since the targets are per core and Python runs one thread anyway.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from companion.events import Play
from companion.selfplay import SelfPlay
from companion.tranquility import CELLS, FINISH, START, Tranquility


def pin_one_core() -> int | None:
    """Pin this process to one CPU; return its number, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def positions(count: int, seed: int) -> list[Tranquility]:
    """Mid-game positions taken from random self-play, for timing legality checks."""
    rng = random.Random(seed)
    games: list[Tranquility] = []
    while len(games) < count:
        sim = SelfPlay(3, rng, checked=False)
        events = sim.run()
        cut = rng.randrange(len(events))
        game = Tranquility(3)
        for event in events[:cut]:
            game.push(event)
        if game.outcome() is None:
            games.append(game)
    return games


def bench_rules(seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Time legality checks and whole random 3-player games of Tranquillité."""
    cpu = pin_one_core()
    rng = random.Random(seed)
    games = positions(200, seed)
    cards = [str(v) for v in range(1, 81)] + [START, FINISH]
    cells = [*CELLS, START, FINISH]
    events = [Play(rng.choice(cards), rng.choice(cells)) for _ in range(1000)]
    checks = 0
    legal = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for game in games:
            for event in events[: 100]:
                game.validate(event)
                legal += game.check(event).legal
            checks += 100
        events.append(events.pop(0))
    check_time = time.perf_counter() - start

    played = 0
    moves = 0
    won = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        sim = SelfPlay(3, random.Random(rng.getrandbits(32)), checked=False)
        moves += len(sim.run())
        outcome = sim.game.outcome()
        won += bool(outcome and outcome.won)
        played += 1
    game_time = time.perf_counter() - start
    return {
        "game": "tranquility",
        "cpu": cpu,
        "checks": checks,
        "checks_per_s": checks / check_time,
        "legal_share": legal / checks,
        "games": played,
        "games_per_s": played / game_time,
        "events_per_game": moves / played,
        "targets": {"checks_per_s": 200_000, "games_per_s": 500},
    }
