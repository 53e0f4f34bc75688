"""The live commands as a user runs them: the demo, a power cut in the middle of a game, `run` on a
filmed table, and `games` and `export` on the store."""

from __future__ import annotations

import io
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app.export import export
from companion.app.referee import Referee
from companion.app.store import Store
from companion.cli.main import main
from companion.engine.events import Play
from companion.engine.record import Header, Replay
from models.render.simulate import simulate, write
from tests.companion.app.test_store import damage

ROOT = Path(__file__).resolve().parents[3]


#: Every process started by a test, killed at its end if still running (a failed test included).
STARTED: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _no_process_left() -> Iterator[None]:
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(10)


class Companion:
    """``python -m companion ...`` in a subprocess, its output read line by line as it comes."""

    def __init__(self, *args: str, home: Path) -> None:
        env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8"}
        env.pop("COMPANION_CONFIG", None)
        self.process = subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        STARTED.append(self.process)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        with self.process.stdout:
            for line in self.process.stdout:
                self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        """The first line (from now on) matching ``pattern``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r} in:\n" + "\n".join(self.lines)) from None
            if line is None:
                raise AssertionError(f"ended before {pattern!r}:\n" + "\n".join(self.lines))
            self.lines.append(line)
            found = re.search(pattern, line)
            if found:
                return found

    def rulings(self) -> list[str]:
        return [line for line in self.lines if re.match(r"\s*\d+  (ok|NO|\?\?) ", line)]

    def finish(self, timeout: float = 60.0) -> int:
        code = self.process.wait(timeout)
        while True:
            line = self._queue.get(timeout=5)
            if line is None:
                return code
            self.lines.append(line)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def demo(store: Path, home: Path, *extra: str) -> Companion:
    return Companion("demo", "--feed", "engine", "--store", str(store), "--host", "127.0.0.1", "--port", "0",
                     "--lang", "en", *extra, home=home)


def record(store: Path, game: int = 1) -> list[dict[str, Any]]:
    out = io.StringIO()

    with Store(store, writer=False) as reader:
        export(reader, [game], "jsonl", out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_demo_referees_a_whole_game_with_its_page(tmp_path: Path, home: Path) -> None:
    run = demo(tmp_path / "demo.db", home, "--speed", "50", "--linger", "0")
    address = run.wait_for(r"page: (http://127\.0\.0\.1:\d+/)#token=([\w-]+)")
    ready = run.wait_for(r"ready in ([\d.]+) s")
    assert float(ready.group(1)) > 0  # its speed is a benchmark's (docs/figures.md), not a test's
    with urllib.request.urlopen(address.group(1) + "state", timeout=5) as response:
        assert json.loads(response.read())["game"] == "tranquility"
    run.wait_for(r"Outcome: won")
    assert run.finish() == 0
    rulings = run.rulings()
    assert any(" NO " in line for line in rulings) and any("taken back" in line for line in rulings)
    assert any(" ?? " in line for line in rulings)  # an unsure reading, read again
    assert any(line.startswith("[signal] legal") for line in run.lines)
    lines = record(tmp_path / "demo.db")
    assert len(lines) - 1 == len(rulings) and lines[0]["game"] == "tranquility"


def test_power_cut_in_the_middle_of_a_game_loses_and_doubles_nothing(tmp_path: Path, home: Path) -> None:
    # The whole game without a cut, for reference.
    whole = demo(tmp_path / "whole.db", home, "--speed", "100", "--linger", "0")
    whole.wait_for("Outcome: won")
    assert whole.finish() == 0
    reference = record(tmp_path / "whole.db")

    # The same game, the power cut (SIGKILL) after 20 rulings were printed.
    store = tmp_path / "cut.db"
    cut = demo(store, home, "--speed", "20", "--linger", "0")
    for _ in range(20):
        cut.wait_for(r"^\s*\d+  (ok|NO|\?\?) ")
    cut.kill()
    kept = record(store)
    printed = len(cut.rulings())
    assert printed <= len(kept) - 1 <= printed + 1  # every printed ruling was stored first
    assert kept == reference[:len(kept)]
    expected = Replay(io.StringIO("".join(json.dumps(line) + "\n" for line in kept)))
    list(expected)

    # Started again: the game is resumed in exactly its state, then played to its end.
    again = demo(store, home, "--speed", "0.05", "--linger", "0")
    resumed = again.wait_for(r"resuming game (\d+) where it stopped \((\d+) events\)")
    assert resumed.groups() == ("1", str(len(kept) - 1))
    address = again.wait_for(r"page: (http://127\.0\.0\.1:\d+/)")
    again.wait_for("ready in")
    with urllib.request.urlopen(address.group(1) + "state", timeout=5) as response:
        state = json.loads(response.read())
    assert state["events"] == len(kept) - 1
    assert state["state"] == json.loads(json.dumps(expected.game.state_json()))
    again.process.send_signal(signal.SIGTERM)
    assert again.finish() == 0
    assert record(store) == kept  # a clean stop adds nothing either

    last = demo(store, home, "--speed", "100", "--linger", "0")
    last.wait_for("resuming game 1")
    last.wait_for("Outcome: won")
    assert last.finish() == 0
    assert record(store) == reference  # nothing lost, nothing doubled
    assert main(["games", "--store", str(store), "--json"]) == 0


@pytest.mark.parametrize("journal", ["deleted", "damaged"])
def test_power_cut_then_the_journal_lost_keeps_the_last_checkpoint_and_says_so(tmp_path: Path, home: Path,
                                                                               journal: str) -> None:
    # Game 1 played to its end (checkpointed); game 2, the same, cut after 15 rulings and its -wal
    # file then deleted or damaged in the middle, as a bad card or a careless hand would.
    store = tmp_path / "cut.db"
    whole = demo(store, home, "--speed", "100", "--linger", "0")
    whole.wait_for("Outcome: won")
    assert whole.finish() == 0
    reference = record(store)
    cut = demo(store, home, "--speed", "20", "--linger", "0", "--new")
    for _ in range(15):
        cut.wait_for(r"^\s*\d+  (ok|NO|\?\?) ")
    cut.kill()
    wal = Path(f"{store}-wal")
    if journal == "deleted":
        wal.unlink()
    else:
        damage(wal)

    again = demo(store, home, "--speed", "100", "--linger", "0")
    lost = again.wait_for(r"^(\d+) event\(s\) and 0 game\(s\) stored before are missing from the game store "
                          r".* It now ends at game 2, event (\d+); it had reached game 2, event (\d+)$")
    dropped, kept, had = map(int, lost.groups())
    assert dropped + kept == had and had >= len(cut.rulings()) == 15 and dropped > 0
    if journal == "deleted":
        assert kept == 0  # nothing of game 2 was checkpointed but its start
    again.wait_for(rf"resuming game 2 where it stopped \({kept} events\)")
    again.wait_for("Outcome: won")
    assert again.finish() == 0
    assert record(store, 1) == reference  # the game before the cut is whole
    assert record(store, 2) == reference  # the events up to the checkpoint kept, the rest played again


@pytest.mark.slow
@pytest.mark.long
def test_power_cut_in_the_filmed_demo(tmp_path: Path, home: Path) -> None:
    # The whole loop: the film, the camera's watcher, the referee; killed, then resumed from its frame.
    store = tmp_path / "film.db"
    args = ("demo", "--store", str(store), "--host", "127.0.0.1", "--port", "0", "--lang", "en",
            "--speed", "8", "--linger", "0")
    first = Companion(*args, home=home)
    for _ in range(12):
        first.wait_for(r"^\s*\d+  (ok|NO|\?\?) ", timeout=120)
    first.kill()
    kept = record(store)
    again = Companion(*args, home=home)
    again.wait_for(rf"resuming game 1 where it stopped \({len(kept) - 1} events\)")
    again.wait_for("Outcome: won", timeout=240)
    assert again.finish() == 0
    final = record(store)
    assert final[:len(kept)] == kept
    placed = [(line["card"], line["at"]) for line in final[1:] if line["type"] == "play" and line["card"]]
    cells = [at for _, at in placed]
    assert len(cells) - len(set(cells)) <= sum(line["type"] in ("undo", "take_back") for line in final[1:])


def test_demo_new_starts_again_and_the_old_game_is_abandoned(tmp_path: Path, home: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "demo.db"
    first = demo(store, home, "--speed", "5", "--linger", "0")
    first.wait_for(r"^\s*3  ")
    first.kill()
    second = demo(store, home, "--speed", "100", "--linger", "0", "--new")
    second.wait_for("Outcome: won")
    assert second.finish() == 0
    assert main(["games", "--store", str(store), "--json"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(g["id"], g["outcome"]) for g in games] == [(1, "abandoned"), (2, "won")]


@pytest.mark.long
def test_run_reads_a_filmed_table_through_the_watcher(tmp_path: Path, home: Path) -> None:
    sim = simulate("tranquility", 2, 5, mistakes=0.0, max_events=6, size=(960, 540))
    write(sim, tmp_path / "film")
    truth = [line for line in sim.record_lines()[1:] if "frame" in line]
    store = tmp_path / "games.db"
    frames = str(tmp_path / "film" / "frames")
    run = Companion("run", "--game", "tranquility", "--players", "2", "--source", frames,
                    "--store", str(store), "--port", "0", "--host", "127.0.0.1", "--lang", "en", home=home)
    run.wait_for("camera: ")
    ready = run.wait_for(r"ready in ([\d.]+) s")
    assert float(ready.group(1)) > 0  # its speed is a benchmark's (docs/figures.md), not a test's
    for line in truth:
        run.wait_for(rf"{line['card']}@{line['at']}", timeout=90)
    run.process.send_signal(signal.SIGTERM)
    assert run.finish() == 0
    plays = [line for line in record(store)[1:] if line["type"] == "play"]
    assert [(p["card"], p["at"]) for p in plays] == [(t["card"], t["at"]) for t in truth]
    assert {p["source"] for p in plays} == {"camera"}

    again = Companion("run", "--store", str(store), "--port", "0", "--no-page", "--source",
                      str(tmp_path / "nowhere.mp4"), home=home)
    assert again.finish() == 2
    assert any("nowhere.mp4" in line for line in again.lines)


def test_run_without_a_game_begins_one_and_bad_games_are_refused(tmp_path: Path, home: Path) -> None:
    run = Companion("run", "--store", str(tmp_path / "games.db"), "--no-page", "--lang", "en", home=home)
    run.wait_for("no game asked for: a 3-player Tranquillité begins")
    run.wait_for("ready in")
    run.process.send_signal(signal.SIGINT)  # as the systemd unit stops it
    assert run.finish() == 0
    assert record(tmp_path / "games.db")[0]["players"] == 3
    half = Companion("run", "--game", "ascension", "--store", str(tmp_path / "h.db"), "--no-page", home=home)
    assert half.finish() == 2 and any("--game and --players" in line for line in half.lines)
    bad = Companion("run", "--game", "tranquility", "--players", "9", "--store", str(tmp_path / "g.db"),
                    "--no-page", home=home)
    assert bad.finish() == 2 and any("1 to 5 players" in line for line in bad.lines)


def test_a_demo_with_no_page_ends_with_its_game(tmp_path: Path, home: Path) -> None:
    # The default linger keeps the page up 20 s after the game: with no page, it does not.
    run = Companion("demo", "--feed", "engine", "--store", str(tmp_path / "demo.db"), "--no-page",
                    "--speed", "100", "--lang", "en", home=home)
    assert run.finish() == 0
    assert not any("page stays up" in line for line in run.lines)
    assert run.lines[-1] == "stopped; every event is in the store"


def test_store_in_use_and_bad_speed(tmp_path: Path, home: Path) -> None:
    store = tmp_path / "demo.db"
    first = demo(store, home, "--speed", "0.01", "--linger", "0")
    first.wait_for("ready in")
    second = demo(store, home, "--speed", "1")
    assert second.finish() == 2 and any("in use by another companion" in line for line in second.lines)
    first.process.send_signal(signal.SIGINT)
    assert first.finish() == 0
    assert main(["demo", "--speed", "0"]) == 2


def test_games_and_export_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.db"
    with Store(path) as store:
        referee = Referee(Header("tranquility", 2, names=["Ana", "Bo"]), store=store)
        referee.submit(Play("start", "start"))
    assert main(["games", "--store", str(path), "--lang", "fr"]) == 0
    assert "tranquility  2p     1 ev.  inachevée" in capsys.readouterr().out
    out = tmp_path / "game.csv"
    assert main(["export", "1", "--store", str(path), "--format", "csv", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1].startswith("1,")
    assert main(["export", "1", "--store", str(path), "--format", "bgstats"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][1]["name"] == "Bo"
    assert main(["export", "2", "--store", str(path)]) == 2
    assert "no game 2" in capsys.readouterr().err
    assert main(["export", "1", "1", "--store", str(path), "--format", "csv"]) == 2
    assert "one game at a time" in capsys.readouterr().err
    assert main(["export", "1", "1", "--store", str(path), "--format", "bgg"]) == 0
    assert [play["players"][0]["name"] for play in json.loads(capsys.readouterr().out)] == ["Ana", "Ana"]
    assert main(["games", "--store", str(tmp_path / "none.db")]) == 2
    assert main(["export", "1", "--store", str(path), "--out", str(tmp_path / "no" / "dir.jsonl")]) == 2
    assert "cannot write" in capsys.readouterr().err



def test_games_finds_the_demos_games_where_the_user_has_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "companion").mkdir()
    demo = tmp_path / "companion" / "demo.db"
    with Store(demo) as store:
        Referee(Header("tranquility", 2, names=["Ana", "Bo"]), store=store).submit(Play("start", "start"))
    assert main(["games", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "tranquility  2p     1 ev." in out and f"the demo's games, in {demo}" in err
    assert main(["export", "1", "--format", "bgg"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["players"][1]["name"] == "Bo"
    # Once the user's own store holds games, it is listed, and the demo's is pointed at.
    with Store(tmp_path / "companion" / "games.db") as store:
        Referee(Header("ascension", 3), store=store)
    assert main(["games", "--lang", "fr"]) == 0
    out, err = capsys.readouterr()
    assert "ascension" in out and "tranquility" not in out
    assert f"les parties de la démo sont dans {demo}" in err
