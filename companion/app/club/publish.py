"""A table publishes its games to the club's broker: each stored event once stored, and its state.

:class:`Publisher` is a sink of the referee. Hearing of an event only puts a word in a queue: the
referee never waits on the network. A thread of its own reads the events from the store (the
store is the outbox) and hands them to paho, which sends them at QoS 1 and, while the broker is
down, keeps them and tries again with backoff. Each PUBACK moves the game's mark in the store
(``published``), so that a table killed and started again republishes only what the broker never
acknowledged; the table's state (game, names, turn, alerts, outcome, last seq) follows each event,
retained, for a dashboard that joins late.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from companion.app.club import mqtt as club_mqtt
from companion.app.club.wire import WIRE_VERSION, Broker, encode, topic
from companion.app.referee import Notice, Referee
from companion.app.store import Store
from companion.engine.record import Header
from companion.text import Text

log = logging.getLogger(__name__)

#: Seconds a clean stop waits for the broker to acknowledge what is in flight.
FLUSH = 3.0


def table_state(referee: Referee, club: str, table: str, page: str | None) -> dict[str, Any]:
    """The retained snapshot of a table: its game, names, whose turn, alerts (both languages), outcome."""
    game = referee.game
    outcome = game.outcome()
    history = referee.history
    return {"v": WIRE_VERSION, "club": club, "table": table, "game": referee.game_id or 0,
            "header": referee.header.to_json(), "names": list(referee.header.names or []),
            "turn": None if game.is_over() else game.turn, "seq": len(history),
            "alerts": {key: {"en": text.en, "fr": text.fr} for key, text in referee.alerts.items()},
            "flagged": bool(game.flagged),
            "last": {"en": history[-1].ruling.text.en, "fr": history[-1].ruling.text.fr} if history else None,
            "outcome": outcome.result if outcome else None, "page": page, "stamp": referee.clock()}


class Publisher:
    """Publishes ``store``'s games through ``broker`` as table ``table``; a sink of ``referee``.

    ``make_client`` builds the paho client (tests count what it publishes). :attr:`published` counts
    the events handed to paho, :attr:`acked` those the broker acknowledged. ``say`` hears, once until
    the next success, that the broker refused this table (a wrong password): the referee goes on.
    """

    def __init__(self, referee: Referee, store: Store, broker: Broker, table: str, *, page: str | None = None,
                 make_client: Callable[[Broker, str], mqtt.Client] | None = None,
                 say: Callable[[Text], None] | None = None) -> None:
        self.referee = referee
        self.store = store
        self.broker = broker
        self.table = table
        self.page = page
        self.client = (make_client or club_mqtt.client)(broker, f"companion-{broker.club}-{table}")
        self.client.on_publish = self._on_publish
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.connected = threading.Event()
        self.say = say
        #: Why the broker refused this table, until it takes it (said once), else None.
        self.refused: Text | None = None
        self.published = 0
        self.acked = 0
        self._queue: queue.SimpleQueue[tuple[str, int] | None] = queue.SimpleQueue()
        self._state: dict[str, Any] | None = None
        self._state_lock = threading.Lock()
        #: What this process handed paho of each game (paho keeps it until acknowledged).
        self._sent = store.published()
        self._marks = dict(self._sent)
        self._inflight: dict[int, tuple[int, int]] = {}
        self._acked: dict[int, set[int]] = {}
        self._ack_lock = threading.Lock()
        self._headers: dict[int, Header] = {}
        self._thread = threading.Thread(target=self._run, name=f"club-publisher-{table}", daemon=True)
        self._closed = False

    def start(self) -> Publisher:
        """Connect in the background (a broker down is tried again, never waited for) and queue every
        stored game the broker has not acknowledged whole."""
        with self.referee.lock:
            self._state = table_state(self.referee, self.broker.club, self.table, self.page)
        for game in self.store.games():
            if game.events > self._sent.get(game.id, 0):
                self._queue.put(("game", game.id))
        if self.referee.game_id is not None:
            self._queue.put(("game", self.referee.game_id))
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=club_mqtt.KEEPALIVE)
        self.client.loop_start()
        self._thread.start()
        return self

    # -- the referee's side: never waits ----------------------------------------

    def __call__(self, notice: Notice) -> None:
        state = table_state(self.referee, self.broker.club, self.table, self.page)
        with self._state_lock:
            self._state = state
        self._queue.put(("game", self.referee.game_id or 0))

    # -- the publisher's thread --------------------------------------------------

    def _run(self) -> None:
        # Acknowledgements come through the same queue: paho calls on_publish holding its own lock,
        # which a publish here also takes, so the bookkeeping stays in this one thread.
        while True:
            items = [self._queue.get()]
            while True:  # everything waiting, then one state
                try:
                    items.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            games = {item[1] for item in items if item is not None and item[0] == "game" and item[1]}
            self._acknowledged([item[1] for item in items if item is not None and item[0] == "ack"])
            for game in sorted(games):
                self._publish_events(game)
            with self._state_lock:
                state, self._state = self._state, None
            if state is not None and state["game"]:
                self.client.publish(topic(self.broker, self.table, "state"), encode(state), qos=1,
                                    retain=True)
            if None in items:
                return

    def _publish_events(self, game: int) -> None:
        try:
            rows = self.store.events(game, after=self._sent.get(game, 0))
            header = self._headers.get(game) or self._headers.setdefault(game, self.store.game(game).header)
        except Exception:  # a closed or damaged store: the referee says so; nothing to send now
            log.exception("club: cannot read game %s from the store", game)
            return
        for row in rows:
            message = {"v": WIRE_VERSION, "club": self.broker.club, "table": self.table, "game": game,
                       "seq": row.seq, "header": header.to_json(), "line": row.event, "ruling": row.ruling,
                       "stamp": row.stamp}
            info = self.client.publish(topic(self.broker, self.table, "events"), encode(message), qos=1)
            with self._ack_lock:
                self._inflight[info.mid] = (game, row.seq)
            self._sent[game] = row.seq
            self.published += 1

    # -- paho's thread -------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            text = Text("club_table_refused", url=self.broker.url, detail=str(reason))
            if self.refused is None:
                log.warning("%s", text.en)
                if self.say is not None:
                    self.say(text)
            self.refused = text
            return
        self.refused = None
        self.connected.set()
        log.info("club: connected to %s", self.broker.url)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self.connected.clear()
        if not self._closed:
            log.warning("club: lost broker %s (%s); events wait in the store", self.broker.url, reason)

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        self._queue.put(("ack", mid))

    def _acknowledged(self, mids: list[int]) -> None:
        """Move each game's mark over the events the broker acknowledged, in order, then keep it."""
        moved: dict[int, int] = {}
        with self._ack_lock:
            for mid in mids:
                done = self._inflight.pop(mid, None)
                if done is None:
                    continue  # a state
                game, seq = done
                self.acked += 1
                waiting = self._acked.setdefault(game, set())
                waiting.add(seq)
                mark = self._marks.get(game, 0)
                while mark + 1 in waiting:
                    mark += 1
                    waiting.discard(mark)
                if mark != self._marks.get(game, 0):
                    self._marks[game] = moved[game] = mark
        for game, mark in moved.items():
            try:
                self.store.mark_published(game, mark)
            except Exception:  # the store closing at a stop: the next start republishes, the dashboard drops
                log.warning("club: cannot keep the broker's mark of game %s at %s", game, mark)

    # -- the end -----------------------------------------------------------------------

    def _drain_acks(self) -> None:
        mids = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not None and item[0] == "ack":
                mids.append(item[1])
        self._acknowledged(mids)

    def pending(self) -> int:
        """Events handed to paho that the broker has not acknowledged yet."""
        with self._ack_lock:
            return sum(1 for game, _ in self._inflight.values() if game)

    def close(self, flush: float = FLUSH) -> None:
        """Stop: wait up to ``flush`` seconds for what is in flight, then disconnect; twice is fine."""
        if self._closed:
            return
        self._queue.put(None)
        self._thread.join(timeout=10)
        deadline = time.monotonic() + flush
        while self.connected.is_set() and self.pending() and time.monotonic() < deadline:
            time.sleep(0.02)
            self._drain_acks()
        self._drain_acks()
        self._closed = True
        self.client.disconnect()
        self.client.loop_stop()
