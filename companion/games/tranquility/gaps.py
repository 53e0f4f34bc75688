"""Where an island card may go in one sequence of cells (T2 to T5), found fast: the two searches
behind :meth:`companion.games.tranquility.rules.Tranquility.legal_cells`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from companion.engine.ruling import Ruling
from companion.games.tranquility.board import HIGHEST, LOWEST


def checked_cells(cells: Sequence[int], value: int, lo: int, hi: int,
                  check: Callable[[int, int], Ruling]) -> Iterator[tuple[int, int]]:
    """The cells of the sequence ``[lo, hi)`` where ``check`` (value, cell) accepts ``value``, with
    their cost: each checked whole (the sequence out of order, or its room not arithmetic)."""
    # T2 holds where every card before is smaller and every card after larger; only there is
    # the whole check worth making.
    below = [LOWEST - 1] * (hi - lo)  # the largest card before each cell
    for n in range(1, hi - lo):
        below[n] = max(below[n - 1], cells[lo + n - 1] or LOWEST - 1)
    above = HIGHEST + 1  # the smallest card after the cell
    fits = [False] * (hi - lo)
    for n in range(hi - lo - 1, -1, -1):
        fits[n] = not cells[lo + n] and below[n] < value < above
        if cells[lo + n]:
            above = min(above, cells[lo + n])
    for n in range(hi - lo):
        ruling = check(value, lo + n) if fits[n] else None
        if ruling is not None and ruling.legal:
            yield lo + n, ruling.discard or 0

def gap_cells(cells: Sequence[int], value: int, hand: int, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The cells of the ascending sequence ``[start, end)`` where ``value`` may go with its cost
    within ``hand - 1`` (T2 to T5): only the gap where it belongs is examined."""
    lo, u, hi, w = start - 1, LOWEST - 1, end, HIGHEST + 1
    for idx in range(start, end):
        c = cells[idx]
        if c:
            if c < value:
                lo, u = idx, c
            elif c > value:
                hi, w = idx, c
                break
            else:
                return
    first = max(lo + 1, hi - (w - value))
    last = min(hi - 1, lo + (value - u))
    budget = hand - 1
    for i in range(first, last + 1):
        left = value - u if i - 1 == lo and lo >= start else 0
        right = w - value if i + 1 == hi and hi < end else 0
        cost = min(left, right) if left and right else left or right
        if cost <= budget:
            yield i, cost
