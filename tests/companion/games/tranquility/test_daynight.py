"""Jour et nuit (ruling T19): the half up of each play, the compasses drawn (setup hands and draw
steps, a seventh one), turning a card, the Finish card's halves, the loss (T9), the deal, undo,
the page's controls, and self-play games keeping their invariants.

``TQ_GAMES=10000`` plays the issue's 10,000 self-play games (100 by default: the test command is
near its limit).
"""

from __future__ import annotations

import io
import json
import os
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from companion.engine.events import (
    DeclareLoss,
    Discard,
    Event,
    Override,
    Play,
    TakeBack,
    Undo,
    event_from_json,
)
from companion.engine.record import Replay, rule_on, write_record
from companion.errors import AmbiguousReading, MalformedInput
from companion.games.tranquility.daynight import COMPASS, DayNight
from companion.games.tranquility.events import Drawn, Rotate, StartDiscards
from companion.games.tranquility.rules import CELLS, FINISH, FINISH_CARDS, START, Tranquility
from companion.games.tranquility.selfplay import SelfPlay
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params
from tests.companion.selfplay_checks import play_out

GAMES = int(os.environ.get("TQ_GAMES", "100"))
DAY_NIGHT = {"variant": "day_night"}
CHUNK = 50

#: All 36 cells, 1 to 36, rows 1 to 3 night up and rows 4 to 6 day up: ready for the Finish card.
FULL = {name: n + 1 for n, name in enumerate(CELLS)}
GOOD = {name: "night" if int(name[1]) <= 3 else "day" for name in CELLS}


@dataclass(frozen=True)
class SkyPos:
    """A position of Jour et nuit: cells and their halves up, the hands' half, the active seat's hand
    (seat 1 of 3), each seat's cards just drawn, the compasses drawn, the Start card."""

    cells: Mapping[str, int] = field(default_factory=dict)
    ups: Mapping[str, str] = field(default_factory=dict)
    hands_up: str = "day"
    hand: int = 5
    drawing: tuple[int, ...] = (0, 0, 0)
    compasses: int = 0
    start: bool = True
    decks: tuple[int, ...] = (20, 20, 20)
    then: tuple[Event, ...] = ()

    def game(self) -> DayNight:
        game = DayNight.from_position(3, cells=self.cells, ups=self.ups, hands_up=self.hands_up,
                                      hands=[self.hand, 5, 5], drawing=self.drawing, decks=self.decks,
                                      compasses=self.compasses, start=self.start)
        for event in self.then:
            assert game.play(event).legal
        return game


def up(card: str, at: str, half: str = "day", player: int | None = None) -> Play:
    """An island card laid with ``half`` up."""
    return Play(card, at, up=half, player=player)


