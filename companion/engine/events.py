"""The events of the game record (``shared/RECORD.md``), as frozen values, and their reader.

An event is what happened at the table: a card laid, two cards discarded, a
flagged card taken back. The camera, the buttons, the page and record files
all produce these same values, and :meth:`companion.engine.game.Game.play` is the one
entry point that rules on them. The events every game shares live here; each game's own
events live in its package and register themselves with :func:`register_event`, so the
reader knows every ``type`` without a list of games.

>>> event_from_json({"type": "play", "card": "27", "at": "c1", "player": 2})
Play(player=2, source=None, t=None, confidence=None, card='27', at='c1', as_='', up='')
>>> Play("27", "c1").to_json()
{'type': 'play', 'card': '27', 'at': 'c1'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self, TypeVar

from companion.engine.spec import specs
from companion.errors import AmbiguousReading, MalformedInput
from companion.text import Text, Words

#: Where an event may come from; ``engine`` is a card the companion plays itself (Rixes' Barbe Noire
#: with ``bn_pile: page``, :meth:`companion.engine.game.Game.engine_event`).
SOURCES = frozenset({"camera", "page", "button", "file", "engine"})

#: The halves a card may show toward the top of the table (a play's ``up``).
ORIENTATIONS = ("day", "night")

#: Every event class by its record ``type``, filled by :func:`register_event`.
EVENT_TYPES: dict[str, type[Event]] = {}

E = TypeVar("E", bound="type[Event]")


def register_event(cls: E) -> E:
    """Class decorator: the record reader builds ``cls`` for lines of type ``cls.TYPE``."""
    EVENT_TYPES[cls.TYPE] = cls
    return cls


class Labels(Protocol):
    """What names cards and cells in messages (a game)."""

    def card_label(self, card: str) -> Words | str:
        """How a card is named in messages."""

    def cell_label(self, cell: str) -> Words | str:
        """How a cell is named in messages."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event: who acted, where the event came from, when, how sure."""

    TYPE: ClassVar[str] = ""
    #: Whether the event is an action of the active seat (checked against ``player``).
    TURN_BOUND: ClassVar[bool] = True

    player: int | None = None
    source: str | None = None
    t: float | None = None
    confidence: float | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the record line of this event as a JSON-ready dict."""
        out: dict[str, Any] = {"type": self.TYPE}
        out.update(self._fields_json())
        for name in ("player", "source", "t", "confidence"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    def _fields_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """Build the event from its decoded record line; ``meta`` holds the checked common fields."""
        return cls(**meta)

    def describe(self, labels: Labels) -> Text:
        """A short bilingual description of this event once accepted (for undo messages)."""
        return Text("desc_event", kind=self.TYPE)


@dataclass(frozen=True, slots=True)
class Placement(Event):
    """A card laid at a cell: it lies on the table, flagged when refused, until taken back."""

    card: str
    at: str

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card, "at": self.at}

    def describe(self, labels: Labels) -> Text:
        """``27 at c1``."""
        return Text("desc_play", card=labels.card_label(self.card), at=labels.cell_label(self.at))


@register_event
@dataclass(frozen=True, slots=True)
class Play(Placement):
    """A card laid at a cell (``at`` is a cell name of RULINGS.md), or, in a trick game, into the
    trick (``at`` empty: the seat says where it lies) or at a place the game names."""

    TYPE: ClassVar[str] = "play"
    #: What the card is played as, where the game lets a card be one of several (``as``: Rixes'
    #: advanced weapons, a type of its two); empty where nothing is said.
    as_: str = ""
    #: Which half of the card points to the top of the grid (``up``: ``"day"`` or ``"night"``,
    #: Tranquillité's Jour et nuit and Compétition); empty where nothing is said.
    up: str = ""

    def _fields_json(self) -> dict[str, Any]:
        out = {"card": self.card, "at": self.at} if self.at else {"card": self.card}
        if self.as_:
            out["as"] = self.as_
        if self.up:
            out["up"] = self.up
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """A card the camera was unsure of (``null``) raises :class:`AmbiguousReading`. ``at`` may
        be absent (a trick game's play): the games whose cards lie in cells require it."""
        at = string_field(obj, "at") if "at" in obj else ""
        if "card" in obj and obj["card"] is None:
            raise AmbiguousReading(Text("unsure_card", at=at or "-"))
        as_ = string_field(obj, "as") if "as" in obj else ""
        up = string_field(obj, "up") if "up" in obj else ""
        if up and up not in ORIENTATIONS:
            raise MalformedInput(Text("bad_field", field="up", value=up))
        return cls(string_field(obj, "card"), at, as_=as_, up=up, **meta)

    def describe(self, labels: Labels) -> Text:
        """``27 at c1``; ``r3 played to the trick``."""
        if not self.at:
            return Text("desc_trick_card", card=labels.card_label(self.card))
        return Text("desc_play", card=labels.card_label(self.card), at=labels.cell_label(self.at))


@register_event
@dataclass(frozen=True, slots=True)
class Discard(Event):
    """Action B: the active seat discards ``count`` cards (2 in the base games)."""

    TYPE: ClassVar[str] = "discard"
    count: int = 2

    def _fields_json(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``count`` defaults to 2."""
        return cls(integer_field(obj, "count", default=2), **meta)

    def describe(self, labels: Labels) -> Text:
        """``discard of 2 cards``."""
        return Text("desc_discard", count=self.count)


@register_event
@dataclass(frozen=True, slots=True)
class TakeBack(Event):
    """A flagged card is picked up again from cell ``at``, or, in a trick game, the flagged
    ``card`` (``at`` empty)."""

    TYPE: ClassVar[str] = "take_back"
    TURN_BOUND: ClassVar[bool] = False
    at: str = ""
    card: str | None = None

    def _fields_json(self) -> dict[str, Any]:
        return {"at": self.at} if self.at or self.card is None else {"card": self.card}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """The cell, or else the card, is required."""
        if "at" not in obj and "card" in obj:
            return cls("", string_field(obj, "card"), **meta)
        return cls(string_field(obj, "at"), **meta)

    def takes(self, placement: Placement) -> bool:
        """Whether this picks up ``placement``: the card at its cell, or that card."""
        return placement.at == self.at if self.at else placement.card == self.card


@register_event
@dataclass(frozen=True, slots=True)
class Override(Event):
    """The players accept the last flagged placement anyway."""

    TYPE: ClassVar[str] = "override"
    TURN_BOUND: ClassVar[bool] = False


@register_event
@dataclass(frozen=True, slots=True)
class Undo(Event):
    """The last accepted event is cancelled."""

    TYPE: ClassVar[str] = "undo"
    TURN_BOUND: ClassVar[bool] = False


@register_event
@dataclass(frozen=True, slots=True)
class DeclareLoss(Event):
    """The players report that the active seat cannot act."""

    TYPE: ClassVar[str] = "declare_loss"

    def describe(self, labels: Labels) -> Text:
        """``the reported loss``."""
        return Text("desc_declare_loss")


def _known(kind: str) -> type[Event] | None:
    """The event class of ``kind``, discovering the game packages (their events) when unknown."""
    if kind not in EVENT_TYPES:
        specs()
    return EVENT_TYPES.get(kind)


def event_from_json(obj: object) -> Event:
    """Build an event from one decoded record line, or raise :class:`MalformedInput`.

    Unknown extra fields are ignored (RECORD.md lets later versions add some).
    A ``play`` whose card is ``null`` (the camera was unsure) raises
    :class:`AmbiguousReading`.
    """
    if not isinstance(obj, dict):
        raise MalformedInput(Text("not_an_object"))
    kind = obj.get("type")
    if kind is None:
        raise MalformedInput(Text("missing_field", field="type"))
    cls = _known(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedInput(Text("unknown_event", kind=kind))
    return cls.from_json(obj, _meta(obj))


def _meta(obj: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if obj.get("player") is not None:
        meta["player"] = integer_field(obj, "player")
        # Seats count from 1; a card may be played by captain 0 (Rixes' Barbe Noire, RECORD.md).
        if meta["player"] < (0 if obj.get("type") == "play" else 1):
            raise MalformedInput(Text("bad_field", field="player", value=obj["player"]))
    source = obj.get("source")
    if source is not None:
        if not isinstance(source, str) or source not in SOURCES:
            raise MalformedInput(Text("bad_field", field="source", value=source))
        meta["source"] = source
    for name in ("t", "confidence"):
        value = obj.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise MalformedInput(Text("bad_field", field=name, value=value))
        if name == "confidence" and not 0.0 <= value <= 1.0:
            raise MalformedInput(Text("bad_field", field=name, value=value))
        meta[name] = float(value)
    return meta


def string_field(obj: dict[str, Any], name: str) -> str:
    """The string field ``name`` of a record line, or :class:`MalformedInput`."""
    if name not in obj:
        raise MalformedInput(Text("missing_field", field=name))
    value = obj[name]
    if not isinstance(value, str):
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


def integer_field(obj: dict[str, Any], name: str, default: int | None = None) -> int:
    """The integer field ``name`` of a record line (``default`` when absent), or :class:`MalformedInput`."""
    if name not in obj:
        if default is None:
            raise MalformedInput(Text("missing_field", field=name))
        return default
    value = obj[name]
    # bool is an int in Python; true is no count of cards.
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value
