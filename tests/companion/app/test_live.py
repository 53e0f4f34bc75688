"""The live loop's parts: sinks, the demo's feeders, the camera feeder with a fake watcher."""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import pytest

from companion.app.camera import CameraFeeder, preview_jpeg
from companion.app.live import (
    DEMO_SOURCES,
    ConsoleSink,
    DemoFeeder,
    FilmDirector,
    Live,
    SignalSink,
    demo_game,
    film_demo,
    film_position,
    seats_tapped,
)
from companion.app.referee import Referee
from companion.app.store import Store
from companion.engine.events import Discard, Event, Override, Play, TakeBack, Undo
from companion.engine.game import Game
from companion.engine.record import Header
from companion.errors import MalformedInput
from companion.games.crew.events import Sonar, TakeTask
from companion.games.tranquility.events import StartDiscards
from companion.text import Text
from hardware.frames import Frame
from hardware.signals import RecordingSignals
from models.render.simulate import simulate
from vision.watch.changes import TableView
from vision.watch.geometry import from_corners
from vision.watch.stable import Prompt
from vision.watch.tricks import seats_geometry


def started() -> Referee:
    referee = Referee(Header("tranquility", 3), store=Store(":memory:"))
    referee.submit(Play("start", "start"))
    referee.submit(StartDiscards.of({1: 3, 2: 3, 3: 2}))
    return referee


def test_console_prints_each_ruling_the_outcome_and_alerts() -> None:
    referee = started()
    out = io.StringIO()
    referee.subscribe(ConsoleSink(referee, out, "fr"))
    referee.submit(Play("30", "c3"))
    referee.submit(Play("20", "e3"))
    referee.submit({"type": "play", "card": None, "at": "a1"})
    referee.set_alert("camera", Text("alert_camera_lost", detail="débranchée"))
    referee.new_game(Header("tranquility", 2))
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:4] == ["3", "ok", "30@c3", "0"]
    assert lines[0].endswith("Le joueur 2 a posé 30 en c3 : rien à défausser")
    assert lines[1].split()[:4] == ["4", "NO", "20@e3", "T2"]
    assert lines[2].split()[:4] == ["5", "??", "?@a1", "G2"]
    assert lines[3] == "! caméra perdue : débranchée"
    assert lines[4].startswith("Tranquillité · joueurs : 2")


def test_signals_follow_the_rulings_and_the_camera() -> None:
    referee = started()
    signals = RecordingSignals()
    referee.subscribe(SignalSink(referee, signals))
    referee.submit(Play("30", "c3"))
    referee.submit(Play("32", "d3"))
    referee.submit(Play("20", "e3"))
    referee.submit(TakeBack("e3"))
    referee.submit(Undo())
    referee.submit({"type": "play", "card": None, "at": "d3"})
    referee.set_alert("camera", Text("alert_camera_lost", detail="x"))
    referee.set_alert("prompt", Text("watch_twice", cells="a1, b1", cards="30"))
    referee.submit(Override())  # nothing flagged to override: a short refusal
    signals.assert_played("legal", "discard", "illegal", "legal", "legal", "unsure", "camera_lost", "unsure",
                          "refused")


def test_demo_game_is_deterministic_and_marked_as_camera_and_buttons() -> None:
    first, again = demo_game(players=3, seed=5), demo_game(players=3, seed=5)
    assert first.lines == again.lines and first.header == again.header
    assert {line["source"] for line in first.lines} == DEMO_SOURCES
    assert [line["t"] for line in first.lines[:3]] == [1.5, 3.0, 4.5]
    assert any(line["type"] == "play" and line["card"] is None for line in demo_game(seed=64).lines)
    referee = Referee(first.header)
    for line in first.lines:
        referee.submit(line)
    assert referee.game.outcome() is not None
    assert demo_game("ascension", 2, seed=1).header.game == "ascension"


