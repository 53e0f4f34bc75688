"""From changes of the table's facts to the events of the game record (or to a question).

The difference between two stable table states means something only with
what the engine knows: which cards it has accepted and which it has flagged.
:class:`TableView` is that knowledge; :class:`Interpreter` turns each
:class:`~vision.watch.stable.Change` into events with ``"source": "camera"``, the
time and the confidence:

* a card appearing on an empty cell is a ``play``;
* a flagged card leaving its cell, or lifted off the card it was laid on, is a
  ``take_back``;
* in L'Ascension, a card laid over another is a ``play`` (over a Pont it is a
  move of the game; over a Versant or a Feu de camp the engine flags it), and a
  Feu de camp replacing a Versant that reappears higher is a ``campfire``
  (with the Versant lifted first, and the Pont it covered showing a while);
* at a side place beside the cells (Tranquillité's rows' borders), a card laid
  or taken away is the game's ``beside`` event (the reef moved, a purple storm
  drawn or ended);
* anything else is a :class:`~vision.watch.stable.Prompt`, never a guess (G2): the
  same card in two places, a card read as another, an accepted card taken
  away with no undo (after ``grace`` seconds, so an undo told by the page or
  a Feu de camp's move may explain it first).

>>> from companion.engine.events import Play
>>> view = TableView({"a1": "12"}, frozenset())
>>> interpreter = Interpreter("tranquility", view)
>>> interpreter.interpret([Change("b1", None, "20", 3.0, 0.99)], {"a1": "12", "b1": "20"})
[Play(player=None, source='camera', t=3.0, confidence=0.99, card='20', at='b1', as_='', up='')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.events import Event, Play, TakeBack
from companion.engine.game import Game
from companion.engine.spec import VisionSpec, specs
from vision.read.catalogue import faces, most
from vision.watch.stable import Change, Prompt, split_half, with_half

Output = Event | Prompt


@dataclass(frozen=True, slots=True)
class TableView:
    """What the engine says lies on the table: cell to card, the cells whose card is flagged, and
    what lifting a cell's top card uncovers (the card a flagged one was laid on, a covered Pont)."""

    cards: Mapping[str, str]
    flagged: frozenset[str]
    beneath: Mapping[str, str] = field(default_factory=dict)
    #: Cards played and gathered that cannot lie anew where the camera looks (a trick game's cards
    #: of this round, Rixes' ``gone``): one seen again is a gathered heap passing a place.
    gone: frozenset[str] = frozenset()
    #: The cards whose half up counts (Tranquillité's Jour et nuit): read, and named here, with it
    #: (:func:`with_half`).
    oriented: frozenset[str] = frozenset()

    @classmethod
    def of(cls, game: Game[Any]) -> TableView:
        """The table as ``game`` knows it (:meth:`~companion.engine.game.Game.lying`,
        :meth:`~companion.engine.game.Game.covered` and
        :meth:`~companion.engine.game.Game.gathered`), each flagged card at its place
        (:meth:`~companion.engine.game.Game.place_of`) over what lay there."""
        oriented = frozenset(face.name for face in faces(game.name) if game.oriented(face.name))
        cards = {place: with_half(card, up) if card in oriented else card
                 for place, (card, up) in game.lying().items()}
        beneath = dict(game.covered())
        flagged = set()
        for flag in game.flagged:
            place = game.place_of(flag.event)
            if place is None:
                continue
            if place in cards:
                beneath[place] = cards[place]
            card, up = flag.event.card, getattr(flag.event, "up", "")
            cards[place] = with_half(card, up) if card in oriented else card
            flagged.add(place)
        gone = game.gathered() - set(cards.values())
        return cls(cards, frozenset(flagged), beneath, gone, oriented=oriented)

    @classmethod
    def empty(cls) -> TableView:
        """A table with nothing on it."""
        return cls({}, frozenset())


def copies_allowed(game: str, card: str) -> int:
    """How many cards of one name may lie on the table at once (:func:`vision.read.catalogue.most`):
    one of each Tranquillité card in its grid, two of each L'Ascension Versant, up to five Ponts;
    one of a name the texts set no bound for (a card face down) or of no card of the game."""
    return most(game, card) or 1


def _vision(game: str) -> VisionSpec:
    """What the camera knows of ``game`` from its spec; the defaults for a game not registered."""
    return next((spec.vision for spec in specs() if spec.name == game), VisionSpec())


def covered_by_rule(game: str, card: str) -> bool:
    """Whether laying a card over ``card`` is a move of the game: L'Ascension's Pont (A4).

    >>> covered_by_rule("ascension", "bridge"), covered_by_rule("tranquility", "7")
    (True, False)
    """
    return card in _vision(game).laid_over


@dataclass(slots=True)
class _Pending:
    """An accepted card that left its cell, waiting for an explanation."""

    cell: str
    card: str
    t: float
    #: A Feu de camp laid in its place (L'Ascension).
    campfire: str | None = None
    #: Where the same card was laid again.
    moved_to: str | None = None
    confidence: float = 1.0


