"""Cards found in one frame: one validated dataclass of numpy arrays, filtered with masks.

Like supervision's ``Detections``: every field has one row per card, the shapes
and types are checked when the value is built, and a boolean mask or an index
array selects rows into a new value.

>>> quads = np.array([[[0, 0], [63, 0], [63, 88], [0, 88]]], dtype=np.float32)
>>> d = Detections(quads, ("27",), np.array([0.9], np.float32), np.array([False]))
>>> len(d), d.boxes().tolist()
(1, [[0.0, 0.0, 63.0, 88.0]])
>>> len(d[d.confidences > 0.95])
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.errors import VisionError
from companion.text import Text
from vision.voc import bounding_boxes

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


class InvalidDetections(VisionError, ValueError):
    """Fields of a :class:`Detections` that do not fit together (shape, type or range).

    A programming error rather than a player's: the detail stays in English.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(Text("detections_invalid", detail=detail))


@dataclass(frozen=True, slots=True, eq=False)
class Detections:
    """Cards found in one frame: corners, names, confidences and orientation, one row per card."""

    #: (N, 4, 2) float32 image-pixel corners, clockwise from the top-left of the card seen portrait.
    quads: FloatArray
    #: N record names, ``None`` where the card is not classified or the classifier is unsure.
    names: tuple[str | None, ...]
    #: (N,) float32 in [0, 1].
    confidences: FloatArray
    #: (N,) bool: the card is seen rotated by half a turn.
    upside_down: BoolArray

    def __post_init__(self) -> None:
        quads, conf, flip = self.quads, self.confidences, self.upside_down
        if not isinstance(quads, np.ndarray) or quads.ndim != 3 or quads.shape[1:] != (4, 2):
            raise InvalidDetections(f"quads must have shape (N, 4, 2), got {_shape(quads)}")
        if quads.dtype != np.float32:
            raise InvalidDetections(f"quads must be float32, got {quads.dtype}")
        if not np.all(np.isfinite(quads)):
            raise InvalidDetections("quads must be finite")
        n = quads.shape[0]
        if not isinstance(self.names, tuple) or len(self.names) != n:
            raise InvalidDetections(f"names must be a tuple of {n} names, got {self.names!r}")
        if not all(name is None or isinstance(name, str) for name in self.names):
            raise InvalidDetections(f"names must be str or None, got {self.names!r}")
        if not isinstance(conf, np.ndarray) or conf.shape != (n,) or conf.dtype != np.float32:
            raise InvalidDetections(f"confidences must be float32 of shape ({n},), got {_shape(conf)}")
        if not np.all((conf >= 0) & (conf <= 1)):
            raise InvalidDetections(f"confidences must lie in [0, 1], got {conf.tolist()}")
        if not isinstance(flip, np.ndarray) or flip.shape != (n,) or flip.dtype != np.bool_:
            raise InvalidDetections(f"upside_down must be bool of shape ({n},), got {_shape(flip)}")

    @classmethod
    def empty(cls) -> Detections:
        """No card at all."""
        return cls(np.zeros((0, 4, 2), np.float32), (), np.zeros(0, np.float32), np.zeros(0, np.bool_))

    @classmethod
    def from_quads(cls, quads: FloatArray) -> Detections:
        """Cards found but not classified yet: no names, confidence 0, upright."""
        n = len(quads)
        return cls(np.asarray(quads, np.float32), (None,) * n, np.zeros(n, np.float32), np.zeros(n, np.bool_))

    def __len__(self) -> int:
        """The number of cards."""
        return int(self.quads.shape[0])

    def __getitem__(self, index: npt.ArrayLike | slice) -> Detections:
        """The rows picked by a boolean mask, an index array, a slice or one index, as a new value."""
        rows = np.arange(len(self))[index]  # type: ignore[index]  # numpy's own rules for masks and indexes, and its errors
        rows = np.atleast_1d(rows)
        return Detections(
            self.quads[rows],
            tuple(self.names[i] for i in rows.tolist()),
            self.confidences[rows],
            self.upside_down[rows],
        )

    def boxes(self) -> FloatArray:
        """Axis-aligned boxes (N, 4) as x0, y0, x1, y1 around each quad."""
        return bounding_boxes(np.asarray(self.quads, np.float32).reshape(-1, 4, 2))

    def to_json(self) -> list[dict[str, Any]]:
        """One plain dict a card, for JSON: corners in pixels, name, confidence, upside_down."""
        return [
            {
                "corners": [[float(x), float(y)] for x, y in quad.tolist()],
                "name": name,
                "confidence": float(conf),
                "upside_down": bool(flip),
            }
            for quad, name, conf, flip in zip(self.quads, self.names, self.confidences, self.upside_down,
                                              strict=True)
        ]


def _shape(value: object) -> str:
    return str(value.shape) if isinstance(value, np.ndarray) else type(value).__name__
