"""OpenCV sources on real files written here: videos, image folders; and a webcam that is not there."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.errors import BadFrame, CameraLost, CameraUnavailable
from hardware.opencv_sources import FolderSource, VideoFileSource, WebcamSource, natural_key
from tests.bombs import bomb_png, cut_png
from tests.hardware.conftest import FakeClock, frame_number


def test_video_frames_come_in_order_stamped_by_their_place_in_the_file(
        write_video: Callable[..., Path]) -> None:
    path = write_video(frames=6, fps=10.0)
    with VideoFileSource(path) as video:
        frames = list(video)
        assert video.read() is None  # the end stays the end
    assert [f.index for f in frames] == [0, 1, 2, 3, 4, 5]
    assert [frame_number(f.image) for f in frames] == [0, 1, 2, 3, 4, 5]
    assert [f.t for f in frames] == pytest.approx([0.0, 0.1, 0.2, 0.3, 0.4, 0.5])
    assert frames[0].size == (64, 48)


def test_video_resumes_at_a_frame(write_video: Callable[..., Path]) -> None:
    with VideoFileSource(write_video(frames=6), start=4) as video:
        frames = list(video)
    assert [(f.index, frame_number(f.image)) for f in frames] == [(4, 4), (5, 5)]
    assert frames[0].t == pytest.approx(0.4)


def test_a_missing_video_says_so(tmp_path: Path) -> None:
    with pytest.raises(CameraUnavailable) as caught:
        VideoFileSource(tmp_path / "gone.mp4")
    assert caught.value.text.en == f"no video file {tmp_path / 'gone.mp4'}"
    assert caught.value.text.fr == f"pas de fichier vidéo {tmp_path / 'gone.mp4'}"


def test_a_file_that_is_no_video_says_what_to_give(tmp_path: Path) -> None:
    path = tmp_path / "notes.avi"
    path.write_text("hello")
    with pytest.raises(CameraUnavailable, match=r"cannot read video .*MP4, AVI, MJPEG"):
        VideoFileSource(path)


def test_a_closed_video_is_lost_not_a_crash(write_video: Callable[..., Path]) -> None:
    video = VideoFileSource(write_video())
    video.close()
    video.close()
    with pytest.raises(CameraLost, match="is closed"):
        video.read()


def test_folder_images_come_in_natural_order(write_folder: Callable[..., Path], clock: FakeClock) -> None:
    folder = write_folder(frames=12)
    with FolderSource(folder, fps=4.0, clock=clock) as source:
        frames = list(source)
    # shot10 and shot11 come after shot9, and notes.txt is no image.
    assert [frame_number(f.image) for f in frames] == list(range(12))
    assert [f.t for f in frames[:3]] == [0.0, 0.25, 0.5]
    assert [p.name for p in FolderSource(folder).files][-3:] == ["shot9.png", "shot10.png", "shot11.png"]


def test_folder_without_a_rate_stamps_frames_with_the_clock(write_folder: Callable[..., Path],
                                                            clock: FakeClock) -> None:
    source = FolderSource(write_folder(frames=2), clock=clock)
    first = source.read()
    clock.advance(0.7)
    second = source.read()
    assert first is not None and second is not None
    assert (first.t, second.t) == (100.0, 100.7)


def test_folder_resumes_at_a_frame(write_folder: Callable[..., Path]) -> None:
    frames = list(FolderSource(write_folder(frames=5), start=3, fps=1.0))
    assert [(f.index, frame_number(f.image), f.t) for f in frames] == [(3, 3, 3.0), (4, 4, 4.0)]


def test_a_missing_or_empty_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(CameraUnavailable, match="no image folder"):
        FolderSource(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "readme.txt").write_text("-")
    with pytest.raises(CameraUnavailable) as caught:
        FolderSource(tmp_path / "empty")
    assert "no image in folder" in caught.value.text.en
    assert "aucune image dans le dossier" in caught.value.text.fr


def test_a_folder_unplugged_mid_stream_is_a_lost_camera(write_folder: Callable[..., Path]) -> None:
    folder = write_folder(frames=4)
    source = FolderSource(folder)
    assert source.read() is not None
    shutil.rmtree(folder)
    with pytest.raises(CameraLost, match="disappeared"):
        source.read()


@pytest.mark.parametrize(("content", "says"), [
    (b"not a png", "its format is none of JPEG, PNG"),
    (cut_png(), "header is cut short or damaged"),
    (bomb_png(), "is 30000x30000 pixels (900.0 MP, says its PNG header): over the 50 MP"),
])
def test_a_bad_image_is_one_bad_frame_and_the_folder_goes_on(write_folder: Callable[..., Path],
                                                            content: bytes, says: str) -> None:
    folder = write_folder(frames=3)
    (folder / "shot1.png").write_bytes(content)
    source = FolderSource(folder, fps=1.0)
    first = source.read()
    with pytest.raises(BadFrame) as caught:
        source.read()
    rest = list(source)
    assert caught.value.index == 1 and says in caught.value.text.en and "shot1.png" in caught.value.text.fr
    assert first is not None
    assert [(f.index, frame_number(f.image)) for f in [first, *rest]] == [(0, 0), (2, 2)]


def test_a_video_cut_short_in_place_is_a_lost_camera_not_an_end(write_video: Callable[..., Path]) -> None:
    path = write_video(frames=30)
    source = VideoFileSource(path)
    assert [source.read() is not None for _ in range(3)] == [True] * 3
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.truncate(size // 3)
    with pytest.raises(CameraLost) as caught:
        while source.read() is not None:
            pass
    assert f"video {path} changed while it was read" in caught.value.text.en
    # An AVI cut short has lost its index: it cannot be opened again until it is whole.
    with pytest.raises(CameraUnavailable, match="cannot read video"):
        VideoFileSource(path)


def test_a_video_shorter_than_what_was_read_says_so(write_video: Callable[..., Path]) -> None:
    with pytest.raises(CameraUnavailable) as caught:
        VideoFileSource(write_video(frames=5), start=8)
    assert "now has 5 frames, fewer than the 8 already read" in caught.value.text.en
    assert "n'a plus que 5 images" in caught.value.text.fr


def test_natural_order_puts_numbers_in_order() -> None:
    names = ["b.png", "a10.png", "a2.png", "A1.png"]
    assert sorted(names, key=natural_key) == ["A1.png", "a2.png", "a10.png", "b.png"]


def test_a_webcam_that_is_not_there_says_how_to_fix_it() -> None:
    with pytest.raises(CameraUnavailable) as caught:
        WebcamSource(63)
    assert "cannot open webcam 63 (/dev/video63)" in caught.value.text.en
    assert "groupe video" in caught.value.text.fr
