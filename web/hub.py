"""Server-sent events: every open page hears of each stored event at once.

The hub listens to the referee. After each stored event, alert or new game it
builds one snapshot (JSON) and hands it to every connected page; a page that
is slow to read only ever gets the newest snapshot, never a backlog. Each
stream sends a comment now and then so that a page gone away is noticed.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

from companion.app.referee import Notice, Referee
from web.preview import Preview
from web.snapshot import snapshot


class Client:
    """One open page: the newest message not yet sent, and whether the hub closed."""

    def __init__(self) -> None:
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
    """Fans the referee's snapshots out to the open pages (at most ``max_clients`` at once)."""

    def __init__(self, referee: Referee, preview: Preview | None = None, *, max_clients: int = 16) -> None:
        self.referee = referee
        self.preview = preview
        self.max_clients = max_clients
        self._lock = threading.Lock()
        self._clients: set[Client] = set()
        self._closed = False
        self._message = json.dumps(snapshot(referee, preview), ensure_ascii=False)
        self._unsubscribe = referee.subscribe(self._heard)

    def _heard(self, notice: Notice) -> None:
        self.publish()

    def publish(self) -> None:
        """Build a snapshot now and send it to every open page."""
        message = json.dumps(snapshot(self.referee, self.preview), ensure_ascii=False)
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

    def connect(self) -> Client | None:
        """A new client, or None when ``max_clients`` pages are already connected or the hub closed."""
        with self._lock:
            if self._closed or len(self._clients) >= self.max_clients:
                return None
            client = Client()
            self._clients.add(client)
            return client

    def stream(self, client: Client, *, heartbeat: float = 15.0) -> Iterator[str]:
        """The event stream of one page: the current snapshot at once, then each new one."""
        try:
            yield "retry: 1000\n\n"
            yield f"data: {self.message}\n\n"
            while True:
                message = client.wait(heartbeat)
                if client.closed:
                    return
                yield ": keep-alive\n\n" if message is None else f"data: {message}\n\n"
        finally:
            with self._lock:
                self._clients.discard(client)

    def close(self) -> None:
        """End every stream and stop listening (the server is stopping); may be called twice."""
        with self._lock:
            self._closed = True
            clients = list(self._clients)
        for client in clients:
            client.close()
        self._unsubscribe()
