"""Measuring what a fixed camera gives for free (``companion eval-finder --fixed-camera``).

Each held-out scene of cards of any make (:func:`models.render.varied.render_varied`) is seen
first bare, as a camera that does not move saw the table before the cards were laid (the same
things on it, in the same light), :data:`BARE_FRAMES` times with fresh camera noise; then with its
cards. The finder reads the scene alone, and as a :class:`~vision.watch.bare.FixedCamera`'s: its
quads of a card's size where they lie, and the cards that differ from the bare table. The
table is placed as a game would place it: a card's size is the scene's own (the median of its
cards), as the layout's known card and the table's homography give it on a real table. Both
are tallied as :func:`vision.evaluation.finding.tally_scene` tallies a scene.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from models.render.varied import LAYOUTS, render_varied
from vision.evaluation.finding import LayoutTally, held_out, tally_scene
from vision.evaluation.photos import timed_find
from vision.find.detect import Finder, FloatArray, Image, quad_areas
from vision.watch.bare import CardSize, FixedCamera
from vision.watch.layouts import CARD_H, CARD_W

#: How many frames of the bare table the fixed camera sees before the cards are laid.
BARE_FRAMES = 3
#: The camera's noise from frame to frame (grey levels, one standard deviation).
NOISE = 3.0


def placed(cards: Sequence[FloatArray]) -> CardSize:
    """A card's size the same wherever it lies: a table seen square from above at the scale of
    the median of ``cards`` (N, 4, 2).

    >>> card = np.array([[0, 0], [126, 0], [126, 176], [0, 176]], np.float32)
    >>> placed([card]).fits(np.stack([card, card * 2])).tolist()
    [True, False]
    """
    scale = float(np.sqrt(np.median(quad_areas(np.asarray(cards, np.float32))) / (CARD_W * CARD_H)))
    return CardSize(np.diag([scale, scale, 1.0]))


def _found(quads: FloatArray) -> Finder:
    """A finder that gives ``quads`` whatever the frame: the finder's, found once for both readings."""
    def find(_frame: Image) -> FloatArray:
        return quads
    return find


def _noisy(frame: Image, rng: np.random.Generator) -> Image:
    return np.clip(frame + rng.normal(0, NOISE, frame.shape), 0, 255).astype(np.uint8)


def measure_fixed(find: Finder, scenes: int, seed: int = 0) -> dict[str, dict[str, LayoutTally]]:
    """The finder's tally alone (``alone``) and as a fixed camera's (``fixed``) over ``scenes``
    held-out scenes of cards of any make, the layouts in turn, by layout; the time of the fixed
    camera's is the finder's and its own together."""
    tallies = {name: {layout: LayoutTally() for layout in LAYOUTS} for name in ("alone", "fixed")}
    rng = np.random.default_rng([seed, 66])
    for k in range(scenes):
        layout, at = held_out(k, seed)
        scene = render_varied(at, held_out=True, layout=layout)
        bare = render_varied(at, held_out=True, layout=layout, bare=True).image
        truth = [(card.quad, card.visible) for card in scene.cards]
        frame = _noisy(scene.image, rng)
        quads, ms = timed_find(find, frame)
        tallies["alone"][layout].add(tally_scene(truth, quads, ms))
        fixed = FixedCamera(_found(quads))
        if scene.cards:
            fixed.size = placed([card.quad for card in scene.cards])
        for _ in range(BARE_FRAMES):
            fixed.watch(_noisy(bare, rng))
        t = time.perf_counter()
        both = fixed(frame)
        tallies["fixed"][layout].add(tally_scene(truth, both, ms + 1000 * (time.perf_counter() - t)))
    return tallies


__all__ = ["BARE_FRAMES", "NOISE", "measure_fixed", "placed"]
