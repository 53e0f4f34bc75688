"""Every card face the camera may see, by game, with the names of the game record.

The faces come from each game's own deck (``companion/games/<game>/deck.py``, reached through
:attr:`companion.engine.spec.GameSpec.deck`); this module is the one view of them for the
renderer, the classifier's classes, the detector's output and how many cards of each face lie on
a table at once (the watcher's question when a card is read in two places, and the reading
again's discount of a card read elsewhere). A 6 and a 9 are drawn underlined in the decks that
hold both and have no sun and moon to show a card's top (L'Ascension and The Crew), as most decks
print them: assumed, the rulebooks do not show it.

>>> len(faces("tranquility")), len(faces("ascension")), len(faces("crew")), len(faces("rixes"))
(89, 79, 40, 27)
>>> FACES["ascension"]["9r+ibex"].label, FACES["ascension"]["9r+ibex"].icons
('9', ('ibex',))
"""

from __future__ import annotations

from companion.engine.deck import BACK, Face
from companion.engine.spec import specs

#: The games with a deck the camera reads, in name order.
GAMES: tuple[str, ...] = tuple(spec.name for spec in specs() if spec.deck is not None)

#: Faces by game, then by record name; every game's dict also holds ``back``.
FACES: dict[str, dict[str, Face]] = {
    spec.name: {face.name: face for face in [*spec.deck(), BACK]} for spec in specs() if spec.deck is not None
}


#: The one face of a game printed as a triangle on its card (L'Ascension's Panorama): the finder
#: network tells a triangle from a card's rectangle (:class:`vision.find.segment.Outlines`), whatever
#: the classifier reads on it.
TRIANGULAR: dict[str, str] = {spec.name: spec.vision.triangular for spec in specs()
                               if spec.vision.triangular is not None}


def laid_in_cells(game: str) -> bool:
    """Whether ``game`` lays its cards apart in the cells of a layout the camera follows (a grid, a
    pyramid), rather than in tricks before the players, overlapping; False for a game not registered.

    >>> laid_in_cells("ascension"), laid_in_cells("crew"), laid_in_cells("chess")
    (True, False, False)
    """
    return any(spec.name == game and spec.vision.watched for spec in specs())


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


__all__ = [
    "BACK", "FACES", "GAMES", "ONE_COPY", "TRIANGULAR", "Face",
    "class_names", "faces", "laid_in_cells", "most",
]
