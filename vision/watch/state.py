"""What the watcher is told (:class:`WatchConfig`) and what it keeps of each cell and of its work."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.watch.geometry import TableGeometry
from vision.watch.stable import BUSY, Reading

Image = npt.NDArray[np.uint8]


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
    #: Seconds between looks at a still cell whose card, or the half up of whose card, stays unsure.
    unsure_again: float = 0.5


@dataclass(slots=True)
class CellMemory:
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
    #: When to look at the cell again though it has not changed (its card left unsure).
    again_at: float = math.inf
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
    #: Cards left unsure that their cuts, read again, named.
    reread: int = 0
    #: Oriented cards whose half their crop turned half round did not confirm (read again).
    halves_unsure: int = 0
    searches: int = 0
    camera_moves: int = 0
