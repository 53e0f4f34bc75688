"""Placing each found card's corners on the card: the corner-refiner network.

The finders' quads are loose: the finder network traces a blurred core map a
quarter of the frame's size, and contours take in shadows or stop at a card's
border. A card cut along a loose quad is read unsure, or the wrong way up, far
more often than one cut along its true corners. The refiner
(``models/refiner.onnx``, trained by :mod:`models.training.refiner`) looks at a window
around each found quad, warped so that the quad fills the window's middle
(:data:`CARD_IN_WINDOW`) with a margin of a quarter of a card's width all
round, and says where the card's four corners truly lie in that window, and
how sure it is that a card lies there at all. A second look, through the
window of its first answer, places them closer still.

Before the refiner, the finder network looks again: closer where small cards
lie (:func:`look_closer`), farther when a card is large (:func:`look_farther`,
a photo of a few cards, where the network takes pips and pictures for cards);
after it, what is printed on a card seen close goes (:func:`printed`).

Training windows and camera windows are cut by the same function,
:func:`cut_windows`.
"""

from vision.find.refine.looks import (
    closer_magnification,
    closer_region,
    lengths,
    look_closer,
    look_closer_at,
    look_farther,
    magnification_for,
    region_about,
    sharpened,
)
from vision.find.refine.placing import card_sides, gives_way, printed, seen_close, settle
from vision.find.refine.refined import RefinedFinder
from vision.find.refine.refiner import (
    REFINER_VERSION,
    CornerRefiner,
    Refined,
    default_refiner_path,
    lean_refiner_path,
)
from vision.find.refine.table_or_full import TableOrFull
from vision.find.refine.windows import (
    CARD_IN_WINDOW,
    WINDOW_SIZE,
    cut_windows,
    to_frame,
    to_window,
    window_transform,
)

__all__ = [
    "CARD_IN_WINDOW",
    "REFINER_VERSION",
    "WINDOW_SIZE",
    "CornerRefiner",
    "Refined",
    "RefinedFinder",
    "TableOrFull",
    "card_sides",
    "closer_magnification",
    "closer_region",
    "cut_windows",
    "default_refiner_path",
    "gives_way",
    "lean_refiner_path",
    "lengths",
    "look_closer",
    "look_closer_at",
    "look_farther",
    "magnification_for",
    "printed",
    "region_about",
    "seen_close",
    "settle",
    "sharpened",
    "to_frame",
    "to_window",
    "window_transform",
]
