"""The status page: a Flask app showing the live game, with the controls players need.

Built like Flask's tutorial app: :func:`create_app` makes the app, one
blueprint serves what anyone may see (``views``), one the controls
(``actions``, each a POST with the token), and :class:`web.server.PageServer`
serves it with waitress.

>>> app = create_app(config={"TOKEN": "secret"})
>>> app.test_client().get("/state").json["game"]
'tranquility'
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flask import Flask

from companion.app.referee import Referee
from companion.app.table import TableDesk
from companion.config import DEFAULT_GAME
from companion.engine.record import Header
from web import actions, body, enrol, errors, security, views
from web import bagarre as _bagarre  # noqa: F401  registers its drawer (web.svg importing it: a cycle)
from web import islands as _islands  # noqa: F401  registers the drawer of cells (a cycle too)
from web import pyramid as _pyramid  # noqa: F401  registers the pyramid's drawer and legend (a cycle too)
from web import trick_faces as _trick_faces  # noqa: F401  registers the trick cards' faces and legends
from web import tricks as _tricks  # noqa: F401  registers the trick table's drawer (a cycle too)
from web.hub import Hub
from web.page import EXTENSION, Page, page_of
from web.preview import Preview

if TYPE_CHECKING:  # the enrolment's module loads the camera side: the page needs only its type
    from companion.app.club.dashboard import Dashboard
    from companion.app.enrolment import EnrolmentSession

__all__ = ["Page", "Preview", "create_app", "page_of"]


def create_app(
    referee: Referee | None = None,
    config: Mapping[str, Any] | None = None,
    *,
    preview: Preview | None = None,
    table: TableDesk | None = None,
    enrolment: EnrolmentSession | None = None,
    club: Dashboard | None = None,
) -> Flask:
    """The page's app for ``referee`` (by default a new 3-player Tranquillité without a store).

    ``config`` may set ``TOKEN`` (else a random one), ``HOST`` (the configured
    host name, allowed in ``Host`` headers), ``ALLOWED_HOSTS`` (instead of the
    machine's names and addresses), ``SSE_HEARTBEAT`` (seconds),
    ``SSE_MAX_CLIENTS`` and ``SSE_PER_ADDRESS`` (see :class:`web.hub.Hub`). ``table`` is the
    desk shared with the camera feeder, through which the page places the table; ``enrolment``
    the deck being enrolled from the camera, which ``/enrol`` shows (and ``/`` then leads to);
    ``club`` a club's dashboard, whose tables ``/club/`` shows (:mod:`web.club`).
    """
    app = Flask(__name__)
    app.config.from_mapping(
        TOKEN=secrets.token_urlsafe(12),
        HOST=None,
        ALLOWED_HOSTS=None,
        MAX_CONTENT_LENGTH=64 * 1024,
        SSE_HEARTBEAT=5.0,
        SSE_MAX_CLIENTS=16,
        SSE_PER_ADDRESS=4,
    )
    if config is not None:
        app.config.update(config)
    referee = referee if referee is not None else Referee(Header(DEFAULT_GAME, 3))
    preview = preview if preview is not None else Preview()
    hub = Hub(referee, preview, max_clients=int(app.config["SSE_MAX_CLIENTS"]),
              per_address=int(app.config["SSE_PER_ADDRESS"]), table=table)
    app.extensions[EXTENSION] = Page(referee, hub, preview, table, enrolment)
    body.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(views.bp)
    app.register_blueprint(actions.bp)
    app.register_blueprint(enrol.bp)
    if club is not None:
        from web import club as club_page  # noqa: PLC0415 (only the club's command needs it)

        club_page.init_app(app, club)
    return app
