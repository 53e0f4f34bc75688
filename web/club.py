"""The club's page: every table of a club, live (``companion club``); a blueprint of the same app.

The dashboard (:class:`companion.app.club.dashboard.Dashboard`) tells :class:`ClubHub` after each
batch it stored; the hub sends every open page the club's snapshot through the same server-sent
events machinery as a table's page (:class:`web.hub.Hub`). Nothing here changes anything: the page
only shows.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Flask, Response, current_app, render_template, request

from companion.text import Text
from web.errors import refuse
from web.hub import Hub
from web.i18n import choose_lang

if TYPE_CHECKING:
    from companion.app.club.dashboard import Dashboard

bp = Blueprint("club", __name__, url_prefix="/club")
EXTENSION = "companion_club"


class ClubHub(Hub):
    """The fan-out of :class:`web.hub.Hub`, fed by a dashboard's snapshots instead of a referee's."""

    def __init__(self, dashboard: Dashboard, *, max_clients: int = 16, per_address: int = 4) -> None:
        # Hub's connect, stream, disconnect and close, with the club's snapshot as the message.
        self.dashboard = dashboard
        self.preview = None
        self.table = None
        self.max_clients = max_clients
        self.per_address = max(1, per_address)
        self._lock = threading.Lock()
        self._clients = {}
        self._closed = False
        self._message = json.dumps(dashboard.snapshot(), ensure_ascii=False)
        self._unsubscribe = lambda: None
        self._unsubscribe_table = None
        dashboard.subscribe(self.publish)

    def publish(self) -> None:
        """Send the club's snapshot to every open page."""
        message = json.dumps(self.dashboard.snapshot(), ensure_ascii=False)
        with self._lock:
            self._message = message
            clients = list(self._clients)
        for client in clients:
            client.put(message)


def init_app(app: Flask, dashboard: Dashboard) -> ClubHub:
    """Serve the club's page for ``dashboard`` at ``/club``."""
    hub = ClubHub(dashboard, max_clients=int(app.config["SSE_MAX_CLIENTS"]),
                  per_address=int(app.config["SSE_PER_ADDRESS"]))
    app.extensions[EXTENSION] = hub
    app.register_blueprint(bp)
    return hub


def _hub() -> ClubHub:
    hub: ClubHub = current_app.extensions[EXTENSION]
    return hub


@bp.get("/")
def index() -> Response:
    """Every table, drawn now and kept live by the page's script."""
    lang = choose_lang(request)
    snap: dict[str, Any] = json.loads(_hub().message)
    html = render_template("club.html", lang=lang, t=lambda key, **args: Text(key, **args).render(lang),
                           snap=snap)
    return Response(html, mimetype="text/html", headers={"Cache-Control": "no-store"})


@bp.get("/state")
def state() -> Response:
    """The club's snapshot as JSON."""
    return Response(_hub().message, mimetype="application/json", headers={"Cache-Control": "no-store"})


@bp.get("/events")
def events() -> Response:
    """The live stream: the club's snapshot after each batch stored."""
    hub = _hub()
    client = hub.connect(request.remote_addr or "")
    if client is None:
        refuse(429, Text("http_too_many_pages", limit=hub.max_clients))
    response = Response(hub.stream(client, heartbeat=float(current_app.config["SSE_HEARTBEAT"])),
                        mimetype="text/event-stream", headers={"Cache-Control": "no-store",
                                                              "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: hub.disconnect(client))
    return response
