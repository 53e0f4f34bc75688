"""Measuring the watcher on simulated games (``companion eval-watch``).

Each game is simulated (:func:`models.render.simulate.simulate`), rendered frame by
frame and fed to a :class:`~vision.watch.watcher.Watcher` in a loop with a real
engine, as the live companion runs: the watcher's events go to the engine,
the engine's table goes back to the watcher, and what the camera cannot see
(discards, the Start card's split, overrides, undos) is told by "the page" at
the frame it happens.

A camera event is *recovered* when it matches the next events of the truth
not yet matched (same type, card and cell); the engine is then given the
true event (the camera cannot tell which seat laid a card: the record's seat
is used). Any other camera event is *false*. A visible event the camera has
not reported ``patience`` seconds after its rest frame, or when the page
speaks next, is *missed* and told to the engine by the page, so the game
goes on. The delay is from the frame where the card came to rest to the
frame whose reading emitted the event.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.events import Event, Placement, TakeBack
from companion.engine.spec import find_spec
from models.render.simulate import simulate
from models.render.staging import Simulation, TruthEvent
from vision.find.detect import Finder
from vision.read.classify import Classifier
from vision.watch.for_game import watcher_for
from vision.watch.geometry import TableGeometry
from vision.watch.stable import Prompt
from vision.watch.state import WatchConfig

#: Seconds after its rest frame a visible event may still be reported.
PATIENCE = 3.0
#: A game with fewer of its plays recovered than this is read badly, whatever the totals say.
LOW_GAME = 0.95


#: The fields of an event's line that are not what the camera saw.
_META = frozenset({"type", "player", "source", "t", "confidence", "seq"})


def _key(event: Event, tricks: bool = False) -> tuple[Any, ...]:
    if tricks:
        # A trick game's card: the card and the seat it was played by (a dummy's column aside).
        line = event.to_json()
        return (event.TYPE, line.get("card"), line.get("player") if event.TYPE == "play" else None,
                line.get("at") if event.TYPE == "reveal" else None)
    line = event.to_json()
    if isinstance(event, Placement | TakeBack):
        # What the camera sees of it: the card, its half up where it counts, and the cells (a Feu de
        # camp's Versant moved too).
        return (event.TYPE, *(line[name] for name in ("card", "up", "at", "move_to") if name in line))
    # Any other move the camera sees (a card turned, the reef moved, a purple storm laid or ended):
    # what it says, not who or when.
    return (event.TYPE, *sorted((k, v) for k, v in line.items() if k not in _META))


@dataclass
class GameTally:
    """What the watcher did in one simulated game."""

    game: str
    seed: int
    frames: int = 0
    plays: int = 0
    plays_recovered: int = 0
    take_backs: int = 0
    take_backs_recovered: int = 0
    false_events: list[dict[str, Any]] = field(default_factory=list)
    missed: list[dict[str, Any]] = field(default_factory=list)
    prompts: list[dict[str, Any]] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)
    camera_moves: int = 0
    bump_frame: int | None = None

    @property
    def recovery(self) -> float:
        """The share of the game's plays recovered (1.0 for a game without plays)."""
        return self.plays_recovered / self.plays if self.plays else 1.0

    @property
    def unplaced(self) -> int:
        """How many times the watcher said "table not placed"."""
        return sum(prompt["prompt"] == "unplaced" for prompt in self.prompts)

    def summary(self) -> dict[str, Any]:
        """The game's figures as a JSON-ready dict."""
        return {"seed": self.seed, "frames": self.frames, "plays": self.plays,
                "plays_recovered": self.plays_recovered, "take_backs": self.take_backs,
                "take_backs_recovered": self.take_backs_recovered, "false_events": len(self.false_events),
                "prompts": len(self.prompts), "unplaced": self.unplaced,
                "camera_moves_seen": self.camera_moves, "bump_frame": self.bump_frame}


