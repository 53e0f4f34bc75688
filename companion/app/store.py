"""The store: every game and every event, kept in SQLite so that a power cut loses nothing.

The database runs in WAL mode with ``synchronous=FULL``: a write is on disk
when its transaction commits, and the referee commits each event before any
sink (LED, page, console) is told of it. One process writes at a time: a
writer holds an exclusive lock on ``<path>.lock`` (the kernel releases it when
the process dies, even by SIGKILL); readers (``companion games``,
``companion export``) need no lock.

Two tables. ``games``: id, game, header (the record's header line as JSON),
created and finished (Unix seconds), outcome (``won``, ``lost``,
``abandoned``, or NULL while the game goes on) and meta (JSON: what produced
the game, e.g. the demo's seed). ``events``: game id, seq (the record's line
number, 1 for the first event), the event line as JSON, the ruling line as
JSON and the wall-clock stamp; (game id, seq) is the primary key, so an event
can never be stored twice.

>>> from companion.engine.record import Header
>>> store = Store(":memory:")
>>> game_id = store.create(Header("tranquility", 3), now=0.0)
>>> store.append(game_id, 1, {"type": "discard", "count": 2}, {"seq": 1, "legal": True}, stamp=1.0)
>>> [e.event["type"] for e in store.events(game_id)], store.game(game_id).events
(['discard'], 1)
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from companion.engine.record import Header
from companion.errors import MalformedInput, StoreError
from companion.text import Text

SCHEMA_VERSION = 1
#: Outcome of a game left unfinished when another one was started.
ABANDONED = "abandoned"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    outcome TEXT,
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    ruling TEXT NOT NULL,
    stamp REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


def default_store_path() -> Path:
    """``$COMPANION_STORE``, else ``$XDG_DATA_HOME/companion/games.db`` (``~/.local/share``)."""
    if os.environ.get("COMPANION_STORE"):
        return Path(os.environ["COMPANION_STORE"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion" / "games.db"


@dataclass(frozen=True)
class StoredGame:
    """One row of the games table, with its number of events."""

    id: int
    header: Header
    created: float
    finished: float | None
    outcome: str | None
    events: int
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StoredEvent:
    """One row of the events table: the record line, the ruling line, the wall-clock stamp."""

    seq: int
    event: dict[str, Any]
    ruling: dict[str, Any]
    stamp: float


class Store:
    """The SQLite store of games and events; thread-safe, one writer process.

    ``path`` may be ``":memory:"`` (tests). With ``writer=False`` the store
    only reads and takes no lock, so it may be opened while a companion runs.
    """

    def __init__(self, path: str | Path, *, writer: bool = True) -> None:
        self.path = str(path)
        self.writer = writer
        self._lock = threading.Lock()
        self._lock_file: IO[bytes] | None = None
        self._db: sqlite3.Connection | None = None
        memory = self.path == ":memory:"
        try:
            if not memory:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            if writer and not memory:
                self._lock_file = self._take_writer_lock()
            self._db = db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA busy_timeout = 5000")
            if writer:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = FULL")
                db.executescript(_SCHEMA)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            else:
                # A reader of a store no companion ever wrote: say so, not "no such table".
                db.execute("SELECT 1 FROM games LIMIT 1")
        except (sqlite3.Error, OSError) as error:
            self.close()
            raise StoreError(Text("store_unusable", path=self.path, detail=error)) from None

    def _take_writer_lock(self) -> IO[bytes]:
        handle = open(self.path + ".lock", "wb")  # noqa: SIM115 (held until close)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StoreError(Text("store_busy", path=self.path)) from None
        return handle

    def _release(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    def close(self) -> None:
        """Close the database and release the writer lock; may be called twice."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
            self._release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if not self.writer:
            raise StoreError(Text("store_read_only", path=self.path))
        with self._lock:
            if self._db is None:
                raise StoreError(Text("store_closed", path=self.path))
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                raise StoreError(Text("store_write_failed", path=self.path, detail=error)) from None

    def create(self, header: Header, *, now: float, meta: Mapping[str, Any] | None = None) -> int:
        """Store a new game and return its id."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, header, created, meta) VALUES (?, ?, ?, ?)",
                (header.game, _dump(header.to_json()), now, _dump(dict(meta or {}))),
            )
            game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

    def append(
        self,
        game_id: int,
        seq: int,
        event: Mapping[str, Any],
        ruling: Mapping[str, Any],
        *,
        stamp: float,
        outcome: str | None = None,
    ) -> None:
        """Commit one event and its ruling, and the game's outcome after it, in one transaction.

        ``outcome`` is ``"won"`` or ``"lost"`` once the game has ended, else
        None (an undo may take an ended game back to ongoing).
        """
        with self._transaction() as db:
            db.execute("INSERT INTO events (game_id, seq, event, ruling, stamp) VALUES (?, ?, ?, ?, ?)",
                       (game_id, seq, _dump(event), _dump(ruling), stamp))
            db.execute("UPDATE games SET outcome = ?, finished = ? WHERE id = ?",
                       (outcome, stamp if outcome else None, game_id))

    def abandon(self, game_id: int, *, now: float) -> None:
        """Mark an unfinished game as abandoned (another game was started instead)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET outcome = ?, finished = ? WHERE id = ? AND outcome IS NULL",
                       (ABANDONED, now, game_id))

    # -- reading -----------------------------------------------------------

    def _query(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            if self._db is None:
                raise StoreError(Text("store_closed", path=self.path))
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as error:
                raise StoreError(Text("store_unusable", path=self.path, detail=error)) from None

    _GAME_COLUMNS = ("SELECT g.id, g.header, g.created, g.finished, g.outcome, g.meta, "
                     "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) FROM games g")

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        return [self._row(row) for row in self._query(self._GAME_COLUMNS + " ORDER BY g.id")]

    def game(self, game_id: int) -> StoredGame:
        """The stored game ``game_id``, or :class:`StoreError`."""
        rows = self._query(self._GAME_COLUMNS + " WHERE g.id = ?", (game_id,))
        if not rows:
            raise StoreError(Text("store_no_game", id=game_id, path=self.path))
        return self._row(rows[0])

    def unfinished(self) -> StoredGame | None:
        """The latest game that has no outcome yet, if any."""
        rows = self._query(self._GAME_COLUMNS + " WHERE g.outcome IS NULL ORDER BY g.id DESC LIMIT 1")
        return self._row(rows[0]) if rows else None

    def events(self, game_id: int) -> list[StoredEvent]:
        """The events of a game with their rulings, in order."""
        rows = self._query("SELECT seq, event, ruling, stamp FROM events WHERE game_id = ? ORDER BY seq",
                           (game_id,))
        return [StoredEvent(seq, json.loads(event), json.loads(ruling), stamp)
                for seq, event, ruling, stamp in rows]

    def _row(self, row: tuple[Any, ...]) -> StoredGame:
        game_id, header, created, finished, outcome, meta, count = row
        try:
            parsed = Header.from_json(json.loads(header))
        except (MalformedInput, ValueError) as error:
            detail = error.text.en if isinstance(error, MalformedInput) else error
            raise StoreError(Text("store_unusable", path=self.path, detail=detail)) from None
        return StoredGame(game_id, parsed, created, finished, outcome, count, json.loads(meta))


def _dump(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