T19_CASES = [
    # The half up must be the hands' (T19), checked after the cell and before T2 (T21).
    case(SkyPos({"f1": 3}), up("5", "a2"), ok(2), "rulebook-example-day-up"),
    case(SkyPos({"f1": 3}), up("5", "a2", "night"), no("T19"), "night-up-while-hands-day"),
    case(SkyPos({"f1": 3}, hands_up="night"), up("5", "a2", "night"), ok(2), "night-up-hands-night"),
    case(SkyPos({"f1": 3}, hands_up="night"), up("5", "a2"), no("T19"), "day-up-hands-night"),
    case(SkyPos(), up("5", "b1"), ok(0), "day-up-in-a-night-row-is-laid"),
    case(SkyPos(hands_up="night"), up("10", "f6", "night"), no("T3"), "night-up-in-a-day-row-then-t3"),
    case(SkyPos(hands_up="night"), up("75", "f6", "night"), ok(0), "night-up-in-a-day-row-is-laid"),
    case(SkyPos({"a1": 31}), up("27", "b1", "night"), no("T19"), "half-before-order"),
    case(SkyPos({"a1": 31}), up("27", "b1"), no("T2"), "order-with-the-right-half"),
    case(SkyPos({"a1": 31}), up("40", "a1", "night"), no("C3"), "cell-taken-before-half"),
    case(SkyPos({"a1": 10}, hand=2), up("14", "b1"), no("T5"), "t5-unchanged"),
    case(SkyPos(), Play("start", "start", up="night"), no("T6"), "start-again-any-half"),
    case(SkyPos(start=False), Play("start", "start", up="night"), ok(0), "start-any-half"),
    case(SkyPos(start=False), Play("start", "start"), ok(0), "start-no-half"),
    case(SkyPos(), up("40", "finish", "night"), no("T7"), "island-at-finish-corner"),
    # Turning a card (T19): any card of the grid, for one card.
    case(SkyPos({"c3": 20}, {"c3": "day"}), Rotate("c3"), ok(1), "rotate-a-wrong-card"),
    case(SkyPos({"c3": 20}, {"c3": "night"}), Rotate("c3"), ok(1), "rotate-a-well-turned-card"),
    case(SkyPos({"c3": 20}, hand=1), Rotate("c3"), ok(1), "rotate-with-one-card"),
    case(SkyPos({"c3": 20}), Rotate("c4"), no("T19"), "rotate-an-empty-cell"),
    case(SkyPos({"c3": 20}, start=True), Rotate("start"), no("T19"), "rotate-the-start-corner"),
    case(SkyPos(FULL, GOOD), Rotate("finish"), no("T19"), "rotate-the-finish-corner"),
    case(SkyPos({"c3": 20}), Rotate("c3", player=2), no("C1"), "rotate-out-of-turn"),
    # Compasses drawn (T19): by a seat that drew since the last action, six at most.
    case(SkyPos(drawing=(0, 1, 0)), Drawn(COMPASS, player=2), ok(0), "compass-in-a-draw-step"),
    case(SkyPos(drawing=(0, 1, 0)), Drawn(COMPASS, player=3), no("T19"), "compass-by-a-seat-that-drew-none"),
    case(SkyPos(drawing=(0, 1, 0), compasses=5), Drawn(COMPASS, player=2), ok(0), "sixth-compass"),
    case(SkyPos(drawing=(0, 1, 0), compasses=6), Drawn(COMPASS, player=2), no("G2"), "seventh-compass"),
    case(SkyPos(drawing=(0, 1, 0)), Drawn("storm-yellow", player=2), no("G2"), "no-storm-in-the-variant"),
    case(SkyPos(drawing=(0, 1, 0)), Drawn("27", player=2), no("G2"), "an-island-card-is-not-shown"),
    # Finish (T7, then T19): rows 4 to 6 day up, rows 1 to 3 night up.
    case(SkyPos(FULL, GOOD), Play("finish", "finish"), ok(0), "finish-well-turned"),
    case(SkyPos(FULL, GOOD), Play("finish", "finish", up="night"), ok(0), "finish-any-half"),
    case(SkyPos(FULL, {**GOOD, "f3": "day"}), Play("finish", "finish"), no("T19"), "finish-f3-day-up"),
    case(SkyPos(FULL, {**GOOD, "a4": "night"}), Play("finish", "finish"), no("T19"), "finish-a4-night-up"),
    case(SkyPos({n: v for n, v in FULL.items() if n != "f6"}, {**GOOD, "a1": "day"}),
         Play("finish", "finish"), no("T7"), "finish-t7-before-t19"),
    # Loss (T9): one card still turns a grid card.
    case(SkyPos({"c3": 20}, hand=1), DeclareLoss(), no("T9"), "loss-refused-one-card-and-a-grid-card"),
    case(SkyPos(hand=1), DeclareLoss(), ok(None), "loss-one-card-empty-grid"),
    case(SkyPos(), Discard(2), ok(None), "action-b"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T19_CASES))
