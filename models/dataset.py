"""Training crops cut out of synthetic scenes through the camera's own code.

Each card of a rendered scene is cut the way a camera frame's card is: its
corners (jittered by a few pixels, as a detector's are) are ordered by
:func:`vision.detect.order_corners` and warped by :func:`vision.detect.rectify`.
The labels are the face's class and whether the crop shows the card turned
180 degrees (``flipped``): the camera does not know which short side is the
printed top, the classifier tells.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from models.render import Scene, render_scene
from vision.catalogue import class_names as classes
from vision.detect import CROP_SIZE, order_corners, rectify

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
                jitter: float = 2.0, min_visible: float = 0.75, cap: int | None = None) -> CropSet:
    """The crops of the cards of ``scene`` that are mostly visible, as a camera would cut them;
    at most ``cap`` of one class (24 border cards frame every grid)."""
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
        seen = order_corners(quad)
        crops.append(rectify(scene.image, seen, CROP_SIZE))
        labels.append(index[card.name])
        # The crop's top-left corner is the printed top-left (0) or bottom-right (2).
        distances = np.linalg.norm(quad[[0, 2]] - seen[0], axis=1)
        flipped.append(bool(np.argmin(distances) == 1))
    height, width = CROP_SIZE[1], CROP_SIZE[0]
    return CropSet(
        np.asarray(crops, np.uint8).reshape(-1, height, width, 3),
        np.asarray(labels, np.int64),
        np.asarray(flipped, np.bool_),
    )


def _crops_of_seed(args: tuple[str, int, bool, int | None]) -> CropSet:
    game, seed, held_out, cap = args
    scene = render_scene(game, seed, held_out=held_out)
    return scene_crops(scene, classes(game), np.random.default_rng([seed, 7]), cap=cap)


def make_crops(game: str, seeds: Iterable[int], *, held_out: bool = False, workers: int = 1,
               cap: int | None = None) -> CropSet:
    """Render one scene per seed and cut its cards out (``workers`` processes; at most ``cap``
    crops of one class a scene)."""
    jobs = [(game, seed, held_out, cap) for seed in seeds]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_crops_of_seed, jobs, chunksize=4))
    else:
        parts = [_crops_of_seed(job) for job in jobs]
    return join(parts)


def join(parts: Sequence[CropSet]) -> CropSet:
    """One crop set made of several."""
    height, width = CROP_SIZE[1], CROP_SIZE[0]
    if not parts:
        return CropSet(np.zeros((0, height, width, 3), np.uint8), np.zeros(0, np.int64),
                       np.zeros(0, np.bool_))
    return CropSet(np.concatenate([p.crops for p in parts]), np.concatenate([p.labels for p in parts]),
                   np.concatenate([p.flipped for p in parts]))
