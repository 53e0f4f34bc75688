"""Rixes' own events (``shared/RECORD.md``, Trick games): a crew member's effect, told by the page
as operations on the Bagarre (RX12, RX13), and a player's recruitment (RX14).

The Pirates' and Légendes' texts are not in the rulebook: the page says what an effect did, as
:class:`Op` values the referee applies in order.

>>> line = {"type": "effect", "player": 1, "crew": "flint", "ops": [{"op": "cancel"}]}
>>> event = event_from_json(line)
>>> event.ops, event.to_json() == line
((Op(op='cancel', card=None, to=None, value=None, kind=None, amount=None, source=None, crew=None),), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

import companion.games.rixes.messages  # noqa: F401  (registers its words, said below)
from companion.engine.events import (
    Event,
    Labels,
    event_from_json,
    integer_field,
    register_event,
    string_field,
)
from companion.errors import MalformedInput
from companion.games.rixes.bagarre import CAPTAINS
from companion.games.rixes.weapons import TYPES
from companion.text import Text

#: Each operation and the fields it takes (``RECORD.md``, the ``ops`` of an ``effect``).
OPS: dict[str, tuple[str, ...]] = {
    "cancel": (), "value": ("card", "value"), "type": ("card", "type"), "move": ("card", "to"),
    "to_hand": ("card", "to"), "add": ("card", "from"), "discard": ("card",), "award": ("to",),
    "gold": ("to", "amount", "from"), "hand": ("to", "amount"), "tilt": ("crew", "player"),
    "straighten": ("crew", "player"),
}
#: The fields an operation may leave out: where a card goes back (default: who played it), where
#: gold comes from (default: the reserve), whose member is tilted (default: the effect's player).
OPTIONAL = {("to_hand", "to"), ("gold", "from"), ("tilt", "player"), ("straighten", "player")}
#: The most gold one operation moves, or cards a hand gains or loses unseen: a typing slip beyond.
MOST = 30


@dataclass(frozen=True, slots=True)
class Op:
    """One operation of an effect on the current Bagarre: ``op`` and the fields it takes (``to``,
    ``source`` and the tilted member's ``player`` are captains: 0 Barbe Noire, 1 and 2 the players;
    ``source`` may also be ``"reserve"``, as -1)."""

    op: str
    card: str | None = None
    to: int | None = None
    value: int | None = None
    kind: str | None = None
    amount: int | None = None
    source: int | None = None
    crew: str | None = None

    @classmethod
    def from_json(cls, obj: object) -> Op:
        """An operation from its record form, or MalformedInput."""
        if not isinstance(obj, dict) or not isinstance(obj.get("op"), str) or obj["op"] not in OPS:
            raise MalformedInput(Text("bad_field", field="ops", value=str(obj)[:60]))
        op = obj["op"]
        fields = OPS[op]
        unknown = set(obj) - {"op", *fields}
        if unknown:
            raise MalformedInput(Text("bad_field", field=sorted(unknown)[0], value=obj[sorted(unknown)[0]]))
        for name in fields:
            if name not in obj and (op, name) not in OPTIONAL:
                raise MalformedInput(Text("missing_field", field=name))
        values: dict[str, Any] = {}
        if "card" in obj:
            values["card"] = string_field(obj, "card")
        for name, key in (("to", "to"), ("player", "to")):
            if name in obj and not (op in ("tilt", "straighten") and name == "to"):
                values[key] = _captain(obj, name)
        if "value" in obj:
            values["value"] = integer_field(obj, "value")
            if not 0 <= values["value"] <= 99:
                raise MalformedInput(Text("bad_field", field="value", value=values["value"]))
        if "type" in obj:
            values["kind"] = string_field(obj, "type")
            if values["kind"] not in TYPES:
                raise MalformedInput(Text("bad_field", field="type", value=values["kind"]))
        if "amount" in obj:
            values["amount"] = integer_field(obj, "amount")
            if not -MOST <= values["amount"] <= MOST or values["amount"] == 0:
                raise MalformedInput(Text("bad_field", field="amount", value=values["amount"]))
        if "from" in obj:
            values["source"] = -1 if obj["from"] == "reserve" and op == "gold" else _captain(obj, "from")
        if op in ("tilt", "straighten") and values.get("to") == 0:
            raise MalformedInput(Text("bad_field", field="player", value=0))  # Barbe Noire has no crew
        if "crew" in obj:
            values["crew"] = string_field(obj, "crew")
        return cls(op, **values)

    def to_json(self) -> dict[str, Any]:
        """The operation's record form."""
        out: dict[str, Any] = {"op": self.op}
        if self.card is not None:
            out["card"] = self.card
        if self.value is not None:
            out["value"] = self.value
        if self.kind is not None:
            out["type"] = self.kind
        if self.crew is not None:
            out["crew"] = self.crew
        if self.to is not None:
            out["player" if self.op in ("tilt", "straighten") else "to"] = self.to
        if self.amount is not None:
            out["amount"] = self.amount
        if self.source is not None:
            out["from"] = "reserve" if self.source == -1 else self.source
        return out


