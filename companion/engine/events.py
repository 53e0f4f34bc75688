"""The events of the game record (``shared/RECORD.md``), as frozen values.

An event is what happened at the table: a card laid, two cards discarded, a
flagged card taken back. The camera, the buttons, the page and record files
all produce these same values, and :meth:`companion.engine.game.Game.play` is the one
entry point that rules on them.

>>> event_from_json({"type": "play", "card": "27", "at": "c1", "player": 2})
Play(player=2, source=None, t=None, confidence=None, card='27', at='c1')
>>> Play("27", "c1").to_json()
{'type': 'play', 'card': '27', 'at': 'c1'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.errors import AmbiguousReading, MalformedInput
from companion.text import Text

SOURCES = frozenset({"camera", "page", "button", "file"})


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


@dataclass(frozen=True, slots=True)
class Play(Event):
    """A card laid at a cell (``at`` is a cell name of RULINGS.md)."""

    TYPE: ClassVar[str] = "play"
    card: str
    at: str

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card, "at": self.at}


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """Action B: the active seat discards ``count`` cards (2 in the base games)."""

    TYPE: ClassVar[str] = "discard"
    count: int = 2

    def _fields_json(self) -> dict[str, Any]:
        return {"count": self.count}


@dataclass(frozen=True, slots=True)
class StartDiscards(Event):
    """How the 8 cards discarded after the Start card were split: (seat, count) pairs."""

    TYPE: ClassVar[str] = "start_discards"
    TURN_BOUND: ClassVar[bool] = False
    counts: tuple[tuple[int, int], ...] = field(default=())

    @classmethod
    def of(cls, counts: Mapping[int, int], **meta: Any) -> StartDiscards:
        """Build from a seat-to-count mapping, seats sorted."""
        return cls(counts=tuple(sorted(counts.items())), **meta)

    def as_dict(self) -> dict[int, int]:
        """The counts as a seat-to-count dict."""
        return dict(self.counts)

    def _fields_json(self) -> dict[str, Any]:
        return {"counts": {str(seat): n for seat, n in self.counts}}


@dataclass(frozen=True, slots=True)
class TakeBack(Event):
    """A flagged card is picked up again from cell ``at``."""

    TYPE: ClassVar[str] = "take_back"
    TURN_BOUND: ClassVar[bool] = False
    at: str

    def _fields_json(self) -> dict[str, Any]:
        return {"at": self.at}


@dataclass(frozen=True, slots=True)
class Override(Event):
    """The players accept the last flagged placement anyway."""

    TYPE: ClassVar[str] = "override"
    TURN_BOUND: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Undo(Event):
    """The last accepted event is cancelled."""

    TYPE: ClassVar[str] = "undo"
    TURN_BOUND: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class DeclareLoss(Event):
    """The players report that the active seat cannot act."""

    TYPE: ClassVar[str] = "declare_loss"


@dataclass(frozen=True, slots=True)
class Campfire(Event):
    """L'Ascension: a Feu de camp laid at ``at``; the Versant it replaces goes to ``move_to``."""

    TYPE: ClassVar[str] = "campfire"
    card: str
    at: str
    move_to: str

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card, "at": self.at, "move_to": self.move_to}


@dataclass(frozen=True, slots=True)
class Herd(Event):
    """L'Ascension, Faune montagnarde: the herd on ``origin`` climbs ``rows`` rows along ``path``.

    ``origin`` is the record's ``from`` field (a Python keyword).
    """

    TYPE: ClassVar[str] = "herd"
    origin: str
    rows: int
    path: tuple[str, ...]

    def _fields_json(self) -> dict[str, Any]:
        return {"from": self.origin, "rows": self.rows, "path": list(self.path)}


@dataclass(frozen=True, slots=True)
class Grapple(Event):
    """L'Ascension solo: a Grappin is discarded to renew the hand."""

    TYPE: ClassVar[str] = "grapple"


#: A placement that lies on the table until it is accepted or taken back.
Placement = Play | Campfire

EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (Play, Discard, StartDiscards, TakeBack, Override, Undo, DeclareLoss, Campfire, Herd,
                Grapple)
}


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
    if not isinstance(kind, str) or kind not in EVENT_TYPES:
        raise MalformedInput(Text("unknown_event", kind=kind))
    meta = _meta(obj)
    if kind == "play":
        if "card" in obj and obj["card"] is None:
            raise AmbiguousReading(Text("unsure_card", at=_string(obj, "at")))
        return Play(_string(obj, "card"), _string(obj, "at"), **meta)
    if kind == "discard":
        return Discard(_integer(obj, "count", default=2), **meta)
    if kind == "start_discards":
        return StartDiscards(counts=_counts(obj), **meta)
    if kind == "take_back":
        return TakeBack(_string(obj, "at"), **meta)
    if kind == "campfire":
        return Campfire(_string(obj, "card"), _string(obj, "at"), _string(obj, "move_to"), **meta)
    if kind == "herd":
        path = obj.get("path")
        if path is None:
            raise MalformedInput(Text("missing_field", field="path"))
        if not isinstance(path, list) or not all(isinstance(cell, str) for cell in path):
            raise MalformedInput(Text("bad_field", field="path", value=path))
        return Herd(_string(obj, "from"), _integer(obj, "rows"), tuple(path), **meta)
    return EVENT_TYPES[kind](**meta)


def _meta(obj: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if obj.get("player") is not None:
        meta["player"] = _integer(obj, "player")
        if meta["player"] < 1:
            raise MalformedInput(Text("bad_field", field="player", value=obj["player"]))
    source = obj.get("source")
    if source is not None:
        if source not in SOURCES:
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


def _string(obj: dict[str, Any], name: str) -> str:
    if name not in obj:
        raise MalformedInput(Text("missing_field", field=name))
    value = obj[name]
    if not isinstance(value, str):
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


def _integer(obj: dict[str, Any], name: str, default: int | None = None) -> int:
    if name not in obj:
        if default is None:
            raise MalformedInput(Text("missing_field", field=name))
        return default
    value = obj[name]
    # bool is an int in Python; true is no count of cards.
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


def _counts(obj: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    if "counts" not in obj:
        raise MalformedInput(Text("missing_field", field="counts"))
    raw = obj["counts"]
    if not isinstance(raw, dict):
        raise MalformedInput(Text("bad_field", field="counts", value=raw))
    counts: dict[int, int] = {}
    for seat, count in raw.items():
        if not seat.isdigit() or int(seat) < 1:
            raise MalformedInput(Text("bad_field", field="counts", value=raw))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise MalformedInput(Text("bad_field", field="counts", value=raw))
        counts[int(seat)] = count
    return tuple(sorted(counts.items()))
