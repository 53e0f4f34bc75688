"""The club's dashboard: follows every table of a club through the broker and keeps every record.

:class:`Dashboard` subscribes (QoS 1, a persistent session) to ``companion/<club>/#``. paho hands
each message to a queue; one writer thread checks it (:func:`~companion.app.club.wire.read_message`),
rules each event again with the engine (a :class:`~companion.app.referee.Referee` per remote game,
without a store of its own: the same checked path a table uses), and stores what is new in the
dashboard's :class:`~companion.app.store.Store` (its one writer), a batch in one transaction; only
then is the broker told the message arrived (manual acknowledgement), so a dashboard killed loses
nothing the broker let go. A remote game is the stored game whose meta holds ``club`` (club,
table, the table's game id). An event is stored only when its seq is the game's next: an earlier
one is a duplicate (dropped), a later one waits in memory for the gap to fill. A message that does
not check is counted by reason, logged and dropped. The dashboard never publishes anything.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt

from companion.app.club import mqtt as club_mqtt
from companion.app.club.wire import Broker, Received, read_message
from companion.app.referee import Referee
from companion.app.store import Row, Store
from companion.errors import CompanionError, MalformedInput
from companion.text import Text

log = logging.getLogger(__name__)

#: Most messages stored in one transaction.
BATCH = 500
#: Most events of one game held waiting for an earlier one.
MAX_WAITING = 5000


@dataclass
class Followed:
    """A remote game as the dashboard holds it: its referee, its local id, what waits for a gap."""

    referee: Referee
    local: int
    waiting: dict[int, Received] = field(default_factory=dict)


@dataclass
class TableSeen:
    """What the dashboard knows of one table: its last state (retained) and its game's progress."""

    name: str
    state: dict[str, Any] | None = None
    game: int = 0
    local: int = 0
    stored: int = 0
    stamp: float = 0.0


