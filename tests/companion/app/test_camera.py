"""The camera loop against what one frame can do (issue 64): bad files in the folder, a watcher
failing, a camera lost and back. Each is skipped or said on the page, the console and the LEDs,
and the loop goes on. And the table placed from the page (issue 73): the desk's request applied to
the watcher, the corners saved, the layout drawn over the preview."""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.app import camera as camera_module
from companion.app.camera import NOTICE_SECONDS, CameraFeeder, preview_jpeg, watcher_factory
from companion.app.live import ConsoleSink, SignalSink
from companion.app.referee import Notice, Referee
from companion.app.table import TableDesk, TableRequest
from companion.config import parse_config, read_config
from companion.engine.events import Play
from companion.engine.game import Game
from companion.engine.record import Header
from companion.errors import ProfileUnavailable
from companion.text import Text
from hardware.fake import FakeCamera
from hardware.frames import Frame
from hardware.resilient import ResilientSource
from hardware.signals import RecordingSignals
from hardware.sources import open_resilient
from tests.bombs import bomb_png, cut_png
from tests.companion.app.test_decks import shipped_profile
from tests.companion.app.test_live import Camera, FakeWatcher, started
from tests.hardware.conftest import FakeClock
from vision.read.profile import ProfiledClassifier
from vision.watch.changes import TableView
from vision.watch.geometry import TableGeometry, from_corners
from vision.watch.placement import Placement
from web.snapshot import snapshot


def listened(referee: Referee) -> tuple[io.StringIO, RecordingSignals]:
    """The console (in English) and the LEDs, listening to ``referee`` as ``companion run`` does."""
    out, signals = io.StringIO(), RecordingSignals()
    referee.subscribe(ConsoleSink(referee, out, "en"))
    referee.subscribe(SignalSink(referee, signals))
    return out, signals


def test_bad_frames_in_a_folder_are_skipped_said_and_the_loop_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    for k in range(5):
        cv2.imwrite(str(folder / f"shot{k}.png"), np.full((90, 160, 3), 100, np.uint8))
    (folder / "shot1.png").write_bytes(bomb_png())  # claims 30000x30000
    (folder / "shot3.png").write_bytes(cut_png())
    referee = started()
    out, signals = listened(referee)
    # The card is laid in the frame after both bad ones.
    watcher = FakeWatcher({3: [Play("30", "c3", source="camera")]})
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock())
    feeder.source = open_resilient(f"folder:{folder}", on_status=feeder.status, fps=1.0)
    feeder.run(threading.Event())
    assert feeder.frames == 3 and feeder.skipped == 2 and watcher.fed == 3
    assert referee.history[-1].line["card"] == "30"  # later frames still make events
    page = {alert["key"]: alert for alert in snapshot(referee)["alerts"]}
    assert page["frame"]["en"].startswith(f"camera frame 3 skipped (2 so far): cannot read image {folder}")
    assert page["frame"]["fr"].startswith("image 3 de la caméra ignorée (2 jusqu'ici)")
    console = out.getvalue()
    assert (f"! camera frame 1 skipped (1 so far): image {folder / 'shot1.png'} is 30000x30000 pixels"
            in console)
    assert "header is cut short" in console and "Traceback" not in console
    assert [p.name for p in signals.played] == ["frame_skipped", "frame_skipped", "legal"]


def test_a_watcher_failing_on_one_frame_skips_it_and_goes_on() -> None:
    class Failing(FakeWatcher):
        def feed(self, image: Any, t: float) -> list[Any]:
            if self.fed == 1:
                self.fed += 1
                raise cv2.error("a frame OpenCV chokes on")
            return super().feed(image, t)

    referee = started()
    out, signals = listened(referee)
    watcher = Failing({3: [Play("30", "c3", source="camera")]})
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock())
    feeder.source = Camera(4)
    feeder.run(threading.Event())
    assert feeder.frames == 4 and feeder.skipped == 1
    assert referee.history[-1].line["card"] == "30"
    text = referee.alerts["frame"]
    assert text.en == ("camera frame 2 skipped (1 so far): the watcher failed on this frame (error: a frame "
                       "OpenCV chokes on)")
    assert text.fr.startswith("image 2 de la caméra ignorée (1 jusqu'ici) : l'analyse de cette image a "
                              "échoué")
    assert "! camera frame 2 skipped" in out.getvalue()
    signals.assert_played("frame_skipped", "legal")


