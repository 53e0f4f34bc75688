"""Tranquillité's card faces as the camera sees them, with the names of the game record."""

from companion.engine.deck import GREY, YELLOW, Face

# Colours a camera tells apart; not the printed inks, which the texts do not give.
SEA = (150, 110, 40)
SAND = (120, 200, 235)


def faces() -> tuple[Face, ...]:
    """The deck's faces (the card back excluded), in a fixed order."""
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
    return tuple(faces)
