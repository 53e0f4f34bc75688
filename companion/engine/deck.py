"""A card face as the camera sees it, shared by every game's deck (``companion/games/<game>/deck.py``).

Each :class:`Face` says what a real card shows that a camera can read: the big value, the colour
of its suit or terrain, its icons. Where the look of a real card is not in the rulebooks,
``known`` is False and ``note`` says what was assumed: the synthetic renderer then draws the
information, not the artwork.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]  # BGR, as OpenCV draws

# Colours a camera tells apart, shared by several decks; not the printed inks, which the texts do not give.
GREY = (128, 128, 128)
YELLOW = (40, 210, 240)


@dataclass(frozen=True, slots=True)
class Face:
    """What one kind of card face shows, as far as a camera is concerned."""

    #: The record name ("27", "9r+ibex", "pink-7").
    name: str
    game: str
    #: What kind of card it is ("island", "versant", "suit", "weapon", "back", ...).
    kind: str
    #: The large text in the corners and centre ("27", "9", "" for none).
    label: str
    #: The dominant colour of the face (terrain, suit, weapon type).
    colour: Colour
    #: Symbols printed on the face ("ibex", "square", "skull", "sun-moon"...).
    icons: tuple[str, ...] = ()
    #: Whether the rulebooks say what the real card looks like.
    known: bool = False
    note: str = ""
    #: The most cards showing this face that lie face up on one table at once in a game (the
    #: rulebooks, ``RULINGS.md``); None where the texts set no bound (a card face down).
    most: int | None = None


#: A card face down, in every game.
BACK = Face("back", "any", "back", "", (90, 60, 40), ("back",), False, "a card face down")
