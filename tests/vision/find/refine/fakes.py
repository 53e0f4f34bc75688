"""Helpers shared by the refiner's tests: loose quads, a card, fake networks and refiners."""

from __future__ import annotations

import numpy as np

from vision.find.detect import order_corners
from vision.find.segment import CardFinder, Outlines


def loosened(quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A quad around a card as loose as a finder's: moved by up to a sixth of the card's width,
    each corner a little more."""
    width = float(np.linalg.norm(quad[1] - quad[0]))
    moved = quad + rng.uniform(-width / 6, width / 6, 2) + rng.uniform(-width / 12, width / 12, (4, 2))
    return order_corners(moved.astype(np.float32))


class CountingNetwork(CardFinder):
    """The shipped finder network, noting the scale of each look (None: the whole frame fitted to
    its input) and how much closer each map it outlined cards on was."""

    def __init__(self) -> None:
        super().__init__(lone_cores=True)
        self.scales: list[float | None] = []
        self.outlined: list[float] = []

    def core_map(self, frame: np.ndarray, scale: float | None = None) -> tuple[np.ndarray, float]:
        self.scales.append(scale)
        return super().core_map(frame, scale)

    def outlines(self, cores: np.ndarray, scale: float, *, closer: float = 1.0) -> Outlines:
        self.outlined.append(closer)
        return super().outlines(cores, scale, closer=closer)


CARD = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)


class StubNetwork:
    """A finder network that sees ``quads`` (in frame pixels) when a frame is shown to it at
    ``upto`` of the scale it sees the whole frame at or less, nothing nearer; it notes the
    scales asked."""

    def __init__(self, quads: np.ndarray, upto: float = 1.0, triangular: bool = False,
                 partial: np.ndarray | None = None) -> None:
        self.quads = quads
        self.upto = upto
        self.triangular = triangular
        self.partial = np.zeros((0, 4, 2), np.float32) if partial is None else partial
        self.scales: list[float] = []

    def core_map(self, frame: np.ndarray, scale: float) -> tuple[np.ndarray, float]:
        self.scales.append(scale)
        return np.zeros((1, 1), np.float32), scale

    def outlines(self, cores: np.ndarray, scale: float, *, closer: float = 1.0) -> Outlines:
        seen = self.quads if closer <= self.upto else np.zeros((0, 4, 2), np.float32)
        return Outlines(seen, np.full(len(seen), self.triangular, np.bool_), self.partial)
