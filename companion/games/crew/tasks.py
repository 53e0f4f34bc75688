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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

PENDING, DONE, FAILED = "PENDING", "DONE", "FAILED"
#: The four colours (CR1); the fifth series, the submarines, is ``sub``.
COLOURS = ("pink", "yellow", "blue", "green")
SUBS = tuple(f"sub-{value}" for value in range(1, 5))
#: The 40 cards dealt (CR1, CR2).
DECK = frozenset({f"{colour}-{value}" for colour in COLOURS for value in range(1, 10)} | set(SUBS))

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
#: A trick's total above which (``trick-sum-above``) and below which (``trick-sum-below``) it
#: counts, by seats.
SUM_ABOVE = {3: 23, 4: 28, 5: 31}
SUM_BELOW = {3: 8, 4: 12, 5: 16}


def difficulty(slug: str, seats: int) -> int:
    """The difficulty of task ``slug`` for ``seats`` seats (2 players and Tonoja count as 3).

    >>> difficulty("tricks:4", 3), difficulty("tricks:4", 5)
    (2, 5)
    """
    return DIFFICULTY[slug][min(max(seats, 3), 5) - 3]


def colour_of(card: str) -> str:
    """The series of ``card``: a colour, or ``sub``."""
    return card.rsplit("-", 1)[0]


def value_of(card: str) -> int:
    """The printed value of ``card`` (1 to 9; 1 to 4 for a submarine)."""
    return int(card.rsplit("-", 1)[1])


def is_sub(card: str) -> bool:
    """Whether ``card`` is a submarine."""
    return card.startswith("sub-")


@dataclass(frozen=True)
class Trick:
    """A trick played: the seat that led it, its cards as (seat, card) in the order played, and
    the seat that won it; seats 0-based."""

    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int

    @property
    def faces(self) -> tuple[str, ...]:
        """The trick's cards."""
        return tuple(card for _, card in self.cards)

    @property
    def winning(self) -> str:
        """The card that won it: the winner's."""
        return next(card for seat, card in self.cards if seat == self.winner)


def trick_winner(cards: Sequence[tuple[int, str]]) -> int:
    """The seat winning a whole trick ``cards`` (CR12): the highest submarine if any, else the highest
    card of the colour led.

    >>> trick_winner([(0, "pink-3"), (1, "pink-9"), (2, "blue-9"), (3, "pink-1")])
    1
    >>> trick_winner([(0, "pink-3"), (1, "pink-9"), (2, "sub-1"), (3, "pink-1")])
    2
    """
    led = colour_of(cards[0][1])

    def strength(play: tuple[int, str]) -> tuple[int, int]:
        series = colour_of(play[1])
        return (2 if series == "sub" else 1 if series == led else 0, value_of(play[1]))

    return max(cards, key=strength)[0]


