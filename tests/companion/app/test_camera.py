"""The camera loop against what one frame can do (issue 64): bad files in the folder, a watcher
failing, a camera lost and back. Each is skipped or said on the page, the console and the LEDs,
and the loop goes on."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.app import camera as camera_module
from companion.app.camera import NOTICE_SECONDS, CameraFeeder
from companion.app.live import ConsoleSink, SignalSink
from companion.app.referee import Notice, Referee
from companion.engine.events import Play
from companion.engine.game import Game
from hardware.fake import FakeCamera
from hardware.frames import Frame
from hardware.resilient import ResilientSource
from hardware.signals import RecordingSignals
from hardware.sources import open_resilient
from tests.bombs import bomb_png, cut_png
from tests.companion.app.test_live import Camera, FakeWatcher, started
from tests.hardware.conftest import FakeClock
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
