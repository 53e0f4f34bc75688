"""The store's high-water mark: what a writer had committed, kept in a file beside the store."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass

from companion.engine.record import parse_line
from companion.errors import MalformedInput

log = logging.getLogger("companion.app.store")


@dataclass(frozen=True)
class Tally:
    """How much a store holds: its games and events, and the last game's id and last seq."""

    games: int = 0
    events: int = 0
    game: int = 0
    seq: int = 0

    def to_json(self) -> dict[str, int]:
        """The tally as the mark file keeps it."""
        return {"games": self.games, "events": self.events, "game": self.game, "seq": self.seq}


class Mark:
    """The high-water mark beside a store: the :class:`Tally` of what was committed, rewritten
    in place (one fixed-size write and an fdatasync) after each commit.

    Why a file of its own: SQLite cannot say what it lost. A ``-wal`` file deleted or damaged
    after a kill leaves a sound database that simply ends earlier, and nothing in it tells.
    The mark lives outside the journal, so at the next start the store compares it with what
    the file holds and says how many events went. Why after every commit: events come at a
    player's pace, a few a minute, and one small synchronous write each is nothing beside the
    database's own fsyncs; a mark written only now and then would under-count the loss.
    """

    #: Bytes of the record: the JSON, padded, so that each write replaces the whole of it.
    SIZE = 128

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd: int | None = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)

    def read(self) -> Tally | None:
        """The tally last written, or None (no mark yet, or not one this store wrote)."""
        if self._fd is None:
            return None
        raw = os.pread(self._fd, 4 * self.SIZE, 0)
        try:
            data = parse_line(raw.decode("ascii").strip())
        except (MalformedInput, UnicodeDecodeError):
            return None
        if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in Tally().to_json()):
            return None
        return Tally(**{k: data[k] for k in Tally().to_json()})

    def write(self, tally: Tally) -> None:
        """Replace the mark by ``tally``, on disk before this returns."""
        if self._fd is None:
            return
        line = json.dumps(tally.to_json(), separators=(",", ":")).ljust(self.SIZE - 1) + "\n"
        try:
            os.pwrite(self._fd, line.encode("ascii"), 0)
            os.fdatasync(self._fd)
        except OSError as error:
            # The events are committed all the same: only a later loss would go unmeasured.
            log.warning("cannot write the store's mark %s (%s): a lost journal will not be counted",
                        self.path, error)
            self.close()

    def close(self) -> None:
        """Close the file; twice is fine."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
