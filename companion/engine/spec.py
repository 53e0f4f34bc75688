"""One spec per game: the one object every layer asks about a game.

A game is one package under :mod:`companion.games` whose ``__init__`` defines ``SPEC``, a
:class:`GameSpec`. The rules engine, the command line, the watcher, the renderer and the page ask
:func:`find_spec` (or :func:`specs`) and never name a game themselves, as python-chess's SVG and
PGN code never name a variant. Adding a game means adding its package; a test may also
:func:`register` a made-up game.

The spec holds plain data and references into the game's own package only: it imports nothing of
``vision``, ``hardware``, ``web`` or ``models``, which read what they need from it.

>>> find_spec("tranquility").title.fr
'Tranquillité'
>>> [spec.name for spec in specs() if spec.rules is None]
[]
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from companion.engine.deck import Face
from companion.errors import UnknownGame
from companion.text import Text, Words

if TYPE_CHECKING:
    from companion.engine.events import Event
    from companion.engine.game import Game
    from companion.engine.record import Header
    from companion.engine.simulator import Policy


class SelfPlaying(Protocol):
    """A game played by the computer with real hidden hands, through the referee: what the demo, the
    benchmark and the films read of it (:class:`~companion.engine.simulator.Simulator` is one)."""

    @property
    def header(self) -> Header:
        """The record's header, the game's own set-up included."""
        ...

    @property
    def game(self) -> Game[Any]:
        """The referee, as the events left it."""
        ...

    @property
    def events(self) -> list[Event]:
        """The record's events so far."""
        ...

    def run(self, max_events: int = ...) -> list[Event]:
        """Play until the game has an outcome (or ``max_events``); the record's events."""
        ...


class SelfPlayFactory(Protocol):
    """Builds a self-play simulator of the game with its options, players' policy and mistakes."""

    def __call__(self, players: int, rng: random.Random, *, options: Mapping[str, object] | None = ...,
                 policy: Policy = ..., mistakes: float = ..., checked: bool = ...) -> SelfPlaying:
        """The simulator of a game of ``players`` players drawing its chances from ``rng`` (a game may
        seat more than its players: The Crew's Tonoja)."""
        ...
#: A lattice position ``(u, v)``: ``u`` in card widths to the right, ``v`` in card heights upward.
Place = tuple[float, float]


@dataclass(frozen=True, slots=True)
class LayoutData:
    """Where a game lays its cards for the camera, as plain data: cells on a lattice of card
    pitches and the cards that never move around them (:mod:`vision.watch.layouts` builds on it)."""

    #: Record names of the cells the camera reads, in the engine's order.
    cells: tuple[str, ...]
    #: The lattice position of every cell, in the order of :attr:`cells`.
    lattice: tuple[tuple[str, Place], ...]
    #: Lattice positions of the cards that never move (Tranquillité's frame, the Panoramas).
    static: tuple[Place, ...]
    #: The shape of the static cards: a card's rectangle or a triangle (a Panorama).
    static_shape: Literal["card", "triangle"]
    #: The record name of the static cards, as the classifier reads them.
    static_name: str
    #: The four outer corners of the play area for a manual setting (bottom left, bottom right,
    #: top right, top left), each as (cell, corner of its card: 0 top-left, clockwise).
    corners: tuple[tuple[str, int], tuple[str, int], tuple[str, int], tuple[str, int]]
    #: The finest step of ``u``: 1.0, or 0.5 where rows are offset by half a card (the pyramid).
    u_step: float = 1.0
    #: Each card above the lowest row rests on the cards of the row below that it overlaps (a
    #: pyramid): a card seen over an empty cell makes the watcher check its placement again.
    rests_on: bool = False
    #: Places beside the cells where cards of the game lie and move that no cell holds
    #: (Tranquillité's reef and purple storms on a row's left border), with their lattice
    #: positions: the watcher reads them like cells, what lies beneath (a border card) as bare, and
    #: a card laid there or taken away is the game's :attr:`VisionSpec.beside` event.
    sides: tuple[tuple[str, Place], ...] = ()


