"""A crew member's effect on the Bagarre (RX12): its operations, as the page tells them, applied in
order to the cards on the table, the captains' gold and hands, and the crews' members.

The effects' texts are not in the rulebook, so the companion does not judge what an effect may do:
it applies what the players say it did, and refuses only what cannot be (a card not in the
Bagarre, one turned face down, a card added from an empty hand).

>>> bagarre = Bagarre((InPlay("fist-5", 1, 1, "fist", 5), InPlay("sabres-2", 0, 0, "sabres", 2)),
...                   "fist", provocateur=1, provocation="fist-5")
>>> applied = apply(bagarre, (Op("value", card="fist-5", value=1),), player=1, holding={0: 7, 1: 7, 2: 7})
>>> applied.bagarre.cards[0].value, applied.refused
(1, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.games.rixes.bagarre import InPlay
from companion.games.rixes.events import Op
from companion.games.rixes.weapons import weapon


@dataclass(frozen=True, slots=True)
class Bagarre:
    """The Bagarre on the table: its cards, dominant type, Provocateur and Provocation, and what
    effects did to it (an award, a cancellation)."""

    cards: tuple[InPlay, ...]
    dominant: str | None
    provocateur: int
    provocation: str | None
    award: int | None = None
    cancelled: bool = False
    #: Cards face down (a simultaneous reveal not yet turned, Drake's): no effect may aim at them.
    hidden: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Applied:
    """An effect applied: the Bagarre after it; gold and hand sizes moved (by captain); cards put
    back into hands, as (captain, card), known there from now on (RX6); cards set aside for the
    Rixe; members tilted and straightened, as (player, member). ``refused``: why it cannot be (RX12),
    everything else then as before."""

    bagarre: Bagarre
    gold: dict[int, int] = field(default_factory=dict)
    hands: dict[int, int] = field(default_factory=dict)
    to_hands: tuple[tuple[int, str], ...] = ()
    discarded: tuple[str, ...] = ()
    tilted: tuple[tuple[int, str], ...] = ()
    straightened: tuple[tuple[int, str], ...] = ()
    refused: str | None = None


def apply(bagarre: Bagarre, ops: Sequence[Op], *, player: int, holding: Mapping[int, int]) -> Applied:
    """``ops`` applied in order for ``player``'s effect; ``holding``: the cards each captain holds
    (a card added from a hand leaves it). Refused whole at the first operation that cannot be."""
    cards = list(bagarre.cards)
    award, cancelled = bagarre.award, bagarre.cancelled
    gold: dict[int, int] = {}
    hands: dict[int, int] = {}
    to_hands: list[tuple[int, str]] = []
    discarded: list[str] = []
    tilted: list[tuple[int, str]] = []
    straightened: list[tuple[int, str]] = []

    def refuse(why: str) -> Applied:
        return Applied(bagarre, refused=why)

    def index_of(card: str | None) -> int | None:
        # Two copies lie only with Barbe Noire's pile kept by the companion (RX3): the name is
        # then the players' card, the one on the table (the project's RULINGS.md).
        found = [k for k, in_play in enumerate(cards) if in_play.card == card]
        return next((k for k in found if cards[k].added_by != 0), found[0] if found else None)

    for op in ops:
        if op.card is not None and op.card in bagarre.hidden:
            return refuse("face_down")
        if op.op == "cancel":
            cancelled = True
        elif op.op == "award":
            award = op.to
        elif op.op in ("value", "type", "move", "to_hand", "discard"):
            k = index_of(op.card)
            if k is None:
                return refuse("not_in_bagarre")
            card = cards[k]
            if op.op == "value" and op.value is not None:
                cards[k] = replace(card, value=op.value)
            elif op.op == "type" and op.kind is not None:
                cards[k] = replace(card, kind=op.kind)
            elif op.op == "move" and op.to is not None:
                cards[k] = replace(card, possessor=op.to)
            else:
                del cards[k]
                if op.op == "to_hand":
                    # Back in a hand the card is normal again (its printed type and value).
                    owner = card.added_by if op.to is None else op.to
                    to_hands.append((owner, card.card))
                    hands[owner] = hands.get(owner, 0) + 1
                else:
                    discarded.append(card.card)
        elif op.op == "add" and op.card is not None and op.source is not None:
            if index_of(op.card) is not None:
                return refuse("in_bagarre")
            if holding.get(op.source, 0) + hands.get(op.source, 0) <= 0:
                return refuse("empty_hand")
            printed = weapon(op.card)
            cards.append(InPlay(op.card, op.source, op.source, printed.types[0], printed.value))
            hands[op.source] = hands.get(op.source, 0) - 1
        elif op.op == "gold" and op.to is not None and op.amount is not None:
            gold[op.to] = gold.get(op.to, 0) + op.amount
            if op.source is not None and op.source >= 0:
                gold[op.source] = gold.get(op.source, 0) - op.amount
        elif op.op == "hand" and op.to is not None and op.amount is not None:
            hands[op.to] = hands.get(op.to, 0) + op.amount
        elif op.op in ("tilt", "straighten") and op.crew is not None:
            (tilted if op.op == "tilt" else straightened).append((op.to or player, op.crew))
    after = replace(bagarre, cards=tuple(cards), award=award, cancelled=cancelled)
    return Applied(after, gold, hands, tuple(to_hands), tuple(discarded), tuple(tilted), tuple(straightened))


__all__ = ["Applied", "Bagarre", "apply"]
