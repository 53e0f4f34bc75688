"""Exports: the record replays as stored, the CSV has a row per event, the BG Stats play is complete."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from companion.app.export import CSV_COLUMNS, FORMATS, bgstats_play, export
from companion.app.referee import Referee
from companion.app.store import Store
from companion.engine.record import Header, Replay
from companion.games.tranquility.selfplay import SelfPlay


@pytest.fixture
def played(rng: random.Random) -> tuple[Store, Referee]:
    store = Store(":memory:")
    sim = SelfPlay(3, rng, mistakes=0.2, names=["Ana", "Bo", "Cy"])
    referee = Referee(sim.header, store=store)
    referee.submit({"type": "play", "card": None, "at": "c1", "source": "camera"})
    for event in sim.run():
        referee.submit(event)
    return store, referee


def test_jsonl_is_the_record_and_replays_to_the_same_state(played: tuple[Store, Referee]) -> None:
    store, referee = played
    out = io.StringIO()
    export(store, referee.game_id or 0, "jsonl", out)
    lines = out.getvalue().splitlines()
    assert json.loads(lines[0]) == referee.header.to_json()
    assert [json.loads(line) for line in lines[1:]] == [entry.line for entry in referee.history]
    replay = Replay(io.StringIO(out.getvalue()))
    assert [step.ruling for step in replay] == [entry.ruling for entry in referee.history]
    assert replay.game.state_json() == referee.game.state_json()


def test_csv_has_one_row_per_event_with_its_ruling(played: tuple[Store, Referee]) -> None:
    store, referee = played
    out = io.StringIO()
    export(store, referee.game_id or 0, "csv", out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == len(referee.history)
    first = rows[0]
    assert (first["type"], first["card"], first["at"]) == ("play", "", "c1")
    assert (first["legal"], first["rule"]) == ("no", "G2")
    for row, entry in zip(rows, referee.history, strict=True):
        assert int(row["seq"]) == entry.seq
        assert row["legal"] == ("yes" if entry.ruling.legal else "no")
        assert row["message_fr"] == entry.ruling.message_fr
    splits = [row for row in rows if row["type"] == "start_discards"]
    assert splits and json.loads(splits[0]["detail"])["counts"]


def test_bgstats_play(played: tuple[Store, Referee]) -> None:
    store, referee = played
    stored = store.game(referee.game_id or 0)
    play = bgstats_play(stored, store.events(stored.id), lang="fr")
    won = stored.outcome == "won"
    assert play["sourceName"] == "companion" and play["game"]["name"] == "Tranquillité"
    assert play["game"]["noPoints"] is True and play["game"]["sourceGameId"] == "tranquility"
    assert [p["name"] for p in play["players"]] == ["Ana", "Bo", "Cy"]
    assert [p["winner"] for p in play["players"]] == [won] * 3
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False]
    assert len(play["playDate"]) == 19 and play["durationMin"] >= 0
    assert "Arbitrée par le compagnon" in play["comments"]


def test_bgstats_without_names_names_the_seats() -> None:
    store = Store(":memory:")
    referee = Referee(Header("ascension", 2), store=store)
    out = io.StringIO()
    export(store, referee.game_id or 0, "bgstats", out, lang="en")
    play = json.loads(out.getvalue())
    assert [p["name"] for p in play["players"]] == ["Seat 1", "Seat 2"]
    assert play["players"][0]["winner"] is False and "unfinished" in play["comments"]


def test_unknown_format() -> None:
    store = Store(":memory:")
    game = store.create(Header("tranquility", 2), now=0.0)
    assert "jsonl" in FORMATS
    with pytest.raises(ValueError, match="unknown format"):
        export(store, game, "xml", io.StringIO())