class Dashboard:
    """Follows club ``broker.club`` into ``store``; ``name`` makes its client id (its session)."""

    def __init__(self, store: Store, broker: Broker, *, name: str = "dashboard",
                 make_client: Callable[..., mqtt.Client] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.broker = broker
        self.clock = clock
        self.client = (make_client or club_mqtt.client)(broker, f"companion-{broker.club}-{name}",
                                                        manual_ack=True)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_disconnect = self._on_disconnect
        self.connected = threading.Event()
        #: Why the broker refused us, if it did (bad credentials), else None.
        self.refused: str | None = None
        self.games: dict[tuple[str, int], Followed] = {}
        self.tables: dict[str, TableSeen] = {}
        #: Messages stored, duplicates dropped, and those dropped as bad, by reason.
        self.counts: Counter[str] = Counter()
        self.bad: Counter[str] = Counter()
        self.lock = threading.RLock()
        #: Seconds from each event's stamp at its table to its commit here (``bench club``).
        self.latencies: list[float] = []
        self._listeners: list[Callable[[], None]] = []
        self._queue: queue.SimpleQueue[mqtt.MQTTMessage | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="club-dashboard", daemon=True)
        self._closed = False
        self._restore()

    def _restore(self) -> None:
        """The remote games already stored (a dashboard started again), each resumed."""
        for stored in self.store.games():
            mark = stored.meta.get("club")
            if not isinstance(mark, dict) or mark.get("club") != self.broker.club:
                continue
            table, game = str(mark.get("table")), int(mark.get("game", 0))
            referee = Referee.resume(self.store, stored)
            referee.store = None  # the dashboard stores in batches itself
            self.games[(table, game)] = Followed(referee, stored.id)
            seen = self.tables.setdefault(table, TableSeen(table))
            if stored.id >= seen.local:
                seen.game, seen.local, seen.stored = game, stored.id, len(referee.history)
                seen.stamp = referee.history[-1].stamp if referee.history else stored.created

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after each batch stored or state heard (the page's hub)."""
        self._listeners.append(listener)

    def start(self) -> Dashboard:
        """Connect in the background and start the writer."""
        self._thread.start()
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=club_mqtt.KEEPALIVE)
        self.client.loop_start()
        return self

    # -- paho's thread ----------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            self.refused = str(reason)
            log.warning("club: broker %s refused the dashboard: %s", self.broker.url, reason)
            return
        self.refused = None
        client.subscribe(f"{self.broker.prefix}#", qos=1)
        self.connected.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self.connected.clear()

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        self._queue.put(message)

    # -- the writer ---------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            messages = [m for m in batch if m is not None]
            try:
                self._store(messages)
            except Exception:  # a store that fails: said, and the broker keeps the messages unacknowledged
                log.exception("club: cannot store %d messages", len(messages))
                messages = []
            for message in messages:
                if message.qos > 0:
                    self.client.ack(message.mid, message.qos)
            for listener in list(self._listeners):
                try:
                    listener()
                except Exception:
                    log.exception("club: listener failed")
            if None in batch:
                return

    def _store(self, messages: list[mqtt.MQTTMessage]) -> None:
        rows: list[Row] = []
        with self.lock:
            for message in messages:
                try:
                    received = read_message(self.broker.club, message.topic, bytes(message.payload))
                    if received.kind == "state":
                        self._state(received)
                    else:
                        rows += self._event(received)
                except CompanionError as error:
                    self._drop(message.topic, error.text)
            self.store.append_many(rows)
            now = self.clock()
            for row in rows:
                self.counts["stored"] += 1
                self.latencies.append(now - row[4])



    def _drop(self, topic: str, why: Text) -> None:
        self.bad[why.key] += 1
        log.warning("club: dropped a message on %s: %s", topic[:120], why.en)

    def _state(self, received: Received) -> None:
        seen = self.tables.setdefault(received.table, TableSeen(received.table))
        seen.state = received.body  # the broker keeps a topic's messages in order: the last is the newest

    def _event(self, received: Received) -> list[Row]:
        key = (received.table, received.game)
        followed = self.games.get(key)
        if followed is None:
            assert received.header is not None
            meta = {"club": {"club": self.broker.club, "table": received.table, "game": received.game}}
            referee = Referee(received.header, meta=meta)
            local = self.store.create(received.header, now=float(received.body["stamp"]), meta=meta)
            followed = self.games[key] = Followed(referee, local)
        if received.header is not None and received.header.to_json() != followed.referee.header.to_json():
            raise MalformedInput(Text("club_other_header", game=received.game, table=received.table))
        expected = len(followed.referee.history) + 1
        if received.seq < expected:
            self.counts["duplicates"] += 1
            return []
        if received.seq > expected:
            if len(followed.waiting) >= MAX_WAITING:
                raise MalformedInput(Text("club_gap", table=received.table, seq=received.seq,
                                          expected=expected))
            followed.waiting[received.seq] = received
            self.counts["waiting"] += 1
            return []
        rows = self._rule(followed, received)
        while (nxt := followed.waiting.pop(len(followed.referee.history) + 1, None)) is not None:
            rows += self._rule(followed, nxt)
        seen = self.tables.setdefault(received.table, TableSeen(received.table))
        if followed.local >= seen.local:
            seen.game, seen.local = received.game, followed.local
            seen.stored, seen.stamp = len(followed.referee.history), float(received.body["stamp"])
        return rows

    def _rule(self, followed: Followed, received: Received) -> list[Row]:
        """Rule on one event as the table did; its rows (with the events the game made itself)."""
        referee = followed.referee
        before = len(referee.history)
        line = received.body["line"]
        if line.get("source") == "engine":
            raise MalformedInput(Text("engine_event_fed"))
        referee.submit(line)
        rows: list[Row] = []
        outcome = referee.game.outcome()
        stamp = float(received.body["stamp"])
        for entry in referee.history[before:]:
            ruling = entry.ruling.to_json(entry.seq)
            if entry.seq == received.seq and ruling != received.body["ruling"]:
                self.counts["rulings_differ"] += 1
                log.warning("club: table %s game %s seq %s: the table ruled otherwise than the engine here",
                            received.table, received.game, received.seq)
            rows.append((followed.local, entry.seq, entry.line, ruling, stamp,
                         outcome.result if outcome else None))
        return rows

    # -- reading and the end --------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Every table as the page lists it, and the counts."""
        with self.lock:
            tables = []
            for name in sorted(self.tables):
                seen = self.tables[name]
                state = seen.state or {}
                header = state.get("header") or {}
                tables.append({"table": name, "game": header.get("game"), "remote": seen.game,
                               "local": seen.local, "stored": seen.stored, "stamp": seen.stamp,
                               "names": state.get("names") or [], "turn": state.get("turn"),
                               "seq": state.get("seq"), "alerts": state.get("alerts") or {},
                               "flagged": bool(state.get("flagged")), "last": state.get("last"),
                               "outcome": state.get("outcome"), "page": state.get("page")})
            return {"club": self.broker.club, "connected": self.connected.is_set(), "tables": tables,
                    "counts": dict(self.counts), "bad": dict(self.bad), "dropped": sum(self.bad.values())}

    def close(self) -> None:
        """Disconnect, store what arrived, stop the writer; twice is fine."""
        if self._closed:
            return
        self._closed = True
        self.client.disconnect()
        self.client.loop_stop()
        self._queue.put(None)
        if self._thread.is_alive():
            self._thread.join(timeout=10)
