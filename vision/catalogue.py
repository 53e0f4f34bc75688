"""Every card face the camera may see, by game, with the names of the game record.

One source of truth for the renderer, the classifier's classes and the
detector's output. Each :class:`Face` says what a real card shows that a camera
can read: the big value, the colour of its suit or terrain, its icons. Where
the look of a real card is not in the rulebooks, ``known`` is False and
``note`` says what was assumed: the synthetic renderer then draws the
information, not the artwork. A 6 and a 9 are drawn underlined in the decks
that hold both and have no sun and moon to show a card's top (L'Ascension and
The Crew), as most decks print them: assumed, the rulebooks do not show it.

The Crew and Rixes are not in ``shared/RECORD.md`` yet; their names here
(``pink-7``, ``sub-2``, ``sabres-5``) are this project's, written in
``companion/RECORD.md``.

>>> len(faces("tranquility")), len(faces("ascension")), len(faces("crew")), len(faces("rixes"))
(89, 79, 40, 27)
>>> FACES["ascension"]["9r+ibex"].label, FACES["ascension"]["9r+ibex"].icons
('9', ('ibex',))
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]  # BGR, as OpenCV draws

GAMES = ("tranquility", "ascension", "crew", "rixes")

# Colours a camera tells apart; not the printed inks, which the texts do not give.
SEA = (150, 110, 40)
SAND = (120, 200, 235)
GREEN = (60, 150, 60)
SNOW = (235, 225, 215)
ROCK = (60, 70, 170)
PINK, BLUE, YELLOW = (170, 90, 230), (200, 120, 30), (40, 210, 240)
CREW_GREEN, SUB = (80, 170, 40), (60, 60, 60)
FIST, SABRES, PISTOLS = (70, 120, 200), (170, 170, 170), (50, 50, 50)
GREY = (128, 128, 128)


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


def _tranquility() -> list[Face]:
    note = ("island art not described; the number is printed large in two corners and the centre. "
            "Jour et nuit cards show a sun at one end and a moon at the other (variant sheet)")
    faces = [Face(str(v), "tranquility", "island", str(v), SEA, ("sun-moon",), False, note)
             for v in range(1, 81)]
    faces += [
        Face("start", "tranquility", "start", "", SAND, ("ship",), False, "a ship leaving: no number"),
        Face("finish", "tranquility", "finish", "", SAND, ("island",), False, "an island: no number"),
        Face("border", "tranquility", "border", "", SEA, ("ship",), True,
             "the ship drawn at front and back (section 3)"),
        Face("reef", "tranquility", "reef", "", GREY, ("reef",), False, "Mers agitées"),
        Face("monster", "tranquility", "monster", "", GREY, ("monster",), False, "Mers agitées"),
        Face("storm-yellow", "tranquility", "storm", "", YELLOW, ("storm",), False, "Mers agitées"),
        Face("storm-purple", "tranquility", "storm", "", (150, 40, 120), ("storm",), False, "Mers agitées"),
        Face("storm-orange", "tranquility", "storm", "", (30, 130, 240), ("storm",), False, "Mers agitées"),
        Face("compass", "tranquility", "compass", "", GREY, ("compass",), False, "Mers agitées"),
    ]
    return faces


def _ascension() -> list[Face]:
    terrains = {"g": GREEN, "s": SNOW, "r": ROCK}
    note = ("Versant art not described; value large, terrain colour "
            "(herbeux green, enneigé white, rocheux red)")
    faces = [
        Face(f"{v}{t}" + ("+ibex" if ibex else ""), "ascension", "versant", str(v), colour,
             ("ibex",) if ibex else (), False, note)
        for v in range(1, 13) for t, colour in terrains.items() for ibex in (False, True)
    ]
    faces += [Face(f"campfire-{t}", "ascension", "campfire", "", colour, ("fire",), False,
                   "a Feu de camp in its terrain's colour") for t, colour in terrains.items()]
    faces += [
        Face("summit", "ascension", "summit", "", SNOW, ("peak",), False, "the mountain top"),
        Face("bridge", "ascension", "bridge", "", GREY, ("bridge",), False,
             "a rope bridge: no value, no terrain"),
        Face("grapple", "ascension", "grapple", "", GREY, ("grapple",), False, "solo only"),
        Face("panorama", "ascension", "panorama", "", SNOW, ("sequence",), True,
             "triangular; its back shows a sequence of values (section 1)"),
    ]
    return faces


def _crew() -> list[Face]:
    # The rulebook gives each colour a relief symbol (Remarque, section Matériel).
    suits = {"pink": (PINK, "square"), "yellow": (YELLOW, "cross"), "blue": (BLUE, "circle"),
             "green": (CREW_GREEN, "triangle-down")}
    faces = [Face(f"{suit}-{v}", "crew", "suit", str(v), colour, (symbol,), True,
                  "colour and symbol from the rulebook; value 1 to 9")
             for suit, (colour, symbol) in suits.items() for v in range(1, 10)]
    faces += [Face(f"sub-{v}", "crew", "submarine", str(v), SUB, ("submarine",), False,
                   "trump suit, values 1 to 4") for v in range(1, 5)]
    return faces


def _rixes() -> list[Face]:
    types = {"fist": FIST, "sabres": SABRES, "pistols": PISTOLS}
    return [Face(f"{kind}-{v}", "rixes", "weapon", str(v), colour,
                 (kind,) + (("skull",) if v >= 6 else ()), False,
                 "Poing, Sabres or Pistolets, value 0 to 8; 6, 7 and 8 show a skull (rules)")
            for kind, colour in types.items() for v in range(0, 9)]


BACK = Face("back", "any", "back", "", (90, 60, 40), ("back",), False, "a card face down")

#: Faces by game, then by record name; every game's dict also holds ``back``.
FACES: dict[str, dict[str, Face]] = {
    game: {face.name: face for face in [*make(), BACK]}
    for game, make in (("tranquility", _tranquility), ("ascension", _ascension), ("crew", _crew),
                       ("rixes", _rixes))
}


#: The one face of a game printed as a triangle on its card (L'Ascension's Panorama): the finder
#: network tells a triangle from a card's rectangle (:class:`vision.segment.Outlines`), whatever
#: the classifier reads on it.
TRIANGULAR: dict[str, str] = {"ascension": "panorama"}


#: The faces a game's deck holds one card of: no two cards on a table show the same one. The Crew's
#: 40 cards and Rixes' 27 weapon cards are each one of a kind (one card of each colour, or weapon,
#: and value), and so are Tranquillité's islands 1 to 80 and its start and finish cards; its border
#: cards are many alike, and how many of each Mers agitées card there is the texts do not say.
#: L'Ascension's Versants repeat. What :func:`vision.reread.read_again` uses to discount a cut that
#: reads a card lying beside the one it asks about.
ONE_COPY: dict[str, frozenset[str]] = {
    "tranquility": frozenset([*(str(v) for v in range(1, 81)), "start", "finish"]),
    "crew": frozenset(face.name for face in _crew()),
    "rixes": frozenset(face.name for face in _rixes()),
}


def faces(game: str) -> list[Face]:
    """The faces of ``game``'s deck (the card back excluded), in a fixed order."""
    return [face for face in FACES[game].values() if face is not BACK]


def class_names(game: str) -> list[str]:
    """The classifier's classes for ``game``, in model order: every face of its deck, then ``back``."""
    return list(FACES[game])
