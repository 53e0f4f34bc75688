"""``run`` and ``demo`` refusing to start say why, naming the right culprit: the configuration, a
file, or the page's port."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

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
