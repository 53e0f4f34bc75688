"""Watching a trick game's table: the places of :func:`vision.watch.layouts.trick_layout` read as
cells, and their changes turned into the events of a trick game.

The watcher reads each place as it reads a grid's cells; what the changes mean differs:

* a card laid at ``tK`` (in the middle, on seat K's side) is seat K's ``play``; for the seat played
  from a dummy's row (Tonoja), with the column it left;
* a card shown at ``sK`` (before seat K, outside the trick) is a sonar card: the companion asks
  for its position on the page (the token is not read), and the page's ``sonar`` line records it;
* a card face up where the dummy's row showed a card's back is a ``reveal`` of that column;
* a refused card lifted from its place is a ``take_back`` naming the card;
* a card turned face up while another seat's still lies face down waits for it: both plays are
  told once both are turned (Rixes' players answering Barbe Noire together);
* the cards of a trick the engine has ruled leave together when its winner gathers them: no event,
  nor for a card pushed, nudged or under a hand (the places' readings stay what they were).

>>> view = TableView({"t1": "pink-3"}, frozenset())
>>> interpreter = TrickInterpreter("crew", view, seats=4)
>>> interpreter.interpret([Change("t2", None, "pink-7", 2.0, 0.98)], {"t1": "pink-3", "t2": "pink-7"})
[Play(player=2, source='camera', t=2.0, confidence=0.98, card='pink-7', at='', as_='', up='')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.events import Play, TakeBack, event_from_json
from companion.engine.game import Game
from vision.watch.changes import Interpreter, Output, TableView
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import CARD_H, ROW_COLUMNS, TRICK_RADIUS, Layout, seat_angle, trick_layout
from vision.watch.stable import Change, Prompt

#: What the classifier reads a card lying face down as.
BACK = "back"
#: The share of the picture the trick places fill when the players have not placed the seats.
FILL = 0.92
#: Millimetres from the table's middle to where a player sits (beyond the card it shows).
SEAT_RADIUS = 330.0
#: Seconds a play turned up waits for another seat's card face down to be turned too.
HOLD = 4.0
#: The most a knock turns (degrees) and zooms the picture: a camera bumped, not moved.
KNOCK_TURN, KNOCK_SCALE = 8.0, (0.92, 1.08)


def places_of(game: Game[Any]) -> Layout:
    """The places of ``game``'s table: its seats, and the dummy's row if one is played
    (:meth:`~companion.engine.game.Game.seating`)."""
    table = game.seating()
    return trick_layout(game.name, table.get("seats", game.players), dummy=table.get("dummy"),
                        first=table.get("first", 1), shown=table.get("shown", True))


def default_geometry(places: Layout, size: tuple[int, int], gap: float = 0.0) -> TableGeometry:
    """Where the places lie when the players have not tapped the seats: the camera above the
    table's middle, the places filling :data:`FILL` of the picture (``size``: width, height)."""
    x0, y0, x1, y1 = places.bounds(gap)
    w, h = size
    scale = FILL * min(w / (x1 - x0), h / (y1 - y0))
    matrix = np.array([[scale, 0.0, w / 2 - scale * (x0 + x1) / 2],
                       [0.0, scale, h / 2 - scale * (y0 + y1) / 2], [0.0, 0.0, 1.0]])
    return TableGeometry(places, matrix, gap)


def seat_points(places: Layout) -> list[tuple[float, float]]:
    """Where the players tap each seat (mm), seat 1 first: where its player sits, :data:`SEAT_RADIUS`
    from the table's middle in the seat's direction; on a table where no card is shown before the
    seats (Rixes), the seat's card place itself, as the camera frames it closely and the players
    sit out of the picture."""
    count = sum(cell[:1] == "t" for cell in places.cells)
    radius = SEAT_RADIUS if any(cell[:1] == "s" for cell in places.cells) else TRICK_RADIUS
    angles = [math.radians(seat_angle(k, count)) for k in range(1, count + 1)]
    return [(radius * math.cos(a), radius * math.sin(a)) for a in angles]


