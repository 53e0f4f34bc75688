"""The store: every game and every event, kept in SQLite so that a power cut loses nothing.

The database runs in WAL mode with ``synchronous=FULL``: a write is on disk
when its transaction commits, and the referee commits each event before any
sink (LED, page, console) is told of it. One process writes at a time: a
writer holds an exclusive lock on ``<file>.lock`` beside the file itself, its
symbolic links resolved, so that two names of one store meet one lock (the
kernel releases it when the process dies, even by SIGKILL); readers
(``companion games``, ``companion export``, ``companion backup``) need no lock.

A writer trusts nothing it did not check. At start-up it runs ``PRAGMA
quick_check`` and refuses a damaged file (appending to it would bury good
games under bad pages), naming ``companion store check`` and ``companion store
recover``. It checkpoints the journal (the ``-wal`` file) into the main file
when a game starts or ends and every :data:`CHECKPOINT_EVERY` seconds of play,
so that losing the journal loses minutes, not the whole evening. And it keeps a
high-water mark beside the store (``<file>.mark``, see :class:`Mark`): what it
had committed, compared at the next start with what the file holds, so that a
journal lost or damaged after a kill is said, with how many events it took.
A stored row that does not decode (its JSON broken by hand or by a bad disk)
is a :class:`StoreError` naming the game and the event, never a traceback.

Three tables. ``games``: id, game, header (the record's header line as JSON),
created and finished (Unix seconds), outcome (``won``, ``lost``,
``abandoned``, or NULL while the game goes on) and meta (JSON: what produced
the game, e.g. the demo's seed). ``events``: game id, seq (the record's line
number, 1 for the first event), the event line as JSON, the ruling line as
JSON and the wall-clock stamp; (game id, seq) is the primary key, so an event
can never be stored twice. ``published`` (schema version 2, made on opening a version-1 file):
per game, the last seq a club's broker acknowledged, the outbox mark of :mod:`companion.app.club`.

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
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from companion.app.store_mark import Mark, Tally
from companion.engine.record import Header, parse_line
from companion.errors import MalformedInput, StoreError
from companion.text import Text, os_reason

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
#: Outcome of a game left unfinished when another one was started.
ABANDONED = "abandoned"
#: Every outcome a stored game may have: an engine's result (a trick game redealt is ``void``, a
#: Compétition level on every count a ``draw``) or abandoned.
OUTCOMES = ("won", "lost", "void", "draw", ABANDONED)
#: Seconds of play between two checkpoints of the journal into the main file: what a lost
#: ``-wal`` file can take at most (a game's start and end checkpoint too). Not after every event:
#: a checkpoint syncs the main file too, tens of milliseconds on an SD card, and it runs before
#: the ruling is shown; once in two minutes one ruling pays it.
CHECKPOINT_EVERY = 120.0
#: SQLite's result codes for a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB.
_DAMAGED_CODES = frozenset({11, 26})
#: The most lines of ``quick_check`` a message quotes.
_QUOTED = 3

#: The tables, as every writer (and a recovery) makes them.
SCHEMA = """
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
CREATE TABLE IF NOT EXISTS published (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL
);
"""


#: One event as :meth:`Store.append_many` takes it: game id, seq, event, ruling, stamp, outcome.
Row = tuple[int, int, Mapping[str, Any], Mapping[str, Any], float, str | None]


def default_store_path() -> Path:
    """``$COMPANION_STORE``, else ``$XDG_DATA_HOME/companion/games.db`` (``~/.local/share``)."""
    if os.environ.get("COMPANION_STORE"):
        return Path(os.environ["COMPANION_STORE"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion" / "games.db"


def demo_store_path() -> Path:
    """Where ``companion demo`` keeps its games: ``demo.db`` beside :func:`default_store_path`'s
    file, so that a demo never mixes with the real games."""
    return default_store_path().with_name("demo.db")


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


def decode_object(value: object) -> dict[str, Any]:
    """A stored JSON column decoded through the record's bounded reader, or :class:`MalformedInput`.

    >>> decode_object('{"type": "undo"}')
    {'type': 'undo'}
    >>> decode_object('[1, 2]')
    Traceback (most recent call last):
    companion.errors.MalformedInput: a record line must be a JSON object
    """
    if not isinstance(value, str):
        raise MalformedInput(Text("not_an_object"))
    decoded = parse_line(value)
    if not isinstance(decoded, dict):
        raise MalformedInput(Text("not_an_object"))
    return decoded


def decode_number(value: object, name: str) -> float:
    """A stored number (a stamp, a time), or :class:`MalformedInput`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedInput(Text("bad_field", field=name, value=repr(value)[:40]))
    return float(value)


