"""Which half of a card is up, read twice.

Where a game gives a card's halves a meaning (Jour et nuit: its day or night half towards the top
of the grid), the classifier's flip head names it; once misread, a card seems to have been turned.
So a card's half is read on its crop and again on the crop turned half round, and taken only where
the second reading names the same card turned the other way (:func:`halves`).

>>> from vision.read.classify import FakeClassifier
>>> crops = np.zeros((2, 4, 3, 3), np.uint8)
>>> first = FakeClassifier("g", [("a", 0.99, True), ("b", 0.99, False)]).classify(crops)
>>> second = FakeClassifier("g", [("a", 0.98, False), ("b", 0.97, False)])
>>> halves(second, crops, first, [0, 1])
{0: True, 1: None}
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from vision.read.classify import Classifier, Readings

Crops = npt.NDArray[np.uint8]


def turned(crops: Crops) -> Crops:
    """The crops (N, H, W, 3) turned 180 degrees."""
    return np.ascontiguousarray(np.asarray(crops)[:, ::-1, ::-1])


def halves(classifier: Classifier, crops: Crops, readings: Readings, asked: Sequence[int]
           ) -> dict[int, bool | None]:
    """For each crop ``k`` in ``asked`` (read as ``readings``): whether it shows its card turned
    half round (True) or not (False), as its crop and the crop turned half round agree; None where
    they do not (the turned crop read as another card, even unsure, or turned the same way)."""
    if not asked:
        return {}
    again = classifier.classify(turned(np.asarray(crops)[list(asked)]))
    # (The turned crop's likeliest card counts: a print read surely one way is often less sure
    # the other, and only its half is asked here.)
    names = again.guesses or again.names
    out: dict[int, bool | None] = {}
    for j, k in enumerate(asked):
        name = readings.names[k] or (readings.guesses[k] if readings.guesses else None)
        same = name is not None and names[j] == name
        out[k] = bool(readings.flipped[k]) if same and again.flipped[j] != readings.flipped[k] else None
    return out
