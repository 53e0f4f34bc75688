"""The root of every game: seats, options, one checked entry point, undo, flags and outcome.

Modelled on python-chess's ``Board``: a game holds the public state only, a
family base (:mod:`companion.engine.placing`, :mod:`companion.engine.tricks`) holds what
a family of games shares, a subclass per game overrides a few named hooks, and

* :meth:`Game.play` is the *checked* path: it validates the event, rules on
  it and applies it. A refused placement stays on the table *flagged* until
  it is taken back or overridden (RULINGS G5); a refused event of any other
  kind changes nothing. It returns the :class:`~companion.engine.ruling.Ruling`.
* :meth:`Game.push` is the *trusted* path: it applies an event known to be
  legal, without checking, for simulators and replays of checked records.
* :meth:`Game.pop` undoes the last accepted event from a stack of small
  snapshots, restoring the state exactly.

What a game knows of hidden cards is its family's business (G1: the placing games keep
counts only).
"""

from __future__ import annotations

import abc
import copy
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypedDict, TypeVar

from companion.engine.controls import Control
from companion.engine.events import Event, Override, Placement, Play, TakeBack, Undo
from companion.engine.ruling import Outcome, Ruling, accepted, refused
from companion.errors import IllegalPlay, MalformedInput
from companion.text import Text, Words

S = TypeVar("S")
M = TypeVar("M", bound=Event)


class Seating(TypedDict, total=False):
    """How a table's places differ from one per player, seats 1..N (:meth:`Game.seating`)."""

    #: How many places.
    seats: int
    #: The first place's seat number (Rixes' Barbe Noire is 0).
    first: int
    #: Whether cards are shown before the seats.
    shown: bool
    #: The seat of a dummy whose row of cards lies before it (The Crew's Tonoja).
    dummy: int
    #: What the page taps to place a seat (``card``).
    tap: str


@dataclass(frozen=True, slots=True)
class Option:
    """A named game option of RULINGS.md with its default and allowed values.

    ``choices`` lists the allowed values; where they cannot be listed,
    ``check`` says whether a value is allowed and ``choices`` holds examples.
    """

    name: str
    default: object
    choices: tuple[object, ...]
    help: Words
    check: Callable[[object], bool] | None = None

    def allows(self, value: object) -> bool:
        """Whether ``value`` is allowed (``True`` is not the number 1 here)."""
        if self.check is not None:
            return self.check(value)
        return any(type(value) is type(choice) and value == choice for choice in self.choices)


@dataclass(frozen=True, slots=True)
class Flag:
    """A refused placement still lying on the table, with the ruling that refused it."""

    event: Placement
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class Pushed(Generic[S]):
    """One accepted event on the move stack, with the flags and the state from before it."""

    event: Event
    flagged: tuple[Flag, ...]
    saved: S
    #: The event's ``seq`` in its record (:attr:`Game.seq` when it was pushed), or None.
    seq: int | None = None


