"""A store looked after: checked, recovered when damaged, copied while a game runs.

* :func:`check`: SQLite's own check (``quick_check``, or ``integrity_check``
  with ``full``), then every row of both tables decoded as the companion reads
  it; what is wrong, line by line.
* :func:`recover`: every game and event that can still be read, copied into a
  new sound file put in the store's place; the damaged file is kept aside as
  ``<name>.damaged-<stamp>``. Rows are read one at a time, so one bad page
  costs the rows on it, not the table. A game keeps its events up to the first
  one that cannot be read: the events after a hole would be ruled on another
  table than the one they were played on, and the next event's number would
  meet one already stored.
* :func:`backup`: a consistent copy through SQLite's online backup API, which
  reads like any reader, so it needs no lock and may run while a companion
  writes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.app.store import (
    OUTCOMES,
    SCHEMA,
    SCHEMA_VERSION,
    decode_number,
    decode_object,
    quick_check,
    require_store,
    writer_lock,
)
from companion.app.store_mark import Mark
from companion.engine.record import Header
from companion.errors import MalformedInput, StoreError
from companion.text import Text

#: The columns of a game row, in the order :func:`_scan` reads them.
_GAME = "id, game, header, created, finished, outcome, meta"
#: Ids probed one by one past a part of the games table that cannot be scanned.
_PROBE_LIMIT = 100_000


@dataclass
class Report:
    """What a check or a recovery found: the problems (bilingual), and what was read."""

    problems: list[Text] = field(default_factory=list)
    games: int = 0
    events: int = 0
    lost_games: int = 0
    lost_events: int = 0
    aside: str | None = None


def check(path: str | Path, *, full: bool = False) -> Report:
    """Check the store at ``path`` without writing to it: SQLite's check, then every row decoded."""
    report = Report()
    with _reader(path) as db:
        pragma = "integrity_check" if full else "quick_check"
        report.problems.extend(Text("store_sqlite_says", detail=line) for line in quick_check(db, pragma))
        for row in _rows(db, f"SELECT {_GAME} FROM games ORDER BY id", (), report):
            report.games += 1
            try:
                _game(row)
            except MalformedInput as error:
                report.problems.append(_bad(Text("store_row_game", id=row[0]), error))
        sql = "SELECT game_id, seq, event, ruling, stamp FROM events ORDER BY game_id, seq"
        for game_id, seq, event, ruling, stamp in _rows(db, sql, (), report):
            report.events += 1
            try:
                _event(event, ruling, stamp)
            except MalformedInput as error:
                report.problems.append(_bad(Text("store_row_event", id=game_id, seq=seq), error))
    # A file that is no database says so to every read: once is enough.
    report.problems = list(dict.fromkeys(report.problems))
    return report


def recover(path: str | Path) -> Report:
    """Copy what can be read of the store at ``path`` into a new file in its place; keep the
    damaged one aside. Takes the writer lock: no companion may be writing."""
    report = Report()
    require_store(path)
    with writer_lock(path) as real, tempfile.TemporaryDirectory(dir=Path(real).parent) as scratch:
        # Read from a copy: opening the damaged file itself would checkpoint into it on close.
        copy = Path(scratch) / "damaged.db"
        for suffix in ("", "-wal"):
            if os.path.exists(real + suffix):
                shutil.copyfile(real + suffix, str(copy) + suffix)
        mark = Mark(real + ".mark")
        had = mark.read()
        mark.close()
        games = _readable(copy, report)
        if had is not None:
            # What the store had committed, where the damage hides how much was on its pages.
            report.lost_games = max(report.lost_games, had.games - report.games)
            report.lost_events = max(report.lost_events, had.events - report.events)
        fresh = Path(scratch) / "recovered.db"
        _write(fresh, games, _published(copy, games))
        report.aside = f"{real}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        os.replace(real, report.aside)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.replace(real + suffix, report.aside + suffix)
        with contextlib.suppress(FileNotFoundError):
            # The recovered file starts a new count: the old mark would report its drops as lost.
            os.remove(real + ".mark")
        os.replace(fresh, real)
    return report


def backup(path: str | Path, out: str | Path) -> Report:
    """Copy the store at ``path`` to the new file ``out`` through SQLite's online backup; the
    copy's games and events counted and checked."""
    report = Report()
    partial = Path(f"{out}.partial")
    with _reader(path) as source:
        try:
            target = sqlite3.connect(partial)
        except sqlite3.Error as error:
            raise StoreError(Text("cli_cannot_write", path=str(out), detail=error)) from None
        try:
            source.backup(target)
            report.games = target.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            report.events = target.execute("SELECT COUNT(*) FROM events").fetchone()[0]
            report.problems.extend(Text("store_sqlite_says", detail=line) for line in quick_check(target))
            # A file of its own: no journal beside it to be forgotten when it is carried away.
            target.execute("PRAGMA journal_mode = DELETE")
        except sqlite3.Error as error:
            partial.unlink(missing_ok=True)
            raise StoreError(Text("store_unusable", path=str(path), detail=error)) from None
        finally:
            target.close()
    os.replace(partial, out)
    return report


# -- reading what can be read -------------------------------------------------------


