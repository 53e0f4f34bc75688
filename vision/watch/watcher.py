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
   last calm frame (:func:`vision.watch.motion.register`), or finds the table again,
   and goes on with the cells as they were.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.events import Event
from companion.engine.game import Game
from companion.engine.spec import find_spec
from vision.find.detect import Finder
from vision.find.finders import for_closer_look
from vision.read.classify import Classifier
from vision.watch.anchors import Anchors, card_frame, new_cards
from vision.watch.bare import FixedCamera
from vision.watch.cells import (
    CellSampler,
    Tiles,
    cell_view,
    change,
    grey_small,
    motion,
    view_matrix,
)
from vision.watch.changes import Interpreter, Output, TableView
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import Layout, layout
from vision.watch.motion import register
from vision.watch.panoramas import find_panorama_row
from vision.watch.params import (
    EMPTY_SHARE,
    REFIT_SHIFT,
)
from vision.watch.placement import Placement, check
from vision.watch.reading import CellReading
from vision.watch.silhouette import changed_share
from vision.watch.stable import Change, Prompt, Stabiliser
from vision.watch.state import CellMemory, WatchConfig, WatchStats
from vision.watch.table import find_table
from vision.watch.tricks import TrickInterpreter, default_geometry, follow_cards

Image = npt.NDArray[np.uint8]
State = Literal["searching", "watching", "moved"]

#: Seconds between two checks of a placement not yet confirmed (each runs the card finder).
CHECK_EVERY = 0.3
#: Seconds what was read may be held while no card in sight says whether the table lies right.
HOLD_AT_MOST = 2.0
#: Cells changed at once that make the watcher check its placement again.
BURST = 3


def _event_cells(outputs: list[Output]) -> list[str]:
    """The cells of the events among ``outputs`` (a Feu de camp's both)."""
    lines = [out.to_json() for out in outputs if isinstance(out, Event)]
    return [str(line[name]) for line in lines for name in ("at", "move_to") if name in line]