class Game(abc.ABC, Generic[S]):
    """Base of every refereed game; ``S`` is the type of a state snapshot (a frozen dataclass)."""

    #: Registry name, as in the record header ("tranquility").
    name: ClassVar[str]
    #: Title shown to players.
    title: ClassVar[Words]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The named options of RULINGS.md.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: Rules whose refusal the players may override ("we play it anyway").
    OVERRIDABLE: ClassVar[frozenset[str]] = frozenset()
    #: The event type of a move, as :attr:`legal_moves` yields them (the family sets it).
    MOVE: ClassVar[type[Event]] = Event
    #: The record header's fields a game reads to set itself up (:meth:`from_header`).
    SETUP_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: What each of :attr:`SETUP_FIELDS` holds, for the page's new-game form.
    SETUP_HELP: ClassVar[Mapping[str, Words]] = {}
    #: Whether a play may say what its card is played as (``as``: Rixes' advanced weapons).
    PLAYS_AS: ClassVar[bool] = False
    #: Whether a play says which half of its card points up (``up``: Tranquillité's Jour et nuit).
    PLAYS_UP: ClassVar[bool] = False
    #: The rule an event out of turn breaks, and one after the end (the project's C1 and C4,
    #: unless a game's rulings name their own).
    TURN_RULE: ClassVar[str] = "C1"
    OVER_RULE: ClassVar[str] = "C4"

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Check the seats and options; games that deal decks read ``decks`` (dealt sizes)."""
        del decks  # the root deals nothing
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            raise MalformedInput(
                Text("bad_players", game=self.title, players=players,
                     low=self.min_players, high=self.max_players)
            )
        self.players = players
        self.options = self.check_options(options or {})
        #: Refused placements still on the table, oldest first.
        self.flagged: tuple[Flag, ...] = ()
        self._stack: list[Pushed[S]] = []
        #: The active seat, 0-based.
        self._turn = 0
        self._outcome_known = False
        self._outcome_value: Outcome | None = None
        #: The ``seq`` in its record of the event being ruled on, when the caller reads a record
        #: (:class:`companion.engine.record.Replay`); what a ruling naming an earlier event cites.
        self.seq: int | None = None

    @classmethod
    def from_header(cls, players: int, options: Mapping[str, object] | None = None, *,
                    decks: Sequence[int] | None = None, setup: Mapping[str, object] | None = None) -> Self:
        """A game set up as a record header says: its seats, options, dealt ``decks`` and the
        fields of its own set-up (``setup``, those of :attr:`SETUP_FIELDS`); a game with none
        reads none."""
        del setup  # read by the games that name SETUP_FIELDS
        return cls(players, options, decks=decks)

    @classmethod
    def drawn_setup(cls, players: int, options: Mapping[str, object], setup: Mapping[str, object],
                    rng: random.Random) -> dict[str, object]:
        """A new game's set-up (the header's fields of :attr:`SETUP_FIELDS`) with what the companion
        draws for the players filled in, its randomness from ``rng``; as given unless a game
        draws something (The Crew's tasks, with option ``task_draw: page``)."""
        del players, options, rng
        return dict(setup)

    # -- options -----------------------------------------------------------

    @classmethod
    def check_options(cls, options: Mapping[str, object]) -> dict[str, object]:
        """Return ``options`` completed with defaults, or raise :class:`MalformedInput`."""
        known = {option.name: option for option in cls.OPTIONS}
        for name in options:
            if name not in known:
                raise MalformedInput(Text("unknown_option", name=name, game=cls.title,
                                          known=", ".join(known) or "-"))
        result: dict[str, object] = {}
        for option in cls.OPTIONS:
            # A copy: a list default (documentary) must not be shared between games.
            value = copy.deepcopy(options.get(option.name, option.default))
            if not option.allows(value):
                raise MalformedInput(Text("bad_option", name=option.name, value=value,
                                          choices=", ".join(map(str, option.choices))))
            result[option.name] = value
        return result

    def options_chosen(self) -> dict[str, object]:
        """The options set to other than their default, as the players chose them (what a header line
        says; :attr:`options` holds every one).

        >>> from companion.games.tranquility.rules import Tranquility
        >>> Tranquility(2, {"removed": 4, "storms": False}).options_chosen()
        {'removed': 4}
        """
        defaults = {option.name: option.default for option in self.OPTIONS}
        return {name: value for name, value in self.options.items() if value != defaults.get(name)}

    @property
    def turn(self) -> int:
        """The active seat, 1-based."""
        return self._turn + 1

    # -- hooks for subclasses ---------------------------------------------

    def validate(self, event: Event) -> None:
        """Raise :class:`MalformedInput` for unknown cards, cells or seats in ``event``,
        :class:`~companion.errors.AmbiguousReading` for a card that cannot be ruled on.

        Events built in Python are held to what the record reader enforces on
        JSON lines: seats 1..N, counts never negative, a seat named once.
        """
        if event.player is not None and not 1 <= event.player <= self.players:
            raise MalformedInput(Text("seat_out_of_range", seat=event.player, players=self.players))
        self._validate_as(event)
        self._validate_names(event)

    def _validate_as(self, event: Event) -> None:
        """A play's ``as`` only where the game lets a card be played as something (:attr:`PLAYS_AS`),
        its ``up`` only where it says which half points up (:attr:`PLAYS_UP`)."""
        if isinstance(event, Play) and event.as_ and not self.PLAYS_AS:
            raise MalformedInput(Text("bad_field", field="as", value=event.as_))
        if isinstance(event, Play) and event.up and not self.PLAYS_UP:
            raise MalformedInput(Text("bad_field", field="up", value=event.up))

    @abc.abstractmethod
    def _validate_names(self, event: Event) -> None:
        """Raise for unknown card or cell names, or seats, in ``event`` (game-specific)."""

    @abc.abstractmethod
    def _check_action(self, event: Event) -> Ruling:
        """Rule on a game action (play, discard, ...) of the active seat."""

    @abc.abstractmethod
    def _override_ruling(self, placement: Placement) -> Ruling:
        """The ruling of accepting the flagged ``placement`` anyway."""

    def _override_unflagged(self) -> Ruling:
        """The ruling on an ``override`` with no card flagged: nothing to accept, unless a game
        lets the players dispute something else with it (The Crew: a breach just proved, CR15),
        which its :meth:`_apply` then applies."""
        return refused("G5", Text("nothing_to_override"))

    def _overridable(self, flag: Flag) -> bool:
        """Whether the players may accept this flagged placement anyway."""
        return flag.ruling.rule in self.OVERRIDABLE

    @abc.abstractmethod
    def _apply(self, event: Event, *, forced: bool) -> None:
        """Apply a game action; ``forced`` when the players overrode a refusal."""

    @abc.abstractmethod
    def _save(self) -> S:
        """A snapshot of the whole state (flags and the stack excepted)."""

    @abc.abstractmethod
    def _restore(self, saved: S) -> None:
        """Go back to a snapshot made by :meth:`_save`."""

    def outcome(self) -> Outcome | None:
        """The end of the game as a value, or ``None`` while it goes on.

        Computed once per state: proving a loss may try every card.
        """
        if not self._outcome_known:
            self._outcome_value = self._compute_outcome()
            self._outcome_known = True
        return self._outcome_value

    @abc.abstractmethod
    def _compute_outcome(self) -> Outcome | None:
        """Win, loss reported, loss provable from public counts, or None."""

    def _changed(self) -> None:
        """Forget what was computed from the state (the outcome; subclasses extend it)."""
        self._outcome_known = False

    @abc.abstractmethod
    def _generate_legal(self) -> Iterator[Event]:
        """Every move the active seat could legally make (the family says what a move is)."""

    @abc.abstractmethod
    def state_json(self) -> dict[str, Any]:
        """The public state as a JSON-ready dict."""

    def controls(self) -> Sequence[Control]:
        """What the page offers the players to tell now that the camera cannot see (none unless
        a game says so): :mod:`companion.engine.controls`."""
        return ()

    def engine_event(self) -> Event | None:
        """The event the companion makes itself now, as the game's options ask (Rixes' Barbe Noire
        turning over his pile with ``bn_pile: page``), or None: the live referee rules on it as on
        any event, after each event and at the start. The same state always gives the same event
        (its randomness is the header's seed), so a record replays without it being drawn again."""
        return None

    def oriented(self, card: str) -> bool:
        """Whether the half of ``card`` pointing up counts (a play of it says ``up``, :attr:`PLAYS_UP`):
        the camera then reads it. No card by default."""
        del card
        return False

    def points(self) -> Mapping[int, int]:
        """Each seat's points now (1-based seats) in a game scored seat against seat; empty in a
        cooperative game, where the table wins or loses together (the exports' ranks)."""
        return {}

    def lying(self) -> Mapping[str, tuple[str, str]]:
        """What the camera should see on the table now: each place of the layout holding an accepted
        card (cells, static and side places), to the card's name and the half of it pointing up
        where that counts (:meth:`oriented`; ``""`` elsewhere). Nothing by default."""
        return {}

    def gathered(self) -> frozenset[str]:
        """Cards played and gathered that cannot lie anew where the camera looks (a trick game's
        cards of this round): one seen again is a gathered heap passing a place. None by default."""
        return frozenset()

    def seating(self) -> Seating:
        """How the table's places differ from one per player, seats 1..N, for the camera and the
        page's seat taps (:class:`Seating`). Nothing by default."""
        return {}

    def place_of(self, event: Event) -> str | None:
        """Where the card of ``event`` lies for the camera when it is flagged: its cell by default
        (``at``), a seat's place in a trick game."""
        at = getattr(event, "at", None)
        return at if isinstance(at, str) and at else None

    def covered(self) -> Mapping[str, str]:
        """The card each place's top card covers by the rules, as lifting it would show (place to
        card name). Nothing by default."""
        return {}

    def beside(self) -> Mapping[str, str]:
        """The cards lying at the layout's side places now (:attr:`companion.engine.spec.LayoutData.sides`:
        place to card name), as the camera should see them. None by default."""
        return {}

    def notes(self) -> Sequence[Text]:
        """What the page warns about now without refusing anything (none unless a game says so)."""
        return ()

    @abc.abstractmethod
    def card_label(self, card: str) -> Words | str:
        """How a card is named in messages."""

    @abc.abstractmethod
    def cell_label(self, cell: str) -> Words | str:
        """How a cell is named in messages."""

    # -- the checked path --------------------------------------------------

    def check(self, event: Event) -> Ruling:
        """Rule on ``event`` without changing anything.

        The event must already be valid (see :meth:`validate`).
        """
        if isinstance(event, Undo):
            if self.flagged:
                return self._flag_pending()
            if not self._stack:
                return refused("C5", Text("nothing_to_undo"))
            last = self._stack[-1]
            return accepted(Text("undone", what=self.describe(last.event, last.flagged)))
        if isinstance(event, TakeBack):
            for flag in self.flagged:
                if event.takes(flag.event):
                    card = self.card_label(flag.event.card)
                    if not flag.event.at:
                        return accepted(Text("taken_back_card", card=card))
                    return accepted(Text("taken_back", card=card, at=self.cell_label(flag.event.at)))
            if not event.at:
                return refused("G5", Text("nothing_flagged_card", card=self.card_label(event.card or "")))
            return refused("G5", Text("nothing_flagged_at", at=self.cell_label(event.at)))
        if isinstance(event, Override):
            if not self.flagged:
                return self._override_unflagged()
            flag = self.flagged[-1]
            if not self._overridable(flag):
                return refused("G5", self._placed("cannot_override", flag.event, rule=flag.ruling.rule))
            return self._override_ruling(flag.event)
        outcome = self.outcome()
        if outcome is not None:
            return refused(self.OVER_RULE, Text("game_over", outcome=outcome.text))
        if self.flagged:
            return self._flag_pending()
        if event.TURN_BOUND and event.player is not None and event.player != self.turn:
            return refused(self.TURN_RULE, Text("not_your_turn", turn=self.turn, player=event.player))
        return self._check_action(event)

    def play(self, event: Event, *, strict: bool = False) -> Ruling:
        """Validate, rule on and apply ``event``; return the ruling.

        A refused placement is flagged (it lies on the table until taken back
        or overridden); any other refused event changes nothing. With
        ``strict``, a refused event raises :class:`IllegalPlay` instead and
        nothing is flagged. Malformed events raise :class:`MalformedInput`.
        """
        self.validate(event)
        ruling = self.check(event)
        if not ruling.legal:
            if strict:
                raise IllegalPlay(ruling)
            if isinstance(event, Placement):
                self.flagged = (*self.flagged, Flag(event, ruling))
            return ruling
        if isinstance(event, Undo):
            self.pop()
        elif isinstance(event, TakeBack):
            index = next(i for i, f in enumerate(self.flagged) if event.takes(f.event))
            self.flagged = self.flagged[:index] + self.flagged[index + 1 :]
        else:
            self.push(event)
            return self._after_push(event, ruling)
        return ruling

    def _after_push(self, event: Event, ruling: Ruling) -> Ruling:
        """The ruling on ``event`` once applied: ``ruling`` (a game may add what the event decided,
        known only once applied: a trick's winner, tasks done, a breach proved)."""
        del event
        return ruling

    # -- the trusted path --------------------------------------------------

    def push(self, event: Event) -> None:
        """Apply an event known to be legal, without checking it; :meth:`pop` undoes it.

        ``Override`` accepts the last flagged placement. ``Undo`` and
        ``TakeBack`` are not pushed: use :meth:`pop` and :meth:`play`.
        """
        self._stack.append(Pushed(event, self.flagged, self._save(), self.seq))
        self._changed()
        if isinstance(event, Override) and self.flagged:
            placement = self.flagged[-1].event
            self.flagged = self.flagged[:-1]
            self._apply(placement, forced=True)
        else:
            self._apply(event, forced=False)

    def pop(self) -> Event:
        """Undo the last accepted event and return it; raises ``IndexError`` when none."""
        last = self._stack.pop()
        self.flagged = last.flagged
        self._restore(last.saved)
        self._changed()
        return last.event

    def seq_of(self, index: int) -> int:
        """The record ``seq`` of the accepted event at ``index`` of the move stack: as read, or,
        for events given without one, its place among the accepted events (the header is 0)."""
        seq = self._stack[index].seq
        return seq if seq is not None else index + 1

    @property
    def move_stack(self) -> list[Event]:
        """The accepted events still in force, oldest first."""
        return [pushed.event for pushed in self._stack]

    @property
    def legal_moves(self) -> LegalMoves[Event]:
        """A lazy view of the legal moves of the active seat; supports ``in``."""
        return LegalMoves(self, self._generate_legal, self.MOVE)

    def is_over(self) -> bool:
        """Whether the game has an outcome."""
        return self.outcome() is not None

    # -- messages ----------------------------------------------------------

    def describe(self, event: Event, flagged: Sequence[Flag] = ()) -> Text:
        """A short bilingual description of an accepted event (for undo messages)."""
        if isinstance(event, Override) and flagged:
            return self._placed("desc_override", flagged[-1].event)
        return event.describe(self)

    def _flag_pending(self) -> Ruling:
        return refused("G5", self._placed("flag_pending", self.flagged[-1].event))

    def _placed(self, key: str, placement: Placement, **fields: object) -> Text:
        """The message ``key`` about ``placement``: naming its cell, or, for a card laid into a
        trick (no cell), the message ``key_card`` naming the card alone."""
        card = self.card_label(placement.card)
        if not placement.at:
            return Text(f"{key}_card", card=card, **fields)
        return Text(key, card=card, at=self.cell_label(placement.at), **fields)


class LegalMoves(Generic[M]):
    """Lazy view of the legal moves of a game, like python-chess's ``legal_moves``.

    Iterating generates them; ``in`` checks one move (an event of type ``kind``) without
    generating the others.
    """

    def __init__(self, game: Game[Any], generate: Callable[[], Iterator[M]], kind: type[M]) -> None:
        """A view of what ``generate`` yields; ``in`` answers for events of type ``kind``."""
        self._game = game
        self._generate = generate
        self._kind = kind

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, self._kind) or isinstance(move, Undo | TakeBack | Override):
            return False
        try:
            self._game.validate(move)
        except (MalformedInput, ValueError):
            return False
        return self._game.check(move).legal

    def __iter__(self) -> Iterator[M]:
        return self._generate()

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        """How many legal moves there are."""
        return sum(1 for _ in self)


#: The name python-chess readers look for; the placing games' view is a :class:`LegalMoves`.
LegalPlacements = LegalMoves
