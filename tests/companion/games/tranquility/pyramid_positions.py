"""Positions of the Pyramide (T18) for its rule tests: cells, storms, Jokers, the explorer cards
already out of the pile and those the active seat may hold.

The two border cards lie at ``c1`` (index 2) and ``d3`` (index 18) unless a position says otherwise.
Pyramid indexes: row 1 ``a1``..``h1`` 0-7, row 2 ``a2``..``g2`` 8-14, row 3 15-20, row 4 21-25,
row 5 26-29, row 6 30-32, row 7 ``a7`` ``b7`` 33-34, ``a8`` 35.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion import Event, Play, Tranquility
from companion.games.tranquility.board import PYRAMID
from companion.games.tranquility.explorer import JOKER, composition
from companion.games.tranquility.pyramid import Pyramid

BORDERS = ("c1", "d3")
OPTIONS = {"variant": "pyramid", "pyramid_borders": list(BORDERS)}
#: Every explorer card of the default pile, as drawn cards.
WHOLE_PILE = tuple(card for card, n in composition(Pyramid.check_options(OPTIONS)).items() for _ in range(n))
#: The pyramid full, 1 to 36 in sequence order.
FULL = {cell: i + 1 for i, cell in enumerate(PYRAMID.cells)}


def joker(value: int | str, at: str, player: int | None = None) -> Play:
    """A Joker (border card) laid at ``at`` standing for ``value``."""
    return Play(JOKER, at, as_=str(value), player=player)


@dataclass(frozen=True)
class PyrPos:
    """A Pyramide position; ``held`` is how many explorer cards the active seat may hold, ``drawn``
    the explorer cards already out of the pile, ``then`` events accepted after, ``flag`` refused."""

    cells: Mapping[str, int] = field(default_factory=dict)
    hand: int = 5
    players: int = 3
    turn: int = 1
    hands: tuple[int, ...] | None = None
    decks: tuple[int, ...] | None = None
    held: int = 0
    storms: Mapping[str, str] = field(default_factory=dict)
    jokers: Mapping[str, int] = field(default_factory=dict)
    drawn: tuple[str, ...] = ()
    compasses: int = 0
    borders: tuple[str, ...] = BORDERS
    options: Mapping[str, object] = field(default_factory=dict)
    then: tuple[Event, ...] = ()
    flag: Play | None = None

    def game(self) -> Pyramid:
        """Build the position: each ``then`` event must be accepted, then ``flag`` is refused."""
        hands = (list(self.hands) if self.hands is not None
                 else [self.hand if seat == self.turn else 5 for seat in range(1, self.players + 1)])
        game = Tranquility.from_position(
            self.players, cells={**self.cells, **self.jokers}, hands=hands,
            decks=None if self.decks is None else list(self.decks), turn=self.turn,
            options={**OPTIONS, "pyramid_borders": list(self.borders), **self.options})
        assert isinstance(game, Pyramid)
        index = PYRAMID.index
        game.storms = {index[cell]: card for cell, card in self.storms.items()}
        game.jokers = frozenset(index[cell] for cell in self.jokers)
        game.bare = frozenset(i for i in game.borders if not game.cells[i] and i not in game.storms)
        game.held[self.turn - 1] = game.kept[self.turn - 1] = self.held
        for card in self.drawn:
            game.pile = game.pile.draw(card)
        game.compasses = self.compasses
        game._changed()
        for event in self.then:
            ruling = game.play(event)
            assert ruling.legal, ruling.message_en
        if self.flag is not None:
            assert not game.play(self.flag).legal
        return game
