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
    first, second = hub.connect("10.0.0.2"), hub.connect("10.0.0.3")
    assert first is not None and second is not None and hub.connect("10.0.0.4") is None
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


def test_one_address_never_holds_more_than_its_share(referee: Referee) -> None:
    """Sixteen streams from one guest: it keeps four, and every other page still gets in."""
    hub = Hub(referee, max_clients=16, per_address=4)
    guest = [hub.connect("10.0.0.66") for _ in range(16)]
    assert all(client is not None for client in guest)
    assert [client.closed for client in guest if client is not None] == [True] * 12 + [False] * 4
    assert hub.clients == 4
    phones = [hub.connect(f"10.0.0.{n}") for n in range(10, 22)]
    assert all(phone is not None and not phone.closed for phone in phones) and hub.clients == 16


def test_a_full_hub_takes_a_slot_from_the_greediest_address(referee: Referee) -> None:
    hub = Hub(referee, max_clients=4, per_address=3)
    greedy = [hub.connect("10.0.0.66") for _ in range(3)]
    other = hub.connect("10.0.0.7")
    newcomer = hub.connect("10.0.0.8")
    assert newcomer is not None and other is not None and not other.closed
    assert [client.closed for client in greedy if client is not None] == [True, False, False]
    assert hub.connect("10.0.0.9") is not None  # the greedy address gives way again
    assert hub.connect("10.0.0.10") is None  # now every address holds one: the page must wait


def test_a_stream_ended_or_never_read_frees_its_slot(referee: Referee) -> None:
    hub = Hub(referee, max_clients=1)
    client = hub.connect("10.0.0.2")
    assert client is not None and hub.connect("10.0.0.3") is None
    hub.disconnect(client)  # what the response's close does, even for a stream never started
    assert hub.clients == 0
    again = hub.connect("10.0.0.3")
    assert again is not None
    stream = hub.stream(again, heartbeat=30)
    next(stream)
    stream.close()  # the server's write failed: the generator is closed
    assert hub.clients == 0
