"""Reading the cells of one frame: which changed, what each still one shows, its card read.

:class:`CellReading` is the part of :class:`vision.watch.watcher.Watcher` that reads a frame once
the table is placed: only still cells that changed are looked at; their top view is compared
with the cell as last settled and as last seen empty (:mod:`vision.watch.silhouette`), and a
card-shaped difference is cut where it lies and read by the classifier, all in one batch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.engine.spec import GameSpec
from vision.find.detect import CROP_SIZE, rectify
from vision.read.classify import Classifier, Readings
from vision.read.halves import halves
from vision.read.reread import read_again
from vision.watch.anchors import Anchors
from vision.watch.cells import Tiles, cell_view, change, with_empty_centre
from vision.watch.changes import TableView, covered_by_rule
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import Layout
from vision.watch.params import EMPTY_SHARE, FAINT, FITTED_ROWS, OUT_OF_VIEW, SLIGHT
from vision.watch.silhouette import Found, alike, changed_share, locate, outlined
from vision.watch.stable import BUSY, EMPTY, UNSURE, Reading, Stabiliser, split_half, with_half
from vision.watch.state import CellMemory, WatchConfig, WatchStats

Image = npt.NDArray[np.uint8]


@dataclass
class _Batch:
    """The crops of one frame's cells to read in one call, and how to take each reading."""

    crops: list[Image] = field(default_factory=list)
    #: The quad each crop is cut along.
    quads: list[npt.NDArray[np.float64]] = field(default_factory=list)
    #: The cell index of each crop.
    reading_of: list[int] = field(default_factory=list)
    #: Cells read without a clean outline: their card must stay the same longer.
    faint: set[int] = field(default_factory=set)
    #: Settled cards read again: unsure is no news there.
    again: set[int] = field(default_factory=set)
    #: Side places looked at for the first time, the engine holding nothing there: bare unless a
    #: card is read (what lies there may be a card laid before the table was placed).
    first: set[int] = field(default_factory=set)

    def cut(self, i: int, frame: Image, quad: npt.NDArray[np.floating[Any]]) -> None:
        """Add cell ``i``'s card, cut out of ``frame`` along ``quad``."""
        self.crops.append(rectify(frame, quad, CROP_SIZE))
        self.quads.append(np.asarray(quad, np.float64))
        self.reading_of.append(i)


