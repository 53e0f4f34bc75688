"""When each family of The Crew's tasks is done or failed (CR13): one rule per family of the task
table (``shared/rulings/crew.md``), each a function of the owner and the :class:`Facts`.

>>> from companion.games.crew.facts import Facts
>>> rule("no-win:9")(0, Facts.of(4, [(0, ("pink-9", "pink-1", "pink-2", "pink-3"))]))
'FAILED'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from companion.games.crew.facts import (
    COLOURS,
    DONE,
    FAILED,
    PENDING,
    SUBS,
    Facts,
    Trick,
    colour_of,
    is_sub,
    value_of,
)

#: A trick's total above which (``trick-sum-above``) and below which (``trick-sum-below``) it
#: counts, by seats.
SUM_ABOVE = {3: 23, 4: 28, 5: 31}
SUM_BELOW = {3: 8, 4: 12, 5: 16}

Rule = Callable[[int, Facts], str]


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


def rule(slug: str) -> Rule:
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




__all__ = ["SUM_ABOVE", "SUM_BELOW", "Rule", "rule"]
