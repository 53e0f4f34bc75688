"""Fixtures of the page's tests, as in Flask's tutorial: a referee, the app, a client, the token."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app.referee import Referee
from companion.app.store import Store
from companion.engine.events import Play
from companion.engine.record import Header
from companion.games.tranquility.events import StartDiscards
from web import Preview, create_app

TOKEN = "test-token-123"
AUTH = {"X-Companion-Token": TOKEN}


@pytest.fixture
def store() -> Store:
    """An in-memory store."""
    return Store(":memory:")


@pytest.fixture
def referee(store: Store) -> Referee:
    """A 3-player Tranquillité just after the Start card and its split (seat 2 to play)."""
    referee = Referee(Header("tranquility", 3, names=["Ana", "Bo", "Cy"]), store=store)
    referee.submit(Play("start", "start"))
    referee.submit(StartDiscards.of({1: 3, 2: 3, 3: 2}))
    return referee


@pytest.fixture
def preview() -> Preview:
    """The camera preview, empty until a test publishes a picture."""
    return Preview()


@pytest.fixture
def app(referee: Referee, preview: Preview) -> Flask:
    """The page's app on that referee, with a known token and a short heartbeat."""
    return create_app(referee, {"TOKEN": TOKEN, "HOST": "pi.example", "SSE_HEARTBEAT": 0.05,
                                "SSE_MAX_CLIENTS": 3}, preview=preview)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client (its Host is ``localhost``)."""
    return app.test_client()