class CellReading:
    """The watcher's reading of a frame's cells; the watcher sets every attribute below."""

    game: str
    spec: GameSpec
    layout: Layout
    classifier: Classifier
    config: WatchConfig
    view: TableView
    stabiliser: Stabiliser
    stats: WatchStats
    geometry: TableGeometry | None
    _memory: dict[str, CellMemory]
    _size: tuple[int, int]
    _placing: bool
    _frames: dict[str, TableGeometry]
    _anchors: Anchors | None
    _static_ref: Tiles | None
    _static_changed: npt.NDArray[np.bool_]
    _tile_moved: npt.NDArray[np.float64]
    _around: list[list[int]]
    _around_static: list[list[int]]
    _round: int
    #: Whether the cells are a trick game's places (:mod:`vision.watch.tricks`).
    tricks: bool

    def _read(self, frame: Image, tiles: Tiles, moving: npt.NDArray[np.bool_], t: float
              ) -> dict[str, Reading]:
        """The readings of this frame: each still cell that changed looked at, the cards found read
        in one batch; the others as they were, or busy where something moves."""
        changed = self._note_changes(tiles, moving, t)
        readings, look = self._to_look(moving, changed, t)
        batch = _Batch()
        for i in look:
            self._look_at(frame, i, tiles, changed, t, batch)
            cell = self.layout.cells[i]
            readings[cell] = self._memory[cell].reading
        self._classify(frame, batch, tiles, readings, t)
        self._refresh(frame, tiles, moving, t)
        return readings

    def _note_changes(self, tiles: Tiles, moving: npt.NDArray[np.bool_], t: float) -> npt.NDArray[np.bool_]:
        """Which cells changed since they were last read; when each tile last moved, and which
        static cards changed."""
        cells = self.layout.cells
        refs = np.stack([m.ref if m.ref is not None else tiles[i] for i, m in
                         enumerate(self._memory[c] for c in cells)])
        changed = change(tiles[:len(cells)], refs) > self.config.change
        for i in np.flatnonzero(moving[:len(cells)]).tolist():
            self._memory[cells[i]].moved = t
        self._tile_moved[moving] = t
        if self._static_ref is not None:
            self._static_changed = change(tiles[len(cells):], self._static_ref) > self.config.change
        return changed

    def _to_look(self, moving: npt.NDArray[np.bool_], changed: npt.NDArray[np.bool_], t: float
                 ) -> tuple[dict[str, Reading], list[int]]:
        """The readings that need no look (busy where something moves, as they were where nothing
        changed), and the indices of the cells to look at."""
        geometry = self.geometry
        assert geometry is not None
        readings: dict[str, Reading] = {}
        look: list[int] = []
        for i, cell in enumerate(self.layout.cells):
            memory = self._memory[cell]
            # A trick game's place stays read when a knock of the camera pushed a strip of its card
            # out of the picture: its card is read all the same, and nothing else would read it.
            slack = OUT_OF_VIEW if self.tricks else 0.0
            if not geometry.inside(self._size, cell, slack) or (self._placing and memory.local is None):
                # (While the table is placed roughly, only the cards found where they lie are read.)
                continue
            if moving[i]:
                readings[cell] = BUSY
            elif memory.ref is None or changed[i] or memory.reading is BUSY or t >= memory.again_at:
                look.append(i)
            else:
                readings[cell] = memory.reading
        return readings, look

    def _table_at(self, memory: CellMemory) -> TableGeometry:
        """The table a cell's card is cut by: the one about the card found there, else the whole table's."""
        geometry = self.geometry
        assert geometry is not None
        return memory.local or geometry

    def _look_at(self, frame: Image, i: int, tiles: Tiles, changed: npt.NDArray[np.bool_], t: float,
                 batch: _Batch) -> None:
        """Look at cell ``i``: its reading set where the view tells it, else its card's crop added
        to ``batch`` to be read."""
        cell = self.layout.cells[i]
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
            batch.cut(i, frame, self._table_at(memory).card_quad(cell))
            batch.again.add(i)
        elif fact is not None and unchanged:
            self._set(memory, tiles[i], Reading.card(fact, max(memory.reading.confidence, 0.5)))
        elif memory.empty is None:
            told_empty = self.view.cards.get(cell) is None and fact is None and memory.ref is None
            if told_empty and cell not in self.layout.sides:
                # Never seen: the engine says it is empty, so this is what empty looks like.
                memory.empty = memory.settled = view
                self._set(memory, tiles[i], EMPTY)
            else:
                batch.cut(i, frame, self._table_at(memory).card_quad(cell))
                memory.quad = None
                if told_empty:
                    batch.first.add(i)
        else:
            found = self._located(i, view, memory.empty, Found("empty", changed=bare) if gone else None,
                                  changed, t, batch)
            self._take(frame, i, found, tiles, changed, t, batch)

    def _located(self, i: int, view: Image, empty: Image, gone: Found | None, changed: npt.NDArray[np.bool_],
                 t: float, batch: _Batch) -> Found:
        """What cell ``i``'s ``view`` shows against its settled and ``empty`` views (``gone``: its
        card taken away), a faint card's cell added to ``batch``'s faint ones."""
        cell = self.layout.cells[i]
        memory = self._memory[cell]
        fact = self.stabiliser.fact(cell)
        reference = with_empty_centre(memory.settled, empty) if memory.settled is not None else empty
        found = gone if gone is not None else locate(view, reference)
        local = found.kind == "unclear" and self._local(i, changed, t)
        if local:
            # Nothing changed around: the surroundings may just have been seen last with a
            # hand or before a neighbour's card; compare the card area alone.
            found = locate(view, with_empty_centre(view, empty))
            if found.kind == "card" and not outlined(view, found):
                # Card-shaped only because the surroundings are left out, and no card's
                # sides there: a pale hand resting over a corner cell from outside the
                # layout reads as a card. A card laid there stays; a hand soon goes.
                batch.faint.add(i)
        # (While the table is placed roughly, only where a card was found: a neighbour's
        # sides, a pixel or two into the cell's view, would pass for a grey card's.)
        slight = found.kind == "empty" and fact is None and self.spec.vision.grey_cards and \
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
                batch.faint.add(i)
        return found

    def _take(self, frame: Image, i: int, found: Found, tiles: Tiles, changed: npt.NDArray[np.bool_],
              t: float, batch: _Batch) -> None:
        """Cell ``i``'s reading from what its view shows (``found``): empty, a card to read (its
        crop added to ``batch``), or busy."""
        cell = self.layout.cells[i]
        memory = self._memory[cell]
        fact = self.stabiliser.fact(cell)
        if found.kind == "empty" and fact is not None and self.spec.vision.accepted_stay \
                and self.view.cards.get(cell) == fact and cell not in self.view.flagged \
                and not self._local(i, changed, t):
            # An accepted card gone while an arm crossed the cells around: a still arm the
            # colour of the table looks like a bare cell. It must stay gone longer. (A
            # flagged card is expected to go: its take-back is not delayed; so is a card undone
            # on the page, often laid again at once.)
            self._set(memory, tiles[i], Reading("empty", settle=self.config.faint_settle))
        elif found.kind == "empty":
            self._set(memory, tiles[i], EMPTY)
        elif found.kind == "card":
            quad = self._table_at(memory).card_quad(cell, found.offset, found.angle)
            batch.cut(i, frame, quad)
            memory.quad = quad.astype(np.float64)
        else:
            memory.reading = BUSY  # a hand resting there, a card half in: look again next frame

    def _classify(self, frame: Image, batch: _Batch, tiles: Tiles, readings: dict[str, Reading],
                  t: float) -> None:
        """Read ``batch``'s crops in one call and set each cell's reading; a card left unsure, or
        its half, is looked at again a moment later (a hand's shadow just gone, a cut a little off,
        the camera's noise: another look often reads it)."""
        if not batch.crops:
            return
        cells = self.layout.cells
        self.stats.classified += len(batch.crops)
        crops = np.stack(batch.crops)
        result = self._reread(frame, batch, self.classifier.classify(crops))
        # A card whose half up counts is named with it (turned: its night half up, Jour et nuit),
        # where its crop turned half round reads it turned the other way too.
        oriented = [k for k, name in enumerate(result.names) if name in self.view.oriented]
        ups = halves(self.classifier, crops, result, oriented)
        confidences = result.confidences.tolist()
        read_of = zip(batch.reading_of, result.names, confidences, strict=True)
        for k, (i, read, confidence) in enumerate(read_of):
            turned = ups.get(k)
            half_unsure = k in ups and turned is None
            name = read if read is None or k not in ups else None if turned is None else \
                with_half(read, "night" if turned else "day")
            fact, memory = self.stabiliser.fact(cells[i]), self._memory[cells[i]]
            # A card read over another settled one, not a Pont: laid over it against the rules, or
            # the same card misread for a moment while a shadow crossed it. Laid, it stays: it must
            # stay read longer. (Over a Pont it is a move of the game, often a Feu de camp's last;
            # and the card the engine has beneath a flagged one is uncovered by its take-back. Nor
            # a card turned where it lies: its half is read twice.)
            replaced = fact is not None and name is not None and name != fact \
                and not covered_by_rule(self.game, fact) and name != self.view.beneath.get(cells[i]) \
                and split_half(name)[0] != split_half(fact)[0]
            wait = self.config.faint_settle if i in batch.faint or replaced else 0.0
            if cells[i] in self.layout.sides and (name == self.layout.static_name or
                                                   (name is None and i in batch.first)):
                # A side place showing what lies beneath it (a border card, the bare table) is
                # bare, and that is its empty look. (Not the look it had when first seen: the reef
                # may have been moved there before the table was placed, and taken for bare, it
                # would never be seen there again.)
                if memory.empty is None:
                    memory.empty = memory.settled = memory.looked
                reading = EMPTY
            elif name is None and fact is not None and (i in batch.again or split_half(fact)[0] == read):
                # A settled card read again unsure, or read but not its half (looked at again a
                # moment later): as it was.
                reading = Reading.card(fact, 0.5)
            else:
                reading = UNSURE if name is None else Reading.card(name, float(confidence), wait)
            self._set(memory, tiles[i], reading)
            self.stats.halves_unsure += half_unsure
            if reading is UNSURE or half_unsure:
                memory.again_at = t + self.config.unsure_again
            readings[cells[i]] = reading

    def _reread(self, frame: Image, batch: _Batch, result: Readings) -> Readings:
        """``result`` with each card left unsure read again on cuts about its quad, and named where
        their readings agree (:func:`vision.read.reread.read_again`, as ``detect`` does). A card cut
        a few pixels off its corners is often unsure where a cut closer reads it surely; asked
        once, it stayed unsure until its cell changed. (Not a settled card read again: unsure is
        no news there; nor a side place at its first look: most often the bare table.)"""
        asked = [k for k, (name, i) in enumerate(zip(result.names, batch.reading_of, strict=True))
                 if name is None and i not in batch.again and i not in batch.first]
        if not asked:
            return result
        quads = np.asarray([batch.quads[k] for k in asked], np.float32)
        own = Readings(tuple(result.names[k] for k in asked), result.confidences[asked],
                       result.flipped[asked])
        again = read_again(frame, quads, own, self.classifier, check=0.0)
        if again is own:
            return result
        names, confidences, flipped = list(result.names), result.confidences.copy(), result.flipped.copy()
        for j, k in enumerate(asked):
            names[k], confidences[k], flipped[k] = again.names[j], again.confidences[j], again.flipped[j]
        self.stats.reread += sum(name is not None for name in again.names)
        return Readings(tuple(names), confidences, flipped)

    def _beyond_fit(self, cell: str) -> bool:
        """Whether ``cell`` lies more than :data:`FITTED_ROWS` rows above every card the table is
        placed by (L'Ascension, whose rows up the pyramid are extrapolated from those below: 24 px,
        a third of a card, off five rows above the highest card in game 7,000,015)."""
        if self._anchors is None:
            return False
        rows = [self.layout.lattice[c][1] for c in self._anchors.cards]
        return self.layout.lattice[cell][1] > max(rows, default=0.0) + FITTED_ROWS

    def _set(self, memory: CellMemory, tile: npt.NDArray[np.float32], reading: Reading) -> None:
        memory.reading = reading
        memory.ref = tile
        memory.again_at = math.inf

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
