"""Tranquillité's *La Pyramide* (variant sheet), refereed as ruling T18 says.

36 cells in a brick pyramid of 8 rows of 8 down to 1 (``a1`` .. ``h1``, ..., ``a8``), one ascending
sequence row after row (T1 to T5 as on the grid); the Finish card goes to ``finish``, the summit;
there is no Start corner. Two cells hold a border card face up (option ``pyramid_borders``): a card
laid on a border card that shows is ruled with ``discard`` null, and the same seat's next event says
which card it drew from the shared explorer pile (``explore``), whose ruling gives the discard:

>>> game = Tranquility.from_position(2, cells={"b1": 5}, hands=[5, 5],
...                                  options={"variant": "pyramid", "pyramid_borders": ["c1", "d3"]})
>>> ruling = game.play(Play("8", "c1"))
>>> ruling.discard is None, ruling.message_en[:60]
(True, '8 at c1 covers a border card: draw the top explorer card fir')
>>> game.play(Explore("reef")).message_en
'the explorer card is Récifs acérés: discard 3 for 8 at c1 and one card more from hand'

A Joker (a border card kept from the pile) stands for an island value not on the grid, or for the
Finish card; a compass kept from the pile is discarded, as the turn's action, to clear a storm.
What a seat keeps unseen is never claimed (G1): the companion counts the pile and the cards kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.controls import Ask, Control
from companion.engine.events import DeclareLoss, Discard, Event, Placement, Play
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.board import HIGHEST, LOWEST, PYRAMID
from companion.games.tranquility.events import Compass, Explore
from companion.games.tranquility.explorer import BACK, EXPLORE_CARDS, JOKER, KEPT, KINDS, STORMS, Pile
from companion.games.tranquility.messages import DOMAIN
from companion.games.tranquility.pyramid_messages import PYRAMID_MESSAGES
from companion.games.tranquility.rules import EXPANSION, FINISH, ISLAND, START, Tranquility, register_rules
from companion.messages import register_messages
from companion.text import Text, Words, cards

register_messages(PYRAMID_MESSAGES, DOMAIN)

#: How the explorer and expansion cards are named in messages.
LABELS: dict[str, Words] = {
    JOKER: Text("say_the_joker"),
    BACK: Text("say_a_card_kept_unseen"),
    "reef": Text("say_r_cifs_ac_r_s"),
    "monster": Text("say_a_sea_monster"),
    "storm-yellow": Text("say_a_yellow_storm"),
    "storm-purple": Text("say_a_purple_storm"),
    "storm-orange": Text("say_an_orange_storm"),
    "compass": Text("say_a_compass"),
}


@dataclass(frozen=True, slots=True)
class Pending:
    """A card just laid on a border card that showed, waiting for its explorer card (T18): the
    cell's index, the value it stands for, whether it is a Joker, and its T4 cost."""

    cell: int
    value: int
    joker: bool
    cost: int


@dataclass(frozen=True, slots=True)
class PyramidState:
    """What the Pyramide adds to a snapshot (see :class:`Pyramid`'s attributes)."""

    pile: Pile
    bare: frozenset[int]
    storms: tuple[tuple[int, str], ...]
    jokers: frozenset[int]
    pending: Pending | None
    kept: tuple[int, ...]
    held: tuple[int, ...]
    compasses: int
    jokers_lost: int