def seats_geometry(places: Layout, seats: Sequence[tuple[float, float]], gap: float = 0.0) -> TableGeometry:
    """Where the places lie given where each seat's player sits in the picture (``seats``, image
    pixels, seat 1 first), as the players tap them on the page: each seat is :data:`SEAT_RADIUS`
    from the table's middle in its direction; four seats or more fix the camera's perspective,
    three its shear, two its turn and scale. ``ValueError`` when the taps cannot place it."""
    plane = np.array(seat_points(places), np.float32).reshape(-1, 2)
    count = len(plane)
    if len(seats) != count or count < 2:
        raise ValueError(f"{count} seats are needed, got {len(seats)}")
    image = np.asarray(seats, np.float32).reshape(-1, 2)
    if not np.isfinite(image).all():
        raise ValueError("the seats must be points of the picture")
    matrix: npt.NDArray[np.float64] | None
    if count >= 4:
        found, _ = cv2.findHomography(plane, image, 0)
        matrix = None if found is None else np.asarray(found, np.float64)
    else:
        estimate = cv2.estimateAffine2D if count == 3 else cv2.estimateAffinePartial2D
        found, _ = estimate(plane, image)
        matrix = None if found is None else np.vstack([np.asarray(found, np.float64), [0.0, 0.0, 1.0]])
    if matrix is None or abs(np.linalg.det(matrix)) < 1e-9:
        raise ValueError(f"the seats {image.tolist()} place no table")
    return TableGeometry(places, matrix, gap)


def follow_cards(geometry: TableGeometry, lying: Mapping[str, npt.NDArray[np.float64]],
                 quads: npt.NDArray[np.float32] | None) -> TableGeometry | None:
    """The places after a knock of the camera, by the cards found in the picture (``quads``): each
    card that lay on a place (``lying``: its image quad before) matched to the nearest card found
    within a card's height, or where none lay, each card found to the nearest place; their move
    fitted as a turn, a shift and a scale (one card: by its corners). None when no card says it
    (a trick's few cards leave a table too little texture to register on)."""
    if quads is None or not len(quads):
        return None
    found = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    reach = geometry.px_per_mm() * CARD_H
    pairs: list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = []
    if lying:
        for quad in lying.values():
            old = np.asarray(quad, np.float64).reshape(4, 2)
            distances = np.linalg.norm(found.mean(axis=1) - old.mean(axis=0), axis=1)
            if distances.min() <= reach:
                pairs.append((old, found[int(np.argmin(distances))]))
    else:
        places = [geometry.card_quad(cell).astype(np.float64) for cell in geometry.layout.cells]
        middles = np.array([place.mean(axis=0) for place in places])
        for quad in found:
            distances = np.linalg.norm(middles - quad.mean(axis=0), axis=1)
            if distances.min() <= reach / 2:
                pairs.append((places[int(np.argmin(distances))], quad))
    if not pairs:
        return None
    before = np.array([old.mean(axis=0) for old, _ in pairs], np.float32)
    after = np.array([new.mean(axis=0) for _, new in pairs], np.float32)
    if len(pairs) == 1:
        # One card: a shift (its corners are ordered by the picture, not by the card).
        dx, dy = (after[0] - before[0]).tolist()
        move: npt.NDArray[np.float64] | None = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]])
    else:
        found_move, _ = cv2.estimateAffinePartial2D(before, after)
        move = None if found_move is None else np.asarray(found_move, np.float64)
    if move is None:
        return None
    scale, turn = math.hypot(move[0, 0], move[1, 0]), math.degrees(math.atan2(move[1, 0], move[0, 0]))
    if not KNOCK_SCALE[0] <= scale <= KNOCK_SCALE[1] or abs(turn) > KNOCK_TURN:
        return None  # no knock moves a camera so much: cards matched wrong, or a hand
    return geometry.moved(np.vstack([move, [0.0, 0.0, 1.0]]))


def unsure_play(place: str) -> dict[str, object] | None:
    """The fields of the unsure ``play`` line (RULINGS G2) a card that cannot be read at ``place``
    makes: a trick's card is its seat's; None for a card shown before a seat or in a dummy's row
    (no play: the question alone is asked).

    >>> unsure_play("t3"), unsure_play("r2"), unsure_play("s1")
    ({'player': 3}, None, None)
    """
    if place[:1] == "t" and place[1:].isdigit():
        return {"player": int(place[1:])}
    return None


