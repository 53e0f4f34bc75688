"""The store: WAL and full sync, one writer, every event once, games listed and resumed."""

from __future__ import annotations

import errno
import os
import random
import sqlite3
from pathlib import Path

import pytest

from companion.app.store import ABANDONED, SCHEMA_VERSION, Store, default_store_path, require_store
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
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


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


# -- issue 64: a damaged file, a broken row, a symbolic link, a lost journal -----------------


def filled(path: Path, games: int = 3, events: int = 40) -> None:
    """A store of ``games`` games of ``events`` events each, closed (checkpointed) as after play."""
    with Store(path) as store:
        for number in range(games):
            game = store.create(header(), now=float(number))
            for seq in range(1, events + 1):
                store.append(game, seq, {"type": "discard", "count": 2, "note": "x" * 60},
                             {"seq": seq, "legal": True, "message_en": "ok " * 20}, stamp=float(seq))


def damage(path: Path, seed: int = 64) -> None:
    """512 random bytes written in the middle of the file, as a bad card or a stray write would."""
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.seek(size // 2)
        handle.write(random.Random(seed).randbytes(512))


def test_a_damaged_store_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path)
    damage(path)
    before = path.read_bytes()
    with pytest.raises(StoreError) as error:
        Store(path)
    for said in (error.value.text.en, error.value.text.fr):
        assert "companion store check" in said and "companion store recover" in said
    assert "damaged" in error.value.text.en and "endommagé" in error.value.text.fr
    assert path.read_bytes() == before  # not one byte appended
    with pytest.raises(StoreError, match="damaged"):
        Store(path, writer=False).games()


def test_a_row_with_broken_json_is_a_clear_store_error(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=2, events=3)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET event = '{\"type\": \"disc' WHERE game_id = 1 AND seq = 2")
        db.execute("UPDATE games SET header = '[[[[' WHERE id = 2")
    with Store(path, writer=False) as store:
        with pytest.raises(StoreError) as error:
            store.events(1)
        assert "game 1, event 2" in error.value.text.en and "partie 1, événement 2" in error.value.text.fr
        assert "companion store recover" in error.value.text.en
        with pytest.raises(StoreError, match=r"\(game 2\)"):
            store.games()
        assert store.game(1).events == 3  # the rest reads on


def test_a_symbolic_link_to_a_store_meets_its_lock(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    (tmp_path / "elsewhere").mkdir()
    link = tmp_path / "elsewhere" / "link.db"
    with Store(path):
        link.symlink_to(path)
        with pytest.raises(StoreError) as error:
            Store(link)
        assert error.value.text.key == "store_busy"
    with Store(link) as store:  # the lock went with the first writer; the link is the same store
        assert store.real == str(path.resolve())


def killed(path: Path, into: Path) -> Path:
    """The files a SIGKILL would leave of the open store at ``path``: the file, its journal and mark
    as they are on disk now (what the page cache holds is what the kernel writes)."""
    into.mkdir()
    for suffix in ("", "-wal", ".mark"):
        if Path(f"{path}{suffix}").exists():
            (into / f"{path.name}{suffix}").write_bytes(Path(f"{path}{suffix}").read_bytes())
    return into / path.name


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_lost_journal_keeps_the_last_checkpoint_and_says_what_it_took(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "games.db"
    with Store(path, clock=clock) as store:
        done = store.create(header(), now=0.0)
        store.append(done, 1, {"type": "declare_loss"}, {}, stamp=1.0, outcome="lost")  # its end: checkpoint
        game = store.create(header(), now=2.0)
        for seq in range(1, 6):
            store.append(game, seq, {"type": "undo"}, {}, stamp=float(seq))
        clock.now = 121.0  # two minutes of play: the next commit checkpoints
        store.append(game, 6, {"type": "undo"}, {}, stamp=6.0)
        for seq in range(7, 10):
            store.append(game, seq, {"type": "undo"}, {}, stamp=float(seq))
        deleted = killed(path, tmp_path / "deleted")
        damaged = killed(path, tmp_path / "damaged")
    Path(f"{deleted}-wal").unlink()
    damage(Path(f"{damaged}-wal"), seed=1)  # the middle of the journal: the frames after it are lost too

    with Store(deleted) as store:
        assert [(g.id, g.events) for g in store.games()] == [(1, 1), (2, 6)]  # up to the checkpoint
        assert store.lost is not None
        assert store.lost.args["events"] == 3 and store.lost.args["seq"] == 6
        assert "3 event(s) and 0 game(s)" in store.lost.en and "3 événement(s)" in store.lost.fr
        assert "it had reached game 2, event 9" in store.lost.en
    with Store(deleted) as store:
        assert store.lost is None  # said once: the mark follows the file from now on
    with Store(damaged) as store:
        kept = store.game(2).events
        assert 6 <= kept < 9 and store.lost is not None and store.lost.args["events"] == 9 - kept
    with Store(path) as store:
        assert store.lost is None and store.game(2).events == 9  # the clean close lost nothing


def test_unreadable_folders_give_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    real_stat = os.stat

    def stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        # As a folder the user may not enter answers, even to root (who ignores chmod 000).
        if str(path).startswith(str(shut)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat)
    for opening in (lambda: Store(shut / "games.db"), lambda: require_store(shut / "games.db")):
        with pytest.raises(StoreError) as error:
            opening()
        assert error.value.text.key == "store_unusable"
        assert "permission denied" in error.value.text.en.lower()
