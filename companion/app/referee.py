"""The live referee: the one entry point for every event, whatever its source.

The camera watcher, the page, the buttons and record files all call
:meth:`Referee.submit`. It rules on the event through the engine
(:func:`companion.engine.record.rule_on`, the same function a replay uses), commits
the event and its ruling to the store, and only then tells the listeners
(signals, the page, the console). One lock serialises everything: the camera
thread, button callbacks and page requests may call it at once.

>>> from companion.engine.events import Discard
>>> from companion.engine.record import Header
>>> referee = Referee(Header("tranquility", 2))
>>> entry = referee.submit(Discard(2))
>>> entry.seq, entry.ruling.legal, entry.line["type"]
(1, True, 'discard')
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.app.store import Store, StoredGame
from companion.engine.events import Event, Placement, Play, TakeBack, Undo, event_from_json
from companion.engine.game import Game
from companion.engine.jsonsafe import read_json
from companion.engine.record import RECORD_VERSION, Header, Step, rule_on
from companion.engine.registry import find_game
from companion.errors import AmbiguousReading, CorrectionRefused, MalformedInput, StoreError
from companion.text import Text

log = logging.getLogger(__name__)

#: Keys of the alerts a referee may show: an unsure reading, the camera lost, a question of the camera,
#: a camera frame skipped, the camera back after it was lost, an event the store refused, a table
#: placement from the page that could not be used or saved.
AlertKey = Literal["unsure", "camera", "prompt", "frame", "camera_back", "store", "table"]


@dataclass(frozen=True)
class Entry(Step):
    """A ruled event as the referee keeps it: the step, its record line, when it came.

    ``line`` is the record line as stored (with ``t`` filled in); ``event`` is
    None for an unsure reading; ``seat`` is the seat whose turn it was (the one
    that discards after a placement), None once the game was over.
    """

    line: dict[str, Any]
    stamp: float
    seat: int | None = None


@dataclass(frozen=True)
class Notice:
    """What a listener is told: a new ruled event, an alert that changed (``alert`` its key), or a
    new game."""

    kind: Literal["step", "alert", "game"]
    entry: Entry | None = None
    alert: str | None = None


Listener = Callable[[Notice], None]


class Referee:
    """Holds the header and the game; rules on, stores and announces every event.

    With a ``store``, the game is created in it (or, with :meth:`resume`,
    read back from it) and each event is committed before any listener hears
    of it. ``clock`` gives wall-clock seconds (tests pass a fake).
    """

    def __init__(
        self,
        header: Header,
        *,
        store: Store | None = None,
        meta: Mapping[str, Any] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lock = threading.RLock()
        self.store = store
        self.clock = clock
        self._listeners: list[Listener] = []
        #: How many games this referee has started (a new game from the page adds one).
        self.generation = 0
        #: How many events the store refused (each one unruled): what a clean stop must not hide.
        self.unstored = 0
        self._start(header, meta)

    def _start(self, header: Header, meta: Mapping[str, Any] | None) -> None:
        self.generation += 1
        self.header = header
        self.game: Game[Any] = header.new_game()
        self.meta: dict[str, Any] = dict(meta or {})
        self.started = self.clock()
        self.history: list[Entry] = []
        self.alerts: dict[str, Text] = {}
        self.game_id: int | None = None
        if self.store is not None:
            self.game_id = self.store.create(header, now=self.started, meta=self.meta)
        self._engine_moves()

    @classmethod
    def resume(cls, store: Store, stored: StoredGame, *, clock: Callable[[], float] = time.time) -> Referee:
        """The referee of a stored game, in exactly the state its stored events give."""
        referee = cls.__new__(cls)
        referee.lock = threading.RLock()
        referee.store = store
        referee.clock = clock
        referee._listeners = []
        referee.generation = 1
        referee.unstored = 0
        referee.header = stored.header
        referee.game = stored.header.new_game()
        referee.meta = dict(stored.meta)
        referee.started = stored.created
        referee.history = []
        referee.alerts = {}
        referee.game_id = stored.id
        for row in store.events(stored.id):
            try:
                event, item = _parse(row.event)
                seat = None if referee.game.is_over() else referee.game.turn
                referee.game.seq = row.seq
                ruling = rule_on(referee.game, item)
            except MalformedInput as error:
                where = Text("store_row_event", id=stored.id, seq=row.seq)
                text = Text("store_bad_row", path=store.path, what=where, error=error.text)
                raise StoreError(text) from None
            kept = None if isinstance(item, AmbiguousReading) else event
            referee.history.append(Entry(row.seq, kept, ruling, row.event, row.stamp, seat))
        referee._engine_moves()  # cut off before the companion's own card was stored
        return referee

    # -- listeners ---------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each stored event, alert change and new game; return an unsubscriber."""
        with self.lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self.lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _notify(self, notice: Notice) -> None:
        # Called with the lock held, so listeners hear of events in order.
        for listener in list(self._listeners):
            try:
                listener(notice)
            except Exception:
                # A broken sink (a page client gone, a pin error) must not stop the referee.
                log.exception("listener %r failed on %s", listener, notice.kind)

    # -- the entry point ---------------------------------------------------

    def submit(self, event: Event | Mapping[str, Any]) -> Entry:
        """Rule on ``event`` (an event, or a decoded record line), store it, then announce it; then
        the events the game makes itself (:meth:`Game.engine_event`), each ruled the same way.

        A malformed event raises :class:`MalformedInput` and changes nothing.
        An unsure reading is ruled G2 (nothing changes on the table), stored and
        announced like any event. Raises :class:`StoreError` if the event could
        not be committed; the game is then as it was before the event, the
        event is counted in :attr:`unstored` and the store's alert is shown.
        An undo of the players' event right after one of the companion's takes both back (the
        companion's would otherwise be made again at once).
        """
        with self.lock:
            read = _parse(event)
            parsed = read[0]
            if parsed is not None and parsed.source == "engine":
                raise MalformedInput(Text("engine_event_fed"))
            stack = self.game.move_stack
            if isinstance(parsed, Undo) and stack and stack[-1].source == "engine" and len(stack) > 1:
                self._submit(Undo(source="engine"))
            entry = self._submit(event, read)
            self._engine_moves()
            return entry

    def _engine_moves(self) -> None:
        """Rule on what the game plays itself now, until it waits for the players (a bound guards
        against a game that would never wait)."""
        for _ in range(64):
            made = self.game.engine_event()
            if made is None:
                return
            self._submit(made)

    def _submit(self, event: Event | Mapping[str, Any], read: Read | None = None) -> Entry:
        """:meth:`submit`'s ruling, storing and announcing of one event (``read``: as
        :func:`_parse` read it already)."""
        with self.lock:
            now = self.clock()
            parsed, item = read if read is not None else _parse(event)
            if parsed is not None and parsed.t is None:
                parsed = replace(parsed, t=round(now - self.started, 3))
                item = parsed if not isinstance(item, AmbiguousReading) else item
            if isinstance(parsed, Placement):
                # A reading ruled unsure (G2) must still name a cell and a seat of this table.
                self.game.validate(TakeBack(parsed.at, player=parsed.player))
            line = _line(event, parsed)
            seq = len(self.history) + 1
            seat = None if self.game.is_over() else self.game.turn
            # A ruling naming an earlier event (a breach proved) cites its seq in the store.
            self.game.seq = seq
            ruling = rule_on(self.game, item)
            if self.store is not None and self.game_id is not None:
                outcome = self.game.outcome()
                try:
                    self.store.append(self.game_id, seq, line, ruling.to_json(seq), stamp=now,
                                      outcome=outcome.result if outcome else None)
                except StoreError as error:
                    self._rebuild()
                    self.unstored += 1
                    # Said on every sink (the page, the console, the LED), not only to the caller.
                    self.set_alert("store", error.text)
                    raise
            kept = None if isinstance(item, AmbiguousReading) else parsed
            entry = Entry(seq, kept, ruling, line, now, seat)
            self.history.append(entry)
            self._update_unsure(entry)
            self._notify(Notice("step", entry))
            return entry

    def _rebuild(self) -> None:
        """Replay the history into a fresh game: the state before an event the store refused."""
        game = self.header.new_game()
        for entry in self.history:
            game.seq = entry.seq
            rule_on(game, entry.event if entry.event is not None else _parse(entry.line)[1])
        self.game = game

    def _update_unsure(self, entry: Entry) -> None:
        if entry.ruling.rule == "G2":
            self.alerts["unsure"] = entry.ruling.text
        else:
            self.alerts.pop("unsure", None)
        if entry.ruling.legal:
            # The camera's question is answered, or overtaken, by the next accepted event.
            self.alerts.pop("prompt", None)

    # -- controls built on submit ------------------------------------------

    def correct(self, at: str, card: str, *, source: str = "page") -> list[Entry]:
        """Say which card really lies at ``at``: the misread card is replaced through events.

        A flagged card is taken back, the last card laid is undone, and the
        right card is played in its place; on an empty cell (an unsure
        reading) the card is simply played. Raises :class:`CorrectionRefused`
        for a card that is neither flagged nor the last one laid, and
        :class:`MalformedInput` for an unknown card or cell; either way
        nothing changes.
        """
        with self.lock:
            play = Play(card, at, source=source)
            self.game.validate(play)
            flag = next((f for f in self.game.flagged if f.event.at == at), None)
            if flag is not None:
                first: Event = TakeBack(at, source=source)
                play = replace(play, player=flag.event.player)
            elif self.game.flagged:
                last_flag = self.game.flagged[-1].event
                raise CorrectionRefused(Text("correct_flag_first", at=self.game.cell_label(last_flag.at)))
            elif (stack := self.game.move_stack) and isinstance(stack[-1], Placement) and (
                    stack[-1].at == at):
                if not isinstance(stack[-1], Play):  # a placement that moved another card too
                    raise CorrectionRefused(Text("correct_not_last", at=self.game.cell_label(at)))
                first = Undo(source=source)
                play = replace(play, player=stack[-1].player)
            elif at in self.game.state_json()["cells"]:
                raise CorrectionRefused(Text("correct_not_last", at=self.game.cell_label(at)))
            else:
                return [self.submit(play)]
            return [self.submit(first), self.submit(play)]

    def new_game(self, header: Header, *, meta: Mapping[str, Any] | None = None) -> None:
        """Start another game; an unfinished one is kept in the store as abandoned."""
        with self.lock:
            header.new_game()  # raises MalformedInput before anything changes
            if self.store is not None and self.game_id is not None and self.game.outcome() is None:
                self.store.abandon(self.game_id, now=self.clock())
            self._start(header, meta)
            self._notify(Notice("game"))

    def set_alert(self, key: AlertKey, text: Text | None) -> None:
        """Show (or with None, clear) an alert on every sink, e.g. the camera lost."""
        with self.lock:
            if text is None:
                if self.alerts.pop(key, None) is None:
                    return
            else:
                if self.alerts.get(key) == text:
                    return
                self.alerts[key] = text
            self._notify(Notice("alert", alert=key))

    # -- reading -----------------------------------------------------------

    def record_lines(self) -> Iterator[dict[str, Any]]:
        """The record so far: the header line, then every event line."""
        with self.lock:
            lines = [self.header.to_json(), *(entry.line for entry in self.history)]
        yield from lines


