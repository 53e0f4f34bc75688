"""The live loop: events from the camera (or the demo), the buttons and the page, one referee,
and its sinks (the store, the signals, the page, the console), in one process.

:class:`Live` wires them: the referee commits each event to the store, then
tells its listeners (:class:`SignalSink`, :class:`ConsoleSink`, the page's
hub). Feeders run in threads and call :meth:`Referee.submit`:
:class:`DemoFeeder` plays a simulated game in real time,
:class:`~companion.app.camera.CameraFeeder` turns camera frames into events
through the watcher (the demo's filmed game through :class:`FilmSource`).
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from companion.app.referee import Notice, Referee, summary
from companion.config import DEFAULT_GAME, DEMO_SEED
from companion.engine.events import Event, Placement, Play, TakeBack
from companion.engine.record import Header
from companion.engine.spec import find_spec
from companion.errors import MalformedInput, StoreError, UnknownGame
from companion.text import Lang, Text
from hardware.frames import Frame
from hardware.signals import CAMERA_BACK, CAMERA_LOST, FRAME_SKIPPED, UNSURE, signal_for
from models.render.simulate import simulate
from vision.watch.changes import TableView
from vision.watch.tricks import seat_points

#: The demo's defaults: a won 3-player game with a card taken back, one overridden and an undo.
DEMO_INTERVAL = 1.5
DEMO_MISTAKES = 0.08
#: Chance that the demo's camera first reads a card unsure (G2) before reading it well.
DEMO_UNSURE = 0.06
#: Sources of the events the demo feeds (the page's own are "page").
DEMO_SOURCES = frozenset({"camera", "button"})
#: The demo camera's picture size: enough for the watcher, and light on a Pi's memory and time.
DEMO_FILM_SIZE = (960, 540)


class Signals(Protocol):
    """A signal sink (``hardware.signals``): shows a pattern, never blocking."""

    def play(self, pattern: Any) -> None:
        """Show ``pattern``."""

    def close(self) -> None:
        """Stop; twice is fine."""


class Feeder(Protocol):
    """Something that submits events until told to stop."""

    def run(self, stop: threading.Event) -> None:
        """Submit events until ``stop`` is set or there are none left."""


# -- sinks ---------------------------------------------------------------------


#: The signal of each alert the camera raises; any other alert (an unsure reading, a question of
#: the camera) blinks amber.
ALERT_SIGNALS = {"camera": CAMERA_LOST, "camera_back": CAMERA_BACK, "frame": FRAME_SKIPPED}


class SignalSink:
    """Announces each ruling on the LEDs and buzzer (or their console stand-in)."""

    def __init__(self, referee: Referee, *signals: Signals) -> None:
        self.referee = referee
        self.signals = signals

    def __call__(self, notice: Notice) -> None:
        if notice.kind == "step" and notice.entry is not None:
            game = self.referee.game
            pattern = signal_for(notice.entry.ruling, game.outcome(), flagged=bool(game.flagged))
        elif notice.kind == "alert" and notice.alert in self.referee.alerts:
            pattern = ALERT_SIGNALS.get(notice.alert, UNSURE)
        else:
            return
        for sink in self.signals:
            sink.play(pattern)


class ConsoleSink:
    """Prints each ruling as it happens, and alerts and new games, in one language."""

    def __init__(self, referee: Referee, out: IO[str], lang: Lang) -> None:
        self.referee = referee
        self.out = out
        self.lang = lang
        self._alerts: dict[str, Text] = {}

    def __call__(self, notice: Notice) -> None:
        if notice.kind == "step" and notice.entry is not None:
            entry = notice.entry
            ruling = entry.ruling
            verdict = "ok" if ruling.legal else ("??" if ruling.rule == "G2" else "NO")
            discard = "" if ruling.discard is None else ruling.discard
            self._print(f"{entry.seq:>3}  {verdict:<2} {summary(entry.line):<18} {ruling.rule or '':<5} "
                        f"{discard!s:>5}  {ruling.text.render(self.lang)}")
            outcome = self.referee.game.outcome()
            if outcome is not None and entry.ruling.legal:
                self._print(Text("cli_outcome", outcome=outcome.text).render(self.lang))
        elif notice.kind == "alert":
            for key, text in self.referee.alerts.items():
                if self._alerts.get(key) != text and key != "unsure":
                    self._print("! " + text.render(self.lang))
            self._alerts = dict(self.referee.alerts)
        elif notice.kind == "game":
            self._print(intro(self.referee).render(self.lang))

    def _print(self, line: str) -> None:
        with contextlib.suppress(ValueError, OSError):
            print(line, file=self.out, flush=True)


def intro(referee: Referee) -> Text:
    """One line naming the game, its seats and options, and its number in the store."""
    game = referee.game
    options = ", ".join(f"{k}={v}" for k, v in game.options_chosen().items()) or "-"
    names = referee.header.names
    return Text("live_intro", game=game.title, players=game.players, id=referee.game_id or "-",
                names=f" ({', '.join(names)})" if names else "", options=options)


# -- the demo --------------------------------------------------------------------


@dataclass(frozen=True)
class DemoGame:
    """A simulated game as the demo plays it: its header and its record lines, in order."""

    header: Header
    lines: list[dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)


def demo_game(game: str = DEFAULT_GAME, players: int = 3, seed: int = DEMO_SEED, *,
              options: Mapping[str, object] | None = None, interval: float = DEMO_INTERVAL) -> DemoGame:
    """Simulate a whole game (real hidden hands, a few mistakes) as the demo's camera and buttons
    will report it: placements and take-backs from the camera (now and then read unsure first),
    the rest told by a button. ``t`` counts ``interval`` seconds an event.

    >>> demo = demo_game(players=3, seed=64)
    >>> demo.lines[0]["source"], demo.header.players, demo.meta["demo"]["seed"]
    ('camera', 3, 64)
    """
    rng = random.Random(seed)
    selfplay = find_spec(game).selfplay
    if selfplay is None:
        raise UnknownGame(Text("demo_no_selfplay", game=game))
    sim = selfplay(players, rng, options=options, policy="greedy", mistakes=DEMO_MISTAKES)
    events = sim.run()
    readings = random.Random(seed + 1)
    lines: list[dict[str, Any]] = []
    for event in events:
        seen = isinstance(event, Placement | TakeBack)
        if isinstance(event, Play) and readings.random() < DEMO_UNSURE:
            lines.append({"type": "play", "card": None, "at": event.at, "source": "camera",
                          "confidence": round(readings.uniform(0.3, 0.6), 2)})
        line = event.to_json()
        line["source"] = "camera" if seen else "button"
        if isinstance(event, Placement):
            line["confidence"] = round(readings.uniform(0.9, 1.0), 3)
        lines.append(line)
    for index, line in enumerate(lines):
        line["t"] = round((index + 1) * interval, 3)
    meta = {"demo": {"seed": seed, "interval": interval}}
    header = Header(sim.header.game, sim.header.players, dict(sim.game.options), setup=sim.header.setup)
    return DemoGame(header, lines, meta)


class DemoFeeder:
    """Feeds a :class:`DemoGame` to the referee in real time, ``speed`` times faster.

    On a resumed demo game, the events already stored (those the demo fed,
    from the camera and buttons) are skipped, so nothing is fed twice. The
    feeder stops when another game is started from the page.
    """

    def __init__(self, referee: Referee, demo: DemoGame, *, speed: float = 1.0,
                 interval: float = DEMO_INTERVAL) -> None:
        self.referee = referee
        self.demo = demo
        self.delay = interval / speed
        with referee.lock:
            self.generation = referee.generation
            fed = sum(1 for entry in referee.history if entry.line.get("source") in DEMO_SOURCES)
        self.remaining = demo.lines[fed:]
        self.fed = 0
        self.finished = threading.Event()

    def run(self, stop: threading.Event) -> None:
        """Submit the remaining events, one every ``interval / speed`` seconds."""
        try:
            for line in self.remaining:
                if stop.wait(self.delay) or self.referee.generation != self.generation:
                    return
                with self.referee.lock:
                    if self.referee.generation != self.generation:
                        return
                    try:
                        self.referee.submit(line)
                    except StoreError:
                        # The referee shows the store's alert and counts the event; feeding the
                        # next ones would rule a game the store no longer follows: stop cleanly.
                        return
                self.fed += 1
        finally:
            self.finished.set()


# -- the filmed demo --------------------------------------------------------------

#: Seconds the demo's players wait for the camera to report a card before entering it on the page.
DEMO_PATIENCE = 3.0


class FilmSource:
    """The demo's camera: the frames of a simulated game's film, shown at ``fps × speed`` a second
    (as fast as they can be drawn when that is too fast), from frame ``start`` on."""

    def __init__(self, simulation: Any, *, speed: float = 1.0, start: int = 0) -> None:
        self.name = f"film:{simulation.game}:{simulation.seed}"
        self.simulation = simulation
        self.delay = 1.0 / (simulation.fps * speed)
        self._frames = simulation.frames(start)
        self._due = time.monotonic()
        self._closed = threading.Event()

    def read(self) -> Any:
        """The next frame, on time; None at the end of the film or once closed."""
        wait = self._due - time.monotonic()
        if self._closed.wait(max(0.0, wait)):
            return None
        self._due = max(self._due + self.delay, time.monotonic() - self.delay)
        shot = next(self._frames, None)
        if shot is None:
            return None
        index, t, image = shot
        return Frame(image, t, index)

    def close(self) -> None:
        """End the film; twice is fine."""
        self._closed.set()


class FilmDirector:
    """The demo's players for the filmed game: they tell what the camera cannot see (discards, the
    Start card's split, overrides, undos) with a button at its frame, once the camera has reported
    the cards laid before it, and enter on the page a card the camera has not reported ``patience``
    seconds after it came to rest."""

    def __init__(self, simulation: Any, referee: Referee, *, start: int = 0,
                 patience: float = DEMO_PATIENCE) -> None:
        self.referee = referee
        self.fps = simulation.fps
        self.patience = round(patience * simulation.fps)
        #: What the camera cannot see, by the frame it happens at, in order.
        self._told: list[tuple[int, Event]] = []
        #: Cards laid or picked up, by the frame they came to rest, not reported yet.
        self._waiting: list[tuple[int, Event]] = []
        for truth in simulation.truth:
            if truth.visible:
                # On a resumed film, a card that came to rest before the start and already lies on
                # the referee's table was reported before the stop: waiting for it would hold back
                # the next button press by up to ``patience`` (the drift of a resumed demo).
                if truth.frame >= start or (truth.frame >= start - self.patience
                                            and not self._on_table(truth.event)):
                    self._waiting.append((truth.frame, truth.event))
            elif truth.at_frame >= start:
                self._told.append((truth.at_frame, truth.event))
        self.missed = 0

    def told(self, index: int) -> list[dict[str, Any]]:
        """The button presses at frame ``index``, and the page entries of cards the camera missed."""
        lines: list[dict[str, Any]] = []
        for rest, event in list(self._waiting):
            if index > rest + self.patience:
                self._waiting.remove((rest, event))
                if not self._on_table(event):
                    self.missed += 1
                    lines.append(self._line(event, "page", index))
        while self._told and self._told[0][0] <= index:
            at, event = self._told[0]
            if any(rest < at for rest, _ in self._waiting):
                break  # an undo must not come before the card it undoes is reported
            self._told.pop(0)
            lines.append(self._line(event, "button", index))
        return lines

    def _line(self, event: Event, source: str, index: int) -> dict[str, Any]:
        line = {**event.to_json(), "source": source, "t": round(index / self.fps, 3)}
        if event.TURN_BOUND and not (isinstance(event, Placement) and not event.at):
            # A button or the page acts for the seat whose turn it is, as players would: no seat
            # named. (A trick's card is entered for the seat whose side it lies on; a count, a
            # sonar card for the seat that tells or shows it.)
            line.pop("player", None)
        return line

    def _on_table(self, event: Event) -> bool:
        """Whether the referee's table already shows ``event`` (a resumed film, a player's entry)."""
        with self.referee.lock:
            view = TableView.of(self.referee.game)
        if isinstance(event, Placement):
            # At its cell (the Start and Finish cards at their own), or a trick's card at its seat's place.
            return view.cards.get(event.at or f"t{event.player}") == event.card
        if isinstance(event, TakeBack):
            return event.at not in view.flagged if event.at else event.card not in view.cards.values()
        return False

    def seen(self, event: Event) -> None:
        """The camera reported ``event``: the players need not enter it."""
        key = _key(event)
        for item in self._waiting:
            if _key(item[1]) == key:
                self._waiting.remove(item)
                return


def _key(event: Event) -> tuple[Any, ...]:
    if isinstance(event, Placement):
        # A trick's card is told apart by the seat that laid it; a placement by its cell.
        return (event.TYPE, event.card, event.at or event.player)
    if isinstance(event, TakeBack):
        return (event.TYPE, event.at or event.card)
    return (event.TYPE,)


def seats_tapped(simulation: Any) -> tuple[tuple[float, float], ...] | None:
    """Where the demo's players tap their seats on the page (fractions of the picture) when the
    film is of a trick game, as players place such a table; None for another game."""
    seats = seat_points(simulation.film.layout)
    if find_spec(simulation.game).board != "tricks" or not seats:
        return None
    width, height = simulation.film.size
    taps = []
    for x_mm, y_mm in seats:
        x, y = simulation.film.to_image(x_mm, y_mm)
        taps.append((min(max(x / width, 0.0), 1.0), min(max(y / height, 0.0), 1.0)))
    return tuple(taps)


@dataclass(frozen=True)
class FilmedDemo:
    """A simulated game filmed for the demo's camera: the simulation, its header and meta."""

    simulation: Any
    header: Header
    meta: dict[str, Any]


