"""Tranquillité's own events: how the discards after the Start card were split, and those of
*Mers agitées* and the variants (RECORD.md, rulings T12 to T22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.engine.events import Event, Labels, integer_field, register_event, string_field
from companion.errors import MalformedInput
from companion.text import Text


@register_event
@dataclass(frozen=True, slots=True)
class StartDiscards(Event):
    """How the 8 cards discarded after the Start card were split: (seat, count) pairs, and the
    cards each seat with a yellow storm took unseen from the top of its deck (``from_deck``, T15)."""

    TYPE: ClassVar[str] = "start_discards"
    TURN_BOUND: ClassVar[bool] = False
    counts: tuple[tuple[int, int], ...] = field(default=())
    from_deck: tuple[tuple[int, int], ...] = field(default=())

    @classmethod
    def of(cls, counts: Mapping[int, int], from_deck: Mapping[int, int] | None = None,
           **meta: Any) -> StartDiscards:
        """Build from seat-to-count mappings, seats sorted."""
        return cls(counts=tuple(sorted(counts.items())), from_deck=tuple(sorted((from_deck or {}).items())),
                   **meta)

    def as_dict(self) -> dict[int, int]:
        """The counts as a seat-to-count dict."""
        return dict(self.counts)

    def _fields_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"counts": {str(seat): n for seat, n in self.counts}}
        if self.from_deck:
            out["from_deck"] = {str(seat): n for seat, n in self.from_deck}
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``counts`` (and ``from_deck`` when given) map seats ("1".."N") to counts never negative."""
        from_deck = _counts(obj, "from_deck") if "from_deck" in obj else ()
        return cls(counts=_counts(obj), from_deck=from_deck, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the discards after the Start card``."""
        return Text("desc_start_discards")


def _counts(obj: dict[str, Any], name: str = "counts") -> tuple[tuple[int, int], ...]:
    if name not in obj:
        raise MalformedInput(Text("missing_field", field=name))
    raw = obj[name]
    if not isinstance(raw, dict):
        raise MalformedInput(Text("bad_field", field=name, value=raw))
    counts: dict[int, int] = {}
    for seat, count in raw.items():
        if not seat.isdigit() or int(seat) < 1:
            raise MalformedInput(Text("bad_field", field=name, value=raw))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise MalformedInput(Text("bad_field", field=name, value=raw))
        counts[int(seat)] = count
    return tuple(sorted(counts.items()))


# -- Mers agitées and the variants (rulings T12 to T22) ------------------------


def _bool_field(obj: dict[str, Any], name: str) -> bool:
    value = obj.get(name, False)
    if not isinstance(value, bool):
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


def _optional_int(obj: dict[str, Any], name: str, low: int = 0) -> int | None:
    if obj.get(name) is None:
        return None
    value = integer_field(obj, name)
    if value < low:
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


@register_event
@dataclass(frozen=True, slots=True)
class Reef(Event):
    """The reef step (T13): the reef moved to row ``to`` (1..6), or left where it is (``stay``:
    two cards discarded)."""

    TYPE: ClassVar[str] = "reef"
    to: int | None = None
    stay: bool = False

    def _fields_json(self) -> dict[str, Any]:
        return {"stay": True} if self.stay else {"to": self.to}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """Exactly one of ``to`` (a row 1..6) and ``stay: true``."""
        stay = _bool_field(obj, "stay")
        to = _optional_int(obj, "to", 1)
        if stay == (to is not None):
            raise MalformedInput(Text("missing_field", field="to"))
        return cls(to, stay, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the reef moved to row 3``."""
        return Text("desc_reef_stay") if self.stay else Text("desc_reef", row=self.to)


@register_event
@dataclass(frozen=True, slots=True)
class Drawn(Event):
    """A card resolved as soon as it is drawn (T15 storms, T19 compasses), in ``player``'s draw
    step: a purple storm's ``row``, a yellow storm's ``count`` of discards when said, or ``compass``
    when a compass of the pool ends the storm at once (T16)."""

    TYPE: ClassVar[str] = "drawn"
    TURN_BOUND: ClassVar[bool] = False
    card: str = ""
    row: int | None = None
    count: int | None = None
    compass: bool = False

    def _fields_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card}
        if self.row is not None:
            out["row"] = self.row
        if self.count is not None:
            out["count"] = self.count
        if self.compass:
            out["compass"] = True
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``card`` and ``player`` are required."""
        if "player" not in meta:
            raise MalformedInput(Text("missing_field", field="player"))
        return cls(string_field(obj, "card"), _optional_int(obj, "row", 1), _optional_int(obj, "count"),
                   _bool_field(obj, "compass"), **meta)

    def describe(self, labels: Labels) -> Text:
        """``storm-purple drawn``."""
        return Text("desc_drawn", card=labels.card_label(self.card))


@register_event
@dataclass(frozen=True, slots=True)
class Compass(Event):
    """A compass spent: from the shared pool to end a storm (T16: ``ends`` a storm's card name, with
    the ``seat`` it lies before or the ``row`` it closes), or, in the Pyramide, discarded from hand
    as the turn's action to clear the storm lying at cell ``at`` (T18)."""

    TYPE: ClassVar[str] = "compass"
    TURN_BOUND: ClassVar[bool] = False
    ends: str = ""
    seat: int | None = None
    row: int | None = None
    at: str = ""

    def _fields_json(self) -> dict[str, Any]:
        if self.at:
            return {"at": self.at}
        out: dict[str, Any] = {"ends": self.ends}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.row is not None:
            out["row"] = self.row
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """Either ``at``, or ``ends`` with ``seat`` or ``row``."""
        if "at" in obj:
            return cls(at=string_field(obj, "at"), **meta)
        return cls(string_field(obj, "ends"), _optional_int(obj, "seat", 1), _optional_int(obj, "row", 1),
                   **meta)

    def describe(self, labels: Labels) -> Text:
        """``a compass spent``."""
        return Text("desc_compass")


