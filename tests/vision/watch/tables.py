"""Helpers shared by the tests of finding and following the table."""

from __future__ import annotations

import numpy as np

from models.render.video import FilmSet
from vision.read.classify import OnnxClassifier
from vision.watch.geometry import TableGeometry

CLASSIFIER = OnnxClassifier("tranquility")


def truth_error(geometry: TableGeometry, film: FilmSet, bump: np.ndarray | None = None) -> float:
    """The largest distance in pixels between where the geometry and the film put some cells."""
    cells = ("a1", "f6", "c3", "start", "finish")
    return max(float(np.linalg.norm(geometry.to_image([geometry.layout.centre(c, geometry.gap)])[0]
                                    - film.to_image(*film.layout.centre(c, film.gap), bump)))
               for c in cells)