def test_demo_feeder_skips_what_a_resumed_game_already_has() -> None:
    demo = demo_game(players=3, seed=64)
    store = Store(":memory:")
    referee = Referee(demo.header, store=store, meta=demo.meta)
    for line in demo.lines[:10]:
        referee.submit(line)
    referee.submit(Discard(2, source="page"))  # a player's own event does not count as fed
    resumed = Referee.resume(store, store.game(referee.game_id or 0))
    feeder = DemoFeeder(resumed, demo, speed=1000.0)
    assert feeder.remaining == demo.lines[10:]
    stop = threading.Event()
    feeder.run(stop)
    assert feeder.fed == len(demo.lines) - 10 and feeder.finished.is_set()
    fed = [e.line for e in resumed.history if e.line["source"] in DEMO_SOURCES]
    assert fed == demo.lines


def test_demo_feeder_stops_on_a_new_game_and_on_stop() -> None:
    demo = demo_game(players=3, seed=64)
    referee = Referee(demo.header)
    feeder = DemoFeeder(referee, demo, speed=1000.0)
    referee.new_game(Header("tranquility", 2))
    feeder.run(threading.Event())
    assert feeder.fed == 0 and referee.history == []
    stopped = threading.Event()
    stopped.set()
    other = DemoFeeder(Referee(demo.header), demo, speed=0.001)
    other.run(stopped)
    assert other.fed == 0


def test_live_starts_and_stops_everything_once() -> None:
    referee = Referee(demo_game(seed=64).header)
    closed: list[str] = []

    class Server:
        def start(self) -> None:
            closed.append("started")

        def stop(self) -> None:
            closed.append("server")

    demo = demo_game(seed=64)
    live = Live(referee, server=Server(), sinks=(lambda notice: closed.append(notice.kind),),
                feeders=(DemoFeeder(referee, demo, speed=1000.0),),
                closers=(lambda: closed.append("closer"),))
    live.start()
    for _ in range(200):
        if live.feeders_done():
            break
        threading.Event().wait(0.02)
    assert live.feeders_done() and referee.game.outcome() is not None
    live.stop()
    live.stop()
    assert closed[0] == "started" and closed[-2:] == ["server", "closer"]
    assert closed.count("step") == len(demo.lines)


# -- the camera feeder, with a fake camera and a fake watcher ----------------------


class Camera:
    """Frames of a grey picture, then the end."""

    name = "fake"

    def __init__(self, frames: int) -> None:
        self.left = frames
        self.index = 0
        self.closed = False

    def read(self) -> Frame | None:
        if self.left == 0:
            return None
        self.left -= 1
        self.index += 1
        return Frame(np.full((90, 160, 3), 128, np.uint8), self.index / 10, self.index)

    def close(self) -> None:
        self.closed = True


@dataclass
class FakeWatcher:
    """Says what it is told to say at given frames, and records what the engine told it."""

    script: dict[int, list[Any]]
    synced: list[int] = field(default_factory=list)
    fed: int = 0
    geometry: Any = None

    def feed(self, image: Any, t: float) -> list[Any]:
        self.fed += 1
        return self.script.get(self.fed, [])

    def sync(self, game: Game[Any]) -> None:
        self.synced.append(len(game.move_stack))


def test_camera_events_prompts_and_sync() -> None:
    referee = started()
    watcher = FakeWatcher({
        1: [Play("30", "c3", source="camera", t=123.0, confidence=0.97)],
        2: [Prompt("unsure", ("d3",), 0.2)],
        3: [Prompt("twice", ("a1", "b1"), 0.3, ("30",))],
        4: [Play("nope", "c4", source="camera")],
    })
    pictures: list[bytes] = []
    feeder = CameraFeeder(referee, lambda game: watcher, publish=pictures.append, preview_every=0.0)
    feeder.source = camera = Camera(6)
    feeder.run(threading.Event())
    assert camera.closed and feeder.frames == 6 and watcher.fed == 6
    play, unsure = referee.history[2:]
    assert play.line["source"] == "camera" and play.line["t"] != 123.0  # the referee stamps game time
    assert unsure.ruling.rule == "G2" and unsure.line["at"] == "d3"
    assert "prompt" in referee.alerts and "unknown card" in referee.alerts["prompt"].en
    assert watcher.synced  # told the engine's table after the events
    assert len(pictures) == 6 and all(p.startswith(b"\xff\xd8") for p in pictures)


