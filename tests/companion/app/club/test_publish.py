"""Tables publishing whole games to a real broker, a dashboard storing them exactly once."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.app.club.dashboard import Dashboard
from companion.app.club.mqtt import LocalBroker
from companion.app.club.publish import Publisher, table_state
from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store
from tests.companion.app.club.conftest import address, until

Opener = Callable[[Path], Store]


def _table(tmp_path: Path, broker: LocalBroker, stores: Opener, name: str,
           seed: int) -> tuple[Referee, Publisher, list[dict[str, Any]]]:
    demo = demo_game(players=3, seed=seed)
    store = stores(tmp_path / f"{name}.db")
    referee = Referee(demo.header, store=store, meta=demo.meta)
    publisher = Publisher(referee, store, address(broker), name).start()
    referee.subscribe(publisher)
    return referee, publisher, demo.lines


def _remote(dashboard: Dashboard, table: str) -> list[tuple[int, dict[str, Any]]]:
    """The events of ``table``'s latest game as the dashboard stored them."""
    local = dashboard.tables[table].local
    return [(e.seq, e.event) for e in dashboard.store.events(local)]


def test_three_tables_whole_games_exactly_once_in_order(tmp_path: Path, broker: LocalBroker,
                                                         stores: Opener) -> None:
    dashboard = Dashboard(stores(tmp_path / "club.db"), address(broker)).start()
    assert until(dashboard.connected.is_set)
    tables = [_table(tmp_path, broker, stores, f"t{n}", 64 + n) for n in range(3)]
    for step in range(max(len(lines) for _, _, lines in tables)):
        for referee, _, lines in tables:
            if step < len(lines):
                referee.submit(lines[step])
    total = sum(len(referee.history) for referee, _, _ in tables)
    assert until(lambda: dashboard.counts["stored"] == total), (dashboard.counts, total)
    for number, (referee, publisher, _) in enumerate(tables):
        name = f"t{number}"
        assert until(lambda: publisher.pending() == 0 and publisher.acked == publisher.published)  # noqa: B023
        assert _remote(dashboard, name) == [(e.seq, e.line) for e in referee.history]
        stored = dashboard.store.game(dashboard.tables[name].local)
        outcome = referee.game.outcome()
        assert outcome is not None and stored.outcome == outcome.result
        assert referee.store is not None and referee.game_id is not None
        assert referee.store.published()[referee.game_id] == len(referee.history)
        # The retained state is the table's final one, as a dashboard joining now reads it.
        final = table_state(referee, "club", name, None)
        seq = final["seq"]
        assert until(lambda: (dashboard.tables[name].state or {}).get("seq") == seq)  # noqa: B023
        got = dict(dashboard.tables[name].state or {})
        got.pop("stamp")
        assert got == {k: v for k, v in final.items() if k != "stamp"}
        publisher.close()
    assert dashboard.counts["duplicates"] == 0 and not dashboard.bad
    dashboard.close()


def test_broker_down_mid_game_nothing_lost_nothing_doubled_never_waits(tmp_path: Path,
                                                                      broker: LocalBroker,
                                                                      stores: Opener) -> None:
    dashboard = Dashboard(stores(tmp_path / "club.db"), address(broker)).start()
    assert until(dashboard.connected.is_set)
    referee, publisher, lines = _table(tmp_path, broker, stores, "t1", 70)
    half = len(lines) // 2
    for line in lines[:half]:
        referee.submit(line)
    assert until(lambda: dashboard.counts["stored"] == half)
    broker.stop()
    assert until(lambda: not publisher.connected.is_set())
    slowest = 0.0
    for line in lines[half:]:
        began = time.perf_counter()
        referee.submit(line)
        slowest = max(slowest, time.perf_counter() - began)
    assert slowest < 0.25  # a store's fsyncs, never a network's timeout
    broker.start()
    total = len(referee.history)
    assert until(lambda: dashboard.counts["stored"] == total, 40), dashboard.counts
    assert _remote(dashboard, "t1") == [(e.seq, e.line) for e in referee.history]
    assert publisher.published == total  # each handed to paho once: paho resent what was in flight
    publisher.close()
    dashboard.close()


def test_bad_messages_are_counted_and_dropped(tmp_path: Path, broker: LocalBroker, stores: Opener) -> None:
    dashboard = Dashboard(stores(tmp_path / "club.db"), address(broker)).start()
    assert until(dashboard.connected.is_set)
    rogue = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="rogue")
    rogue.connect("127.0.0.1", broker.port)
    rogue.loop_start()
    good = {"v": 1, "club": "club", "table": "t9", "game": 1, "seq": 1, "stamp": 1.0,
            "header": {"record": 1, "game": "tranquility", "players": 3}, "line": {"type": "discard"},
            "ruling": {}}
    sent = [("companion/club/t9/events", b"{not json"),
            ("companion/club/t9/events", b"x" * 70_000),
            ("companion/club/t9/events", json.dumps({**good, "table": "t8"}).encode()),
            ("companion/club/t9/events", json.dumps({**good, "seq": "one"}).encode()),
            ("companion/club/t9/events", json.dumps({**good, "line": {"type": "fly"}}).encode()),
            ("companion/club/t9/other", b"{}"),
            ("companion/club/t%9/state", b"{}")]
    for topic, payload in sent:
        rogue.publish(topic, payload, qos=1).wait_for_publish(5)
    assert until(lambda: sum(dashboard.bad.values()) == len(sent)), dashboard.bad
    assert dashboard.counts["stored"] == 0 and dashboard.snapshot()["dropped"] == len(sent)
    rogue.disconnect()
    rogue.loop_stop()
    dashboard.close()


def test_dashboard_restarted_catches_up(tmp_path: Path, broker: LocalBroker, stores: Opener) -> None:
    path = tmp_path / "club.db"
    dashboard = Dashboard(stores(path), address(broker)).start()
    assert until(dashboard.connected.is_set)
    referee, publisher, lines = _table(tmp_path, broker, stores, "t1", 71)
    third = len(lines) // 3
    for line in lines[:third]:
        referee.submit(line)
    assert until(lambda: dashboard.counts["stored"] == third)
    dashboard.close()
    dashboard.store.close()
    for line in lines[third:]:
        referee.submit(line)  # the broker keeps them for the dashboard's session
    again = Dashboard(stores(path), address(broker)).start()
    total = len(referee.history)
    assert until(lambda: again.tables["t1"].stored == total, 40), again.counts
    assert _remote(again, "t1") == [(e.seq, e.line) for e in referee.history]
    assert until(lambda: (again.tables["t1"].state or {}).get("seq") == total)
    assert len(again.store.games()) == 1
    publisher.close()
    again.close()