@dataclass(frozen=True, slots=True)
class SceneData:
    """How the renderer lays a game's table in the synthetic scenes its networks learn from and are
    measured on, as plain data: :mod:`models.render.scenes` draws the game's board kind from it, in
    the cells of its :class:`LayoutData` (a grid, a pyramid) or before the seats (tricks)."""

    #: The layouts' names, the first the one a seed draws most often, the last the other: a name
    #: ending in ``-full`` fills every cell.
    layouts: tuple[str, ...]
    #: The kinds of the deck's faces dealt into the cells (Tranquillité's islands); empty where the
    #: whole deck is dealt before the seats.
    dealt: frozenset[str] = frozenset()
    #: The cells that hold one card of their own, never dealt: (cell, face, share of the partial
    #: layouts that lay it; a full one always does), in the order they are laid.
    fixed: tuple[tuple[str, str, float], ...] = ()
    #: The kinds of the faces an expansion lays on the table too (Tranquillité's reef, monsters,
    #: storms, compasses): dealt among the :attr:`dealt` ones in the classifier's scenes, so that it
    #: learns them, and in the other scenes only when asked (``modules``): the finder and its
    #: measures keep the base game's tables.
    modules: frozenset[str] = frozenset()
    #: How many times more often than a dealt face a module's face is dealt in the held-out scenes
    #: asked to deal them (six faces among 80 islands would be measured on too few cards). Training
    #: scenes deal every face alike.
    module_weight: float = 1.0