@contextlib.contextmanager
def _reader(path: str | Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to ``path``: a check or a backup never writes the store (a plain
    reader, the last to close, would checkpoint the journal into the file). The file's damage is
    reported by the reads, not here."""
    require_store(path)
    try:
        uri = f"file:{urllib.parse.quote(os.path.realpath(path))}?mode=ro"
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
        db.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.Error as error:
        raise StoreError(Text("store_unusable", path=str(path), detail=error)) from None
    try:
        yield db
    finally:
        db.close()


def _rows(db: sqlite3.Connection, sql: str, args: tuple[object, ...], report: Report) -> Iterator[Any]:
    """The rows of ``sql`` one at a time, until the first that cannot be read (said in ``report``)."""
    try:
        cursor = db.execute(sql, args)
        while (row := cursor.fetchone()) is not None:
            yield row
    except sqlite3.DatabaseError as error:
        report.problems.append(Text("store_sqlite_says", detail=str(error)))


def _one(db: sqlite3.Connection, sql: str, args: tuple[object, ...] = ()) -> Any:
    """The first column of the first row of ``sql``, or None where it cannot be read."""
    try:
        row = db.execute(sql, args).fetchone()
    except sqlite3.DatabaseError:
        return None
    return None if row is None else row[0]


def _game(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A game row checked as the companion reads it (its header, times and meta), or MalformedInput."""
    game_id, _, header, created, finished, outcome, meta = row
    parsed = Header.from_json(decode_object(header))
    if finished is not None:
        decode_number(finished, "finished")
    if outcome not in (None, *OUTCOMES):
        raise MalformedInput(Text("bad_field", field="outcome", value=repr(outcome)[:40]))
    decode_number(created, "created")
    return (game_id, parsed.game, header, created, finished, outcome, _meta(meta))


def _meta(meta: object) -> str:
    """The game's meta as stored, or ``{}`` where it does not decode (the header is what matters)."""
    try:
        decode_object(meta)
    except MalformedInput:
        return "{}"
    assert isinstance(meta, str)
    return meta


def _readable(path: Path, report: Report) -> list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    """Every game row that can be read, each with its events up to the first unreadable one."""
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        report.problems.append(Text("store_sqlite_says", detail=str(error)))
        return []
    with contextlib.closing(db):
        rows = {row[0]: row for row in _rows(db, f"SELECT {_GAME} FROM games ORDER BY id", (), report)}
        top = max(_one(db, "SELECT MAX(id) FROM games") or 0,
                  _one(db, "SELECT MAX(game_id) FROM events") or 0)
        # Past a page the scan could not cross, each id is looked up on its own.
        for game_id in range(max(rows, default=0) + 1, min(top, _PROBE_LIMIT) + 1):
            for row in _rows(db, f"SELECT {_GAME} FROM games WHERE id = ?", (game_id,), report):
                rows[game_id] = row
        total_games = max(_one(db, "SELECT COUNT(*) FROM games") or 0, len(rows), top)
        total_events = _one(db, "SELECT COUNT(*) FROM events") or 0
        games = []
        for game_id in sorted(rows):
            try:
                game = _game(rows[game_id])
            except MalformedInput:
                continue
            games.append((game, _events(db, game_id, report)))
    report.games = len(games)
    report.events = sum(len(events) for _, events in games)
    report.lost_games = total_games - report.games
    report.lost_events = max(0, total_events - report.events)
    return games


def _events(db: sqlite3.Connection, game_id: int, report: Report) -> list[tuple[Any, ...]]:
    """The game's events from its first, up to the first that cannot be read or is missing."""
    kept: list[tuple[Any, ...]] = []
    sql = "SELECT seq, event, ruling, stamp FROM events WHERE game_id = ? ORDER BY seq"
    for seq, event, ruling, stamp in _rows(db, sql, (game_id,), report):
        if seq != len(kept) + 1:
            break
        try:
            _event(event, ruling, stamp)
        except MalformedInput:
            break
        kept.append((game_id, seq, event, ruling, stamp))
    return kept


Games = list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]


def _published(path: Path, games: Games) -> list[tuple[int, int]]:
    """Each recovered game's mark of what a club's broker acknowledged, at most its recovered events:
    a recovered table then republishes only what the broker never had."""
    counts = {game[0]: len(events) for game, events in games}
    try:
        with contextlib.closing(sqlite3.connect(path)) as db:
            rows = db.execute("SELECT game_id, seq FROM published").fetchall()
    except sqlite3.Error:  # unreadable: the table republishes all, and the dashboard drops what it holds
        return []
    return [(game, min(seq, counts[game])) for game, seq in rows if game in counts and isinstance(seq, int)]


def _write(path: Path, games: Games, published: list[tuple[int, int]]) -> None:
    """A new store at ``path`` holding ``games``, their ids and numbers kept, and the broker's marks."""
    db = sqlite3.connect(path)
    with contextlib.closing(db):
        db.executescript(SCHEMA)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        with db:
            for game, events in games:
                db.execute(f"INSERT INTO games ({_GAME}) VALUES (?, ?, ?, ?, ?, ?, ?)", game)
                db.executemany("INSERT INTO events (game_id, seq, event, ruling, stamp) "
                               "VALUES (?, ?, ?, ?, ?)", events)
            db.executemany("INSERT INTO published (game_id, seq) VALUES (?, ?)", published)
        db.execute("PRAGMA journal_mode = WAL")


def _event(event: object, ruling: object, stamp: object) -> None:
    """An event row checked as the companion reads it, or MalformedInput."""
    decode_object(event)
    decode_object(ruling)
    decode_number(stamp, "stamp")


def _bad(what: Text, error: MalformedInput) -> Text:
    return Text("store_row_problem", what=what, error=error.text)
