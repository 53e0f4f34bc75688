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
