"""Rixes' weapon cards by name (RX1): a type (two on an advanced card, top first) and a value.

>>> weapon("sabres-7"), weapon("sabres+pistols-4").types
(Weapon(types=('sabres',), value=7), ('sabres', 'pistols'))
>>> weapon("sabres-7").skull, weapon("fist-5").skull
(True, False)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from companion.errors import MalformedInput
from companion.text import Text, Words

#: The three weapon types: Poing, Sabres, Pistolets.
TYPES = ("fist", "sabres", "pistols")
#: The lowest and highest printed values; 6 to 8 carry a skull.
LOWEST, HIGHEST, SKULL = 0, 8, 6
#: The 27 basic weapons, one per type and value (RX1: an assumption; a game deals 24).
WEAPONS = tuple(f"{kind}-{value}" for kind in TYPES for value in range(LOWEST, HIGHEST + 1))
#: The advanced deck as self-play and the films deal it (RX16; the texts give no composition, so
#: this is the project's assumption): each value on three cards, each type once on top.
ADVANCED = tuple(f"{top}+{TYPES[(k + 1) % 3]}-{value}" for value in range(LOWEST, HIGHEST + 1)
                 for k, top in enumerate(TYPES))


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon as printed: its types (top half first) and its value."""

    types: tuple[str, ...]
    value: int

    @property
    def skull(self) -> bool:
        """Whether the card shows a skull (printed values 6 to 8; an effect's value gains none)."""
        return self.value >= SKULL

    def bears(self, kind: str) -> bool:
        """Whether the card bears weapon type ``kind`` (on either half, for an advanced card)."""
        return kind in self.types


@functools.lru_cache(maxsize=512)  # a few dozen names, parsed at every check
def weapon(card: str) -> Weapon:
    """The weapon named ``card`` (``fist-3``; advanced ``sabres+pistols-4``), or MalformedInput."""
    kinds, _, value = card.rpartition("-")
    types = tuple(kinds.split("+"))
    if (not value.isdigit() or not LOWEST <= int(value) <= HIGHEST or not 1 <= len(types) <= 2
            or any(kind not in TYPES for kind in types) or len(set(types)) != len(types)):
        raise MalformedInput(Text("unknown_card", card=card, game="Rixes"))
    return Weapon(types, int(value))


def weapon_words(card: str) -> Words | str:
    """``card`` in words: "fist 5" / "poing 5", "sabres/pistols 4" / "sabres/pistolets 4"; a name
    that is no weapon as it is.

    >>> weapon_words("pistols-7").fr, weapon_words("sabres+pistols-4").en
    ('pistolets 7', 'sabres/pistols 4')
    """
    try:
        card_weapon = weapon(card)
    except MalformedInput:
        return card
    kinds = [Text(f"rixes_type_{kind}") for kind in card_weapon.types]
    if len(kinds) == 2:
        return Text("rixes_weapon_two", top=kinds[0], bottom=kinds[1], value=card_weapon.value)
    return Text("rixes_weapon", kind=kinds[0], value=card_weapon.value)


def two_types(card: str) -> bool:
    """Whether ``card`` names an advanced weapon (two types, RX16)."""
    try:
        return len(weapon(card).types) == 2
    except MalformedInput:
        return False


__all__ = ["ADVANCED", "HIGHEST", "LOWEST", "SKULL", "TYPES", "WEAPONS", "Weapon", "two_types", "weapon"]
