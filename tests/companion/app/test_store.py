"""The store: WAL and full sync, one writer, every event once, games listed and resumed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.app.store import ABANDONED, Store, default_store_path
from companion.engine.record import Header
from companion.errors import StoreError


def header() -> Header:
    return Header("tranquility", 3, {"removed": 4}, ["Ana", "Bo", "Cy"])


def test_pragmas_wal_full_sync(tmp_path: Path) -> None:
    with Store(tmp_path / "games.db") as store:
        db = store._db
        assert db is not None
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_games_and_events_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store(path) as store:
        first = store.create(header(), now=100.0, meta={"demo": {"seed": 1}})
        store.append(first, 1, {"type": "play", "card": "start", "at": "start"}, {"seq": 1, "legal": True},
                     stamp=101.0)
        store.append(first, 2, {"type": "declare_loss"}, {"seq": 2, "legal": True}, stamp=102.5,
                     outcome="lost")
        second = store.create(Header("ascension", 2), now=200.0)
    with Store(path, writer=False) as reader:
        games = reader.games()
        assert [g.id for g in games] == [first, second]
        game = reader.game(first)
        assert game.header == header() and game.events == 2 and game.meta == {"demo": {"seed": 1}}
        assert (game.created, game.finished, game.outcome) == (100.0, 102.5, "lost")
        assert [e.event["type"] for e in reader.events(first)] == ["play", "declare_loss"]
        assert reader.events(first)[1].stamp == 102.5
        assert reader.unfinished() is not None and reader.unfinished().id == second  # type: ignore[union-attr]


def test_an_undo_reopens_a_finished_game() -> None:
    store = Store(":memory:")
    game = store.create(header(), now=0.0)
    store.append(game, 1, {"type": "declare_loss"}, {}, stamp=1.0, outcome="lost")
    assert store.unfinished() is None
    store.append(game, 2, {"type": "undo"}, {}, stamp=2.0, outcome=None)
    assert store.game(game).outcome is None and store.game(game).finished is None


def test_an_event_is_never_stored_twice() -> None:
    store = Store(":memory:")
    game = store.create(header(), now=0.0)
    store.append(game, 1, {"type": "undo"}, {}, stamp=1.0)
    with pytest.raises(StoreError, match="could not save"):
        store.append(game, 1, {"type": "undo"}, {}, stamp=2.0)
    assert len(store.events(game)) == 1


def test_abandon_only_an_unfinished_game() -> None:
    store = Store(":memory:")
    done = store.create(header(), now=0.0)
    store.append(done, 1, {"type": "declare_loss"}, {}, stamp=1.0, outcome="lost")
    open_game = store.create(header(), now=2.0)
    store.abandon(done, now=3.0)
    store.abandon(open_game, now=3.0)
    assert store.game(done).outcome == "lost"
    assert store.game(open_game).outcome == ABANDONED and store.game(open_game).finished == 3.0


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store(path):
        with pytest.raises(StoreError) as error:
            Store(path)
        assert "in use by another companion" in error.value.text.en
        assert "utilisé par un autre compagnon" in error.value.text.fr
        with Store(path, writer=False) as reader:  # readers need no lock
            assert reader.games() == []
    Store(path).close()  # the lock went with the first writer


def test_a_reader_cannot_write(tmp_path: Path) -> None:
    Store(tmp_path / "games.db").close()
    with Store(tmp_path / "games.db", writer=False) as reader, pytest.raises(StoreError):
        reader.create(header(), now=0.0)


def test_unusable_files_give_a_clear_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all, not even close" * 100)
    with pytest.raises(StoreError, match="cannot use the game store"):
        Store(junk)
    with pytest.raises(StoreError):
        Store(junk, writer=False)
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    with pytest.raises(StoreError):
        Store(empty, writer=False)  # no games table: never written by a companion
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError):
        Store(tmp_path / "dir.db")


def test_unknown_game() -> None:
    with pytest.raises(StoreError) as error:
        Store(":memory:").game(7)
    assert "no game 7" in error.value.text.en and "pas de partie 7" in error.value.text.fr


def test_close_twice_and_use_after_close() -> None:
    store = Store(":memory:")
    store.close()
    store.close()
    with pytest.raises(StoreError):
        store.games()
    with pytest.raises(StoreError):
        store.create(header(), now=0.0)


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_STORE", str(tmp_path / "x.db"))
    assert default_store_path() == tmp_path / "x.db"
    monkeypatch.delenv("COMPANION_STORE")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_store_path() == tmp_path / "companion" / "games.db"