def test_camera_without_a_model_still_reads_frames_and_says_why() -> None:
    referee = started()

    def no_model(game: Game[Any]) -> Any:
        raise MalformedInput(Text("model_missing", path="x.onnx", game=game.name))

    feeder = CameraFeeder(referee, no_model)
    feeder.source = Camera(3)
    feeder.run(threading.Event())
    assert feeder.frames == 3 and "prompt" in referee.alerts


def test_camera_status_raises_and_clears_the_alert() -> None:
    @dataclass
    class Status:
        lost: bool
        text: Text

    referee = started()
    feeder = CameraFeeder(referee, lambda game: FakeWatcher({}))
    feeder.status(Status(True, Text("alert_camera_lost", detail="usb")))
    assert "camera" in referee.alerts
    feeder.status(Status(False, Text("alert_camera_lost", detail="usb")))
    assert "camera" not in referee.alerts


def test_a_new_game_gets_a_new_watcher() -> None:
    referee = started()
    made: list[str] = []

    def make(game: Game[Any]) -> FakeWatcher:
        made.append(game.name)
        return FakeWatcher({})

    feeder = CameraFeeder(referee, make)

    class Switching(Camera):
        def read(self) -> Frame | None:
            if self.index == 2:
                referee.new_game(Header("ascension", 2))
            return super().read()

    feeder.source = Switching(4)
    feeder.run(threading.Event())
    assert made == ["tranquility", "ascension"]


def test_preview_draws_the_settled_cards() -> None:
    @dataclass
    class Settled:
        geometry: Any
        facts: dict[str, str | None]
        view: TableView

    image = np.full((720, 1280, 3), 200, np.uint8)
    geometry = from_corners("tranquility", [[200, 650], [1000, 650], [1000, 80], [200, 80]])
    watcher = Settled(geometry, {"a1": "12", "b1": None}, TableView({"a1": "12"}, frozenset({"a1"})))

    drawn = cv2.imdecode(np.frombuffer(preview_jpeg(image, watcher), np.uint8), cv2.IMREAD_COLOR)
    plain = cv2.imdecode(np.frombuffer(preview_jpeg(image, FakeWatcher({})), np.uint8), cv2.IMREAD_COLOR)
    assert drawn is not None and plain is not None
    assert drawn.shape == plain.shape == (360, 640, 3)
    reds = (drawn[:, :, 2] > 180) & (drawn[:, :, 1] < 90)
    assert reds.sum() > 50 and not ((plain[:, :, 2] > 180) & (plain[:, :, 1] < 90)).any()


# -- the filmed demo's players -------------------------------------------------------


@dataclass
class Truth:
    event: Event
    frame: int | None
    at_frame: int

    @property
    def visible(self) -> bool:
        return self.frame is not None


@dataclass
class Film:
    fps: float
    truth: list[Truth]


def test_film_director_tells_buttons_and_enters_missed_cards() -> None:
    referee = started()
    film = Film(10.0, [Truth(Play("30", "c3", player=2), 20, 5), Truth(Discard(2, player=3), None, 40),
                       Truth(Play("32", "d3", player=1), 60, 45)])
    director = FilmDirector(film, referee, patience=1.0)
    assert director.told(5) == []
    director.seen(Play("30", "c3", source="camera"))
    assert director.told(31) == []  # seen in time: nothing to enter
    assert director.told(40) == [{"type": "discard", "count": 2, "source": "button", "t": 4.0}]
    assert director.told(70) == []
    missed = director.told(71)
    assert missed == [{"type": "play", "card": "32", "at": "d3", "source": "page", "t": 7.1}]
    assert director.missed == 1


def test_film_director_tells_an_undo_only_after_the_card_it_undoes() -> None:
    referee = started()
    film = Film(10.0, [Truth(Play("30", "c3"), 20, 5), Truth(Undo(), None, 22)])
    director = FilmDirector(film, referee, patience=2.0)
    assert director.told(22) == [] and director.told(25) == []  # the camera has not reported 30@c3 yet
    director.seen(Play("30", "c3"))
    assert director.told(26) == [{"type": "undo", "source": "button", "t": 2.6}]
    late = FilmDirector(film, referee, patience=2.0)
    assert late.told(40) == []
    assert late.told(41) == [{"type": "play", "card": "30", "at": "c3", "source": "page", "t": 4.1},
                             {"type": "undo", "source": "button", "t": 4.1}]


