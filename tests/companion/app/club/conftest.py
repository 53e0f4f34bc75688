"""A real Mosquitto for the club's tests, on a free port of the loopback, stopped afterwards."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.app.club.mqtt import LocalBroker
from companion.app.club.wire import Broker
from companion.app.store import Store


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[LocalBroker]:
    """A Mosquitto of the test's own, persistence in the test's folder (tests/run installs it)."""
    if not LocalBroker.available():
        pytest.skip("mosquitto is not installed (tests/run installs Debian's as root)")
    with LocalBroker(tmp_path / "broker") as running:
        yield running


@pytest.fixture
def stores() -> Iterator[Callable[[Path], Store]]:
    """Opens stores, all closed at the test's end."""
    opened: list[Store] = []

    def open_(path: Path) -> Store:
        opened.append(Store(path))
        return opened[-1]

    yield open_
    for store in opened:
        store.close()


def address(broker: LocalBroker, club: str = "club", **more: object) -> Broker:
    """The test broker's address for ``club``."""
    return Broker("127.0.0.1", broker.port, club, **more)  # type: ignore[arg-type]


def until(check: Callable[[], bool], seconds: float = 20.0) -> bool:
    """Wait until ``check()`` holds (True), or ``seconds`` went by (False)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()
