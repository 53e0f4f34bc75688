"""A camera that fails or disappears is reported, retried with back-off and picked up again.

Sleeping is injected: no test waits for real.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.errors import BadFrame, CameraLost, CameraUnavailable
from hardware.fake import FakeCamera
from hardware.frames import Frame
from hardware.resilient import CameraStatus, ResilientSource
from hardware.sources import open_resilient
from tests.hardware.conftest import frame_image, frame_number


class Recorder:
    """Collects statuses and the waits asked for, and runs a hook on each wait."""

    def __init__(self, on_sleep: Callable[[int], object] | None = None) -> None:
        self.statuses: list[CameraStatus] = []
        self.sleeps: list[float] = []
        self._on_sleep = on_sleep

    def status(self, status: CameraStatus) -> None:
        self.statuses.append(status)

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        if self._on_sleep is not None:
            self._on_sleep(len(self.sleeps))


def test_a_camera_failing_mid_stream_comes_back_without_losing_a_frame() -> None:
    camera = FakeCamera(8, lose_at={3}, down_for=2)
    seen = Recorder()
    source = ResilientSource(camera.reopen, name="fake", on_status=seen.status, sleep=seen.sleep)
    frames = list(source)
    assert [f.index for f in frames] == list(range(8))
    assert [int(f.image[0, 0, 0]) for f in frames] == list(range(8))
    # The loss, then two refused re-openings, each waiting twice as long.
    assert seen.sleeps == [0.5, 1.0, 2.0]
    assert [(s.lost, s.attempt, s.delay) for s in seen.statuses] == [
        (True, 1, 0.5), (True, 2, 1.0), (True, 3, 2.0), (False, 0, None)]
    assert seen.statuses[0].text.en == ("camera lost: camera fake stopped giving pictures; "
                                        "trying again in 0.5 s")
    assert seen.statuses[0].text.fr == ("caméra perdue : la caméra fake ne donne plus d'images ; "
                                        "nouvel essai dans 0.5 s")
    assert seen.statuses[-1].text.en == "camera back: fake"
    assert seen.statuses[-1].text.fr == "caméra revenue : fake"
    assert camera.opens == 4 and not source.lost


def test_two_outages_are_each_reported_and_the_back_off_starts_again() -> None:
    camera = FakeCamera(6, lose_at={1, 4}, down_for=1)
    seen = Recorder()
    frames = list(ResilientSource(camera.reopen, name="fake", on_status=seen.status, sleep=seen.sleep))
    assert [int(f.image[0, 0, 0]) for f in frames] == list(range(6))
    assert seen.sleeps == [0.5, 1.0, 0.5, 1.0]
    assert [s.lost for s in seen.statuses] == [True, True, False, True, True, False]


def test_the_wait_stops_growing_at_the_maximum() -> None:
    camera = FakeCamera(2, lose_at={0}, down_for=6)
    seen = Recorder()
    list(ResilientSource(camera.reopen, name="fake", sleep=seen.sleep, first_delay=1.0, max_delay=5.0))
    assert seen.sleeps == [1.0, 2.0, 4.0, 5.0, 5.0, 5.0, 5.0]


def test_giving_up_after_a_number_of_tries_raises_camera_lost() -> None:
    camera = FakeCamera(2, lose_at={0}, down_for=99)
    seen = Recorder()
    source = ResilientSource(camera.reopen, name="fake", on_status=seen.status, sleep=seen.sleep,
                             max_attempts=3)
    with pytest.raises(CameraLost) as caught:
        source.read()
    assert "gave up after 3 tries" in caught.value.text.en
    assert "abandon après 3 essais" in caught.value.text.fr
    assert len(seen.sleeps) == 2 and seen.statuses[-1].lost


def test_the_end_of_a_file_is_not_a_loss() -> None:
    seen = Recorder()
    source = ResilientSource(FakeCamera(2).reopen, name="fake", on_status=seen.status, sleep=seen.sleep)
    assert len(list(source)) == 2
    assert source.read() is None
    assert seen.statuses == [] and seen.sleeps == []


def test_closing_during_an_outage_ends_the_read() -> None:
    camera = FakeCamera(5, lose_at={1}, down_for=99)
    holder: list[ResilientSource] = []
    seen = Recorder(on_sleep=lambda n: holder[0].close() if n == 3 else None)
    holder.append(ResilientSource(camera.reopen, name="fake", sleep=seen.sleep))
    assert [f.index for f in holder[0]] == [0]
    assert len(seen.sleeps) == 3 and holder[0].read() is None


def test_closing_from_another_thread_ends_a_real_back_off_at_once() -> None:
    # The default sleep waits on the close event: a minute-long wait ends as soon as close() is called.
    source = ResilientSource(FakeCamera(5, lose_at={0}, down_for=99).reopen, name="fake", first_delay=60.0,
                             max_delay=60.0)
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(source.read()))
    reader.start()
    source.close()
    reader.join(timeout=30)
    assert not reader.is_alive() and result == [None]


def test_back_off_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        ResilientSource(FakeCamera().reopen, name="fake", first_delay=0)
    with pytest.raises(ValueError):
        ResilientSource(FakeCamera().reopen, name="fake", first_delay=2, max_delay=1)


def test_a_folder_unplugged_and_plugged_back_resumes_where_it_was(
        write_folder: Callable[..., Path], tmp_path: Path) -> None:
    folder = write_folder(frames=6)
    away = tmp_path / "away"
    seen = Recorder(on_sleep=lambda n: away.rename(folder) if n == 2 else None)
    source = open_resilient(f"folder:{folder}", fps=2.0, on_status=seen.status, sleep=seen.sleep)
    first = [source.read(), source.read()]
    folder.rename(away)
    frames = [f for f in first if f is not None] + list(source)
    assert [frame_number(f.image) for f in frames] == list(range(6))
    assert [f.index for f in frames] == list(range(6))
    assert [f.t for f in frames] == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5]
    # Lost on reading, not found on the first try again, back on the second.
    assert [s.lost for s in seen.statuses] == [True, True, False]
    assert "disappeared" in seen.statuses[0].text.en and "no image folder" in seen.statuses[1].text.en


def test_a_folder_removed_under_a_running_source_is_retried(write_folder: Callable[..., Path],
                                                           tmp_path: Path) -> None:
    folder = write_folder(frames=4)
    backup = tmp_path / "backup"
    shutil.copytree(folder, backup)

    def restore(n: int) -> None:
        if n == 1:
            shutil.copytree(backup, folder)

    seen = Recorder(on_sleep=restore)
    source = open_resilient(str(folder), fps=1.0, on_status=seen.status, sleep=seen.sleep)
    assert source.read() is not None
    shutil.rmtree(folder)
    rest = list(source)
    assert [(f.index, frame_number(f.image)) for f in rest] == [(1, 1), (2, 2), (3, 3)]
    assert "disappeared" in seen.statuses[0].text.en
    assert [s.lost for s in seen.statuses] == [True, False]


def test_a_video_that_appears_later_is_picked_up(write_video: Callable[..., Path], tmp_path: Path) -> None:
    path = tmp_path / "late.avi"
    seen = Recorder(on_sleep=lambda n: write_video(frames=3, name="late.avi") if n == 2 else None)
    source = open_resilient(str(path), on_status=seen.status, sleep=seen.sleep)
    frames = list(source)
    assert [frame_number(f.image) for f in frames] == [0, 1, 2]
    assert seen.sleeps == [0.5, 1.0]
    assert "no video file" in seen.statuses[0].text.en
    assert not seen.statuses[-1].lost


def test_a_bad_source_name_fails_at_once() -> None:
    with pytest.raises(CameraUnavailable, match="unknown camera source"):
        open_resilient("webcam:zero", sleep=lambda s: pytest.fail("no wait fixes a bad name"))


def test_a_video_cut_short_in_place_is_reported_and_picked_up_again(
        write_video: Callable[..., Path], tmp_path: Path) -> None:
    # Long enough that OpenCV's read-ahead does not hold the whole file.
    path = write_video(frames=300)
    whole = path.read_bytes()
    # The file is put back whole on the second try again (a copy finishing, a recorder restarted).
    seen = Recorder(on_sleep=lambda n: path.write_bytes(whole) if n == 2 else None)
    source = open_resilient(str(path), on_status=seen.status, sleep=seen.sleep)
    first = [source.read() for _ in range(4)]
    with path.open("r+b") as handle:
        handle.truncate(len(whole) // 3)
    frames = [f for f in first if f is not None] + list(source)
    # Reading stopped where the file was cut: that is a loss, said at once, not an end.
    assert seen.statuses[0].lost and "changed while it was read" in seen.statuses[0].text.en
    assert "a changé pendant sa lecture" in seen.statuses[0].text.fr
    assert [s.lost for s in seen.statuses] == [True, True, False] and len(seen.sleeps) == 2
    # Picked up again where it was: every frame once, in order.
    assert [f.index for f in frames] == list(range(300))
    assert [frame_number(f.image) for f in frames] == [frame_number(frame_image(k)) for k in range(300)]


def test_a_bad_frame_is_passed_on_and_the_folder_resumes_after_it(
        write_folder: Callable[..., Path], tmp_path: Path) -> None:
    folder = write_folder(frames=5)
    (folder / "shot1.png").write_bytes(b"not a png")
    away = tmp_path / "away"
    seen = Recorder(on_sleep=lambda n: away.rename(folder))
    source = open_resilient(f"folder:{folder}", fps=1.0, on_status=seen.status, sleep=seen.sleep)
    assert source.read() is not None
    with pytest.raises(BadFrame):
        source.read()
    assert not seen.statuses  # one bad file is no lost camera
    folder.rename(away)  # unplugged after the bad frame: picked up again after it, not on it
    rest = list(source)
    assert [frame_number(f.image) for f in rest] == [2, 3, 4]
    assert [s.lost for s in seen.statuses] == [True, False]


def test_a_read_failing_in_its_own_way_is_a_lost_camera_opened_again() -> None:
    class Broken(FakeCamera):
        def read(self) -> Frame | None:
            if self.reads == 2:
                self.reads += 1
                raise ZeroDivisionError("a driver's bug")
            return super().read()

    camera = Broken(4)
    seen = Recorder()
    source = ResilientSource(camera.reopen, name="fake", on_status=seen.status, sleep=seen.sleep)
    frames = list(source)
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 1, 2, 3]
    assert seen.statuses[0].lost and "ZeroDivisionError: a driver's bug" in seen.statuses[0].text.en
    assert camera.opens == 2 and not seen.statuses[-1].lost