@register_event
@dataclass(frozen=True, slots=True)
class DiscardHand(Event):
    """The active seat discards its whole hand as its action (T16): ``count`` cards."""

    TYPE: ClassVar[str] = "discard_hand"
    count: int = 0

    def _fields_json(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``count`` is required."""
        return cls(_required_count(obj), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the whole hand discarded``."""
        return Text("desc_discard_hand", count=self.count)


@register_event
@dataclass(frozen=True, slots=True)
class MonsterHeld(Event):
    """``player`` says it holds ``count`` sea monsters (T14), when a Finish card is tried."""

    TYPE: ClassVar[str] = "monster_held"
    TURN_BOUND: ClassVar[bool] = False
    count: int = 1

    def _fields_json(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``player`` is required; ``count`` defaults to 1."""
        if "player" not in meta:
            raise MalformedInput(Text("missing_field", field="player"))
        count = integer_field(obj, "count", default=1)
        if count < 1:
            raise MalformedInput(Text("bad_field", field="count", value=count))
        return cls(count, **meta)

    def describe(self, labels: Labels) -> Text:
        """``a sea monster said held``."""
        return Text("desc_monster_held", count=self.count)


@register_event
@dataclass(frozen=True, slots=True)
class Explore(Event):
    """The explorer card drawn for the card just laid on a border card (T18)."""

    TYPE: ClassVar[str] = "explore"
    card: str = ""

    def _fields_json(self) -> dict[str, Any]:
        return {"card": self.card}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``card``: ``start``, ``reef``, a storm, ``monster``, or ``back`` (kept unseen)."""
        return cls(string_field(obj, "card"), **meta)

    def describe(self, labels: Labels) -> Text:
        """``explorer card start``."""
        return Text("desc_explore", card=labels.card_label(self.card))


@register_event
@dataclass(frozen=True, slots=True)
class Rotate(Event):
    """The active seat discards a card to turn the island card at ``at`` half a turn (T19)."""

    TYPE: ClassVar[str] = "rotate"
    at: str = ""

    def _fields_json(self) -> dict[str, Any]:
        return {"at": self.at}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``at`` is required."""
        return cls(string_field(obj, "at"), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the card at c3 turned``."""
        return Text("desc_rotate", at=labels.cell_label(self.at))


@register_event
@dataclass(frozen=True, slots=True)
class Swap(Event):
    """The active seat shows a hand it cannot lay, discards it and takes the face-up row (T20)."""

    TYPE: ClassVar[str] = "swap"
    hand: tuple[str, ...] = ()

    def _fields_json(self) -> dict[str, Any]:
        return {"hand": list(self.hand)}

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``hand``: the revealed cards' names."""
        raw = obj.get("hand")
        if raw is None:
            raise MalformedInput(Text("missing_field", field="hand"))
        if not isinstance(raw, list) or not all(isinstance(card, str) for card in raw):
            raise MalformedInput(Text("bad_field", field="hand", value=raw))
        return cls(tuple(raw), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the hand swapped for the row``."""
        return Text("desc_swap")


@register_event
@dataclass(frozen=True, slots=True)
class Pass(Event):
    """The active seat can neither lay, nor discard, nor swap: it passes (T20)."""

    TYPE: ClassVar[str] = "pass"

    def describe(self, labels: Labels) -> Text:
        """``a pass``."""
        return Text("desc_pass")


def _required_count(obj: dict[str, Any]) -> int:
    count = integer_field(obj, "count")
    if count < 0:
        raise MalformedInput(Text("bad_field", field="count", value=count))
    return count