def test_a_read_failing_in_its_own_way_is_skipped_and_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    class Flaky(Camera):
        def read(self) -> Frame | None:
            if self.index == 1 and self.left == 2:
                self.left -= 1
                raise ZeroDivisionError("a driver's bug")
            return super().read()

    monkeypatch.setattr(camera_module, "READ_PAUSE", 0.0)
    referee = started()
    feeder = CameraFeeder(referee, lambda game: FakeWatcher({}), clock=FakeClock())
    feeder.source = Flaky(3)
    feeder.run(threading.Event())
    assert feeder.frames == 2 and feeder.skipped == 1
    assert "ZeroDivisionError: a driver's bug" in referee.alerts["frame"].en


def test_the_camera_back_is_said_on_the_page_the_console_and_the_leds() -> None:
    referee = started()
    out, signals = listened(referee)
    clock = FakeClock()
    pages: list[list[dict[str, str]]] = []

    def page(notice: Notice) -> None:
        if notice.kind == "alert" and notice.alert == "camera_back":
            pages.append(snapshot(referee)["alerts"])

    referee.subscribe(page)

    class Later(FakeWatcher):
        def feed(self, image: Any, t: float) -> list[Any]:
            if self.fed == 4:
                clock.advance(NOTICE_SECONDS)  # a while after the camera came back
            return super().feed(image, t)

    feeder = CameraFeeder(referee, lambda game: Later({}), clock=clock)
    camera = FakeCamera(8, lose_at={2}, down_for=1)
    feeder.source = ResilientSource(camera.reopen, name="fake", on_status=feeder.status,
                                    sleep=lambda seconds: None)
    feeder.run(threading.Event())
    assert feeder.frames == 8
    # On the page: the loss gone and the camera back, in both languages.
    assert pages[0] == [{"key": "camera_back", "en": "camera back: fake", "fr": "caméra revenue : fake"}]
    # It passes: gone a while later.
    assert "camera_back" not in referee.alerts and "camera" not in referee.alerts
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("! camera lost: camera fake stopped giving pictures")
    assert lines[-1] == "! camera back: fake"
    # The repeated loss signal, once a try, is ended by the camera back.
    signals.assert_played("camera_lost", "camera_lost", "camera_back")


def test_a_camera_that_gives_up_ends_the_loop_with_the_alert() -> None:
    referee = started()
    feeder = CameraFeeder(referee, lambda game: FakeWatcher({}), clock=FakeClock())
    camera = FakeCamera(8, lose_at={2}, down_for=10)
    feeder.source = ResilientSource(camera.reopen, name="fake", on_status=feeder.status,
                                    sleep=lambda seconds: None, max_attempts=3)
    feeder.run(threading.Event())
    assert feeder.frames == 2 and "gave up after 3 tries" in referee.alerts["camera"].en


def test_a_new_game_whose_watcher_fails_is_tried_again_on_the_next_frame() -> None:
    referee = started()
    made: list[int] = []

    def make(game: Game[Any]) -> FakeWatcher:
        made.append(game.players)
        if len(made) == 2:
            raise RuntimeError("no memory for the model")
        return FakeWatcher({})

    class Switching(Camera):
        def read(self) -> Frame | None:
            if self.index == 1:
                referee.new_game(referee.header)
            return super().read()

    feeder = CameraFeeder(referee, make, clock=FakeClock())
    feeder.source = Switching(4)
    feeder.run(threading.Event())
    assert made == [3, 3, 3] and feeder.skipped == 1
    assert "RuntimeError: no memory for the model" in referee.alerts["frame"].en


# -- placing the table from the page (issue 73) ----------------------------------------------


