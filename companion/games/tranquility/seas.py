"""Tranquillité with *Mers agitées* (rulings T12 to T16, T21): the reef and its step after every
action, sea monsters laid on cards and held at the Finish, the three storms told as they are drawn,
and the compasses of the shared pool that end them.

A draw is still made by counts (G1), at the end of a turn; a storm drawn is told afterwards
(``drawn``) and the draw is remade from where the storm lay: the seat's *draw step* remembers its
hand and deck before it drew, so the counts stay those of the real cards.

>>> game = Seas.from_position(3, cells={"a1": 3, "b1": 5}, hands=[5, 5, 5],
...                           options={"reef": True, "reef_row": 1})
>>> game.check(Play("7", "c1")).rule
'T13'
>>> game.play(Play("20", "a2")).legal, game.state_json()["pending"]
(True, 'reef')
>>> game.play(Reef(to=3)).message_en
'the reef moves to row 3'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.controls import Control
from companion.engine.events import DeclareLoss, Discard, Event, Play
from companion.engine.ruling import Outcome, Ruling, accepted, refused
from companion.errors import MalformedInput
from companion.games.tranquility import seas_controls
from companion.games.tranquility.beside import cards_beside, drawer
from companion.games.tranquility.events import Compass, DiscardHand, Drawn, MonsterHeld, Reef, StartDiscards
from companion.games.tranquility.messages import DOMAIN
from companion.games.tranquility.messages_seas import SEAS_MESSAGES
from companion.games.tranquility.options import STORM_COLOURS
from companion.games.tranquility.rules import (
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

register_messages(SEAS_MESSAGES, DOMAIN)

ROWS = 6
YELLOW_LIMIT = 3
COMPASSES = 6
STORMS = tuple(f"storm-{colour}" for colour in STORM_COLOURS)
REEF_STAY_COST = 2
KNOWN_CARDS = frozenset(ISLAND) | OTHER_CARDS | {START, FINISH}


@dataclass(frozen=True, slots=True)
class Step:
    """A seat's latest draw step: its hand and deck where the draw (re)starts, the hand it draws up
    to, and the cards its deck gains once the draw is over (the Start card shuffled in after the
    setup hand, T8)."""

    hand: int
    deck: int
    target: int
    bonus: int = 0

    def drawn(self) -> int:
        """How many cards the step draws from where it stands."""
        return min(max(0, self.target - self.hand), self.deck)


@dataclass(frozen=True, slots=True)
class SeaState:
    """What *Mers agitées* adds to the state (saved for undo)."""

    reef_row: int | None
    reef_due: bool
    #: The seats drawing once the reef step is over (the acting seat, or every seat after the split).
    draw_after: tuple[int, ...]
    steps: tuple[Step | None, ...]
    monsters_played: int
    #: Monsters each seat said it holds and has not played since (T14).
    reported: tuple[int, ...]
    #: Storms drawn so far, by colour (G2 beyond the option's split).
    storms_drawn: tuple[int, ...]
    yellow: tuple[int, ...]
    orange: tuple[int, ...]
    purple: tuple[int, ...]
    compasses: int
    gained: int


@register_rules("seas")
class Seas(Tranquility):
    """The base game with one or more of *Mers agitées*' modules (options ``reef``, ``monsters``,
    ``storms``; T13 to T16)."""

    def __init__(self, players: int, options: Mapping[str, object] | None = None, **kwargs: Any) -> None:
        """Set up as T12 says: monsters and storms shuffled into the decks, the reef on its row."""
        super().__init__(players, options, **kwargs)
        opts = self.options
        if opts["reef"] and opts["reef_row"] is None:
            raise MalformedInput(Text("seas_reef_row_missing"))
        monsters, whole = opts["monsters"], opts["whole_hand_min"]
        assert isinstance(monsters, int) and isinstance(whole, int)
        self.monsters: int = monsters
        self.storms = bool(opts["storms"])
        colours = opts["storm_colours"]
        assert isinstance(colours, dict)
        self.storm_limits = tuple(int(colours[name.removeprefix("storm-")]) for name in STORMS)
        self.whole_hand_min: int = whole
        self.hooked = True
        reef_row = opts["reef_row"] if opts["reef"] else None
        # The setup hands are the seats' first draw steps (storms drawn there are replaced, T15),
        # the Start card shuffled in once they are drawn (T8).
        steps = tuple(Step(0, h + d - 1, HAND_LIMIT, 1) for h, d in zip(self.hands, self.decks, strict=True))
        zeros = (0,) * players
        self.sea = SeaState(reef_row if isinstance(reef_row, int) else None, False, (), steps, 0, zeros,
                            (0,) * len(STORMS), zeros, zeros, (), 0, 0)

    def _dealt_total(self, removed: int) -> int:
        """Monsters and storms count in the decks (T12); the compasses lie beside the grid."""
        monsters = self.options["monsters"]
        assert isinstance(monsters, int)
        return super()._dealt_total(removed) + monsters + (len(STORMS) * 2 if self.options["storms"] else 0)

    # -- state -------------------------------------------------------------

    def _save_extra(self) -> object:
        return self.sea

    def _restore_extra(self, extra: object) -> None:
        assert isinstance(extra, SeaState)
        self.sea = extra

    def limit(self, seat: int) -> int:
        """The hand limit of ``seat``: 3 while a yellow storm lies before it (T15), else 5."""
        return YELLOW_LIMIT if self.sea.yellow[seat] else HAND_LIMIT

    def _closed_row(self, row: int) -> Ruling | None:
        if row == self.sea.reef_row:
            return refused("T13", Text("seas_reef_row", row=row))
        if row in self.sea.purple:
            return refused("T15", Text("seas_purple_row", row=row))
        return None

    def _closed_refusal(self, value: int, i: int) -> Ruling | None:
        return self._closed_row(self.BOARD.rows[i])

    def _late_refusal(self, value: int, i: int) -> Ruling | None:
        if not self.sea.orange[self._turn]:
            return None
        cells, (lo, hi) = self.cells, self.BOARD.span_of[i]
        if (i > lo and cells[i - 1]) or (i < hi - 1 and cells[i + 1]):
            return None
        return refused("T15", Text("seas_orange", card=value, at=self.BOARD.cells[i]))

    def complete_rows(self) -> int:
        """How many rows of the grid are full."""
        return sum(1 for row in range(1, ROWS + 1) if all(self.cells[i] for i in self.BOARD.row_cells(row)))

    def _row_open(self, row: int) -> bool:
        return any(not self.cells[i] for i in self.BOARD.row_cells(row))

    def _drawer(self, event: Drawn) -> int | None:
        """The seat (from 0) that drew ``event``'s storm (:func:`.beside.drawer`)."""
        return drawer(event.player, self.move_stack, self._turn, self.players)

    def beside(self) -> dict[str, str]:
        """The reef and the purple storms on the rows' left borders (:mod:`.beside`)."""
        return cards_beside(self.sea.reef_row, self.sea.purple)

    def state_json(self) -> dict[str, Any]:
        """The base state, with the reef's row, the storms lying, the compasses and the monsters."""
        state = super().state_json()
        sea = self.sea
        if sea.reef_due:
            state["pending"] = "reef"
        state.update({
            "reef_row": sea.reef_row,
            "compasses": sea.compasses,
            "storms": {"yellow": [s + 1 for s, n in enumerate(sea.yellow) for _ in range(n)],
                       "orange": [s + 1 for s, n in enumerate(sea.orange) for _ in range(n)],
                       "purple": list(sea.purple)},
            "storms_drawn": dict(zip(STORMS, sea.storms_drawn, strict=True)),
            "monsters_played": sea.monsters_played,
            "monsters_held": {str(s + 1): n for s, n in enumerate(sea.reported) if n},
        })
        for seat in state["seats"]:
            seat["limit"] = self.limit(seat["seat"] - 1)
        return state

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        if (isinstance(event, MonsterHeld) and event.player is None) or \
                (isinstance(event, Drawn) and self._drawer(event) is None):
            raise MalformedInput(Text("missing_field", field="player"))
        if isinstance(event, Compass) and event.seat is not None and not 1 <= event.seat <= self.players:
            raise MalformedInput(Text("seat_out_of_range", seat=event.seat, players=self.players))
        if isinstance(event, Compass) and not event.at and event.ends not in STORMS:
            raise MalformedInput(Text("bad_field", field="ends", value=event.ends))
        if isinstance(event, Drawn) and event.card not in KNOWN_CARDS:
            raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
        for row in (getattr(event, "row", None), getattr(event, "to", None)):
            if row is not None and not 1 <= row <= ROWS:
                raise MalformedInput(Text("bad_field", field="row", value=row))
        super()._validate_names(event)

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        sea = self.sea
        if isinstance(event, Drawn):
            return self._check_drawn(event)
        if isinstance(event, Compass):
            return self._check_compass(event)
        if isinstance(event, MonsterHeld):
            return self._check_monster_held(event)
        if isinstance(event, StartDiscards):
            return self._check_start_split(event)
        if sea.reef_due:
            if isinstance(event, Reef):
                return self._check_reef(event)
            return refused("T13", Text("seas_reef_due", seat=self.turn))
        if isinstance(event, Reef):
            return refused("T13", Text("seas_no_reef_step"))
        if isinstance(event, DiscardHand):
            return self._check_discard_hand(event)
        if isinstance(event, DeclareLoss) and self.monsters and not self.pending_start:
            # A hand of monsters cannot be discarded (T14): the players' word is taken from 2 cards.
            return accepted(Text("loss_declared", seat=self.turn))
        return super()._check_action(event)

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        card = play.card
        if card == "monster":
            return self._check_monster(play)
        if card == "reef":
            return refused("T13", Text("seas_reef_played"))
        if card in STORMS:
            return refused("T15", Text("seas_storm_played", card=card))
        if card == "compass":
            return refused("T16", Text("seas_compass_played"))
        if card == FINISH and play.at == FINISH and self.is_complete() and self.monsters:
            held = sum(self.sea.reported)
            if held:
                return refused("T14", Text("seas_monster_reported", count=held))
            if self._monsters_left() and not any(self.decks):
                return refused("T14", Text("seas_monsters_in_hands", count=self._monsters_left()))
        return super()._check_play(play, hand)

    def _monsters_left(self) -> int:
        return self.monsters - self.sea.monsters_played

    def _check_monster(self, play: Play) -> Ruling:
        if not self.monsters:
            return refused("C6", Text("expansion_card", card=play.card))
        if self._monsters_left() < 1:
            return refused("G2", Text("seas_no_monster_left", count=self.monsters))
        if self.hands[self._turn] < 1:
            return refused("T5", Text("no_card", seat=self.turn))
        if play.at in (START, FINISH):
            return refused("T14", Text("seas_monster_corner", at=self.cell_label(play.at)))
        i = self.BOARD.index[play.at]
        if not self.cells[i]:
            return refused("T14", Text("seas_monster_empty", at=play.at))
        closed = self._closed_row(self.BOARD.rows[i])
        if closed is not None:
            return closed
        return accepted(Text("seas_monster", at=play.at, card=self.cells[i]), 0)

    def _check_reef(self, event: Reef) -> Ruling:
        if event.stay:
            hand = self.hands[self._turn]
            if hand < REEF_STAY_COST:
                return refused("T13", Text("seas_reef_stay_short", hand=cards(hand)))
            return accepted(Text("seas_reef_stays"), REEF_STAY_COST)
        assert event.to is not None
        if event.to == self.sea.reef_row:
            return refused("T13", Text("seas_reef_same_row", row=event.to))
        if not self._row_open(event.to):
            return refused("T13", Text("seas_reef_full_row", row=event.to))
        return accepted(Text("seas_reef_moved", row=event.to), 0)

    def _check_discard_hand(self, event: DiscardHand) -> Ruling:
        if not self.storms:  # a whole hand earns a compass (T16): the event of the storms' module
            return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))
        hand = self.hands[self._turn]
        if event.count != hand:
            return refused("G2", Text("seas_whole_hand_count", count=event.count, hand=hand))
        if hand < self.whole_hand_min:
            return refused("T16", Text("seas_whole_hand_min", hand=hand, least=self.whole_hand_min))
        return accepted(Text("seas_whole_hand", count=hand), hand)

    def _check_monster_held(self, event: MonsterHeld) -> Ruling:
        if not self.monsters:
            return refused("C6", Text("expansion_card", card="monster"))
        free = self._monsters_left() - sum(self.sea.reported)
        if event.count > free:
            return refused("T14", Text("seas_monster_held_too_many", count=event.count, left=free))
        assert event.player is not None
        if event.count > self.hands[event.player - 1]:
            return refused("G2", Text("seas_monster_held_hand", count=event.count,
                                      hand=self.hands[event.player - 1]))
        return accepted(Text("seas_monster_held", seat=event.player, count=event.count))

    def _check_compass(self, event: Compass) -> Ruling:
        if not self.storms:
            return refused("C6", Text("expansion_card", card="compass"))
        if event.at:
            return refused("T16", Text("seas_compass_how"))
        if self.sea.compasses < 1:
            return refused("T16", Text("seas_no_compass"))
        sea = self.sea
        if event.ends in ("storm-yellow", "storm-orange"):
            lying = sea.yellow if event.ends == "storm-yellow" else sea.orange
            if event.seat is None or not lying[event.seat - 1]:
                return refused("T16", Text("seas_no_such_storm", card=event.ends, seat=event.seat or "-"))
            return accepted(Text("seas_compass_seat", card=event.ends, seat=event.seat))
        if event.ends == "storm-purple":
            if event.row is None or event.row not in sea.purple:
                return refused("T16", Text("seas_no_purple", row=event.row or "-"))
            return accepted(Text("seas_compass_row", row=event.row))
        return refused("T16", Text("seas_compass_how"))

    def _check_start_split(self, event: StartDiscards) -> Ruling:
        if not event.from_deck and not self._monsters_left():
            return super()._check_action(event)
        if not self.pending_start:
            return refused("T6", Text("no_start_pending"))
        for seat, count in event.from_deck:
            if not self.sea.yellow[seat - 1]:
                return refused("T15", Text("seas_from_deck_no_yellow", seat=seat))
            if count > min(2, self.decks[seat - 1]):
                return refused("T15", Text("seas_from_deck_many", seat=seat, count=count))
        for seat, count in event.counts:
            if count > self.hands[seat - 1]:
                return refused("T6", Text("start_split_hand", seat=seat, hand=self.hands[seat - 1],
                                          count=count))
        need = self.start_discards_due()
        got = sum(n for _, n in event.counts) + sum(n for _, n in event.from_deck)
        # Monsters are never discarded (T14): hands holding them may give fewer (project decision).
        if not need - self._monsters_left() <= got <= need:
            return refused("T6", Text("start_split_sum", need=need, got=got))
        if not event.from_deck:
            split = ", ".join(f"{seat}: {n}" for seat, n in event.counts if n)
            return accepted(Text("start_split_done", split=split or "-", limit=HAND_LIMIT))
        return accepted(Text("seas_split_from_deck", count=sum(n for _, n in event.from_deck)))

    def start_discards_due(self) -> int:
        """Eight, or every card the hands and the yellow seats' two top deck cards can give (C8, T15)."""
        from_decks = sum(min(2, self.decks[s]) for s in range(self.players) if self.sea.yellow[s])
        return min(8, sum(self.hands) + from_decks)

    def _check_drawn(self, event: Drawn) -> Ruling:
        seat = self._drawer(event)
        assert seat is not None
        if event.card not in STORMS:
            return refused("G2", Text("seas_drawn_not_storm", card=self.card_label(event.card)))
        if not self.storms:
            return refused("C6", Text("expansion_card", card=event.card))
        colour = STORMS.index(event.card)
        if self.sea.storms_drawn[colour] >= self.storm_limits[colour]:
            return refused("G2", Text("seas_storm_colour_spent", card=event.card,
                                      count=self.storm_limits[colour]))
        if event.compass and self.sea.compasses < 1:
            return refused("T16", Text("seas_no_compass"))
        placed = self._storm_place(seat, event)
        if isinstance(placed, Ruling):
            return placed
        before, discard = placed
        del before
        if event.compass:
            return accepted(Text("seas_storm_cancelled", card=event.card), 0)
        if event.card == "storm-yellow":
            return accepted(Text("seas_yellow", seat=seat + 1, count=discard), discard)
        if event.card == "storm-orange":
            return accepted(Text("seas_orange_drawn", seat=seat + 1), 0)
        if event.row is None:
            return accepted(Text("seas_purple_void"), 0)
        return accepted(Text("seas_purple_drawn", row=event.row), 0)

    def _storm_place(self, seat: int, event: Drawn) -> tuple[int, int] | Ruling:
        """Where the storm lay in the seat's draw step (cards drawn before it) and the yellow's
        discards; or the refusal (T15) when the step drew no card it can be."""
        step = self.sea.steps[seat]
        if step is None or step.drawn() < 1:
            return refused("T15", Text("seas_no_draw", seat=seat + 1))
        yellow = event.card == "storm-yellow" and not event.compass
        if event.count is not None and not yellow:
            return refused("T15", Text("seas_count_yellow_only"))
        if event.card == "storm-purple" and not event.compass:
            open_rows = [r for r in range(1, ROWS + 1) if self._row_open(r)]
            if open_rows and event.row is None:
                return refused("T15", Text("seas_purple_row_missing"))
            if event.row is not None and event.row not in open_rows:
                return refused("T15", Text("seas_purple_full", row=event.row))
        elif event.row is not None:
            return refused("T15", Text("seas_row_purple_only"))
        if not yellow:
            return 0, 0
        if event.count is None:
            return 0, max(0, step.hand - YELLOW_LIMIT)
        # Said: the hand when the storm came was count + 3 (or at most 3 when count is 0).
        before = event.count + YELLOW_LIMIT - step.hand if event.count else 0
        if before < 0 or before > step.drawn() - 1 or (not event.count and step.hand > YELLOW_LIMIT):
            return refused("T15", Text("seas_yellow_count", count=event.count))
        return before, event.count

    # -- applying ----------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        seat = self._turn
        if isinstance(event, Drawn):
            drew = self._drawer(event)
            assert drew is not None
            self._apply_drawn(drew, event)
            return
        if isinstance(event, Compass):
            self._apply_compass(event)
            return
        if isinstance(event, MonsterHeld):
            assert event.player is not None
            reported = list(self.sea.reported)
            reported[event.player - 1] += event.count
            self.sea = replace(self.sea, reported=tuple(reported))
            return
        if isinstance(event, Reef):
            self._apply_reef(seat, event)
            return
        if event.TURN_BOUND:
            self._close_step(seat)
        if isinstance(event, Play) and event.card == "monster":
            self.hands[seat] -= 1
            self.cells[self.BOARD.index[event.at]] = 0
            reported = list(self.sea.reported)
            reported[seat] = max(0, reported[seat] - 1)
            self.sea = replace(self.sea, monsters_played=self.sea.monsters_played + 1,
                               reported=tuple(reported))
            self._end_turn(seat)
            return
        if isinstance(event, DiscardHand):
            self._pay(seat, event.count)
            self._gain_compass()
            self._end_turn(seat)
            return
        if isinstance(event, StartDiscards):
            for s, count in event.from_deck:
                self.decks[s - 1] -= count
                self.discards[s - 1] += count
            if self.sea.reef_row is not None:
                for s, count in event.counts:
                    self._pay(s - 1, count)
                self.pending_start = False
                self.sea = replace(self.sea, reef_due=True, draw_after=tuple(range(self.players)))
                return
            super()._apply(replace(event, from_deck=()), forced=forced)
            return
        if isinstance(event, Discard) and self.storms and self.hands[seat] == event.count:
            self._gain_compass()  # an action B that empties the hand (T16)
        if isinstance(event, Play) and event.card == START and not self.start_played:
            self._gain_compass()
        super()._apply(event, forced=forced)
        if isinstance(event, Play) and event.card in ISLAND and self.storms:
            row = self.BOARD.rows[self.BOARD.index[event.at]]
            values = sorted(self.cells[i] for i in self.BOARD.row_cells(row))
            if values[0] and values[-1] - values[0] == len(values) - 1:
                self._gain_compass()

    def _gain_compass(self) -> None:
        if self.storms and self.sea.gained < COMPASSES:
            self.sea = replace(self.sea, compasses=self.sea.compasses + 1, gained=self.sea.gained + 1)

    def _close_step(self, seat: int) -> None:
        steps = list(self.sea.steps)
        steps[seat] = None
        self.sea = replace(self.sea, steps=tuple(steps))

    def _end_turn(self, seat: int) -> None:
        """The reef step comes first unless four rows are full (then the reef is gone, T13)."""
        if self.sea.reef_row is not None and self.complete_rows() >= 4:
            self.sea = replace(self.sea, reef_row=None)
        if self.sea.reef_row is not None:
            self.sea = replace(self.sea, reef_due=True, draw_after=(seat,))
            return
        super()._end_turn(seat)

    def _apply_reef(self, seat: int, event: Reef) -> None:
        if event.stay:
            self._pay(seat, REEF_STAY_COST)
        else:
            self.sea = replace(self.sea, reef_row=event.to)
        drawing = self.sea.draw_after
        self.sea = replace(self.sea, reef_due=False, draw_after=())
        for s in drawing:
            self._draw(s)
        self._turn = (seat + 1) % self.players

    def _draw(self, seat: int) -> None:
        """Draw up to the seat's limit, remembering the step so a storm drawn can be told."""
        self._start_step(seat, Step(self.hands[seat], self.decks[seat], self.limit(seat)))

    def _draw_extra(self, seat: int, count: int) -> None:
        self._start_step(seat, Step(self.hands[seat], self.decks[seat], self.hands[seat] + count))

    def _start_step(self, seat: int, step: Step) -> None:
        steps = list(self.sea.steps)
        steps[seat] = step
        self.sea = replace(self.sea, steps=tuple(steps))
        drawn = step.drawn()
        self.hands[seat] = step.hand + drawn
        self.decks[seat] = step.deck - drawn + step.bonus

    def _apply_drawn(self, seat: int, event: Drawn) -> None:
        placed = self._storm_place(seat, event)
        assert not isinstance(placed, Ruling)
        before, discard = placed
        step = self.sea.steps[seat]
        assert step is not None
        sea = self.sea
        colour = STORMS.index(event.card)
        drawn = list(sea.storms_drawn)
        drawn[colour] += 1
        sea = replace(sea, storms_drawn=tuple(drawn))
        target = step.target
        if event.compass:
            sea = replace(sea, compasses=sea.compasses - 1)
        elif event.card == "storm-yellow":
            sea = replace(sea, yellow=_bump(sea.yellow, seat, 1))
            target = min(target, YELLOW_LIMIT)
        elif event.card == "storm-orange":
            sea = replace(sea, orange=_bump(sea.orange, seat, 1))
        elif event.row is not None:
            sea = replace(sea, purple=tuple(sorted((*sea.purple, event.row))))
        self.sea = sea
        self.discards[seat] += discard
        # The draw starts again after the storm: the cards drawn before it, less the discards.
        self._start_step(seat, Step(step.hand + before - discard, step.deck - before - 1, target, step.bonus))

    def _apply_compass(self, event: Compass) -> None:
        sea = replace(self.sea, compasses=self.sea.compasses - 1)
        if event.ends == "storm-yellow" and event.seat is not None:
            sea = replace(sea, yellow=_bump(sea.yellow, event.seat - 1, -1))
        elif event.ends == "storm-orange" and event.seat is not None:
            sea = replace(sea, orange=_bump(sea.orange, event.seat - 1, -1))
        else:
            purple = list(sea.purple)
            purple.remove(event.row)  # type: ignore[arg-type]
            sea = replace(sea, purple=tuple(purple))
        self.sea = sea

    def _after_push(self, event: Event, ruling: Ruling) -> Ruling:
        """An action after which the reef step is due says so (``step``: the page and the LED ask)."""
        if self.sea.reef_due:
            return replace(ruling, fields={**ruling.fields, "step": "reef"})
        return ruling

    def controls(self) -> list[Control]:
        """What the players tell the page now (T22, :mod:`companion.games.tranquility.seas_controls`)."""
        return seas_controls.controls(self)

    def notes(self) -> list[Text]:
        """Who holds a sea monster, asked before the Finish card (T14)."""
        return seas_controls.notes(self)

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """As the base game, but no loss while the reef step is due or the one card may be a monster
        that can still be laid (T14)."""
        if self.sea.reef_due and not self.finish_played and not self.loss_reported:
            return None
        if (self.monsters and self._monsters_left() and not self.finish_played and not self.loss_reported
                and self.hands[self._turn] >= 1 and any(self.cells)):
            return None
        # The base proof tries every island card through the place checks: closed rows and an
        # orange storm count.
        return super()._compute_outcome()

    def placements(self) -> Iterator[Play]:
        """The base game's placements, then a monster on every card it may destroy."""
        if self.sea.reef_due:
            return
        yield from super().placements()
        if self.monsters and self._monsters_left() and not self.is_over() and not self.flagged and (
                not self.pending_start and self.hands[self._turn] >= 1):
            for i, value in enumerate(self.cells):
                if value and self._closed_row(self.BOARD.rows[i]) is None:
                    yield Play("monster", self.BOARD.cells[i])


def _bump(counts: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    out = list(counts)
    out[seat] += by
    return tuple(out)