def test_film_director_does_not_enter_a_card_already_on_the_table() -> None:
    referee = started()
    referee.submit(Play("30", "c3", source="camera", t=2.0))
    film = Film(10.0, [Truth(Play("30", "c3", player=2), 20, 5)])
    director = FilmDirector(film, referee, start=25, patience=1.0)
    assert director.told(40) == [] and director.missed == 0
    assert film_position(referee, 10.0) == 21


def test_a_resumed_film_director_does_not_wait_for_a_card_reported_before_the_stop() -> None:
    referee = started()
    referee.submit(Play("30", "c3", source="camera", t=2.0))  # reported, then the companion stopped
    film = Film(10.0, [Truth(Play("30", "c3", player=2), 20, 5), Truth(Discard(2, player=3), None, 24)])
    director = FilmDirector(film, referee, start=film_position(referee, 10.0), patience=1.0)
    # The button is pressed at its own frame, as in the run that was not stopped (it waited until
    # frame 31, the card's patience, before: 0.7 s late).
    assert director.told(24) == [{"type": "discard", "count": 2, "source": "button", "t": 2.4}]


@pytest.mark.parametrize("sources", [(), ("page",)])
def test_film_position_without_demo_events_starts_at_zero(sources: tuple[str, ...]) -> None:
    referee = Referee(Header("tranquility", 2))
    for source in sources:
        referee.submit(Discard(2, source=source, t=99.0))
    assert film_position(referee, 15.0) == 0


def crew_attempt() -> Referee:
    """A Crew attempt of four seats, its task taken, seat 1 to lead."""
    header = Header("crew", 4, setup={"commander": 1, "tasks": ["no-win:9"]})
    referee = Referee(header, store=Store(":memory:"))
    referee.submit(TakeTask("no-win:9", player=1))
    return referee


def test_film_director_enters_a_missed_trick_card_for_the_seat_that_laid_it() -> None:
    referee = crew_attempt()
    film = Film(10.0, [Truth(Play("pink-3", "", player=1), 20, 5),
                       Truth(Play("pink-9", "", player=2), 40, 25),
                       Truth(Sonar("blue-2", "", "top", player=3), None, 50)])
    director = FilmDirector(film, referee, patience=1.0)
    director.seen(Play("pink-3", "", player=1, source="camera"))
    referee.submit(Play("pink-3", "", player=1, source="camera"))
    assert director.told(31) == []
    missed = director.told(51)
    assert missed == [{"type": "play", "card": "pink-9", "player": 2, "source": "page", "t": 5.1},
                      {"type": "sonar", "card": "blue-2", "position": "top", "player": 3, "source": "button",
                       "t": 5.1}]
    assert director.missed == 1


def test_the_demos_players_tap_their_seats_where_the_film_shows_them() -> None:
    simulation = simulate("crew", 4, 5, max_events=1)
    taps = seats_tapped(simulation)
    assert taps is not None and len(taps) == 4 and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in taps)
    width, height = simulation.film.size
    geometry = seats_geometry(simulation.film.layout, [(x * width, y * height) for x, y in taps])
    x, y = simulation.film.layout.centre("t3", simulation.film.gap)
    assert np.allclose(geometry.to_image([[x, y]])[0], simulation.film.to_image(x, y), atol=3.0)
    assert seats_tapped(simulate("tranquility", 3, 5, max_events=1)) is None


def test_a_variant_is_filmed_in_its_own_layout_and_one_the_camera_cannot_place_is_refused() -> None:
    film = film_demo("tranquility", 3, 7, options={"variant": "arch"})
    assert film.header.options["variant"] == "arch"
    assert "g7" in film.simulation.film.layout.cells and "c1" not in film.simulation.film.layout.cells
    with pytest.raises(MalformedInput) as raised:
        film_demo("tranquility", 3, 7, options={"variant": "pyramid", "pyramid_borders": ["c1", "d3"]})
    assert "four corners" in raised.value.text.en and "quatre coins" in raised.value.text.fr
