"""Tranquillité's Compétition (the variant sheet, ruling T20): two seats on one grid, each card
owned by the half that points up, hands drawn from one face-up row, the grid scored at the end.

Seat ``competition_day_seat`` (1 by default) lays its cards day up, the other night up; a card
laid with the other seat's half up is refused (T20). Placements follow T1 to T5 as in the base
game (T3 stays arithmetic). The row is public but no line of the record names its cards, so the
engine keeps it as a count (``RULINGS.md``, Compétition); the cards shown at a swap are known.

>>> game = Competition.position(cells={"f1": (3, "night")})
>>> game.play(Play("5", "a2", up="day")).message_en
'Seat 1 laid 5 at a2 next to 3: discard 2 cards'
>>> game.play(Play("9", "b2", up="day")).message_en
'9 at b2 is laid day up, but seat 2 lays its cards night up'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from companion.engine.controls import Ask, Control
from companion.engine.events import DeclareLoss, Discard, Event, Play
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.board import HIGHEST, LOWEST
from companion.games.tranquility.competition_messages import COMPETITION_MESSAGES
from companion.games.tranquility.events import Pass, StartDiscards, Swap
from companion.games.tranquility.messages import DOMAIN
from companion.games.tranquility.rules import (
    EXPANSION,
    FINISH,
    HAND_LIMIT,
    ISLAND,
    OTHER_CARDS,
    START,
    Tranquility,
    register_rules,
)
from companion.messages import register_messages
from companion.text import Text, cards

register_messages(COMPETITION_MESSAGES, DOMAIN)  # the variant's own messages join the catalogue

#: Cards turned face up beside the deck (T20): the row is refilled to this many.
ROW = 5
DAY, NIGHT = "day", "night"
_HALVES = {DAY: Text("say_day"), NIGHT: Text("say_night")}
#: A maximal run of own adjacent cards scores its length from this long (T20).
RUN_MIN = 3


@dataclass(frozen=True, slots=True)
class Table:
    """What Compétition adds to a snapshot: the shared deck and face-up row (counts), the half
    up of each cell (``""`` where empty), and the cards shown at swaps, in order."""

    deck: int
    row: int
    ups: tuple[str, ...]
    shown: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's count at the end (T20): its cards on the grid, the cards it discarded, the
    maximal runs of at least three of its cards on adjacent cells, and its longest run of any
    length (the last tie-break).

    >>> Score(cards=7, discarded=4, runs=(3,), longest=3).points
    13
    """

    cards: int
    discarded: int
    runs: tuple[int, ...]
    longest: int

    @property
    def points(self) -> int:
        """2 per card on the grid, -1 per card discarded, each run's length."""
        return 2 * self.cards - self.discarded + sum(self.runs)

    def rank(self) -> tuple[int, int, int, int]:
        """What decides the winner, in order: points, cards on the grid, fewer discards, the
        longest run."""
        return (self.points, self.cards, -self.discarded, self.longest)

    def json(self) -> dict[str, Any]:
        """The count as the page shows it."""
        return {"points": self.points, "cards": self.cards, "discarded": self.discarded,
                "runs": list(self.runs), "longest": self.longest}


def score(cells: Sequence[int], ups: Sequence[str], half: str, discarded: int) -> Score:
    """The score of the seat laying ``half`` up (T20): runs follow the sequence (T1), across row
    ends ("peut s'étaler sur plusieurs lignes"), each maximal run counted once.

    >>> score([1, 2, 3, 0, 5, 6], ["day", "day", "day", "", "day", "night"], "day", 2)
    Score(cards=4, discarded=2, runs=(3,), longest=3)
    """
    own = [bool(value) and up == half for value, up in zip(cells, ups, strict=True)]
    lengths = [sum(1 for _ in group) for mine, group in groupby(own) if mine]
    return Score(sum(own), discarded, tuple(n for n in lengths if n >= RUN_MIN), max(lengths, default=0))


@dataclass(frozen=True, slots=True)
class Tie(Outcome):
    """A Compétition game level on every count (T20): no seat won, and it is no loss either."""

    @property
    def result(self) -> str:
        """``"draw"``, as the record's outcome line says it (RECORD.md, Compétition)."""
        return "draw"


