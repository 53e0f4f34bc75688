"""Watching the table: from a stream of frames to the events of the game record.

:class:`Watcher` is fed frames (a BGR image and its time) and returns the
events they mean (``play``, ``take_back``, ``campfire``, with ``"source":
"camera"``, the time and the confidence) and the questions to ask
(:class:`~vision.watch.stable.Prompt`). It is a pure consumer: it learns what the
engine ruled through :meth:`Watcher.sync`, so the live loop connects
watcher, engine and watcher again.

How a frame is read, cheaply:

1. Until the table is known, the whole-frame card finder looks for it
   (:func:`vision.watch.table.find_table`), at most once every ``refind_every``
   seconds; a manual geometry (four corners) skips that. L'Ascension's bare
   pyramid is placed roughly by its Panoramas, then by its first cards, found
   between calm frames and read where they lie, and fitted again with every
   card settled (:mod:`vision.watch.anchors`).
2. Every frame, one small grey tile per cell and per static card
   (:class:`vision.watch.cells.CellSampler`) says which cells *move* (changed since
   the previous frame: busy) and which *changed* since they were last read.
3. Only still cells that changed are looked at closely: their top view is
   compared with the cell as last settled and as last seen empty
   (:mod:`vision.watch.silhouette`); a card-shaped difference is cut where it lies
   and read by the classifier, in one batch.
4. Readings become facts after ``settle`` seconds (:class:`vision.watch.stable.Stabiliser`);
   changes of facts become events (:class:`vision.watch.changes.Interpreter`).
5. When most tiles, static ones included, change at once, the camera moved:
   the watcher waits for the picture to calm, measures the move against the
   last calm frame (:func:`vision.watch.table.register`), or finds the table again,
   and goes on with the cells as they were.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.game import Game
from vision.find.detect import CROP_SIZE, rectify
from vision.find.finders import for_closer_look
from vision.read.classify import Classifier
from vision.read.recognise import Finder
from vision.watch.anchors import Anchors, card_frame, new_cards
from vision.watch.cells import (
    CellSampler,
    Tiles,
    cell_view,
    change,
    grey_small,
    motion,
    view_matrix,
    with_empty_centre,
)
from vision.watch.changes import Interpreter, Output, TableView, covered_by_rule
from vision.watch.layouts import layout
from vision.watch.silhouette import EMPTY as EMPTY_SHARE
from vision.watch.silhouette import Found, alike, changed_share, locate, outlined
from vision.watch.stable import BUSY, EMPTY, UNSURE, Change, Prompt, Reading, Stabiliser
from vision.watch.table import TableGeometry, find_panorama_row, find_table, register

Image = npt.NDArray[np.uint8]
State = Literal["searching", "watching", "moved"]
#: Share of a still cell's card area that must differ from the cell seen empty for a card to be read
#: there when its outline cannot be found.
FAINT = 0.25
#: The share of a bare cell's card area that must differ before a card's sides are looked for there.
SLIGHT = 0.05
#: Rows above the highest card the table is placed by where a card found by neither its outline nor
#: a card-shaped difference is still read where its cell is (:meth:`Watcher._beyond_fit`).
FITTED_ROWS = 2
#: Pixels a cell must move for a new fit of the table (cards laid, see vision.watch.anchors) to be taken.
REFIT_SHIFT = 1.0


#: Games where an accepted card never leaves its cell but by an undo: there, an accepted card
#: read gone while an arm crosses its neighbours must stay gone ``faint_settle`` seconds. (In
#: L'Ascension a Feu de camp lifts an accepted Versant: its move must not wait.)
ACCEPTED_STAY = frozenset({"tranquility"})
#: Games with a grey card (L'Ascension's Pont): there, a bare cell where little differs but a card's
#: sides show is read as a card. (Tranquillité has none, and an arm the colour of the table resting
#: over its Start corner shows sides enough to pass.)
GREY_CARDS = frozenset({"ascension"})


@dataclass(frozen=True)
class WatchConfig:
    """The watcher's times (seconds) and thresholds."""

    #: How long a reading must stay the same to become a fact.
    settle: float = 0.2
    #: How long an unsure or flickering cell waits before the companion asks.
    ask_after: float = 2.0
    #: How long an accepted card taken away waits for an explanation (an undo) before asking.
    grace: float = 4.0
    #: Mean grey-level change of a tile since the previous frame that means something moves there.
    motion: float = 5.0
    #: Mean grey-level change of a tile since it was last read that means reading it again.
    change: float = 6.0
    #: Share of the tiles changed at once (static ones too) that means the camera moved.
    moved_share: float = 0.5
    #: Seconds between searches for the table while it is not found.
    refind_every: float = 1.0
    #: The tiles are read on a frame this many times smaller.
    down: int = 2
    #: Seconds between refreshes of a still cell's views (the light drifts).
    refresh_every: float = 2.0
    #: Seconds the cells around a cell must have been still for a change there to be its own.
    local_after: float = 0.15
    #: How long a card read without a clean outline, or read over another settled card, must stay
    #: the same to become a fact.
    faint_settle: float = 1.0


