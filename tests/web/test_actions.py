"""The page's controls: each one a POST with the token, ruled through Referee.submit like the camera."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app.referee import Referee
from companion.app.store import Store
from companion.app.table import TableDesk, TableRequest
from companion.engine.events import Play
from companion.engine.record import Header
from tests.web.conftest import AUTH, TOKEN
from web import Preview, create_app


def post(client: FlaskClient, action: str, body: dict[str, Any] | None = None, *, status: int = 200,
         form: bool = False) -> dict[str, Any]:
    if form:
        response = client.post(f"/action/{action}", data={**(body or {}), "token": TOKEN})
    else:
        response = client.post(f"/action/{action}", json=body or {}, headers=AUTH)
    assert response.status_code == status, response.get_data(as_text=True)
    result: dict[str, Any] = response.get_json()
    return result


def test_every_change_is_stored_with_source_page(client: FlaskClient, referee: Referee, store: Store) -> None:
    referee.submit(Play("30", "c3"))
    answer = post(client, "undo")
    entry = answer["entries"][0]
    assert answer["ok"] and entry["legal"] and entry["message_en"] == "undone: 30 at c3"
    last = store.events(referee.game_id or 0)[-1]
    assert last.event["type"] == "undo" and last.event["source"] == "page"
    assert last.ruling == {k: v for k, v in answer["entries"][0].items() if k != "summary"}


def test_correct_a_misread_card_changes_the_ruling(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("34", "d3", source="camera"))  # the camera read 34; the card is 31
    answer = post(client, "correct", {"at": "d3", "card": "31"})
    undo, play = answer["entries"]
    assert undo["message_en"] == "undone: 34 at d3"
    assert play["legal"] and play["discard"] == 1 and play["summary"] == "31@d3"
    assert referee.game.state_json()["cells"]["d3"] == "31"
    answer = post(client, "correct", {"at": "d3", "card": "29"})  # and now it is refused: flagged
    assert answer["entries"][-1]["rule"] == "T2" and referee.game.flagged


def test_correct_by_form_and_refusals(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    assert post(client, "correct", {"at": "e3", "card": "40"}, form=True)["entries"][0]["legal"]
    refused = post(client, "correct", {"at": "c3", "card": "31"}, status=409)
    assert "only a flagged card or the last card laid" in refused["error"]["en"]
    assert post(client, "correct", {"at": "c3"}, status=400)["error"]["en"] == "missing field 'card'"
    assert "unknown card" in post(client, "correct", {"at": "e4", "card": "99"}, status=400)["error"]["en"]


def test_take_back_and_override(client: FlaskClient, referee: Referee) -> None:
    referee.submit(Play("30", "c3"))
    referee.submit(Play("20", "e3"))
    answer = post(client, "take_back", {"at": "e3"})
    assert answer["entries"][0]["legal"] and not referee.game.flagged
    referee.submit(Play("20", "e3"))
    answer = post(client, "override")
    assert answer["entries"][0]["legal"] and referee.game.state_json()["cells"]["e3"] == "20"
    refused = post(client, "override")["entries"][0]
    assert not refused["legal"] and refused["rule"] == "G5"


def test_discard_two_and_declare_loss(client: FlaskClient, referee: Referee) -> None:
    answer = post(client, "discard")
    assert answer["entries"][0]["message_en"] == "Seat 2 discards 2 cards"
    refused = post(client, "declare_loss", {"player": 3})["entries"][0]
    assert not refused["legal"] and refused["rule"] == "T9"  # seat 3 can still discard two
    assert post(client, "discard", {"player": "x"}, status=400)["error"]["fr"].startswith("valeur incorrecte")


def test_start_split(client: FlaskClient, referee: Referee) -> None:
    post(client, "new_game", {"game": "tranquility", "players": 3})
    referee.submit(Play("start", "start"))
    bad = post(client, "start_discards", {"counts": {"1": 3, "2": 3, "3": 1}})["entries"][0]
    assert not bad["legal"] and bad["rule"] == "T6"
    good = post(client, "start_discards", {"seat1": "3", "seat2": "3", "seat3": "2"}, form=True)["entries"][0]
    assert good["legal"] and referee.game.state_json()["pending"] is None
    for body in ({}, {"counts": [1, 2]}, {"counts": {"x": 1}}, {"counts": {"9": 8}}, {"seat1": "-1"}):
        post(client, "start_discards", body, status=400)


def test_new_game_with_options_names_and_errors(client: FlaskClient, referee: Referee, store: Store) -> None:
    old = referee.game_id
    answer = post(client, "new_game", {"game": "ascension", "players": "4", "names": "A, B,C ,D",
                                       "options": "fauna=true\ngreen_path=true"})
    assert answer["id"] == referee.game_id != old and referee.game.name == "ascension"
    assert referee.header.names == ["A", "B", "C", "D"] and referee.game.options["fauna"] is True
    assert store.game(old or 0).outcome == "abandoned"
    for body in ({"game": "chess", "players": 2}, {"game": "tranquility", "players": 9},
                 {"game": "tranquility"}, {"game": "tranquility", "players": 3, "options": "removed=5"},
                 {"game": "tranquility", "players": 3, "options": "nonsense"},
                 {"game": "tranquility", "players": 3, "names": "a,b"}):
        post(client, "new_game", body, status=400)
    assert referee.game.name == "ascension"


def test_enter_a_record_line(client: FlaskClient, referee: Referee) -> None:
    answer = post(client, "event", {"line": '{"type": "play", "card": "30", "at": "c3", "source": "camera"}'})
    assert answer["entries"][0]["legal"] and referee.history[-1].line["source"] == "page"
    answer = post(client, "event", {"line": {"type": "discard", "count": 2}})
    assert answer["entries"][0]["legal"]
    for line in ("not json", "[1]", '{"type": "warp"}', "[" * 3000):
        post(client, "event", {"line": line}, status=400)


@pytest.mark.parametrize("action", ["correct", "take_back", "override", "undo", "discard", "declare_loss",
                                    "start_discards", "new_game", "event", "table"])
def test_every_control_needs_the_token_and_changes_nothing_without(client: FlaskClient, referee: Referee,
                                                                   action: str) -> None:
    before = (len(referee.history), referee.game.state_json(), referee.game_id)
    for headers in ({}, {"X-Companion-Token": "wrong"}, {"X-Companion-Token": ""}):
        response = client.post(f"/action/{action}", json={"at": "c3", "card": "30"}, headers=headers)
        assert response.status_code == 403
        assert response.get_json()["error"]["fr"]
    response = client.post(f"/action/{action}", data={"token": TOKEN + "x"})
    assert response.status_code == 403
    assert (len(referee.history), referee.game.state_json(), referee.game_id) == before


def test_controls_are_post_only(client: FlaskClient) -> None:
    response = client.get("/action/undo")
    assert response.status_code == 405 and response.get_json()["error"]["en"] == "GET is not allowed here"


# -- placing the table (issue 73) -------------------------------------------------------------

TAPPED = [[0.1, 0.9], [0.9, 0.9], [0.9, 0.1], [0.1, 0.1]]


@pytest.fixture
def desk() -> TableDesk:
    """The table desk, with a camera watching 1280x720 frames, its table being checked."""
    desk = TableDesk()
    desk.report("checking", (1280, 720))
    return desk


@pytest.fixture
def placing(referee: Referee, desk: TableDesk) -> FlaskClient:
    """A client of an app wired to the desk, as ``companion run`` wires it to the camera feeder."""
    return create_app(referee, {"TOKEN": TOKEN, "HOST": "pi.example"}, preview=Preview(),
                      table=desk).test_client()


def test_the_players_confirm_the_layout_or_set_the_corners(placing: FlaskClient, desk: TableDesk) -> None:
    answer = post(placing, "table", {"confirm": True})
    assert answer["message"]["en"].startswith("the camera takes the layout drawn as right")
    assert desk.take() == TableRequest(confirm=True)
    answer = post(placing, "table", {"corners": TAPPED})
    assert answer["message"]["fr"] == "la caméra place la table selon ces coins dès sa prochaine image"
    assert desk.take() == TableRequest(corners=((0.1, 0.9), (0.9, 0.9), (0.9, 0.1), (0.1, 0.1)))
    assert desk.take() is None


@pytest.mark.parametrize(("body", "said"), [
    ({}, "send {\"confirm\": true} or"),
    ({"confirm": True, "corners": TAPPED}, "not both"),
    ({"corners": TAPPED, "extra": 1}, "not both"),
    ({"confirm": False}, "bad value for 'confirm'"),
    ({"confirm": "yes"}, "bad value for 'confirm'"),
    ({"corners": TAPPED[:3]}, "four corners are needed"),
    ({"corners": [*TAPPED, [0.5, 0.5]]}, "four corners are needed"),
    ({"corners": [[1.5, 0.9], *TAPPED[1:]]}, "four corners are needed"),
    ({"corners": [[-0.1, 0.9], *TAPPED[1:]]}, "four corners are needed"),
    ({"corners": [[0.1, "0.9"], *TAPPED[1:]]}, "four corners are needed"),
    ({"corners": [[0.1, None], *TAPPED[1:]]}, "four corners are needed"),
    ({"corners": "0.1,0.9"}, "four corners are needed"),
    ({"corners": list(reversed(TAPPED))}, "bottom left, bottom right, top right, top left"),
    ({"corners": [TAPPED[0], TAPPED[2], TAPPED[1], TAPPED[3]]}, "bottom left, bottom right"),
])
def test_a_malformed_placement_is_refused_and_changes_nothing(placing: FlaskClient, desk: TableDesk,
                                                              body: dict[str, Any], said: str) -> None:
    refused = post(placing, "table", body, status=400)
    assert said in refused["error"]["en"] and refused["error"]["fr"]
    assert desk.take() is None


def test_bodies_that_are_no_placement_at_all_are_refused(placing: FlaskClient, desk: TableDesk) -> None:
    for data in (b"[1, 2]", b'{"corners": [[0.1, NaN]]}', b'{"corners": [[0.1, 1e999]]}', b"{" * 5000,
                 b"not json"):
        response = placing.post("/action/table", data=data,
                                headers={**AUTH, "Content-Type": "application/json"})
        assert response.status_code == 400 and response.get_json()["error"]["fr"]
    response = placing.post("/action/table", data={"token": TOKEN, "corners": "0.1,0.9"})
    assert response.status_code == 400
    assert desk.take() is None


def test_no_camera_no_placement(client: FlaskClient, placing: FlaskClient, desk: TableDesk) -> None:
    for body in ({"confirm": True}, {"corners": TAPPED}):
        assert post(client, "table", body, status=409)["error"]["en"] == "no camera is watching the table"
    desk.report("searching", (1280, 720))
    refused = post(placing, "table", {"confirm": True}, status=409)["error"]
    assert refused["en"].startswith("the table is not found yet")
    assert refused["fr"].startswith("la table n'est pas encore trouvée")
    post(placing, "table", {"corners": TAPPED})  # corners place a table not found
    desk.stopped()
    assert post(placing, "table", {"corners": TAPPED}, status=409)["error"]["fr"] == \
        "aucune caméra ne surveille la table"
    assert desk.take() == TableRequest(corners=((0.1, 0.9), (0.9, 0.9), (0.9, 0.1), (0.1, 0.1)))


def test_the_page_shows_the_tables_placement_in_both_languages(placing: FlaskClient, client: FlaskClient,
                                                                desk: TableDesk) -> None:
    assert client.get("/state").get_json()["table"] is None
    assert placing.get("/state").get_json()["table"] == {
        "state": "checking",
        "en": "table: placed, being checked against the cards (nothing is ruled meanwhile)",
        "fr": "table : placée, en vérification par les cartes (rien n'est jugé en attendant)", "saved": None}
    desk.report("placed", (1280, 720))  # the hub hears of it at once, with no event
    table = placing.get("/state").get_json()["table"]
    assert (table["en"], table["fr"]) == ("table: placed", "table : placée")
    page = placing.get("/?lang=fr").get_data(as_text=True)
    assert "La disposition est juste" in page and "Placer les coins" in page


def test_a_crew_attempt_set_up_and_told_from_the_page(client: FlaskClient, referee: Referee) -> None:
    """The Crew's set-up goes in the new-game form; its controls' lines, sent back, are accepted."""
    post(client, "new_game", {"game": "crew", "players": 3, "options": "task_draw=page",
                              "setup": 'commander=2\nmission={"difficulty": 3}'})
    setup = referee.header.setup
    assert referee.game.name == "crew" and setup["commander"] == 2 and setup["tasks"]
    snap = client.get("/state").get_json()
    takes = [c for c in snap["controls"] if c["group"] == "tasks"]
    assert takes and all(c["line"]["player"] == 2 for c in takes) and "seat 2" in takes[0]["en"]
    answer = post(client, "event", {"line": takes[0]["line"]})
    assert answer["entries"][0]["legal"] and referee.history[-1].line["source"] == "page"
    for body in ({"game": "crew", "players": 3},                                   # no commander
                 {"game": "crew", "players": 3, "setup": "commander=1\ncaptain=2"},  # not a set-up field
                 {"game": "crew", "players": 3, "options": "task_draw=page", "setup": "commander=1"}):
        assert post(client, "new_game", body, status=400)["error"]["fr"]


def test_a_trick_games_seats_are_tapped_one_each(placing: FlaskClient, desk: TableDesk) -> None:
    seats = [[0.5, 0.9], [0.1, 0.3], [0.9, 0.3]]  # the referee's game has three seats
    answer = post(placing, "table", {"seats": seats})
    assert answer["ok"] and desk.take() == TableRequest(seats=((0.5, 0.9), (0.1, 0.3), (0.9, 0.3)))
    for body in ({"seats": seats[:2]}, {"seats": [seats[0], seats[0], seats[1]]}, {"seats": "0.5,0.9"},
                 {"seats": seats, "corners": TAPPED}):
        refused = post(placing, "table", body, status=400)["error"]
        assert refused["en"] and refused["fr"]
    assert desk.take() is None


def test_rixes_three_places_are_tapped_for_its_two_players(referee: Referee, desk: TableDesk) -> None:
    """Rixes' table has a place for each captain, Barbe Noire's too: three taps, not two."""
    referee.new_game(Header("rixes", 2, setup={"crews": {"1": {"legend": "a"}, "2": {"legend": "b"}}}))
    client = create_app(referee, {"TOKEN": TOKEN, "HOST": "pi.example"}, preview=Preview(),
                        table=desk).test_client()
    seats = [[0.3, 0.8], [0.2, 0.2], [0.8, 0.2]]
    assert post(client, "table", {"seats": seats})["ok"] and desk.take() is not None
    assert post(client, "table", {"seats": seats[:2]}, status=400)["error"]["en"]
