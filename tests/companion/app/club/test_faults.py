"""A club's faults: a table killed and started again; a broker that wants passwords."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.app.club.dashboard import Dashboard
from companion.app.club.mqtt import LocalBroker
from companion.app.club.publish import Publisher
from companion.app.club.wire import Broker
from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store
from companion.text import Text
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


def _certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A club's own CA and the broker's certificate for 127.0.0.1 it signed (openssl, P-256, a day)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed")
    folder.mkdir()
    (folder / "server.ext").write_text("subjectAltName=IP:127.0.0.1\nkeyUsage=critical,digitalSignature\n"
                                       "extendedKeyUsage=serverAuth\nauthorityKeyIdentifier=keyid\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    for command in (["req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "1", "-subj",
                     "/CN=club-ca", "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
                    ["req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
                    ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                     "-CAcreateserial", "-out", "server.pem", "-days", "1", "-extfile", "server.ext"]):
        subprocess.run([openssl, *command], cwd=folder, check=True, capture_output=True)
    return folder / "ca.pem", folder / "server.pem", folder / "server.key"


def test_passwords_and_tls_the_right_one_publishes_a_wrong_one_is_said(tmp_path: Path,
                                                                       stores: Opener) -> None:
    if not LocalBroker.available():
        pytest.skip("mosquitto is not installed")
    ca, cert, key = _certificates(tmp_path / "tls")
    passwords = {"table": "right", "dashboard": "board"}
    with LocalBroker(tmp_path / "broker", passwords=passwords, tls=(ca, cert, key)) as broker:
        def secure(user: str, password: str) -> Broker:
            return address(broker, tls=True, username=user, password=password, ca_file=str(ca))

        dashboard = Dashboard(stores(tmp_path / "club.db"), secure("dashboard", "board")).start()
        assert until(dashboard.connected.is_set), dashboard.refused
        said: list[Text] = []
        tables = []
        for name, password in (("good", "right"), ("bad", "wrong")):
            demo = demo_game(players=3, seed=73)
            store = stores(tmp_path / f"{name}.db")
            referee = Referee(demo.header, store=store, meta=demo.meta)
            publisher = Publisher(referee, store, secure("table", password), name, say=said.append).start()
            referee.subscribe(publisher)
            tables.append((referee, publisher, store))
            slowest = 0.0
            for line in demo.lines:
                began = time.perf_counter()
                referee.submit(line)
                slowest = max(slowest, time.perf_counter() - began)
            assert slowest < 0.25 and referee.game.is_over()  # the referee went on, never waited
        (good, good_publisher, _), (_, bad_publisher, bad_store) = tables
        assert until(lambda: dashboard.counts["stored"] == len(good.history)), dashboard.counts
        assert until(lambda: bool(said))
        assert [text.key for text in said] == ["club_table_refused"]  # once, not at each new try
        assert "mqtts://table@127.0.0.1" in said[0].en and "password" in said[0].en
        assert "refusé" in said[0].render("fr") and "mot de passe" in said[0].render("fr")
        assert bad_store.published() == {} and not bad_publisher.connected.is_set()
        assert set(dashboard.tables) == {"good"} and not dashboard.bad
        for publisher in (good_publisher, bad_publisher):
            began = time.monotonic()
            publisher.close()
            assert time.monotonic() - began < 4
        dashboard.close()
