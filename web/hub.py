"""Server-sent events: every open page hears of each stored event at once.

The hub listens to the referee. After each stored event, alert or new game it
builds one snapshot (JSON) and hands it to every connected page; a page that
is slow to read only ever gets the newest snapshot, never a backlog. Each
stream sends a comment now and then so that a page gone away is noticed.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Generator

from companion.app.referee import Notice, Referee
from companion.app.table import TableDesk
from web.preview import Preview
from web.snapshot import snapshot


class Client:
    """One open page (from ``address``): the newest message not yet sent, and whether it was closed."""

    def __init__(self, address: str = "") -> None:
        self.address = address
        self._cond = threading.Condition()
        self._pending: str | None = None
        self.closed = False

    def put(self, message: str) -> None:
        """Replace the message waiting to be sent."""
        with self._cond:
            self._pending = message
            self._cond.notify()

    def close(self) -> None:
        """End the stream."""
        with self._cond:
            self.closed = True
            self._cond.notify()

    def wait(self, timeout: float) -> str | None:
        """The next message, or None after ``timeout`` seconds or once closed."""
        with self._cond:
            if self._pending is None and not self.closed:
                self._cond.wait(timeout)
            message, self._pending = self._pending, None
            return None if self.closed else message


class Hub:
    """Fans the referee's snapshots out to the open pages: at most ``max_clients`` at once, and at
    most ``per_address`` from one network address.

    A page from an address that already holds ``per_address`` streams replaces
    that address's oldest one (a phone reloading its page, or one guest opening
    stream after stream, never locks anyone else out). When every slot is
    taken, the oldest stream of the address holding the most gives way, as
    long as that address holds more than one: to keep every page out one
    would need ``max_clients / per_address`` machines.
    """

    def __init__(self, referee: Referee, preview: Preview | None = None, *, max_clients: int = 16,
                 per_address: int = 4, table: TableDesk | None = None) -> None:
        self.referee = referee
        self.preview = preview
        self.table = table
        self.max_clients = max_clients
        self.per_address = max(1, per_address)
        self._lock = threading.Lock()
        # Oldest first (dicts keep their order): the one to give way is the first of its address.
        self._clients: dict[Client, None] = {}
        self._closed = False
        self._message = json.dumps(snapshot(referee, preview, table), ensure_ascii=False)
        self._unsubscribe = referee.subscribe(self._heard)
        # The table's placement changes with no event: the page hears of it all the same.
        self._unsubscribe_table = table.subscribe(self.publish) if table is not None else None

    def _heard(self, notice: Notice) -> None:
        self.publish()

    def publish(self) -> None:
        """Build a snapshot now and send it to every open page."""
        message = json.dumps(snapshot(self.referee, self.preview, self.table), ensure_ascii=False)
        with self._lock:
            self._message = message
            clients = list(self._clients)
        for client in clients:
            client.put(message)

    @property
    def message(self) -> str:
        """The latest snapshot, as JSON."""
        with self._lock:
            return self._message

    @property
    def clients(self) -> int:
        """How many pages are connected."""
        with self._lock:
            return len(self._clients)

    def connect(self, address: str = "") -> Client | None:
        """A new client for a page from ``address``, or None when the hub closed or every slot is
        held by addresses holding one each (see the class)."""
        with self._lock:
            if self._closed:
                return None
            mine = [client for client in self._clients if client.address == address]
            if len(mine) >= self.per_address:
                self._evict(mine[0])
            elif len(self._clients) >= self.max_clients:
                greedy, count = Counter(client.address for client in self._clients).most_common(1)[0]
                if count <= 1:
                    return None
                self._evict(next(client for client in self._clients if client.address == greedy))
            client = Client(address)
            self._clients[client] = None
            return client

    def _evict(self, client: Client) -> None:
        # Under the lock: the slot is free now; the stream ends as soon as its thread wakes.
        self._clients.pop(client, None)
        client.close()

    def disconnect(self, client: Client) -> None:
        """Free ``client``'s slot: its stream ended, was never read, or its page went away."""
        with self._lock:
            self._clients.pop(client, None)
        client.close()

    def stream(self, client: Client, *, heartbeat: float = 5.0) -> Generator[str, None, None]:
        """The event stream of one page: the current snapshot at once, then each new one.

        A comment every ``heartbeat`` seconds keeps the connection alive and lets
        the server notice a page gone away: its next write fails, which ends
        this generator and frees the slot.
        """
        try:
            yield "retry: 1000\n\n"
            yield f"data: {self.message}\n\n"
            while True:
                message = client.wait(heartbeat)
                if client.closed:
                    return
                yield ": keep-alive\n\n" if message is None else f"data: {message}\n\n"
        finally:
            self.disconnect(client)

    def close(self) -> None:
        """End every stream and stop listening (the server is stopping); may be called twice."""
        with self._lock:
            self._closed = True
            clients = list(self._clients)
        for client in clients:
            client.close()
        self._unsubscribe()
        if self._unsubscribe_table is not None:
            self._unsubscribe_table()
