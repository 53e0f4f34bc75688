"""A trick game's attempt acted out before the camera (:func:`models.render.simulate.simulate` for
a game whose board is ``tricks``).

The places are :func:`vision.watch.layouts.trick_layout`'s: each seat lays its card in the middle in
front of it (``t1`` .. ``tN``), turned towards it; a card shown outside the trick (The Crew's sonar)
lies before its seat (``s1`` .. ``sN``) until it is played; a dummy's row of columns (Tonoja's) lies
before her seat, each face on a card face down (``r1`` .. ``r7``). Once a trick is complete and
nobody undoes its last card, its winner's hand pushes the cards together and takes them away: no
event. Where two seats play together (Rixes' players after Barbe Noire provokes), each lays its card
face down, then both turn them over. What the camera cannot see (tasks, counts, the distress
signal, a sonar card's position, a crew member's effect) is told "on the page" once the card it
concerns lies on the table.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from companion.engine.events import Placement, Play, TakeBack, Undo
from models.render.staging import Director, TruthEvent, rng_int
from models.render.video import Laid
from vision.watch.layouts import ROW_COLUMNS, seat_angle

BACK = "back"


class TrickDirector(Director):
    """A :class:`Director` that also gathers tricks and turns cards over in a dummy's row."""

    def place(self, card: str, cell: str) -> None:
        """Put ``card`` at ``cell`` before the film starts (a dummy's row as dealt)."""
        turn = self.film.layout.turns.get(cell, 0.0)
        laid = Laid(card, cell, float(self.rng.normal(0, 1.0)), float(self.rng.normal(0, 1.0)),
                    turn + float(self.rng.normal(0, 1.2)))
        if cell in self.table:
            self.under.setdefault(cell, []).append(self.table[cell])
        self.table[cell] = laid

    def gather(self, cells: list[str], seat: int) -> int:
        """The winner's hand pushes the cards of ``cells`` together towards its own, then takes them
        away; returns the frame where the last of them is gone."""
        if not cells:
            return self.index
        cx, cy = self.centre
        a = math.radians(seat_angle(seat, self.players))
        heap = (cx + math.cos(a) * 40.0, cy + math.sin(a) * 40.0)  # in front of the winner
        starts = {cell: self._point(cell) for cell in cells}
        for x, y in self._path(seat, self._grip(seat, *heap), int(rng_int(self.rng, 4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        steps = int(rng_int(self.rng, 5, 9))
        for k in range(1, steps + 1):
            s = k / steps
            for cell, (x0, y0) in starts.items():
                card = self.table[cell]
                gx, gy = self.film.layout.centre(cell, self.film.gap)
                dx, dy = x0 + (heap[0] - x0) * s - gx, y0 + (heap[1] - y0) * s - gy
                self.table[cell] = replace(card, dx=dx, dy=dy)
            self._shot(hands=[self._hand(seat, *self._grip(seat, *heap))])
        heaped = [self.table.pop(cell) for cell in cells]
        gone = self.index
        for x, y in self._path(seat, heap, int(rng_int(self.rng, 5, 8)), inward=False):
            carried = [(Laid(card.name, None, x + card.dx * 0.1, y + card.dy * 0.1, card.angle),
                        self._hand(seat, *self._grip(seat, x, y))) for card in heaped[-1:]]
            self._shot(carried=carried)
        return gone

    def turn_over(self, cell: str, card: str, seat: int) -> int:
        """A hand turns the card face down at ``cell`` over where it lies: ``card`` shows; returns
        the frame it shows from."""
        laid = self.table[cell]
        target = self._point(cell)
        for x, y in self._path(seat, self._grip(seat, *target), int(rng_int(self.rng, 4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        self.table[cell] = replace(laid, name=card, angle=laid.angle + float(self.rng.normal(0, 3.0)))
        shown = self.index
        for x, y in self._path(seat, self._grip(seat, *target), int(rng_int(self.rng, 4, 7)), inward=False):
            self._shot(hands=[self._hand(seat, x, y)])
        return shown

    def _point(self, cell: str) -> tuple[float, float]:
        card = self.table[cell]
        x, y = self.film.layout.centre(cell, self.film.gap)
        return x + card.dx, y + card.dy


def stage(sim: Any, director: TrickDirector, rng: np.random.Generator, *, knock: bool,
          distractions: float) -> tuple[list[TruthEvent], int | None]:
    """Act out the self-play ``sim`` of a trick game; the truth and the frame of the knock."""
    engine = sim.header.new_game()
    dummy = sim.header.setup.get("tonoja")
    row = sim.header.setup.get("tonoja_row") or {}
    for column in ROW_COLUMNS:
        if column in row:
            director.place(BACK, column)
            director.place(str(row[column]), column)
    fps = director.fps
    events = list(sim.events)
    truth: list[TruthEvent] = []
    visible = sum(isinstance(e, Placement | TakeBack) for e in sim.events)
    knock_at = int(rng.integers(visible // 3, max(visible // 3 + 1, 2 * visible // 3))) if knock else -1
    bump_frame: int | None = None
    seen = 0
    #: Where each card now on a trick place came from (a sonar place, a column), to go back on undo.
    origin: dict[str, str] = {}
    gathering: tuple[list[str], int] | None = None  # the cards of a trick won, and its winner
    director.idle(int(rng_int(rng, 8, 14)))
    #: The first of two cards laid face down together, waiting for the second (its event, frame).
    hidden: tuple[Play, int] | None = None
    for k, event in enumerate(events):
        if gathering is not None and not isinstance(event, Undo):
            director.idle(int(rng_int(rng, 6, 12)))
            director.gather(*gathering)
            director.idle(int(rng_int(rng, 4, 8)))
            gathering = None
        if seen == knock_at and bump_frame is None:
            director.idle(int(rng_int(rng, 4, 8)))
            bump_frame = director.knock()
            director.idle(int(rng_int(rng, 10, 16)))
        seat = engine.turn if event.player is None else event.player  # Rixes' Barbe Noire is 0
        at = director.index
        if isinstance(event, Play) and hidden is None and _together(engine, event, events[k + 1:k + 2]):
            director.lay(BACK, f"t{seat}", seat)  # face down, until the other seat's is too
            hidden = (event, at)
            seen += 1
        elif isinstance(event, Play) and hidden is not None:
            first, first_at = hidden
            director.lay(BACK, f"t{seat}", seat)
            director.idle(int(rng_int(rng, 3, 7)))
            rests = []
            for play in (first, event):
                turner = play.player if play.player is not None else seat
                rests.append(director.turn_over(f"t{turner}", play.card, turner))
            # Both plays are due once both cards are face up (the watcher tells them together).
            for play, began in ((first, first_at), (event, at)):
                truth.append(TruthEvent(replace(play, t=rests[-1] / fps), rests[-1], began))
            hidden = None
            seen += 1
        elif isinstance(event, Play):
            place = f"t{seat}"
            source = _source(director, event, seat, dummy)
            if source is not None:
                director.lift(source, seat)
                origin[place] = source
            rest = director.lay(event.card, place, seat)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
            seen += 1
        elif isinstance(event, TakeBack):
            cell = next((c for c, laid in director.table.items()
                         if c.startswith("t") and laid.name == event.card), None)
            bare = director.lift(cell, seat) if cell is not None else director.index
            truth.append(TruthEvent(replace(event, t=bare / fps), bare, at))
            seen += 1
        elif event.TYPE == "reveal":
            line = event.to_json()
            director.lift(str(line["at"]), seat)  # the card face down is turned over
            rest = director.lay(str(line["card"]), str(line["at"]), seat)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
            seen += 1
        elif event.TYPE == "sonar":
            director.lay(str(event.to_json()["card"]), f"s{seat}", seat)
            director.idle(int(rng_int(rng, 4, 8)))
            told = director.index
            truth.append(TruthEvent(replace(event, t=told / fps), None, told))
        elif isinstance(event, Undo):
            _undo(director, engine, origin, rng)
            gathering = None
            truth.append(TruthEvent(replace(event, t=at / fps), None, at))
        else:
            truth.append(TruthEvent(replace(event, t=at / fps), None, at))
        ruling = engine.play(event)
        if isinstance(event, Play) and ruling.legal and "winner" in ruling.fields and hidden is None:
            # The trick (or Bagarre) is complete: its winner takes it, or, won by nobody, who
            # played last.
            winner = ruling.fields["winner"]
            gathering = ([c for c in director.table if c.startswith("t")],
                         winner if isinstance(winner, int) else seat)
        director.idle(int(rng_int(rng, 9, 16)))
        if rng.random() < distractions:
            [director.hover, director.shadow, director.nudge][int(rng.integers(3))]()
            director.idle(int(rng_int(rng, 4, 9)))
    if gathering is not None:
        director.idle(int(rng_int(rng, 6, 12)))
        director.gather(*gathering)
    director.idle(int(rng_int(rng, 15, 25)))
    return truth, bump_frame


def _together(engine: Any, event: Play, following: list[Any]) -> bool:
    """Whether ``event`` is the first of two cards played together (face down, then revealed):
    several seats may play now and the next event is another of them playing."""
    turn = engine.state_json().get("turn")
    return (isinstance(turn, list) and len(turn) > 1 and bool(following) and isinstance(following[0], Play)
            and following[0].player in turn and following[0].player != event.player)


def _source(director: TrickDirector, event: Play, seat: int, dummy: object) -> str | None:
    """Where the card ``event`` plays lies on the table before it is played: its seat's sonar place,
    or the dummy's column (its face, or the card face down under a card played); None: a hand."""
    shown = f"s{seat}"
    if shown in director.table and director.table[shown].name == event.card:
        return shown
    if seat != dummy:
        return None
    if event.at in director.table:
        return event.at
    shown_in = (c for c in ROW_COLUMNS if c in director.table and director.table[c].name == event.card)
    return next(shown_in, None)


def _undo(director: TrickDirector, engine: Any, origin: dict[str, str], rng: np.random.Generator) -> None:
    """The last card played goes back where it came from: a hand, a sonar place or a column."""
    last = engine.move_stack[-1] if engine.move_stack else None
    if not isinstance(last, Play):
        return
    seat = engine.turn if last.player is None else last.player
    place = f"t{seat}"
    if place not in director.table:
        return
    director.idle(int(rng_int(rng, 3, 6)))
    director.lift(place, seat)
    source = origin.pop(place, None)
    if source is not None:
        director.lay(last.card, source, seat)


__all__ = ["BACK", "TrickDirector", "stage"]