def test_t19(position: SkyPos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_empty_hand_cannot_turn() -> None:
    # Unreachable through ``check`` (a seat with no card has lost, T9): the rule's own check.
    game = SkyPos({"c3": 20}, hand=0).game()
    assert game.check(Rotate("c3")).rule == "C4"
    assert game._check_rotate(Rotate("c3")).rule == "T19"


def test_messages() -> None:
    game = SkyPos({"f1": 3}).game()
    ruling = game.check(up("5", "a2", "night"))
    assert ruling.message_fr == (
        "5 en a2 est posée côté nuit vers le haut, mais les mains sont tournées côté jour")
    wrong = SkyPos(FULL, {**GOOD, "f3": "day", "a5": "night"}).game().check(Play("finish", "finish"))
    assert wrong.message_en == (
        "the Finish card needs rows 4 to 6 day up and rows 1 to 3 night up: 18 at f3 is day up, 2 cards "
        "to turn")
    drawn = SkyPos(drawing=(1, 0, 0)).game().check(Drawn(COMPASS, player=1))
    assert drawn.message_en.startswith("compass drawn by seat 1: every hand turns night up")


def test_missing_half_is_asked() -> None:
    """An island play without ``up`` is a reading to check (G2): nothing changes, nothing is flagged."""
    game = SkyPos({"f1": 3}).game()
    before = game._save()
    with pytest.raises(AmbiguousReading):
        game.play(Play("5", "a2"))
    ruling = rule_on(game, event_from_json({"type": "play", "card": "5", "at": "a2"}))
    assert (ruling.legal, ruling.rule) == (False, "G2")
    assert ruling.message_en.startswith("which half of 5 at a2 points up")
    assert game._save() == before and game.flagged == ()
    assert game.play(Play("finish", "finish")).rule == "T7"  # Start and Finish need no half


@pytest.mark.parametrize("line", [
    {"type": "drawn", "card": "compass"},
    {"type": "drawn", "card": "compass", "player": 1, "row": 2},
    {"type": "drawn", "card": "compass", "player": 1, "compass": True},
    {"type": "drawn", "card": "wind", "player": 1},
    {"type": "rotate", "at": "g9"},
])
def test_malformed_lines(line: dict[str, object]) -> None:
    game = SkyPos(drawing=(1, 1, 1)).game()
    with pytest.raises(MalformedInput):
        game.play(event_from_json(line))


def test_compass_turns_the_hands_and_replaces_itself() -> None:
    game = Tranquility(3, {"variant": "day_night"})
    assert type(game) is DayNight and game.hands_up == "day" and game.drawing == [5, 5, 5]
    # Setup hands: any seat may show a compass before the first action.
    assert game.play(Drawn(COMPASS, player=3)).legal
    assert (game.hands_up, game.hands[2], game.decks[2], game.compasses) == ("night", 5, 26, 1)
    assert game.play(up("40", "c3", "night")).legal
    assert game.drawing == [1, 5, 5] and game.turn == 2 and game.decks[0] == 25
    assert game.play(Drawn(COMPASS, player=1)).legal  # the card seat 1 drew
    assert game.play(Drawn(COMPASS, player=1)).legal  # and the card drawn in its place
    assert (game.hands_up, game.hands[0], game.decks[0], game.drawing) == ("night", 5, 23, [1, 5, 5])
    state = game.state_json()
    assert (state["hands_up"], state["up"], state["compasses_drawn"]) == ("night", {"c3": "night"}, 3)
    assert game.check(up("41", "d3", player=2)).rule == "T19"
    # Undo brings the compass back, the hands' half with it.
    assert game.play(Undo()).legal
    assert (game.hands_up, game.compasses, game.decks[0]) == ("day", 2, 24)
    assert game.check(up("41", "d3", player=2)).legal


def test_compass_comes_out_of_its_drawers_latest_draw_step() -> None:
    """Told late, a compass is still taken (the hands turn then); once its drawer drew again, only
    that new draw step can hold one."""
    game = SkyPos(drawing=(0, 2, 0), decks=(0, 20, 20)).game()
    assert game.play(Discard(2)).legal  # seat 1 draws nothing: its deck is empty
    assert game.drawing == [0, 2, 0]
    assert game.check(Drawn(COMPASS, player=1)).rule == "T19"
    assert game.play(Drawn(COMPASS, player=2)).legal  # seat 2's draw step, before seat 1 acted
    assert game.play(Discard(2)).legal
    assert game.drawing == [0, 2, 0] and game.check(Drawn(COMPASS, player=2)).legal


def test_compass_with_an_empty_deck_is_not_replaced() -> None:
    game = SkyPos(drawing=(0, 1, 0), decks=(20, 0, 20)).game()
    assert game.play(Drawn(COMPASS, player=2)).legal
    assert (game.hands[1], game.decks[1], game.drawing) == (4, 0, [0, 0, 0])
    assert game.check(Drawn(COMPASS, player=2)).rule == "T19"


def test_two_players_show_compasses_before_the_start_split() -> None:
    game = DayNight.from_position(2, hands=[5, 5], decks=[40, 41])
    assert game.play(Play("start", "start")).legal
    assert game.drawing == [2, 2] and game.hands == [6, 7]
    assert game.play(Drawn(COMPASS, player=2)).legal  # one of the 2 extra cards
    assert game.play(Rotate("a1")).rule == "T6"
    assert game.play(StartDiscards.of({1: 4, 2: 4})).legal
    assert game.drawing == [3, 2]  # the refill is a new draw step
    assert game.play(Drawn(COMPASS, player=1)).legal


def test_rotate_applies() -> None:
    game = SkyPos({"c3": 20}, {"c3": "day"}, hand=3, decks=(1, 20, 20)).game()
    assert game.play(Rotate("c3")).legal
    assert (game.ups[game.BOARD.index["c3"]], game.hands[0], game.discards[0], game.decks[0]) == (
        "night", 3, 1, 0)
    assert game.turn == 2 and game.drawing == [1, 0, 0]


def test_override_keeps_the_half() -> None:
    game = SkyPos({"a1": 31}, hands_up="night").game()
    assert game.play(up("27", "b1", "night")).rule == "T2"
    assert game.play(Override()).legal
    assert game.state_json()["up"] == {"a1": "day", "b1": "night"}
    game = SkyPos({"a1": 31}).game()
    assert game.play(up("27", "b1", "night")).rule == "T19"
    assert game.play(Override()).rule == "G5"  # T19 is taken back, never overridden (T21)
    assert game.play(TakeBack("b1")).legal


def test_loss() -> None:
    assert SkyPos({"c3": 20}, hand=1).game().outcome() is None
    assert SkyPos({"c3": 20}, hand=0).game().outcome() is not None
    assert SkyPos(FULL, GOOD, hand=1).game().outcome() is None


@pytest.mark.parametrize(("players", "removed", "hands", "decks"), [
    (1, 0, [5], [87]), (3, 0, [5, 5, 5], [26, 26, 27]), (5, 12, [5] * 5, [11, 12, 12, 12, 12]),
])
def test_deal(players: int, removed: int, hands: list[int], decks: list[int]) -> None:
    game = Tranquility(players, {"variant": "day_night", "removed": removed})
    assert (game.hands, game.decks) == (hands, decks)
    assert game.options["variant"] == "day_night"


def test_header_decks() -> None:
    assert Tranquility(3, {"variant": "day_night"}, decks=[30, 30, 31]).decks == [26, 26, 27]
    with pytest.raises(MalformedInput):
        Tranquility(3, {"variant": "day_night"}, decks=[28, 28, 29])


def test_controls() -> None:
    game = SkyPos({"c3": 20}, drawing=(0, 2, 0)).game()
    lines = [control.line for control in game.controls()]
    assert {"type": "drawn", "card": COMPASS, "player": 2} in lines
    assert {"type": "rotate", "player": 1} in lines
    for control in game.controls():
        answers = {ask.field: ask.choices[0] for ask in control.ask}
        event = event_from_json({**control.line, **answers})
        assert game.check(event).legal
    assert SkyPos(compasses=6, drawing=(1, 1, 1)).game().controls() == []


def test_legal_placements_carry_the_half() -> None:
    game = SkyPos({"c3": 20}, hands_up="night").game()
    plays = list(game.placements())
    assert plays and all(p.up == "night" for p in plays if p.card not in (START, FINISH))
    assert all(p in game.legal_placements for p in plays[:20])
    assert Play("finish", "finish") not in set(SkyPos(FULL, {**GOOD, "a1": "day"}).game().placements())
    assert Play("finish", "finish") in set(SkyPos(FULL, GOOD).game().placements())


# -- self-play ------------------------------------------------------------------------


@cache
def every_card(players: int) -> Counter[str]:
    """Every card of a Jour et nuit game: island, Finish, the 6 compasses, a Start card a seat."""
    return Counter({**{str(v): 1 for v in range(1, 81)}, FINISH: FINISH_CARDS, COMPASS: 6, START: players})


def check_table(sim: SelfPlay) -> None:
    """Counts never below zero and equal to the cards held; every card in one place (the compasses
    drawn out of the game); the grid ascending unless an override broke it; the hands' half is the
    one the compasses drawn give."""
    game = sim.game
    assert isinstance(game, DayNight)
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
    gone = getattr(sim, "gone", [])
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed, gone):
        places.update(pile)
    places.update(str(v) for v in game.cells if v)
    places.update([START] * game.start_played + [FINISH] * game.finish_played)
    assert places == every_card(game.players)
    assert game.compasses == len(gone) and game.hands_up == ("night" if len(gone) % 2 else "day")
    if game.outcome() is None:
        assert not any(COMPASS in hand for hand in sim.hands)
    assert all(bool(value) == bool(half) for value, half in zip(game.cells, game.ups, strict=True))
    if not sim.overrides:
        placed = [v for v in game.cells if v]
        assert placed == sorted(placed)


