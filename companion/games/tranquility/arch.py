"""Tranquillité's La Grande Arche (the variant sheet, ruling T17): two pillars, then a roof, three
sequences refereed each on its own.

The layout is :data:`companion.games.tranquility.board.ARCH`: the left pillar ``a1 b1 a2 b2 a3
b3``, the right pillar ``f1 g1 f2 g2 f3 g3``, then the roof ``a4`` .. ``g7`` (28 cells, ``g4`` and
``a5`` adjacent). *Phase 1*: only pillar cells, and a pillar card costs nothing (no T4, no T5);
*phase 2*, once both pillars are full: roof cells under T1 to T5. T3 counts, for each sequence,
the whole numbers 1 to 80 not lying on the table in another sequence. No Start card; the Finish
card goes to ``finish`` once all 40 cells are filled.

>>> game = Arch.from_position(cells={"a1": 10})
>>> game.check(Play("30", "b1")).message_en
'30 at b1: a pillar card costs nothing'
>>> game.check(Play("50", "a4")).message_en
'50 at a4: the roof is built once both pillars are full, 11 pillar cells still empty'
>>> game.check(Play("50", "d2")).rule
'T17'
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from itertools import pairwise
from typing import Any

from companion.engine.events import Event, Play
from companion.engine.ruling import Outcome, Ruling, Termination, refused
from companion.games.tranquility.arch_messages import ARCH_MESSAGES
from companion.games.tranquility.board import ARCH, HIGHEST, LOWEST, PILLARS
from companion.games.tranquility.gaps import checked_cells, gap_cells
from companion.games.tranquility.messages import DOMAIN
from companion.games.tranquility.rules import FINISH, START, Tranquility, register_rules
from companion.messages import register_messages
from companion.text import Text, cards

register_messages(ARCH_MESSAGES, DOMAIN)  # the variant's own messages join the catalogue

#: The arch's opening, inside the 7 x 7 box under the roof: names of no cell (T17).
OPENING = frozenset(f"{col}{row}" for col in "cde" for row in (1, 2, 3))
#: Each sequence of the layout by its first index, as messages name it.
SEQUENCES = {0: Text("say_left_pillar"), 6: Text("say_right_pillar"),
             12: Text("say_roof")}


@register_rules("arch")
class Arch(Tranquility):
    """La Grande Arche (T17): 40 cells in three independent sequences, the pillars first and free,
    then the roof; decks of island and Finish cards only."""

    title = Text("say_tranquillit_la_grande_arche")
    BOARD = ARCH
    ARITHMETIC_ROOM = False

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Deal as T17 says: island and Finish cards shared out as T8, 5 drawn, and no Start card
        shuffled in afterwards (the decks hold the same cards as the base game's, less the Start)."""
        super().__init__(players, {**(options or {}), "variant": "arch"}, decks=decks)
        self.decks = [deck - 1 for deck in self.decks]  # the base game shuffled a Start card in
        self.hooked = True
        #: The span of the sequence whose gap :meth:`_room` counts for (set by :meth:`_check_island`).
        self._span = (0, 0)
        #: What :meth:`_tables` computed for the present state, or None.
        self._cached: dict[tuple[int, int], tuple[list[int], list[tuple[int, int, int, int]]]] | None = None

    # -- names and state ---------------------------------------------------

    def _validate_cell(self, at: str) -> None:
        """The opening's cells and the start corner are names of the box, refused (T17), not unknown."""
        if at in OPENING or at == START:
            return
        super()._validate_cell(at)

    def pillars_full(self) -> bool:
        """Whether both pillars are full: phase 2, the roof, has begun (T17)."""
        return all(self.cells[:PILLARS])

    def state_json(self) -> dict[str, Any]:
        """The base state and the phase (1: pillars, 2: roof)."""
        return {**super().state_json(), "phase": 2 if self.pillars_full() else 1}

    # -- rules -------------------------------------------------------------

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        """T21's order: a Start card (none in this variant) or a place outside the layout (T17),
        then the base game's checks; a Finish card early names the 40 cells (T7)."""
        held = self.hands[self._turn] if hand is None else hand
        if held >= 1:
            if play.card == START:
                return refused("T17", Text("arch_no_start"))
            if play.at in OPENING or play.at == START:
                return refused("T17", Text("arch_outside", card=self.card_label(play.card),
                                           at=self.cell_label(play.at)))
            if play.card == FINISH and play.at == FINISH and not self.is_complete():
                return refused("T7", Text("arch_finish_early", missing=self.cells.count(0)))
        return super()._check_play(play, hand)

    def _check_island(self, v: int, i: int, hand: int) -> Ruling:
        self._span = self.BOARD.span_of[i]
        ruling = super()._check_island(v, i, hand)
        if ruling.legal and i < PILLARS:
            return replace(ruling, text=Text("arch_pillar_free", card=v, at=self.BOARD.cells[i]))
        return ruling

    def _closed_refusal(self, value: int, i: int) -> Ruling | None:
        """The roof before both pillars are full (T17); a number lying in another sequence, a card
        read wrong (G2: each card exists once; in its own sequence T2 refuses it)."""
        if i >= PILLARS and not self.pillars_full():
            return refused("T17", Text("arch_roof_early", card=value, at=self.BOARD.cells[i],
                                       missing=self.cells[:PILLARS].count(0)))
        if value in self.cells:
            j = self.cells.index(value)
            if self.BOARD.span_of[j] != self.BOARD.span_of[i]:
                return refused("G2", Text("arch_twice", card=value, other_at=self.BOARD.cells[j]))
        return None

    def _room(self, low: int, high: int) -> int:
        """The whole numbers between ``low`` and ``high`` not lying in another sequence (T17)."""
        return self._room_in(low, high, self._span)

    def _room_in(self, low: int, high: int, span: tuple[int, int]) -> int:
        return _room(low, high, self._tables()[span][0])

    def _tables(self) -> dict[tuple[int, int], tuple[list[int], list[tuple[int, int, int, int]]]]:
        """For each sequence: the numbers lying in the other sequences, sorted, and its tight gaps
        (first and last empty cell, the numbers around) where every number left is needed; computed
        once per state (legal cells and the loss proof ask for them again and again)."""
        if self._cached is None:
            cells = self.cells
            self._cached = {}
            for lo, hi in self.BOARD.spans:
                others = sorted(v for n, v in enumerate(cells) if v and not lo <= n < hi)
                placed = [(lo - 1, LOWEST - 1), *((n, cells[n]) for n in range(lo, hi) if cells[n]),
                          (hi, HIGHEST + 1)]
                tight = [(p + 1, q - 1, u, w) for (p, u), (q, w) in pairwise(placed)
                         if q - p > 1 and u < w and _room(u, w, others) == q - p - 1]
                self._cached[(lo, hi)] = (others, tight)
        return self._cached

    def _changed(self) -> None:
        super()._changed()
        self._cached = None

    def _apply(self, event: Event, *, forced: bool) -> None:
        super()._apply(event, forced=forced)
        self._cached = None  # push forgot the tables before the cells changed

    def _late_refusal(self, value: int, i: int) -> Ruling | None:
        """T3 across sequences (a decision, ``RULINGS.md``): the card must not take the last number a
        gap of another sequence needs (a gap already short is not this card's doing)."""
        own = self.BOARD.span_of[i]
        names = self.BOARD.cells
        for span, (_, tight) in self._tables().items():
            for first, last, low, high in tight:
                if span != own and low < value < high:
                    empty = last - first + 1
                    return refused("T3", Text("arch_no_room_other", card=value, at=names[i],
                                              sequence=SEQUENCES[span[0]], cells=empty, first=names[first],
                                              last=names[last], numbers=empty - 1))
        return None

    def _cost(self, v: int, i: int) -> tuple[int, int]:
        """T4 on the roof; a pillar card costs nothing (T17)."""
        if i < PILLARS:
            return 0, -1
        return super()._cost(v, i)

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """As T9, without a Start card: one card left proves a loss unless the layout is full (it
        could be a Finish card) or some island card not on the table could still be laid."""
        if self.finish_played or self.loss_reported or self.hands[self._turn] != 1:
            return super()._compute_outcome()
        if self.is_complete() or any(
            True for v in range(LOWEST, HIGHEST + 1) for _ in self.legal_cells(v, hand=1)
        ):
            return None
        return Outcome.together(self.players, False, Termination.NO_ACTION,
                                Text("outcome_no_action", seat=self.turn, hand=cards(1)))

    def legal_cells(self, value: int, hand: int | None = None) -> Iterator[tuple[str, int]]:
        """The cells of the present phase where ``value`` may go, with their cost (none for a card
        already on the table)."""
        if hand is None:
            hand = self.hands[self._turn]
        if value in self.cells:
            return
        spans = self.BOARD.spans[2:] if self.pillars_full() else self.BOARD.spans[:2]
        cells, names = self.cells, self.BOARD.cells
        if not self.ascending:
            check = partial(self._check_island, hand=hand)
            for lo, hi in spans:
                for i, cost in checked_cells(cells, value, lo, hi, check):
                    yield names[i], cost
            return
        # Ascending: the cells T2 and an arithmetic T3 allow (a pillar card paying nothing, any
        # budget) hold every legal one; each is then checked whole.
        budget = hand if self.pillars_full() else HIGHEST
        for lo, hi in spans:
            for i, _ in gap_cells(cells, value, budget, lo, hi):
                ruling = self._check_island(value, i, hand)
                if ruling.legal:
                    yield names[i], ruling.discard or 0

    def placements(self) -> Iterator[Play]:
        """As the base game, without the Start card."""
        return (play for play in super().placements() if play.card != START)


def _room(low: int, high: int, others: list[int]) -> int:
    """The whole numbers strictly between ``low`` and ``high`` that are not in ``others`` (sorted)."""
    return max(0, high - low - 1 - (bisect_left(others, high) - bisect_right(others, low)))