@register_rules("pyramid")
class Pyramid(Tranquility):
    """Tranquillité, *La Pyramide* (T18), with options ``pyramid_borders`` (required),
    ``pyramid_hard``, ``pyramid_easy``, ``pyramid_undone_pays_cost`` and ``removed``."""

    title = Text("say_tranquillit_la_pyramide")
    BOARD = PYRAMID
    PLAYS_AS = True

    def __init__(self, players: int, options: Mapping[str, object] | None = None, *,
                 decks: Sequence[int] | None = None) -> None:
        """Set up the decks (the island cards only, no Start card shuffled in) and the explorer
        pile; the header must name the two border cells (``pyramid_borders``)."""
        super().__init__(players, options, decks=decks)
        borders = self.options["pyramid_borders"]
        if not isinstance(borders, list):
            # The cells cannot be guessed: the camera reads them at setup, or the page asks.
            raise MalformedInput(Text("pyramid_borders_missing"))
        self.decks = [deck - 1 for deck in self.decks]  # no Start card is shuffled in (T18)
        self.hooked = True
        #: The cells holding a border card, by index.
        self.borders: tuple[int, ...] = tuple(sorted(PYRAMID.index[cell] for cell in borders))
        #: What has come out of the explorer pile.
        self.pile = Pile.of(self.options)
        #: The cells whose border card shows: a card laid there draws an explorer card.
        self.bare: frozenset[int] = frozenset(self.borders)
        #: The storms lying on cells (closed until a compass clears them), by index.
        self.storms: dict[int, str] = {}
        #: The cells holding a Joker (their value in :attr:`cells`).
        self.jokers: frozenset[int] = frozenset()
        self.pending: Pending | None = None
        #: Explorer cards each seat took into its hand (public: the table sees them taken).
        self.kept = [0] * players
        #: At most how many explorer cards each seat still holds (kept, less those seen played).
        self.held = [0] * players
        self.compasses = 0
        #: Jokers discarded with a sea monster.
        self.jokers_lost = 0

    def _dealt_total(self, removed: int) -> int:
        """The island cards alone make the decks (T18: Start and Finish cards go to the explorer pile)."""
        return HIGHEST - LOWEST + 1 - removed

    # -- names -------------------------------------------------------------

    def _validate_names(self, event: Event) -> None:
        """As the base game; a Joker must say what it stands for (``as``), the page asks (G2);
        ``explore`` names an explorer card, ``compass`` a cell."""
        if isinstance(event, Play):
            if event.card == JOKER and not event.as_:
                raise AmbiguousReading(Text("pyramid_joker_say", at=event.at))
            if event.as_ and (event.card != JOKER or event.as_ not in (*ISLAND, START, FINISH)):
                raise MalformedInput(Text("bad_field", field="as", value=event.as_))
        elif isinstance(event, Explore):
            if event.card not in EXPLORE_CARDS:
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            return
        elif isinstance(event, Compass):
            if event.at and event.at not in PYRAMID.index:
                raise MalformedInput(Text("unknown_cell", at=event.at, game=self.title))
            return
        super()._validate_names(event)

    def _validate_cell(self, at: str) -> None:
        # A card seen in the start corner's place is ruled on (T18: no Start corner), not unknown.
        if at != START:
            super()._validate_cell(at)

    def card_label(self, card: str) -> Words | str:
        """The base game's names, and the explorer cards by name."""
        return LABELS.get(card) or super().card_label(card)

    def _label(self, play: Play) -> Text | str:
        """How the card of ``play`` is named: its value, or the Joker with the value it stands for."""
        if play.card == JOKER and play.as_ in ISLAND:
            return Text("pyramid_joker_as", value=play.as_)
        return play.card

    # -- state -------------------------------------------------------------

    def _save_extra(self) -> PyramidState:
        return PyramidState(self.pile, self.bare, tuple(sorted(self.storms.items())), self.jokers,
                            self.pending, tuple(self.kept), tuple(self.held), self.compasses,
                            self.jokers_lost)

    def _restore_extra(self, extra: object) -> None:
        assert isinstance(extra, PyramidState)
        self.pile, self.bare, self.storms = extra.pile, extra.bare, dict(extra.storms)
        self.jokers, self.pending = extra.jokers, extra.pending
        self.kept, self.held = list(extra.kept), list(extra.held)
        self.compasses, self.jokers_lost = extra.compasses, extra.jokers_lost

    def explores(self, i: int) -> bool:
        """Whether a card laid at cell ``i`` draws an explorer card: its border card shows and the
        pile is not empty (an empty pile draws nothing)."""
        return i in self.bare and self.pile.left > 0

    def state_json(self) -> dict[str, Any]:
        """The base game's state, and the border cells, storms, Jokers, explorer pile and the
        explorer cards each seat kept."""
        state = super().state_json()
        names = self.BOARD.cells
        state.update({
            "borders": [names[i] for i in self.borders],
            "bare": [names[i] for i in sorted(self.bare)],
            "storms": {names[i]: card for i, card in sorted(self.storms.items())},
            "jokers": {names[i]: str(self.cells[i]) for i in sorted(self.jokers)},
            "explorer": self.pile.json(),
            "compasses_spent": self.compasses,
        })
        for seat in state["seats"]:
            seat["kept"] = self.kept[seat["seat"] - 1]
        if self.pending is not None:
            state["pending"] = "explore"
            state["explore_at"] = names[self.pending.cell]
        return state

    def diagram(self) -> str:
        """The pyramid as text, top row first, each row set half a cell in: ``#`` a border card
        showing, ``~`` a storm, ``*`` a Joker, ``!`` a card flagged."""
        flagged = {f.event.at: f.event.card for f in self.flagged}
        lines = ["  [finish]" if self.finish_played else "  finish"]
        for row in range(max(self.BOARD.rows), 0, -1):
            texts = []
            for i in self.BOARD.row_cells(row):
                name, value = self.BOARD.cells[i], self.cells[i]
                texts.append(f"!{flagged[name]}" if name in flagged else "~" if i in self.storms
                             else "#" if i in self.bare else f"*{value}" if i in self.jokers
                             else str(value) if value else ".")
            lines.append(f"  {row}  " + " " * 3 * (row - 1) + "".join(f"{text:>6}" for text in texts))
        return "\n".join(lines)

    # -- rules -------------------------------------------------------------

    def _check_action(self, event: Event) -> Ruling:
        if not isinstance(event, Play | Discard | DeclareLoss | Explore | Compass):
            return super()._check_action(event)
        if isinstance(event, Compass) and event.player is not None and event.player != self.turn:
            # Spent as the turn's action here (T18), unlike the pool's compass of T16.
            return refused(self.TURN_RULE, Text("not_your_turn", turn=self.turn, player=event.player))
        if self.pending is not None:
            if isinstance(event, Explore):
                return self._check_explore(event)
            return refused("T18", Text("pyramid_explore_first", seat=self.turn,
                                       at=self.BOARD.cells[self.pending.cell]))
        if isinstance(event, Explore):
            return refused("T18", Text("pyramid_no_explore"))
        if isinstance(event, Compass):
            return self._check_compass(event)
        return super()._check_action(event)

    def _misread(self, card: str) -> Ruling | None:
        """G2 when the active seat cannot hold ``card`` (a Joker, compass or Finish card comes only
        from the explorer cards it kept), or when every one of them is already used."""
        seat = self._turn
        if self.held[seat] < 1:
            return refused("G2", Text("pyramid_cannot_hold", seat=seat + 1, card=self.card_label(card)))
        used = {JOKER: len(self.jokers) + self.jokers_lost, "compass": self.compasses}.get(card, 0)
        if card in (JOKER, "compass") and used >= self.pile.total(card):
            return refused("G2", Text("pyramid_all_used", card=self.card_label(card), count=used))
        return None

    def _check_play(self, play: Play, hand: int | None = None) -> Ruling:
        card, at = play.card, play.at
        if hand is None:
            hand = self.hands[self._turn]
        if hand < 1:
            return refused("T5", Text("no_card", seat=self.turn))
        if START in (card, play.as_, at):
            return refused("T18", Text("pyramid_no_start"))
        if card in EXPANSION:
            return refused("C6", Text("pyramid_not_laid", card=self.card_label(card)))
        if card in (JOKER, FINISH) and (misread := self._misread(card)) is not None:
            return misread
        if FINISH in (card, play.as_):
            if at != FINISH:
                return refused("T7", Text("finish_elsewhere", at=self.cell_label(at)))
            if not self.is_complete():
                return refused("T7", Text("pyramid_finish_early", missing=self.cells.count(0)))
            return accepted(Text("finish_won"), 0)
        label = self._label(play)
        if at == FINISH:
            return refused("T7", Text("corner_island", card=label, at=self.cell_label(at)))
        value, i = int(play.as_ or card), self.BOARD.index[at]
        if card == JOKER and value in self.cells:
            other = self.BOARD.cells[self.cells.index(value)]
            return refused("T18", Text("pyramid_joker_taken", value=value, other_at=other))
        ruling = self._check_island(value, i, hand)
        if card == JOKER:
            ruling = replace(ruling, text=Text(ruling.text.key, **{**ruling.text.args, "card": label}))
        if ruling.legal and self.explores(i):
            return accepted(Text("pyramid_explore_due", card=label, at=at, cost=ruling.discard), None)
        return ruling

    def _closed_refusal(self, value: int, i: int) -> Ruling | None:
        if i in self.storms:
            return refused("T18", Text("pyramid_closed", card=value, at=self.BOARD.cells[i]))
        return None

    def _override_ruling(self, placement: Placement) -> Ruling:
        assert isinstance(placement, Play)
        value, i = int(placement.as_ or placement.card), self.BOARD.index[placement.at]
        label = self._label(placement)
        if self.explores(i):
            return accepted(Text("pyramid_overridden_explore", card=label, at=placement.at), None)
        cost = min(self._cost(value, i)[0], self.hands[self._turn] - 1)
        return accepted(Text("overridden", card=label, at=placement.at, cost=cards(cost)), cost)

    def explore_discard(self, card: str) -> int:
        """How many cards the active seat discards once ``card`` is drawn for the card waiting
        (T18): the cost, the reef's (and with ``pyramid_hard`` the Start's) one more, from the
        deck's top when the hand is empty, nothing for a storm or a monster unless
        ``pyramid_undone_pays_cost``."""
        pending = self.pending
        assert pending is not None
        seat = self._turn
        hand = self.hands[seat]
        if card in STORMS or card == "monster":
            if not self.options["pyramid_undone_pays_cost"]:
                return 0
            return min(pending.cost, hand + (card in STORMS))  # a storm gives the card back first
        if card in KEPT or card == BACK:
            return min(pending.cost, hand + 1)  # the card kept joins the hand before the discard
        cost = min(pending.cost, hand)  # an override may have accepted more than the hand holds
        if card == "reef" or (card == "start" and self.options["pyramid_hard"]):
            return cost + (1 if hand - cost > 0 or self.decks[seat] > 0 else 0)
        return cost

    def _check_explore(self, event: Explore) -> Ruling:
        pending = self.pending
        assert pending is not None
        card = event.card
        if not self.pile.possible(card):
            return refused("G2", Text("pyramid_pile_spent", card=self.card_label(card)))
        count = self.explore_discard(card)
        at = self.BOARD.cells[pending.cell]
        placed: Text | int = Text("pyramid_joker_as", value=pending.value) if pending.joker else pending.value
        if card in STORMS:
            return accepted(Text("pyramid_explored_storm", drawn=self.card_label(card), card=placed, at=at,
                                 count=count), count)
        if card == "monster":
            return accepted(Text("pyramid_explored_monster", card=placed, at=at, count=count), count)
        if card in KEPT or card == BACK:
            return accepted(Text("pyramid_explored_kept", card=placed, at=at, count=count), count)
        cost = min(pending.cost, self.hands[self._turn])
        if card == "start" and not self.options["pyramid_hard"]:
            return accepted(Text("pyramid_explored_start", card=placed, at=at, count=count), count)
        if count == cost:
            return accepted(Text("pyramid_explored_penalty_none", drawn=self.card_label(card), cost=cost,
                                 card=placed, at=at), count)
        source = "pyramid_from_hand" if self.hands[self._turn] - cost > 0 else "pyramid_from_deck"
        return accepted(Text("pyramid_explored_penalty", drawn=self.card_label(card), cost=cost, card=placed,
                             at=at, source=Text(source)), count)

    def _check_compass(self, event: Compass) -> Ruling:
        if not event.at:
            return refused("T18", Text("pyramid_compass_at"))
        if self.hands[self._turn] < 1:
            return refused("T18", Text("no_card", seat=self.turn))
        misread = self._misread("compass")
        if misread is not None:
            return misread
        if self.BOARD.index[event.at] not in self.storms:
            return refused("T18", Text("pyramid_compass_no_storm", at=event.at))
        return accepted(Text("pyramid_compass_done", seat=self.turn, at=event.at))

    # -- applying ----------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        seat = self._turn
        if isinstance(event, Play):
            self._apply_play(seat, event, forced=forced)
        elif isinstance(event, Explore):
            self._apply_explore(seat, event.card)
        elif isinstance(event, Compass):
            i = self.BOARD.index[event.at]
            self._pay(seat, 1)
            self.held[seat] -= 1
            self.compasses += 1
            del self.storms[i]  # the storm leaves the game; the border card under it shows again
            self.bare |= {i}
            self._end_turn(seat)
        else:
            super()._apply(event, forced=forced)
        self.held = [min(held, hand) for held, hand in zip(self.held, self.hands, strict=True)]

    def _apply_play(self, seat: int, play: Play, *, forced: bool) -> None:
        self.hands[seat] -= 1
        if play.card in (JOKER, FINISH):
            self.held[seat] -= 1
        if FINISH in (play.card, play.as_):
            self.finish_played = True
            return
        value, i = int(play.as_ or play.card), self.BOARD.index[play.at]
        cost = self._cost(value, i)[0]
        self.cells[i] = value
        if play.card == JOKER:
            self.jokers |= {i}
        if forced and self.ascending:
            self.ascending = self._is_ascending()
        explores = self.explores(i)
        self.bare -= {i}
        if explores:
            # The rule draws "avant de défausser": the cost waits for the explorer card.
            self.pending = Pending(i, value, play.card == JOKER, cost)
            return
        self._pay(seat, cost)
        self._end_turn(seat)

    def _apply_explore(self, seat: int, card: str) -> None:
        pending = self.pending
        assert pending is not None
        count = self.explore_discard(card)
        self.pending = None
        self.pile = self.pile.draw(card)
        i = pending.cell
        if card in KEPT or card == BACK:
            self.hands[seat] += 1
            self.kept[seat] += 1
            self.held[seat] += 1
        elif card in STORMS or card == "monster":
            self.cells[i] = 0
            if card in STORMS:
                self.hands[seat] += 1  # the card laid goes back to hand
                self.storms[i] = card
                self.held[seat] += pending.joker
            else:
                self.discards[seat] += 1  # the card laid is discarded with the monster
                self.bare |= {i}
                self.jokers_lost += pending.joker
            self.jokers -= {i}
            if not self.ascending:
                self.ascending = self._is_ascending()
        paid = min(count, self.hands[seat])
        self._pay(seat, paid)
        if count > paid and self.decks[seat]:
            # The reef's card more, from the top of the deck when the hand is empty.
            self.decks[seat] -= 1
            self.discards[seat] += 1
        self._end_turn(seat)

    # -- outcome and generation -------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """Won once a Finish card (or a Joker as one) is laid; lost when reported, or provable
        from public counts (T9): no card, or one card that fits nowhere at no cost and that cannot
        be an explorer card able to act (a compass with a storm lying, a Finish on a full pyramid)."""
        if self.finish_played:
            return Outcome.together(self.players, True, Termination.FINISHED, Text("outcome_won"))
        if self.loss_reported:
            return Outcome.together(self.players, False, Termination.REPORTED,
                                    Text("outcome_reported", seat=self.turn))
        if self.pending is not None:
            return None
        hand = self.hands[self._turn]
        if hand >= 2:
            return None
        if hand == 1:
            if self.held[self._turn] and (self.storms or self.is_complete()):
                return None
            if any(True for v in range(LOWEST, HIGHEST + 1) for _ in self.legal_cells(v, hand=1)):
                return None
        return Outcome.together(self.players, False, Termination.NO_ACTION,
                                Text("outcome_no_action", seat=self.turn, hand=cards(hand)))

    def placements(self) -> Iterator[Play]:
        """Every legal placement for any card the active seat might hold: island cards, and, while
        it may hold an explorer card, Jokers and the Finish card."""
        if self.is_over() or self.flagged or self.pending is not None or self.hands[self._turn] < 1:
            return
        jokers = self._misread(JOKER) is None
        if self.is_complete() and self.held[self._turn]:
            yield Play(FINISH, FINISH)
            if jokers:
                yield Play(JOKER, FINISH, as_=FINISH)
        placed = set(self.cells)
        for value in range(LOWEST, HIGHEST + 1):
            if value not in placed:
                for cell, _ in self.legal_cells(value):
                    yield Play(str(value), cell)
                    if jokers:
                        yield Play(JOKER, cell, as_=str(value))

    def controls(self) -> list[Control]:
        """The page's buttons (T22): the explorer card drawn, which the camera cannot see when it is
        kept; a compass discarded to clear a storm."""
        if self.is_over() or self.flagged:
            return []
        seat = self.turn
        if self.pending is not None:
            choices = tuple(card for card in (BACK, *KINDS) if self.pile.possible(card))
            drawn = Ask("card", choices, said=tuple(map(self.card_label, choices)))
            return [Control(Text("pyramid_control_explore", at=self.BOARD.cells[self.pending.cell]),
                            {"type": "explore", "player": seat}, (drawn,), group="explorer")]
        cells = [self.BOARD.cells[i] for i in sorted(self.storms)]
        return [Control(Text("pyramid_control_compass", at=at), {"type": "compass", "at": at, "player": seat},
                        group="compass")
                for at in cells if self.check(Compass(at=at, player=seat)).legal]


__all__ = ["LABELS", "Pending", "Pyramid", "PyramidState"]