@pytest.mark.parametrize("chunk", range(max(1, GAMES // CHUNK)))
def test_self_play_invariants(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        rng = random.Random(seed)
        options = {"variant": "day_night", "removed": rng.choice([0, 0, 4, 12])}
        policy = rng.choice(["random", "greedy", "greedy"])
        sim = SelfPlay(rng.randint(1, 5), rng, options=options, policy=policy,
                       mistakes=rng.choice([0.0, 0.1, 0.3]))
        assert type(sim).__name__ == "DayNightSelfPlay"
        outcomes[play_out(sim, check_table, 1000).result] += 1
    assert set(outcomes) <= {"won", "lost"} and outcomes["lost"] > 0


def test_greedy_self_play_wins_some() -> None:
    """Greedy play turns its cards and reaches the island now and then (T7 and T19 both met)."""
    results = []
    for seed in range(10):
        sim = SelfPlay(3, random.Random(seed), options=DAY_NIGHT, policy="greedy")
        sim.run()
        outcome = sim.game.outcome()
        assert outcome is not None
        results.append(outcome.result)
    assert "won" in results and "lost" in results


def test_trusted_and_checked_paths_agree() -> None:
    for seed in range(3):
        fast = SelfPlay(3, random.Random(seed), options=DAY_NIGHT, checked=False, policy="greedy")
        fast.run()
        checked = SelfPlay(3, random.Random(seed), options=DAY_NIGHT, policy="greedy")
        checked.run()
        assert fast.events == checked.events and fast.game._save() == checked.game._save()


def test_self_play_meets_the_refusals_of_t19() -> None:
    """Mistakes put the ruling's refusals in records: the wrong half, a cell turned where none lies."""
    seen: set[str] = set()
    for seed in range(3):
        sim = SelfPlay(3, random.Random(seed), options=DAY_NIGHT, policy="greedy", mistakes=0.3)
        sim.run()
        text = io.StringIO()
        write_record(text, sim.header, sim.events)
        text.seek(0)
        seen |= {step.ruling.text.key for step in Replay(text) if not step.ruling.legal}
    assert {"dn_wrong_up", "dn_rotate_empty"} <= seen


def test_golden_game_shows_the_ruling(golden: Path) -> None:
    """The golden Jour et nuit game: compasses, cards turned, halves refused, the Finish card refused
    for a card wrongly turned then won."""
    lines = (golden / "tranquility-day-night.jsonl").read_text().splitlines()[1:]
    text = (golden / "tranquility-day-night.rulings.jsonl").read_text(encoding="utf-8")
    rulings = [json.loads(line) for line in text.splitlines()]
    assert {"drawn", "rotate", "override", "undo"} <= {json.loads(line)["type"] for line in lines}
    refused = {r["rule"] for r in rulings[:-1] if not r["legal"]}
    assert {"T19", "T2", "C1"} <= refused
    assert any(r["message_en"].startswith("the Finish card needs rows 4 to 6") for r in rulings[:-1])
    state = rulings[-1]["state"]
    assert rulings[-1]["outcome"] == "won" and state["compasses_drawn"] == 6 and len(state["up"]) == 36


def test_the_camera_sees_each_card_with_its_half_up_and_the_corners_laid() -> None:
    game = DayNight.from_position(cells={"a1": 4, "b2": 20}, ups={"b2": "night"}, start=True, hands=[5, 5, 5])
    assert game.lying() == {"a1": ("4", "day"), "b2": ("20", "night"), START: (START, "")}
    assert game.covered() == {}
    base = Tranquility.from_position(cells={"a1": 4})
    assert base.lying() == {"a1": ("4", "")}
