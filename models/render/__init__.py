"""The synthetic renderer's public face: printed cards and whole table scenes.

The work is split by concern: ``models.render.faces`` prints one card,
``models.render.scenes`` lays a game out and photographs it, ``models.render.textures``
draws tables, card art and wear.

>>> scene = render_scene("rixes", 1, size=(320, 240))
>>> all(card.quad.shape == (4, 2) for card in scene.cards)
True
"""

from __future__ import annotations

from models.render.faces import (
    CALIBRATION_FONTS,
    HELD_OUT_FONTS,
    TRAIN_FONTS,
    FaceStyle,
    card_mask,
    render_face,
)
from models.render.scenes import CardTruth, Scene, render_scene, scene_games, scene_layouts
from models.render.textures import FINDER_TABLES, HELD_OUT_ART, HELD_OUT_TABLES, TRAIN_ART, TRAIN_TABLES

__all__ = [
    "CALIBRATION_FONTS",
    "FINDER_TABLES",
    "HELD_OUT_ART",
    "HELD_OUT_FONTS",
    "HELD_OUT_TABLES",
    "TRAIN_ART",
    "TRAIN_FONTS",
    "TRAIN_TABLES",
    "CardTruth",
    "FaceStyle",
    "Scene",
    "card_mask",
    "render_face",
    "render_scene",
    "scene_games",
    "scene_layouts",
]