class Interpreter:
    """Turns fact changes into camera events and prompts, knowing what the engine knows."""

    def __init__(self, game: str, view: TableView | None = None, *, grace: float = 4.0,
                 sides: frozenset[str] = frozenset()) -> None:
        self.game = game
        self.vision = _vision(game)
        #: The side places watched beside the cells (Tranquillité's rows' borders): see :meth:`_beside`.
        self.sides = sides
        self.grace = grace
        self.view = view or TableView.empty()
        # What the events emitted since the last sync change: the engine will know it soon.
        self._expected: dict[str, str | None] = {}
        self._expected_beneath: dict[str, str | None] = {}
        self._pending: dict[str, _Pending] = {}
        self._asked: set[tuple[str, tuple[str, ...], tuple[str, ...]]] = set()

    def sync(self, view: TableView) -> None:
        """The engine's table after its latest ruling (and any event from the page or a button)."""
        self.view = view
        self._expected.clear()
        self._expected_beneath.clear()
        for cell in list(self._pending):
            if view.cards.get(cell) != self._pending[cell].card:
                del self._pending[cell]  # undone, or moved by a Feu de camp: explained

    def _holds(self, cell: str) -> str | None:
        if cell in self._expected:
            return self._expected[cell]
        return self.view.cards.get(cell)

    def _beneath(self, cell: str) -> str | None:
        if cell in self._expected_beneath:
            return self._expected_beneath[cell]
        return self.view.beneath.get(cell)

    def _flagged(self, cell: str) -> bool:
        return cell in self.view.flagged and cell not in self._expected

    def _ask(self, prompt: Prompt) -> list[Output]:
        key = (prompt.kind, prompt.cells, prompt.cards)
        if key in self._asked:
            return []
        self._asked.add(key)
        return [prompt]

    def interpret(self, changes: Sequence[Change], facts: Mapping[str, str | None]) -> list[Output]:
        """The events and prompts that ``changes`` mean; ``facts`` is the whole table after them."""
        out: list[Output] = []
        for change in changes:
            self._asked = {key for key in self._asked if change.cell not in key[1]}
            if change.cell in self.sides:
                out += self._beside(change)
            elif change.old is None and change.new is not None:
                out += self._appeared(change, facts)
            elif change.old is not None and change.new is None:
                out += self._left(change)
            elif change.old is not None and change.new is not None:
                out += self._replaced(change, facts)
        return out

    def tick(self, t: float) -> list[Output]:
        """Questions whose time has come: accepted cards taken away and never explained."""
        out: list[Output] = []
        for cell, pending in list(self._pending.items()):
            if t - pending.t >= self.grace:
                del self._pending[cell]
                if pending.moved_to is not None:
                    out += self._ask(Prompt("moved", (cell, pending.moved_to), t, (pending.card,)))
                else:
                    out += self._ask(Prompt("removed", (cell,), t, (pending.card,)))
        return out

    def _campfire(self, pending: _Pending, t: float) -> list[Output]:
        """A Feu de camp at a Versant's cell and the Versant laid again: one ``campfire`` event."""
        make = self.vision.campfire
        if make is None or pending.campfire is None or pending.moved_to is None:
            return []
        del self._pending[pending.cell]
        event = make(pending.campfire, pending.cell, pending.moved_to, source="camera", t=t,
                     confidence=pending.confidence)
        return self._event(event, {pending.cell: pending.campfire, pending.moved_to: pending.card})

    def _event(self, event: Event, cells: Mapping[str, str | None],
               beneath: Mapping[str, str | None] | None = None) -> list[Output]:
        self._expected.update(cells)
        self._expected_beneath.update(beneath or {cell: None for cell in cells})
        return [event]

    def _appeared(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        cell, card = change.cell, change.new
        assert card is not None
        if self._holds(cell) == card:
            return self._back(cell)  # the engine has it there already
        twice = self._twice(change, facts)
        if twice:
            return twice
        if card.startswith("campfire") and cell in self._pending:
            # A Feu de camp where a Versant was just taken away (L'Ascension).
            return self._fire_laid(self._pending[cell], change)
        relaid = self._relaid(change)
        if relaid is not None:
            return relaid
        name, up = split_half(card)
        event = Play(name, cell, up=up, source="camera", t=change.t, confidence=change.confidence)
        return self._event(event, {cell: card})

    def _relaid(self, change: Change) -> list[Output] | None:
        """An accepted card taken away, now laid again at ``change.cell`` (on an empty cell or on a
        Pont): with a Feu de camp in its place it is a campfire; without, the companion waits for
        one (L'Ascension) or asks (a card moved). None when no card taken away is that one."""
        pending = next((p for p in self._pending.values() if p.card == change.new and p.moved_to is None),
                       None)
        if pending is None:
            return None
        pending.moved_to = change.cell
        pending.confidence = min(pending.confidence, change.confidence)
        if self.vision.campfire:
            return self._campfire(pending, change.t)
        del self._pending[pending.cell]
        return self._ask(Prompt("moved", (pending.cell, change.cell), change.t, (pending.card,)))

    def _left(self, change: Change) -> list[Output]:
        cell, card = change.cell, change.old
        assert card is not None
        held = self._holds(cell)
        if held != card:
            return []  # the engine no longer has it there (an undo), or never had
        return self._lifted(change)

    def _lifted(self, change: Change) -> list[Output]:
        """The card the engine has at ``change.cell`` lifted, off the bare cell or off the card
        beneath: a flagged card's take-back, or an accepted card waiting for an explanation (an
        undo, a Feu de camp's move) or a question."""
        cell, card = change.cell, change.old
        assert card is not None
        if self._flagged(cell):
            event = TakeBack(cell, source="camera", t=change.t, confidence=change.confidence)
            return self._event(event, {cell: change.new}, {cell: None})
        self._pending[cell] = _Pending(cell, card, change.t)
        return []

    def _replaced(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        cell, old, new = change.cell, change.old, change.new
        assert old is not None and new is not None
        held = self._holds(cell)
        if held == old and new == self._beneath(cell):
            return self._lifted(change)
        if self.vision.campfire:
            pending = self._pending.get(cell)
            if new.startswith("campfire") and pending is not None and old == self._beneath(cell):
                # The Versant was lifted off its Pont first; the Feu de camp now covers the Pont.
                return self._fire_laid(pending, change)
            if new.startswith("campfire") and held == old and old[:1].isdigit():
                # The Versant it replaces must reappear higher: wait for it (or it already has).
                moved = next((p for p in self._pending.values() if p.card == old and p.moved_to), None)
                pending = _Pending(cell, old, change.t, new, moved.moved_to if moved else None,
                                   change.confidence)
                self._pending[cell] = pending
                return self._campfire(pending, change.t)
            relaid = self._relaid(change) if covered_by_rule(self.game, old) and held == old else None
            if relaid is not None:
                return relaid  # a Versant moved by a Feu de camp onto a Pont
            if held == old and not self._flagged(cell) and pending is None:
                # A card laid over another: over a Pont a move of the game, over a Versant or a Feu
                # de camp a placement the engine flags (C3, A5). (In Tranquillité no move lays a card
                # on another, and a reading changing under an accepted card there was a hand: ask.)
                return self._laid_over(change, facts)
        if held == new:
            return self._back(cell)
        if new in self.vision.laid_on and held == old and not self._flagged(cell):
            # A card the game lays on an accepted one to take it away (a sea monster): a play.
            event = Play(new, cell, source="camera", t=change.t, confidence=change.confidence)
            return self._event(event, {cell: new}, {cell: old})
        turned = self._turned(change)
        if turned:
            return turned
        return self._ask(Prompt("changed", (cell,), change.t, (old, new)))

    def _beside(self, change: Change) -> list[Output]:
        """A card laid at a side place or taken from it: the game's ``beside`` event, if it means
        one and the engine does not know of it already. (The watcher reads a side place showing
        its border card as bare: :mod:`vision.watch.reading`.)"""
        cell, make = change.cell, self.vision.beside
        known = make is None or self._holds(cell) == change.new
        event = None if known or make is None else make(cell, change.old, change.new)
        if event is None:
            self._expected[cell] = change.new
            return []
        event = replace(event, source="camera", t=change.t, confidence=change.confidence)
        return self._event(event, {cell: change.new})

    def _turned(self, change: Change) -> list[Output]:
        """An accepted card seen turned half round where it lies: the game's turn (Jour et nuit's
        ``rotate``), where it has one."""
        assert change.old is not None and change.new is not None
        (old, old_up), (new, new_up) = split_half(change.old), split_half(change.new)
        make = self.vision.turn
        if make is None or old != new or not old_up or not new_up or old_up == new_up or \
                self._holds(change.cell) != change.old or self._flagged(change.cell):
            return []
        event = make(at=change.cell, source="camera", t=change.t, confidence=change.confidence)
        return self._event(event, {change.cell: change.new}, {})

    def _laid_over(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        cell, old, new = change.cell, change.old, change.new
        assert old is not None and new is not None
        twice = self._twice(change, facts)
        if twice:
            return twice
        event = Play(new, cell, source="camera", t=change.t, confidence=change.confidence)
        return self._event(event, {cell: new}, {cell: old})

    def _twice(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        """The question when the card now read at a cell lies elsewhere too, more often than the
        game has copies of it (G2); nothing when it may."""
        assert change.new is not None
        elsewhere = tuple(sorted(c for c, v in facts.items() if v == change.new and c != change.cell))
        if len(elsewhere) + 1 <= copies_allowed(self.game, change.new):
            return []
        return self._ask(Prompt("twice", (change.cell, *elsewhere), change.t, (change.new,)))

    def _fire_laid(self, pending: _Pending, change: Change) -> list[Output]:
        """A Feu de camp laid where an accepted Versant was lifted away (L'Ascension)."""
        assert change.new is not None
        pending.campfire, pending.confidence = change.new, min(pending.confidence, change.confidence)
        return self._campfire(pending, change.t)

    def _back(self, cell: str) -> list[Output]:
        """The card the engine has at ``cell`` seen there again: a lift it was waiting about is over."""
        pending = self._pending.get(cell)
        if pending is not None and pending.campfire is None and pending.moved_to is None:
            del self._pending[cell]
        return []