def damaged(error: sqlite3.Error) -> bool:
    """Whether SQLite's ``error`` says the file is damaged (not busy, locked or missing)."""
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in _DAMAGED_CODES


def quick_check(db: sqlite3.Connection, pragma: str = "quick_check") -> list[str]:
    """SQLite's own check of the file (``quick_check`` or ``integrity_check``): its complaints,
    none when the file is sound. A file too damaged to be checked is one complaint."""
    try:
        lines = [str(row[0]) for row in db.execute(f"PRAGMA {pragma}")]
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if lines == ["ok"] else lines


class Store:
    """The SQLite store of games and events; thread-safe, one writer process.

    ``path`` may be ``":memory:"`` (tests). With ``writer=False`` the store
    only reads and takes no lock, so it may be opened while a companion runs.
    A writer refuses a damaged file (:class:`StoreError`) and sets :attr:`lost`
    when the file holds fewer events than its mark says were committed.
    ``clock`` times the checkpoints (tests pass a fake).
    """

    def __init__(self, path: str | Path, *, writer: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        #: The file itself, its links resolved: its lock, journal and mark are beside it.
        self.real = self.path if memory else os.path.realpath(self.path)
        self.writer = writer
        #: What a writer found missing at start-up (a lost journal), said to the players; else None.
        self.lost: Text | None = None
        self.clock = clock
        self._lock = threading.RLock()
        self._lock_file: IO[bytes] | None = None
        self._db: sqlite3.Connection | None = None
        self._mark: Mark | None = None
        self._tally = Tally()
        self._checkpointed = clock()
        try:
            existed = not memory and _exists(self.real)
            if not memory:
                Path(self.real).parent.mkdir(parents=True, exist_ok=True)
            if writer and not memory:
                self._lock_file = self._take_writer_lock()
            self._db = db = sqlite3.connect(self.real, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA busy_timeout = 5000")
            if writer:
                self._open_writer(db, existed=existed, memory=memory)
            else:
                # A reader of a store no companion ever wrote: say so, not "no such table".
                db.execute("SELECT 1 FROM games LIMIT 1")
                # A list or an export read from a damaged file may silently miss games: say it is
                # damaged, as a writer does, wherever the damage lies.
                complaints = quick_check(db)
                if complaints:
                    raise StoreError(self._damaged(complaints))
        except StoreError:
            self.close()
            raise
        except sqlite3.Error as error:
            self.close()
            raise StoreError(self._unusable(error)) from None
        except OSError as error:
            self.close()
            raise StoreError(Text("store_unusable", path=self.path, detail=os_reason(error))) from None

    def _open_writer(self, db: sqlite3.Connection, *, existed: bool, memory: bool) -> None:
        if existed:
            # Before anything is written: appending to a damaged file buries good games deeper.
            complaints = quick_check(db)
            if complaints:
                raise StoreError(self._damaged(complaints))
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.executescript(SCHEMA)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        if memory:
            return
        # The tables in the main file from the first start: a journal lost later can take
        # events, never the schema (a store of no tables would number its games from 1 again).
        self._checkpoint("TRUNCATE")
        self._tally = self._count(db)
        self._mark = Mark(self.real + ".mark")
        had = self._mark.read() if existed else None
        if had is not None and (had.events > self._tally.events or had.games > self._tally.games):
            now = self._tally
            self.lost = Text("store_lost", path=self.path, events=had.events - now.events,
                             games=had.games - now.games, game=now.game, seq=now.seq,
                             had_game=had.game, had_seq=had.seq)
        self._mark.write(self._tally)

    @staticmethod
    def _count(db: sqlite3.Connection) -> Tally:
        games, last = db.execute("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM games").fetchone()
        events = db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
        seq = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (last,)).fetchone()[0]
        return Tally(games, events, last, seq)

    def _take_writer_lock(self) -> IO[bytes]:
        return _writer_lock(self.real, self.path)

    def _damaged(self, complaints: list[str]) -> Text:
        quoted = "; ".join(line[:160] for line in complaints[:_QUOTED])
        more = len(complaints) - _QUOTED
        detail = Text("store_more", detail=quoted, more=more) if more > 0 else quoted
        return Text("store_damaged", path=self.path, detail=detail)

    def _unusable(self, error: sqlite3.Error) -> Text:
        if damaged(error):
            return self._damaged([str(error)])
        return Text("store_unusable", path=self.path, detail=error)

    def close(self) -> None:
        """Checkpoint, close the database and release the writer lock; may be called twice."""
        with self._lock:
            if self._db is not None:
                if self.writer and self._mark is not None:
                    # Nothing waits on a closing writer: the whole journal into the file, emptied.
                    self._checkpoint("TRUNCATE")
                self._db.close()
                self._db = None
            if self._mark is not None:
                self._mark.close()
                self._mark = None
            if self._lock_file is not None:
                self._lock_file.close()
                self._lock_file = None

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
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.Error as error:
                if db.in_transaction:
                    # A failed COMMIT leaves its transaction open: every later write would fail.
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise StoreError(Text("store_write_failed", path=self.path, detail=error)) from None

    def _committed(self, *, games: int = 0, events: int = 0, at: tuple[int, int] | None = None,
                   checkpoint: bool = False) -> None:
        """After a commit (the lock held): the mark follows, and the journal is checkpointed when a
        game started or ended, or every :data:`CHECKPOINT_EVERY` seconds."""
        tally = self._tally
        game, seq = at if at is not None and at[0] >= tally.game else (tally.game, tally.seq)
        self._tally = Tally(tally.games + games, tally.events + events, game, seq)
        if self._mark is not None:
            self._mark.write(self._tally)
        if checkpoint or self.clock() - self._checkpointed >= CHECKPOINT_EVERY:
            self._checkpoint("PASSIVE")

    def _checkpoint(self, mode: str) -> None:
        """Copy the journal into the main file.

        PASSIVE during play: it never waits, so a ``companion games`` or a ``backup`` reading at
        that moment cannot hold up a ruling; what a reader still uses is copied next time (the
        journal is restarted from its beginning once wholly copied). TRUNCATE at start-up and
        at close, when nothing is kept waiting: the journal is also emptied on disk.
        """
        if self._db is None or self.real == ":memory:":
            return
        self._checkpointed = self.clock()
        try:
            self._db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error as error:
            # The events are safe in the journal; only a loss of the journal would take more.
            log.warning("cannot checkpoint the game store %s: %s", self.path, error)

    def create(self, header: Header, *, now: float, meta: Mapping[str, Any] | None = None) -> int:
        """Store a new game and return its id."""
        with self._lock:
            with self._transaction() as db:
                cursor = db.execute(
                    "INSERT INTO games (game, header, created, meta) VALUES (?, ?, ?, ?)",
                    (header.game, _dump(header.to_json()), now, _dump(dict(meta or {}))),
                )
                game_id = cursor.lastrowid
            assert game_id is not None
            self._committed(games=1, at=(game_id, 0), checkpoint=True)
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

        ``outcome`` is the engine's result once the game has ended (:data:`OUTCOMES`), else
        None (an undo may take an ended game back to ongoing).
        """
        with self._lock:
            with self._transaction() as db:
                db.execute("INSERT INTO events (game_id, seq, event, ruling, stamp) VALUES (?, ?, ?, ?, ?)",
                           (game_id, seq, _dump(event), _dump(ruling), stamp))
                db.execute("UPDATE games SET outcome = ?, finished = ? WHERE id = ?",
                           (outcome, stamp if outcome else None, game_id))
            self._committed(events=1, at=(game_id, seq), checkpoint=outcome is not None)

    def append_many(self, rows: Sequence[Row]) -> None:
        """Commit several events (each as :meth:`append`'s arguments) in one transaction: a club's
        dashboard storing what fifty tables sent in one fsync, not fifty."""
        if not rows:
            return
        with self._lock:
            with self._transaction() as db:
                for game_id, seq, event, ruling, stamp, outcome in rows:
                    db.execute("INSERT INTO events (game_id, seq, event, ruling, stamp) "
                               "VALUES (?, ?, ?, ?, ?)", (game_id, seq, _dump(event), _dump(ruling), stamp))
                    db.execute("UPDATE games SET outcome = ?, finished = ? WHERE id = ?",
                               (outcome, stamp if outcome else None, game_id))
            last = rows[-1]
            self._committed(events=len(rows), at=(last[0], last[1]),
                            checkpoint=any(row[5] is not None for row in rows))

    def mark_published(self, game_id: int, seq: int) -> None:
        """Keep ``seq`` as the last event of ``game_id`` a club's broker acknowledged."""
        with self._lock, self._transaction() as db:
            db.execute("INSERT INTO published (game_id, seq) VALUES (?, ?) ON CONFLICT(game_id) "
                       "DO UPDATE SET seq = MAX(seq, excluded.seq)", (game_id, seq))

    def published(self) -> dict[int, int]:
        """Each game's last seq a club's broker acknowledged (games never published are absent)."""
        return {int(game): int(seq) for game, seq in self._query("SELECT game_id, seq FROM published")}

    def abandon(self, game_id: int, *, now: float) -> None:
        """Mark an unfinished game as abandoned (another game was started instead)."""
        with self._lock:
            with self._transaction() as db:
                db.execute("UPDATE games SET outcome = ?, finished = ? WHERE id = ? AND outcome IS NULL",
                           (ABANDONED, now, game_id))
            self._committed(checkpoint=True)

    # -- reading -----------------------------------------------------------

    def _query(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            if self._db is None:
                raise StoreError(Text("store_closed", path=self.path))
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as error:
                raise StoreError(self._unusable(error)) from None

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

    def events(self, game_id: int, after: int = 0) -> list[StoredEvent]:
        """The events of a game after seq ``after``, with their rulings, in order; a row that does
        not decode is a :class:`StoreError` naming it."""
        rows = self._query("SELECT seq, event, ruling, stamp FROM events WHERE game_id = ? AND seq > ? "
                           "ORDER BY seq", (game_id, after))
        decoded = []
        for seq, event, ruling, stamp in rows:
            try:
                decoded.append(StoredEvent(seq, decode_object(event), decode_object(ruling),
                                           decode_number(stamp, "stamp")))
            except MalformedInput as error:
                where = Text("store_row_event", id=game_id, seq=seq)
                text = Text("store_bad_row", path=self.path, what=where, error=error.text)
                raise StoreError(text) from None
        return decoded

    def _row(self, row: tuple[Any, ...]) -> StoredGame:
        game_id, header, created, finished, outcome, meta, count = row
        try:
            parsed = Header.from_json(decode_object(header))
            when = decode_number(created, "created")
            end = None if finished is None else decode_number(finished, "finished")
            return StoredGame(game_id, parsed, when, end, outcome, count, decode_object(meta))
        except MalformedInput as error:
            where = Text("store_row_game", id=game_id)
            raise StoreError(Text("store_bad_row", path=self.path, what=where, error=error.text)) from None


@contextlib.contextmanager
def writer_lock(path: str | Path) -> Iterator[str]:
    """Hold the writer lock of the store at ``path`` (:class:`StoreError` while a companion writes
    to it), for work that replaces the file; yields the file's real path."""
    real = os.path.realpath(path)
    try:
        handle = _writer_lock(real, str(path))
    except OSError as error:
        raise StoreError(Text("store_unusable", path=str(path), detail=os_reason(error))) from None
    with handle:
        yield real


def _writer_lock(real: str, path: str) -> IO[bytes]:
    """The lock file beside the real file, locked; ``store_busy`` (naming ``path``) if held."""
    handle = open(real + ".lock", "wb")  # noqa: SIM115 (held by the caller)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StoreError(Text("store_busy", path=path)) from None
    return handle


def require_store(path: str | Path) -> None:
    """Nothing if a store file is at ``path``; else :class:`StoreError` saying none is there yet,
    or why it cannot be looked at (a folder that may not be entered, a loop of links)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise FileNotFoundError(path)
    except FileNotFoundError:
        raise StoreError(Text("store_none", path=str(path))) from None
    except OSError as error:
        raise StoreError(Text("store_unusable", path=str(path), detail=os_reason(error))) from None


def _exists(path: str) -> bool:
    """Whether ``path`` exists; a folder that may not be entered is an error, not a no."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    return True


def _dump(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
