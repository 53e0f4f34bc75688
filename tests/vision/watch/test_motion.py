"""Following a knocked camera by how the table moved between two frames."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.tranquility.rules import CELLS
from models.render.video import FilmSet, Laid, Shot
from tests.vision.watch.tables import CLASSIFIER, truth_error
from vision.watch.cells import grey_small
from vision.watch.motion import register
from vision.watch.table import find_table


def test_a_knocked_camera_is_followed() -> None:
    film = FilmSet("tranquility", 2)
    cards = [Laid(str(k + 1), cell, 0.0, 0.0, 0.0) for k, cell in enumerate(CELLS[:10])]
    before = film.frame(Shot(cards, 0.0))
    bump = film.knock(np.random.default_rng(5))
    after = film.frame(Shot(cards, 0.1, bump=bump))
    move = register(grey_small(before, 2), grey_small(after, 2))
    assert move is not None
    scale = np.diag([2.0, 2.0, 1.0])
    geometry = find_table(before, "tranquility", CLASSIFIER)
    assert geometry is not None
    followed = geometry.moved(scale @ move @ np.linalg.inv(scale))
    assert truth_error(followed, film, bump) < 4.0
    # Two unrelated pictures do not register.
    noise = np.random.default_rng(1).integers(0, 255, (360, 640), dtype=np.uint8)
    blurred = np.asarray(cv2.GaussianBlur(grey_small(after, 2), (0, 0), 8), np.uint8)
    assert register(noise, blurred) is None


def test_a_bare_tiled_table_is_followed_by_its_pixels() -> None:
    """Too few features to match on a smooth repeating table: its pixels are aligned instead."""
    y, x = np.mgrid[0:180, 0:320].astype(np.float64)
    table = np.asarray(128 + 50 * np.sin(x / 7.0 + 2.5 * np.sin(y / 23.0)), np.uint8)  # marble's waves
    shift = np.array([[0.0, 0.0, 4.0], [0.0, 0.0, -3.0]])
    knock = np.asarray(cv2.getRotationMatrix2D((160.0, 90.0), 2.0, 1.02), np.float64) + shift
    after = np.asarray(cv2.warpAffine(table, knock, (320, 180), borderMode=cv2.BORDER_REPLICATE), np.uint8)
    assert register(table, after, pixels=False) is None  # where cards lie, they place it
    move = register(table, after)
    assert move is not None and np.allclose(move[:2], knock, atol=0.05)
