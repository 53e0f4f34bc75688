"""Whole attempts dealt and played at random through the checked path: honest play is never
refused, every task ends as an independent reading of the attempt says, undo restores exactly."""

from __future__ import annotations

import random

import pytest

from companion.engine.events import Play, Undo
from companion.games.crew.events import TakeTask
from companion.games.crew.facts import DECK, colour_of
from companion.games.crew.rules import Crew
from companion.games.crew.tasks import DIFFICULTY, NOT_FOR_COMMANDER, PREDICTED

from .test_tasks import final

TASKS = sorted(set(DIFFICULTY) - PREDICTED)


@pytest.mark.parametrize("seed", range(60))
def test_an_honest_attempt_is_refereed_to_the_end(seed: int) -> None:
    rng = random.Random(seed)
    seats = 3 + seed % 3
    deck = sorted(DECK)
    rng.shuffle(deck)
    hands = [set(deck[k::seats]) for k in range(seats)]
    commander = next(k for k, hand in enumerate(hands) if "sub-4" in hand)
    tasks = rng.sample(TASKS, rng.randint(1, 6))
    game = Crew(seats, {"breach": "note"}, commander=commander + 1, tasks=tasks)
    left = list(tasks)
    while game.assigning:
        seat = game.turn - 1
        choices = [task for task in left if not (seat == commander and task in NOT_FOR_COMMANDER)]
        task = rng.choice(choices) if choices else None
        assert game.play(TakeTask(task, player=seat + 1)).legal
        if task is not None:
            left.remove(task)
    snapshots = []
    while game.outcome() is None:
        seat = game.turn - 1
        led = game.led_suit()
        follow = sorted(card for card in hands[seat] if colour_of(card) == led)
        card = rng.choice(follow or sorted(hands[seat]))
        snapshots.append(game._save())
        ruling = game.play(Play(card, "", player=seat + 1))
        assert ruling.legal and ruling.rule is None, ruling.message_en
        hands[seat].discard(card)
    assert game.breaches == []
    outcome = game.outcome()
    # Decided as soon as a task failed or all were done, at the latest after the last trick (CR14).
    assert outcome is not None and len(game.history) <= game.tricks_in_game()
    for task, owner in game.owners.items():
        if task in game.statuses and len(game.history) == game.tricks_in_game():
            truth = final(task, owner, game.history, seats, commander, {})
            assert game.statuses[task] == truth, task
    won = all(game.statuses.get(task) == "DONE" for task in tasks)
    assert outcome.result == ("won" if won else "lost")
    for saved in reversed(snapshots):
        assert game.play(Undo()).legal
        assert game._save() == saved
