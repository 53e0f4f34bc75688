"""``run`` and ``demo`` refusing to start say why, naming the right culprit: the configuration, a
file, or the page's port; starting, they say the address other phones join at."""

from __future__ import annotations

import io
import re
import socket
import sys
from pathlib import Path

import pytest

from companion.cli import live
from companion.cli.main import main


def test_a_configuration_in_a_folder_the_user_cannot_enter_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked" / "companion.toml"
    real_is_file = Path.is_file

    def is_file(self: Path) -> bool:
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_is_file(self)

    monkeypatch.setattr(Path, "is_file", is_file)
    status = main(["run", "--config", str(locked), "--no-page", "--store", str(tmp_path / "g.db")])
    err = capsys.readouterr().err
    assert status == 2
    assert f"cannot read configuration file {locked}: permission denied" in err
    assert "port" not in err and "Traceback" not in err


def test_a_store_that_cannot_be_opened_is_not_taken_for_the_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "not-a-folder"
    folder.write_text("a file where the store's folder should be")
    status = main(["demo", "--no-page", "--store", str(folder / "demo.db"), "--lang", "fr"])
    err = capsys.readouterr().err
    assert status == 2
    assert "not-a-folder" in err and "--port" not in err and "Traceback" not in err


def test_a_port_in_use_says_choose_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["demo", "--host", "127.0.0.1", "--port", str(port), "--store", str(tmp_path / "d.db"),
                       "--speed", "100", "--lang", "en"])
    err = capsys.readouterr().err
    assert status == 2
    assert "cannot serve the page: the port is in use (choose another --port)" in err


def test_the_demo_prints_the_address_to_join_and_its_code_only_on_a_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    # A machine on a network: its LAN address, then the loopback's name (the page listens on the loopback).
    monkeypatch.setattr(live, "_addresses", lambda host: ["192.0.2.7", "localhost"])
    status = main(["demo", "--feed", "engine", "--host", "127.0.0.1", "--port", "0", "--store",
                   str(tmp_path / "d.db"), "--speed", "1000", "--linger", "0", "--lang", "en"])
    out = capsys.readouterr().out
    assert status == 0
    port = re.search(r"page: http://192\.0\.2\.7:(\d+)/#token=", out).group(1)  # type: ignore[union-attr]
    joins = [line for line in out.splitlines() if line.startswith("join from another phone")]
    assert joins == [f"join from another phone (watching; the token above lets it change things): "
                     f"http://192.0.2.7:{port}/"]
    assert not set("█▀▄") & set(out)  # a log, not a terminal: no block art


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_code_comes_above_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    live._say_join("http://192.0.2.7:8080/", "fr")
    lines = terminal.getvalue().splitlines()
    assert set(lines[0]) == {"█"} and len(lines) > 10
    assert lines[-1] == ("rejoindre depuis un autre téléphone (pour regarder ; le jeton ci-dessus permet de "
                         "modifier) : http://192.0.2.7:8080/")


def test_no_address_but_the_loopback_means_nothing_to_join(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    status = main(["demo", "--feed", "engine", "--host", "127.0.0.1", "--port", "0", "--store",
                   str(tmp_path / "d.db"), "--speed", "1000", "--linger", "0", "--lang", "en"])
    out = capsys.readouterr().out
    assert status == 0 and "page: http://127.0.0.1:" in out and "join from another phone" not in out
