"""Rixes' card faces as the camera sees them; their names are this project's (``companion/RECORD.md``)."""

from companion.engine.deck import Face

# Colours a camera tells apart; not the printed inks, which the texts do not give.
FIST, SABRES, PISTOLS = (70, 120, 200), (170, 170, 170), (50, 50, 50)


def faces() -> tuple[Face, ...]:
    """The deck's faces (the card back excluded), in a fixed order."""
    types = {"fist": FIST, "sabres": SABRES, "pistols": PISTOLS}
    # One card of each weapon and value; a game deals 24 of the 27 (8 to each of three Capitaines).
    return tuple(Face(f"{kind}-{v}", "rixes", "weapon", str(v), colour,
                      (kind,) + (("skull",) if v >= 6 else ()), False,
                      "Poing, Sabres or Pistolets, value 0 to 8; 6, 7 and 8 show a skull (rules)", 1)
                 for kind, colour in types.items() for v in range(0, 9))
