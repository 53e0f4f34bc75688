"""The enrolment's page: its state as JSON, the shots as pictures, and the players' requests, each
a POST with the token, refused with a bilingual reason when wrong; nothing of it without an
enrolment."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app.enrolment import EnrolmentSession
from tests.companion.app.enrol_helpers import FakeReader, Table
from tests.web.browsing import CHROMIUM, phone_page
from tests.web.conftest import AUTH, TOKEN
from web import Preview, create_app

DECK = ["1", "2", "3", "4", "5", "6"]


@pytest.fixture
def table() -> Table:
    return Table(DECK)


@pytest.fixture
def session(table: Table) -> EnrolmentSession:
    """Six cards of Tranquillité in batches of four (2 x 2), three shots each."""
    return EnrolmentSession("tranquility", FakeReader("tranquility", DECK), table.find, grid=(2, 2), shots=3,
                            cards=DECK, name="home")


@pytest.fixture
def enrol_app(session: EnrolmentSession) -> Flask:
    return create_app(config={"TOKEN": TOKEN, "HOST": "pi.example"}, preview=Preview(), enrolment=session)


@pytest.fixture
def enrol_client(enrol_app: Flask) -> FlaskClient:
    return enrol_app.test_client()


def lay(session: EnrolmentSession, table: Table, frames: int = 8) -> None:
    laid = {session.batch.cell(card): card for card in session.batch.cards}
    for k in range(frames):
        session.feed(table.frame(laid), 0.15 * k)


def test_the_page_draws_itself_from_the_state_in_the_players_language(enrol_client: FlaskClient) -> None:
    page = enrol_client.get("/enrol")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    html = page.get_data(as_text=True)
    assert "Enrol your deck · Tranquillité" in html and "Finish &amp; save" in html
    assert 'src="/static/enrol.js"' in html and "<script>" not in html  # no inline script (CSP)
    french = enrol_client.get("/enrol?lang=fr").get_data(as_text=True)
    assert "Terminer et enregistrer" in french and "Lot 1 sur 2" in french
    # The status page leads to the enrolment while one runs.
    home = enrol_client.get("/")
    assert home.status_code == 303 and home.headers["Location"] == "enrol"


def test_the_state_follows_the_camera(enrol_client: FlaskClient, session: EnrolmentSession,
                                      table: Table) -> None:
    before = enrol_client.get("/enrol/state").get_json()
    assert before["state"] == "laying" and before["batch"]["rows"] == 2 and before["camera"] is False
    # Six cards: two batches of three.
    assert [c["state"] for c in before["batch"]["cells"]] == ["waiting"] * 3
    lay(session, table, 5)
    after = enrol_client.get("/enrol/state").get_json()
    assert after["version"] > before["version"]
    assert {c["state"] for c in after["batch"]["cells"]} == {"kept"}
    assert after["batch"]["cells"][0]["fr"] == "1 sur 3 gardées"


def test_the_shots_kept_are_one_picture_a_card(enrol_client: FlaskClient, session: EnrolmentSession,
                                               table: Table) -> None:
    assert enrol_client.get("/enrol/crops/1.jpg").status_code == 404  # none kept yet
    assert enrol_client.get("/enrol/crops/joker.jpg").status_code == 404
    lay(session, table)
    picture = enrol_client.get("/enrol/crops/1.jpg")
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    strip = cv2.imdecode(np.frombuffer(picture.data, np.uint8), cv2.IMREAD_COLOR)
    assert strip is not None and strip.shape[0] == 88 and strip.shape[1] >= 3 * 64  # three shots side by side
    assert len(picture.data) < 30_000


@pytest.mark.parametrize("action", ["skip", "redo", "right", "next", "more", "finish"])
def test_every_request_needs_the_token(enrol_client: FlaskClient, session: EnrolmentSession,
                                       action: str) -> None:
    response = enrol_client.post(f"/enrol/{action}", json={"card": "1"})
    assert response.status_code == 403 and "token" in response.get_json()["error"]["en"]
    assert session.skipped == set() and session.state == "laying"  # nothing changed
    forged = enrol_client.post(f"/enrol/{action}", json={"card": "1"}, headers={"X-Companion-Token": "guess"})
    assert forged.status_code == 403


def test_skip_redo_and_next_batch(enrol_client: FlaskClient, session: EnrolmentSession) -> None:
    skipped = enrol_client.post("/enrol/skip", json={"card": "2"}, headers=AUTH)
    assert skipped.status_code == 200
    assert skipped.get_json()["message"]["fr"] == "2 passée : le classifieur livré la lira"
    cell = {c["card"]: c for c in enrol_client.get("/enrol/state").get_json()["batch"]["cells"]}["2"]
    assert cell["state"] == "skipped"
    assert enrol_client.post("/enrol/redo", json={"card": "2"}, headers=AUTH).status_code == 200
    assert session.skipped == set()
    answer = enrol_client.post("/enrol/next", json={}, headers=AUTH).get_json()
    assert answer["message"]["en"].startswith("on to the next")
    assert session.state == "clearing"


def test_a_card_the_camera_reads_as_another_is_said_right_by_the_players(
        enrol_client: FlaskClient, session: EnrolmentSession, table: Table) -> None:
    laid = {session.batch.cell(card): card for card in session.batch.cards}
    swapped = {**laid, (0, 0): laid[(0, 1)], (0, 1): laid[(0, 0)]}
    for k in range(6):
        session.feed(table.frame(swapped), 0.15 * k)
    cells = enrol_client.get("/enrol/state").get_json()["batch"]["cells"]
    assert [c["state"] for c in cells[:2]] == ["wrong", "wrong"]
    assert cells[0]["en"] == "wrong card: 1 goes here"
    answer = enrol_client.post("/enrol/right", json={"card": "1"}, headers=AUTH)
    assert answer.get_json()["message"]["en"].startswith("1: the players say it lies in its place")
    assert enrol_client.get("/enrol/state").get_json()["batch"]["cells"][0]["state"] != "wrong"


@pytest.mark.parametrize(("action", "body", "said"), [
    ("skip", {"card": "joker"}, "joker is not a card of this enrolment"),
    ("skip", {}, "card"),
    ("redo", {"card": ["1"]}, "card"),
    ("finish", {"name": "../../etc/passwd"}, "a deck's name"),
    ("finish", {"name": 7}, "name"),
    ("more", {}, "no card looks too much like another"),
])
def test_a_request_it_cannot_take_is_refused_and_changes_nothing(
        enrol_client: FlaskClient, session: EnrolmentSession, action: str, body: dict[str, object],
        said: str) -> None:
    response = enrol_client.post(f"/enrol/{action}", json=body, headers=AUTH)
    assert response.status_code == 400 and said in response.get_json()["error"]["en"]
    assert response.get_json()["error"]["fr"]
    assert session.state == "laying" and not session.skipped


def test_finish_asks_the_command_to_save(enrol_client: FlaskClient, session: EnrolmentSession) -> None:
    answer = enrol_client.post("/enrol/finish", data={"name": "kitchen table", "token": TOKEN})
    assert answer.status_code == 200 and session.state == "finishing"
    assert session.finish_name == "kitchen table"
    # An empty name keeps the one the command was given.
    assert enrol_client.post("/enrol/finish", json={"name": ""}, headers=AUTH).status_code == 200
    assert session.finish_name == "kitchen table"


def test_without_an_enrolment_there_is_no_enrolment_page(client: FlaskClient) -> None:
    for path in ("/enrol", "/enrol/state", "/enrol/crops/1.jpg"):
        response = client.get(path, headers={"Accept": "application/json"})
        assert response.status_code == 404 and "companion enrol" in response.get_json()["error"]["en"]
    assert client.post("/enrol/next", json={}, headers=AUTH).status_code == 404
    assert client.get("/").status_code == 200  # the status page, as ever


@pytest.mark.skipif(not CHROMIUM.exists(),
                    reason="Debian's chromium is missing: tests/run installs it when run as root")
def test_on_a_phone_the_grid_is_drawn_and_a_card_is_skipped_by_a_tap(session: EnrolmentSession,
                                                                     table: Table) -> None:
    """Under the page's own policy, at a phone's size: the batch's cells, the shots kept, a tap on
    a card and "Skip card", and the page in French."""
    lay(session, table, 5)
    preview = Preview()
    preview.publish(bytes(cv2.imencode(".jpg", table.frame({}))[1]))
    app = create_app(config={"TOKEN": "enrol-token-1", "HOST": "127.0.0.1"}, preview=preview,
                     enrolment=session)
    with phone_page(app) as (base, page, violations):
        page.goto(f"{base}#token=enrol-token-1")  # led to /enrol
        page.wait_for_selector("#link.live")
        assert page.url.endswith("/enrol") and page.locator("#grid .cell").count() == 3
        assert page.locator("#grid .cell.kept").count() == 3
        page.wait_for_selector("#kept img.strip")
        assert page.locator("#kept li").count() == 3
        page.click("#grid .cell[data-card='2']")
        page.wait_for_selector("#picked:has-text('Card 2:')")
        page.click("#skip")
        page.wait_for_selector("#toast:has-text('2 skipped')")
        page.wait_for_selector("#grid .cell.skipped[data-card='2']")
        assert session.skipped == {"2"}
        box = page.locator("#grid").bounding_box()
        assert box is not None and box["width"] <= 390  # the grid fits the phone's width
        page.click("text=Français")
        page.wait_for_selector("html[lang=fr]")
        page.wait_for_selector("#grid .cell.skipped:has-text('passée')")
        assert not violations, violations