@dataclass
class Placing(FakeWatcher):
    """A fake watcher that records the placements the players set or confirm."""

    placement: Placement = field(default_factory=Placement)
    placed: list[TableGeometry] = field(default_factory=list)
    confirmed: int = 0
    view: TableView = field(default_factory=TableView.empty)
    facts: dict[str, str | None] = field(default_factory=dict)

    def place_by_hand(self, geometry: TableGeometry) -> None:
        self.placed.append(geometry)
        self.geometry = geometry
        self.placement.placed(by_hand=True)

    def confirm(self) -> None:
        self.confirmed += 1
        if self.geometry is not None:
            self.placement.placed(by_hand=True)


class Asking(Camera):
    """Frames of 160x90 pixels; the page leaves ``request`` on the desk before frame ``at``."""

    def __init__(self, frames: int, desk: TableDesk, request: TableRequest, at: int = 2) -> None:
        super().__init__(frames)
        self.desk, self.request, self.at = desk, request, at

    def read(self) -> Frame | None:
        if self.index + 1 == self.at:
            self.desk.ask(self.request)
        return super().read()


TAPPED = ((0.1, 0.9), (0.9, 0.9), (0.9, 0.1), (0.1, 0.1))
#: The same corners in the 160x90 frames' pixels.
TAPPED_PIXELS = [[16.0, 81.0], [144.0, 81.0], [144.0, 9.0], [16.0, 9.0]]


def corner_pixels(geometry: TableGeometry) -> Any:
    return geometry.to_image(geometry.layout.corner_points(geometry.gap))


def test_corners_set_on_the_page_place_the_table_by_hand_and_are_saved(tmp_path: Path) -> None:
    referee = started()
    path = tmp_path / "companion.toml"
    path.write_text("# mine\n[camera]\nfps = 10.0\n", encoding="utf-8")
    desk = TableDesk(path)
    states: list[Any] = []
    desk.subscribe(lambda: states.append(snapshot(referee, None, desk)["table"]))
    watcher = Placing({})
    watcher.placement.placed()  # found by the watcher, being checked
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock(), table=desk)
    feeder.source = Asking(4, desk, TableRequest(corners=TAPPED))
    feeder.run(threading.Event())
    assert watcher.fed == 4 and len(watcher.placed) == 1 and watcher.confirmed == 0
    assert np.allclose(corner_pixels(watcher.placed[0]), TAPPED_PIXELS)
    config = read_config(path)
    assert np.allclose(config.camera.corners or [], TAPPED_PIXELS) and config.camera.fps == 10.0
    assert path.read_text(encoding="utf-8").startswith("# mine\n[camera]\ncorners = [[16.0, 81.0], ")
    assert "table" not in referee.alerts
    # The page saw the placement checked, then set by hand, then no camera at the end.
    checking, by_hand, ended = states
    assert checking["en"].startswith("table: placed, being checked") and checking["fr"].startswith(
        "table : placée, en vérification")
    assert by_hand["state"] == "by_hand" and by_hand["fr"] == "table : placée à la main"
    assert by_hand["saved"]["en"] == f"corners saved in {path.resolve()} for the next game"
    assert ended is None and desk.status is None


def test_a_confirmed_layout_is_trusted_and_its_corners_saved(tmp_path: Path) -> None:
    referee = started()
    referee.set_alert("prompt", Text("watch_unplaced", cells="c3"))
    desk = TableDesk(tmp_path / "companion.toml")
    watcher = Placing({})
    watcher.geometry = from_corners("tranquility", [[100, 600], [500, 600], [500, 100], [100, 100]])
    watcher.placement.placed()
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock(), table=desk)
    feeder.source = Asking(3, desk, TableRequest(confirm=True))
    feeder.run(threading.Event())
    assert watcher.confirmed == 1 and not watcher.placed and watcher.placement.state == "by_hand"
    saved = read_config(tmp_path / "companion.toml").camera.corners
    assert np.allclose(saved or [], [[100, 600], [500, 600], [500, 100], [100, 100]], atol=0.06)
    assert "prompt" not in referee.alerts  # the question "table not placed" is answered


def test_confirming_a_table_not_found_does_nothing(tmp_path: Path) -> None:
    referee = started()
    desk = TableDesk(tmp_path / "companion.toml")
    watcher = Placing({})
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock(), table=desk)
    feeder.source = Asking(3, desk, TableRequest(confirm=True))
    feeder.run(threading.Event())
    assert watcher.confirmed == 1 and watcher.placement.state == "searching"
    assert not (tmp_path / "companion.toml").exists()


