"""L'Ascension: 10,000 random self-play games checking invariants after every turn,
and the fast paths (``legal_slots``, the legal view) against :meth:`check`."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from companion.engine.events import Play
from companion.games.ascension.events import Campfire
from companion.games.ascension.pyramid import CARDS, LEFT, ROW_COL, ROW_SLOTS, SLOTS, SUMMIT, SUPPORT
from companion.games.ascension.rules import Ascension
from companion.games.ascension.selfplay import AscensionSelfPlay
from tests.companion.selfplay_checks import play_out

GAMES = 10_000
CHUNKS = 20
SEQUENCES = [[3, 4, 3], [9, 8, 7], [5, 6], [2, 3], [7, 7]]


def random_options(rng: random.Random, players: int) -> dict[str, object]:
    options: dict[str, object] = {
        "bridges": rng.choice([3, 3, 4, 5]),
        "campfire_move_pays_cost": rng.random() < 0.8,
        "green_path": rng.random() < 0.3,
        "documentary": SEQUENCES[: rng.choice([0, 0, 3, 4, 5])],
        "fauna": rng.random() < 0.5,
    }
    if players == 1:
        options["grapples"] = rng.choice([0, 1, 2, 3])
    return options


@cache
def every_card(bridges: int) -> Counter[str]:
    """Every card of a game with ``bridges`` Ponts, once each (built once: it is checked every turn)."""
    expected = Counter({"summit": 5, "bridge": bridges, "campfire-g": 1, "campfire-s": 1, "campfire-r": 1})
    for value in range(1, 13):
        for terrain in "gsr":
            for copy in (0, 1):
                name = f"{value}{terrain}" + ("+ibex" if copy == 0 and terrain == "gsr"[value % 3] else "")
                expected[name] += 1
    return expected


def check_table(sim: AscensionSelfPlay) -> None:
    game = sim.game
    for seat in range(game.players):
        counts = (game.decks[seat], game.hands[seat], game.discards[seat])
        assert min(counts) >= 0
        assert counts == (len(sim.decks[seat]), len(sim.hands[seat]), len(sim.discards[seat]))
    places: Counter[str] = Counter()
    for pile in (*sim.decks, *sim.hands, *sim.discards, sim.removed):
        places.update(pile)
    places.update(card.name for card in game.cards if card is not None)
    places.update(["bridge"] * sum(game.bridged) + ["summit"] * game.summit)
    bridges = game.options["bridges"]
    assert isinstance(bridges, int)
    assert places == every_card(bridges)
    # The shape of the mountain: rows fill from the left, every card rests on two.
    for row in range(1, 9):
        filled = [game.cards[i] is not None for i in ROW_SLOTS[row]]
        assert filled == sorted(filled, reverse=True)
    for i, card in enumerate(game.cards):
        if card is not None:
            assert all(game.cards[j] is not None for j in SUPPORT[i])
            if not sim.overrides and card.kind == "versant":
                assert ROW_COL[i][0] <= card.value
                left = game.cards[LEFT[i]] if LEFT[i] >= 0 else None
                assert left is None or left.terrain != card.terrain
    placed_icons = sum(1 for c in game.cards if c is not None and c.ibex)
    assert sum(game.ibex) <= (placed_icons if game.fauna else 0)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_self_play_invariants(chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    per_chunk = GAMES // CHUNKS
    for index in range(per_chunk):
        rng = random.Random(1_000_000 + chunk * per_chunk + index)
        players = rng.randint(1, 5)
        sim = AscensionSelfPlay(players, rng, options=random_options(rng, players),
                                policy=rng.choice(["random", "greedy"]),
                                mistakes=rng.choice([0.0, 0.1, 0.3]))
        outcomes[play_out(sim, check_table, 1000).result] += 1
    assert outcomes["lost"] > 0


def positions(count: int, seed: int) -> list[Ascension]:
    rng = random.Random(seed)
    found: list[Ascension] = []
    while len(found) < count:
        players = rng.randint(1, 5)
        sim = AscensionSelfPlay(players, rng, options=random_options(rng, players), policy="greedy",
                                mistakes=0.2)
        events = sim.run()
        game = sim.header.new_game()
        assert isinstance(game, Ascension)
        for event in events[: rng.randrange(len(events))]:
            game.play(event)
        if not game.flagged and game.outcome() is None:
            found.append(game)
    return found


def test_fast_paths_agree_with_check() -> None:
    names = [name for name, card in CARDS.items() if card.kind in ("versant", "bridge", "summit")]
    for game in positions(30, 7):
        fast = {(CARDS[name].name, SLOTS[i]) for name in names if CARDS[name].kind != "summit"
                for i, _ in game.legal_slots(CARDS[name])}
        checked = set()
        for name in names:
            for slot in [*SLOTS, SUMMIT]:
                ruling = game.check(Play(name, slot))
                if ruling.legal:
                    checked.add((name, slot))
                    if slot != SUMMIT:
                        cost = dict(game.legal_slots(CARDS[name]))[SLOTS.index(slot)]
                        assert cost == ruling.discard
        assert fast == {pair for pair in checked if pair[1] != SUMMIT}
        view = {(play.card, play.at) for play in game.legal_placements}
        assert view == checked
        generated = set(game.campfires())
        for terrain in "gsr":
            for at in SLOTS:
                for move_to in SLOTS:
                    event = Campfire(f"campfire-{terrain}", at, move_to)
                    assert game.check(event).legal == (event in generated)