@register_rules("competition")
class Competition(Tranquility):
    """Compétition, exactly 2 players (T20): one shared deck, a face-up row of five, ownership by
    orientation, a swap for a hand that cannot be laid, a pass, the end and the score."""

    title = Text("say_tranquillit_comp_tition")
    min_players = 2
    max_players = 2
    PLAYS_UP = True

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Deal as T20 says: 5 cards to each seat, 5 face up in the row, the rest one deck."""
        if isinstance(players, bool) or players != 2:
            raise MalformedInput(Text("competition_players", players=players))
        if decks is not None:
            raise MalformedInput(Text("competition_decks"))
        super().__init__(players, {**(options or {}), "variant": "competition"})
        removed = self.options["removed"]
        assert isinstance(removed, int)
        self.hands = [HAND_LIMIT] * players
        self.decks = [0] * players  # no seat has a deck of its own
        #: The shared deck, face down, and the face-up row beside it: counts (G1, ``RULINGS.md``).
        self.row = ROW
        self.deck = HIGHEST - LOWEST + 1 - removed - HAND_LIMIT * players - ROW
        #: The cards shown at swaps and discarded (public: they cannot be in a hand again).
        self.shown: tuple[str, ...] = ()

    @classmethod
    def position(
        cls,
        *,
        cells: Mapping[str, tuple[int, str]] | None = None,
        hands: Sequence[int] = (HAND_LIMIT, HAND_LIMIT),
        discards: Sequence[int] = (0, 0),
        deck: int | None = None,
        row: int = ROW,
        turn: int = 1,
        shown: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
    ) -> Competition:
        """A game set directly to a position (cells hold ``(value, half up)``), for tests.

        >>> game = Competition.position(cells={"a1": (10, "day")}, turn=2)
        >>> game.check(Play("12", "b1", up="night")).discard
        2
        """
        game = cls(2, options)
        for cell, (value, up) in (cells or {}).items():
            i = game.BOARD.index[cell]
            game.cells[i], game.ups[i] = value, up
        game.hands, game.discards = list(hands), list(discards)
        if deck is not None:
            game.deck = deck
        game.row, game.shown, game._turn = row, tuple(shown), turn - 1
        game.ascending = game._is_ascending()
        game._changed()
        return game

    def half(self, seat: int) -> str:
        """The half seat ``seat`` (1-based) lays up: ``day`` for the option's day seat (T20)."""
        return DAY if seat == self.options["competition_day_seat"] else NIGHT

    def is_complete(self) -> bool:
        """Whether the 36 cells are full (there is no start corner to fill here)."""
        return all(self.cells)

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        """As the base game, and: an island card laid without its half up, or a card that cannot be
        in a hand (on the grid, shown at a swap, named twice), is a reading to check (G2)."""
        super()._validate_names(event)
        if isinstance(event, Play) and event.card in ISLAND:
            if not event.up:
                raise AmbiguousReading(Text("competition_up_unsaid", card=event.card, at=event.at))
            if event.card in self.shown:
                raise AmbiguousReading(Text("competition_shown", card=event.card))
        elif isinstance(event, Swap):
            self._validate_shown(event.hand)

    def _validate_shown(self, hand: Sequence[str]) -> None:
        on_grid = {value: i for i, value in enumerate(self.cells) if value}
        for n, card in enumerate(hand):
            if card == "back":
                raise AmbiguousReading(Text("competition_shown_face_down"))
            if card not in ISLAND:
                if card in (START, FINISH) or card in OTHER_CARDS:
                    raise AmbiguousReading(Text("competition_no_such_card", card=self.card_label(card)))
                raise MalformedInput(Text("unknown_card", card=card, game=self.title))
            if card in hand[:n]:
                raise AmbiguousReading(Text("competition_named_twice", card=card))
            if ISLAND[card] in on_grid:
                raise AmbiguousReading(Text("competition_on_grid", card=card,
                                            at=self.BOARD.cells[on_grid[ISLAND[card]]]))
            if card in self.shown:
                raise AmbiguousReading(Text("competition_shown", card=card))

    # -- state -------------------------------------------------------------

    def _save_extra(self) -> Table:
        return Table(self.deck, self.row, tuple(self.ups), self.shown)

    def _restore_extra(self, extra: object) -> None:
        assert isinstance(extra, Table)
        self.deck, self.row, self.ups, self.shown = extra.deck, extra.row, list(extra.ups), extra.shown

    def scores(self) -> list[Score]:
        """Each seat's score as the grid and discards stand now (T20)."""
        return [score(self.cells, self.ups, self.half(seat), self.discards[seat - 1])
                for seat in range(1, self.players + 1)]

    def points(self) -> dict[int, int]:
        """Each seat's points as the grid and discards stand now (T20)."""
        return {seat: count.points for seat, count in enumerate(self.scores(), start=1)}

    def state_json(self) -> dict[str, Any]:
        """The base state without corners or own decks, and the shared deck, the row, each cell's
        half up, the cards shown at swaps, the scores (``state.scores``) and the winner."""
        state = super().state_json()
        del state["start"], state["finish"]
        scores = self.scores()
        outcome = self.outcome()
        state.update({
            "up": {self.BOARD.cells[i]: up for i, up in enumerate(self.ups) if self.cells[i]},
            "deck": self.deck,
            "row": self.row,
            "shown": list(self.shown),
            "scores": {str(seat): s.points for seat, s in enumerate(scores, 1)},
            "score_details": {str(seat): s.json() for seat, s in enumerate(scores, 1)},
            "winner": outcome.winners[0] if outcome is not None and outcome.winners else None,
            "seats": [{"seat": seat, "up": self.half(seat), "hand": self.hands[seat - 1],
                       "discard": self.discards[seat - 1], "score": s.points}
                      for seat, s in enumerate(scores, 1)],
        })
        return state

    def diagram(self) -> str:
        """The grid, each card with ``d`` (day up) or ``n`` (night up)."""
        flagged = {f.event.at: f.event.card for f in self.flagged}
        texts = {name: f"!{flagged[name]}" if name in flagged else f"{value}{up[:1]}" if value else "."
                 for name, value, up in zip(self.BOARD.cells, self.cells, self.ups, strict=True)}
        return self.BOARD.diagram(texts, [])

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        if isinstance(event, Play):
            return self._check_play(event)
        if isinstance(event, Discard):
            return self._check_discard(event)
        if isinstance(event, Swap):
            return self._check_swap(event)
        if isinstance(event, Pass):
            return self._check_pass()
        if isinstance(event, StartDiscards):
            return refused("T20", Text("competition_no_start"))
        if isinstance(event, DeclareLoss):
            return refused("T20", Text("competition_no_loss"))
        return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        """T21's order: the card and the cell (T20: no Start, Finish or expansion card, no corner),
        the cell taken (C3), the half up (T20), then T2, T3 and T5 as the base game."""
        card, at = play.card, play.at
        if card in (START, FINISH) or card in EXPANSION:
            return refused("T20", Text("competition_not_in_game", card=self.card_label(card)))
        if card in ISLAND:
            if at in (START, FINISH):
                return refused("T20", Text("competition_no_corner", card=card, at=self.cell_label(at)))
            held = self.hands[self._turn] if hand is None else hand
            own = self.half(self.turn)
            if held >= 1 and not self.cells[self.BOARD.index[at]] and play.up != own:
                return refused("T20", Text("competition_wrong_up", card=card, at=at,
                                           up=_HALVES.get(play.up, play.up or "-"), seat=self.turn,
                                           own=_HALVES[own]))
        return super()._check_play(play, hand)

    def _check_swap(self, swap: Swap) -> Ruling:
        """T20: the hand shown is the whole hand, some card lies face up, and no card shown can be
        laid anywhere under T2 to T5 (the companion tries each at every empty cell)."""
        hand = self.hands[self._turn]
        if len(swap.hand) != hand:
            return refused("T20", Text("competition_swap_count", seat=self.turn, hand=hand,
                                       shown=len(swap.hand)))
        if not self.row:
            return refused("T20", Text("competition_swap_no_row"))
        for card in swap.hand:
            for cell, cost in self.legal_cells(ISLAND[card], hand=hand):
                return refused("T20", Text("competition_swap_fits", card=card, at=cell, cost=cost))
        return accepted(Text("competition_swapped", seat=self.turn, shown=hand, taken=self.row), hand)

    def _check_pass(self) -> Ruling:
        """T20 (a decision): a pass only when the seat can neither discard two (two cards in hand)
        nor swap (a card face up: it then lays one or swaps). Whether its one card could be laid is
        hidden (G1): the players' word is taken."""
        hand = self.hands[self._turn]
        if hand >= 2:
            return refused("T20", Text("competition_pass_discard", seat=self.turn, hand=hand))
        if self.row:
            return refused("T20", Text("competition_pass_row", seat=self.turn, row=cards(self.row)))
        return accepted(Text("competition_passed", seat=self.turn))

    # -- applying ----------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        seat = self._turn
        if isinstance(event, Swap):
            self._pay(seat, len(event.hand))
            self.shown += event.hand
            self.hands[seat] += self.row
            self.row = 0
            self._refill()
            self._end_turn(seat)
        elif isinstance(event, Pass):
            self._end_turn(seat)
        else:
            if isinstance(event, Play):
                self.ups[self.BOARD.index[event.at]] = event.up
            super()._apply(event, forced=forced)

    def _draw(self, seat: int) -> None:
        """Draw back to 5 from the row, farthest from the deck first; the row is then refilled from
        the deck (T20). The row holds five while the deck lasts, so the seat takes what it needs
        from the row alone."""
        take = min(max(0, HAND_LIMIT - self.hands[seat]), self.row)
        self.hands[seat] += take
        self.row -= take
        self._refill()

    def _refill(self) -> None:
        add = min(ROW - self.row, self.deck)
        self.row += add
        self.deck -= add

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """Over when the 36 cells are full, or once both seats hold one card or none after a turn
        (T20); the best score wins, ties broken as T20 says, else a draw."""
        if all(self.cells):
            end = Text("competition_end_full")
        elif max(self.hands) <= 1:
            end = Text("competition_end_hands")
        else:
            return None
        first, second = self.scores()
        if first.rank() == second.rank():
            return Tie(Termination.FINISHED, (), Text("competition_draw", end=end, score=first.points))
        winner, best, other = (1, first, second) if first.rank() > second.rank() else (2, second, first)
        decided = next(n for n, (a, b) in enumerate(zip(best.rank(), other.rank(), strict=True)) if a != b)
        reason = ("competition_by_points", "competition_by_cards", "competition_by_discards",
                  "competition_by_run")[decided]
        return Outcome(Termination.FINISHED, (winner,),
                       Text("competition_won", end=end, seat=winner, score=best.points, other=other.points,
                            reason=Text(reason)))

    def placements(self) -> Iterator[Play]:
        """Every legal placement, with the active seat's half up, for any card it may hold."""
        if self.is_over() or self.flagged or self.hands[self._turn] < 1:
            return
        up = self.half(self.turn)
        unseen = set(range(LOWEST, HIGHEST + 1)) - set(self.cells) - {ISLAND[card] for card in self.shown}
        for value in sorted(unseen):
            for cell, _ in self.legal_cells(value):
                yield Play(str(value), cell, up=up)

    def controls(self) -> list[Control]:
        """The page's buttons for what the camera cannot tell: the swap (the cards shown, one field
        each) and the pass, each offered when it may be accepted."""
        if self.is_over() or self.flagged:
            return []
        seat, hand = self.turn, self.hands[self._turn]
        found = []
        if self.row:
            asks = tuple(Ask(f"hand.{n}", hint=Text("competition_ask_card", n=n + 1)) for n in range(hand))
            found.append(Control(Text("competition_control_swap", seat=seat, hand=hand),
                                 {"type": "swap", "hand": [], "player": seat}, asks, group="competition"))
        if self.check(Pass(player=seat)).legal:
            found.append(Control(Text("competition_control_pass", seat=seat),
                                 {"type": "pass", "player": seat}, group="competition"))
        return found