def film_demo(game: str = DEFAULT_GAME, players: int = 3, seed: int = DEMO_SEED, *,
              options: Mapping[str, object] | None = None) -> FilmedDemo:
    """Stage a simulated game in front of a simulated camera (``models.render.simulate``): the demo's film,
    with the game's ``options`` (a variant's cards where its layout lays them). A layout with no card
    that never moves (the Pyramide) cannot be found by the demo's camera: MalformedInput."""
    layout = find_spec(game).layout_for(options or {})
    if options and layout is not None and not layout.static:
        raise MalformedInput(Text("demo_film_unplaced", options=", ".join(sorted(options))))
    simulation = simulate(game, players, seed, mistakes=DEMO_MISTAKES, size=DEMO_FILM_SIZE, options=options)
    header = Header(simulation.header.game, simulation.header.players, dict(simulation.header.options),
                    setup=simulation.header.setup)
    return FilmedDemo(simulation, header, {"demo": {"seed": seed, "film": True}})


def film_position(referee: Referee, fps: float) -> int:
    """The frame to go on from in a resumed filmed demo: after the last one that made an event."""
    with referee.lock:
        times = [float(e.line["t"]) for e in referee.history
                 if e.line.get("source") in DEMO_SOURCES and isinstance(e.line.get("t"), int | float)]
    return round(max(times) * fps) + 1 if times else 0


