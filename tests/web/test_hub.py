"""The live hub: a new snapshot per stored event, only the newest for a slow page, clean endings."""

from __future__ import annotations

import json
import threading

from companion.app.referee import Referee
from companion.engine.events import Play
from web.hub import Client, Hub
from web.preview import Preview


def test_a_slow_page_only_gets_the_newest_snapshot() -> None:
    client = Client()
    client.put("one")
    client.put("two")
    assert client.wait(0.01) == "two"
    assert client.wait(0.01) is None
    client.close()
    assert client.wait(10) is None and client.closed


def test_each_event_publishes_a_snapshot_to_every_page(referee: Referee) -> None:
    hub = Hub(referee, Preview(), max_clients=2)
    first, second = hub.connect(), hub.connect()
    assert first is not None and second is not None and hub.connect() is None
    referee.submit(Play("30", "c3"))
    for client in (first, second):
        message = client.wait(0.01)
        assert message is not None and json.loads(message)["last"]["summary"] == "30@c3"
    assert json.loads(hub.message)["events"] == 3


def test_stream_ends_when_the_hub_closes(referee: Referee) -> None:
    hub = Hub(referee, max_clients=1)
    client = hub.connect()
    assert client is not None
    stream = hub.stream(client, heartbeat=30)
    assert next(stream).startswith("retry:")
    assert json.loads(next(stream)[len("data: "):])["events"] == 2
    closer = threading.Timer(0.05, hub.close)
    closer.start()
    assert list(stream) == []  # the close wakes the waiting stream, which ends
    closer.join()
    assert hub.clients == 0 and hub.connect() is None
    hub.close()
    referee.submit(Play("30", "c3"))  # no longer listening: nothing to publish to