def summary(line: dict[str, Any]) -> str:
    """A short, language-neutral label of a record line: ``[2] 27@c1``, ``take_back@d1``, ``undo``,
    ``[3] pink-5`` (a card played to a trick), ``[1] take_task win:pink-3``."""
    kind = str(line.get("type"))
    seat = f"[{line['player']}] " if line.get("player") is not None else ""
    at = f"@{line['at']}" if line.get("at") else ""  # a card played to a trick lies at no cell
    if kind == "play":
        card = line.get("card")
        return f"{seat}{'?' if card is None else card}{at}"
    if kind == "campfire":
        return f"{seat}{line.get('card')}@{line.get('at')}→{line.get('move_to')}"
    if kind == "take_back":
        return f"take_back{at or ' ' + str(line.get('card'))}"
    if kind == "start_discards":
        counts = line.get("counts", {})
        return "start_discards " + " ".join(f"{seat_}:{n}" for seat_, n in counts.items())
    if kind == "herd":
        return f"{seat}herd {line.get('from')}+{line.get('rows')}"
    what = next((str(line[key]) for key in ("card", "task") if line.get(key) is not None), "")
    return f"{seat}{kind} {what}".rstrip()


def parse_options(pairs: Iterable[str]) -> dict[str, object]:
    """Game options from ``name=value`` texts; a value is read as JSON when it can be.

    >>> parse_options(["removed=4", "documentary=[[3, 4, 3], [9, 8, 7], [5, 6]]", "fauna=true"])
    {'removed': 4, 'documentary': [[3, 4, 3], [9, 8, 7], [5, 6]], 'fauna': True}
    """
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise MalformedInput(Text("bad_option_pair", pair=pair.strip()[:60]))
        try:
            options[name.strip()] = read_json(value)
        except MalformedInput:
            options[name.strip()] = value.strip()
    return options


