"""The club's command line: `run --publish`, `club`, their bad inputs said, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.club.mqtt import LocalBroker
from companion.app.club.wire import parse_broker
from companion.app.store import Store
from companion.config import ClubConfig
from companion.errors import ConfigError


@pytest.mark.parametrize("url", ["http://host/club", "mqtt://:1883/club", "mqtt://ana:secret@host/club",
                                 "mqtt://host/cl+ub", "mqtt://host", "mqtt://host:99999/club"])
def test_bad_broker_addresses_are_said(url: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_broker(url)
    assert caught.value.text.fr and caught.value.text.en


def test_credentials_come_from_the_configuration_or_the_environment() -> None:
    broker = parse_broker("mqtts://ana@h/c", ClubConfig(ca_file="/ca.pem"),
                          env={"COMPANION_CLUB_PASSWORD": "pw"})
    assert (broker.password, broker.ca_file, broker.port) == ("pw", "/ca.pem", 8883)
    assert broker.url == "mqtts://ana@h:8883/c"  # never the password


def _companion(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout, check=False)


def test_demo_publishes_and_a_bad_url_exits_2(tmp_path: Path, broker: LocalBroker) -> None:
    bad = _companion("demo", "--feed", "engine", "--no-page", "--publish", "mqtt://h:1/x+y",
                     "--store", str(tmp_path / "bad.db"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "x+y" in bad.stderr
    done = _companion("demo", "--feed", "engine", "--speed", "1000", "--no-page", "--store",
                      str(tmp_path / "t.db"), "--publish", f"mqtt://127.0.0.1:{broker.port}/club")
    assert done.returncode == 0, done.stderr
    assert f"club: publishing to mqtt://127.0.0.1:{broker.port}/club" in done.stdout
    with Store(tmp_path / "t.db", writer=False) as store:
        game = store.games()[-1]
        # Every event acknowledged by the broker before the demo stopped: its mark is the last seq.
        assert store.published()[game.id] == game.events > 0


@pytest.mark.long  # the dashboard waits 10 s for the broker before saying so
def test_club_says_an_unreachable_broker(tmp_path: Path) -> None:
    done = _companion("club", "--broker", "mqtt://127.0.0.1:1/club", "--store", str(tmp_path / "c.db"),
                      "--port", "0")
    assert done.returncode == 2 and "cannot be reached" in done.stderr and "Traceback" not in done.stderr
