"""L'Ascension's modules as pure functions of the pyramid: the green path (A10),
the filmed sequences (A11) and the ibex at each height (A12).

``cards`` is the pyramid as a sequence of 44 slots in :data:`~companion.games.ascension.pyramid.SLOTS`
order, each a :class:`~companion.games.ascension.pyramid.Card` or None.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.engine.ruling import Ruling, accepted, refused
from companion.games.ascension.events import Herd
from companion.games.ascension.pyramid import (
    ABOVE,
    ROW_COL,
    ROW_SLOTS,
    ROWS,
    SLOT_INDEX,
    SLOTS,
    SUPPORT,
    Card,
)
from companion.text import Text

IBEX_TO_WIN = 8

Pyramid = Sequence[Card | None]


def _is_green(card: Card | None) -> bool:
    return card is not None and card.kind in ("versant", "campfire") and card.terrain == "g"


def green_path(cards: Pyramid) -> list[int]:
    """The highest chain of green cards from row 1 up, one per row, each resting on
    the one below (A10); slot indexes from row 1 up, empty when row 1 has no green card.

    >>> from companion.games.ascension.pyramid import CARDS, SLOT_INDEX
    >>> cards = [None] * 44
    >>> for name, card in {"a1": "3g", "b1": "5s", "a2": "4g"}.items():
    ...     cards[SLOT_INDEX[name]] = CARDS[card]
    >>> green_path(cards) == [SLOT_INDEX["a1"], SLOT_INDEX["a2"]]
    True
    """
    # came_from[i]: the slot below on a green chain reaching slot i, or -1 in row 1.
    came_from: dict[int, int] = {}
    best: list[int] = []
    for row in range(1, ROWS + 1):
        for i in ROW_SLOTS[row]:
            if not _is_green(cards[i]):
                continue
            if row == 1:
                came_from[i] = -1
            else:
                below = [j for j in SUPPORT[i] if j in came_from]
                if not below:
                    continue
                came_from[i] = below[0]
            if row > len(best):
                chain = [i]
                while came_from[chain[-1]] >= 0:
                    chain.append(came_from[chain[-1]])
                best = chain[::-1]
    return best


def is_filmed(cards: Pyramid, sequence: Sequence[int], rows: Iterable[int] = range(1, ROWS + 1)) -> bool:
    """Whether ``sequence`` stands on adjacent Versants of one of ``rows`` (by default any row),
    in its exact left-to-right order (A11: never backwards)."""
    length = len(sequence)
    wanted = list(sequence)
    for row in rows:
        values = [c.value if c is not None and c.kind == "versant" else 0 for c in
                  (cards[i] for i in ROW_SLOTS[row])]
        for start in range(len(values) - length + 1):
            if values[start : start + length] == wanted:
                return True
    return False


def ibex_by_row(ibex: Sequence[int]) -> dict[int, int]:
    """How many ibex stand on each row (A12)."""
    heights = dict.fromkeys(range(1, ROWS + 1), 0)
    for i, count in enumerate(ibex):
        heights[ROW_COL[i][0]] += count
    return heights


def summit_refusal(cards: Pyramid, ibex: Sequence[int], *, green: bool,
                   sequences: Sequence[Sequence[int]], filmed: Sequence[bool], fauna: bool) -> Ruling | None:
    """Why the modules in play forbid the Sommet yet (A10, A11, A12), or None."""
    if green and len(green_path(cards)) < ROWS:
        return refused("A10", Text("summit_green_path", height=len(green_path(cards))))
    unfilmed = [seq for seq, done in zip(sequences, filmed, strict=True) if not done]
    if unfilmed:
        return refused("A11", Text("summit_unfilmed",
                                   sequences=", ".join("-".join(map(str, s)) for s in unfilmed)))
    if fauna:
        top = ibex_by_row(ibex)[ROWS]
        if top < IBEX_TO_WIN:
            return refused("A12", Text("summit_ibex", count=top, need=IBEX_TO_WIN))
    return None


def herd_ruling(cards: Pyramid, ibex: Sequence[int], hand: int, event: Herd) -> Ruling:
    """Action C (A12): the herd on ``event.origin`` climbs ``event.rows`` rows, one card
    resting on the previous at each step, never onto or across a Pont, discarding a card a row."""
    origin = SLOT_INDEX.get(event.origin, -1)
    if origin < 0 or not ibex[origin]:
        return refused("A12", Text("herd_none", at=event.origin))
    if event.rows > hand:
        rows, cost = Text("count_rows", count=event.rows), Text("count_cards", count=event.rows)
        return refused("A12", Text("herd_short", rows=rows, cost=cost, hand=hand))
    current = origin
    for step in event.path:
        j = SLOT_INDEX.get(step, -1)
        if j < 0:
            return refused("A12", Text("herd_summit"))
        if current not in SUPPORT[j]:
            return refused("A12", Text("herd_not_above", at=step, below=SLOTS[current]))
        card = cards[j]
        if card is None:
            return refused("A12", Text("herd_empty", at=step))
        if card.kind == "bridge":
            return refused("A12", Text("herd_bridge", at=step))
        current = j
    gathered = ibex[origin] + sum(ibex[SLOT_INDEX[s]] for s in event.path)
    return accepted(Text("herd_moved", origin=event.origin, to=SLOTS[current], rows=event.rows,
                         count=gathered), event.rows)


def herd_can_climb(cards: Pyramid, ibex: Sequence[int]) -> bool:
    """Whether some herd could climb one row (a card rests on it that is not a Pont)."""
    return any(
        count and any((card := cards[j]) is not None and card.kind != "bridge" for j in ABOVE[i])
        for i, count in enumerate(ibex)
    )
