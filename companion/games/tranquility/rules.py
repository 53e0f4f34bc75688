"""Tranquillité (James Emmerson), base game, refereed as RULINGS.md T1 to T11 say.

The 36 cells form one ascending sequence (T1, T2): ``a1`` .. ``f1`` then
``a2`` .. ``f6``; the Start card goes to the ``start`` corner and the Finish
card to ``finish``. The state is public only: the cells, whose turn it is and
each seat's deck, hand and discard counts.

The rulebook's example: a 5 on the first cell of row 2 after a 3 ending row 1.

>>> game = Tranquility.from_position(3, cells={"f1": 3}, hands=[5, 5, 5])
>>> game.play(Play("5", "a2")).message_en
'5 at a2: discard 2 (next to 3 at f1)'
>>> game.play(Play("4", "b2")).message_en
'4 at b2 must be greater than 5 at a2'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play, TakeBack
from companion.engine.game import Option
from companion.engine.placing import Counts, PlacingGame
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.events import StartDiscards
from companion.games.tranquility.messages import MESSAGES
from companion.messages import register_messages
from companion.text import Both, Text

#: Cell names in sequence order (T1): index = (row - 1) * 6 + (column - 1).
CELLS: tuple[str, ...] = tuple(f"{col}{row}" for row in range(1, 7) for col in "abcdef")
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
START = "start"
FINISH = "finish"
SIZE = 36
LOWEST, HIGHEST = 1, 80
HAND_LIMIT = 5
START_DISCARDS = 8
FINISH_CARDS = 5
#: The island cards, by record name.
ISLAND: dict[str, int] = {str(v): v for v in range(LOWEST, HIGHEST + 1)}
#: Cards of the box that are never laid on the grid in the base game.
EXPANSION = frozenset({"reef", "monster", "storm-yellow", "storm-purple", "storm-orange", "compass"})
OTHER_CARDS = frozenset({"border", "back"}) | EXPANSION
REMOVED_CHOICES = (0, 4, 6, 8, 10, 12)

_START_LABEL = Both("the Start card", "la carte de départ")
_FINISH_LABEL = Both("the Finish card", "la carte d'arrivée")
_START_CORNER = Both("the start corner", "le coin de départ")
_FINISH_CORNER = Both("the finish corner", "le coin d'arrivée")

register_messages(MESSAGES)  # this game's own messages join the catalogue


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
    title = Both("Tranquillité", "Tranquillité")
    min_players = 1
    max_players = 5
    OPTIONS = (
        Option("removed", 0, REMOVED_CHOICES,
               Both("island cards removed unseen (7.1)", "cartes d'île retirées face cachée (7.1)")),
    )
    OVERRIDABLE = frozenset({"T2", "T3", "T5"})

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
        total = HIGHEST - LOWEST + 1 - removed + FINISH_CARDS
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
        self.cells: list[int] = [0] * SIZE
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
            game.cells[CELL_INDEX[cell]] = value
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
        if at not in CELL_INDEX and at not in (START, FINISH):
            raise MalformedInput(Text("unknown_cell", at=at, game=self.title))

    def card_label(self, card: str) -> Both | str:
        """``"27"``, or the Start and Finish cards by name."""
        if card == START:
            return _START_LABEL
        if card == FINISH:
            return _FINISH_LABEL
        return card

    def cell_label(self, cell: str) -> Both | str:
        """``"b1"``, or the two corners by name."""
        if cell == START:
            return _START_CORNER
        if cell == FINISH:
            return _FINISH_CORNER
        return cell

    # -- state -------------------------------------------------------------

    def is_complete(self) -> bool:
        """Whether all 36 cells and the start corner are filled (T7)."""
        return self.start_played and all(self.cells)

    def _is_ascending(self) -> bool:
        placed = [v for v in self.cells if v]
        return all(a < b for a, b in pairwise(placed))

    def _save(self) -> Snapshot:
        return Snapshot(self._counts(), tuple(self.cells), self.start_played, self.finish_played,
                        self.pending_start, self.loss_reported, self.ascending)

    def _restore(self, saved: Snapshot) -> None:
        self._restore_counts(saved.counts)
        self.cells = list(saved.cells)
        self.start_played, self.finish_played = saved.start_played, saved.finish_played
        self.pending_start, self.loss_reported = saved.pending_start, saved.loss_reported
        self.ascending = saved.ascending

    def state_json(self) -> dict[str, Any]:
        """Cells (filled ones, in sequence order), corners, turn, counts, flags."""
        cells = {CELLS[i]: str(v) for i, v in enumerate(self.cells) if v}
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
        """The grid as text, top row first, with the two corners."""
        flagged = {f.event.at: f.event.card for f in self.flagged}
        lines = ["        " + "".join(f"{c:>5}" for c in "abcdef")]
        for row in range(6, 0, -1):
            cells = []
            for col in "abcdef":
                name = f"{col}{row}"
                value = self.cells[CELL_INDEX[name]]
                text = str(value) if value else "."
                if name in flagged:
                    text = f"!{flagged[name]}"
                cells.append(f"{text:>5}")
            corner = "  [finish]" if row == 6 and self.finish_played else ""
            lines.append(f"  {row:>2}    " + "".join(cells) + corner)
        if self.start_played:
            lines.append("  [start]")
        return "\n".join(lines)

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
        return self._check_island(value, CELL_INDEX[at], hand)

    def _check_island(self, v: int, i: int, hand: int) -> Ruling:
        cells = self.cells
        at = CELLS[i]
        if cells[i]:
            return refused("C3", Text("occupied", card=v, at=at, other=cells[i]))
        j = i - 1
        while j >= 0 and not cells[j]:
            j -= 1
        k = i + 1
        while k < SIZE and not cells[k]:
            k += 1
        # T2: greater than every card before, smaller than every card after. On an
        # ascending grid the nearest placed cards are the extremes.
        low, high = j, k
        if not self.ascending:
            before = [x for x in range(i) if cells[x]]
            after = [x for x in range(i + 1, SIZE) if cells[x]]
            low = max(before, key=cells.__getitem__) if before else -1
            high = min(after, key=cells.__getitem__) if after else SIZE
        if low >= 0 and cells[low] >= v:
            return refused("T2", Text("order_low", card=v, at=at, other=cells[low], other_at=CELLS[low]))
        if high < SIZE and cells[high] <= v:
            return refused("T2", Text("order_high", card=v, at=at, other=cells[high],
                                      other_at=CELLS[high]))
        # T3: room left for whole numbers in every gap.
        if j >= 0:
            if v - cells[j] < i - j:
                return refused("T3", Text("no_room_between", card=v, at=at, other=cells[j],
                                          other_at=CELLS[j], cells=i - j - 1, numbers=v - cells[j] - 1))
        elif v - LOWEST < i:
            return refused("T3", Text("no_room_before", card=v, at=at, cells=i, numbers=v - LOWEST))
        if k < SIZE:
            if cells[k] - v < k - i:
                return refused("T3", Text("no_room_between", card=v, at=at, other=cells[k],
                                          other_at=CELLS[k], cells=k - i - 1, numbers=cells[k] - v - 1))
        elif HIGHEST - v < SIZE - 1 - i:
            return refused("T3", Text("no_room_after", card=v, at=at, cells=SIZE - 1 - i,
                                      numbers=HIGHEST - v))
        cost, neighbour = self._cost(v, i)
        if cost > hand - 1:
            return refused("T5", Text("too_costly", card=v, at=at, cost=cost, other=cells[neighbour],
                                      other_at=CELLS[neighbour], seat=self.turn, left=hand - 1))
        if cost == 0:
            return accepted(Text("placed_free", card=v, at=at), 0)
        return accepted(Text("placed_cost", card=v, at=at, cost=cost, other=cells[neighbour],
                             other_at=CELLS[neighbour]), cost)

    def _cost(self, v: int, i: int) -> tuple[int, int]:
        """T4: the cost of ``v`` at index ``i`` and the neighbour that sets it (-1 if none)."""
        cells = self.cells
        cost, neighbour = 0, -1
        if i > 0 and cells[i - 1]:
            cost, neighbour = abs(v - cells[i - 1]), i - 1
        if i < SIZE - 1 and cells[i + 1]:
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
        value, i = ISLAND[placement.card], CELL_INDEX[placement.at]
        cost, _ = self._cost(value, i)
        cost = min(cost, self.hands[self._turn] - 1)
        return accepted(Text("overridden", card=value, at=placement.at, cost=cost), cost)

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
                        extra = min(2, self.decks[s])
                        self.hands[s] += extra
                        self.decks[s] -= extra
                return
            if event.card == FINISH:
                self.finish_played = True
                return
            value, i = ISLAND[event.card], CELL_INDEX[event.at]
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
                                Text("outcome_no_action", seat=self.turn, hand=hand))

    def legal_cells(self, value: int, hand: int | None = None) -> Iterator[tuple[str, int]]:
        """The cells where island card ``value`` may legally go, with their cost.

        ``hand`` is the active seat's hand count before playing (default: its
        public count). Fast on an ascending grid: only the gap between the
        nearest smaller and larger placed cards is examined.
        """
        if hand is None:
            hand = self.hands[self._turn]
        if not self.ascending:
            # An override left the grid out of order: T2 holds where every card before is smaller
            # and every card after larger; only there is the whole check worth making.
            cells = self.cells
            below = [LOWEST - 1] * SIZE  # the largest card before each cell
            for i in range(1, SIZE):
                below[i] = max(below[i - 1], cells[i - 1] or LOWEST - 1)
            above = HIGHEST + 1  # the smallest card after the cell
            fits = [False] * SIZE
            for i in range(SIZE - 1, -1, -1):
                fits[i] = not cells[i] and below[i] < value < above
                if cells[i]:
                    above = min(above, cells[i])
            for i in range(SIZE):
                ruling = self._check_island(value, i, hand) if fits[i] else None
                if ruling is not None and ruling.legal:
                    yield CELLS[i], ruling.discard or 0
            return
        cells = self.cells
        lo, u, hi, w = -1, LOWEST - 1, SIZE, HIGHEST + 1
        for idx in range(SIZE):
            c = cells[idx]
            if c:
                if c < value:
                    lo, u = idx, c
                elif c > value:
                    hi, w = idx, c
                    break
                else:
                    return
        first = max(lo + 1, hi - (w - value))
        last = min(hi - 1, lo + (value - u))
        budget = hand - 1
        for i in range(first, last + 1):
            left = value - u if i - 1 == lo and lo >= 0 else 0
            right = w - value if i + 1 == hi and hi < SIZE else 0
            cost = min(left, right) if left and right else left or right
            if cost <= budget:
                yield CELLS[i], cost

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
