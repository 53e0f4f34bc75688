"""What the camera sees of *Mers agitées* beside the grid (T22): the reef on a row's left border
card and the purple storms left of it, and what a card laid there or taken away means.

Row ``r``'s border card is the side place ``reef<r>`` and the table left of it ``storm<r>``
(:attr:`companion.engine.spec.LayoutData.sides`): a storm lies apart from the reef, so that the
camera sees both where they close one row (**decision**, the rulings' T22). The reef laid on a
row's border is the reef step moving it there (``reef`` ``to``); taken off a row it is nothing by
itself (it moves, or leaves the game once four rows are full). A purple storm laid beside a row
is that storm drawn (``drawn`` ``row``, by the seat that drew last); taken away, a compass spent to
end it (``compass`` ``ends`` ``row``). The yellow and orange storms lie before their seat, out of
the grid's picture: they are told on the page.

>>> beside_event("reef3", None, "reef")
Reef(player=None, source=None, t=None, confidence=None, to=3, stay=False)
>>> beside_event("reef3", "reef", None) is None
True
>>> beside_event("storm5", "storm-purple", None).to_json()["row"]
5
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.events import Event
from companion.engine.spec import Place
from companion.games.tranquility.events import Compass, Drawn, Reef, StartDiscards

ROWS = 6
PURPLE = "storm-purple"
REEF = "reef"

#: The side places of the grid: each row's left border card (the reef's) and the table left of it
#: (the purple storms'), at lattice positions (-1, r - 1) and (-2, r - 1).
BORDERS: tuple[tuple[str, Place], ...] = (
    *((f"{REEF}{row}", (-1.0, float(row - 1))) for row in range(1, ROWS + 1)),
    *((f"storm{row}", (-2.0, float(row - 1))) for row in range(1, ROWS + 1)))


def place_of(card: str, row: int) -> str:
    """The side place where ``card`` (the reef or a purple storm) lies to close row ``row``.

    >>> place_of("reef", 3), place_of("storm-purple", 3)
    ('reef3', 'storm3')
    """
    return f"{REEF}{row}" if card == REEF else f"storm{row}"


def row_of(place: str) -> tuple[str, int] | None:
    """The card a side place holds (``reef`` or ``storm-purple``) and its row, or None.

    >>> row_of("storm6"), row_of("reef1"), row_of("a1"), row_of("reef9")
    (('storm-purple', 6), ('reef', 1), None, None)
    """
    for card, prefix in ((REEF, REEF), (PURPLE, "storm")):
        number = place[len(prefix):]
        if place.startswith(prefix) and number.isdigit() and 1 <= int(number) <= ROWS:
            return card, int(number)
    return None


def beside_event(place: str, taken: str | None, laid: str | None) -> Event | None:
    """The event of ``laid`` put at a side place, or of ``taken`` taken from it (``laid`` None);
    None where it means no event (the reef lifted to be moved, a card of no meaning there).

    >>> beside_event("storm2", None, "reef") is None
    True
    """
    found = row_of(place)
    if found is None:
        return None
    card, row = found
    if laid == card == REEF:
        return Reef(to=row)
    if laid == card == PURPLE:
        return Drawn(card=PURPLE, row=row)
    if taken == card == PURPLE and laid is None:
        return Compass(ends=PURPLE, row=row)
    return None


def cards_beside(reef_row: int | None, purple: tuple[int, ...]) -> dict[str, str]:
    """The cards at the side places: the reef on its row's border, the purple storms beside theirs.

    >>> cards_beside(2, (2, 4))
    {'reef2': 'reef', 'storm2': 'storm-purple', 'storm4': 'storm-purple'}
    """
    out = {place_of(REEF, reef_row): REEF} if reef_row is not None else {}
    out.update({place_of(PURPLE, row): PURPLE for row in purple})
    return out


def drawer(player: int | None, moves: Sequence[Event], turn: int, players: int) -> int | None:
    """The seat (from 0) that drew a storm: ``player``'s, or for a storm seen laid by the camera,
    which cannot tell whose it is, the seat that drew last, the one before ``turn`` (from 0); None
    where that is no one seat (before any action, or just after the Start card's split, when every
    seat drew): the page asks.

    >>> drawer(None, [Reef(to=2)], 0, 3), drawer(2, [], 0, 3), drawer(None, [], 0, 3)
    (2, 1, None)
    """
    if player is not None:
        return player - 1
    if not moves or any(isinstance(move, StartDiscards) for move in moves[-2:]):
        return None
    return (turn - 1) % players
