"""A simulated enrolment: players laying each batch the page asks for, filmed by the demo's camera.

:class:`SimulatedEnrolment` is a camera source (:class:`hardware.frames.CameraSource`) for
``companion enrol --source simulated``: a table of the game filmed as the demo films a game
(:class:`models.render.video.FilmSet`, its camera fitted to the game's own layout, hands, shadows
under them, light drifting, noise), the cards printed in the held-out look the seed draws, and
:class:`Players` at it. The players do what the page tells them: they read the session's snapshot
as players read the page, wait a moment (:data:`REACT`), then each lays their share of the batch's
cards, one every :data:`PER_CARD` seconds, carried in by hand from their side of the table into
the cell the page shows; once the batch is done they pick the cards up (:data:`PER_LIFT` seconds
a card each), and so on until the profile is saved. Its frames are stamped ``index / fps``: the
film's time is the table time players would spend, whatever the computing takes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.app.enrol_grid import Cell, fit_grid, place
from companion.app.enrolment import EnrolmentSession
from companion.errors import CameraLost
from companion.text import Text
from hardware.frames import Frame, SourceBase
from models.render.video import FilmSet, Hand, Laid, Shot
from vision.find.detect import order_corners
from vision.watch.layouts import CARD_H, CARD_W

#: Seconds one player takes to lay a card (reach in, lay it, hand back).
PER_CARD = 2.0
#: Seconds one player takes to pick a card up and put it away.
PER_LIFT = 0.8
#: Seconds the players take to see on the page what to do next.
REACT = 1.5
#: The players at the table.
PLAYERS = 4
#: The gap the players leave between two cards of the grid (mm): about a finger.
GAP = 12.0
#: The rate the simulated camera's frames are read at (frames a second).
FPS = 8.0
#: Seconds the players wait, once every card of a batch is laid, before they look at the page: a
#: card it says is wrong they say is right, else they tap "next batch" (a card the camera does not
#: take comes back at the end).
STUCK = 12.0
#: The share of a lay spent carrying the card in (then holding it, then the hand going back).
CARRY, HOLD = 0.45, 0.15


class BareTable(FilmSet):
    """The game's table without the cards that never move (Tranquillité's frame): an enrolment lays
    only the batch's cards."""

    def static_cards(self) -> list[Laid]:
        """None."""
        return []


@dataclass
class _Move:
    """One player's job: laying ``card`` (its place on the table in mm) or lifting it, from
    ``start`` for ``length`` seconds."""

    seat: int
    card: Laid
    start: float
    length: float
    lay: bool


class Players:
    """The players at ``film``'s table, enrolling with ``session``; ``rng`` draws their gestures."""

    def __init__(self, session: EnrolmentSession, film: FilmSet, rng: np.random.Generator, *,
                 players: int = PLAYERS, per_card: float = PER_CARD, react: float = REACT) -> None:
        self.session = session
        self.film = film
        self.rng = rng
        self.players = players
        self.per_card = per_card
        self.react = react
        x0, y0, x1, y1 = film.layout.bounds(film.gap)
        self.centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.reach = max(x1 - x0, y1 - y0) / 2 + 120.0
        self.skins = [(int(rng.integers(90, 175)), int(rng.integers(125, 195)), int(rng.integers(175, 240)))
                      for _ in range(players)]
        self.spots, self.upright = _grid_on_table(film, session.grid, self.centre)
        #: The cards at rest on the table, by page cell.
        self.table: dict[Cell, Laid] = {}
        self.moves: list[_Move] = []
        self._laid: int | None = None
        self._waiting: float | None = None
        #: How many times the players tapped the page ("right card", "next batch").
        self.tapped = 0

    def shot(self, t: float) -> Shot:
        """What the camera sees at ``t`` seconds; the players act on the session's state first."""
        if not self.moves:
            self._plan(t)
        carried: list[tuple[Laid, Hand]] = []
        hands: list[Hand] = []
        for move in list(self.moves):
            s = (t - move.start) / move.length
            if s < 0:
                continue
            if s >= 1:
                self.moves.remove(move)
                continue
            card, seat = move.card, move.seat
            if move.lay:
                if s < CARRY:
                    x, y = self._towards(seat, (card.dx, card.dy), 1 - _ease(s / CARRY))
                    carried.append((Laid(card.name, None, x, y, card.angle), self._hand(seat, x, y)))
                    continue
                self.table[self._cell(card)] = card
                out = 0.0 if s < CARRY + HOLD else _ease((s - CARRY - HOLD) / (1 - CARRY - HOLD))
                hands.append(self._hand(seat, *self._towards(seat, (card.dx, card.dy), out)))
            elif s < 0.4:
                hands.append(self._hand(seat, *self._towards(seat, (card.dx, card.dy), 1 - _ease(s / 0.4))))
            else:
                self.table.pop(self._cell(card), None)
                x, y = self._towards(seat, (card.dx, card.dy), _ease((s - 0.4) / 0.6))
                carried.append((Laid(card.name, None, x, y, card.angle), self._hand(seat, x, y)))
        return Shot(tuple(self.table[cell] for cell in sorted(self.table)), t, carried=carried, hands=hands)

    def _plan(self, t: float) -> None:
        """What the players do next, having read the page: lay the batch, or pick it up."""
        snap = self.session.snapshot()
        state, batch = snap["state"], snap["batch"]
        if state == "laying" and self._laid == batch["number"]:
            self._waiting = t if self._waiting is None else self._waiting
            if t - self._waiting > STUCK:
                # A card the page says is wrong is looked at: it is right (these players make no
                # mistake), they say so; if the batch still does not end, on to the next one.
                wrong = [cell["card"] for cell in batch["cells"] if cell["state"] == "wrong"]
                for card in wrong:
                    self.session.right(card)
                if not wrong:
                    self.session.next_batch()
                self.tapped += 1
                self._waiting = None
        elif state == "laying":
            self._laid, self._waiting = batch["number"], None
            turned = batch["kind"] == "more"
            for k, cell in enumerate(batch["cells"]):
                seat, turn = k % self.players + 1, k // self.players
                start = t + self.react + turn * self.per_card + float(self.rng.uniform(0, 0.4))
                spot = self.spots[(cell["row"], cell["col"])]
                angle = self.upright + float(self.rng.normal(0, 3)) + (180.0 if turned else 0.0)
                if self.rng.random() < 0.15:
                    angle += 180.0  # some cards come the other way round
                card = Laid(cell["card"], None, spot[0] + float(self.rng.normal(0, 3)),
                            spot[1] + float(self.rng.normal(0, 3)), angle)
                self.moves.append(_Move(seat, card, start, self.per_card, lay=True))
        elif state in ("clearing", "done", "saved") and self.table:
            for k, (_, card) in enumerate(sorted(self.table.items())):
                seat, turn = k % self.players + 1, k // self.players
                start = t + self.react + turn * PER_LIFT + float(self.rng.uniform(0, 0.2))
                self.moves.append(_Move(seat, card, start, PER_LIFT, lay=False))

    def _cell(self, card: Laid) -> Cell:
        return min(self.spots, key=lambda cell: math.dist(self.spots[cell], (card.dx, card.dy)))

    def _towards(self, seat: int, target: tuple[float, float], away: float) -> tuple[float, float]:
        """A point ``away`` (0 at ``target``, 1 at the player's side) on the way from the player."""
        a = math.radians(_seat_angle(seat, self.players))
        return target[0] + math.cos(a) * self.reach * away, target[1] + math.sin(a) * self.reach * away

    def _hand(self, seat: int, x: float, y: float) -> Hand:
        angle = _seat_angle(seat, self.players)
        a = math.radians(angle)
        # The fingertips on the near half of the card held.
        return Hand(x + math.cos(a) * CARD_H * 0.3, y + math.sin(a) * CARD_H * 0.3, angle,
                    self.skins[(seat - 1) % len(self.skins)])


