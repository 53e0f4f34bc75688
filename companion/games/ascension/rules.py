"""Tranquillité : L'Ascension, refereed as RULINGS.md A1 to A12 say.

A pyramid of 44 slots rests on ten Panoramas; the Sommet crowns it at
``a9`` (see :mod:`companion.games.ascension.pyramid`). The state is public: the cards on the
pyramid, the ibex on them, the sequences filmed, whose turn it is and each
seat's deck, hand and discard counts.

Mary's example: her 5 to the right of a 3 costs 2 cards.

>>> game = Ascension.from_position(2, cards={"a1": "3g"})
>>> game.check(Play("5s", "b1")).message_en
'Seat 1 laid snowy 5 at b1 next to the green 3 at a1: discard 2 cards'
>>> game.check(Play("4g", "b1")).message_en
'green 4 at b1 cannot stand beside the green 3 at a1: two green cards are never side by side'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import companion.games.ascension.messages  # noqa: F401  (registers its words, said below)
from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play, TakeBack
from companion.engine.game import Flag
from companion.engine.placing import Counts, PlacingGame
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.ascension.campfire import check_campfire, forced_cost, override_ruling
from companion.games.ascension.events import Campfire, Grapple, Herd
from companion.games.ascension.modules import (
    green_path,
    herd_can_climb,
    herd_ruling,
    ibex_by_row,
    is_filmed,
    summit_refusal,
)
from companion.games.ascension.moves import frontier, legal_slots, placements
from companion.games.ascension.pyramid import (
    CARDS,
    LEFT,
    RIGHT,
    ROW_COL,
    ROWS,
    SLOT_INDEX,
    SLOTS,
    SUMMIT,
    SUPPORT,
    TERRAINS,
    VALUES,
    Card,
)
from companion.games.ascension.seen import Seen
from companion.games.ascension.setup import (
    HAND_LIMIT,
    IBEX_ICONS,
    OPTIONS,
    SIZE,
    SOLO_HAND_LIMIT,
    SUMMITS,
    TERRAIN_NAMES,
    beside_words,
    bridge_holders,
    card_label,
    deal_sizes,
    diagram,
)
from companion.text import Text, Words, cards

__all__ = ["Ascension", "bridge_holders", "deal_sizes"]

BRIDGE = CARDS["bridge"]
#: Refusals the players may override: where the card may stand and what it costs
#: are arithmetic or terrain; a card with nothing under it, or in a taken slot, cannot stay.
OVERRIDABLE_KEYS = frozenset({"row_too_high", "terrain_adjacent", "too_costly_asc"})



@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole state of an Ascension game, for undo."""

    counts: Counts
    cards: tuple[Card | None, ...]
    bridged: tuple[bool, ...]
    ibex: tuple[int, ...]
    filmed: tuple[bool, ...]
    summit: bool
    grapples: int
    loss_reported: bool


