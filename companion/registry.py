"""The games the companion referees, by record name (like python-chess's ``VARIANTS``)."""

from __future__ import annotations

from typing import Any

from companion.ascension import Ascension
from companion.errors import UnknownGame
from companion.game import Game
from companion.text import Text
from companion.tranquility import Tranquility

GAMES: dict[str, type[Game[Any]]] = {cls.name: cls for cls in (Tranquility, Ascension)}


def find_game(name: str) -> type[Game[Any]]:
    """The game class registered as ``name``, or :class:`UnknownGame`.

    >>> find_game("tranquility").title.fr
    'Tranquillité'
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGame(Text("unknown_game", name=name, known=", ".join(GAMES))) from None
