"""Measuring the finder alone on held-out scenes of cards of any make (``companion eval-finder``).

The scenes (:func:`models.render.varied.render_varied`, held out: table tops, art and typefaces no
training saw) lay cards our decks are not, in each of :data:`models.render.varied.LAYOUTS` in turn:
the kinds of table the finder failed on in real photos (plain cards with a few shapes in a grid,
dense grids of small cards, cards before seats beside a dealer's token, a card in a slab). A
card at least :data:`~vision.evaluation.scenes.MIN_VISIBLE` visible counts; it is found when a
quad overlaps it with polygon IoU >= 0.5, closely at 0.75. A card is split when two quads or more
lie on it (each mostly inside it and covering a share of it: the card cut in parts, or a shape
printed on it outlined beside the card); a quad that is on no card at all is stray (a coin, a
token, a box, the table's pattern). Every frame is read as the camera's would be.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from models.render.varied import LAYOUTS, render_varied
from vision.evaluation.photos import OF_BOX, ON_BOX, ms_figures, timed_find
from vision.evaluation.scenes import EVAL_SEED_BASE, IOU, MIN_VISIBLE
from vision.find.detect import Finder, quad_area, quad_iou, quad_overlap

FloatArray = npt.NDArray[np.float32]
#: A found card is found closely at this IoU or more.
CLOSE = 0.75


@dataclass
class LayoutTally:
    """What the finder made of the scenes of one layout."""

    scenes: int = 0
    cards: int = 0
    found: int = 0
    close: int = 0
    split: int = 0
    quads: int = 0
    stray: int = 0
    ms: list[float] = field(default_factory=list)

    def add(self, other: LayoutTally) -> None:
        """Count ``other``'s scenes in with these."""
        for name in ("scenes", "cards", "found", "close", "split", "quads", "stray"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.ms.extend(other.ms)

    def summary(self) -> dict[str, float | int]:
        """The figures by name: recall, close recall, the share of cards split, quads and stray
        quads a scene, the median and 90th percentile milliseconds a frame."""
        cards, scenes = max(self.cards, 1), max(self.scenes, 1)
        return {"scenes": self.scenes, "cards": self.cards, "recall": self.found / cards,
                "close_recall": self.close / cards, "split_rate": self.split / cards,
                "quads_per_scene": self.quads / scenes, "stray_per_scene": self.stray / scenes,
                **ms_figures(self.ms)}


def lying(cards: Sequence[FloatArray], quads: FloatArray) -> npt.NDArray[np.bool_]:
    """(cards, quads): whether each quad lies on each card: :data:`~vision.evaluation.photos.ON_BOX`
    of the quad inside the card, covering :data:`~vision.evaluation.photos.OF_BOX` of it or more (the
    photos' rule, on the cards' own outlines).

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> half, pip = card * [1, 0.5], card * 0.05 + 40
    >>> lying([card], np.stack([half, pip, card + 300])).tolist()
    [[True, False, False]]
    """
    out = np.zeros((len(cards), len(quads)), np.bool_)
    for i, card in enumerate(cards):
        area = quad_area(card)
        for j, quad in enumerate(quads):
            inside = quad_overlap(np.asarray(card, np.float32), np.asarray(quad, np.float32))
            out[i, j] = inside >= ON_BOX * max(quad_area(quad), 1e-6) and inside >= OF_BOX * area
    return out


def tally_scene(cards: Sequence[tuple[FloatArray, float]], quads: FloatArray, ms: float) -> LayoutTally:
    """The tally of one scene: its cards (quad, visible share) and the quads found on it."""
    tally = LayoutTally(scenes=1, quads=len(quads), ms=[ms])
    outlines = [quad for quad, _ in cards]
    ious = np.array([[quad_iou(card, quad) for quad in quads] for card in outlines])
    ious = ious.reshape(len(cards), len(quads))
    on = lying(outlines, quads)
    for i, (_, visible) in enumerate(cards):
        if visible < MIN_VISIBLE:
            continue
        tally.cards += 1
        best = float(ious[i].max()) if len(quads) else 0.0
        tally.found += best >= IOU
        tally.close += best >= CLOSE
        tally.split += int(on[i].sum() >= 2)
    # Stray: a quad that matches no card, visible or not, and lies on none.
    if len(quads):
        tally.stray = int(((ious < IOU).all(axis=0) & ~on.any(axis=0)).sum()) if len(cards) else len(quads)
    return tally


def held_out(k: int, seed: int = 0) -> tuple[str, int]:
    """The layout and the render seed of held-out scene ``k`` of ``eval-finder --seed seed``: the
    layouts in turn.

    >>> held_out(0) == (LAYOUTS[0], EVAL_SEED_BASE) and held_out(len(LAYOUTS), 1)[0] == LAYOUTS[0]
    True
    """
    return LAYOUTS[k % len(LAYOUTS)], EVAL_SEED_BASE + seed * 10_000 + k


def measure_finding(find: Finder, scenes: int, seed: int = 0, *,
                    makes: Sequence[str] | None = None) -> dict[str, LayoutTally]:
    """The finder's tally over ``scenes`` held-out scenes of cards of any make (of ``makes`` when
    given), the layouts in turn, by layout; each frame shrunk to the camera's size as
    :func:`vision.read.recognise.recognise` does, the time the finder's alone."""
    tallies = {layout: LayoutTally() for layout in LAYOUTS}
    for k in range(scenes):
        layout, at = held_out(k, seed)
        scene = render_varied(at, held_out=True, layout=layout, makes=makes)
        quads, ms = timed_find(find, scene.image)
        tallies[layout].add(tally_scene([(card.quad, card.visible) for card in scene.cards], quads, ms))
    return tallies


def finding_figures(tallies: dict[str, LayoutTally]) -> dict[str, Any]:
    """Every layout's figures, and all of them together under ``all``."""
    together = LayoutTally()
    for tally in tallies.values():
        together.add(tally)
    return {"all": together.summary(), **{layout: tally.summary() for layout, tally in tallies.items()
                                           if tally.scenes}}


__all__ = ["CLOSE", "LayoutTally", "finding_figures", "held_out", "lying", "measure_finding", "tally_scene"]
