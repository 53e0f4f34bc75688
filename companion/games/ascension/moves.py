"""Generating L'Ascension's legal placements: the fast path the simulator, the legal
view and the proof of a loss use. A test holds it to :meth:`Ascension.check`.

The functions read the game's state through the same private checks as
:meth:`~companion.engine.game.Game.check`, so the two cannot drift apart in their rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.engine.events import Placement, Play
from companion.games.ascension.events import Campfire
from companion.games.ascension.pyramid import (
    CARDS,
    LEFT,
    RIGHT,
    ROW_COL,
    ROW_SLOTS,
    ROWS,
    SLOTS,
    SUMMIT,
    SUPPORT,
    TERRAINS,
    VALUES,
    Card,
)
from companion.games.ascension.setup import IBEX_ICONS

if TYPE_CHECKING:
    from companion.games.ascension.rules import Ascension

BRIDGE = CARDS["bridge"]


def frontier(cards: Sequence[Card | None]) -> dict[tuple[int, bool], list[int]]:
    """The candidate slots by (highest row, for a Versant or not): the first empty slot of each
    row up to the highest, and for a Versant the Ponts showing too.

    Rows fill from the left with no gap (A2, A4), so these are the only places.
    """
    firsts: list[list[int]] = []
    with_bridges: list[list[int]] = []
    for row in range(1, ROWS + 1):
        empty = [i for i in ROW_SLOTS[row] if cards[i] is None]
        bridges = [i for i in ROW_SLOTS[row] if cards[i] is BRIDGE]
        firsts.append(empty[:1])
        with_bridges.append(empty[:1] + bridges)
    out: dict[tuple[int, bool], list[int]] = {}
    for top in range(1, ROWS + 1):
        out[top, False] = [i for row in firsts[:top] for i in row]
        out[top, True] = [i for row in with_bridges[:top] for i in row]
    return out


def legal_slots(game: Ascension, card: Card, hand: int) -> Iterator[tuple[int, int]]:
    """The slots where Versant or Pont ``card`` may legally go, with their cost, for the
    active seat holding ``hand`` cards before playing: the rules of ``check`` for a
    ``play``, without building rulings."""
    cards = game.cards
    if hand < 1:
        return
    if card.kind == "bridge":
        if game.bridges_seen() >= game.bridges_in_box:
            return
        for i in game.candidate_slots(card):
            if (LEFT[i] >= 0 and RIGHT[i] >= 0 and cards[LEFT[i]] is not None
                    and all(cards[j] is not None for j in SUPPORT[i])):
                yield i, 0
        return
    if card.kind != "versant" or (game.solo and card.value == 1) or game.copies(card) >= 2:
        return
    if card.ibex and game.ibex_icons() >= IBEX_ICONS:
        return
    budget, terrain = hand - 1, card.terrain
    # Written out, not with any(): this loop is the simulator's hot path.
    for i in game.candidate_slots(card):
        below = SUPPORT[i]
        if below and (cards[below[0]] is None or cards[below[1]] is None):
            continue
        left, right = LEFT[i], RIGHT[i]
        if left >= 0 and (n := cards[left]) is not None and n.terrain == terrain:
            continue
        if right >= 0 and (n := cards[right]) is not None and n.terrain == terrain:
            continue
        cost = game.cost(card, i)[0]
        if cost <= budget:
            yield i, cost


def placements(game: Ascension, hand: int) -> Iterator[Placement]:
    """Every legal placement (``play`` or ``campfire``) of the active seat holding ``hand``
    cards, for any card it might hold."""
    if hand < 1:
        return
    if game._check_summit().legal:
        yield Play("summit", SUMMIT)
    icons_left = game.ibex_icons() < IBEX_ICONS
    for value in VALUES:
        for terrain in TERRAINS:
            plain = CARDS[f"{value}{terrain}"]
            for i, _ in legal_slots(game, plain, hand):
                yield Play(plain.name, SLOTS[i])
                if icons_left:
                    yield Play(plain.name + "+ibex", SLOTS[i])
    for i, _ in legal_slots(game, BRIDGE, hand):
        yield Play("bridge", SLOTS[i])
    for terrain in TERRAINS:
        fire = CARDS[f"campfire-{terrain}"]
        if game.copies(fire):
            continue
        for i, versant in enumerate(game.cards):
            if versant is None or versant.kind != "versant" or versant.terrain != terrain:
                continue
            for j in game.candidate_slots(versant):
                if ROW_COL[j][0] > ROW_COL[i][0]:
                    event = Campfire(fire.name, SLOTS[i], SLOTS[j])
                    if game._check_campfire(event, hand).legal:
                        yield event
