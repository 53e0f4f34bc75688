"""Compétition (ruling T20): the header, what may be laid and with which half up, the swap, the
pass, the draws from the row, the end, the score and its tie-breaks, flags and undo."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from companion import AmbiguousReading, DeclareLoss, Discard, Event, MalformedInput, Override, Play, TakeBack
from companion.engine.record import Header, rule_on
from companion.games.tranquility.competition import Competition
from companion.games.tranquility.events import Pass, Reef, StartDiscards, Swap
from companion.games.tranquility.rules import CELL_INDEX, CELLS, Tranquility
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

COMPETITION = {"variant": "competition"}


@dataclass(frozen=True)
class Pos:
    """A Compétition position: cells as ``{cell: (value, half up)}``, the counts, whose turn."""

    cells: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    hands: tuple[int, int] = (5, 5)
    discards: tuple[int, int] = (0, 0)
    deck: int | None = None
    row: int = 5
    turn: int = 1
    shown: tuple[str, ...] = ()
    day_seat: int = 1

    def game(self) -> Competition:
        """The position built (the day seat as the option says)."""
        return Competition.position(cells=self.cells, hands=self.hands, discards=self.discards,
                                    deck=self.deck, row=self.row, turn=self.turn, shown=self.shown,
                                    options={"competition_day_seat": self.day_seat})


def day(*pairs: tuple[str, int]) -> dict[str, tuple[int, str]]:
    """Cells holding day-up cards."""
    return {cell: (value, "day") for cell, value in pairs}


def night(*pairs: tuple[str, int]) -> dict[str, tuple[int, str]]:
    """Cells holding night-up cards."""
    return {cell: (value, "night") for cell, value in pairs}


def lay(card: str, at: str, up: str = "day", player: int | None = None) -> Play:
    """A play with its half up."""
    return Play(card, at, up=up, player=player)


# -- the header and the deal ------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 3, 4, 5])
def test_only_two_players_and_the_header_is_refused_else(players: int) -> None:
    with pytest.raises(MalformedInput, match="exactly 2 players"):
        Tranquility(players, COMPETITION)
    header = {"record": 1, "game": "tranquility", "players": players, "options": COMPETITION}
    with pytest.raises(MalformedInput, match="exactly 2 players"):
        Header.from_json(header)


def test_one_shared_deck_no_decks_field_and_no_module() -> None:
    with pytest.raises(MalformedInput, match="one shared deck"):
        Header.from_json({"record": 1, "game": "tranquility", "players": 2, "options": COMPETITION,
                          "decks": [40, 45]})
    with pytest.raises(MalformedInput, match="T12"):
        Tranquility(2, {**COMPETITION, "storms": True})


@pytest.mark.parametrize(("removed", "deck"), [(0, 65), (4, 61), (12, 53)])
def test_the_deal_five_each_five_face_up_one_deck(removed: int, deck: int) -> None:
    game = Tranquility(2, {**COMPETITION, "removed": removed})
    assert isinstance(game, Competition)
    assert (game.hands, game.discards, game.row, game.deck, game.turn) == ([5, 5], [0, 0], 5, deck, 1)
    state = game.state_json()
    assert (state["deck"], state["row"], state["winner"]) == (deck, 5, None)
    assert state["scores"] == {"1": 0, "2": 0}
    assert "start" not in state and all("deck" not in seat for seat in state["seats"])
    assert [seat["up"] for seat in state["seats"]] == ["day", "night"]


def test_the_day_seat_is_an_option() -> None:
    game = Tranquility(2, {**COMPETITION, "competition_day_seat": 2})
    assert isinstance(game, Competition)
    assert (game.half(1), game.half(2)) == ("night", "day")


# -- placements: the card, the cell, the half up (T20), then T2, T3, T5 ------------------------

PLACEMENTS = [
    case(Pos(), lay("40", "c3"), ok(0), "day-seat-lays-day-up"),
    case(Pos(turn=2), lay("40", "c3", "night"), ok(0), "night-seat-lays-night-up"),
    case(Pos(), lay("40", "c3", "night"), no("T20"), "day-seat-night-up"),
    case(Pos(turn=2), lay("40", "c3", "day"), no("T20"), "night-seat-day-up"),
    case(Pos(day_seat=2), lay("40", "c3", "night"), ok(0), "option-seat-1-lays-night"),
    case(Pos(day_seat=2), lay("40", "c3", "day"), no("T20"), "option-seat-1-day-refused"),
    case(Pos(day_seat=2, turn=2), lay("40", "c3", "day"), ok(0), "option-seat-2-lays-day"),
    case(Pos(), Play("start", "start"), no("T20"), "no-start-card"),
    case(Pos(), Play("start", "a1"), no("T20"), "no-start-card-on-the-grid"),
    case(Pos(), Play("finish", "finish"), no("T20"), "no-finish-card"),
    case(Pos(), lay("40", "start"), no("T20"), "no-start-corner"),
    case(Pos(), lay("40", "finish"), no("T20"), "no-finish-corner"),
    case(Pos(), Play("reef", "a1"), no("T20"), "no-reef"),
    case(Pos(), Play("monster", "a1"), no("T20"), "no-monster"),
    case(Pos(), Play("storm-yellow", "a1"), no("T20"), "no-storm"),
    case(Pos(), Play("compass", "a1"), no("T20"), "no-compass"),
    case(Pos(), Play("border", "a1"), no("C6"), "border-is-no-card-to-lay"),
    case(Pos(night(("c3", 40))), lay("41", "c3", "night"), no("C3"), "taken-cell-before-the-half"),
    case(Pos(day(("a1", 31))), lay("27", "b1", "night"), no("T20"), "half-before-the-order"),
    case(Pos(day(("a1", 31))), lay("27", "b1"), no("T2"), "order-t2"),
    case(Pos(night(("a1", 31))), lay("35", "b1"), ok(4), "cost-counts-the-other-seats-card"),
    case(Pos(night(("a1", 10), ("c1", 20))), lay("12", "b1"), ok(2), "between-two-of-the-other-seat"),
    case(Pos(night(("a1", 10)), hands=(3, 5)), lay("13", "b1"), no("T5"), "t5-cost-3-with-2-left"),
    case(Pos(night(("a1", 10)), hands=(3, 5)), lay("12", "b1"), ok(2), "t5-cost-2-with-2-left"),
    case(Pos(hands=(0, 5), row=0, deck=0), lay("40", "c3"), no("T5"), "no-card-in-hand"),
    case(Pos(turn=2), lay("40", "c3", "night", player=1), no("C1"), "not-your-turn"),
    # The sheet's own example: 78 four cells before the top right corner leaves 4 cells for 79, 80.
    case(Pos(), lay("78", "b6"), no("T3"), "sheet-78-four-cells-before-f6"),
    case(Pos(), lay("78", "c6"), no("T3"), "sheet-78-three-cells-before-f6"),
    case(Pos(), lay("78", "d6"), ok(0), "78-two-cells-before-f6-fits"),
    case(Pos(), lay("3", "d1"), no("T3"), "three-cells-before-3"),
    case(Pos(night(("a1", 10))), lay("13", "e1"), no("T3"), "gap-of-3-for-2-numbers"),
    # T3 stays arithmetic: a gap known unfillable because of the cards shown and discarded is allowed.
    case(Pos(night(("a1", 10)), shown=("11", "12", "13")), lay("14", "e1"), ok(0), "gap-known-unfillable-ok"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(PLACEMENTS))
def test_placements(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_the_half_refused_says_whose_half() -> None:
    ruling = Pos(turn=2).game().check(lay("40", "c3", "day"))
    assert ruling.message_en == "40 at c3 is laid day up, but seat 2 lays its cards night up"
    assert ruling.message_fr == ("40 en c3 est posée côté jour vers le haut, mais le joueur 2 pose ses "
                                 "cartes côté nuit")


@pytest.mark.parametrize(("event", "words"), [
    pytest.param(Play("40", "c3"), "which half", id="island-without-half"),
    pytest.param(lay("11", "c3"), "shown at a swap", id="a-card-shown-and-discarded"),
    pytest.param(Swap(("40", "back")), "face down", id="a-card-shown-face-down"),
    pytest.param(Swap(("40", "40")), "twice", id="a-card-shown-twice"),
    pytest.param(Swap(("40", "10")), "on the grid at a1", id="a-card-on-the-grid"),
    pytest.param(Swap(("40", "11")), "shown at a swap", id="a-card-shown-before"),
    pytest.param(Swap(("40", "start")), "not a card of Compétition", id="a-start-card-in-hand"),
])
def test_readings_that_cannot_be_are_asked_g2(event: Event, words: str) -> None:
    game = Pos(day(("a1", 10)), shown=("11",)).game()
    before = game._save()
    with pytest.raises(AmbiguousReading, match=words):
        game.validate(event)
    ruling = rule_on(game, event)
    assert (ruling.legal, ruling.rule, game.flagged, game._save()) == (False, "G2", (), before)


def test_start_and_finish_need_no_half() -> None:
    game = Pos().game()
    assert game.play(Play("start", "start")).rule == "T20"
    # Laid on the table, it is flagged; only T2, T3 and T5 may be overridden (G5), so it goes back.
    assert game.check(Override()).rule == "G5"
    assert game.play(TakeBack("start")).legal and game.flagged == ()
    with pytest.raises(MalformedInput, match="unknown card"):
        game.validate(Swap(("40", "xyz")))


# -- the swap ----------------------------------------------------------------------------

#: 1..9 on a1..c2 and 20 on d2, 61 on c5 and 72..80 after it: 10..19 and 62..71 fit nowhere (no cell
#: between two placed cards), 21..60 fit in the 16 cells between 20 and 61.
EDGES = {**day(*((CELLS[i], i + 1) for i in range(9)), ("d2", 20)),
         **night(("c5", 61), *((CELLS[i], i + 45) for i in range(27, 36)))}

SWAPS = [
    case(Pos(EDGES, hands=(3, 5)), Swap(("20", "30", "40")), no("T20"), "a-card-fits"),
    case(Pos(EDGES, hands=(3, 5)), Swap(("15", "65", "70")), ok(3), "nothing-fits"),
    case(Pos(EDGES, hands=(3, 5)), Swap(("15", "65")), no("T20"), "a-card-left-out"),
    case(Pos(EDGES, hands=(3, 5)), Swap(("15", "65", "70", "12")), no("T20"), "a-card-too-many"),
    case(Pos(EDGES, hands=(3, 5), row=0, deck=0), Swap(("15", "65", "70")), no("T20"), "no-row-to-take"),
    case(Pos(EDGES, hands=(2, 5), row=3, deck=0), Swap(("15", "65")), ok(2), "a-short-row-is-taken"),
    # 21 fits only at e2 beside 20, at cost 1 (T3 leaves it no other cell): a lone card cannot pay it.
    case(Pos(EDGES, hands=(1, 5)), Swap(("21",)), ok(1), "fits-only-beyond-t5"),
    case(Pos(EDGES, hands=(2, 5)), Swap(("15", "21")), no("T20"), "fits-within-t5"),
    case(Pos(EDGES, hands=(1, 5)), Swap(("30",)), no("T20"), "a-lone-card-fits-at-no-cost"),
    case(Pos(EDGES, hands=(0, 5)), Swap(()), ok(0), "an-empty-hand-takes-the-row"),
    case(Pos(EDGES, hands=(5, 3), turn=2), Swap(("15", "65", "70")), ok(3), "night-seat-swaps"),
    case(Pos(EDGES, hands=(3, 5)), Swap(("15", "65", "70"), player=2), no("C1"), "swap-out-of-turn"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(SWAPS))
def test_swaps(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a_card_that_fits_is_named_with_its_cell() -> None:
    ruling = Pos(EDGES, hands=(3, 5)).game().check(Swap(("15", "65", "40")))
    assert ruling.message_en == ("40 can be laid at f2 (discard 0): only a hand that cannot be laid is "
                                 "swapped")


def test_a_swap_discards_the_hand_takes_the_row_and_refills_it() -> None:
    game = Pos(EDGES, hands=(3, 5), deck=20).game()
    ruling = game.play(Swap(("15", "65", "70")))
    assert ruling.message_en == "seat 1 shows and discards its hand (3) and takes the face-up row (5)"
    assert (game.hands, game.discards, game.row, game.deck, game.turn) == ([5, 5], [3, 0], 5, 15, 2)
    assert game.shown == ("15", "65", "70") and game.state_json()["shown"] == ["15", "65", "70"]
    assert game.scores()[0].discarded == 3
    game.play(Discard(2))
    assert rule_on(game, lay("70", "c6")).rule == "G2"


def test_a_swap_of_a_short_row_leaves_no_row() -> None:
    game = Pos(EDGES, hands=(2, 5), row=3, deck=0).game()
    assert game.play(Swap(("15", "65"))).legal
    assert (game.hands, game.discards, game.row, game.deck) == ([3, 5], [2, 0], 0, 0)


# -- the pass ----------------------------------------------------------------------------

PASSES = [
    case(Pos(hands=(1, 5), row=0, deck=0), Pass(), ok(None), "one-card-no-row"),
    case(Pos(hands=(0, 5), row=0, deck=0), Pass(), ok(None), "no-card-no-row"),
    case(Pos(hands=(2, 5), row=0, deck=0), Pass(), no("T20"), "can-discard-two"),
    case(Pos(hands=(1, 5), row=2, deck=0), Pass(), no("T20"), "can-lay-or-swap"),
    case(Pos(hands=(0, 5), row=5), Pass(), no("T20"), "can-swap-an-empty-hand"),
    case(Pos(hands=(5, 1), row=0, deck=0, turn=2), Pass(), ok(None), "night-seat-passes"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(PASSES))
def test_passes(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a_pass_changes_nothing_but_the_turn() -> None:
    game = Pos(hands=(1, 4), row=0, deck=0).game()
    assert game.play(Pass()).legal
    assert (game.hands, game.discards, game.turn, game.outcome()) == ([1, 4], [0, 0], 2, None)


# -- events of other games and variants ---------------------------------------------------------

@pytest.mark.parametrize(("event", "rule"), [
    pytest.param(StartDiscards.of({1: 4, 2: 4}), "T20", id="start-split"),
    pytest.param(DeclareLoss(), "T20", id="declare-loss"),
    pytest.param(Reef(to=3), "C7", id="reef"),
    pytest.param(Discard(3), "C2", id="discard-three"),
])
def test_events_that_are_not_the_variants(event: Event, rule: str) -> None:
    assert_ruling(Pos(), event, no(rule))


# -- draws from the row ------------------------------------------------------------------

@pytest.mark.parametrize(("deck", "row", "cost", "after"), [
    pytest.param(30, 5, 2, ([5, 5], 5, 27), id="row-refilled-from-the-deck"),
    pytest.param(2, 5, 2, ([5, 5], 4, 0), id="deck-runs-out-row-short"),
    pytest.param(0, 2, 2, ([4, 5], 0, 0), id="short-row-taken-whole"),
    pytest.param(0, 0, 2, ([2, 5], 0, 0), id="nothing-to-draw"),
])
def test_draws_come_from_the_row(deck: int, row: int, cost: int, after: tuple[list[int], int, int]) -> None:
    game = Pos(night(("a1", 10)), deck=deck, row=row).game()
    assert game.play(lay(str(10 + cost), "b1")).discard == cost
    assert (game.hands, game.row, game.deck) == after
    assert game.discards == [cost, 0] and game.ups[CELL_INDEX["b1"]] == "day"


def test_action_b_draws_two_from_the_row() -> None:
    game = Pos(deck=10).game()
    assert ruling_of(game.play(Discard(2))) == ok(None)
    assert (game.hands, game.discards, game.row, game.deck, game.turn) == ([5, 5], [2, 0], 5, 8, 2)