class Watcher(CellReading):
    """Turns frames of one game's table into camera events and prompts."""

    def __init__(self, game: str, classifier: Classifier, *, geometry: TableGeometry | None = None,
                 config: WatchConfig | None = None, view: TableView | None = None,
                 find: Finder | None = None, places: Layout | None = None) -> None:
        """``places``: a trick game's places for its seats, read as cells (:mod:`vision.watch.tricks`), or
        the cells of a variant laid otherwise (Tranquillité's Grande Arche)."""
        self.game = game
        #: The whole-frame card finder that looks for the table (None: OpenCV contours), as a fixed
        #: camera's: it keeps the bare table, and once the table is placed, a card's size.
        self.find = None if find is None else FixedCamera(find)
        self.layout, self.spec = layout(game) if places is None else places, find_spec(game)
        self.tricks = self.spec.board == "tricks"
        self.classifier = classifier
        self.config = config or WatchConfig()
        self.view = view or TableView.empty()
        self.interpreter: Interpreter = (
            TrickInterpreter(game, self.view, seats=sum(c[:1] == "t" for c in self.layout.cells),
                             grace=self.config.grace) if self.tricks
            else Interpreter(game, self.view, grace=self.config.grace, sides=self.layout.sides))
        cfg = self.config
        self.stabiliser = Stabiliser(self.layout.cells, settle=cfg.settle, ask_after=cfg.ask_after,
                                     facts={c: self.view.cards.get(c) for c in self.layout.cells})
        self.stats = WatchStats()
        self.geometry: TableGeometry | None = None
        self._sampler: CellSampler | None = None
        self._memory: dict[str, CellMemory] = {}
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
        extra = len(self.layout.static) + len(self.layout.marks)  # the tiles after the cells
        self._tile_moved = np.full(len(cells_uv) + extra, -math.inf)
        self._static_changed = np.zeros(extra, bool)
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
        #: How sure the watcher is of where the table lies (see vision.watch.placement); what it
        #: read meanwhile, held until a calm frame confirms the placement; when it last checked;
        #: the events given out since the last confirmation (in doubt if the placement fails).
        self.placement = Placement()
        self._held: list[Output] = []
        self._hold_start = -math.inf
        self._recheck = False
        self._checked = -math.inf
        self._since_check: list[str] = []
        #: The Panoramas' row placed the table wrong once: place it by every card found instead.
        self._rows_failed = False
        if geometry is not None:
            self._set_geometry(geometry)
            self.placement.placed(by_hand=True)

    # -- what the engine says ------------------------------------------------

    def sync(self, source: TableView | Game[Any]) -> None:
        """Tell the watcher the engine's table after a ruling or an event from the page or a button."""
        if isinstance(source, TableView):
            self.view = source
        else:
            self.view = TableView.of(source)
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
        return None if self.find is None else for_closer_look(self.find.find)

    # -- frames ----------------------------------------------------------------

    def feed(self, frame: Image, t: float) -> list[Output]:
        """Read one frame taken at ``t`` seconds; return the events and prompts it brings."""
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ValueError(f"frame must be a BGR uint8 image (H, W, 3), got {frame.shape} {frame.dtype}")
        self.stats.frames += 1
        self._size = (frame.shape[1], frame.shape[0])
        if self.find is not None:
            self.find.watch(frame)
        if self.geometry is None and self.tricks:
            # The seats where a camera above the table's middle would see them, until the players
            # tap them on the page: a trick's few cards cannot place a table (nor confirm it).
            self._set_geometry(default_geometry(self.layout, self._size))
            self.placement.placed(by_hand=True)
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
            if self.find is not None:
                self.find.moved()
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
        outputs = [*self.interpreter.interpret(changes, self.stabiliser.facts), *prompts,
                   *self.interpreter.tick(t)]
        return self._gate(outputs, frame, changes, bool(moving.any()), t)

    # -- how sure of the table -------------------------------------------------

    def place_by_hand(self, geometry: TableGeometry) -> None:
        """The players set the table (four corners, or two known cards, on the page): trusted."""
        self._unplace()
        self._set_geometry(geometry)
        self.placement.placed(by_hand=True)

    def confirm(self) -> None:
        """The players say the layout drawn over the picture lies right: trusted from now on."""
        if self.geometry is not None:
            self.placement.placed(by_hand=True)

    def _gate(self, outputs: list[Output], frame: Image, changes: list[Change], moving: bool,
              t: float) -> list[Output]:
        """Hold what a placement not yet confirmed reads until a calm frame's cards confirm it, and
        drop the placement, saying so, when they lie across its lines; a confirmed placement gives
        out what it reads at once and is checked again when something it reads looks wrong."""
        placement = self.placement
        if placement.state == "by_hand" or self.find is None:
            return outputs
        if self._anchors is not None and not self._placing:
            # A table placed by its static cards and then by the cards found where they lie
            # (L'Ascension's pyramid) keeps its own fit: dropping it on the outlines' word, and
            # placing it again by every card, lost whole fresh games it reads whole (issue 73).
            return outputs
        if placement.state == "placed":
            if self._doubtful(outputs, changes):
                self._recheck = True
            self._since_check += _event_cells(outputs)
            cells = self._since_check[-BURST:]
            if not self._recheck or moving or not cells or t - self._checked < CHECK_EVERY:
                return outputs
            self._checked, self._recheck = t, False
            if check(self.find(frame), self._placed_geometry(), cells).verdict != "doubted":
                self._since_check = []
                return outputs
            return [*outputs, self._doubted(self._since_check, t)]
        if self._placing:
            # L'Ascension's pyramid placed roughly by its Panoramas: each card is read by the
            # table about it (vision.watch.anchors), and the rough table is a third of a card
            # off at its top by design, so the outlines cannot speak yet. (Nor can a card lying
            # over bare cells: laying it there is an illegal play the referee must flag.)
            return outputs
        if outputs and not self._held:
            self._hold_start = t
        self._held += outputs
        if not self._held or moving or t - self._checked < CHECK_EVERY:
            return []
        self._checked = t
        cells = _event_cells(self._held)
        verdict = check(self.find(frame), self._placed_geometry(), cells).verdict
        if verdict == "doubted":
            return [self._doubted([*self._since_check, *cells], t)]
        if verdict == "confirmed" or t - self._hold_start > HOLD_AT_MOST:
            # Confirmed, or nothing in sight says either way for long: go on as placed.
            placement.state = "placed"
            held, self._held, self._since_check = self._held, [], []
            return held
        return []

    def _placed_geometry(self) -> TableGeometry:
        assert self.geometry is not None
        return self.geometry

    def _doubted(self, cells: list[str], t: float) -> Prompt:
        """Drop the placement and say so, naming the cells not ruled or in doubt."""
        self._unplace()
        self.placement.replaced += 1
        return Prompt("unplaced", tuple(dict.fromkeys(cells)), t)

    def _bare_below(self, changes: list[Change]) -> list[int]:
        """For each card just settled that rests on other cards (a pyramid), how many of the cells
        below it are bare, as the camera and the engine both see them."""
        facts, told = self.stabiliser.facts, self.view.cards
        return [sum(facts.get(s) is None and told.get(s) is None for s in supports)
                for c in changes if c.new is not None and (supports := self.layout.supports(c.cell))]

    def _doubtful(self, outputs: list[Output], changes: list[Change]) -> bool:
        """Whether what was just read asks for the placement to be checked again: a card over a
        bare cell (its neighbour below may be a card not read yet), a card seen in two cells, or
        many cells changed at once."""
        twice = any(isinstance(out, Prompt) and out.kind == "twice" for out in outputs)
        return twice or len(changes) >= BURST or any(self._bare_below(changes))

    def _unplace(self) -> None:
        """Forget the table: it is looked for again, every cell read afresh from the engine's table."""
        self.geometry = None
        if self.find is not None:
            self.find.place(None)
        self._sampler = None
        self._memory = {}
        self._previous = self._static_ref = self._anchor = self._anchors = None
        self._placing = self._recheck = False
        self._frames = {}
        self._calm_image = self._calm_tiles = self._bare = None
        self._moved_at = None
        self._held = []
        self._since_check = []
        self._searched = -math.inf
        self._rows_failed = True
        self.placement.lost()

    # -- the camera ----------------------------------------------------------------

    def _set_geometry(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        if self.find is not None:
            self.find.place(geometry)
        self._sampler = CellSampler(geometry, self.config.down)
        for cell in self.layout.cells:
            matrix = view_matrix(geometry, cell)
            if cell in self._memory:
                self._memory[cell].matrix = matrix
                self._memory[cell].local = None
            else:
                self._memory[cell] = CellMemory(matrix)
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
        if self.layout.static_shape == "triangle" and self.find is not None and not known \
                and not self._rows_failed:
            # L'Ascension's bare pyramid: its Panoramas place it roughly, its first cards precisely.
            row = find_panorama_row(frame, self.layout, self.classifier, for_closer_look(self.find.find),
                                    quads=self.find(frame))
            if row is not None:
                self._set_geometry(row.geometry)
                self._anchors = Anchors.of_static(row.geometry, row.centres)
                # The bare table is the first calm frame: a hand may be reaching in already.
                self._placing = True
                self._still_since = t
                self.placement.placed()
            return
        geometry = self._find_table(frame, known)
        if geometry is not None:
            self._set_geometry(geometry)
            self.placement.placed()

    def _find_table(self, frame: Image, known: dict[str, str]) -> TableGeometry | None:
        quads = self.find(frame) if self.find is not None else None
        if self.tricks and self.geometry is not None:
            # A trick table is placed by its seats: after a knock, by its cards found where they lie.
            lying = {c: m.quad for c, m in self._memory.items() if m.quad is not None and c in known}
            return follow_cards(self.geometry, lying, quads)
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
            # By the pixels of a bare table only: cards found again place it better (follow_cards).
            bare = not any(self.stabiliser.facts.values())
            move = register(self._anchor, small, region=region, pixels=bare)
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
        self._static_ref = None if self.tricks else static_ref  # (bare table: seen afresh, as placed)
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
        """Whether the static cards and the settled cells look, with ``geometry``, as they did (a
        trick table's places follow its cards: its bare table alone, tile by tile, cannot say)."""
        if self.tricks:
            return True
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