def _captain(obj: dict[str, Any], name: str) -> int:
    """A captain's number (0, 1 or 2) in field ``name``, or MalformedInput."""
    value = integer_field(obj, name)
    if value not in CAPTAINS:
        raise MalformedInput(Text("bad_field", field=name, value=value))
    return value


def _a_player(meta: dict[str, Any]) -> None:
    """MalformedInput unless the line names player 1 or 2 (Barbe Noire has no crew, recruits none)."""
    if meta.get("player") not in (1, 2):
        raise MalformedInput(Text("bad_field", field="player", value=meta.get("player")))


@register_event
@dataclass(frozen=True, slots=True)
class Effect(Event):
    """A member of the acting player's crew is used, and what it did to the Bagarre (``ops``, in
    order); ``supersedes``: the members it has priority over; ``passive``: a trait that applies
    while straightened (no tilt); ``butin``: its Butin [n] when the loot is shared (RX12, RX13)."""

    TYPE: ClassVar[str] = "effect"
    TURN_BOUND: ClassVar[bool] = False
    crew: str = ""
    ops: tuple[Op, ...] = ()
    supersedes: tuple[str, ...] = ()
    passive: bool = False
    butin: int | None = None

    def _fields_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"crew": self.crew, "ops": [op.to_json() for op in self.ops]}
        if self.supersedes:
            out["supersedes"] = list(self.supersedes)
        if self.passive:
            out["passive"] = True
        if self.butin is not None:
            out["butin"] = self.butin
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``player`` and ``crew`` are required, ``ops`` a list (empty for a Passif noted)."""
        _a_player(meta)
        ops = obj.get("ops", [])
        if not isinstance(ops, list) or len(ops) > MOST:
            raise MalformedInput(Text("bad_field", field="ops", value=str(ops)[:60]))
        supersedes = obj.get("supersedes", [])
        if not isinstance(supersedes, list) or not all(isinstance(m, str) for m in supersedes):
            raise MalformedInput(Text("bad_field", field="supersedes", value=supersedes))
        passive = obj.get("passive", False)
        if not isinstance(passive, bool):
            raise MalformedInput(Text("bad_field", field="passive", value=passive))
        butin = integer_field(obj, "butin") if "butin" in obj else None
        if butin is not None and not 0 <= butin <= MOST:
            raise MalformedInput(Text("bad_field", field="butin", value=butin))
        return cls(crew=string_field(obj, "crew"), ops=tuple(Op.from_json(op) for op in ops),
                   supersedes=tuple(supersedes), passive=passive, butin=butin, **meta)

    def describe(self, labels: Labels) -> Text:
        """``the effect of flint``."""
        del labels
        return Text("desc_effect", crew=self.crew)


@register_event
@dataclass(frozen=True, slots=True)
class Recruit(Event):
    """A player's recruitment (RX14): ``pirate`` kept (None: both drawn discarded), added for 1 gold
    to Barbe Noire or in place of the crew's Pirate ``replaces``; ``drawn``: the two drawn, if said."""

    TYPE: ClassVar[str] = "recruit"
    TURN_BOUND: ClassVar[bool] = False
    pirate: str | None = None
    replaces: str | None = None
    drawn: tuple[str, ...] | None = None

    def _fields_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pirate": self.pirate}
        if self.drawn is not None:
            out["drawn"] = list(self.drawn)
        if self.replaces is not None:
            out["replaces"] = self.replaces
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], meta: dict[str, Any]) -> Self:
        """``player`` and ``pirate`` (a slug, or null) are required; ``drawn``, two slugs."""
        _a_player(meta)
        if "pirate" not in obj:
            raise MalformedInput(Text("missing_field", field="pirate"))
        pirate = None if obj["pirate"] is None else string_field(obj, "pirate")
        replaces = string_field(obj, "replaces") if "replaces" in obj else None
        drawn = obj.get("drawn")
        if drawn is not None and (not isinstance(drawn, list) or len(drawn) != 2
                                  or not all(isinstance(slug, str) for slug in drawn)):
            raise MalformedInput(Text("bad_field", field="drawn", value=drawn))
        return cls(pirate=pirate, replaces=replaces, drawn=None if drawn is None else tuple(drawn), **meta)

    def describe(self, labels: Labels) -> Text:
        """``the recruitment of drake``, or ``a recruitment passed``."""
        del labels
        return Text("desc_recruit", pirate=self.pirate) if self.pirate else Text("desc_recruit_none")


__all__ = ["MOST", "OPS", "Effect", "Op", "Recruit", "event_from_json"]
