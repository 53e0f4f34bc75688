"""The Crew's 96 tasks: their difficulties and when each is done or failed (CR4, CR13).

A task's status is decided from public facts only (:class:`Facts`): the tricks played, who led and
won each, the cards of the trick on the table, the tricks left, the commander and the counts
told. :func:`status` says ``DONE`` once no continuation of the attempt can undo the task,
``FAILED`` once none can make it, ``PENDING`` otherwise; after the last trick every task is decided.
It never remembers: the game keeps the first decision (a task never changes once decided).

The slugs, the difficulties (3, 4 and 5 seats; a 2-player game counts as 3 with Tonoja) and each
task's condition are those of ``shared/rulings/crew.md``, "The task table". Tasks that do not name
submarines count colour cards only (CR13): ``no-win:1`` ignores ``sub-1``, and a trick "of cards
below 7" holds no submarine.

>>> facts = Facts.of(4, [(0, ("pink-3", "pink-9", "pink-1", "pink-2"))])  # seat 1 led, seat 2 won
>>> status("win:pink-3", 1, facts), status("win:pink-3", 0, facts), status("trick:first", 1, facts)
('DONE', 'FAILED', 'DONE')
>>> status("tricks:1", 1, facts)
'PENDING'
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.crew.conditions import rule
from companion.games.crew.facts import Facts

#: Each task's difficulty for 3, 4 and 5 seats (``shared/rulings/crew.md``, the task table).
DIFFICULTY: Mapping[str, tuple[int, int, int]] = {
    "win:pink-3": (1, 1, 1), "win:yellow-1": (1, 1, 1), "win:blue-4": (1, 1, 1),
    "win:green-6": (1, 1, 1), "win:sub-3": (1, 1, 1),
    "win:pink-3+yellow-3+blue-3+green-3": (3, 4, 5), "win:pink-9+yellow-9+blue-9+green-9": (4, 5, 6),
    "win:blue-1+blue-2+blue-3": (2, 3, 3), "win:blue-6+yellow-7": (2, 2, 3),
    "win:pink-5+yellow-6": (2, 2, 3), "win:green-5+blue-8": (2, 2, 3), "win:blue-5+pink-8": (2, 2, 3),
    "win:pink-9+yellow-8": (2, 2, 3), "win:pink-1+green-7": (2, 2, 2), "win:yellow-9+blue-7": (2, 3, 3),
    "win:green-3+yellow-4+yellow-5": (3, 4, 4),
    "win-sub-only:1": (3, 3, 3), "win-sub-only:2": (3, 3, 3),
    "no-win:pink": (2, 2, 2), "no-win:yellow": (2, 2, 2), "no-win:green": (2, 2, 2),
    "no-win:pink+blue": (3, 3, 3), "no-win:yellow+green": (3, 3, 3), "no-win:8+9": (3, 3, 2),
    "no-win:9": (1, 1, 1), "no-win:5": (1, 2, 2), "no-win:1": (2, 2, 2), "no-win:1+2+3": (3, 3, 3),
    "no-win:sub": (1, 1, 1),
    "no-lead:pink+yellow+blue": (4, 3, 3), "no-lead:pink+green": (2, 1, 1),
    "win-with:6": (2, 3, 3), "win-with:5": (2, 3, 4), "win-with:3": (3, 4, 5), "win-with:2": (3, 4, 5),
    "win-with:7:5": (1, 2, 2), "win-with:4:8": (3, 4, 5), "win-with:6:6": (2, 3, 4),
    "win-with-sub:pink-7": (3, 3, 3), "win-with-sub:green-9": (3, 3, 3),
    "trick-below:7": (2, 3, 3), "trick-above:5": (2, 3, 4), "trick-even": (2, 5, 6),
    "trick-odd": (2, 4, 5), "trick-sum-above": (3, 3, 4), "trick-sum-below": (3, 3, 4),
    "trick-sum:22-23": (3, 3, 4), "trick-same:green+yellow": (2, 3, 3), "trick-same:pink+blue": (2, 3, 3),
    "last-trick-card:green-2": (3, 4, 5),
    "trick:first": (1, 1, 1), "tricks:first-2": (1, 1, 2), "tricks:first-3": (2, 3, 4),
    "trick:last": (2, 3, 3), "trick:first+last": (3, 4, 4),
    "only:first": (4, 3, 3), "only:last": (4, 4, 4),
    "none-first:3": (1, 2, 2), "none-first:4": (1, 2, 3), "none-first:5": (2, 3, 3),
    "tricks:0": (4, 3, 3), "tricks:1": (3, 2, 2), "tricks:2": (2, 2, 2), "tricks:4": (2, 3, 5),
    "predict:open": (3, 2, 2), "predict:hidden": (4, 3, 3),
    "tricks:most": (2, 3, 3), "tricks:most-all": (3, 4, 5), "tricks:fewest": (2, 2, 3),
    "captain:more": (2, 2, 3), "captain:fewer": (2, 2, 2), "captain:same": (4, 3, 3),
    "row:2": (1, 1, 1), "row:3": (2, 3, 4), "row-exact:2": (3, 3, 3), "row-exact:3": (3, 3, 4),
    "no-row:2": (3, 2, 2),
    "cards:yellow>=7": (3, 3, 3), "cards:pink>=5": (2, 3, 3),
    "values:5>=3": (3, 4, 5), "values:9>=3": (3, 4, 5), "values:7>=2": (2, 2, 2),
    "cards:green=2": (3, 4, 4), "cards:blue=2": (3, 4, 4), "cards:pink=1": (3, 3, 4),
    "cards:pink=1+green=1": (4, 4, 4), "values:6=3": (3, 4, 4), "values:9=2": (2, 3, 3),
    "subs=1": (3, 3, 3), "subs=2": (3, 3, 4), "subs=3": (3, 4, 4),
    "cards:each-colour": (2, 3, 4), "cards:whole-colour": (3, 4, 5), "cards:pink=yellow": (4, 4, 4),
    "cards:yellow>blue": (1, 1, 1), "cards:pink>green": (1, 1, 1),
}
#: The tasks the commander may never take (their text names the commander: CR5).
NOT_FOR_COMMANDER = frozenset({"captain:more", "captain:fewer", "captain:same"})
#: The tasks whose owner tells a number of tricks (a ``predict`` event, CR5).
PREDICTED = frozenset({"predict:open", "predict:hidden"})


def difficulty(slug: str, seats: int) -> int:
    """The difficulty of task ``slug`` for ``seats`` seats (2 players and Tonoja count as 3).

    >>> difficulty("tricks:4", 3), difficulty("tricks:4", 5)
    (2, 5)
    """
    return DIFFICULTY[slug][min(max(seats, 3), 5) - 3]


def status(slug: str, owner: int, facts: Facts) -> str:
    """``DONE``, ``FAILED`` or ``PENDING``: task ``slug`` held by ``owner`` (0-based) given ``facts``.

    Raises ``KeyError`` for a slug not in the task table."""
    if slug not in DIFFICULTY:
        raise KeyError(slug)
    return rule(slug)(owner, facts)


__all__ = ["DIFFICULTY", "NOT_FOR_COMMANDER", "PREDICTED", "difficulty", "status"]
