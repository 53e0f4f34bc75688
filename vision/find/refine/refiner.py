"""The corner-refiner network: where each found card's corners truly lie, and how sure it is of a card."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vision.find.detect import (
    FloatArray,
    Image,
)
from vision.find.params import (
    MIN_CARD,
    PASSES,
)
from vision.find.refine.windows import cut_windows, to_frame
from vision.networks import open_network

#: The version of the refiner's model files this code reads.
REFINER_VERSION = 1


@dataclass(frozen=True)
class Refined:
    """Refined corners (N, 4, 2), in the order of the quads given, and the probability that each
    is a card."""

    quads: FloatArray
    card: npt.NDArray[np.float32]


def default_refiner_path() -> Path:
    """The shipped corner refiner, ``models/refiner.onnx``."""
    return Path(__file__).resolve().parents[3] / "models" / "refiner.onnx"


def lean_refiner_path() -> Path:
    """The lean finder's corner refiner, ``models/refiner-lean.onnx``: its first layer steps two
    pixels at a time (:mod:`models.training.refiner`), half the shipped refiner's time a window."""
    return default_refiner_path().with_name("refiner-lean.onnx")


@dataclass
class CornerRefiner:
    """The corner-refiner network run by onnxruntime on one thread."""

    path: Path = field(default_factory=default_refiner_path)
    passes: int = PASSES

    def __post_init__(self) -> None:
        # The command that writes this file again, in the message when it is missing or unreadable.
        lean = self.path.resolve() == lean_refiner_path()
        self._session, self.metadata = open_network(
            self.path, "corner-refiner", "refiner_missing", "refiner_unreadable",
            command="companion train-refiner --lean" if lean else "companion train-refiner")

    def look(self, frame: Image, quads: npt.ArrayLike) -> Refined:
        """One look: the corners the network places in each quad's window, in frame pixels."""
        q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        if len(q) == 0:
            return Refined(np.zeros((0, 4, 2), np.float32), np.zeros(0, np.float32))
        corners, card = self._session.run(None, {"windows": cut_windows(frame, q)})
        return Refined(to_frame(q, corners), np.asarray(card, np.float32).reshape(-1))

    def refine(self, frame: Image, quads: npt.ArrayLike) -> Refined:
        """:attr:`passes` looks, each through the windows of the one before; the card
        probability is the last look's."""
        return self.screen(frame, quads, least=0.0)[0]

    def screen(self, frame: Image, quads: npt.ArrayLike, least: float = MIN_CARD
               ) -> tuple[Refined, npt.NDArray[np.intp]]:
        """:attr:`passes` looks, each through the windows of the one before, a quad dropped as
        soon as a look gives it a card probability under ``least`` (where most quads asked about
        hold no card, the later looks are spared); with the quads left, the indices of the quads
        given that they are (their order kept)."""
        refined = Refined(np.asarray(quads, np.float32).reshape(-1, 4, 2), np.ones(0, np.float32))
        left = np.arange(len(refined.quads))
        for _ in range(max(1, self.passes)):
            refined = self.look(frame, refined.quads)
            card = refined.card >= least
            refined, left = Refined(refined.quads[card], refined.card[card]), left[card]
        return refined, left
