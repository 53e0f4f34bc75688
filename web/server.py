"""Serving the page with waitress in a background thread, and stopping it cleanly."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask
from waitress.server import create_server
from waitress.task import ThreadedTaskDispatcher

from web.page import page_of


class PageServer:
    """The page's HTTP server: :meth:`start` binds and serves in a thread, :meth:`stop` ends it.

    ``port`` 0 picks a free port (see :attr:`port`). Each open page holds one of
    the ``threads`` while its live stream lasts, so there are more threads than
    the hub accepts pages.
    """

    def __init__(self, app: Flask, host: str = "0.0.0.0", port: int = 8080) -> None:
        self.app = app
        hub = page_of(app).hub
        # Our own socket map and task dispatcher, its threads started only once the port is bound:
        # waitress starts them and opens its trigger before binding, and a port in use would
        # leave them behind.
        sockets: dict[int, Any] = {}
        dispatcher = ThreadedTaskDispatcher()
        try:
            self._server: Any = create_server(app, host=host, port=port, map=sockets, _dispatcher=dispatcher,
                                              ident="companion", clear_untrusted_proxy_headers=True)
        except BaseException:
            for channel in list(sockets.values()):
                channel.close()
            raise
        dispatcher.set_thread_count(hub.max_clients + 8)
        self.host = host
        self.port: int = int(self._server.effective_port)
        self._thread = threading.Thread(target=self._server.run, name="page-server", daemon=True)
        self._stopped = False

    def start(self) -> PageServer:
        """Serve in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """End the live streams, close every connection and the listening socket; may be called twice."""
        if self._stopped:
            return
        self._stopped = True
        page_of(self.app).hub.close()
        server = self._server

        def close_all() -> None:
            # Run in waitress's own loop thread: closing every channel, the listener and the
            # trigger empties its socket map, and its loop ends.
            for channel in list(server._map.values()):
                channel.close()

        # The streams end first (the hub is closed), then the worker threads, which may still pull
        # the loop's trigger as they finish a response; only then is the trigger closed.
        server.task_dispatcher.shutdown(timeout=5)
        if self._thread.is_alive():
            server.trigger.pull_trigger(close_all)
            self._thread.join(timeout=5)
        else:
            close_all()
