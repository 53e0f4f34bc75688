"""Training crops cut out of synthetic scenes through the camera's own code.

Each card of a rendered scene is cut the way a camera frame's card is: its
corners (its true ones jittered by a few pixels, or those the camera's finder
outlined it with) are ordered by :func:`vision.find.detect.order_corners` and warped
by :func:`vision.find.detect.rectify`.
The labels are the face's class and whether the crop shows the card turned
180 degrees (``flipped``): the camera does not know which short side is the
printed top, the classifier tells.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from models.render import Scene, render_scene
from models.training.parallel import map_jobs
from vision.evaluation.scenes import IOU
from vision.find.detect import CROP_SIZE, Finder, FloatArray, order_corners, quad_iou, rectify
from vision.find.finders import make_finder
from vision.read.catalogue import class_names as classes

#: Crops, (N, H, W, 3) BGR uint8.
Crops = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class CropSet:
    """Crops with their class index and orientation."""

    crops: Crops
    labels: npt.NDArray[np.int64]
    flipped: npt.NDArray[np.bool_]

    def __len__(self) -> int:
        return len(self.labels)


def scene_crops(scene: Scene, names: Sequence[str], rng: np.random.Generator, *,
                jitter: float = 2.0, min_visible: float = 0.75, cap: int | None = None,
                found: FloatArray | None = None, share: float = 0.0) -> CropSet:
    """The crops of the cards of ``scene`` that are mostly visible, as a camera would cut them;
    at most ``cap`` of one class (24 border cards frame every grid).

    A card is cut along its true corners jittered by ``jitter`` pixels, or, with probability
    ``share``, along the quad the camera's finder outlined it with (``found``, matched with IoU
    >= 0.5): the finder's quads are looser than the card, and the classifier reads those. With
    ``share`` 1, only the cards the finder outlined are cut.
    """
    index = {name: i for i, name in enumerate(names)}
    crops, labels, flipped = [], [], []
    taken: dict[str, int] = {}
    for card in scene.cards:
        if card.visible < min_visible or card.name not in index:
            continue
        taken[card.name] = taken.get(card.name, 0) + 1
        if cap is not None and taken[card.name] > cap:
            continue
        quad = card.quad + rng.normal(0.0, jitter, (4, 2)).astype(np.float32)
        if found is not None and (share >= 1 or rng.random() < share):
            outline = _outline(card.quad, found)
            if outline is not None:
                quad = outline
            elif share >= 1:
                continue
        seen = order_corners(quad)
        crops.append(rectify(scene.image, seen, CROP_SIZE))
        labels.append(index[card.name])
        # The crop's top-left corner is the printed top-left (0) or bottom-right (2).
        distances = np.linalg.norm(card.quad[[0, 2]] - seen[0], axis=1)
        flipped.append(bool(np.argmin(distances) == 1))
    height, width = CROP_SIZE[1], CROP_SIZE[0]
    return CropSet(
        np.asarray(crops, np.uint8).reshape(-1, height, width, 3),
        np.asarray(labels, np.int64),
        np.asarray(flipped, np.bool_),
    )


def _outline(truth: FloatArray, found: FloatArray) -> FloatArray | None:
    """The found quad that outlines the card whose corners are ``truth``, if any."""
    ious = [quad_iou(truth, quad) for quad in found]
    if not ious:
        return None
    best = int(np.argmax(ious))
    return found[best] if ious[best] >= IOU else None


@cache
def _camera_finder() -> Finder:
    """The merged finder, its quads as they are (one per worker process: an onnxruntime session
    stays in the process that made it). The watcher cuts cards along them while it finds the
    table; ``detect``'s refined quads lie between them and the true corners, and read as well."""

    return make_finder("both")


def _crops_of_seed(args: tuple[str, int, bool, int | None, float, tuple[str, ...] | None]) -> CropSet:
    game, seed, held_out, cap, share, fonts = args
    # The classifier learns every face its game may lay on the table, the expansion's too.
    scene = render_scene(game, seed, held_out=held_out, fonts=fonts, modules=True)
    found = _camera_finder()(scene.image) if share > 0 else None
    return scene_crops(scene, classes(game), np.random.default_rng([seed, 7]), cap=cap, found=found,
                       share=share)


def make_crops(game: str, seeds: Iterable[int], *, held_out: bool = False, workers: int = 1,
               cap: int | None = None, share: float = 0.0, fonts: Sequence[str] | None = None) -> CropSet:
    """Render one scene per seed and cut its cards out (``workers`` processes; at most ``cap``
    crops of one class a scene; ``share`` of them along the camera finder's quads, see
    :func:`scene_crops`; the decks printed in ``fonts`` rather than the training or held-out
    typefaces)."""
    chosen = tuple(fonts) if fonts is not None else None
    jobs = [(game, seed, held_out, cap, share, chosen) for seed in seeds]
    return join(map_jobs(_crops_of_seed, jobs, workers=workers))


def join(parts: Sequence[CropSet]) -> CropSet:
    """One crop set made of several."""
    height, width = CROP_SIZE[1], CROP_SIZE[0]
    if not parts:
        return CropSet(np.zeros((0, height, width, 3), np.uint8), np.zeros(0, np.int64),
                       np.zeros(0, np.bool_))
    return CropSet(np.concatenate([p.crops for p in parts]), np.concatenate([p.labels for p in parts]),
                   np.concatenate([p.flipped for p in parts]))