def run_game(sim: Simulation, classifier: Classifier, config: WatchConfig | None = None, *,
             patience: float = PATIENCE, table_set: bool = False, find: Finder | None = None) -> GameTally:
    """Feed a simulated game's film to a watcher looped with an engine; tally what it reported.

    ``table_set``: the watcher is given the table's geometry, as four corners set by hand in the
    configuration would (the film's own camera), instead of finding it.
    """
    engine = sim.header.new_game()
    geometry = TableGeometry(sim.film.layout, sim.film.camera, sim.film.gap) if table_set else None
    # A trick game's seats and cards the camera sees: compared as such.
    tricks = find_spec(sim.game).board == "tricks"
    watcher = watcher_for(engine, classifier, config=config, geometry=geometry, find=find)
    tally = GameTally(sim.game, sim.seed, frames=len(sim.shots), bump_frame=sim.bump_frame)
    visible = [truth for truth in sim.truth if truth.visible]
    # Every move the camera sees but a take-back: placements, reveals, a card turned, cards beside.
    tally.plays = sum(not isinstance(t.event, TakeBack) for t in visible)
    tally.take_backs = sum(isinstance(t.event, TakeBack) for t in visible)
    pages: dict[int, list[TruthEvent]] = {}
    for truth in sim.truth:
        if not truth.visible:
            pages.setdefault(truth.at_frame, []).append(truth)
    waiting: list[TruthEvent] = []  # visible events at rest, not reported yet
    upcoming = list(visible)

    def tell(event: Event) -> None:
        engine.play(event)
        watcher.sync(engine)

    def miss(truth: TruthEvent) -> None:
        waiting.remove(truth)
        tally.missed.append(truth.event.to_json())
        tell(truth.event)

    for index, t, image in sim.frames():
        while upcoming and upcoming[0].frame is not None and upcoming[0].frame <= index:
            waiting.append(upcoming.pop(0))
        for truth in pages.get(index, []):
            for late in list(waiting):
                miss(late)
            tell(truth.event)
        for late in [w for w in waiting if w.frame is not None and t - w.frame / sim.fps > patience]:
            miss(late)
        for out in watcher.feed(image, t):
            if isinstance(out, Prompt):
                tally.prompts.append(out.to_json())
                continue
            match = next((w for w in waiting if _key(w.event, tricks) == _key(out, tricks)), None)
            if match is None:
                tally.false_events.append({**out.to_json(), "frame": index})
                tell(out)
                continue
            for earlier in [w for w in waiting if w.frame is not None and match.frame is not None
                            and w.frame < match.frame]:
                miss(earlier)  # the engine hears of it first, as the players would have told it
            waiting.remove(match)
            assert match.frame is not None
            tally.delays.append(t - match.frame / sim.fps)
            if isinstance(out, TakeBack):
                tally.take_backs_recovered += 1
            else:
                tally.plays_recovered += 1
            tell(replace(match.event, source="camera", t=out.t, confidence=out.confidence))
    tally.camera_moves = watcher.stats.camera_moves
    for late in list(waiting):
        miss(late)
    return tally


def evaluate(game: str, classifier: Classifier, games: int, seed: int, *, players: int = 3,
             config: WatchConfig | None = None, progress: Callable[[GameTally], None] | None = None,
             max_events: int = 5000, table_set: bool = False, find: Finder | None = None,
             options: Mapping[str, object] | None = None) -> dict[str, Any]:
    """Simulate ``games`` games with ``options`` from ``seed`` on (each stopped after ``max_events``
    events), watch each (``find`` looks for the table; None: contours), and sum up the figures."""
    tallies: list[GameTally] = []
    for k in range(games):
        sim = simulate(game, players, seed + k, max_events=max_events, options=options)
        tally = run_game(sim, classifier, config, table_set=table_set, find=find)
        tallies.append(tally)
        if progress is not None:
            progress(tally)
    figures = summarise(game, seed, tallies, sim_fps=15.0)
    figures["table"] = "set by hand" if table_set else "found"  # (a trick game's: its seats tapped)
    return figures


def summarise(game: str, seed: int, tallies: list[GameTally], sim_fps: float) -> dict[str, Any]:
    """The figures of eval-watch over several games."""
    plays = sum(t.plays for t in tallies)
    recovered = sum(t.plays_recovered for t in tallies)
    take_backs = sum(t.take_backs for t in tallies)
    delays = sorted(d for t in tallies for d in t.delays)
    n = max(len(tallies), 1)

    def quantile(q: float) -> float | None:
        if not delays:
            return None
        return delays[min(len(delays) - 1, round(q * (len(delays) - 1)))]

    return {
        "game": game, "games": len(tallies), "seed": seed, "fps": sim_fps,
        "plays": plays, "plays_recovered": recovered, "play_recovery": recovered / plays if plays else None,
        "take_backs": take_backs, "take_backs_recovered": sum(t.take_backs_recovered for t in tallies),
        "false_events": sum(len(t.false_events) for t in tallies),
        "false_events_per_game": sum(len(t.false_events) for t in tallies) / n,
        "prompts_per_game": sum(len(t.prompts) for t in tallies) / n,
        "missed": sum(len(t.missed) for t in tallies),
        "delay_median_s": statistics.median(delays) if delays else None,
        "delay_p90_s": quantile(0.9),
        "camera_knocks": sum(t.bump_frame is not None for t in tallies),
        "camera_moves_seen": sum(t.camera_moves for t in tallies),
        "targets": {"play_recovery": 0.995, "false_events_per_game": 0, "delay_median_s": 0.5},
        # Totals hide a game read badly among good ones: the worst game, the games under 95% of
        # their plays (and those of them where the companion said it could not place the table),
        # and the false events game by game.
        "worst_game": min((t.summary() for t in tallies), key=lambda g: (
            g["plays_recovered"] / g["plays"] if g["plays"] else 1.0, -g["false_events"]), default=None),
        "games_under_95": sum(t.recovery < LOW_GAME for t in tallies),
        "games_under_95_said_unplaced": sum(t.recovery < LOW_GAME and t.unplaced > 0 and not t.false_events
                                            for t in tallies),
        "games_with_false_events": sum(bool(t.false_events) for t in tallies),
        "false_events_by_game": [len(t.false_events) for t in tallies],
        "per_game": [t.summary() for t in tallies],
        "false": [e for t in tallies for e in t.false_events],
        "missed_events": [e for t in tallies for e in t.missed],
        "prompt_list": [p for t in tallies for p in t.prompts],
    }
