"""A club's faults: a table killed and started again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.app.club.dashboard import Dashboard
from companion.app.club.mqtt import LocalBroker
from companion.app.store import Store
from tests.companion.app.club.conftest import address, until

Opener = Callable[[Path], Store]

#: A table as its own process: resumes the store's unfinished game (or starts the demo's), publishes,
#: feeds the demo's lines not yet stored at ``rate`` a second, then says what it handed paho.
TABLE = """
import sys, time
from pathlib import Path
from companion.app.club.publish import Publisher
from companion.app.club.wire import Broker
from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store
port, path, rate = int(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3])
demo = demo_game(players=3, seed=72)
store = Store(path)
stored = store.unfinished()
referee = Referee.resume(store, stored) if stored else Referee(demo.header, store=store, meta=demo.meta)
done = sum(1 for entry in referee.history if entry.line.get("source") != "engine")
publisher = Publisher(referee, store, Broker("127.0.0.1", port, "club"), "t1")
referee.subscribe(publisher)
publisher.start()
print("ready", flush=True)
for line in demo.lines[done:]:
    referee.submit(line)
    time.sleep(1 / rate)
publisher.close()
print("published", publisher.published, flush=True)
store.close()
"""


def _table(broker: LocalBroker, path: Path, rate: float) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", TABLE, str(broker.port), str(path), str(rate)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parents[4], env={**os.environ, "PYTHONPATH": "."})


def _counter(broker: LocalBroker) -> tuple[mqtt.Client, Counter[int]]:
    """A listener of the broker counting every event message of table t1 by seq."""
    seen: Counter[int] = Counter()

    def heard(client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        import json  # noqa: PLC0415 (only here)
        seen[int(json.loads(message.payload)["seq"])] += 1

    listener = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="counter")
    listener.on_message = heard
    listener.connect("127.0.0.1", broker.port)
    listener.subscribe("companion/club/t1/events", qos=1)
    listener.loop_start()
    return listener, seen


def _quiet(seen: Counter[int]) -> None:
    """Wait until the listener heard nothing new for 0.3 s."""
    last, since = -1, time.monotonic()
    while time.monotonic() - since < 0.3:
        total = sum(seen.values())
        if total != last:
            last, since = total, time.monotonic()
        time.sleep(0.05)


def test_table_killed_and_restarted_republishes_only_above_its_mark(tmp_path: Path, broker: LocalBroker,
                                                                     stores: Opener) -> None:
    dashboard = Dashboard(stores(tmp_path / "club.db"), address(broker)).start()
    assert until(dashboard.connected.is_set)
    listener, seen = _counter(broker)
    path = tmp_path / "t1.db"
    first = _table(broker, path, rate=40)
    assert until(lambda: len(seen) >= 16), first.stderr.read() if first.stderr else ""
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=10)
    _quiet(seen)
    with Store(path, writer=False) as store:
        game = store.games()[-1]
        mark, killed_at, top = store.published().get(game.id, 0), game.events, max(seen)
    assert top >= 16 and mark <= top <= killed_at < 48  # killed mid-game, after some were acknowledged
    second = _table(broker, path, rate=200)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    with Store(path, writer=False) as store:
        total = store.games()[-1].events
        rows = [(e.seq, e.event) for e in store.events(game.id)]
    # The restarted table handed paho exactly the events above its acknowledged mark.
    assert f"published {total - mark}" in out
    assert until(lambda: dashboard.counts["stored"] == total), dashboard.counts
    _quiet(seen)
    # The broker saw twice only the events it had acknowledged (or received) while the killed table
    # had not kept their mark yet: those between the mark and the last it got, at most paho's window.
    resent = sum(seen.values()) - len(seen)
    assert sorted(seen) == list(range(1, total + 1))
    assert resent == top - mark <= 100
    assert dashboard.counts["duplicates"] == resent and not dashboard.bad
    local = dashboard.tables["t1"].local
    assert [(e.seq, e.event) for e in dashboard.store.events(local)] == rows
    listener.disconnect()
    listener.loop_stop()
    dashboard.close()