def new_header(game: str, players: int, options: Mapping[str, object], *, names: Sequence[str] | None = None,
               setup: Mapping[str, object] | None = None, rng: random.Random | None = None) -> Header:
    """The header of a new game asked for by the command line or the page: ``setup`` holds the
    fields of the game's own set-up (The Crew's commander, tasks, mission), completed with what the
    companion draws for the players (:meth:`Game.drawn_setup`, from ``rng``); MalformedInput for
    anything the game does not take.

    >>> new_header("tranquility", 2, {"removed": 4}).to_json()["options"]
    {'removed': 4}
    """
    rules = find_game(game)
    setup = dict(setup or {})
    unknown = sorted(set(setup) - set(rules.SETUP_FIELDS))
    if unknown:
        raise MalformedInput(Text("bad_setup_field", name=unknown[0], game=rules.title,
                                  known=", ".join(rules.SETUP_FIELDS) or "-"))
    drawn = rules.drawn_setup(players, rules.check_options(options), setup, rng or random.Random())
    line: dict[str, Any] = {"record": RECORD_VERSION, "game": game, "players": players,
                            "options": dict(options), **drawn}
    if names:
        line["names"] = list(names)
    return Header.from_json(line)


#: A record line read: the event (None when unreadable), and what to rule on.
Read = tuple[Event | None, Event | AmbiguousReading]


def _parse(event: Event | Mapping[str, Any]) -> Read:
    """Decode a record line: (the event or None, what to rule on)."""
    if isinstance(event, Event):
        return event, event
    try:
        parsed = event_from_json(dict(event))
        return parsed, parsed
    except AmbiguousReading as unsure:
        # Check every other field as any event's, with a stand-in card.
        shell = event_from_json({**event, "card": "?"})
        return shell, unsure


def _line(event: Event | Mapping[str, Any], parsed: Event | None) -> dict[str, Any]:
    """The record line to store: the event's JSON; an unsure card stays null."""
    assert parsed is not None
    line = parsed.to_json()
    if not isinstance(event, Event) and isinstance(parsed, Play) and event.get("card") is None:
        line["card"] = None
    return line
