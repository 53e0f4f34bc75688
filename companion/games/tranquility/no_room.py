"""T3's refusal: a card leaving a gap of cells that the whole numbers cannot fill, each count said
in words ("1 cell", "0 nombre plus petit")."""

from __future__ import annotations

from typing import Literal

from companion.engine.ruling import Ruling, refused
from companion.text import Text

Side = Literal["between", "before", "after"]

#: Each side's message, and the numbers it counts.
_SAID: dict[Side, tuple[str, str]] = {
    "between": ("no_room_between", "count_numbers"),
    "before": ("no_room_before", "count_smaller"),
    "after": ("no_room_after", "count_greater"),
}


def no_room(card: int, at: str, cells: int, numbers: int, side: Side, *, other: int = 0,
            other_at: str = "") -> Ruling:
    """The refusal of ``card`` at ``at``, leaving ``cells`` cells on ``side`` (between it and
    ``other`` at ``other_at``, or before or after it) with only ``numbers`` numbers to fill them."""
    key, counted = _SAID[side]
    between = {"other": other, "other_at": other_at} if side == "between" else {}
    return refused("T3", Text(key, card=card, at=at, cells=Text("count_cells", count=cells),
                              numbers=Text(counted, count=numbers), **between))


__all__ = ["no_room"]
