"""L'Ascension's Feu de camp (A5), laid on a Versant of its terrain that moves up the mountain,
and what an overridden placement costs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.events import Placement
from companion.engine.ruling import Ruling, accepted, refused
from companion.games.ascension.events import Campfire
from companion.games.ascension.pyramid import CARDS, ROW_COL, SLOT_INDEX, SUMMIT
from companion.text import Text, cards

if TYPE_CHECKING:
    from companion.games.ascension.rules import Ascension


def check_campfire(game: Ascension, event: Campfire, hand: int | None = None) -> Ruling:
    """A5: a Feu de camp replaces a Versant of its terrain, which moves at least a row higher."""
    card = CARDS[event.card]
    name = game.card_label(event.card)
    if card.kind != "campfire":
        return refused("A5", Text("campfire_only", card=name))
    if SUMMIT in (event.at, event.move_to):
        return refused("A5", Text("campfire_summit"))
    if hand is None:
        hand = game.hands[game._turn]
    if hand < 1:
        return refused("A8", Text("no_card", seat=game.turn))
    if game.copies(card):
        return refused("A1", Text("campfire_seen", card=name, at=event.at))
    i, j = SLOT_INDEX[event.at], SLOT_INDEX[event.move_to]
    versant = game.cards[i]
    if versant is None or versant.kind != "versant":
        what = game.card_label(versant.name) if versant else Text("say_nothing")
        return refused("A5", Text("campfire_not_versant", card=name, at=event.at, what=what))
    other = game.card_label(versant.name)
    if versant.terrain != card.terrain:
        return refused("A5", Text("campfire_terrain", card=name, at=event.at, other=other))
    if game.ibex[i]:
        return refused("A5", Text("campfire_ibex", card=name, at=event.at, count=game.ibex[i]))
    if ROW_COL[j][0] <= ROW_COL[i][0]:
        return refused("A5", Text("campfire_not_higher", other=other, at=event.at,
                                  move_to=event.move_to))
    pays = game.options["campfire_move_pays_cost"] is True
    game.cards[i] = card  # the Versant's new place is judged with the Feu de camp laid
    try:
        moved = game._check_versant(versant, j, hand, pays=pays)
    finally:
        game.cards[i] = versant
    if not moved.legal:
        assert moved.rule is not None
        return refused(moved.rule, Text("campfire_move_refused", card=name, at=event.at,
                                        other=other, move_to=event.move_to, reason=moved.text))
    key = "campfire_placed" if moved.discard else "campfire_placed_free"
    return accepted(Text(key, card=name, at=event.at, other=other, seat=game.turn, move_to=event.move_to,
                         cost=cards(moved.discard or 0)), moved.discard)


def forced_cost(game: Ascension, placement: Placement) -> int:
    """What an overridden placement costs: the Versant's own cost, or the moved Versant's when it pays."""
    if isinstance(placement, Campfire):
        if game.options["campfire_move_pays_cost"] is not True:
            return 0
        i, j = SLOT_INDEX[placement.at], SLOT_INDEX[placement.move_to]
        versant = game.cards[i]
        assert versant is not None
        game.cards[i] = CARDS[placement.card]
        try:
            return game.cost(versant, j)[0]
        finally:
            game.cards[i] = versant
    return game.cost(CARDS[placement.card], SLOT_INDEX[placement.at])[0]


def override_ruling(game: Ascension, placement: Placement) -> Ruling:
    """The ruling of accepting a flagged placement anyway: its cost, capped at the cards left."""
    hand_after = game.hands[game._turn] - 1
    cost = min(forced_cost(game, placement), hand_after)
    name = game.card_label(placement.card)
    if isinstance(placement, Campfire):
        versant = game.cards[SLOT_INDEX[placement.at]]
        assert versant is not None
        other = game.card_label(versant.name)
        return accepted(Text("overridden_campfire", card=name, at=placement.at, other=other,
                             move_to=placement.move_to, cost=cards(cost)), cost)
    return accepted(Text("overridden", card=name, at=placement.at, cost=cards(cost)), cost)