@dataclass(frozen=True)
class Facts:
    """What the table has shown of an attempt: the ``tricks`` played, the ``current`` trick's cards
    as (seat, card), the ``seats`` (Tonoja one of them), how many tricks the attempt lasts
    (``total``), the ``commander`` (0-based) and the counts told for ``predict:*`` tasks by seat."""

    seats: int
    total: int
    tricks: tuple[Trick, ...] = ()
    current: tuple[tuple[int, str], ...] = ()
    commander: int = 0
    predictions: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, seats: int, tricks: Iterable[tuple[int, Sequence[str]]] = (), *, total: int | None = None,
           current: Sequence[str] = (), commander: int = 0, predictions: Mapping[int, int] | None = None
           ) -> Facts:
        """Facts from tricks given as (leader, cards in the order played, from the leader round),
        each trick's winner leading the next; ``current`` the cards laid so far by the last winner
        (or by the commander) and those after it. For tests and examples."""
        played: list[Trick] = []
        for leader, faces in tricks:
            cards = tuple(((leader + k) % seats, card) for k, card in enumerate(faces))
            played.append(Trick(leader, cards, trick_winner(cards)))
        lead = played[-1].winner if played else commander
        now = tuple(((lead + k) % seats, card) for k, card in enumerate(current))
        return cls(seats, total if total is not None else {3: 13, 4: 10, 5: 8}[seats], tuple(played), now,
                   commander, dict(predictions or {}))

    @property
    def left(self) -> int:
        """Tricks not yet won, the one on the table among them."""
        return self.total - len(self.tricks)

    @property
    def over(self) -> bool:
        """Whether the last trick is played."""
        return self.left <= 0

    @cached_property
    def winners(self) -> dict[str, int]:
        """The seat that won each card played in a whole trick."""
        return {card: trick.winner for trick in self.tricks for card in trick.faces}

    @cached_property
    def open(self) -> frozenset[str]:
        """The cards that may still be won: not yet in a whole trick (the trick on the table's
        among them); none once the attempt is over (a card never played is won by nobody)."""
        return frozenset() if self.over else DECK - set(self.winners)

    @cached_property
    def played(self) -> frozenset[str]:
        """Every card laid: in the tricks and on the table."""
        return frozenset(self.winners) | {card for _, card in self.current}

    def won(self, seat: int) -> int:
        """How many tricks ``seat`` won."""
        return sum(trick.winner == seat for trick in self.tricks)

    def cards_won(self, seat: int) -> frozenset[str]:
        """The cards of the tricks ``seat`` won."""
        return frozenset(card for card, winner in self.winners.items() if winner == seat)

    def led(self) -> Iterable[tuple[int, str]]:
        """Each lead: (seat, card), the trick on the table's too."""
        yield from ((trick.leader, trick.cards[0][1]) for trick in self.tricks)
        if self.current:
            yield self.current[0]


Rule = Callable[[int, Facts], str]


def status(slug: str, owner: int, facts: Facts) -> str:
    """``DONE``, ``FAILED`` or ``PENDING``: task ``slug`` held by ``owner`` (0-based) given ``facts``.

    Raises ``KeyError`` for a slug not in the task table."""
    if slug not in DIFFICULTY:
        raise KeyError(slug)
    return _rule(slug)(owner, facts)


def _decided(done: bool, failed: bool, over: bool = False) -> str:
    """FAILED before DONE; at the end, anything not done has failed."""
    if failed:
        return FAILED
    if done:
        return DONE
    return FAILED if over else PENDING


def _cards_of(part: str) -> frozenset[str]:
    """The cards a part of a slug names: a colour (its nine), ``sub`` (the four submarines), a
    value (its four colour cards), or one card."""
    if part in COLOURS:
        return frozenset(f"{part}-{value}" for value in range(1, 10))
    if part == "sub":
        return frozenset(SUBS)
    if part.isdigit():
        return frozenset(f"{colour}-{part}" for colour in COLOURS)
    return frozenset({part})