def _seat_angle(seat: int, players: int) -> float:
    """Degrees from the table's centre towards seat ``seat`` (as :mod:`models.render.simulate` seats them)."""
    return 90.0 + 360.0 * (seat - 1) / max(players, 1)


def _ease(s: float) -> float:
    return 1 - (1 - min(max(s, 0.0), 1.0)) ** 2


def _grid_on_table(film: FilmSet, grid: tuple[int, int], centre: tuple[float, float]
                   ) -> tuple[dict[Cell, tuple[float, float]], float]:
    """Where each cell of the page's grid lies on the table (mm), as the camera sees the grid
    (row 1 at the top of its picture, whichever side of the table it looks from), and the turn
    (degrees) that shows a card upright in the picture."""
    rows, cols = grid
    pitch = (CARD_W + GAP, CARD_H + GAP)
    spots = [(centre[0] + (c - (cols - 1) / 2) * pitch[0], centre[1] + (r - (rows - 1) / 2) * pitch[1])
             for r in range(rows) for c in range(cols)]
    printed = [film.quad(Laid("back", None, x, y, 0.0)) for x, y in spots]
    quads = np.stack([order_corners(q) for q in printed])
    cells = place(quads, fit_grid(quads, grid), grid)
    if any(cell is None for cell in cells):
        raise ValueError("the camera does not show the enrolment's grid whole")
    # A card laid at 0 degrees shows its printed top-left corner first, or last but one when the
    # camera looks from the other side of the table.
    first = printed[0][0]
    upside_down = float(np.linalg.norm(first - quads[0][0])) > float(np.linalg.norm(first - quads[0][2]))
    places = {cell: spot for cell, spot in zip(cells, spots, strict=True) if cell is not None}
    return places, 180.0 if upside_down else 0.0


class SimulatedEnrolment(SourceBase):
    """Frames of simulated players enrolling a deck of ``session``'s game with it (seed ``seed``):
    ``fps`` frames a film second, until the profile is saved, or ``limit`` seconds of film."""

    def __init__(self, session: EnrolmentSession, seed: int = 0, *, size: tuple[int, int] = (1280, 720),
                 fps: float = FPS, limit: float = 1800.0, players: int = PLAYERS) -> None:
        self.name = f"simulated:{session.game}:{seed}"
        self.session = session
        self.fps = fps
        self.limit = limit
        self.film = BareTable(session.game, seed, size=size)
        self.players = Players(session, self.film, np.random.default_rng([seed, 17]), players=players)
        self._index = 0
        self._closed = False

    def read(self) -> Frame | None:
        """The next frame; None once the profile is saved or the film is over."""
        if self._closed:
            raise CameraLost(Text("camera_closed", source=self.name))
        t = self._index / self.fps
        if self.session.state == "saved" or t > self.limit:
            return None
        image = self.film.frame(self.players.shot(t))
        frame = Frame(image, t, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        """Later reads raise ``CameraLost``."""
        self._closed = True

    @property
    def seconds(self) -> float:
        """The film's time so far."""
        return self._index / self.fps

    def describe(self) -> dict[str, Any]:
        """What was filmed, for the profile's ``about``."""
        return {"simulated": True, "table": self.film.table_name, "fps": self.fps,
                "players": self.players.players}
