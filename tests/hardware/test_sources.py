"""Naming, choosing and opening camera sources: argument, then COMPANION_CAMERA, then detection."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.errors import CameraUnavailable, HardwareWarning
from hardware.fake import fake_picamera2
from hardware.opencv_sources import FolderSource, VideoFileSource
from hardware.picamera import PiCameraSource
from hardware.sources import SourceSpec, choose_spec, detect, open_source, parse_spec
from hardware.synthetic import SyntheticSource


@pytest.mark.parametrize(("spec", "expected"), [
    ("picamera", SourceSpec("picamera")),
    ("picamera:1", SourceSpec("picamera", number=1)),
    ("webcam:0", SourceSpec("webcam")),
    ("webcam:3", SourceSpec("webcam", number=3)),
    ("/dev/video2", SourceSpec("webcam", number=2)),
    ("synthetic", SourceSpec("synthetic")),
    ("synthetic:ascension", SourceSpec("synthetic", game="ascension")),
    ("synthetic:rixes:7", SourceSpec("synthetic", game="rixes", seed=7)),
    ("video:odd name", SourceSpec("video", path=Path("odd name"))),
    ("folder:shots", SourceSpec("folder", path=Path("shots"))),
    ("games/table.mp4", SourceSpec("video", path=Path("games/table.mp4"))),
    (" webcam:1 ", SourceSpec("webcam", number=1)),
])
def test_source_names(spec: str, expected: SourceSpec) -> None:
    assert parse_spec(spec) == expected


def test_a_folder_path_is_a_folder(tmp_path: Path) -> None:
    assert parse_spec(str(tmp_path)) == SourceSpec("folder", path=tmp_path)


@pytest.mark.parametrize("spec", ["webcam", "webcam:x", "picamera:a", "camera", "", "auto", "usb:0"])
def test_bad_source_names_list_the_forms(spec: str) -> None:
    with pytest.raises(CameraUnavailable) as caught:
        parse_spec(spec)
    assert "picamera[:N], webcam:N, synthetic[:GAME[:SEED]]" in caught.value.text.en
    assert caught.value.text.fr.startswith("source de caméra inconnue")


@pytest.mark.parametrize("spec", ["synthetic:chess", "synthetic:tranquility:x", "synthetic:rixes:1:2"])
def test_bad_synthetic_names_list_the_games(spec: str) -> None:
    with pytest.raises(CameraUnavailable, match="tranquility, ascension"):
        parse_spec(spec)


def test_the_argument_comes_first_then_the_environment_then_the_configuration(tmp_path: Path) -> None:
    env = {"COMPANION_CAMERA": "webcam:4"}
    assert choose_spec("synthetic", env, tmp_path, "webcam:1") == ("synthetic", None)
    assert choose_spec(None, env, tmp_path, "webcam:1") == ("webcam:4", None)
    assert choose_spec("auto", env, tmp_path) == ("webcam:4", None)
    assert choose_spec(None, {}, tmp_path, "webcam:1") == ("webcam:1", None)
    assert choose_spec(None, {"COMPANION_CAMERA": "auto"}, tmp_path, "folder:x") == ("folder:x", None)


def test_with_nothing_named_a_pi_camera_is_found_first(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", fake_picamera2())
    (tmp_path / "video0").touch()
    name, why = choose_spec(None, {"COMPANION_CAMERA": "auto"}, tmp_path)
    assert name == "picamera" and why is not None and why.en == "picamera2 sees a Pi camera"


def test_then_the_first_webcam(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", fake_picamera2(cameras=0))
    (tmp_path / "video0").touch()
    name, why = detect(tmp_path)
    assert name == "webcam:0"
    assert why.en.startswith("no Pi camera (picamera2 sees no camera")


def test_then_the_synthetic_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    name, why = detect(tmp_path)
    assert name == "synthetic"
    assert "picamera2 is not installed" in why.en and "ni de /dev/video0" in why.fr


def test_a_source_found_rather_than_named_is_a_warning(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.warns(HardwareWarning, match="no camera named: using synthetic, because no Pi camera"):
        source = open_source(size=(160, 120), env={}, devices=tmp_path)
    assert isinstance(source, SyntheticSource)


def test_a_named_source_opens_without_a_warning(write_video: Callable[..., Path],
                                                write_folder: Callable[..., Path],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(open_source(str(write_video()), env={}), VideoFileSource)
    folder = open_source(str(write_folder()), fps=5.0, env={})
    assert isinstance(folder, FolderSource) and folder.read() is not None
    synthetic = open_source(env={"COMPANION_CAMERA": "synthetic:ascension:2"}, size=(160, 120))
    assert isinstance(synthetic, SyntheticSource) and synthetic.game == "ascension" and synthetic.seed == 2
    monkeypatch.setitem(sys.modules, "picamera2", fake_picamera2())
    with open_source("picamera", size=(64, 48), lores=(32, 24), env={}) as camera:
        assert isinstance(camera, PiCameraSource) and camera.read().lores is not None


def test_opening_a_missing_file_says_so() -> None:
    with pytest.raises(CameraUnavailable, match="no video file"):
        open_source("nowhere/table.mp4", env={})