class Ascension(Seen, PlacingGame[Snapshot]):
    """Tranquillité : L'Ascension with solo mode and the three modules as options."""

    name = "ascension"
    title = Text("say_tranquillit_l_ascension")
    min_players = 1
    max_players = 5
    OPTIONS = OPTIONS

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Set up a new game (A7, A9); ``decks`` gives the dealt deck sizes when they
        differ from :func:`deal_sizes` (seat 1 must hold one of the largest)."""
        super().__init__(players, options, decks=decks)
        self.solo = players == 1
        self.hand_limit = SOLO_HAND_LIMIT if self.solo else HAND_LIMIT
        self.sequences: tuple[tuple[int, ...], ...] = tuple(
            tuple(seq) for seq in self.options["documentary"]  # type: ignore[attr-defined]
        )
        self.fauna = self.options["fauna"] is True
        #: How many Ponts the box holds (option, A1).
        self.bridges_in_box = bridges = self._option_int("bridges")
        holders = bridge_holders(players)
        versants = len(VALUES) * len(TERRAINS) * 2 - (len(TERRAINS) * 2 if self.solo else 0)
        total = versants + SUMMITS + len(TERRAINS) + bridges - len(holders)
        sizes = list(decks) if decks is not None else deal_sizes(total, players)
        if (
            len(sizes) != players
            or any(isinstance(s, bool) or not isinstance(s, int) for s in sizes)
            or sum(sizes) != total
            or max(sizes) - min(sizes) > 1
            or sizes[0] != max(sizes)
        ):
            raise MalformedInput(Text("bad_decks_asc", decks=sizes, total=total, players=players))
        self.cards: list[Card | None] = [None] * SIZE
        self.bridged: list[bool] = [False] * SIZE
        self.ibex: list[int] = [0] * SIZE
        self.filmed: list[bool] = [False] * len(self.sequences)
        self.summit = False
        self._turn = 0
        # A Pont holder draws 4 and holds the Pont: 5 cards in hand all the same.
        draws = [self.hand_limit - (1 if seat + 1 in holders else 0) for seat in range(players)]
        self.hands: list[int] = [min(d, s) + (self.hand_limit - d) for d, s in zip(draws, sizes, strict=True)]
        self.decks: list[int] = [s - min(d, s) for d, s in zip(draws, sizes, strict=True)]
        self.discards: list[int] = [0] * players
        self.grapples = self._option_int("grapples") if self.solo else 0
        self.loss_reported = False
        # Versants on the pyramid by (value, terrain); None: to be counted again.
        self._seen: dict[tuple[int, str], int] | None = None
        # Candidate slots by (highest row, for a Versant or not); None: to compute.
        self._frontier: dict[tuple[int, bool], list[int]] | None = None

    def _option_int(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int)
        return value

    @classmethod
    def from_position(
        cls,
        players: int = 3,
        *,
        cards: Mapping[str, str] | None = None,
        bridged: Sequence[str] = (),
        ibex: Mapping[str, int] | None = None,
        hands: Sequence[int] | None = None,
        decks: Sequence[int] | None = None,
        turn: int = 1,
        options: Mapping[str, object] | None = None,
    ) -> Ascension:
        """A game set directly to a position, for tests and analysis.

        ``cards`` maps slots to card names; ``bridged`` names slots whose card
        covers a Pont; ``ibex`` the ibex standing on slots.
        """
        game = cls(players, options)
        for slot, name in (cards or {}).items():
            game.cards[SLOT_INDEX[slot]] = CARDS[name]
        for slot in bridged:
            game.bridged[SLOT_INDEX[slot]] = True
        for slot, count in (ibex or {}).items():
            game.ibex[SLOT_INDEX[slot]] = count
        if hands is not None:
            game.hands = list(hands)
        if decks is not None:
            game.decks = list(decks)
        game._turn = turn - 1
        game._seen = None
        game._changed()
        game._film()
        return game

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        if isinstance(event, Play | Campfire):
            if event.card == "back":
                raise AmbiguousReading(Text("face_down", at=event.at))
            if event.card not in CARDS:
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            cells = [event.at, event.move_to] if isinstance(event, Campfire) else [event.at]
        elif isinstance(event, TakeBack):
            cells = [event.at]
        elif isinstance(event, Herd):
            cells = [event.origin, *event.path]
            if event.rows < 1 or len(event.path) != event.rows:
                raise MalformedInput(Text("bad_herd", rows=event.rows, path=len(event.path)))
        else:
            return
        for cell in cells:
            if cell not in SLOT_INDEX and cell != SUMMIT:
                raise MalformedInput(Text("unknown_cell", at=cell, game=self.title))

    def card_label(self, card: str) -> Words | str:
        """A Versant by its terrain and number ("snowy 7"), or the Sommet, Pont and Feux de camp by name."""
        return card_label(card)

    def cell_label(self, cell: str) -> Words | str:
        """``"c3"``, or the summit by name."""
        return Text("say_the_summit") if cell == SUMMIT else cell

    # -- state -------------------------------------------------------------

    def is_complete(self) -> bool:
        """Whether all 44 slots hold Versants or Feux de camp (no Pont showing): A6."""
        return all(card is not None and card.kind != "bridge" for card in self.cards)

    def _save(self) -> Snapshot:
        return Snapshot(self._counts(), tuple(self.cards), tuple(self.bridged), tuple(self.ibex),
                        tuple(self.filmed), self.summit, self.grapples, self.loss_reported)

    def _restore(self, saved: Snapshot) -> None:
        self._restore_counts(saved.counts)
        self.cards, self.bridged = list(saved.cards), list(saved.bridged)
        self.ibex, self.filmed = list(saved.ibex), list(saved.filmed)
        self.summit, self.grapples, self.loss_reported = saved.summit, saved.grapples, saved.loss_reported
        self._seen = None

    def state_json(self) -> dict[str, Any]:
        """Slots, Ponts covered, modules' progress, turn and each seat's counts."""
        outcome = self.outcome()
        state: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "options": {k: v for k, v in self.options.items()},
            "turn": None if outcome else self.turn,
            "cells": {SLOTS[i]: card.name for i, card in enumerate(self.cards) if card is not None},
            "summit": self.summit,
            "bridges_covered": [SLOTS[i] for i, b in enumerate(self.bridged) if b],
            "seats": [
                {"seat": s + 1, "deck": self.decks[s], "hand": self.hands[s], "discard": self.discards[s]}
                for s in range(self.players)
            ],
            "flagged": [
                {"card": f.event.card, "at": f.event.at, "rule": f.ruling.rule} for f in self.flagged
            ],
        }
        if self.solo:
            state["grapples"] = self.grapples
        if self.options["green_path"]:
            state["green_path"] = [SLOTS[i] for i in green_path(self.cards)]
        if self.sequences:
            state["sequences"] = [
                {"values": list(seq), "filmed": filmed} for seq, filmed in zip(self.sequences, self.filmed,
                                                                               strict=True)
            ]
        if self.fauna:
            state["ibex"] = {SLOTS[i]: n for i, n in enumerate(self.ibex) if n}
            state["ibex_by_row"] = {str(r): n for r, n in ibex_by_row(self.ibex).items()}
        return state

    def diagram(self) -> str:
        """The pyramid as text (see :func:`companion.games.ascension.setup.diagram`)."""
        return diagram(self.cards, self.ibex, {f.event.at: f.event.card for f in self.flagged}, self.summit)

    # -- values ------------------------------------------------------------

    def value_at(self, i: int) -> int | None:
        """The value a slot counts with in costs: a Versant's own, a Feu de camp's adopted
        one (the nearest Versant to its left across Ponts and Feux de camp, A5), else None."""
        if i < 0:
            return None
        card = self.cards[i]
        if card is None or card.kind == "bridge":
            return None
        if card.kind == "versant":
            return card.value
        j = LEFT[i]
        while j >= 0:
            left = self.cards[j]
            if left is not None and left.kind == "versant":
                return left.value
            j = LEFT[j]
        return None

    def cost(self, card: Card, i: int) -> tuple[int, int]:
        """A3: the cost of Versant ``card`` at slot ``i`` and the neighbour that sets it (-1 if none)."""
        covering = self.cards[i] is BRIDGE
        cost, neighbour = 0, -1
        for j in (LEFT[i], RIGHT[i]) if covering else (LEFT[i],):
            value = self.value_at(j)
            if value is not None and (neighbour < 0 or abs(card.value - value) > cost):
                cost, neighbour = abs(card.value - value), j
        return cost, neighbour

    def copies(self, card: Card) -> int:
        """How many Versants of this value and terrain (or Feux de camp of this terrain)
        are on the pyramid (A1: two of each Versant, one Feu de camp a terrain)."""
        if self._seen is None:
            self._seen = {}
            for c in self.cards:
                if c is not None and c.kind in ("versant", "campfire"):
                    self._seen[c.value, c.terrain] = self._seen.get((c.value, c.terrain), 0) + 1
        return self._seen.get((card.value, card.terrain), 0)

    def ibex_icons(self) -> int:
        """How many Versants with the ibex icon are on the pyramid (A1: twelve exist)."""
        return sum(1 for card in self.cards if card is not None and card.ibex)

    def bridges_seen(self) -> int:
        """How many Ponts are on the pyramid, showing or covered."""
        return sum(1 for i in range(SIZE) if self.cards[i] is BRIDGE or self.bridged[i])

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        if isinstance(event, Play):
            return self._check_play(event)
        if isinstance(event, Campfire):
            return self._check_campfire(event)
        if isinstance(event, Discard):
            return self._check_discard(event)
        if isinstance(event, Herd):
            return self._check_herd(event)
        if isinstance(event, Grapple):
            if not self.solo:
                return refused("A9", Text("grapple_solo"))
            if self.grapples < 1:
                return refused("A9", Text("grapple_none"))
            return accepted(Text("grapple_used", left=self.grapples - 1, limit=self.hand_limit))
        if isinstance(event, DeclareLoss):
            hand = self.hands[self._turn]
            if hand >= 2:
                return refused("A8", Text("loss_refused", seat=self.turn, hand=hand))
            if self.grapples and self.decks[self._turn] + hand:
                return refused("A8", Text("loss_refused_grapple", left=self.grapples))
            return accepted(Text("loss_declared", seat=self.turn))
        return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))

    def _check_play(self, play: Play) -> Ruling:
        card = CARDS[play.card]
        hand = self.hands[self._turn]
        if hand < 1:
            return refused("A8", Text("no_card", seat=self.turn))
        if play.at == SUMMIT:
            if card.kind != "summit":
                return refused("A6", Text("summit_only", card=self.card_label(play.card)))
            return self._check_summit()
        i = SLOT_INDEX[play.at]
        if card.kind == "summit":
            return refused("A6", Text("summit_elsewhere", at=play.at))
        if card.kind == "bridge":
            return self._check_bridge(i)
        if card.kind == "campfire":
            return refused("A5", Text("campfire_event", card=self.card_label(play.card), at=play.at))
        if card.kind != "versant":
            return refused("C6", Text("not_playable", card=self.card_label(play.card)))
        if self.solo and card.value == 1:
            return refused("A9", Text("solo_no_ones", card=card_label(card.name), at=play.at))
        if self.copies(card) >= 2:
            plain = card_label(card.name.removesuffix("+ibex"))
            return refused("A1", Text("both_copies", card=plain, at=play.at))
        if card.ibex and self.ibex_icons() >= IBEX_ICONS:
            return refused("A1", Text("all_ibex_icons", card=card_label(card.name), at=play.at,
                                      count=IBEX_ICONS))
        return self._check_versant(card, i, hand)

    def _check_versant(self, card: Card, i: int, hand: int, *, pays: bool = True) -> Ruling:
        """A2 and A3 for Versant ``card`` at slot ``i`` with ``hand`` cards before playing."""
        at, name = SLOTS[i], card_label(card.name)
        occupant = self.cards[i]
        if occupant is not None and occupant.kind == "campfire":
            return refused("A5", Text("fire_covered", card=name, at=at, other=self.card_label(occupant.name)))
        if occupant is not None and occupant is not BRIDGE:
            return refused("C3", Text("occupied_asc", card=name, at=at, other=self.card_label(occupant.name)))
        if occupant is None and LEFT[i] >= 0 and self.cards[LEFT[i]] is None:
            return refused("A2", Text("not_next", card=name, at=at, left=SLOTS[LEFT[i]]))
        missing = [SLOTS[j] for j in SUPPORT[i] if self.cards[j] is None]
        if missing:
            return refused("A2", Text("unsupported", card=name, at=at, missing=", ".join(missing)))
        row = ROW_COL[i][0]
        if row > card.value:
            return refused("A2", Text("row_too_high", card=name, at=at, row=row, value=card.value))
        for j in (LEFT[i], RIGHT[i]):
            neighbour = self.cards[j] if j >= 0 else None
            if neighbour is not None and neighbour.terrain == card.terrain:
                beside = self._beside(j, "beside")
                return refused("A2", Text("terrain_adjacent", card=name, at=at, beside=beside,
                                          terrain=TERRAIN_NAMES[card.terrain]))
        cost, neighbour_at = self.cost(card, i)
        if pays and cost > hand - 1:
            return refused("A3", Text("too_costly_asc", card=name, at=at, cost=cost,
                                      beside=self._beside(neighbour_at), seat=self.turn, left=hand - 1))
        if not pays or cost == 0:
            key = "bridge_covered" if occupant is BRIDGE else "placed_free"
            return accepted(Text(key, card=name, at=at, seat=self.turn), 0)
        return accepted(Text("placed_cost_asc", card=name, at=at, cost=cards(cost), seat=self.turn,
                             beside=self._beside(neighbour_at)), cost)

    def _beside(self, i: int, how: str = "next_to") -> Text:
        """The card at slot ``i`` as a neighbour (``how``: "next_to" or "beside"): "next to the green 3
        at a1"."""
        card = self.cards[i]
        assert card is not None
        return beside_words(card, SLOTS[i], self.value_at(i) if card.kind == "campfire" else None, how)

    def _check_bridge(self, i: int) -> Ruling:
        at = SLOTS[i]
        occupant = self.cards[i]
        if occupant is not None and occupant.kind == "campfire":
            return refused("A5", Text("fire_covered", card=self.card_label("bridge"), at=at,
                                      other=self.card_label(occupant.name)))
        if occupant is not None:
            return refused("C3", Text("occupied_asc", card=self.card_label("bridge"), at=at,
                                      other=self.card_label(self.cards[i].name)))  # type: ignore[union-attr]
        if LEFT[i] < 0 or RIGHT[i] < 0:
            return refused("A4", Text("bridge_edge", at=at))
        if self.cards[LEFT[i]] is None:
            return refused("A4", Text("bridge_not_next", at=at, left=SLOTS[LEFT[i]]))
        missing = [SLOTS[j] for j in SUPPORT[i] if self.cards[j] is None]
        if missing:
            return refused("A4", Text("unsupported", card=self.card_label("bridge"), at=at,
                                      missing=", ".join(missing)))
        if self.bridges_seen() >= self.bridges_in_box:
            return refused("A1", Text("all_bridges", count=self.bridges_in_box, at=at))
        return accepted(Text("bridge_placed", at=at, seat=self.turn), 0)

    def _check_summit(self) -> Ruling:
        empty = sum(1 for card in self.cards if card is None)
        if empty:
            return refused("A6", Text("summit_early", missing=empty))
        bridges = [SLOTS[i] for i, card in enumerate(self.cards) if card is BRIDGE]
        if bridges:
            return refused("A6", Text("summit_bridges", slots=", ".join(bridges)))
        refusal = summit_refusal(self.cards, self.ibex, green=self.options["green_path"] is True,
                                 sequences=self.sequences, filmed=self.filmed, fauna=self.fauna)
        if refusal is not None:
            return refusal
        return accepted(Text("summit_won"), 0)

    def _check_campfire(self, event: Campfire, hand: int | None = None) -> Ruling:
        return check_campfire(self, event, hand)

    def _forced_cost(self, placement: Placement) -> int:
        return forced_cost(self, placement)

    def _check_herd(self, event: Herd) -> Ruling:
        if not self.fauna:
            return refused("A12", Text("herd_no_module"))
        origin = SLOT_INDEX.get(event.origin, -1)
        if origin < 0 or not self.ibex[origin]:
            return refused("A12", Text("herd_none", at=event.origin))
        return herd_ruling(self.cards, self.ibex, self.hands[self._turn], event)

    def _overridable(self, flag: Flag) -> bool:
        text = flag.ruling.text
        if text.key == "campfire_move_refused":
            inner = text.args["reason"]
            return isinstance(inner, Text) and inner.key in OVERRIDABLE_KEYS
        return text.key in OVERRIDABLE_KEYS

    def _override_ruling(self, placement: Placement) -> Ruling:
        return override_ruling(self, placement)

    # -- applying ----------------------------------------------------------

    def _changed(self) -> None:
        super()._changed()
        # The copies count is kept up to date by _lay as cards are laid; only an
        # undo or a Feu de camp (which swaps cards) makes it count again.
        self._frontier = None

    def _apply(self, event: Event, *, forced: bool) -> None:
        seat = self._turn
        if isinstance(event, Play):
            card = CARDS[event.card]
            self.hands[seat] -= 1
            if card.kind == "summit":
                self.summit = True
                return
            i = SLOT_INDEX[event.at]
            if card.kind == "versant":
                self._pay(seat, self.cost(card, i)[0])
                self._lay(card, i, new=True)
            else:
                self.cards[i] = card
        elif isinstance(event, Campfire):
            self.hands[seat] -= 1
            i, j = SLOT_INDEX[event.at], SLOT_INDEX[event.move_to]
            versant = self.cards[i]
            assert versant is not None
            self.cards[i] = CARDS[event.card]
            self._seen = None
            if self.options["campfire_move_pays_cost"] is True:
                self._pay(seat, self.cost(versant, j)[0])
            # A Versant moved up the mountain is not newly added: no new ibex (A12).
            self._lay(versant, j, new=False)
        elif isinstance(event, Discard):
            self._pay(seat, event.count)
        elif isinstance(event, Herd):
            path = [SLOT_INDEX[s] for s in event.path]
            herd = self.ibex[SLOT_INDEX[event.origin]] + sum(self.ibex[j] for j in path)
            for j in (SLOT_INDEX[event.origin], *path):
                self.ibex[j] = 0
            self.ibex[path[-1]] = herd
            self._pay(seat, event.rows)
        elif isinstance(event, Grapple):
            # The hand is shuffled into the deck and a new hand drawn (A9).
            self.decks[seat] += self.hands[seat]
            self.hands[seat] = 0
            self.grapples -= 1
        elif isinstance(event, DeclareLoss):
            self.loss_reported = True
            return
        else:
            raise TypeError(f"cannot push {event!r} on {self.name}")
        self._end_turn(seat)

    def _lay(self, card: Card, i: int, *, new: bool) -> None:
        if self.cards[i] is BRIDGE:
            self.bridged[i] = True
        self.cards[i] = card
        if new and self._seen is not None:
            self._seen[card.value, card.terrain] = self._seen.get((card.value, card.terrain), 0) + 1
        if new and self.fauna and card.ibex:
            self.ibex[i] += 1
        self._film((ROW_COL[i][0],))  # a card laid changes its own row only

    def _film(self, rows: Iterable[int] = range(1, ROWS + 1)) -> None:
        """Mark the sequences now standing on ``rows`` filmed; a sequence once filmed stays so (A11)."""
        for k, seq in enumerate(self.sequences):
            if not self.filmed[k] and is_filmed(self.cards, seq, rows):
                self.filmed[k] = True

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """Won with the Sommet; lost when reported or provable from public counts (A8)."""
        if self.summit:
            return Outcome.together(self.players, True, Termination.FINISHED, Text("outcome_summit"))
        if self.loss_reported:
            return Outcome.together(self.players, False, Termination.REPORTED,
                                    Text("outcome_reported", seat=self.turn))
        seat = self._turn
        hand = self.hands[seat]
        if hand >= 2 or (self.grapples and self.decks[seat] + hand):
            return None
        if hand == 1:
            # The one card may pay for one step of a herd (A12), or be laid somewhere
            # for nothing: the Sommet too, when the pyramid and the modules allow it (A8).
            if self.fauna and herd_can_climb(self.cards, self.ibex):
                return None
            if any(True for _ in placements(self, 1)):
                return None
        return Outcome.together(self.players, False, Termination.NO_ACTION,
                                Text("outcome_no_action_asc", seat=self.turn, hand=cards(hand)))

    def candidate_slots(self, card: Card) -> list[int]:
        """Slots where Versant or Pont ``card`` might go, before the rules are checked:
        the first empty slot of each row, and for a Versant the Ponts showing
        (see :func:`companion.games.ascension.moves.frontier`)."""
        if self._frontier is None:
            self._frontier = frontier(self.cards)  # per state, built once
        versant = card.kind == "versant"
        return self._frontier[min(card.value, ROWS) if versant else ROWS, versant]

    def legal_slots(self, card: Card, hand: int | None = None) -> Iterator[tuple[int, int]]:
        """The slots where Versant or Pont ``card`` may legally go, with their cost
        (the fast path of :meth:`check`; see :func:`companion.games.ascension.moves.legal_slots`)."""
        return legal_slots(self, card, self.hands[self._turn] if hand is None else hand)

    def placements(self) -> Iterator[Play]:
        """Every legal ``play`` for any card the active seat might hold (Feux de camp,
        which are ``campfire`` events, are in :meth:`campfires`)."""
        if self.is_over() or self.flagged:
            return iter(())
        return (p for p in placements(self, self.hands[self._turn]) if isinstance(p, Play))

    def campfires(self) -> Iterator[Campfire]:
        """Every legal ``campfire`` event of the active seat."""
        if self.is_over() or self.flagged:
            return iter(())
        return (p for p in placements(self, self.hands[self._turn]) if isinstance(p, Campfire))