# -- the whole loop ---------------------------------------------------------------


class Live:
    """One running companion: a referee, its sinks, the page server and the feeders.

    :meth:`start` subscribes the sinks and starts the server and the feeders'
    threads; :meth:`stop` ends them all (twice is fine).
    """

    def __init__(self, referee: Referee, *, server: Any = None,
                 sinks: tuple[Callable[[Notice], None], ...] = (), feeders: tuple[Feeder, ...] = (),
                 closers: tuple[Callable[[], None], ...] = ()) -> None:
        self.referee = referee
        self.server = server
        self.sinks = sinks
        self.feeders = feeders
        self.closers = closers
        self.stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._unsubscribe: list[Callable[[], None]] = []
        self._stopped = False

    def start(self) -> Live:
        """Subscribe the sinks, start the server and one thread per feeder."""
        for sink in self.sinks:
            self._unsubscribe.append(self.referee.subscribe(sink))
        if self.server is not None:
            self.server.start()
        for number, feeder in enumerate(self.feeders):
            thread = threading.Thread(target=feeder.run, args=(self.stopping,), name=f"feeder-{number}",
                                      daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def feeders_done(self) -> bool:
        """Whether every feeder has returned."""
        return all(not thread.is_alive() for thread in self._threads)

    def stop(self) -> None:
        """Stop the feeders, the server, the sinks and whatever ``closers`` hold; twice is fine."""
        if self._stopped:
            return
        self._stopped = True
        self.stopping.set()
        for thread in self._threads:
            thread.join(timeout=10)
        if self.server is not None:
            self.server.stop()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for close in self.closers:
            close()