@dataclass(slots=True)
class _Memory:
    """What the watcher remembers of one cell."""

    matrix: npt.NDArray[np.float64]
    #: The tile when the cell was last read.
    ref: npt.NDArray[np.float32] | None = None
    reading: Reading = BUSY
    #: The top view when last read, when last settled, and when last seen empty.
    looked: Image | None = None
    settled: Image | None = None
    empty: Image | None = None
    refreshed: float = -math.inf
    #: When something last moved on the cell's tile.
    moved: float = -math.inf
    #: The image corners of the card last read there, where it was found (None: not found).
    quad: npt.NDArray[np.float64] | None = None
    #: The table placed by the card found at this cell alone, while the whole table is placed
    #: only roughly (see vision.watch.anchors); None: the table's geometry.
    local: TableGeometry | None = None


@dataclass
class WatchStats:
    """Counters, for the benchmark and the status page."""

    frames: int = 0
    looked: int = 0
    classified: int = 0
    searches: int = 0
    camera_moves: int = 0


class Watcher:
    """Turns frames of one game's table into camera events and prompts."""

    def __init__(self, game: str, classifier: Classifier, *, geometry: TableGeometry | None = None,
                 config: WatchConfig | None = None, view: TableView | None = None,
                 find: Finder | None = None) -> None:
        self.game = game
        #: The whole-frame card finder that looks for the table (None: OpenCV contours).
        self.find = find
        self.layout = layout(game)
        self.classifier = classifier
        self.config = config or WatchConfig()
        self.view = view or TableView.empty()
        self.interpreter = Interpreter(game, self.view, grace=self.config.grace)
        self.stabiliser = Stabiliser(self.layout.cells, settle=self.config.settle,
                                     ask_after=self.config.ask_after,
                                     facts={c: self.view.cards.get(c) for c in self.layout.cells})
        self.stats = WatchStats()
        self.geometry: TableGeometry | None = None
        self._sampler: CellSampler | None = None
        self._memory: dict[str, _Memory] = {}
        self._previous: Tiles | None = None
        self._static_ref: Tiles | None = None
        self._anchor: npt.NDArray[np.uint8] | None = None
        self._anchored = -math.inf
        self._searched = -math.inf
        self._moved_at: float | None = None
        self._calm = 0
        self._round = 0
        self._size = (0, 0)
        index = {cell: i for i, cell in enumerate(self.layout.cells)}
        #: Each cell with the cells around it, by index: their tiles cover the cell's view.
        self._around = [[i, *(index[n] for n in self.layout.neighbours(cell))]
                        for i, cell in enumerate(self.layout.cells)]
        # And the static cards beside each cell (Tranquillité's frame): an arm reaching in from
        # outside crosses them. Indexes into the tiles, which list the static cards after the cells.
        cells_uv = [self.layout.lattice[c] for c in self.layout.cells]
        self._around_static = [[len(cells_uv) + k for k, (su, sv) in enumerate(self.layout.static)
                                if abs(su - u) <= 1.01 and abs(sv - v) <= 1.01] for u, v in cells_uv]
        #: When each tile (cells, then static cards) last moved, and whether it changed this frame.
        self._tile_moved = np.full(len(cells_uv) + len(self.layout.static), -math.inf)
        self._static_changed = np.zeros(len(self.layout.static), bool)
        #: The points the table is placed by, fitted again as cards are laid (None: the geometry
        #: was set by hand or found from many cards).
        self._anchors: Anchors | None = None
        #: The table as first seen bare (no card on the pyramid), followed through camera moves.
        self._bare: Image | None = None
        self._refit_due = False
        #: Whether L'Ascension's table is placed by its Panoramas alone, and meanwhile the last calm
        #: frame whose changes were all explained (new cards are found against it), and its tiles.
        self._placing = False
        #: Meanwhile, the table about each card found (see vision.watch.anchors.card_frame).
        self._frames: dict[str, TableGeometry] = {}
        self._calm_image: Image | None = None
        self._calm_tiles: Tiles | None = None
        self._still_since = -math.inf
        if geometry is not None:
            self._set_geometry(geometry)

    # -- what the engine says ------------------------------------------------

    def sync(self, source: TableView | Game[Any]) -> None:
        """Tell the watcher the engine's table after a ruling or an event from the page or a button."""
        self.view = source if isinstance(source, TableView) else TableView.of(source)
        self.interpreter.sync(self.view)

    @property
    def state(self) -> State:
        """``searching`` for the table, ``watching`` it, or following a ``moved`` camera."""
        if self.geometry is None:
            return "searching"
        return "moved" if self._moved_at is not None else "watching"

    @property
    def facts(self) -> dict[str, str | None]:
        """What lies on every cell, as the camera has settled it."""
        return self.stabiliser.facts

    @property
    def _closer(self) -> Finder | None:
        """The finder to look closer with (small Panoramas, a pale card), if the watcher has one."""
        return None if self.find is None else for_closer_look(self.find)

    # -- frames ----------------------------------------------------------------

    def feed(self, frame: Image, t: float) -> list[Output]:
        """Read one frame taken at ``t`` seconds; return the events and prompts it brings."""
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ValueError(f"frame must be a BGR uint8 image (H, W, 3), got {frame.shape} {frame.dtype}")
        self.stats.frames += 1
        self._size = (frame.shape[1], frame.shape[0])
        if self.geometry is None:
            self._search(frame, t)
            return []
        assert self._sampler is not None
        small = grey_small(frame, self.config.down)
        tiles = self._sampler.tiles(small)
        previous = tiles if self._previous is None else self._previous
        self._previous = tiles
        moving = motion(tiles, previous) > self.config.motion
        if self._moved_at is None and self._camera_moved(tiles):
            self._moved_at = t
            self.stats.camera_moves += 1
        if self._moved_at is not None:
            self._follow(frame, small, tiles, moving, t)
            return []
        readings = self._read(frame, tiles, moving, t)
        found = self.stabiliser.update(t, readings)
        changes = [c for c in found if isinstance(c, Change)]
        prompts: list[Output] = [p for p in found if isinstance(p, Prompt)]
        for c in changes:
            memory = self._memory[c.cell]
            memory.settled = memory.looked
            if c.new is None:
                memory.empty = memory.looked
            if self._anchors is not None:
                # A card found where it lies places the table a little better near it.
                self._anchors.cards.pop(c.cell, None)
                if c.new is not None and memory.quad is not None:
                    self._anchors.cards[c.cell] = memory.quad.mean(axis=0)
                    self._refit_due = True
        if changes:
            # A card came or went: the cells around it now look different in their margins.
            touched = {i for c in changes for i in self._around[self.layout.cells.index(c.cell)]}
            for i in sorted(touched):
                self._take_views(frame, i, moving, t)
        if moving.any():
            self._still_since = t
        else:
            self._calm_frame(small, tiles, t)
            if self._placing and t - self._still_since >= self.config.settle:
                self._first_cards(frame, tiles)
            if self._refit_due and not self._placing:
                self._refit(frame, small, t)
        return [*self.interpreter.interpret(changes, self.stabiliser.facts), *prompts,
                *self.interpreter.tick(t)]

    def _read(self, frame: Image, tiles: Tiles, moving: npt.NDArray[np.bool_], t: float
              ) -> dict[str, Reading]:
        cells = self.layout.cells
        geometry = self.geometry
        assert geometry is not None
        refs = np.stack([m.ref if m.ref is not None else tiles[i] for i, m in
                         enumerate(self._memory[c] for c in cells)])
        changed = change(tiles[:len(cells)], refs) > self.config.change
        for i in np.flatnonzero(moving[:len(cells)]).tolist():
            self._memory[cells[i]].moved = t
        self._tile_moved[moving] = t
        if self._static_ref is not None:
            self._static_changed = change(tiles[len(cells):], self._static_ref) > self.config.change
        readings: dict[str, Reading] = {}
        look: list[int] = []
        for i, cell in enumerate(cells):
            memory = self._memory[cell]
            if not geometry.inside(self._size, cell) or (self._placing and memory.local is None):
                # (While the table is placed roughly, only the cards found where they lie are read.)
                continue
            if moving[i]:
                readings[cell] = BUSY
            elif memory.ref is None or changed[i] or memory.reading is BUSY:
                look.append(i)
            else:
                readings[cell] = memory.reading
        crops: list[Image] = []
        reading_of: list[int] = []
        faint: set[int] = set()
        again: set[int] = set()  # settled cards read again: unsure is no news there
        for i in look:
            cell = cells[i]
            memory = self._memory[cell]
            self.stats.looked += 1
            view = cell_view(frame, memory.matrix)
            fact = self.stabiliser.fact(cell)
            memory.looked = view
            moved = 1.0 if memory.settled is None else changed_share(view, memory.settled)
            # A card's cell showing the bare cell again: its card was taken away. (A pale card on a
            # pale table differs from the bare cell by its print alone, so the cell then differs from
            # its view with the card by less than a card's share; and a card laid off its cell's
            # centre lay over the margin, so that the bare cell's light, measured there, seemed to
            # have changed against it.)
            bare = 1.0 if fact is None or memory.empty is None else changed_share(view, memory.empty)
            gone = bare < EMPTY_SHARE and bare < moved
            unchanged = moved < EMPTY_SHARE and not gone
            seen_other = not (memory.reading.definite and memory.reading.value == fact)
            if fact is not None and unchanged and seen_other and moved >= EMPTY_SHARE / 2:
                # Back from under a hand, or read as another card, and a little changed: a card laid
                # over it and much like it (a pale Feu de camp on a pale Versant differs from it by
                # its print alone) is read, not taken for the card beneath.
                crops.append(rectify(frame, (memory.local or geometry).card_quad(cell), CROP_SIZE))
                reading_of.append(i)
                again.add(i)
            elif fact is not None and unchanged:
                self._set(memory, tiles[i], Reading.card(fact, max(memory.reading.confidence, 0.5)))
            elif memory.empty is None:
                if self.view.cards.get(cell) is None and fact is None and memory.ref is None:
                    # Never seen: the engine says it is empty, so this is what empty looks like.
                    memory.empty = memory.settled = view
                    self._set(memory, tiles[i], EMPTY)
                else:
                    crops.append(rectify(frame, (memory.local or geometry).card_quad(cell), CROP_SIZE))
                    reading_of.append(i)
                    memory.quad = None
            else:
                reference = with_empty_centre(memory.settled, memory.empty) if memory.settled is not None \
                    else memory.empty
                found = Found("empty", changed=bare) if gone else locate(view, reference)
                local = found.kind == "unclear" and self._local(i, changed, t)
                if local:
                    # Nothing changed around: the surroundings may just have been seen last with a
                    # hand or before a neighbour's card; compare the card area alone.
                    found = locate(view, with_empty_centre(view, memory.empty))
                    if found.kind == "card" and not outlined(view, found):
                        # Card-shaped only because the surroundings are left out, and no card's
                        # sides there: a pale hand resting over a corner cell from outside the
                        # layout reads as a card. A card laid there stays; a hand soon goes.
                        faint.add(i)
                # (While the table is placed roughly, only where a card was found: a neighbour's
                # sides, a pixel or two into the cell's view, would pass for a grey card's.)
                slight = found.kind == "empty" and fact is None and self.game in GREY_CARDS and \
                    (not self._placing or cell in self._frames)
                if ((local and found.kind == "unclear") or slight) and not self._beyond_fit(cell):
                    # A card hardly different from the table (a grey card on a pale one) leaves no clean
                    # outline: darker than the table in every channel alike, it passes for a shadow
                    # but for its print, and little of its cell may differ. Its straight sides tell it
                    # from a shadow or a bare cell: read it where its cell is. Without them, only a
                    # change over most of the card area is read, slowly (unsure readings make no fact).
                    # Not where the table is only extrapolated: the cell is a third of a card off
                    # there, and a cut that far off the card may be read as another with confidence.
                    maybe = Found("card", changed=found.changed)
                    if found.changed >= SLIGHT and outlined(view, maybe):
                        found = maybe
                    elif found.kind == "unclear" and found.changed >= FAINT:
                        found = maybe
                        faint.add(i)
                if found.kind == "empty" and fact is not None and self.game in ACCEPTED_STAY \
                        and cell not in self.view.flagged and not self._local(i, changed, t):
                    # An accepted card gone while an arm crossed the cells around: a still arm the
                    # colour of the table looks like a bare cell. It must stay gone longer. (A
                    # flagged card is expected to go: its take-back is not delayed.)
                    self._set(memory, tiles[i], Reading("empty", settle=self.config.faint_settle))
                elif found.kind == "empty":
                    self._set(memory, tiles[i], EMPTY)
                elif found.kind == "card":
                    quad = (memory.local or geometry).card_quad(cell, found.offset, found.angle)
                    crops.append(rectify(frame, quad, CROP_SIZE))
                    reading_of.append(i)
                    memory.quad = quad.astype(np.float64)
                else:
                    memory.reading = BUSY  # a hand resting there, a card half in: look again next frame
            readings[cell] = memory.reading
        if crops:
            self.stats.classified += len(crops)
            result = self.classifier.classify(np.stack(crops))
            confidences = result.confidences.tolist()
            for i, name, confidence in zip(reading_of, result.names, confidences, strict=True):
                fact = self.stabiliser.fact(cells[i])
                # A card read over another settled one, not a Pont: laid over it against the rules, or
                # the same card misread for a moment while a shadow crossed it. Laid, it stays: it must
                # stay read longer. (Over a Pont it is a move of the game, often a Feu de camp's last;
                # and the card the engine has beneath a flagged one is uncovered by its take-back.)
                replaced = fact is not None and name is not None and name != fact \
                    and not covered_by_rule(self.game, fact) and name != self.view.beneath.get(cells[i])
                wait = self.config.faint_settle if i in faint or replaced else 0.0
                if i in again and name is None:
                    reading = Reading.card(fact, 0.5) if fact is not None else UNSURE
                else:
                    reading = UNSURE if name is None else Reading.card(name, float(confidence), wait)
                self._set(self._memory[cells[i]], tiles[i], reading)
                readings[cells[i]] = reading
        self._refresh(frame, tiles, moving, t)
        return readings

    def _beyond_fit(self, cell: str) -> bool:
        """Whether ``cell`` lies more than :data:`FITTED_ROWS` rows above every card the table is
        placed by (L'Ascension, whose rows up the pyramid are extrapolated from those below: 24 px,
        a third of a card, off five rows above the highest card in game 7,000,015)."""
        if self._anchors is None:
            return False
        rows = [self.layout.lattice[c][1] for c in self._anchors.cards]
        return self.layout.lattice[cell][1] > max(rows, default=0.0) + FITTED_ROWS

    def _set(self, memory: _Memory, tile: npt.NDArray[np.float32], reading: Reading) -> None:
        memory.reading = reading
        memory.ref = tile

    def _local(self, i: int, changed: npt.NDArray[np.bool_], t: float) -> bool:
        """Whether the cells around cell ``i`` are as they were read, and have been still a moment:
        a change at ``i`` is then its own, not an arm reaching across."""
        cells = self.layout.cells
        still = all(not changed[j] and t - self._memory[cells[j]].moved >= self.config.local_after
                    for j in self._around[i][1:])
        n = len(cells)
        after = self.config.local_after
        return still and all(not self._static_changed[j - n] and t - self._tile_moved[j] >= after
                             for j in self._around_static[i])

    def _refresh(self, frame: Image, tiles: Tiles, moving: npt.NDArray[np.bool_], t: float) -> None:
        """Take one settled, still cell's views again, in turn: the light drifts over a game."""
        cells = self.layout.cells
        for _ in range(len(cells)):
            self._round = (self._round + 1) % len(cells)
            if t - self._memory[cells[self._round]].refreshed >= self.config.refresh_every and \
                    self._take_views(frame, self._round, moving, t, periodic=True):
                return

    def _take_views(self, frame: Image, i: int, moving: npt.NDArray[np.bool_], t: float, *,
                    periodic: bool = False) -> bool:
        """Take cell ``i``'s settled (and empty) view again if it and the cells around are still and it
        shows its fact; return whether it did."""
        cell = self.layout.cells[i]
        memory = self._memory[cell]
        if moving[self._around[i]].any() or memory.reading is BUSY or memory.settled is None:
            return False
        if memory.reading.value != self.stabiliser.fact(cell) or not self.stabiliser.settled(cell):
            return False
        view = cell_view(frame, memory.matrix)
        # The card area exactly as settled (a soft shadow is a change here); the margin may show a
        # neighbour's new card, or, after a while, drifted light.
        if not alike(view, memory.settled, inner=not periodic):
            return False
        memory.settled = view
        if memory.reading.kind == "empty":
            memory.empty = view
        memory.refreshed = t
        return True

    # -- the camera ----------------------------------------------------------------

    def _set_geometry(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        self._sampler = CellSampler(geometry, self.config.down)
        for cell in self.layout.cells:
            matrix = view_matrix(geometry, cell)
            if cell in self._memory:
                self._memory[cell].matrix = matrix
                self._memory[cell].local = None
            else:
                self._memory[cell] = _Memory(matrix)
                # Never seen yet: what lies there is what the engine knows now (the table may be
                # found late, after cards were told by the page).
                self.stabiliser.set_fact(cell, self.view.cards.get(cell))
        self._previous = None
        self._static_ref = None

    def _search(self, frame: Image, t: float) -> None:
        if t - self._searched < self.config.refind_every:
            return
        self._searched = t
        self.stats.searches += 1
        known = {cell: card for cell, card in self.view.cards.items() if card is not None}
        if self.layout.static_shape == "triangle" and self.find is not None and not known:
            # L'Ascension's bare pyramid: its Panoramas place it roughly, its first cards precisely.
            row = find_panorama_row(frame, self.layout, self.classifier, for_closer_look(self.find),
                                    quads=self.find(frame))
            if row is not None:
                self._set_geometry(row.geometry)
                self._anchors = Anchors.of_static(row.geometry, row.centres)
                # The bare table is the first calm frame: a hand may be reaching in already.
                self._placing = True
                self._still_since = t
            return
        geometry = self._find_table(frame, known)
        if geometry is not None:
            self._set_geometry(geometry)

    def _find_table(self, frame: Image, known: dict[str, str]) -> TableGeometry | None:
        quads = self.find(frame) if self.find is not None else None
        return find_table(frame, self.layout, self.classifier, known=known, quads=quads, find=self._closer)

    def _first_cards(self, frame: Image, tiles: Tiles) -> None:
        """While the table is placed by its Panoramas alone, on a calm frame: find the cards laid since
        the last one, read each where it lies, and place the table by them once there are enough
        (:mod:`vision.watch.anchors`)."""
        anchors, geometry, calm = self._anchors, self.geometry, self._calm_image
        assert anchors is not None and geometry is not None
        if calm is None or self._bare is None:
            self._bare = self._calm_image = frame.copy()
            self._calm_tiles = tiles
            return
        if self._calm_tiles is not None and not (change(tiles, self._calm_tiles) > self.config.change).any():
            return
        # Cards read beside a card found but never found whole themselves (a grey Pont on a pale
        # table) are left out of the differences: the last calm frame may be older than they are.
        known = {c: m.local.card_quad(c).astype(np.float64) for c, m in self._memory.items()
                 if m.local is not None and self.stabiliser.fact(c) is not None and c not in self._frames}
        between = new_cards(calm, frame, geometry, self._bare, present=anchors.cards, frames=self._frames,
                            known=known, find=self._closer)
        for cell in between.gone:
            anchors.cards.pop(cell, None)
            self._frames.pop(cell, None)
        for cell, quad in between.laid.items():
            anchors.cards[cell] = quad.mean(axis=0)
            self._frames[cell] = card_frame(quad, geometry, cell)
        self._near_cards(frame, calm, set(between.laid))
        if between.clean:
            self._calm_image, self._calm_tiles = frame.copy(), tiles
        if anchors.ready() and anchors.fit() is not None:
            # Enough cards, and they agree, to place the whole table: done at once (the frame is calm).
            self._placing = False
            self._calm_image = self._calm_tiles = None
            self._frames = {}
            self._refit_due = True

    def _near_cards(self, frame: Image, calm: Image, laid: set[str]) -> None:
        """Read each card found where it lies, and the cells around it by the table about it (the
        rough table may put them a card's margin away): their views, against the bare table, from
        ``calm`` (the cards beside) or, where a card is known to lie, from ``frame``."""
        assert self._bare is not None
        for i, cell in enumerate(self.layout.cells):
            around = (self.layout.cells[j] for j in self._around[i])
            near = [self._frames[c] for c in around if c in self._frames]
            memory = self._memory[cell]
            if not near or (memory.local is not None and cell not in laid):
                continue
            memory.local = self._frames.get(cell, near[0])
            memory.matrix = view_matrix(memory.local, cell)
            memory.settled = cell_view(calm if self.stabiliser.fact(cell) is None else frame, memory.matrix)
            memory.empty = cell_view(self._bare, memory.matrix)
            memory.ref = None

    def _refit(self, frame: Image, small: npt.NDArray[np.uint8], t: float) -> None:
        """Place the table again by its anchors, on a calm frame, and take every cell's views again:
        where the cell shows its fact, from this frame; elsewhere (a card coming or going, a cell
        the rough table put over a neighbour's card) the bare table's, to read the cell afresh."""
        self._refit_due = False
        old = self.geometry
        geometry = None if self._anchors is None else self._anchors.fit()
        if geometry is None or old is None:
            return
        centres = [self.layout.centre(c, old.gap) for c in self.layout.cells]
        shift = np.linalg.norm(geometry.to_image(centres) - old.to_image(centres), axis=1)
        if float(shift.max()) < REFIT_SHIFT and not any(m.local for m in self._memory.values()):
            return
        self._set_geometry(geometry)
        assert self._sampler is not None
        tiles = self._sampler.tiles(small)
        for i, cell in enumerate(self.layout.cells):
            memory = self._memory[cell]
            fact = self.stabiliser.fact(cell)
            view = cell_view(frame, memory.matrix)
            bare = None if self._bare is None else cell_view(self._bare, memory.matrix)
            if memory.reading.definite and memory.reading.value == fact:
                memory.settled = memory.looked = view
                memory.empty = view if fact is None else bare
                memory.ref = tiles[i]
                memory.refreshed = t
            elif bare is not None:
                memory.settled = memory.empty = bare
                memory.ref = None
        self._static_ref = tiles[len(self.layout.cells):].copy()

    def _camera_moved(self, tiles: Tiles) -> bool:
        assert self._sampler is not None
        n = self._sampler.cell_count
        if self._static_ref is None:
            self._static_ref = tiles[n:].copy()
            return False
        static = change(tiles[n:], self._static_ref) > self.config.change
        with_ref = [i for i, c in enumerate(self.layout.cells) if self._memory[c].ref is not None]
        if not with_ref:
            return False
        refs = np.stack([self._memory[self.layout.cells[i]].ref for i in with_ref])  # type: ignore[misc]
        cells = change(tiles[with_ref], refs) > self.config.change
        share = (static.sum() + cells.sum()) / (len(static) + len(cells))
        static_share = static.mean() if len(static) else share
        return bool(share >= self.config.moved_share and static_share >= self.config.moved_share)

    def _calm_frame(self, small: npt.NDArray[np.uint8], tiles: Tiles, t: float) -> None:
        """A frame where nothing moves: remember it to measure a later camera move against."""
        if t - self._anchored >= 1.0:
            self._anchor = small
            self._anchored = t
            assert self._sampler is not None
            self._static_ref = tiles[self._sampler.cell_count:].copy()

    def _follow(self, frame: Image, small: npt.NDArray[np.uint8], tiles: Tiles,
                moving: npt.NDArray[np.bool_], t: float) -> None:
        """After a camera move: once the picture is calm, measure the move or find the table again."""
        self._calm = self._calm + 1 if moving.mean() < 0.05 else 0
        if self._calm < 2 or self.geometry is None:
            return
        geometry: TableGeometry | None = None
        if self._anchor is not None and self._moved_at is not None and t - self._moved_at < 10.0:
            x0, y0, x1, y1 = self.layout.bounds(self.geometry.gap, margin=20.0)
            region = self.geometry.to_image([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) / self.config.down
            move = register(self._anchor, small, region=region)
            if move is not None:
                d = float(self.config.down)
                scale = np.diag([d, d, 1.0])
                geometry = self.geometry.moved(scale @ move @ np.linalg.inv(scale))
        if geometry is None or not self._fits(geometry, frame):
            if t - self._searched < self.config.refind_every:
                return
            self._searched = t
            self.stats.searches += 1
            known = {c: v for c, v in self.stabiliser.facts.items() if v is not None}
            geometry = self._find_table(frame, known)
            if geometry is None or not self._fits(geometry, frame):
                return
        static_ref = self._static_ref
        # What the table is placed by, and the bare table, move with the camera.
        move = geometry.homography @ np.linalg.inv(self.geometry.homography)
        if self._anchors is not None:
            self._anchors.moved(move)
        if self._bare is not None:
            self._bare = np.asarray(cv2.warpPerspective(self._bare, move, (frame.shape[1], frame.shape[0]),
                                                        borderMode=cv2.BORDER_REPLICATE), np.uint8)
        self._set_geometry(geometry)
        self._static_ref = static_ref
        self._moved_at = None
        if self._placing:  # still placing the table by its first cards: they moved too
            assert self._sampler is not None
            self._calm_image = frame.copy()
            self._calm_tiles = self._sampler.tiles(small)
            self._frames = {cell: table.moved(move) for cell, table in self._frames.items()}
            if self._bare is not None:
                self._near_cards(frame, frame, set(self._frames))
        self._calm = 0
        # The views kept from before are a pixel or two off now: take them again where the cell
        # shows what it showed (the picture is calm).
        for cell in self.layout.cells:
            memory = self._memory[cell]
            if memory.settled is None or not self.geometry or not self.geometry.inside(self._size, cell):
                continue
            view = cell_view(frame, memory.matrix)
            if changed_share(view, memory.settled) < EMPTY_SHARE / 2:
                memory.settled = view
                if self.stabiliser.fact(cell) is None:
                    memory.empty = view

    def _fits(self, geometry: TableGeometry, frame: Image) -> bool:
        """Whether the static cards and the settled cells look, with ``geometry``, as they did."""
        sampler = CellSampler(geometry, self.config.down)
        tiles = sampler.tiles(grey_small(frame, self.config.down))
        n = sampler.cell_count
        refs, now = [], []
        if self._static_ref is not None:
            refs.append(self._static_ref)
            now.append(tiles[n:])
        known = [i for i, c in enumerate(self.layout.cells) if self._memory[c].ref is not None]
        if known:
            refs.append(np.stack([self._memory[self.layout.cells[i]].ref for i in known]))  # type: ignore[misc]
            now.append(tiles[known])
        if not refs:
            return True
        same = change(np.concatenate(now), np.concatenate(refs)) <= self.config.change
        return bool(same.mean() >= 0.7)
