"""Rendered scenes written as labelled photos (a PNG and its Pascal VOC file), and a finder that
finds exactly their cards: a small, quick stand-in for a folder of real labelled photos."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from models.render import render_scene
from models.render.scenes import Scene


def voc_text(names: list[str], boxes: list[tuple[float, float, float, float]]) -> str:
    """A Pascal VOC annotation of these boxes (x0, y0, x1, y1) and names."""
    objects = "".join(f"<object><name>{name}</name><bndbox><xmin>{x0:.0f}</xmin><ymin>{y0:.0f}</ymin>"
                      f"<xmax>{x1:.0f}</xmax><ymax>{y1:.0f}</ymax></bndbox></object>"
                      for name, (x0, y0, x1, y1) in zip(names, boxes, strict=True))
    return f"<annotation>{objects}</annotation>"


class TruthFinder:
    """Finds in each photo written by :func:`write_scenes` the quads of its cards, as rendered."""

    def __init__(self) -> None:
        self.quads: dict[bytes, np.ndarray] = {}
        self.calls = 0

    def __call__(self, frame: np.ndarray) -> np.ndarray:
        self.calls += 1
        return self.quads.get(np.ascontiguousarray(frame).tobytes(), np.zeros((0, 4, 2), np.float32))


def write_scenes(folder: Path, game: str, seeds: list[int], finder: TruthFinder | None = None, *,
                 visible: float = 0.95) -> list[Scene]:
    """Scenes of ``game`` as labelled photos in ``folder`` (``scene-<seed>.png`` and ``.xml``), each
    card shown at least ``visible`` labelled by its name; ``finder`` learns their quads."""
    folder.mkdir(parents=True, exist_ok=True)
    scenes = []
    for seed in seeds:
        scene = render_scene(game, seed)
        shown = [card for card in scene.cards if card.visible >= visible]
        quads = np.array([card.quad for card in shown], np.float32).reshape(-1, 4, 2)
        boxes = [(*q.min(axis=0).tolist(), *q.max(axis=0).tolist()) for q in quads]
        cv2.imwrite(str(folder / f"scene-{seed}.png"), scene.image)
        (folder / f"scene-{seed}.xml").write_text(voc_text([card.name for card in shown], boxes))
        if finder is not None:
            finder.quads[np.ascontiguousarray(scene.image).tobytes()] = quads
        scenes.append(scene)
    return scenes
