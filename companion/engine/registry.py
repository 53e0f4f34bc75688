"""The games the companion referees, by record name (like python-chess's ``VARIANTS``).

The games themselves are found through their specs (:mod:`companion.engine.spec`): this module
names none of them.
"""

from __future__ import annotations

from typing import Any

from companion.engine.game import Game
from companion.engine.spec import find_spec, specs
from companion.errors import UnknownGame
from companion.text import Text


def refereed() -> dict[str, type[Game[Any]]]:
    """The rules class of every refereed game, by record name.

    >>> sorted(refereed())
    ['ascension', 'crew', 'rixes', 'tranquility']
    """
    return {spec.name: spec.rules for spec in specs() if spec.rules is not None}


def find_game(name: str) -> type[Game[Any]]:
    """The rules class of the game registered as ``name``, or :class:`UnknownGame`.

    >>> find_game("tranquility").title.fr
    'Tranquillité'
    """
    rules = find_spec(name).rules
    if rules is None:
        raise UnknownGame(Text("unknown_game", name=name, known=", ".join(refereed())))
    return rules