def _win(cards: frozenset[str]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        winners = [f.winners.get(card) for card in cards]
        failed = any(w not in (None, owner) for w in winners)
        return _decided(all(w == owner for w in winners), failed, f.over)
    return rule


def _win_sub_only(target: str) -> Rule:
    others = frozenset(SUBS) - {target}

    def rule(owner: int, f: Facts) -> str:
        mine = f.winners.get(target) == owner
        failed = (any(f.winners.get(s) == owner for s in others)
                  or f.winners.get(target) not in (None, owner))
        done = mine and not (others & f.open)
        return _decided(done, failed, f.over)
    return rule


def _no_win(cards: frozenset[str]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        return _decided(not (cards & f.open), bool(cards & f.cards_won(owner)))
    return rule


def _no_lead(cards: frozenset[str]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        failed = any(seat == owner and card in cards for seat, card in f.led())
        return _decided(cards <= f.played or f.over, failed)
    return rule


def _candidates(value: int, owner: int, f: Facts, *, owners_only: bool) -> set[str]:
    """The colour cards of ``value`` that may still lie in a trick not yet whole: unplayed, or on
    the table (``owners_only``: laid by ``owner``)."""
    unplayed = {f"{c}-{value}" for c in COLOURS} - f.played
    on_table = {card for seat, card in f.current
                if not is_sub(card) and value_of(card) == value and (seat == owner or not owners_only)}
    return unplayed | on_table


def _win_with(value: int, holding: int | None) -> Rule:
    def happened(trick: Trick, owner: int) -> bool:
        card = trick.winning
        if trick.winner != owner or is_sub(card) or value_of(card) != value:
            return False
        if holding is None:
            return True
        return any(other != card and not is_sub(other) and value_of(other) == holding
                   for other in trick.faces)

    def rule(owner: int, f: Facts) -> str:
        done = any(happened(trick, owner) for trick in f.tricks)
        winners = _candidates(value, owner, f, owners_only=True)
        if holding is None:
            possible = bool(winners)
        else:
            held = _candidates(holding, owner, f, owners_only=False)
            # The owner's card and the one it takes must still meet in one trick: both unplayed, or
            # one of them on the table and the other unplayed or beside it.
            on_table = {card for _, card in f.current}
            owner_laid = any(seat == owner for seat, _ in f.current)
            possible = any(w != h and ((w not in on_table and h not in on_table)
                                       or (w in on_table and (h in on_table or h not in f.played))
                                       or (h in on_table and not owner_laid))
                           for w in winners for h in held)
        return _decided(done, not done and not possible, f.over)
    return rule


def _win_with_sub(card: str) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        for trick in f.tricks:
            if card in trick.faces:
                return DONE if trick.winner == owner and is_sub(trick.winning) else FAILED
        return _decided(False, False, f.over)
    return rule


def _trick_such(test: Callable[[tuple[str, ...], int], bool]) -> Rule:
    """Owner wins a trick of colour cards only (CR13) that ``test`` (its cards, the seats) accepts."""
    def rule(owner: int, f: Facts) -> str:
        done = any(trick.winner == owner and not any(is_sub(c) for c in trick.faces)
                   and test(trick.faces, f.seats) for trick in f.tricks)
        return _decided(done, False, f.over)
    return rule


def _last_trick_card(card: str) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        for number, trick in enumerate(f.tricks, start=1):
            if card in trick.faces:
                return DONE if number == f.total and trick.winner == owner else FAILED
        if any(c == card for _, c in f.current) and len(f.tricks) + 1 < f.total:
            return FAILED  # laid in a trick that is not the last
        return _decided(False, False, f.over)
    return rule


def _named_tricks(numbers: Callable[[int], frozenset[int]]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        named = numbers(f.total)
        done_ones = [n for n in named if n <= len(f.tricks)]
        failed = any(f.tricks[n - 1].winner != owner for n in done_ones)
        return _decided(len(done_ones) == len(named), failed)
    return rule


def _only(which: str) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        named = 1 if which == "first" else f.total
        failed = any((trick.winner == owner) != (number == named)
                     for number, trick in enumerate(f.tricks, start=1))
        return _decided(f.over, failed)
    return rule


def _none_first(count: int) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        failed = any(trick.winner == owner for trick in f.tricks[:count])
        return _decided(len(f.tricks) >= count, failed)
    return rule


def _exactly(count: Callable[[int, Facts], int | None]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        target = count(owner, f)
        if target is None:
            return PENDING  # the count is not told yet
        won = f.won(owner)
        return _decided(f.over and won == target, won > target or won + f.left < target)
    return rule


def _relative(kind: str) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        mine, left = f.won(owner), f.left
        others = [f.won(seat) for seat in range(f.seats) if seat != owner]
        captain = f.won(f.commander)
        if kind == "most":
            return _decided(mine > max(others) + left, mine + left <= max(others))
        if kind == "most-all":
            return _decided(mine > sum(others) + left, mine + left <= sum(others))
        if kind == "fewest":
            # Failed when the tricks left cannot lift every other seat above the owner.
            needed = sum(max(0, mine - other + 1) for other in others)
            return _decided(mine + left < min(others), needed > left)
        if kind == "more":
            return _decided(mine > captain + left, mine + left <= captain)
        if kind == "fewer":
            return _decided(mine + left < captain, captain + left <= mine)
        return _decided(f.over and mine == captain, abs(mine - captain) > left)
    return rule


def _won_numbers(owner: int, f: Facts) -> list[int]:
    return [number for number, trick in enumerate(f.tricks, start=1) if trick.winner == owner]


def _run(owner: int, f: Facts) -> int:
    """How many tricks ``owner`` won in a row up to the last whole one."""
    run = 0
    for trick in reversed(f.tricks):
        if trick.winner != owner:
            break
        run += 1
    return run


def _longest(numbers: list[int]) -> int:
    best = run = 0
    for k, n in enumerate(numbers):
        run = run + 1 if k and n == numbers[k - 1] + 1 else 1
        best = max(best, run)
    return best


def _row(count: int) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        done = _longest(_won_numbers(owner, f)) >= count
        return _decided(done, not done and _run(owner, f) + f.left < count)
    return rule


def _row_exact(count: int) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        won = _won_numbers(owner, f)
        if len(won) > count or (won and won[-1] - won[0] + 1 != len(won)):
            return FAILED  # one too many, or a won trick apart from the run
        if f.over:
            return DONE if len(won) == count else FAILED
        if not won:
            return FAILED if f.left < count else PENDING
        if won[-1] < len(f.tricks):
            # The run is over: it must already be long enough, and no trick won after.
            return FAILED if len(won) < count else PENDING
        return FAILED if len(won) + f.left < count else PENDING
    return rule


def _no_row(count: int) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        return _decided(f.over, _longest(_won_numbers(owner, f)) >= count)
    return rule


def _at_least(cards: frozenset[str], count: int) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        won = len(cards & f.cards_won(owner))
        return _decided(won >= count, won + len(cards & f.open) < count, f.over)
    return rule


def _exact(parts: Sequence[tuple[frozenset[str], int]]) -> Rule:
    def rule(owner: int, f: Facts) -> str:
        mine = f.cards_won(owner)
        counts = [(len(cards & mine), len(cards & f.open), count) for cards, count in parts]
        failed = any(won > count or won + still < count for won, still, count in counts)
        done = all(won == count and (still == 0 or f.over) for won, still, count in counts)
        return _decided(done, failed, f.over)
    return rule


def _each_colour(owner: int, f: Facts) -> str:
    mine = f.cards_won(owner)
    sets = [_cards_of(colour) for colour in COLOURS]
    return _decided(all(cards & mine for cards in sets),
                    any(not (cards & mine) and not (cards & f.open) for cards in sets), f.over)


def _whole_colour(owner: int, f: Facts) -> str:
    mine = f.cards_won(owner)
    sets = [_cards_of(colour) for colour in COLOURS]
    possible = [cards <= (mine | f.open) for cards in sets]
    return _decided(any(cards <= mine for cards in sets), not any(possible), f.over)


def _same_count(first: str, second: str) -> Rule:
    a, b = _cards_of(first), _cards_of(second)

    def rule(owner: int, f: Facts) -> str:
        if (a | b) & f.open:
            return PENDING
        mine = f.cards_won(owner)
        equal = len(a & mine) == len(b & mine) > 0
        return DONE if equal else FAILED
    return rule


def _more_than(first: str, second: str) -> Rule:
    a, b = _cards_of(first), _cards_of(second)

    def rule(owner: int, f: Facts) -> str:
        mine = f.cards_won(owner)
        won_a, won_b = len(a & mine), len(b & mine)
        return _decided(won_a > won_b + len(b & f.open), won_a + len(a & f.open) <= won_b, f.over)
    return rule


def _trick_test(slug: str) -> Callable[[tuple[str, ...], int], bool]:
    """What a trick must hold for a ``trick-*`` task."""
    def values(faces: tuple[str, ...]) -> list[int]:
        return [value_of(card) for card in faces]

    tests: dict[str, Callable[[tuple[str, ...], int], bool]] = {
        "trick-below:7": lambda faces, seats: all(v < 7 for v in values(faces)),
        "trick-above:5": lambda faces, seats: all(v > 5 for v in values(faces)),
        "trick-even": lambda faces, seats: all(v % 2 == 0 for v in values(faces)),
        "trick-odd": lambda faces, seats: all(v % 2 == 1 for v in values(faces)),
        "trick-sum-above": lambda faces, seats: sum(values(faces)) > SUM_ABOVE[min(max(seats, 3), 5)],
        "trick-sum-below": lambda faces, seats: sum(values(faces)) < SUM_BELOW[min(max(seats, 3), 5)],
        "trick-sum:22-23": lambda faces, seats: sum(values(faces)) in (22, 23),
    }
    if slug in tests:
        return tests[slug]
    first, second = slug.split(":")[1].split("+")

    def same(faces: tuple[str, ...], seats: int) -> bool:
        colours = [colour_of(card) for card in faces]
        return colours.count(first) == colours.count(second) > 0
    return same


def _rule(slug: str) -> Rule:
    """The rule deciding task ``slug`` (one of :data:`DIFFICULTY`)."""
    kind, _, rest = slug.partition(":")
    parts = rest.split("+") if rest else []
    if kind == "win":
        return _win(frozenset().union(*(_cards_of(p) for p in parts)))
    if kind == "win-sub-only":
        return _win_sub_only(f"sub-{rest}")
    if kind == "no-win":
        return _no_win(frozenset().union(*(_cards_of(p) for p in parts)))
    if kind == "no-lead":
        return _no_lead(frozenset().union(*(_cards_of(p) for p in parts)))
    if kind == "win-with":
        values = [int(v) for v in rest.split(":")]
        return _win_with(values[0], values[1] if len(values) > 1 else None)
    if kind == "win-with-sub":
        return _win_with_sub(rest)
    if kind.startswith("trick-"):
        return _trick_such(_trick_test(slug))
    if kind == "last-trick-card":
        return _last_trick_card(rest)
    if slug in ("trick:first", "tricks:first-2", "tricks:first-3"):
        count = 1 if slug == "trick:first" else int(slug[-1])
        return _named_tricks(lambda total: frozenset(range(1, count + 1)))
    if slug == "trick:last":
        return _named_tricks(lambda total: frozenset({total}))
    if slug == "trick:first+last":
        return _named_tricks(lambda total: frozenset({1, total}))
    if kind == "only":
        return _only(rest)
    if kind == "none-first":
        return _none_first(int(rest))
    if kind == "tricks" and rest.isdigit():
        return _exactly(lambda owner, f: int(rest))
    if kind == "predict":
        return _exactly(lambda owner, f: f.predictions.get(owner))
    if kind == "tricks":
        return _relative(rest)
    if kind == "captain":
        return _relative(rest)
    if kind == "row":
        return _row(int(rest))
    if kind == "row-exact":
        return _row_exact(int(rest))
    if kind == "no-row":
        return _no_row(int(rest))
    if slug == "cards:each-colour":
        return _each_colour
    if slug == "cards:whole-colour":
        return _whole_colour
    if slug == "cards:pink=yellow":
        return _same_count("pink", "yellow")
    if kind in ("cards", "values", "subs=1", "subs=2", "subs=3") or kind.startswith("subs="):
        return _counted(slug)
    raise KeyError(slug)


def _counted(slug: str) -> Rule:
    """``cards:C>=K``, ``values:V>=K``, ``cards:C=K[+C=K]``, ``values:V=K``, ``subs=K`` and
    ``cards:A>B``."""
    if slug.startswith("subs="):
        return _exact([(frozenset(SUBS), int(slug[5:]))])
    body = slug.split(":", 1)[1]
    if ">=" in body:
        what, count = body.split(">=")
        return _at_least(_cards_of(what), int(count))
    if ">" in body:
        first, second = body.split(">")
        return _more_than(first, second)
    pairs = [part.split("=") for part in body.split("+")]
    if not all(re.fullmatch(r"[a-z0-9]+", what) and count.isdigit() for what, count in pairs):
        raise KeyError(slug)
    return _exact([(_cards_of(what), int(count)) for what, count in pairs])


__all__ = ["COLOURS", "DECK", "DIFFICULTY", "DONE", "FAILED", "NOT_FOR_COMMANDER", "PENDING", "PREDICTED",
           "SUBS", "Facts", "Trick", "colour_of", "difficulty", "is_sub", "status", "trick_winner",
           "value_of"]