@dataclass(frozen=True, slots=True)
class VisionSpec:
    """What the camera side needs to know about a game, as plain data."""

    #: What the finder ``auto`` stands for: ``lean`` (the finder network placed by one look of
    #: the lean refiner), ``network`` (the full finder without contours) or ``both``.
    finder: Literal["lean", "network", "both"] = "both"
    #: Its cards lie in the cells of a layout that the watcher can follow (a grid, a pyramid).
    watched: bool = False
    #: The demo is filmed and read by the watcher unless ``--feed`` says otherwise.
    filmed: bool = False
    #: Some cards are grey (L'Ascension's Pont): a bare cell whose card sides show reads as a card.
    grey_cards: bool = False
    #: An accepted card never leaves its cell but by an undo (a card read gone must stay gone a
    #: while before the watcher believes it).
    accepted_stay: bool = False
    #: The one face printed as a triangle on its card (L'Ascension's Panorama), read by its shape
    #: where the classifier is unsure; None for a game of rectangles only.
    triangular: str | None = None
    #: The cards another card may be laid over by the rules (L'Ascension's Pont, A4).
    laid_over: frozenset[str] = frozenset()
    #: A Feu de camp takes an accepted card's place and moves it up (L'Ascension): a card taken
    #: away waits for one, and a card laid again is its move. The event it makes, built as
    #: ``(card, at, move_to, **meta)``; None where no card moves another.
    campfire: Callable[..., Event] | None = None
    #: Cards laid on an accepted card as a move of the game, taking it away with them (Tranquillité's
    #: sea monster, T14): a play, not a card laid over another against the rules.
    laid_on: frozenset[str] = frozenset()
    #: The event a card laid at a side place (:attr:`LayoutData.sides`) or taken from it means,
    #: built as ``(place, taken, laid)`` (each a card name or None; the static card beneath counts
    #: as none), or None where it means none (the reef leaving a row it is moved from).
    beside: Callable[[str, str | None, str | None], Event | None] | None = None
    #: The game's event turning a card half round in its cell (Tranquillité's Jour et nuit ``rotate``,
    #: built with ``at``): a card the camera sees turned where it lay. None: no such move.
    turn: Callable[..., Event] | None = None
    #: The renderer's synthetic scenes of the game; None where it draws none.
    scenes: SceneData | None = None
    #: Where the shipped classifier's training recipe differs from the defaults
    #: (:class:`models.training.classifier.Recipe`): (field, value) pairs.
    recipe: tuple[tuple[str, int | float | bool], ...] = ()

    @property
    def bench_layout(self) -> str | None:
        """The renderer's layout laying the most cards (the frames ``bench vision`` times: the
        scenes' layout filling every cell), or None where no table holds a grid's worth of cards."""
        layouts = self.scenes.layouts if self.scenes is not None else ()
        return next((name for name in layouts if name.endswith("-full")), None)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a layer may ask about one game."""

    #: Registry name, as in the record header ("tranquility").
    name: str
    #: The title shown to players.
    title: Words
    #: The rules class, or None while the game is read by the camera but not yet refereed.
    rules: type[Game[Any]] | None = None
    #: How the page draws the table: a grid of cells, a pyramid, or tricks before the seats.
    board: Literal["grid", "pyramid", "tricks", "none"] = "none"
    #: How the page draws the table where its state is not its board's usual one (Rixes' Bagarre,
    #: a trick game of three captains): the page's drawer of that name; None: the board's.
    drawing: str | None = None
    #: What the camera side needs to know.
    vision: VisionSpec = field(default_factory=VisionSpec)
    #: Where the game comes in lists of games (the order games were added): the command line's
    #: choices, and the finder's training scenes, which cycle through the games in this order.
    order: int = 100
    #: The self-play simulator with options, policy and mistakes (the demo's, the benchmark's, the
    #: films'), or None where the game has no rules yet.
    selfplay: SelfPlayFactory | None = None
    #: The card names and the cells a random placement draws from (``bench rules``' checks).
    placements: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: Where its cards lie in cells the camera follows; None where they lie in tricks.
    layout: LayoutData | None = None
    #: Where its cards lie for a game's options, where a variant lays them otherwise (Tranquillité's
    #: Grande Arche and Pyramide); None: always :attr:`layout`.
    variant_layout: Callable[[Mapping[str, object]], LayoutData] | None = None
    #: BoardGameGeek's id of the game, for the exports; None where it was not looked up.
    bgg_id: int | None = None
    #: The faces of its deck as the camera sees them (the card back excluded), in a fixed order:
    #: the classifier's classes, the renderer's cards.
    deck: Callable[[], tuple[Face, ...]] | None = None

    def layout_for(self, options: Mapping[str, object]) -> LayoutData | None:
        """Where a game with ``options`` lays its cards (:attr:`variant_layout`, else :attr:`layout`)."""
        if self.variant_layout is not None and self.layout is not None:
            return self.variant_layout(options)
        return self.layout

    @property
    def refereed(self) -> bool:
        """Whether the companion referees this game (it has rules)."""
        return self.rules is not None

    @property
    def usual_players(self) -> int:
        """The seats a command plays when none are asked: 3, or as near as the rules allow (Rixes: 2)."""
        rules = self.rules
        return 3 if rules is None else min(max(3, rules.min_players), rules.max_players)


_SPECS: dict[str, GameSpec] = {}


@functools.cache
def _discover() -> None:
    """Import every game package under :mod:`companion.games` once, registering its ``SPEC``."""
    package = importlib.import_module("companion.games")
    for module in pkgutil.iter_modules(package.__path__):
        if not module.ispkg:
            continue
        game = importlib.import_module(f"companion.games.{module.name}")
        spec = getattr(game, "SPEC", None)
        if isinstance(spec, GameSpec) and spec.name not in _SPECS:
            _SPECS[spec.name] = spec


def register(spec: GameSpec) -> GameSpec:
    """Register ``spec`` (a game outside :mod:`companion.games`, or a test's made-up game)."""
    _discover()
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Forget the game registered as ``name`` (tests that registered a made-up game)."""
    _SPECS.pop(name, None)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game's spec, in name order."""
    _discover()
    return tuple(_SPECS[name] for name in sorted(_SPECS))


def in_order() -> tuple[GameSpec, ...]:
    """Every registered game's spec in :attr:`GameSpec.order`, then name order."""
    return tuple(sorted(specs(), key=lambda spec: spec.order))


def find_spec(name: str) -> GameSpec:
    """The spec registered as ``name``, or :class:`~companion.errors.UnknownGame`."""
    _discover()
    try:
        return _SPECS[name]
    except (KeyError, TypeError):
        raise UnknownGame(Text("unknown_game", name=name, known=", ".join(sorted(_SPECS)))) from None
