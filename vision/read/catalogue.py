"""Every card face the camera may see, by game, with the names of the game record.

One source of truth for the renderer, the classifier's classes, the
detector's output and how many cards of each face lie on a table at once (the
watcher's question when a card is read in two places, and the reading again's
discount of a card read elsewhere). Each :class:`Face` says what a real card shows that a camera
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
    #: The most cards showing this face that lie face up on one table at once in a game (the
    #: rulebooks, ``RULINGS.md``); None where the texts set no bound (a card face down).
    most: int | None = None


def _tranquility() -> list[Face]:
    note = ("island art not described; the number is printed large in two corners and the centre. "
            "Jour et nuit cards show a sun at one end and a moon at the other (variant sheet)")
    # How many at once: one of each island, and one start and one finish card in a grid (the box
    # holds five of each, but a game lays one); the 25 border cards of the frame; of Mers agitées
    # the one Récifs acérés card, a Monstre marin leaving the table with the card it is played on,
    # six Tempêtes in all (how they share the three colours the texts do not say) and six Boussoles.
    faces = [Face(str(v), "tranquility", "island", str(v), SEA, ("sun-moon",), False, note, 1)
             for v in range(1, 81)]
    storm = "Mers agitées; six Tempêtes in all, how many of each colour the texts do not say"
    faces += [
        Face("start", "tranquility", "start", "", SAND, ("ship",), False, "a ship leaving: no number", 1),
        Face("finish", "tranquility", "finish", "", SAND, ("island",), False, "an island: no number", 1),
        Face("border", "tranquility", "border", "", SEA, ("ship",), True,
             "the ship drawn at front and back (section 3)", 25),
        Face("reef", "tranquility", "reef", "", GREY, ("reef",), False, "Mers agitées", 1),
        Face("monster", "tranquility", "monster", "", GREY, ("monster",), False, "Mers agitées", 1),
        Face("storm-yellow", "tranquility", "storm", "", YELLOW, ("storm",), False, storm, 6),
        Face("storm-purple", "tranquility", "storm", "", (150, 40, 120), ("storm",), False, storm, 6),
        Face("storm-orange", "tranquility", "storm", "", (30, 130, 240), ("storm",), False, storm, 6),
        Face("compass", "tranquility", "compass", "", GREY, ("compass",), False, "Mers agitées", 6),
    ]
    return faces


def _ascension() -> list[Face]:
    terrains = {"g": GREEN, "s": SNOW, "r": ROCK}
    note = ("Versant art not described; value large, terrain colour "
            "(herbeux green, enneigé white, rocheux red)")
    # How many at once (RULINGS A1, A6): two Versants of each value and terrain (which of them
    # carry the ibex the texts do not say, so either face may be both), one Feu de camp a terrain,
    # the one Sommet crowning the mountain (of 5 in the box), up to 5 Ponts (the card-set option
    # ``bridges``), the 3 Grappins of the solo mode, 10 Panoramas.
    faces = [
        Face(f"{v}{t}" + ("+ibex" if ibex else ""), "ascension", "versant", str(v), colour,
             ("ibex",) if ibex else (), False, note, 2)
        for v in range(1, 13) for t, colour in terrains.items() for ibex in (False, True)
    ]
    faces += [Face(f"campfire-{t}", "ascension", "campfire", "", colour, ("fire",), False,
                   "a Feu de camp in its terrain's colour", 1) for t, colour in terrains.items()]
    faces += [
        Face("summit", "ascension", "summit", "", SNOW, ("peak",), False, "the mountain top", 1),
        Face("bridge", "ascension", "bridge", "", GREY, ("bridge",), False,
             "a rope bridge: no value, no terrain", 5),
        Face("grapple", "ascension", "grapple", "", GREY, ("grapple",), False, "solo only", 3),
        Face("panorama", "ascension", "panorama", "", SNOW, ("sequence",), True,
             "triangular; its back shows a sequence of values (section 1)", 10),
    ]
    return faces


def _crew() -> list[Face]:
    # The rulebook gives each colour a relief symbol (Remarque, section Matériel).
    suits = {"pink": (PINK, "square"), "yellow": (YELLOW, "cross"), "blue": (BLUE, "circle"),
             "green": (CREW_GREEN, "triangle-down")}
    # One card of each colour and value: 36 colour cards and 4 Sous-marins (section Matériel).
    faces = [Face(f"{suit}-{v}", "crew", "suit", str(v), colour, (symbol,), True,
                  "colour and symbol from the rulebook; value 1 to 9", 1)
             for suit, (colour, symbol) in suits.items() for v in range(1, 10)]
    faces += [Face(f"sub-{v}", "crew", "submarine", str(v), SUB, ("submarine",), False,
                   "trump suit, values 1 to 4", 1) for v in range(1, 5)]
    return faces


def _rixes() -> list[Face]:
    types = {"fist": FIST, "sabres": SABRES, "pistols": PISTOLS}
    # One card of each weapon and value; a game deals 24 of the 27 (8 to each of three Capitaines).
    return [Face(f"{kind}-{v}", "rixes", "weapon", str(v), colour,
                 (kind,) + (("skull",) if v >= 6 else ()), False,
                 "Poing, Sabres or Pistolets, value 0 to 8; 6, 7 and 8 show a skull (rules)", 1)
            for kind, colour in types.items() for v in range(0, 9)]


BACK = Face("back", "any", "back", "", (90, 60, 40), ("back",), False, "a card face down")

#: Faces by game, then by record name; every game's dict also holds ``back``.
FACES: dict[str, dict[str, Face]] = {
    game: {face.name: face for face in [*make(), BACK]}
    for game, make in (("tranquility", _tranquility), ("ascension", _ascension), ("crew", _crew),
                       ("rixes", _rixes))
}


#: The one face of a game printed as a triangle on its card (L'Ascension's Panorama): the finder
#: network tells a triangle from a card's rectangle (:class:`vision.find.segment.Outlines`), whatever
#: the classifier reads on it.
TRIANGULAR: dict[str, str] = {"ascension": "panorama"}


#: The faces one table shows one card of at most (:attr:`Face.most`): The Crew's 40 cards, Rixes'
#: 27, Tranquillité's islands 1 to 80, start and finish cards, Récifs acérés and Monstre marin,
#: L'Ascension's three Feux de camp and its Sommet; not Tranquillité's border cards nor
#: L'Ascension's Versants (two of each). What :func:`vision.read.reread.read_again` uses to discount a
#: cut that reads a card lying beside the one it asks about.
ONE_COPY: dict[str, frozenset[str]] = {
    game: frozenset(name for name, face in by_name.items() if face.most == 1)
    for game, by_name in FACES.items()
}


def most(game: str, name: str) -> int | None:
    """The most cards named ``name`` that lie face up on one table at once in ``game``
    (:attr:`Face.most`); None where the texts set no bound, or for a name not of its deck.

    >>> most("tranquility", "7"), most("tranquility", "border"), most("ascension", "7g")
    (1, 25, 2)
    """
    face = FACES[game].get(name)
    return None if face is None else face.most


def faces(game: str) -> list[Face]:
    """The faces of ``game``'s deck (the card back excluded), in a fixed order."""
    return [face for face in FACES[game].values() if face is not BACK]


def class_names(game: str) -> list[str]:
    """The classifier's classes for ``game``, in model order: every face of its deck, then ``back``."""
    return list(FACES[game])
