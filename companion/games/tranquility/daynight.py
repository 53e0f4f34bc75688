"""Tranquillité's Jour et nuit (the variant sheet, ruling T19): every island card is laid with the
half the hands show up, compasses in the decks turn every hand, a card of the grid may be turned
for one card, and the Finish card wants the grid's lower half night up and its upper half day up.

The orientation of a card is the half pointing to the top of the grid (row 6, the ``finish``
side): ``up`` on each island ``play`` (``"day"`` or ``"night"``; missing, the companion asks: G2).
The hands start day up. A compass drawn, setup hands included, is recorded ``drawn`` {``card``:
``compass``} by its drawer, out of that seat's latest draw step: every hand turns, the compass
leaves the game and the drawer draws another card. ``rotate`` {``at``} discards 1 card to turn
the card at ``at``.

>>> game = DayNight.from_position(cells={"f1": 3})
>>> game.check(Play("5", "a2", up="day")).message_en
'Seat 1 laid 5 at a2 next to 3: discard 2 cards'
>>> game.check(Play("5", "a2", up="night")).message_en
'5 at a2 is laid night up, but the hands are turned day up'
>>> game.check(Rotate("f1")).message_en
'3 at f1 turned, now night up: discard 1'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.controls import Ask, Control
from companion.engine.events import DeclareLoss, Event, Play
from companion.engine.ruling import Outcome, Ruling, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.board import HIGHEST, LOWEST
from companion.games.tranquility.daynight_messages import DAY_NIGHT_MESSAGES
from companion.games.tranquility.events import Drawn, Rotate, StartDiscards
from companion.games.tranquility.messages import DOMAIN
from companion.games.tranquility.rules import (
    FINISH,
    FINISH_CARDS,
    HAND_LIMIT,
    ISLAND,
    OTHER_CARDS,
    START,
    Tranquility,
    deal_sizes,
    register_rules,
)
from companion.messages import register_messages
from companion.text import Text, cards

register_messages(DAY_NIGHT_MESSAGES, DOMAIN)  # the variant's own messages join the catalogue

DAY, NIGHT = "day", "night"
_HALVES = {DAY: Text("say_day"), NIGHT: Text("say_night")}
COMPASS = "compass"
#: The compasses shuffled into the decks (T19: the six Boussoles of the box).
COMPASSES = 6
#: The highest row whose cards must show the night half up at the end (T19: rows 1 to 3).
NIGHT_ROWS = 3


def turned(half: str) -> str:
    """The other half.

    >>> turned("day")
    'night'
    """
    return NIGHT if half == DAY else DAY


def wanted(row: int) -> str:
    """The half a card of ``row`` must show up for the Finish card (T19)."""
    return NIGHT if row <= NIGHT_ROWS else DAY


@dataclass(frozen=True, slots=True)
class Sky:
    """What Jour et nuit adds to a snapshot: the half the hands show up, each cell's half up
    (``""`` where empty), the compasses drawn, and the cards each seat drew in its latest draw step
    that may still be told to be compasses."""

    hands_up: str
    ups: tuple[str, ...]
    compasses: int
    drawing: tuple[int, ...]


@register_rules("day_night")
class DayNight(Tranquility):
    """Jour et nuit (T19): the base game with orientations, compasses in the decks and turning."""

    title = Text("say_tranquillit_jour_et_nuit")
    PLAYS_UP = True

    def __init__(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        decks: Sequence[int] | None = None,
    ) -> None:
        """Deal as T19 says: island, Finish and the 6 compasses shared out as T8, 5 drawn, then one
        Start card shuffled into each deck; the hands start day up."""
        super().__init__(players, {**(options or {}), "variant": "day_night"})
        removed = self.options["removed"]
        assert isinstance(removed, int)
        total = HIGHEST - LOWEST + 1 - removed + FINISH_CARDS + COMPASSES
        sizes = list(decks) if decks is not None else deal_sizes(total, players)
        if (
            len(sizes) != players
            or sum(sizes) != total
            or any(isinstance(s, bool) or not isinstance(s, int) for s in sizes)
            or max(sizes) - min(sizes) > 1
            or sizes[0] != min(sizes)
        ):
            raise MalformedInput(Text("bad_decks", decks=sizes, total=total, players=players))
        self.hands = [min(HAND_LIMIT, s) for s in sizes]
        self.decks = [s - h + 1 for s, h in zip(sizes, self.hands, strict=True)]
        #: The half every hand shows up (T19: day at first, turned by each compass).
        self.hands_up = DAY
        #: The compasses drawn so far (each has left the game).
        self.compasses = 0
        #: The cards each seat drew in its latest draw step (its setup hand at first) that may still
        #: be told to be compasses: a compass told comes out of its drawer's latest draw step.
        self.drawing: list[int] = list(self.hands)

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
        ups: Mapping[str, str] | None = None,
        hands_up: str = DAY,
        drawing: Sequence[int] | None = None,
        compasses: int = 0,
    ) -> DayNight:
        """A game set directly to a position, for tests: as the base game's, and each cell's half up
        (``ups``, day where not said), the hands' half up, each seat's cards just drawn (none by
        default) and the compasses drawn before.

        >>> DayNight.from_position(cells={"a1": 4}, ups={"a1": "night"}).state_json()["up"]
        {'a1': 'night'}
        """
        game = super().from_position(players, cells=cells, start=start, hands=hands, decks=decks,
                                     discards=discards, turn=turn, options=options)
        assert isinstance(game, DayNight)
        for i, name in enumerate(game.BOARD.cells):
            if game.cells[i]:
                game.ups[i] = (ups or {}).get(name, DAY)
        game.hands_up, game.compasses = hands_up, compasses
        game.drawing = list(drawing) if drawing is not None else [0] * players
        game._changed()
        return game

    # -- names and state ---------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        """As the base game, and: an island card laid without its half up is a reading to check
        (G2: the companion asks); a ``drawn`` names its drawer and no storm's fields."""
        super()._validate_names(event)
        if isinstance(event, Play) and event.card in ISLAND and not event.up:
            raise AmbiguousReading(Text("dn_up_unsaid", card=event.card, at=self.cell_label(event.at)))
        if isinstance(event, Rotate):
            self._validate_cell(event.at)
        elif isinstance(event, Drawn):
            if event.player is None:
                raise MalformedInput(Text("missing_field", field="player"))
            if event.card not in ISLAND and event.card not in (START, FINISH, *OTHER_CARDS):
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            if event.row is not None or event.count is not None or event.compass:
                raise MalformedInput(Text("dn_drawn_fields"))

    def _save_extra(self) -> Sky:
        return Sky(self.hands_up, tuple(self.ups), self.compasses, tuple(self.drawing))

    def _restore_extra(self, extra: object) -> None:
        assert isinstance(extra, Sky)
        self.hands_up, self.ups = extra.hands_up, list(extra.ups)
        self.compasses, self.drawing = extra.compasses, list(extra.drawing)

    def misturned(self) -> list[int]:
        """The cells, in sequence order, whose card does not show the half the Finish card wants
        (T19: rows 1 to 3 night up, rows 4 to 6 day up); empty cells are not counted."""
        rows = self.BOARD.rows
        return [i for i, value in enumerate(self.cells) if value and self.ups[i] != wanted(rows[i])]

    def state_json(self) -> dict[str, Any]:
        """The base state, the hands' half up (``hands_up``), each card's half up (``up``) and the
        compasses drawn."""
        names = self.BOARD.cells
        return {**super().state_json(), "hands_up": self.hands_up,
                "up": {names[i]: up for i, up in enumerate(self.ups) if self.cells[i]},
                "compasses_drawn": self.compasses}

    def diagram(self) -> str:
        """The grid, each card with ``d`` (day up) or ``n`` (night up)."""
        flagged = {f.event.at: f.event.card for f in self.flagged}
        texts = {name: f"!{flagged[name]}" if name in flagged else f"{value}{up[:1]}" if value else "."
                 for name, value, up in zip(self.BOARD.cells, self.cells, self.ups, strict=True)}
        corners = ["[finish]"] * self.finish_played + ["[start]"] * self.start_played
        return self.BOARD.diagram(texts, corners)

    def controls(self) -> list[Control]:
        """A compass drawn, for each seat whose latest draw step could hold one (the camera may not
        see it shown, T22); turning a card of the grid, for the active seat."""
        if self.outcome() is not None or self.flagged:
            return []
        found = []
        if self.compasses < COMPASSES:
            found += [Control(Text("dn_control_compass", seat=seat), {"type": "drawn", "card": COMPASS,
                                                                      "player": seat}, group="compass")
                      for seat in range(1, self.players + 1) if self.drawing[seat - 1]]
        filled = tuple(name for name, value in zip(self.BOARD.cells, self.cells, strict=True) if value)
        if filled and not self.pending_start and self.hands[self._turn]:
            found.append(Control(Text("dn_control_rotate", seat=self.turn),
                                 {"type": "rotate", "player": self.turn},
                                 (Ask("at", filled, hint=Text("dn_ask_at")),), group="actions"))
        return found

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        if isinstance(event, Drawn):
            return self._check_drawn(event)  # in a draw step, even the 2 cards before the Start split
        if not self.pending_start:
            if isinstance(event, Rotate):
                return self._check_rotate(event)
            if isinstance(event, DeclareLoss) and self.hands[self._turn] == 1 and any(self.cells):
                return refused("T9", Text("dn_loss_rotate", seat=self.turn))
        return super()._check_action(event)

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        """T21's order: the cell taken (C3), then the half up (T19), then T2, T3, T5; a Finish card:
        T7, then the halves up of the whole grid (T19)."""
        held = self.hands[self._turn] if hand is None else hand
        if held >= 1:
            i = self.BOARD.index.get(play.at)
            if play.card in ISLAND and i is not None and not self.cells[i] and play.up != self.hands_up:
                return refused("T19", Text("dn_wrong_up", card=play.card, at=play.at,
                                           up=_HALVES.get(play.up, play.up or "-"),
                                           hands=_HALVES[self.hands_up]))
            finishing = play.card == FINISH and play.at == FINISH and self.is_complete()
            if finishing and (wrong := self.misturned()):
                first = wrong[0]
                return refused("T19", Text("dn_finish_wrong", card=self.cells[first],
                                           at=self.BOARD.cells[first], up=_HALVES[self.ups[first]],
                                           wrong=cards(len(wrong))))
        return super()._check_play(play, hand)

    def _check_drawn(self, event: Drawn) -> Ruling:
        """A compass drawn (T19): no other card is shown when drawn, and a seventh is a misreading
        (G2); it comes out of its drawer's latest draw step, which must hold a card not yet told to
        be a compass."""
        if event.card != COMPASS:
            return refused("G2", Text("dn_drawn_other", card=self.card_label(event.card)))
        if self.compasses >= COMPASSES:
            return refused("G2", Text("dn_seventh_compass"))
        seat = event.player or 0
        if not self.drawing[seat - 1]:
            return refused("T19", Text("dn_compass_undrawn", seat=seat))
        return accepted(Text("dn_compass", seat=seat, up=_HALVES[turned(self.hands_up)]), 0)

    def _check_rotate(self, event: Rotate) -> Ruling:
        """Turning a card (T19): an island card of the grid, well turned or not, for one card."""
        if event.at in (START, FINISH):
            return refused("T19", Text("dn_rotate_corner", at=self.cell_label(event.at)))
        i = self.BOARD.index[event.at]
        if not self.cells[i]:
            return refused("T19", Text("dn_rotate_empty", at=event.at))
        if self.hands[self._turn] < 1:
            return refused("T19", Text("dn_rotate_no_card", seat=self.turn))
        return accepted(Text("dn_rotated", card=self.cells[i], at=event.at,
                             up=_HALVES[turned(self.ups[i])]), 1)

    # -- applying ----------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        if isinstance(event, Drawn):
            seat = (event.player or 0) - 1
            self.compasses += 1
            self.hands_up = turned(self.hands_up)
            # The compass leaves the hand it was counted in; its drawer draws another card.
            self.hands[seat] -= 1
            self.drawing[seat] -= 1
            if self.decks[seat]:
                self.decks[seat] -= 1
                self.hands[seat] += 1
                self.drawing[seat] += 1
            return
        before, seat = list(self.decks), self._turn
        if isinstance(event, Rotate):
            i = self.BOARD.index[event.at]
            self.ups[i] = turned(self.ups[i])
            self._pay(seat, 1)
            self._end_turn(seat)
        else:
            super()._apply(event, forced=forced)
            if isinstance(event, Play) and event.card in ISLAND:
                self.ups[self.BOARD.index[event.at]] = event.up
        # The seats whose draw step this event was (maybe drawing nothing): a new latest draw step.
        for s in self._draw_steps(event, seat):
            self.drawing[s] = before[s] - self.decks[s]

    def _draw_steps(self, event: Event, seat: int) -> range:
        """The seats that drew back after ``event`` of ``seat``: every seat at the refill after the
        Start split and at the 2 cards each seat of a 2-player game draws first; the acting seat
        after any other action but the Finish card and a loss (the game is over)."""
        if isinstance(event, StartDiscards) or (
                isinstance(event, Play) and event.card == START and self.players == 2):
            return range(self.players)
        if isinstance(event, DeclareLoss) or (isinstance(event, Play) and event.card in (START, FINISH)):
            return range(0)
        return range(seat, seat + 1)

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """As T9, and a seat holding one card can still turn a card while the grid holds one."""
        if (not self.finish_played and not self.loss_reported and not self.pending_start
                and self.hands[self._turn] == 1 and any(self.cells)):
            return None
        return super()._compute_outcome()

    def placements(self) -> Iterator[Play]:
        """As the base game, each island card laid with the hands' half up; the Finish card only
        with every card turned as T19 wants."""
        for play in super().placements():
            if play.card in ISLAND:
                yield replace(play, up=self.hands_up)
            elif play.card != FINISH or not self.misturned():
                yield play
