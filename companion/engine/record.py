"""Reading, writing and replaying the game record of ``shared/RECORD.md`` (JSON Lines).

Loaders take open text handles, so tests pass ``io.StringIO``. Line numbers
in errors are 1-based file lines; ``seq`` in rulings is the line number
counting the header as 0. Blank lines are skipped but still counted.

>>> import io
>>> text = '{"record": 1, "game": "tranquility", "players": 2}\\n{"type": "discard", "count": 2}\\n'
>>> steps = list(Replay(io.StringIO(text)))
>>> steps[0].seq, steps[0].ruling.message_en
(1, 'Seat 1 discards 2 cards')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from companion.engine.events import Event, event_from_json
from companion.engine.game import Game
from companion.engine.jsonsafe import MAX_CHARS, read_json
from companion.engine.registry import find_game
from companion.engine.ruling import Ruling, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.text import Text

RECORD_VERSION = 1
#: Longest record line read, in bytes (the bounded JSON reader refuses longer texts anyway).
MAX_LINE_BYTES = 4 * MAX_CHARS


@dataclass(frozen=True)
class Header:
    """The first line of a record: game, seats, options, optional names and deck sizes.

    ``decks`` is this project's addition to RECORD.md: the sizes of the decks
    dealt to seats 1..N when they differ from the default sharing (see
    ``companion/RECORD.md``).
    """

    game: str
    players: int
    options: Mapping[str, object] = field(default_factory=dict)
    names: Sequence[str] | None = None
    decks: Sequence[int] | None = None
    #: The header fields of the game's own set-up (its :attr:`Game.SETUP_FIELDS`, such as The
    #: Crew's ``commander`` and ``tasks``), as read.
    setup: Mapping[str, object] = field(default_factory=dict)

    def new_game(self) -> Game[Any]:
        """A fresh game set up as this header says."""
        return find_game(self.game).from_header(self.players, self.options, decks=self.decks,
                                                setup=self.setup)

    def to_json(self) -> dict[str, Any]:
        """The header line as a JSON-ready dict."""
        out: dict[str, Any] = {"record": RECORD_VERSION, "game": self.game, "players": self.players,
                               "options": dict(self.options)}
        if self.names is not None:
            out["names"] = list(self.names)
        if self.decks is not None:
            out["decks"] = list(self.decks)
        out.update(self.setup)
        return out

    @classmethod
    def from_json(cls, obj: object) -> Header:
        """Parse a decoded header line, or raise :class:`MalformedInput`."""
        if not isinstance(obj, dict) or "game" not in obj or "record" not in obj:
            raise MalformedInput(Text("bad_header", detail=json.dumps(obj)[:80]))
        if obj["record"] != RECORD_VERSION:
            raise MalformedInput(Text("bad_record_version", version=obj["record"]))
        game = obj["game"]
        if not isinstance(game, str):
            raise MalformedInput(Text("bad_field", field="game", value=game))
        players = obj.get("players")
        if players is None:
            raise MalformedInput(Text("missing_field", field="players"))
        if isinstance(players, bool) or not isinstance(players, int):
            raise MalformedInput(Text("bad_field", field="players", value=players))
        options = obj.get("options", {})
        if not isinstance(options, dict):
            raise MalformedInput(Text("bad_field", field="options", value=options))
        names = obj.get("names")
        if names is not None and (
            not isinstance(names, list) or not all(isinstance(n, str) for n in names)
            or len(names) != players
        ):
            raise MalformedInput(Text("bad_field", field="names", value=names))
        decks = obj.get("decks")
        if decks is not None and (not isinstance(decks, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in decks
        )):
            raise MalformedInput(Text("bad_field", field="decks", value=decks))
        rules = find_game(game)
        setup = {name: obj[name] for name in rules.SETUP_FIELDS if name in obj}
        header = cls(game, players, options, names, decks, setup)
        header.new_game()  # raises for bad players, options or decks
        return header


def parse_line(line: str) -> object:
    """Decode one record line with the bounded reader, or raise :class:`MalformedInput`.

    >>> parse_line('{"type": "play" "card": "7"}')
    Traceback (most recent call last):
    companion.errors.MalformedInput: not valid JSON at column 17: a ',' was expected
    """
    return read_json(line)


def text_lines(raw: IO[bytes] | Iterable[bytes], *, max_bytes: int = MAX_LINE_BYTES) -> Iterator[str]:
    """The lines of a record read as bytes, decoded one at a time (a byte-order mark before the
    first is dropped): a line that is no UTF-8 text, or longer than ``max_bytes``, raises
    :class:`MalformedInput` naming it once every line before it was read, not the whole file.

    A binary handle is read with a bounded ``readline``: ``/dev/zero`` or a file
    of one endless line is refused after ``max_bytes``, not read into memory.

    >>> list(text_lines([b"\\xef\\xbb\\xbf{}\\n", b"caf\\xc3\\xa9\\n"]))
    ['{}\\n', 'café\\n']
    >>> list(text_lines([b"{}\\n", b"\\xff\\n"]))
    Traceback (most recent call last):
    companion.errors.MalformedInput: not UTF-8 text at byte 1
    >>> import io
    >>> list(text_lines(io.BytesIO(b"{}\\n" + b"0" * 100), max_bytes=10))
    Traceback (most recent call last):
    companion.errors.MalformedInput: a line longer than 10 bytes
    """
    for number, line in enumerate(_bounded_lines(raw, max_bytes), 1):
        if len(line) > max_bytes:
            raise MalformedInput(Text("line_too_long", limit=max_bytes), line=number)
        try:
            yield line.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            # The byte's place, not the codec's English reason: players read French too.
            raise MalformedInput(Text("not_utf8", byte=error.start + 1), line=number) from None


def _bounded_lines(raw: IO[bytes] | Iterable[bytes], max_bytes: int) -> Iterator[bytes]:
    readline = getattr(raw, "readline", None)
    if readline is None:
        yield from raw
        return
    while line := readline(max_bytes + 1):
        yield line


def read_record(handle: Iterable[str]) -> tuple[Header, Iterator[tuple[int, Event | AmbiguousReading]]]:
    """Read the header now; return it with a lazy iterator of ``(seq, event)``.

    A line whose card the camera was unsure of gives an :class:`AmbiguousReading`
    in place of the event, and reading goes on. A malformed line raises
    :class:`MalformedInput` naming its 1-based line (``error.line``).
    """
    lines = enumerate(handle)
    for index, line in lines:
        if line.strip():
            try:
                header = Header.from_json(parse_line(line))
            except MalformedInput as error:
                raise error.at_line(index + 1) from None
            return header, _events(lines)
    raise MalformedInput(Text("empty_record"), line=1)


def _events(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, Event | AmbiguousReading]]:
    for index, line in lines:
        if not line.strip():
            continue
        try:
            yield index, event_from_json(parse_line(line))
        except MalformedInput as error:
            raise error.at_line(index + 1) from None
        except AmbiguousReading as error:
            yield index, error


def write_record(handle: IO[str], header: Header, events: Iterable[Event]) -> None:
    """Write a whole record: the header line, then one line per event."""
    handle.write(json.dumps(header.to_json(), ensure_ascii=False) + "\n")
    for event in events:
        handle.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class Step:
    """One replayed event and the ruling on it (``event`` is None for an unsure line)."""

    seq: int
    event: Event | None
    ruling: Ruling


class Replay:
    """Replay a record through :meth:`Game.play`, one :class:`Step` per event.

    An unsure reading gives a refused step with rule ``G2`` and changes
    nothing; a malformed line stops the iteration with :class:`MalformedInput`
    naming the line. After iterating, ``game`` holds the final state.
    """

    def __init__(self, handle: Iterable[str]) -> None:
        self.header, self._events = read_record(handle)
        self.game = self.header.new_game()

    def __iter__(self) -> Iterator[Step]:
        for seq, event in self._events:
            self.game.seq = seq
            try:
                ruling = rule_on(self.game, event)
            except MalformedInput as error:
                raise error.at_line(seq + 1) from None
            yield Step(seq, None if isinstance(event, AmbiguousReading) else event, ruling)


def rule_on(game: Game[Any], event: Event | AmbiguousReading) -> Ruling:
    """Rule on one event through :meth:`Game.play`: the one way every source is ruled on.

    An unsure reading (read as such, or a card the game cannot rule on, such
    as one face down) is a refused ruling with rule ``G2`` that changes
    nothing. A malformed event raises :class:`MalformedInput`, also changing nothing.
    """
    if isinstance(event, AmbiguousReading):
        return refused("G2", event.text)
    try:
        return game.play(event)
    except AmbiguousReading as error:
        return refused("G2", error.text)


def outcome_json(game: Game[Any]) -> dict[str, Any]:
    """The closing line of ``replay --json``: outcome and state, and the ``winner`` where one seat
    won alone (a competitive game: Tranquillité's Compétition)."""
    outcome = game.outcome()
    line: dict[str, Any] = {"outcome": outcome.result if outcome else "ongoing"}
    if outcome is not None and len(outcome.winners) == 1 and game.players > 1:
        line["winner"] = outcome.winners[0]
    return {**line, "state": game.state_json()}
