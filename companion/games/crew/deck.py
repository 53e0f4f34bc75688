"""The Crew's card faces as the camera sees them; their names are this project's (``companion/RECORD.md``)."""

from companion.engine.deck import YELLOW, Face

# Colours a camera tells apart; not the printed inks, which the texts do not give.
PINK, BLUE = (170, 90, 230), (200, 120, 30)
CREW_GREEN, SUB = (80, 170, 40), (60, 60, 60)


def faces() -> tuple[Face, ...]:
    """The deck's faces (the card back excluded), in a fixed order."""
    # The rulebook gives each colour a relief symbol (Remarque, section Matériel).
    suits = {"pink": (PINK, "square"), "yellow": (YELLOW, "cross"), "blue": (BLUE, "circle"),
             "green": (CREW_GREEN, "triangle-down")}
    # One card of each colour and value: 36 colour cards and 4 Sous-marins (section Matériel).
    faces = [Face(f"{suit}-{v}", "crew", "suit", str(v), colour, (symbol,), True,
                  "colour and symbol from the rulebook; value 1 to 9", 1)
             for suit, (colour, symbol) in suits.items() for v in range(1, 10)]
    faces += [Face(f"sub-{v}", "crew", "submarine", str(v), SUB, ("submarine",), False,
                   "trump suit, values 1 to 4", 1) for v in range(1, 5)]
    return tuple(faces)
