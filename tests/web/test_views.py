"""What anyone may see: the page in both languages, the state, the live stream, the camera, the record."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.app.referee import Referee
from companion.engine.events import Play
from companion.engine.record import Header, Replay
from web import Preview
from web.page import page_of


def test_page_in_english_by_default(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert '<html lang="en">' in html and "Play it anyway" in html and "Discard two" in html
    assert "<svg" in html and 'data-cell="a1"' in html
    assert 'href="?lang=fr"' in html and "/static/page.js" in html and "/static/page.css" in html
    # Everything is served here: no script, style or picture from elsewhere (phones may be offline).
    assert not re.search(r'(src|href)="(https?:)?//', html)


def test_page_language_from_the_browser_then_the_switch(client: FlaskClient) -> None:
    html = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="fr">' in html and "Passer outre" in html and "Défausser deux" in html
    response = client.get("/?lang=en", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in response.get_data(as_text=True)
    assert "lang=en" in response.headers["Set-Cookie"]
    # The cookie now wins over the browser's preference.
    html = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="en">' in html
    html = client.get("/?lang=xx", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en">' in html


def test_initial_snapshot_in_the_page_cannot_close_its_script(client: FlaskClient, referee: Referee) -> None:
    referee.submit({"type": "play", "card": None, "at": "c3", "source": "camera"})
    referee.header = referee.header.__class__("tranquility", 3, names=["</script><b>", "Bo", "Cy"])
    page_of(client.application).hub.publish()
    html = client.get("/").get_data(as_text=True)
    assert "</script><b>" not in html


def state(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/state")
    assert response.status_code == 200 and response.mimetype == "application/json"
    result: dict[str, Any] = response.get_json()
    return result


def test_state_shows_turn_seats_history_and_the_last_placement(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("32", "d3"))
    snap = state(client)
    assert snap["game"] == "tranquility" and snap["turn"] == 1 and snap["names"] == ["Ana", "Bo", "Cy"]
    assert [s["seat"] for s in snap["state"]["seats"]] == [1, 2, 3]
    assert snap["last_cell"] == "d3" and snap["discard"] == {"count": 2, "seat": 3}
    assert [h["seq"] for h in snap["history"]] == [4, 3, 2, 1]
    assert snap["history"][0]["en"] == "Seat 3 laid 32 at d3 next to 30: discard 2 cards"
    assert snap["history"][0]["fr"].startswith("Le joueur 3 a posé 32 en d3")
    assert 'class="cell filled last"' in snap["svg"] and snap["outcome"] is None
    assert snap["events"] == 4 and snap["stamp"] == referee.history[-1].stamp


def test_state_shows_a_flag_an_unsure_alert_and_the_split(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("20", "e3"))
    snap = state(client)
    assert snap["flagged"] == [{"card": "20", "at": "e3", "rule": "T2"}]
    assert 'class="cell flagged"' in snap["svg"] and snap["last_cell"] == "e3" and snap["discard"] is None
    referee.submit({"type": "take_back", "at": "e3"})
    referee.submit({"type": "play", "card": None, "at": "e3"})
    snap = state(client)
    assert [a["key"] for a in snap["alerts"]] == ["unsure"]
    assert snap["alerts"][0]["fr"].startswith("lecture incertaine en e3")


def test_start_split_pending(app: Flask, store: Any) -> None:
    referee = page_of(app).referee

    referee.new_game(Header("tranquility", 2))
    referee.submit(Play("start", "start"))
    snap = state(app.test_client())
    assert snap["pending"] == "start_discards" and snap["start_discards_due"] == 8


def test_ascension_and_solo(app: Flask) -> None:
    referee = page_of(app).referee
    referee.new_game(Header("ascension", 1))
    snap = state(app.test_client())
    assert snap["game"] == "ascension" and 'data-cell="a9"' in snap["svg"] and 'data-cell="b8"' in snap["svg"]
    assert [a["key"] for a in snap["alerts"]] == ["solo"]


def test_camera_placeholder_then_picture(client: FlaskClient, preview: Preview) -> None:
    response = client.get("/camera.jpg")
    assert response.status_code == 404
    assert response.get_json()["error"]["fr"] == "pas encore d'image de la caméra"
    with client.get("/static/no-camera.svg") as placeholder:
        assert placeholder.status_code == 200 and b"<svg" in placeholder.data
    preview.publish(b"\xff\xd8\xff jpeg bytes")
    page_of(client.application).hub.publish()
    response = client.get("/camera.jpg")
    assert response.status_code == 200 and response.mimetype == "image/jpeg"
    assert response.data == b"\xff\xd8\xff jpeg bytes"
    assert state(client)["camera"] == {"frame": 1}


def test_record_download_replays(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    response = client.get("/record.jsonl")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    replay = Replay(io.StringIO(response.get_data(as_text=True)))
    list(replay)
    assert replay.game.state_json() == referee.game.state_json()


def read_event(chunks: Any) -> dict[str, Any]:
    """The next snapshot of an event stream (skipping keep-alive comments)."""
    for chunk in chunks:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        if text.startswith("data: "):
            result: dict[str, Any] = json.loads(text[len("data: "):])
            return result
    raise AssertionError("the stream ended")


def test_event_stream_sends_the_state_then_each_event(client: FlaskClient, referee: Referee) -> None:
    response = client.get("/events", buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    chunks: Iterator[Any] = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    assert read_event(chunks)["events"] == 2
    referee.submit(Play("30", "c3"))
    pushed = read_event(chunks)
    assert pushed["events"] == 3 and pushed["last"]["summary"] == "30@c3"
    assert next(chunks) == b": keep-alive\n\n"  # nothing new within the heartbeat
    response.close()
    assert page_of(client.application).hub.clients == 0


def test_event_stream_refuses_too_many_pages(client: FlaskClient) -> None:
    streams = [client.get("/events", buffered=False, environ_base={"REMOTE_ADDR": f"10.0.0.{n}"})
               for n in range(3)]
    refused = client.get("/events", environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert refused.status_code == 429 and "3" in refused.get_json()["error"]["en"]
    for stream in streams:
        stream.close()
    again = client.get("/events", buffered=False)
    assert again.status_code == 200
    again.close()


def test_sixteen_heads_on_the_stream_take_no_slot(client: FlaskClient) -> None:
    """``curl -sI`` sixteen times: headers only, and the page still gets its stream."""
    for _ in range(16):
        head = client.head("/events")
        assert head.status_code == 200 and head.mimetype == "text/event-stream"
    assert page_of(client.application).hub.clients == 0
    stream = client.get("/events", buffered=False)
    assert stream.status_code == 200 and page_of(client.application).hub.clients == 1
    stream.close()
    assert page_of(client.application).hub.clients == 0


def test_sixteen_streams_from_one_guest_leave_room_for_the_players(client: FlaskClient) -> None:
    guest = [client.get("/events", buffered=False, environ_base={"REMOTE_ADDR": "10.0.0.66"})
             for _ in range(16)]
    assert all(stream.status_code == 200 for stream in guest)
    phone = client.get("/events", buffered=False, environ_base={"REMOTE_ADDR": "10.0.0.5"})
    assert phone.status_code == 200
    for stream in [*guest, phone]:
        stream.close()
    assert page_of(client.application).hub.clients == 0


def test_the_legend_is_l_ascensions_alone_in_the_pages_language(app: Flask) -> None:
    client = app.test_client()
    assert 'id="legend"' not in client.get("/").get_data(as_text=True)  # Tranquillité's cells need none
    page_of(app).referee.new_game(Header("ascension", 3))
    french, english = (client.get(f"/?lang={lang}").get_data(as_text=True) for lang in ("fr", "en"))
    assert '<details id="legend" class="legend">' in french and "Herbeux : vert, une touffe d'herbe" in french
    assert "Meadow (herbeux): green, a tuft of grass" in english and "Herbeux :" not in english