class TrickInterpreter(Interpreter):
    """Turns changes of a trick table's places into plays, sonar questions, reveals and take-backs."""

    def __init__(self, game: str, view: TableView | None = None, *, seats: int, grace: float = 4.0) -> None:
        super().__init__(game, view, grace=grace)
        self.seats = seats
        #: The column each card (or card's back) last left, for a play from the dummy's row.
        self._left_from: dict[str, str] = {}
        #: Plays of cards turned face up while another card of the trick still lies face down (two
        #: seats playing together, Rixes' reveal): told once every card is turned, or after
        #: :data:`HOLD` seconds (a card read face down that is not, a card never turned).
        self._held: list[Play] = []

    def interpret(self, changes: Sequence[Change], facts: Mapping[str, str | None]) -> list[Output]:
        """As :meth:`Interpreter.interpret`, but a card turned over while another seat's still lies
        face down is told with it, once both are turned (a simultaneous reveal)."""
        out = super().interpret(changes, facts)
        if any(card == BACK for cell, card in facts.items() if cell[:1] == "t"):
            self._held += [o for o in out if isinstance(o, Play)]
            return [o for o in out if not isinstance(o, Play)]
        return [*self._release(), *out]

    def tick(self, t: float) -> list[Output]:
        """As :meth:`Interpreter.tick`, and plays held too long for a card face down told now (held
        since the first of them was turned up)."""
        since = self._held[0].t if self._held else None
        late = self._release() if since is not None and t - since >= HOLD else []
        return [*late, *super().tick(t)]

    def _release(self) -> list[Output]:
        held: list[Output] = list(self._held)
        self._held = []
        return held

    def _appeared(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        cell, card = change.cell, change.new
        assert card is not None
        if self._holds(cell) == card:
            return self._back(cell)
        if card == BACK or card in self.view.gone:
            # A card face down means nothing yet (one about to be turned over); a card played and
            # gathered, seen again, is the heap on its way to the winner.
            return []
        twice = self._twice(change, facts)
        if twice:
            return twice
        kind, seat = cell[:1], cell[1:]
        if kind == "t":
            column = next((c for c in ROW_COLUMNS if self._holds(c) == card), None)
            if column is None and self._left_from.get(card) is None:
                column = self._left_from.pop(BACK, None)  # a card face down played from a column
            column = column or self._left_from.pop(card, None) or ""
            event = Play(card, column, player=int(seat), source="camera", t=change.t,
                         confidence=change.confidence)
            return self._event(event, {cell: card})
        if kind == "s":
            return self._ask(Prompt("sonar", (cell,), change.t, (card,)))
        return self._reveal(change)

    def _reveal(self, change: Change) -> list[Output]:
        """A card face up in a column of the dummy's row that showed a card's back: a ``reveal``."""
        cell, card = change.cell, change.new
        assert card is not None
        if self._holds(cell) != BACK:
            return self._ask(Prompt("changed", (cell,), change.t, (change.old or "-", card)))
        line = {"type": "reveal", "at": cell, "card": card, "source": "camera", "t": change.t,
                "confidence": change.confidence}
        return self._event(event_from_json(line), {cell: card})

    def _left(self, change: Change) -> list[Output]:
        cell, card = change.cell, change.old
        assert card is not None
        if cell[:1] == "r":
            self._left_from[card] = cell  # a card of the dummy's row on its way to the trick
            return []
        if self._holds(cell) != card or cell[:1] == "s":
            # A trick ruled and gathered, a card undone; a sonar card on its way to the trick.
            return []
        if self._flagged(cell):
            event = TakeBack("", card, source="camera", t=change.t, confidence=change.confidence)
            return self._event(event, {cell: None})
        return super()._lifted(change)

    def _replaced(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        cell, old, new = change.cell, change.old, change.new
        assert old is not None and new is not None
        held = self._holds(cell)
        if held == new:
            return self._back(cell)
        if cell[:1] == "r":
            if old != BACK and new == BACK:
                self._left_from[old] = cell  # the card played uncovered the one face down under it
                return []
            return self._reveal(change)
        if held != old:
            # What lay there is gone for the engine (a trick gathered unseen): the card is new.
            return self._appeared(Change(cell, None, new, change.t, change.confidence), facts)
        if self._flagged(cell) and new == self._beneath(cell):
            # A refused card laid over the seat's own card of the trick, taken back.
            event = TakeBack("", old, source="camera", t=change.t, confidence=change.confidence)
            return self._event(event, {cell: new}, {cell: None})
        if not self._flagged(cell) and new != BACK and cell[:1] == "t" and not self._twice(change, facts):
            # A second card from a seat that has played to this trick: its play, for the referee.
            play = Play(new, "", player=int(cell[1:]), source="camera", t=change.t,
                        confidence=change.confidence)
            return self._event(play, {cell: new}, {cell: old})
        return self._ask(Prompt("changed", (cell,), change.t, (old, new)))

    def _twice(self, change: Change, facts: Mapping[str, str | None]) -> list[Output]:
        # A card played from a sonar place or a column is read at both a while: not twice.
        assert change.new is not None
        elsewhere = [c for c, v in facts.items() if v == change.new and c != change.cell
                     and not (c[:1] in "sr" and change.cell[:1] == "t")]
        if not elsewhere:
            return []
        return self._ask(Prompt("twice", (change.cell, *sorted(elsewhere)), change.t, (change.new,)))


__all__ = [
    "BACK",
    "SEAT_RADIUS",
    "TrickInterpreter",
    "default_geometry",
    "follow_cards",
    "places_of",
    "seat_points",
    "seats_geometry",
    "unsure_play",
]
