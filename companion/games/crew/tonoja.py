"""Tonoja's row in the 2-player game (CR16): seven columns, a card face up on a card face down.

Tonoja plays only her visible cards, so her play is checked at once: a card not visible is
refused (CR16), and so is a card off the colour led while one of her visible cards is of it
(CR10). When her top card leaves a column, the card under it turns face up and becomes playable
from the end of that trick; a ``reveal`` names it. A card of a column uncovered in an earlier trick
and not yet revealed is accepted as revealed by the play itself.

>>> row = TonojaRow.dealt({f"r{k}": card for k, card in enumerate(
...     ["pink-1", "pink-9", "blue-2", "green-3", "yellow-4", "blue-5", "sub-1"], start=1)})
>>> row.column_of("blue-5"), row.shows("pink"), row.shows("sub")
('r6', True, True)
>>> row = row.played("r1")
>>> row.column_of("pink-1"), row.hidden_playable()  # uncovered in this trick: not yet playable
(None, [])
>>> row.trick_over().hidden_playable()
['r1']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.errors import MalformedInput
from companion.games.crew.facts import DECK, colour_of
from companion.text import Text

#: Tonoja's columns, left to right.
COLUMNS = tuple(f"r{k}" for k in range(1, 8))


@dataclass(frozen=True, slots=True)
class TonojaRow:
    """Each column's visible card (None once its top card left and the one under is not yet
    revealed, or once it is empty), whether a face-down card still lies under it, and the columns
    uncovered in the trick on the table."""

    visible: tuple[str | None, ...]
    covered: tuple[bool, ...]
    fresh: frozenset[str] = frozenset()

    @classmethod
    def dealt(cls, row: Mapping[str, object]) -> TonojaRow:
        """The row as dealt: a card face up in each of ``r1``..``r7`` (the header's ``tonoja_row``),
        each on a card face down; raises :class:`MalformedInput` for another shape."""
        cards = [row.get(column) for column in COLUMNS]
        if (set(row) != set(COLUMNS) or not all(isinstance(card, str) and card in DECK for card in cards)
                or len(set(cards)) != len(cards) or "sub-4" in cards):
            raise MalformedInput(Text("bad_field", field="tonoja_row", value=dict(row)))
        return cls(tuple(str(card) for card in cards), (True,) * len(COLUMNS))

    def _index(self, column: str) -> int:
        return COLUMNS.index(column)

    def column_of(self, card: str) -> str | None:
        """The column whose visible card is ``card``, or None."""
        return next((column for column, shown in zip(COLUMNS, self.visible, strict=True) if shown == card),
                    None)

    def hidden_playable(self) -> list[str]:
        """The columns whose card, uncovered before this trick, is not revealed yet: playable, and
        taken as revealed by a play."""
        return [column for column, shown, under in zip(COLUMNS, self.visible, self.covered, strict=True)
                if shown is None and under and column not in self.fresh]

    def shows(self, colour: str) -> bool:
        """Whether a visible card of ``colour`` (a colour, or ``sub``) lies in the row."""
        return any(card is not None and colour_of(card) == colour for card in self.visible)

    def visible_cards(self) -> dict[str, str]:
        """The visible card of each column that shows one."""
        return {column: card for column, card in zip(COLUMNS, self.visible, strict=True) if card is not None}

    def played(self, column: str) -> TonojaRow:
        """The row once the card of ``column`` is played: its visible card, or the card under it
        (revealed by the play)."""
        k = self._index(column)
        visible, covered = list(self.visible), list(self.covered)
        if visible[k] is not None:
            visible[k] = None
            fresh = self.fresh | {column} if covered[k] else self.fresh
        else:
            covered[k] = False
            fresh = self.fresh
        return TonojaRow(tuple(visible), tuple(covered), frozenset(fresh))

    def revealed(self, column: str, card: str) -> TonojaRow:
        """The row once ``card`` is named as turned face up in ``column``."""
        k = self._index(column)
        visible, covered = list(self.visible), list(self.covered)
        visible[k], covered[k] = card, False
        return replace(self, visible=tuple(visible), covered=tuple(covered))

    def can_reveal(self, column: str) -> bool:
        """Whether ``column`` has its top card gone and the card under it not yet named."""
        k = self._index(column)
        return self.visible[k] is None and self.covered[k]

    def trick_over(self) -> TonojaRow:
        """The row once the trick is gathered: the columns uncovered in it become playable."""
        return replace(self, fresh=frozenset())


__all__ = ["COLUMNS", "TonojaRow"]
