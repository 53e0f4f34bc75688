"""The table-watching commands: simulate, watch, eval-watch, bench watch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli.main import main
from companion.cli.watch import parse_corners
from companion.engine.spec import GameSpec, register, unregister
from companion.text import Both
from tests.bombs import bomb_png, cut_png
from vision.watch import for_game
from vision.watch.layouts import layout
from vision.watch.watcher import Watcher


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def filmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short simulated game written as a folder of frames (the first few events of seed 5)."""
    out = tmp_path_factory.mktemp("sim") / "game"
    assert main(["simulate", "--game", "tranquility", "--players", "2", "--seed", "5", "--events", "4",
                 "--out", str(out)]) == 0
    return out


def test_simulate_writes_frames_and_truth(filmed: Path) -> None:
    manifest = json.loads((filmed / "simulation.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "tranquility" and manifest["fps"] == 15.0
    assert len(list((filmed / "frames").glob("*.jpg"))) == manifest["frames"]
    lines = (filmed / "record.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["players"] == 2 and len(lines) == 5


def test_watch_a_folder_prints_the_plays(filmed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = (filmed / "record.jsonl").read_text(encoding="utf-8").splitlines()
    truth = [json.loads(line) for line in record[1:]]
    plays = [(t["card"], t["at"]) for t in truth if t["type"] == "play"]
    status, out, _ = run(capsys, "watch", str(filmed / "frames"), "--game", "tranquility", "--players", "2",
                         "--json")
    assert status == 0
    events = [json.loads(line) for line in out.splitlines()]
    seen = [(e["card"], e["at"]) for e in events if e.get("type") == "play"]
    assert seen == plays
    assert all(e["source"] == "camera" and 0 < e["confidence"] <= 1 for e in events if "type" in e)
    status, out, err = run(capsys, "watch", str(filmed / "frames"), "--players", "2", "--lang", "fr")
    assert status == 0 and "table trouvée" in err
    assert len([line for line in out.splitlines() if " play " in line]) == len(plays)


def test_watch_skips_bad_frames_says_so_and_still_prints_the_plays(
        filmed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = tmp_path / "frames"
    shutil.copytree(filmed / "frames", frames)
    # Between frames 10 and 11, and 20 and 21 (natural order): a bomb and a header cut short.
    (frames / "000010b.png").write_bytes(bomb_png())
    (frames / "000020b.jpg").write_bytes(cut_png())
    record = (filmed / "record.jsonl").read_text(encoding="utf-8").splitlines()
    plays = [(t["card"], t["at"]) for t in map(json.loads, record[1:]) if t["type"] == "play"]
    status, out, err = run(capsys, "watch", str(frames), "--game", "tranquility", "--players", "2", "--json")
    assert status == 0 and "Traceback" not in err
    events = [json.loads(line) for line in out.splitlines()]
    assert [(e["card"], e["at"]) for e in events if e.get("type") == "play"] == plays
    assert err.splitlines() == [
        f"camera frame 11 skipped (1 so far): image {frames / '000010b.png'} is 30000x30000 pixels "
        "(900.0 MP, says its PNG header): over the 50 MP and 16384 pixels a side an image may have; give a "
        "smaller one",
        f"camera frame 22 skipped (2 so far): cannot read image {frames / '000020b.jpg'}: its header is cut "
        "short or damaged",
        "2 frames skipped in all (said above)",
    ]


def test_watch_skips_a_frame_the_watcher_fails_on(filmed: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    class Failing(Watcher):
        calls = 0

        def feed(self, image: Any, t: float) -> Any:
            Failing.calls += 1
            if Failing.calls == 5:
                raise cv2.error("a frame OpenCV chokes on")
            return super().feed(image, t)

    monkeypatch.setattr(for_game, "Watcher", Failing)
    status, out, err = run(capsys, "watch", str(filmed / "frames"), "--players", "2", "--json",
                           "--lang", "fr")
    assert status == 0 and "Traceback" not in err and Failing.calls > 5
    assert err.splitlines() == ["image 4 de la caméra ignorée (1 jusqu'ici) : l'analyse de cette image a "
                                "échoué (error: a frame OpenCV chokes on)",
                                "1 image ignorée en tout (dite plus haut)"]
    assert any(json.loads(line).get("type") == "play" for line in out.splitlines())


def test_watch_takes_the_corners_and_stable_time_from_the_configuration(
        filmed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    manifest = json.loads((filmed / "simulation.json").read_text(encoding="utf-8"))
    camera = np.array(manifest["camera"])
    corners = layout("tranquility").corner_points(manifest["gap_mm"])
    image = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), camera).reshape(4, 2)
    config = tmp_path / "companion.toml"
    rows = ", ".join(f"[{x:.1f}, {y:.1f}]" for x, y in image.tolist())
    config.write_text(f"[camera]\ncorners = [{rows}]\n[thresholds]\nstable_time = 0.3\n", encoding="utf-8")
    status, out, err = run(capsys, "watch", str(filmed / "frames"), "--players", "2", "--json",
                           "--config", str(config))
    assert status == 0
    assert [json.loads(line)["type"] for line in out.splitlines()].count("play") >= 2
    config.write_text("[camera]\ncorners = [[1, 2]]\n", encoding="utf-8")
    status, _, err = run(capsys, "watch", str(filmed / "frames"), "--config", str(config))
    assert status == 2 and "corners" in err and "Traceback" not in err


@pytest.mark.long
def test_eval_watch_on_a_short_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "eval-watch", "--games", "1", "--seed", "3", "--events", "5", "--json")
    assert status == 0
    figures = json.loads(out)
    assert figures["games"] == 1 and figures["plays"] >= 3
    assert figures["play_recovery"] == 1.0 and figures["false_events_per_game"] == 0
    assert figures["delay_median_s"] is not None and 0 < figures["delay_median_s"] < 1.0
    assert json.loads(err.splitlines()[0])["seed"] == 3
    status, out, _ = run(capsys, "eval-watch", "--games", "1", "--seed", "3", "--events", "2",
                         "--table", "set")
    assert status == 0 and "play_recovery: 1.0000" in out and "set by hand" in out


def test_bench_watch(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "watch", "--seconds", "0.6", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["size"] == [1280, 720] and result["still_frames"] > 0 and result["changing_frames"] > 0
    assert result["still_fps"] > 0 and result["changing_fps"] > 0


@pytest.mark.parametrize(("argv", "message"), [
    (["watch", "nowhere/table.mp4"], "no video file"),
    (["watch", "synthetic", "--corners", "1,2,3"], "four corners"),
    (["watch", "synthetic", "--corners", "0,0,100,0,0,100,100,100"], "four corners"),
    (["watch", "synthetic", "--players", "9"], "1 to 5 players"),
    (["simulate", "--players", "0", "--out", "/tmp/never"], "1 to 5 players"),
    (["simulate", "--mistakes", "2", "--out", "/tmp/never"], "mistakes"),
    (["eval-watch", "--games", "0"], "games"),
])
def test_bad_input_is_a_clear_message_and_status_2(argv: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_a_game_the_camera_cannot_watch_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # Every shipped game is watched: a game read by the camera alone is made up here.
    register(GameSpec(name="unwatched", title=Both("Unwatched", "Non suivi")))
    try:
        status, _, err = run(capsys, "bench", "watch", "--game", "unwatched")
    finally:
        unregister("unwatched")
    assert status == 2 and "cannot be watched" in err and "rixes" in err and "Traceback" not in err


def test_simulate_into_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    status, _, err = run(capsys, "simulate", "--events", "1", "--out", str(blocker / "inside"))
    assert status == 2 and "cannot write" in err


def test_parse_corners() -> None:
    assert parse_corners("1,2,3,4,5,6,7,8") == [[1, 2], [3, 4], [5, 6], [7, 8]]
    with pytest.raises(ValueError):
        parse_corners("1,2")