def test_a_configuration_that_cannot_be_written_is_an_alert_and_the_placement_holds(tmp_path: Path) -> None:
    referee = started()
    out, _ = listened(referee)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    desk = TableDesk(blocker / "companion.toml")
    watcher = Placing({3: [Play("30", "c3", source="camera")]})
    feeder = CameraFeeder(referee, lambda game: watcher, clock=FakeClock(), table=desk)
    feeder.source = Asking(4, desk, TableRequest(corners=TAPPED))
    feeder.run(threading.Event())
    assert feeder.frames == 4 and feeder.skipped == 0 and len(watcher.placed) == 1
    assert referee.history[-1].line["card"] == "30"  # the game goes on
    alert = referee.alerts["table"]
    assert alert.en.startswith("the table's placement holds for this game but could not be saved in")
    assert "n'a pas pu être enregistré" in alert.fr
    assert "! the table's placement holds" in out.getvalue()


def test_the_table_set_by_hand_is_set_again_for_the_next_game_of_the_same_kind() -> None:
    referee = started()
    desk = TableDesk()
    made: list[Placing] = []

    def make(game: Game[Any]) -> Placing:
        made.append(Placing({}))
        return made[-1]

    class NewGame(Asking):
        def read(self) -> Frame | None:
            if self.index == 3:
                referee.new_game(referee.header)
            return super().read()

    feeder = CameraFeeder(referee, make, clock=FakeClock(), table=desk)
    feeder.source = NewGame(5, desk, TableRequest(corners=TAPPED))
    feeder.run(threading.Event())
    first, second = made
    assert len(first.placed) == len(second.placed) == 1
    assert np.allclose(corner_pixels(second.placed[0]), TAPPED_PIXELS)


def test_the_preview_draws_the_layout_where_the_watcher_believes_it() -> None:
    image = np.full((720, 1280, 3), 90, np.uint8)
    watcher = Placing({})
    watcher.geometry = from_corners("tranquility", [[200, 650], [1000, 650], [1000, 80], [200, 80]])

    def drawn() -> Any:
        picture = cv2.imdecode(np.frombuffer(preview_jpeg(image, watcher), np.uint8), cv2.IMREAD_COLOR)
        assert picture is not None and picture.shape == (360, 640, 3)
        return picture.astype(int)

    def yellow(picture: Any) -> Any:
        return (picture[:, :, 2] > 180) & (picture[:, :, 1] > 150) & (picture[:, :, 0] < 90)

    watcher.placement.placed()  # being checked: yellow
    checking = drawn()
    watcher.placement.placed(by_hand=True)  # trusted: faint grey
    trusted = drawn()
    plain = cv2.imdecode(np.frombuffer(preview_jpeg(image, Placing({})), np.uint8), cv2.IMREAD_COLOR)
    # Where a cell's outline lies, the picture changed; far outside the layout, it did not.
    quad = (watcher.geometry.card_quad("c3") * 0.5).round().astype(int)
    x, y = (quad[0] + quad[1]) // 2  # the middle of the cell's top edge
    assert yellow(checking)[y - 1:y + 2, x].any() and not yellow(trusted).any()
    assert (trusted[y - 1:y + 2, x] > 130).all(axis=1).any()
    assert (np.abs(trusted - plain)[:30, :90] < 8).all() and (np.abs(checking - plain)[:30, :90] < 8).all()
    assert yellow(checking).sum() > 500


def test_the_configured_deck_reads_the_game_it_was_enrolled_for(tmp_path: Path) -> None:
    shipped_profile("tranquility").save(tmp_path / "home.deck")
    make = watcher_factory(parse_config({"camera": {"deck": str(tmp_path / "home.deck")}}))
    watcher = make(Header("tranquility", 3).new_game())
    assert isinstance(watcher.classifier, ProfiledClassifier)
    with pytest.raises(ProfileUnavailable, match="is for tranquility, not ascension"):
        make(Header("ascension", 3).new_game())
    with pytest.raises(ProfileUnavailable, match="no deck profile"):
        watcher_factory(parse_config({"camera": {"deck": str(tmp_path / "away.deck")}}))
