"""Tasks laid out to a mission's difficulty, and the pairs two seats cannot both meet (CR4)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from companion.games.crew.draw import clash, clashes, draw_tasks, total
from companion.games.crew.facts import DONE, Facts
from companion.games.crew.tasks import DIFFICULTY, status

from .test_tasks import random_attempt


@pytest.mark.parametrize(("target", "seats"), [(1, 3), (5, 4), (12, 5), (25, 3)])
def test_tasks_are_drawn_to_the_exact_difficulty_from_the_seed(target: int, seats: int) -> None:
    tasks = draw_tasks(target, seats, random.Random(target))
    assert total(tasks, seats) == target and len(set(tasks)) == len(tasks)
    assert draw_tasks(target, seats, random.Random(target)) == tasks  # the seed says which


def test_a_difficulty_no_draw_reaches_is_refused() -> None:
    with pytest.raises(ValueError):
        draw_tasks(10_000, 4, random.Random(0))


def test_with_avoid_pairs_a_pair_that_must_be_split_is_replaced_at_the_same_difficulty() -> None:
    replaced = 0
    for seed in range(300):
        plain = draw_tasks(10, 5, random.Random(seed))
        kept = draw_tasks(10, 5, random.Random(seed), avoid_pairs=True)
        assert total(kept, 5) == 10
        if clashes(plain) and len(plain) <= 5:
            replaced += 1
            assert not clashes(kept)
            assert sorted(total([t], 5) for t in plain) == sorted(total([t], 5) for t in kept)
        else:
            assert kept == plain  # no pair, or more tasks than seats: one seat may take both
    assert replaced > 0  # 5 draws of the 300 held a pair


def test_no_attempt_ever_meets_both_tasks_of_a_pair_for_two_seats() -> None:
    pairs = [(a, b) for a, b in combinations(sorted(DIFFICULTY), 2) if clash(a, b)]
    assert ("trick:first", "tricks:first-2") in pairs and ("tricks:most", "tricks:most-all") in pairs
    for seed in range(30):
        rng = random.Random(seed)
        seats = 3 + seed % 3
        tricks, commander = random_attempt(rng, seats)
        facts = Facts(seats, len(tricks), tuple(tricks), (), commander)
        for a, b in pairs:
            for one in range(seats):
                for two in range(seats):
                    if one != two:
                        assert not (status(a, one, facts) == DONE and status(b, two, facts) == DONE), (a, b)
