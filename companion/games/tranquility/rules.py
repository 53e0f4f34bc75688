"""Tranquillité (James Emmerson), base game, refereed as RULINGS.md T1 to T11 say.

The 36 cells form one ascending sequence (T1, T2): ``a1`` .. ``f1`` then
``a2`` .. ``f6``; the Start card goes to the ``start`` corner and the Finish
card to ``finish``. The state is public only: the cells, whose turn it is and
each seat's deck, hand and discard counts.

The rulebook's example: a 5 on the first cell of row 2 after a 3 ending row 1.

>>> game = Tranquility.from_position(3, cells={"f1": 3}, hands=[5, 5, 5])
>>> game.play(Play("5", "a2")).message_en
'Seat 1 laid 5 at a2 next to 3: discard 2 cards'
>>> game.play(Play("4", "b2")).message_en
'4 at b2 must be greater than 5 at a2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Any, Self, TypeVar, cast

import companion.games.tranquility.messages  # noqa: F401  (registers its words, said below)
from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play, TakeBack
from companion.engine.placing import Counts, PlacingGame
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.board import GRID, HIGHEST, LOWEST, Board
from companion.games.tranquility.events import StartDiscards
from companion.games.tranquility.gaps import checked_cells, gap_cells
from companion.games.tranquility.no_room import no_room
from companion.games.tranquility.options import OPTIONS, rules_key
from companion.text import Text, Words, cards

#: Cell names in sequence order (T1): index = (row - 1) * 6 + (column - 1).
CELLS: tuple[str, ...] = GRID.cells
CELL_INDEX: dict[str, int] = GRID.index
START = "start"
FINISH = "finish"
SIZE = 36
HAND_LIMIT = 5
START_DISCARDS = 8
FINISH_CARDS = 5
#: The island cards, by record name.
ISLAND: dict[str, int] = {str(v): v for v in range(LOWEST, HIGHEST + 1)}
#: Cards of the box that are never laid on the grid in the base game.
EXPANSION = frozenset({"reef", "monster", "storm-yellow", "storm-purple", "storm-orange", "compass"})
OTHER_CARDS = frozenset({"border", "back"}) | EXPANSION

_START_LABEL = Text("say_the_start_card")
_FINISH_LABEL = Text("say_the_finish_card")
_START_CORNER = Text("say_the_start_corner")
_FINISH_CORNER = Text("say_the_finish_corner")



@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole state of a Tranquillité game, for undo."""

    counts: Counts
    cells: tuple[int, ...]
    start_played: bool
    finish_played: bool
    pending_start: bool
    loss_reported: bool
    ascending: bool
    #: What a module or a variant adds to the state (its own frozen value), or None.
    extra: object = None


#: The rules class of each variant of the sheet and of *Mers agitées* (``"seas"``), by the name
#: :func:`companion.games.tranquility.options.rules_key` gives; each registers itself.
RULES_CLASSES: dict[str, type[Tranquility]] = {}
T = TypeVar("T", bound="type[Tranquility]")


def register_rules(key: str) -> Callable[[T], T]:
    """Class decorator: ``Tranquility(players, options)`` builds the class for options naming ``key``."""
    def register(cls: T) -> T:
        RULES_CLASSES[key] = cls
        return cls
    return register


def _rules_for(options: Mapping[str, object]) -> type[Tranquility]:
    key = rules_key(options)
    if key is None:
        return Tranquility
    if key not in RULES_CLASSES:
        raise MalformedInput(Text("variant_not_refereed", variant=key))
    return RULES_CLASSES[key]


def deal_sizes(total: int, players: int) -> list[int]:
    """Share ``total`` cards as evenly as possible, the smaller decks first (T8).

    The first player is chosen among those with the fewest cards, so seat 1
    always holds one of the smaller decks.

    >>> deal_sizes(85, 3)
    [28, 28, 29]
    """
    base, extra = divmod(total, players)
    return [base] * (players - extra) + [base + 1] * extra


