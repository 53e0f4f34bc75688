"""L'Ascension's card faces as the camera sees them, with the names of the game record."""

from companion.engine.deck import GREY, Face

# Colours a camera tells apart; not the printed inks, which the texts do not give.
GREEN = (60, 150, 60)
SNOW = (235, 225, 215)
ROCK = (60, 70, 170)


def faces() -> tuple[Face, ...]:
    """The deck's faces (the card back excluded), in a fixed order."""
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
    return tuple(faces)
