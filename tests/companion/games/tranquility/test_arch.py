"""La Grande Arche (ruling T17): the layout's three sequences, the free pillars of phase 1, the roof
of phase 2, T3 across sequences, the deal without Start cards, the Finish card, the loss (T9),
undo, and self-play games keeping their invariants.

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

from companion.engine.events import DeclareLoss, Discard, Event, Override, Play, TakeBack, Undo
from companion.engine.record import Replay, write_record
from companion.engine.ruling import Termination
from companion.errors import MalformedInput
from companion.games.tranquility.arch import Arch
from companion.games.tranquility.board import ARCH, PILLARS
from companion.games.tranquility.rules import FINISH, FINISH_CARDS, Tranquility
from companion.games.tranquility.selfplay import SelfPlay
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params
from tests.companion.selfplay_checks import play_out

GAMES = int(os.environ.get("TQ_GAMES", "100"))
CHUNK = 50

#: Both pillars full: the left holds 1 to 6, the right 7 to 12 (phase 2 begins).
PILLARS_FULL = {name: n + 1 for n, name in enumerate(ARCH.cells[:PILLARS])}
#: Every cell full, 1 to 40 in sequence order.
FULL = {name: n + 1 for n, name in enumerate(ARCH.cells)}


@dataclass(frozen=True)
class ArchPos:
    """A position of La Grande Arche: the cells and the active seat's hand (seat 1 of 3)."""

    cells: Mapping[str, int] = field(default_factory=dict)
    hand: int = 5
    then: tuple[Event, ...] = ()

    def game(self) -> Arch:
        game = Arch.from_position(3, cells=self.cells, hands=[self.hand, 5, 5])
        assert isinstance(game, Arch)
        for event in self.then:
            assert game.play(event).legal
        return game


def roof(cells: Mapping[str, int]) -> dict[str, int]:
    """Both pillars full (1 to 12) and ``cells`` on the roof."""
    return {**PILLARS_FULL, **cells}


# -- the ruling, point by point -------------------------------------------------