class Tranquility(PlacingGame[Snapshot]):
    """Tranquillité, base game, 1 to 5 players (T11), option ``removed`` (T10)."""

    name = "tranquility"
    title = Text("say_tranquillit")
    min_players = 1
    max_players = 5
    OPTIONS = OPTIONS
    OVERRIDABLE = frozenset({"T2", "T3", "T5"})
    #: Where island cards go (the grid; the Grande Arche and the Pyramide have their own).
    BOARD: Board = GRID
    #: Whether a gap's room is its arithmetic width (T3); False where other sequences' cards count.
    ARITHMETIC_ROOM = True

    def __new__(cls, players: int, options: Mapping[str, object] | None = None, **kwargs: object) -> Self:
        """The class of the game the options name: a variant of the sheet, or *Mers agitées*."""
        del players, kwargs
        chosen: type[Tranquility] = cls
        if cls is Tranquility:
            chosen = _rules_for(options or {})
        return cast(Self, object.__new__(chosen))

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Set up a new game; ``decks`` gives the dealt deck sizes when they differ
        from :func:`deal_sizes` (seat 1 must hold one of the smallest)."""
        super().__init__(players, options, decks=decks)
        removed = self.options["removed"]
        assert isinstance(removed, int)
        total = self._dealt_total(removed)
        sizes = list(decks) if decks is not None else deal_sizes(total, players)
        if (
            len(sizes) != players
            or sum(sizes) != total
            or any(isinstance(s, bool) or not isinstance(s, int) for s in sizes)
            or max(sizes) - min(sizes) > 1
            or sizes[0] != min(sizes)
        ):
            raise MalformedInput(Text("bad_decks", decks=sizes, total=total, players=players))
        self.hand_limit = HAND_LIMIT
        self.cells: list[int] = [0] * self.BOARD.size
        self.start_played = False
        self.finish_played = False
        self._turn = 0
        # Each seat draws 5, then shuffles one Start card into its deck (T8).
        self.hands: list[int] = [min(HAND_LIMIT, s) for s in sizes]
        self.decks: list[int] = [s - h + 1 for s, h in zip(sizes, self.hands, strict=True)]
        self.discards: list[int] = [0] * players
        self.pending_start = False
        self.loss_reported = False
        #: False once an override has broken the ascending order of the grid.
        self.ascending = True
        #: Whether a module or variant adds place checks (:meth:`_closed_refusal`, :meth:`_late_refusal`).
        self.hooked = False
        #: Each cell's card's half up where a variant rules it (Jour et nuit, Compétition: ``day`` or
        #: ``night``); ``""`` where the cell is empty or the half does not count.
        self.ups: list[str] = [""] * self.BOARD.size

    def _dealt_total(self, removed: int) -> int:
        """How many cards the decks share at setup, the Start cards apart (T8, T10)."""
        return HIGHEST - LOWEST + 1 - removed + FINISH_CARDS

    @classmethod
    def from_position(
        cls,
        players: int = 3,
        *,
        cells: Mapping[str, int] | None = None,
        start: bool = False,
        hands: Sequence[int] | None = None,
        decks: Sequence[int] | None = None,
        discards: Sequence[int] | None = None,
        turn: int = 1,
        options: Mapping[str, object] | None = None,
    ) -> Tranquility:
        """A game set directly to a position, for tests and analysis.

        >>> Tranquility.from_position(cells={"f1": 3}, hands=[5, 5, 5]).check(Play("5", "a2")).discard
        2
        """
        game = cls(players, options)
        for cell, value in (cells or {}).items():
            game.cells[game.BOARD.index[cell]] = value
        game.start_played = start
        if hands is not None:
            game.hands = list(hands)
        if decks is not None:
            game.decks = list(decks)
        if discards is not None:
            game.discards = list(discards)
        game._turn = turn - 1
        game.ascending = game._is_ascending()
        game._changed()
        return game

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        """Raise for an unknown card, cell or seat; a face-down card is ambiguous."""
        if isinstance(event, StartDiscards):
            seats = [seat for seat, _ in event.counts]
            if len(set(seats)) != len(seats) or any(count < 0 for _, count in event.counts):
                raise MalformedInput(Text("bad_field", field="counts", value=event.as_dict()))
            for seat in seats:
                if not 1 <= seat <= self.players:
                    raise MalformedInput(Text("seat_out_of_range", seat=seat, players=self.players))
        elif isinstance(event, Play):
            if event.card == "back":
                raise AmbiguousReading(Text("face_down", at=event.at))
            if event.card not in ISLAND and event.card not in (START, FINISH) and (
                event.card not in OTHER_CARDS
            ):
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            self._validate_cell(event.at)
        elif isinstance(event, TakeBack):
            self._validate_cell(event.at)

    def _validate_cell(self, at: str) -> None:
        if at not in self.BOARD.index and at != FINISH and (at != START or not self.BOARD.start):
            raise MalformedInput(Text("unknown_cell", at=at, game=self.title))

    def lying(self) -> dict[str, tuple[str, str]]:
        """The grid's cards with their half up (:attr:`ups`), the corners laid and the cards
        beside the grid (:meth:`beside`)."""
        names = self.BOARD.cells
        out = {names[i]: (str(v), self.ups[i]) for i, v in enumerate(self.cells) if v}
        out.update({name: (name, "") for name, laid in ((START, self.start_played),
                                                         (FINISH, self.finish_played)) if laid})
        out.update({place: (card, "") for place, card in self.beside().items()})
        return out

    def oriented(self, card: str) -> bool:
        """An island card's half up counts where the variant rules it (Jour et nuit, Compétition)."""
        return self.PLAYS_UP and card in ISLAND

    def card_label(self, card: str) -> Words | str:
        """``"27"``, or the Start and Finish cards by name."""
        if card == START:
            return _START_LABEL
        if card == FINISH:
            return _FINISH_LABEL
        return card

    def cell_label(self, cell: str) -> Words | str:
        """``"b1"``, or the two corners by name."""
        if cell == START:
            return _START_CORNER
        if cell == FINISH:
            return _FINISH_CORNER
        return cell

    # -- state -------------------------------------------------------------

    def is_complete(self) -> bool:
        """Whether every cell and the start corner (where the layout has one) are filled (T7)."""
        return (self.start_played or not self.BOARD.start) and all(self.cells)

    def _is_ascending(self) -> bool:
        for lo, hi in self.BOARD.spans:
            placed = [v for v in self.cells[lo:hi] if v]
            if not all(a < b for a, b in pairwise(placed)):
                return False
        return True

    def _save(self) -> Snapshot:
        return Snapshot(self._counts(), tuple(self.cells), self.start_played, self.finish_played,
                        self.pending_start, self.loss_reported, self.ascending, self._save_extra())

    def _restore(self, saved: Snapshot) -> None:
        self._restore_counts(saved.counts)
        self.cells = list(saved.cells)
        self.start_played, self.finish_played = saved.start_played, saved.finish_played
        self.pending_start, self.loss_reported = saved.pending_start, saved.loss_reported
        self.ascending = saved.ascending
        self._restore_extra(saved.extra)

    def _save_extra(self) -> object:
        """What a module or variant adds to a snapshot (a frozen value); none in the base game."""
        return None

    def _restore_extra(self, extra: object) -> None:
        """Go back to what :meth:`_save_extra` saved."""

    def state_json(self) -> dict[str, Any]:
        """Cells (filled ones, in sequence order), corners, turn, counts, flags."""
        cells = {self.BOARD.cells[i]: str(v) for i, v in enumerate(self.cells) if v}
        outcome = self.outcome()
        return {
            "game": self.name,
            "players": self.players,
            "options": dict(self.options),
            "turn": None if outcome else self.turn,
            "cells": cells,
            "start": self.start_played,
            "finish": self.finish_played,
            "seats": [
                {"seat": s + 1, "deck": self.decks[s], "hand": self.hands[s],
                 "discard": self.discards[s]}
                for s in range(self.players)
            ],
            "pending": "start_discards" if self.pending_start else None,
            "flagged": [
                {"card": f.event.card, "at": f.event.at, "rule": f.ruling.rule} for f in self.flagged
            ],
        }

    def diagram(self) -> str:
        """The layout as text, top row first, with the corners played."""
        flagged = {f.event.at: f.event.card for f in self.flagged}
        texts = {name: f"!{flagged[name]}" if name in flagged else str(value) if value else "."
                 for name, value in zip(self.BOARD.cells, self.cells, strict=True)}
        corners = ["[finish]"] * self.finish_played + ["[start]"] * self.start_played
        return self.BOARD.diagram(texts, corners)

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        if isinstance(event, StartDiscards):
            return self._check_start_discards(event)
        if self.pending_start:
            return refused("T6", Text("start_pending"))
        if isinstance(event, Play):
            return self._check_play(event)
        if isinstance(event, Discard):
            return self._check_discard(event)
        if isinstance(event, DeclareLoss):
            hand = self.hands[self._turn]
            if hand >= 2:
                return refused("T9", Text("loss_refused", seat=self.turn, hand=hand))
            return accepted(Text("loss_declared", seat=self.turn))
        return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        card, at = play.card, play.at
        if hand is None:
            hand = self.hands[self._turn]
        if hand < 1:
            return refused("T5", Text("no_card", seat=self.turn))
        if card == START:
            if at != START:
                return refused("T6", Text("start_elsewhere", at=self.cell_label(at)))
            if self.start_played:
                return refused("T6", Text("start_again"))
            key = "start_played_two" if self.players == 2 else "start_played"
            return accepted(Text(key), 0)
        if card == FINISH:
            if at != FINISH:
                return refused("T7", Text("finish_elsewhere", at=self.cell_label(at)))
            if not self.is_complete():
                missing = self.cells.count(0) + (0 if self.start_played else 1)
                return refused("T7", Text("finish_early", missing=missing))
            return accepted(Text("finish_won"), 0)
        value = ISLAND.get(card)
        if value is None:
            if card in EXPANSION:
                return refused("C6", Text("expansion_card", card=card))
            return refused("C6", Text("not_playable", card=card))
        if at in (START, FINISH):
            rule = "T6" if at == START else "T7"
            return refused(rule, Text("corner_island", card=card, at=self.cell_label(at)))
        return self._check_island(value, self.BOARD.index[at], hand)

    def _check_island(self, v: int, i: int, hand: int) -> Ruling:
        cells, names = self.cells, self.BOARD.cells
        lo, hi = self.BOARD.span_of[i]
        at = names[i]
        if cells[i]:
            return refused("C3", Text("occupied", card=v, at=at, other=cells[i]))
        if self.hooked:
            closed = self._closed_refusal(v, i)
            if closed is not None:
                return closed
        j = i - 1
        while j >= lo and not cells[j]:
            j -= 1
        k = i + 1
        while k < hi and not cells[k]:
            k += 1
        # T2: greater than every card before, smaller than every card after. On an
        # ascending sequence the nearest placed cards are the extremes.
        low, high = j, k
        if not self.ascending:
            before = [x for x in range(lo, i) if cells[x]]
            after = [x for x in range(i + 1, hi) if cells[x]]
            low = max(before, key=cells.__getitem__) if before else lo - 1
            high = min(after, key=cells.__getitem__) if after else hi
        if low >= lo and cells[low] >= v:
            return refused("T2", Text("order_low", card=v, at=at, other=cells[low], other_at=names[low]))
        if high < hi and cells[high] <= v:
            return refused("T2", Text("order_high", card=v, at=at, other=cells[high],
                                      other_at=names[high]))
        # T3: room left for whole numbers in every gap.
        room = self._room
        if j >= lo:
            numbers = room(cells[j], v)
            if numbers < i - j - 1:
                return no_room(v, at, i - j - 1, numbers, "between", other=cells[j], other_at=names[j])
        elif (numbers := room(LOWEST - 1, v)) < i - lo:
            return no_room(v, at, i - lo, numbers, "before")
        if k < hi:
            numbers = room(v, cells[k])
            if numbers < k - i - 1:
                return no_room(v, at, k - i - 1, numbers, "between", other=cells[k], other_at=names[k])
        elif (numbers := room(v, HIGHEST + 1)) < hi - 1 - i:
            return no_room(v, at, hi - 1 - i, numbers, "after")
        if self.hooked:
            late = self._late_refusal(v, i)
            if late is not None:
                return late
        cost, neighbour = self._cost(v, i)
        if cost > hand - 1:
            return refused("T5", Text("too_costly", card=v, at=at, cost=cost, other=cells[neighbour],
                                      other_at=names[neighbour], seat=self.turn, left=hand - 1))
        if cost == 0:
            return accepted(Text("placed_free", card=v, at=at, seat=self.turn), 0)
        return accepted(Text("placed_cost", card=v, at=at, cost=cards(cost), other=cells[neighbour],
                             other_at=names[neighbour], seat=self.turn), cost)

    def _room(self, low: int, high: int) -> int:
        """How many whole numbers between ``low`` and ``high`` may still fill a gap (T3)."""
        return high - low - 1

    def _closed_refusal(self, value: int, i: int) -> Ruling | None:
        """A module's or variant's refusal of any island card at cell ``i``, checked before the
        order (T21: a closed row, an orientation); None in the base game."""
        del value, i
        return None

    def _late_refusal(self, value: int, i: int) -> Ruling | None:
        """A module's refusal checked after T3 and before the cost (T21: an orange storm); None here."""
        del value, i
        return None

    def _cost(self, v: int, i: int) -> tuple[int, int]:
        """T4: the cost of ``v`` at index ``i`` and the neighbour that sets it (-1 if none)."""
        cells = self.cells
        lo, hi = self.BOARD.span_of[i]
        cost, neighbour = 0, -1
        if i > lo and cells[i - 1]:
            cost, neighbour = abs(v - cells[i - 1]), i - 1
        if i < hi - 1 and cells[i + 1]:
            right = abs(cells[i + 1] - v)
            if neighbour < 0 or right < cost:
                cost, neighbour = right, i + 1
        return cost, neighbour

    def start_discards_due(self) -> int:
        """How many cards the hands must discard together after the Start card (T6).

        Eight, or every card still in hand when the hands hold fewer
        (``companion/RULINGS.md``, C8).
        """
        return min(START_DISCARDS, sum(self.hands))

    def _check_start_discards(self, event: StartDiscards) -> Ruling:
        if not self.pending_start:
            return refused("T6", Text("no_start_pending"))
        counts = event.as_dict()
        for seat, count in counts.items():
            if count > self.hands[seat - 1]:
                return refused("T6", Text("start_split_hand", seat=seat, hand=self.hands[seat - 1],
                                          count=count))
        need, got = self.start_discards_due(), sum(counts.values())
        if got != need:
            return refused("T6", Text("start_split_sum", need=need, got=got))
        split = ", ".join(f"{seat}: {n}" for seat, n in sorted(counts.items()) if n)
        return accepted(Text("start_split_done", split=split or "-", limit=HAND_LIMIT))

    def _override_ruling(self, placement: Placement) -> Ruling:
        value, i = ISLAND[placement.card], self.BOARD.index[placement.at]
        cost, _ = self._cost(value, i)
        cost = min(cost, self.hands[self._turn] - 1)
        return accepted(Text("overridden", card=value, at=placement.at, cost=cards(cost)), cost)

    # -- applying ----------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        seat = self._turn
        if isinstance(event, Play):
            self.hands[seat] -= 1
            if event.card == START:
                self.start_played = True
                self.pending_start = True
                if self.players == 2:
                    for s in range(self.players):
                        self._draw_extra(s, 2)
                return
            if event.card == FINISH:
                self.finish_played = True
                return
            value, i = ISLAND[event.card], self.BOARD.index[event.at]
            self._pay(seat, self._cost(value, i)[0])
            self.cells[i] = value
            if forced and self.ascending:
                self.ascending = self._is_ascending()
        elif isinstance(event, Discard):
            self._pay(seat, event.count)
        elif isinstance(event, StartDiscards):
            for s, count in event.counts:
                self._pay(s - 1, count)
            for s in range(self.players):
                self._draw(s)
            self.pending_start = False
            self._turn = (seat + 1) % self.players
            return
        elif isinstance(event, DeclareLoss):
            self.loss_reported = True
            return
        else:
            raise TypeError(f"cannot push {event!r} on {self.name}")
        self._end_turn(seat)

    def _draw_extra(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` more cards while its deck lasts (the 2-player Start card, T6)."""
        extra = min(count, self.decks[seat])
        self.hands[seat] += extra
        self.decks[seat] -= extra

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """Won once the Finish card is played; lost when reported or provable (T9)."""
        if self.finish_played:
            return Outcome.together(self.players, True, Termination.FINISHED, Text("outcome_won"))
        if self.loss_reported:
            return Outcome.together(self.players, False, Termination.REPORTED,
                                    Text("outcome_reported", seat=self.turn))
        if self.pending_start:
            return None
        hand = self.hands[self._turn]
        if hand >= 2:
            return None
        if hand == 1:
            # The one card could be the seat's Start card or a Finish card:
            # then nothing can be proved from public counts (G1).
            if not self.start_played or self.is_complete():
                return None
            if any(True for v in range(LOWEST, HIGHEST + 1) for _ in self.legal_cells(v, hand=1)):
                return None
        return Outcome.together(self.players, False, Termination.NO_ACTION,
                                Text("outcome_no_action", seat=self.turn, hand=cards(hand)))

    def legal_cells(self, value: int, hand: int | None = None) -> Iterator[tuple[str, int]]:
        """The cells where island card ``value`` may legally go, with their cost.

        ``hand`` is the active seat's hand count before playing (default: its
        public count). Fast on an ascending grid: only the gap between the
        nearest smaller and larger placed cards is examined.
        """
        if hand is None:
            hand = self.hands[self._turn]
        for lo, hi in self.BOARD.spans:
            if self.ascending and self.ARITHMETIC_ROOM:
                found = gap_cells(self.cells, value, hand, lo, hi)
            else:
                found = checked_cells(self.cells, value, lo, hi, partial(self._check_island, hand=hand))
            for i, cost in found:
                if self.hooked and (self._closed_refusal(value, i) or self._late_refusal(value, i)):
                    continue
                yield self.BOARD.cells[i], cost

    def placements(self) -> Iterator[Play]:
        """Every legal placement for any card the active seat might hold."""
        if self.is_over() or self.flagged or self.pending_start:
            return
        if self.hands[self._turn] < 1:
            return
        if not self.start_played:
            yield Play(START, START)
        if self.is_complete():
            yield Play(FINISH, FINISH)
        placed = set(self.cells)
        for value in range(LOWEST, HIGHEST + 1):
            if value not in placed:
                for cell, _ in self.legal_cells(value):
                    yield Play(str(value), cell)
