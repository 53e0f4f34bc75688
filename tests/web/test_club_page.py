"""The club's page: every table with its game, players, turn, alerts and outcome, live, in both languages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from flask import Flask
from flask.testing import FlaskClient
from paho.mqtt.enums import CallbackAPIVersion

from companion.app.club.dashboard import Dashboard
from companion.app.club.publish import table_state
from companion.app.club.wire import Broker
from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store
from tests.web.browsing import CHROMIUM, phone_page
from web import create_app

UNSURE = {"en": "card unsure: show it again", "fr": "carte incertaine : montrez-la encore"}


def _message(topic: str, body: dict[str, Any] | bytes) -> mqtt.MQTTMessage:
    message = mqtt.MQTTMessage(topic=topic.encode())
    message.payload = body if isinstance(body, bytes) else json.dumps(body).encode()
    return message


def _state(table: str, seed: int, played: int | None, **more: Any) -> mqtt.MQTTMessage:
    """Table ``table``'s retained state after ``played`` of a demo's lines (None: all)."""
    demo = demo_game(players=3, seed=seed)
    referee = Referee(demo.header, meta=demo.meta)
    for line in demo.lines[:played]:
        referee.submit(line)
    state = {**table_state(referee, "club", table, None), "game": 1, **more}
    return _message(f"companion/club/{table}/state", state)


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[Dashboard]:
    """A dashboard never connected, fed messages by hand: two tables and a bad message."""
    store = Store(tmp_path / "club.db")
    made = Dashboard(store, Broker("127.0.0.1", 1, "club"),
                     make_client=lambda *a, **k: mqtt.Client(CallbackAPIVersion.VERSION2, client_id="x"))
    made._store([_state("t1", 64, None), _state("t2", 65, 10, flagged=True, alerts={"unsure": UNSURE},
                                                page="http://10.0.0.5:8080/"),
                 _message("companion/club/t2/events", b"{not json")])
    yield made
    store.close()


@pytest.fixture
def app(dashboard: Dashboard) -> Iterator[Flask]:
    made = create_app(config={"ALLOWED_HOSTS": ["localhost", "127.0.0.1"]}, club=dashboard)
    yield made
    made.extensions["companion_club"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Club club", "Game", "Players", "Turn", "Alerts", "Outcome", "messages dropped: 1",
            "card unsure: show it again", "seat "]),
    ("fr", ["Club club", "Jeu", "Joueurs", "Tour", "Alertes", "Résultat", "messages écartés : 1",
            "carte incertaine : montrez-la encore"])])
def test_the_page_lists_every_table(client: FlaskClient, dashboard: Dashboard, lang: str,
                                    words: list[str]) -> None:
    page = client.get(f"/club/?lang={lang}")
    assert page.status_code == 200 and "no-store" in page.headers["Cache-Control"]
    html = page.get_data(as_text=True)
    for word in words:
        assert word in html, word
    snap = dashboard.snapshot()
    one, two = snap["tables"]
    assert one["outcome"] and one["turn"] is None and two["outcome"] is None and two["turn"] is not None
    assert f"<td>{one['outcome']}</td>" in html and ", ".join(two["names"]) in html
    assert '<td class="alert">⚑ ' in html and '<a href="http://10.0.0.5:8080/">t2</a>' in html
    assert "<script>" not in html  # the page's CSP allows only its own files


def test_state_and_the_stream(client: FlaskClient, dashboard: Dashboard) -> None:
    state = client.get("/club/state").get_json()
    assert [t["table"] for t in state["tables"]] == ["t1", "t2"] and state["dropped"] == 1
    response = client.get("/club/events")
    assert response.mimetype == "text/event-stream"
    chunks = (chunk.decode() if isinstance(chunk, bytes) else chunk for chunk in response.response)
    assert next(chunks).startswith("retry")
    assert json.loads(next(chunks).removeprefix("data: "))["tables"][1]["table"] == "t2"
    dashboard._store([_state("t3", 66, 5)])
    for listener in dashboard._listeners:  # as the dashboard's writer does after each batch
        listener()
    later = next(chunks)
    assert [t["table"] for t in json.loads(later.removeprefix("data: "))["tables"]] == ["t1", "t2", "t3"]
    response.close()


@pytest.mark.long  # a browser: about 6 s
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_the_page_in_a_browser_live_under_its_csp(app: Flask, dashboard: Dashboard) -> None:
    with phone_page(app) as (url, page, violations):
        page.goto(f"{url}club/?lang=fr")
        page.wait_for_selector('tr[data-table="t2"] td.alert')
        dashboard._store([_state("t3", 66, 5)])
        for listener in dashboard._listeners:
            listener()
        page.wait_for_selector('tr[data-table="t3"]', timeout=10_000)  # drawn by club.js from the stream
        assert "Alertes" in page.content() and "messages écartés : 1" in page.content()
    assert violations == []