T17_CASES = [
    # Phase 1: pillar cells only, free; T2 and T3 hold in each pillar on its own.
    case(ArchPos({"a1": 10}), Play("30", "b1"), ok(0), "pillar-card-costs-nothing"),
    case(ArchPos({"a1": 10}, hand=1), Play("40", "b1"), ok(0), "pillar-card-no-t5-with-one-card"),
    case(ArchPos(), Play("75", "a1"), ok(0), "first-pillar-cell-leaves-five-numbers"),
    case(ArchPos(), Play("76", "a1"), no("T3"), "first-pillar-cell-too-high"),
    case(ArchPos(), Play("5", "b3"), no("T3"), "last-left-pillar-cell-too-low"),
    case(ArchPos(), Play("6", "b3"), ok(0), "last-left-pillar-cell-lowest"),
    case(ArchPos(), Play("6", "g3"), ok(0), "last-right-pillar-cell-lowest"),
    case(ArchPos({"a1": 30}), Play("20", "b1"), no("T2"), "order-in-the-left-pillar"),
    case(ArchPos({"f1": 30}), Play("40", "g3"), ok(0), "order-in-the-right-pillar"),
    case(ArchPos({"a1": 30}), Play("20", "f1"), ok(0), "no-order-between-the-pillars"),
    case(ArchPos({"b3": 5}), Play("70", "f1"), ok(0), "right-pillar-independent-of-left"),
    case(ArchPos({"a1": 10}), Play("10", "b1"), no("T2"), "same-number-same-pillar-is-t2"),
    case(ArchPos({"a1": 10}), Play("10", "f1"), no("G2"), "same-number-other-pillar-is-a-misreading"),
    # Phase 1: no roof, no cell outside the layout, no Start card.
    case(ArchPos(), Play("50", "a4"), no("T17"), "roof-in-phase-1"),
    case(ArchPos({n: v for n, v in PILLARS_FULL.items() if n != "g3"}), Play("50", "g7"), no("T17"),
         "roof-with-one-pillar-cell-empty"),
    case(ArchPos(), Play("50", "d2"), no("T17"), "opening-d2"),
    case(ArchPos(), Play("50", "c1"), no("T17"), "opening-c1"),
    case(ArchPos(roof({})), Play("50", "e3"), no("T17"), "opening-e3-in-phase-2"),
    case(ArchPos(), Play("50", "start"), no("T17"), "no-start-corner"),
    case(ArchPos(), Play("start", "start"), no("T17"), "no-start-card"),
    case(ArchPos(roof({})), Play("finish", "d1"), no("T17"), "finish-in-the-opening"),
    case(ArchPos({"a1": 10}), Play("monster", "b1"), no("C6"), "expansion-card"),
    # Phase 2: the roof under T1 to T5, a pillar cell taken.
    case(ArchPos(roof({"a4": 20})), Play("23", "b4"), ok(3), "roof-cost-t4"),
    case(ArchPos(roof({"g4": 30})), Play("33", "a5"), ok(3), "roof-g4-a5-adjacent"),
    case(ArchPos(roof({"a5": 33})), Play("30", "g4"), ok(3), "roof-a5-g4-adjacent-backwards"),
    case(ArchPos(roof({"a4": 20})), Play("40", "a5"), ok(0), "roof-above-not-adjacent"),
    case(ArchPos(roof({"a4": 20}), hand=3), Play("24", "b4"), no("T5"), "roof-t5"),
    case(ArchPos(roof({"a4": 20})), Play("19", "b4"), no("T2"), "roof-t2"),
    case(ArchPos(roof({})), Play("40", "a1"), no("C3"), "pillar-cell-taken-in-phase-2"),
    case(ArchPos(roof({"b4": 30})), Play("6", "a4"), no("G2"), "roof-number-on-a-pillar"),
    # T3 counts the numbers not lying in another sequence.
    case(ArchPos(roof({})), Play("13", "b4"), no("T3"), "roof-room-before-1-to-12-on-the-pillars"),
    case(ArchPos(roof({})), Play("14", "b4"), ok(0), "roof-room-before-13"),
    case(ArchPos(roof({})), Play("39", "a4"), ok(0), "roof-first-cell-leaves-41-numbers"),
    case(ArchPos(roof({})), Play("54", "a4"), no("T3"), "roof-first-cell-leaves-26-numbers"),
    case(ArchPos({"a1": 10, "f1": 11, "g1": 12}), Play("13", "a2"), no("T3"),
         "pillar-gap-whose-numbers-lie-in-the-other-pillar"),
    case(ArchPos({"a1": 10, "f1": 11, "g1": 12}), Play("14", "a2"), ok(0), "pillar-gap-one-number-left"),
    # ... and a card may not take the last numbers another sequence's gap needs.
    case(ArchPos({"a1": 10, "a2": 13, "f1": 11}), Play("12", "g1"), no("T3"),
         "takes-the-last-number-of-the-other-pillars-gap"),
    case(ArchPos({"a1": 10, "a2": 13, "f1": 11}), Play("14", "g1"), ok(0), "outside-the-other-gap"),
    case(ArchPos({"a1": 10, "b2": 13, "f1": 11}), Play("12", "g1"), ok(0), "other-gap-already-short"),
    case(ArchPos(roof({"a4": 13, "c4": 20})), Play("49", "b4"), no("T2"), "roof-order-first"),
    # Finish (T7): all 40 cells.
    case(ArchPos(FULL), Play("finish", "finish"), ok(0), "finish-on-a-full-arch"),
    case(ArchPos({n: v for n, v in FULL.items() if n != "g7"}), Play("finish", "finish"), no("T7"),
         "finish-with-g7-empty"),
    case(ArchPos(FULL), Play("finish", "a4"), no("T7"), "finish-elsewhere"),
    case(ArchPos(FULL), Play("40", "finish"), no("T7"), "island-at-finish"),
    # Action B as usual.
    case(ArchPos(), Discard(2), ok(None), "action-b"),
    case(ArchPos(hand=1), Discard(2), no("C2"), "action-b-one-card"),
    case(ArchPos(), DeclareLoss(), no("T9"), "loss-with-five-cards"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(T17_CASES))
def test_t17(position: ArchPos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_messages_name_the_ruling() -> None:
    game = ArchPos({"a1": 10, "a2": 13, "f1": 11}).game()
    assert game.check(Play("12", "g1")).message_en == (
        "12 at g1 takes a number the left pillar needs: 1 empty cells from b1 to b1 but only 0 numbers "
        "left to fill them")
    assert game.check(Play("12", "g1")).message_fr.startswith("12 en g1 prend un nombre dont le pilier")
    assert game.check(Play("50", "d2")).message_en == (
        "50 cannot go to d2: it is not a cell of the Grande Arche")
    assert ArchPos(roof({})).game().check(Play("13", "b4")).message_en == (
        "13 at b4 leaves 1 cell before it but only 0 smaller numbers")
    early = ArchPos({n: v for n, v in FULL.items() if n != "g7"}).game().check(Play("finish", "finish"))
    assert early.message_en == "the Finish card needs all 40 cells of the Grande Arche filled: 1 still empty"


def test_unknown_cells_stay_malformed() -> None:
    game = ArchPos().game()
    for at in ("h1", "a8", "g0"):
        with pytest.raises(MalformedInput):
            game.play(Play("40", at))


def test_opening_cards_are_flagged_and_taken_back() -> None:
    game = ArchPos().game()
    assert game.play(Play("50", "d2")).rule == "T17"
    assert game.play(Override()).rule == "G5"  # T17 is not overridable (T21)
    assert game.play(TakeBack("d2")).legal
    assert game.flagged == ()


def test_pillar_override_pays_nothing() -> None:
    game = ArchPos({"a1": 30}).game()
    assert game.play(Play("20", "b1")).rule == "T2"
    ruling = game.play(Override())
    assert (ruling.legal, ruling.discard) == (True, 0)
    assert game.discards == [0, 0, 0] and game.hands[0] == 5 and not game.ascending


# -- legal cells, phases, deal, outcome -------------------------------------------------


def test_legal_cells_agree_with_the_checked_path() -> None:
    """The fast search yields exactly the cells the checked path accepts, in both phases."""
    rng = random.Random(17)
    for _ in range(20):
        full = rng.random() < 0.5
        values = rng.sample(range(13, 81), 40) if full else rng.sample(range(1, 81), 40)
        cells = dict(PILLARS_FULL) if full else {}
        for name in rng.sample(ARCH.cells[PILLARS:] if full else ARCH.cells[:PILLARS], rng.randint(0, 8)):
            cells[name] = values.pop()
        game = Arch.from_position(3, cells=cells, hands=[rng.randint(1, 5), 5, 5])
        for value in rng.sample(range(1, 81), 20):
            fast = set(game.legal_cells(value))
            slow = {(name, game.check(Play(str(value), name)).discard) for name in ARCH.cells
                    if game.check(Play(str(value), name)).legal}
            assert fast == slow, (cells, value)


def test_phases_and_state() -> None:
    game = ArchPos().game()
    assert game.state_json()["phase"] == 1 and game.state_json()["start"] is False
    assert {play.at for play in game.placements()} <= set(ARCH.cells[:PILLARS])
    assert not any(play.card == "start" for play in game.placements())
    game = ArchPos(roof({})).game()
    assert game.state_json()["phase"] == 2
    assert {play.at for play in game.placements()} <= set(ARCH.cells[PILLARS:])


@pytest.mark.parametrize(("players", "removed", "decks"), [
    (1, 0, [80]), (2, 0, [37, 38]), (3, 0, [23, 23, 24]), (5, 12, [9, 9, 10, 10, 10]),
])
def test_deal_holds_no_start_card(players: int, removed: int, decks: list[int]) -> None:
    game = Tranquility(players, {"variant": "arch", "removed": removed})
    assert type(game) is Arch and game.options["variant"] == "arch"
    assert game.hands == [5] * players and game.decks == decks


def test_header_decks_and_variant() -> None:
    game = Tranquility(3, {"variant": "arch"}, decks=[28, 28, 29])
    assert game.decks == [23, 23, 24]
    with pytest.raises(MalformedInput):
        Tranquility(3, {"variant": "arch"}, decks=[28, 28, 30])
    assert Arch(2).options["variant"] == "arch"


def test_loss_is_proved_from_counts() -> None:
    # Phase 2, every empty roof cell beside a card: one card costs at least 1 anywhere.
    every_other = {name: 13 + 2 * n for n, name in enumerate(ARCH.cells[PILLARS:]) if n % 2 == 0}
    lost = ArchPos(roof(every_other), hand=1).game().outcome()
    assert lost is not None and lost.termination is Termination.NO_ACTION
    assert ArchPos(roof(every_other), hand=2).game().outcome() is None
    # Phase 1: a pillar card is free, so one card is no proof.
    assert ArchPos({"a1": 10}, hand=1).game().outcome() is None
    # A full arch: the one card may be a Finish card.
    assert ArchPos(FULL, hand=1).game().outcome() is None
    assert ArchPos(hand=0).game().outcome() is not None
    assert ArchPos(roof(every_other), hand=1).game().check(Play("finish", "finish")).rule == "C4"


def test_undo_restores_the_tables() -> None:
    """T3 across sequences reads tables kept per state: after an undo they are the old ones."""
    game = ArchPos({"a1": 10, "a2": 13}).game()
    before = game._save()
    assert game.check(Play("12", "g1", player=1)).legal
    assert game.play(Play("11", "f1")).legal
    assert game.check(Play("12", "g1", player=2)).rule == "T3"
    assert game.play(Undo()).legal
    assert game._save() == before
    assert game.check(Play("12", "g1", player=1)).legal


# -- self-play ------------------------------------------------------------------------


@cache
def every_card() -> Counter[str]:
    """Every card of a Grande Arche game: the island cards and the Finish cards, no Start card."""
    return Counter({**{str(v): 1 for v in range(1, 81)}, FINISH: FINISH_CARDS})


def check_table(sim: SelfPlay) -> None:
    """Counts never below zero and equal to the cards held; every card in one place; each sequence
    ascending unless an override broke it."""
    game = sim.game
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed):
        places.update(pile)
    places.update(str(v) for v in game.cells if v)
    places.update([FINISH] * game.finish_played)
    assert places == every_card()
    if not sim.overrides:
        for lo, hi in ARCH.spans:
            placed = [v for v in game.cells[lo:hi] if v]
            assert placed == sorted(placed) and len(set(placed)) == len(placed)
    assert game.start_played is False


@pytest.mark.parametrize("chunk", range(max(1, GAMES // CHUNK)))
def test_self_play_invariants(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        rng = random.Random(seed)
        options = {"variant": "arch", "removed": rng.choice([0, 0, 4, 12])}
        sim = SelfPlay(rng.randint(1, 5), rng, options=options,
                       policy=rng.choice(["random", "greedy"]), mistakes=rng.choice([0.0, 0.1, 0.3]))
        assert type(sim).__name__ == "ArchSelfPlay"
        outcomes[play_out(sim, check_table, 1000).result] += 1
    assert outcomes["won"] > 0 and outcomes["lost"] > 0


def test_trusted_and_checked_paths_agree() -> None:
    for seed in range(3):
        fast = SelfPlay(3, random.Random(seed), options={"variant": "arch"}, checked=False, policy="greedy")
        fast.run()
        checked = SelfPlay(3, random.Random(seed), options={"variant": "arch"}, policy="greedy")
        checked.run()
        assert fast.events == checked.events and fast.game._save() == checked.game._save()


def test_self_play_meets_every_refusal_of_t17() -> None:
    """Mistakes put the ruling's refusals in records: the roof early, the opening."""
    seen: set[str] = set()
    for seed in range(3):
        sim = SelfPlay(3, random.Random(seed), options={"variant": "arch"}, policy="greedy", mistakes=0.3)
        sim.run()
        text = io.StringIO()
        write_record(text, sim.header, sim.events)
        text.seek(0)
        seen |= {step.ruling.text.key for step in Replay(text) if not step.ruling.legal}
    assert {"arch_roof_early", "arch_outside"} <= seen


def test_golden_game_shows_the_ruling(golden: Path) -> None:
    """The golden Grande Arche game: free pillar cards, the roof early and the opening refused, won."""
    text = (golden / "tranquility-arch.rulings.jsonl").read_text(encoding="utf-8")
    rulings = [json.loads(line) for line in text.splitlines()]
    refused = {r["rule"] for r in rulings[:-1] if not r["legal"]}
    assert {"T17", "T2", "C1"} <= refused
    assert any(r["message_en"].endswith("a pillar card costs nothing") for r in rulings[:-1])
    assert rulings[-1]["outcome"] == "won" and rulings[-1]["state"]["phase"] == 2
