"""Laying out The Crew's tasks to a mission's difficulty, and the pairs no two seats can both meet (CR4).

Tasks are drawn until their difficulties add up *exactly* to the mission's, a card that would
overshoot skipped (:func:`draw_tasks`; option ``task_draw: page``, the companion's seeded rng).
Two tasks are a *known impossible pair* when held by two seats (:func:`clash`): both need the
same trick won (the first, or the last), or the same card won, or each more tricks than the
other (``tricks:most`` and ``tricks:most-all``). With no more tasks than seats nobody takes two
(CR5), so such a pair must be split: with ``avoid_pairs`` the last drawn card of the pair goes
back and a task of the same difficulty that clashes with none drawn replaces it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from companion.games.crew.tasks import DIFFICULTY, difficulty

#: The tasks needing their owner to win the first trick, and the last (the task table).
WINS_FIRST = frozenset({"trick:first", "tricks:first-2", "tricks:first-3", "trick:first+last", "only:first"})
WINS_LAST = frozenset({"trick:last", "trick:first+last", "only:last", "last-trick-card:green-2"})
#: Tasks whose owners cannot both have more tricks than the other.
BOTH_MOST = frozenset({"tricks:most", "tricks:most-all"})


def must_win(slug: str) -> frozenset[str]:
    """The cards task ``slug``'s owner must win: those a ``win:`` task lists, the card a
    ``win-with-sub:`` task names, ``green-2`` for ``last-trick-card:green-2``; none for another.

    >>> sorted(must_win("win:blue-6+yellow-7")), sorted(must_win("no-win:9"))
    (['blue-6', 'yellow-7'], [])
    """
    kind, _, rest = slug.partition(":")
    if kind == "win":
        return frozenset(rest.split("+"))
    if kind in ("win-with-sub", "last-trick-card"):
        return frozenset({rest})
    return frozenset()


def clash(first: str, second: str) -> bool:
    """Whether tasks ``first`` and ``second`` cannot both be met by two different seats.

    >>> clash("trick:first", "tricks:first-2"), clash("win:pink-3", "win:pink-3+yellow-3+blue-3+green-3")
    (True, True)
    >>> clash("trick:first", "trick:last"), clash("win:pink-3", "no-win:pink")
    (False, False)
    """
    if {first, second} <= WINS_FIRST or {first, second} <= WINS_LAST or {first, second} == BOTH_MOST:
        return True
    return bool(must_win(first) & must_win(second))


def clashes(tasks: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of ``tasks`` that :func:`clash`, in draw order."""
    return [(a, b) for a, b in combinations(tasks, 2) if clash(a, b)]


def total(tasks: Sequence[str], seats: int) -> int:
    """The difficulty ``tasks`` add up to for ``seats`` seats (the page warns when it is not the
    mission's: players may choose their tasks freely)."""
    return sum(difficulty(task, seats) for task in tasks)


def draw_tasks(target: int, seats: int, rng: random.Random, *, avoid_pairs: bool = False) -> list[str]:
    """Tasks drawn from the shuffled table until their difficulties for ``seats`` add up to
    ``target``, each card that would overshoot skipped; with ``avoid_pairs`` and no more tasks
    than seats, the later task of each pair that :func:`clash` es replaced by the next task of the
    same difficulty that clashes with none drawn. Raises ``ValueError`` when no draw reaches it.

    >>> tasks = draw_tasks(7, 4, random.Random(3))
    >>> total(tasks, 4)
    7
    """
    deck = sorted(DIFFICULTY)
    rng.shuffle(deck)
    drawn: list[str] = []
    for slug in deck:
        if total(drawn, seats) + difficulty(slug, seats) <= target:
            drawn.append(slug)
        if total(drawn, seats) == target:
            break
    if total(drawn, seats) != target:
        raise ValueError(f"no tasks add up to {target}")
    if avoid_pairs and len(drawn) <= seats:
        rest = [slug for slug in deck if slug not in drawn]
        for k in range(len(drawn)):
            if any(clash(drawn[k], earlier) for earlier in drawn[:k]):
                same = [slug for slug in rest if difficulty(slug, seats) == difficulty(drawn[k], seats)
                        and not any(clash(slug, other) for other in drawn[:k] + drawn[k + 1:])]
                if same:
                    rest.remove(same[0])
                    rest.append(drawn[k])  # shuffled back
                    drawn[k] = same[0]
    return drawn


__all__ = ["BOTH_MOST", "WINS_FIRST", "WINS_LAST", "clash", "clashes", "draw_tasks", "must_win", "total"]
