"""Exports: the record replays as stored, the CSV reads back in a spreadsheet with every seat
named, the BG Stats file and the BGG play have their formats' shape (``shared/FORMATS.md``)."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion.app.export import CSV_COLUMNS, FORMATS, export
from companion.app.referee import Referee
from companion.app.store import Store
from companion.engine.events import Play
from companion.engine.record import Header, Replay, Step
from companion.errors import MalformedInput
from companion.games.tranquility.selfplay import SelfPlay

GOLDEN = Path(__file__).parents[2] / "golden"
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$")
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


@pytest.fixture
def played(rng: random.Random) -> tuple[Store, Referee]:
    store = Store(":memory:")
    sim = SelfPlay(3, rng, mistakes=0.2, names=["Ana", "Bo", "Cy"])
    referee = Referee(sim.header, store=store)
    referee.submit({"type": "play", "card": None, "at": "c1", "source": "camera"})
    for event in sim.run():
        referee.submit(event)
    return store, referee


def written(store: Store, ids: list[int], fmt: str, lang: str = "en") -> str:
    out = io.StringIO()
    export(store, ids, fmt, out, lang="fr" if lang == "fr" else "en")
    return out.getvalue()


def test_jsonl_is_the_record_and_replays_to_the_same_state(played: tuple[Store, Referee]) -> None:
    store, referee = played
    text = written(store, [referee.game_id or 0], "jsonl")
    lines = text.splitlines()
    assert json.loads(lines[0]) == referee.header.to_json()
    assert [json.loads(line) for line in lines[1:]] == [entry.line for entry in referee.history]
    replay = Replay(io.StringIO(text))
    assert [step.ruling for step in replay] == [entry.ruling for entry in referee.history]
    assert replay.game.state_json() == referee.game.state_json()


def stored(golden: Path, store: Store) -> tuple[int, Replay, list[Step]]:
    """The golden record stored as the live referee stores it (each line with its ruling)."""
    text = golden.read_text(encoding="utf-8")
    replay = Replay(io.StringIO(text))
    steps = list(replay)
    game = store.create(replay.header, now=0.0)
    lines = [json.loads(line) for line in text.splitlines()[1:] if line.strip()]
    outcome = replay.game.outcome()
    for step, line in zip(steps, lines, strict=True):
        last = step is steps[-1] and outcome is not None
        store.append(game, step.seq, line, step.ruling.to_json(step.seq), stamp=60.0 * step.seq,
                     outcome=outcome.result if last and outcome is not None else None)
    return game, replay, steps


RECORDS = sorted(p for p in GOLDEN.glob("*.jsonl") if not p.stem.endswith(".rulings"))


@pytest.mark.parametrize("golden", RECORDS, ids=lambda path: path.stem)
def test_every_golden_record_round_trips_through_the_store_and_replay(golden: Path) -> None:
    store = Store(":memory:")
    game, replay, steps = stored(golden, store)
    text = golden.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()[1:] if line.strip()]
    exported = written(store, [game], "jsonl")
    assert [json.loads(line) for line in exported.splitlines()] == [json.loads(text.splitlines()[0]), *lines]
    again = Replay(io.StringIO(exported))
    assert [step.ruling for step in again] == [step.ruling for step in steps]
    assert again.game.state_json() == replay.game.state_json()


def test_csv_reads_back_with_one_row_per_event_and_every_seat_named(played: tuple[Store, Referee]) -> None:
    store, referee = played
    raw = written(store, [referee.game_id or 0], "csv")
    assert raw.startswith("\ufeff")  # a spreadsheet reads "défausser" right
    rows = list(csv.DictReader(io.StringIO(raw.encode("utf-8").decode("utf-8-sig"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == len(referee.history)
    first = rows[0]
    assert (first["type"], first["card"], first["at"], first["source"]) == ("play", "", "c1", "camera")
    assert (first["legal"], first["rule"], first["player"]) == ("no", "G2", "1")  # the seat to play
    for row, entry in zip(rows, referee.history, strict=True):
        assert int(row["seq"]) == entry.seq
        assert row["legal"] == ("yes" if entry.ruling.legal else "no")
        assert row["message_fr"] == entry.ruling.message_fr
        if row["type"] in ("play", "discard", "take_back"):
            assert row["player"] in ("1", "2", "3"), row
    splits = [row for row in rows if row["type"] == "start_discards"]
    assert splits and json.loads(splits[0]["detail"])["counts"]


def _bgstats_shape(document: dict[str, Any]) -> None:
    """The de-facto shape of a BG Stats play file (shared/FORMATS.md)."""
    assert set(document) == {"about", "players", "locations", "games", "plays", "userInfo"}
    assert document["about"].startswith("This is a Play file that can be read by Board Game Stats")
    ids = {}
    for kind, keys in (("players", {"id", "uuid", "name", "isAnonymous", "bggUsername", "modificationDate"}),
                       ("locations", {"id", "uuid", "name", "modificationDate"}),
                       ("games", {"id", "uuid", "name", "bggId", "bggName", "bggYear", "cooperative",
                                  "highestWins", "noPoints", "usesTeams", "designers", "modificationDate"})):
        for item in document[kind]:
            assert set(item) == keys and UUID.match(item["uuid"]) and isinstance(item["id"], int)
            assert DATE.match(item["modificationDate"])
        ids[kind] = {item["id"] for item in document[kind]}
        assert len(ids[kind]) == len(document[kind])
    assert document["userInfo"]["meRefId"] in ids["players"]
    for play in document["plays"]:
        assert play["gameRefId"] in ids["games"] and play["locationRefId"] in ids["locations"]
        assert UUID.match(play["uuid"]) and DATE.match(play["playDate"]) and DATE.match(play["entryDate"])
        assert str(play["playDateYmd"]) == play["playDate"][:10].replace("-", "")
        assert play["playImages"] == "[]" and play["expansionPlays"] == []
        assert isinstance(play["durationMin"], int) and play["durationMin"] >= 0
        for score in play["playerScores"]:
            assert score["playerRefId"] in ids["players"] and isinstance(score["score"], str)
            assert isinstance(score["winner"], bool) and isinstance(score["rank"], int)
        seats = play["playerScores"]
        assert sorted(s["seatOrder"] for s in seats) == list(range(1, len(seats) + 1))


def test_bgstats_file_has_the_apps_shape_and_the_table_wins_together(played: tuple[Store, Referee]) -> None:
    store, referee = played
    stored = store.game(referee.game_id or 0)
    document = json.loads(written(store, [stored.id], "bgstats", "fr"))
    _bgstats_shape(document)
    (game,), (play,) = document["games"], document["plays"]
    assert game["name"] == "Tranquillité" and game["bggId"] == 288513 and game["cooperative"] is True
    assert game["noPoints"] is True
    names = {p["id"]: p["name"] for p in document["players"]}
    assert [names[s["playerRefId"]] for s in play["playerScores"]] == ["Ana", "Bo", "Cy"]
    won = stored.outcome == "won"
    assert [s["winner"] for s in play["playerScores"]] == [won] * 3
    assert [s["startPlayer"] for s in play["playerScores"]] == [True, False, False]
    assert all(s["rank"] == 0 and s["score"] == "" for s in play["playerScores"])  # no rank in a team
    assert "Arbitrée par le compagnon" in play["comments"]
    # The same game exported again is the same play (the app does not count it twice).
    assert json.loads(written(store, [stored.id], "bgstats", "fr"))["plays"][0]["uuid"] == play["uuid"]


def test_an_unfinished_game_of_unnamed_seats_names_no_winner_and_no_rank() -> None:
    store = Store(":memory:")
    referee = Referee(Header("ascension", 2), store=store)
    document = json.loads(written(store, [referee.game_id or 0], "bgstats"))
    _bgstats_shape(document)
    assert [p["name"] for p in document["players"]] == ["Seat 1", "Seat 2"]
    scores = document["plays"][0]["playerScores"]
    assert [(s["winner"], s["rank"]) for s in scores] == [(False, 0), (False, 0)]
    assert "unfinished" in document["plays"][0]["comments"] and document["games"][0]["bggId"] == 0


def test_a_night_of_games_is_one_file_and_a_scored_game_ranks_its_seats() -> None:
    store = Store(":memory:")
    first = Referee(Header("tranquility", 2, names=["Ana", "Bo"]), store=store)
    first.submit(Play("start", "start"))
    duel = Referee(Header("tranquility", 2, {"variant": "competition"}, names=["Ana", "Bo"]), store=store)
    for event in [Play("20", "c2", up="day"), Play("30", "c3", up="night")]:
        duel.submit(event)
    points = duel.game.points()
    assert points and set(points) == {1, 2}
    document = json.loads(written(store, [first.game_id or 0, duel.game_id or 0], "bgstats"))
    _bgstats_shape(document)
    assert len(document["players"]) == 2 and len(document["plays"]) == 2
    scores = document["plays"][1]["playerScores"]
    assert [s["score"] for s in scores] == [str(points[1]), str(points[2])]
    assert [s["rank"] for s in scores] == [0, 0]  # not over: no rank yet
    # Compétition is scored seat against seat: not its cooperative namesake.
    cooperative, scored = document["games"]
    assert (cooperative["noPoints"], cooperative["cooperative"]) == (True, True)
    assert (scored["noPoints"], scored["cooperative"]) == (False, False)
    assert document["plays"][1]["gameRefId"] == scored["id"] != cooperative["id"]


@pytest.mark.parametrize("name", ["tranquility-competition", "rixes-won"])
def test_a_finished_game_scored_seat_against_seat_ranks_its_seats_by_their_points(name: str) -> None:
    store = Store(":memory:")
    game, replay, _ = stored(GOLDEN / f"{name}.jsonl", store)
    points, outcome = replay.game.points(), replay.game.outcome()
    assert points and outcome is not None
    document = json.loads(written(store, [game], "bgstats"))
    _bgstats_shape(document)
    scores = document["plays"][0]["playerScores"]
    assert [s["score"] for s in scores] == [str(points[seat]) for seat in sorted(points)]
    assert [s["winner"] for s in scores] == [seat in outcome.winners for seat in sorted(points)]
    ranks = [s["rank"] for s in scores]
    assert min(ranks) == 1 and all(rank >= 1 for rank in ranks)
    assert document["games"][0]["cooperative"] is False and document["games"][0]["noPoints"] is False
    (bgg,) = json.loads(written(store, [game], "bgg"))
    assert [p["score"] for p in bgg["players"]] == [s["score"] for s in scores]
    assert bgg["incomplete"] is False and bgg["length"] > 0


def test_bgg_play_has_the_fields_of_a_logged_play(played: tuple[Store, Referee]) -> None:
    store, referee = played
    (play,) = json.loads(written(store, [referee.game_id or 0], "bgg"))
    assert set(play) == {"objecttype", "objectid", "name", "playdate", "quantity", "length", "location",
                         "incomplete", "nowinstats", "comments", "players"}
    assert play["objectid"] == 288513 and play["objecttype"] == "thing" and play["quantity"] == 1
    assert re.match(r"^\d{4}-\d\d-\d\d$", play["playdate"])
    won = store.game(referee.game_id or 0).outcome == "won"
    assert [(p["name"], p["startposition"], p["win"]) for p in play["players"]] == [
        ("Ana", "1", won), ("Bo", "2", won), ("Cy", "3", won)]


def test_unknown_format_and_several_games_in_a_one_game_format() -> None:
    store = Store(":memory:")
    game = store.create(Header("tranquility", 2), now=0.0)
    assert "jsonl" in FORMATS
    with pytest.raises(ValueError, match="unknown format"):
        export(store, [game], "xml", io.StringIO())
    with pytest.raises(MalformedInput):
        export(store, [game, game], "csv", io.StringIO())
