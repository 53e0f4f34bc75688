"""The store as a user meets it on the command line: a damaged file, a broken row, a folder that may
not be entered, a write that fails mid-game; ``store check``, ``store recover`` and ``backup``."""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store
from companion.cli.main import main
from companion.config import DEMO_SEED
from companion.errors import StoreError
from companion.text import Text
from tests.companion.app.test_store import damage, filled, header


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user's configuration or store: a home of the test's own."""
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("COMPANION_CONFIG", "COMPANION_STORE", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def thread_errors(monkeypatch: pytest.MonkeyPatch) -> list[BaseException | None]:
    """Exceptions that ended a thread (a feeder dying with a traceback), recorded."""
    seen: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_value))
    return seen


def demo(store: Path, *extra: str) -> list[str]:
    return ["demo", "--feed", "engine", "--store", str(store), "--no-page", "--speed", "1000", "--lang", "en",
            *extra]


def test_a_damaged_store_stops_demo_and_games_until_recovered(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.db"
    for _ in range(3):
        assert main(demo(path, "--new")) == 0
    damage(path)
    assert main(demo(path, "--new")) == 2
    err = capsys.readouterr().err
    assert "it is damaged" in err and "companion store recover --store" in err
    assert main(["games", "--store", str(path)]) == 2
    assert "companion store check --store" in capsys.readouterr().err
    assert main(["store", "check", "--store", str(path), "--lang", "fr"]) == 1
    captured = capsys.readouterr()
    assert "SQLite : " in captured.out and "est endommagé" in captured.err

    assert main(["store", "recover", "--store", str(path)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("saved 3 games and ") and ".damaged-" in said
    assert main(["store", "check", "--store", str(path)]) == 0
    assert "is sound: 3 games" in capsys.readouterr().out
    assert main(["games", "--store", str(path)]) == 0
    assert main(demo(path, "--new")) == 0  # and the demo adds its game again
    assert main(["store", "recover", "--store", str(path)]) == 0
    assert "nothing to recover" in capsys.readouterr().out


def test_a_row_with_broken_json_gives_clear_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     thread_errors: list[BaseException | None]) -> None:
    # An unfinished demo game, its third event's JSON broken by hand.
    path = tmp_path / "demo.db"
    game = demo_game("tranquility", 3, DEMO_SEED)
    with Store(path) as store:
        referee = Referee(game.header, store=store, meta=game.meta)
        for line in game.lines[:5]:
            referee.submit(line)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET ruling = '{\"seq\": 3, \"legal\": tr' WHERE seq = 3")
    assert main(["export", "1", "--store", str(path)]) == 2
    err = capsys.readouterr().err
    assert "damaged row (game 1, event 3): not valid JSON" in err and "Traceback" not in err
    assert main(["export", "1", "--store", str(path), "--format", "csv", "--lang", "fr"]) == 2
    assert "ligne endommagée (partie 1, événement 3)" in capsys.readouterr().err
    assert main(["games", "--store", str(path)]) == 0  # the list needs no event's JSON
    assert main(demo(path)) == 2  # resuming it would rule on a hole
    assert "damaged row (game 1, event 3)" in capsys.readouterr().err
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET header = 'null' WHERE id = 1")
    assert main(["games", "--store", str(path)]) == 2
    assert "damaged row (game 1)" in capsys.readouterr().err
    assert thread_errors == []


def test_a_second_companion_through_a_symbolic_link_is_refused(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.db"
    link = tmp_path / "link.db"
    link.symlink_to(path)
    with Store(path):
        assert main(demo(link)) == 2
    assert "in use by another companion" in capsys.readouterr().err


def test_a_failed_write_is_said_and_the_exit_status_says_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        thread_errors: list[BaseException | None]) -> None:
    appended: list[int] = []
    real_append = Store.append

    def append(self: Store, *args: Any, **kwargs: Any) -> None:
        if len(appended) == 7:  # the disk is full from the 8th event on
            raise StoreError(Text("store_write_failed", path=self.path, detail="disk full"))
        appended.append(1)
        real_append(self, *args, **kwargs)

    monkeypatch.setattr(Store, "append", append)
    assert main(demo(tmp_path / "demo.db")) == 1
    captured = capsys.readouterr()
    assert "every event is in the store" not in captured.out
    assert "! could not save to the game store" in captured.out  # the store's alert, on the console
    assert "stopped; 1 event could not be stored and was not ruled" in captured.err
    assert thread_errors == []  # the feeder stopped; it did not die
    with Store(tmp_path / "demo.db", writer=False) as store:
        assert store.game(1).events == 7
    monkeypatch.setattr(Store, "append", real_append)
    assert main(demo(tmp_path / "demo.db")) == 0
    assert capsys.readouterr().out.rstrip().endswith("stopped; every event is in the store")


def shut_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder the user may not enter: answered as the system does to a user without the right,
    even where the tests run as root (whom chmod 000 does not stop)."""
    shut = tmp_path / "shut"
    shut.mkdir()
    real_stat = os.stat

    def stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if str(path).startswith(str(shut)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    return shut


@pytest.mark.parametrize("command", [["games"], ["export", "1"], ["store", "check"], ["store", "recover"],
                                     ["backup", "OUT"], ["demo", "--no-page"]])
def test_a_store_in_a_folder_that_cannot_be_entered(command: list[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    store = shut_folder(tmp_path, monkeypatch) / "games.db"
    argv = [str(tmp_path / "copy.db") if word == "OUT" else word for word in command]
    assert main([*argv, "--store", str(store), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert f"impossible d'utiliser le registre des parties {store} : permission refusée" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root enters any folder")
def test_a_store_in_a_folder_chmod_000(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0)
    try:
        for command in (["games"], ["export", "1"], ["demo", "--no-page", "--speed", "1000"]):
            assert main([*command, "--store", str(shut / "games.db"), "--lang", "en"]) == 2
            assert "permission denied" in capsys.readouterr().err
    finally:
        shut.chmod(0o755)


def test_export_to_an_output_that_fails_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.db"
    filled(path, games=1, events=2)

    class Full:
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("sys.stdout", Full())
    assert main(["export", "1", "--store", str(path), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "cannot write the standard output" in err and "None" not in err


def test_backup_while_a_companion_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.db"
    filled(path, games=2, events=3)
    with Store(path) as writer:
        writer.create(header(), now=1.0)  # in the journal only
        assert main(["backup", str(tmp_path / "copy.db"), "--store", str(path)]) == 0
        assert "3 games, 6 events" in capsys.readouterr().out
        assert main(["backup", str(tmp_path / "copy.db"), "--store", str(path)]) == 2  # never over a file
        assert "exists already" in capsys.readouterr().err
        (tmp_path / "stick").mkdir()
        assert main(["backup", str(tmp_path / "stick"), "--store", str(path)]) == 0
    copies = list((tmp_path / "stick").iterdir())
    assert len(copies) == 1 and copies[0].name.startswith("games-") and copies[0].suffix == ".db"
    assert main(["store", "check", "--store", str(copies[0])]) == 0
    capsys.readouterr()
    assert main(["games", "--store", str(tmp_path / "copy.db"), "--json"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3  # the game still in the journal too
