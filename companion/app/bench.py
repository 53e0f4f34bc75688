"""Benchmarks of the rules engine (``companion bench rules``).

Measured on one core: the process pins itself to one CPU where the system
allows it, since the targets are per core and Python runs one thread anyway.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Mapping
from typing import Any

from companion.config import DEFAULT_GAME
from companion.engine.events import Play
from companion.engine.game import Game
from companion.engine.spec import GameSpec, SelfPlaying, find_spec, in_order
from companion.errors import CompanionError, UnknownGame
from companion.text import Text

TARGETS = {"checks_per_s": 200_000, "games_per_s": 500}


def pin_one_core() -> int | None:
    """Pin this process to one CPU; return its number, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def one_blas_thread() -> None:
    """Ask numpy's BLAS for one thread, as :func:`pin_one_core` asks the process for one core; only
    before numpy is first imported. Pinned to one core, or on a busy host, a second BLAS thread can
    only wait for the first: a deck profile's matching of 36 crops took 0.44 ms a crop so, 0.0095 ms
    with one thread."""
    if "numpy" in sys.modules:
        return  # too late to ask: and the environment is left as it was
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def benched() -> tuple[GameSpec, ...]:
    """The games ``bench rules`` can measure: those with a simulator and placements to check."""
    return tuple(spec for spec in in_order() if spec.selfplay is not None and spec.placements[0])


def _simulator(game: str, rng: random.Random, options: Mapping[str, object] | None = None,
               players: int | None = None) -> SelfPlaying:
    """An unchecked self-play simulator of ``game`` with ``options`` and ``players`` seats (by default
    its usual seats, :attr:`GameSpec.usual_players`), or UnknownGame where it has none."""
    spec = find_spec(game)
    if spec.selfplay is None:
        known = ", ".join(spec.name for spec in benched())
        raise UnknownGame(Text("bench_no_rules", game=game, known=known))
    return spec.selfplay(players or spec.usual_players, rng, checked=False, options=options)


def bench_setup(game: str, options: Mapping[str, object], players: int | None) -> None:
    """Raise CompanionError when ``game`` cannot be simulated with ``options`` and ``players``."""
    _simulator(game, random.Random(0), options, players)


def positions(game: str, count: int, seed: int, options: Mapping[str, object] | None = None,
              players: int | None = None) -> list[Game[Any]]:
    """Positions of games still going on, taken from random self-play."""
    rng = random.Random(seed)
    found: list[Game[Any]] = []
    while len(found) < count:
        sim = _simulator(game, rng, options, players)
        events = sim.run()
        position = sim.header.new_game()
        for event in events[: rng.randrange(len(events))]:
            position.push(event)
        if position.outcome() is None:
            found.append(position)
    return found


def bench_rules(game: str = DEFAULT_GAME, seconds: float = 2.0, seed: int = 0, *,
                options: Mapping[str, object] | None = None, players: int | None = None,
                count: int = 200) -> dict[str, Any]:
    """Time legality checks of random placements (cards played to the trick, in a trick game) in
    ``count`` positions, and whole random games (the game's usual seats unless ``players`` says,
    with ``options``)."""
    cpu = pin_one_core()
    rng = random.Random(seed)
    games = positions(game, count, seed, options, players)
    spec = find_spec(game)
    cards, cells = spec.placements
    layout = spec.layout_for(options or {})
    if layout is not None and cells:
        cells = layout.cells  # a variant's own cells (the Grande Arche, the Pyramide)
    # A card whose half up counts is laid with one (Jour et nuit, Compétition).
    halves = ("day", "night") if games[0].PLAYS_UP else ("",)
    events = [Play(rng.choice(cards), rng.choice(cells) if cells else "", up=rng.choice(halves))
              for _ in range(1000)]
    checks = legal = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for position in games:
            for event in events[:100]:
                try:
                    position.validate(event)
                except CompanionError:
                    continue  # a reading the game asks about (a Joker's value unsaid): no ruling
                legal += position.check(event).legal
            checks += 100
        events.append(events.pop(0))
    check_time = time.perf_counter() - start

    played = moves = won = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        sim = _simulator(game, random.Random(rng.getrandbits(32)), options, players)
        moves += len(sim.run())
        outcome = sim.game.outcome()
        won += bool(outcome and outcome.winners)
        played += 1
    game_time = time.perf_counter() - start
    return {
        "game": game,
        "players": players or find_spec(game).usual_players,
        "options": dict(options or {}),
        "cpu": cpu,
        "checks": checks,
        "checks_per_s": checks / check_time,
        "legal_share": legal / checks,
        "games": played,
        "games_per_s": played / game_time,
        "events_per_game": moves / played,
        "targets": TARGETS,
    }
