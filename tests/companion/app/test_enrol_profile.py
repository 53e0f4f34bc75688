"""From kept shots to a profile: crops turned upright by laying, look-alikes, the thumbnails'
strip, the decks folder and the names a deck may have."""

from __future__ import annotations

import cv2
import numpy as np

from companion.app.enrol_profile import (
    MOST_THUMBNAILS,
    Shot,
    build_profile,
    lookalikes,
    strip_jpeg,
    upright,
)
from tests.companion.app.enrol_helpers import FakeReader, colour
from vision.read.profile import DeckProfile


def crop(value: int, *, band_on_top: bool = True) -> np.ndarray:
    out = np.full((88, 64, 3), value, np.uint8)
    if band_on_top:
        out[:10] = 255
    else:
        out[-10:] = 255
    return out


def shot(flipped: bool, laying: int, *, value: int = 60, t: float = 0.0) -> Shot:
    return Shot(crop(value, band_on_top=not flipped), flipped, np.zeros(4, np.float32), t, laying)


def test_the_shots_of_one_laying_are_turned_upright_together_by_most_of_their_readings() -> None:
    # Laying 1 reads turned twice out of three (the third a misreading); laying 2 upright.
    misread = Shot(crop(60, band_on_top=False), False, np.zeros(4, np.float32), 0, 1)
    shots = [shot(True, 1), shot(True, 1), misread, shot(False, 2)]
    out = upright(shots)
    assert all(image[:10].mean() > image[-10:].mean() for image in out)
    assert upright([shot(True, 1), shot(False, 1)])[0][:10].mean() < 200  # a tie: as cut


def test_a_profile_holds_each_shot_both_ways_up() -> None:
    reader = FakeReader("tranquility", ["a", "b"])
    # Painted so that the fake reads them: each card's crops of its own colour.
    shots = {card: [Shot(np.full((88, 64, 3), colour(k), np.uint8), False, np.zeros(4, np.float32), t, 1)
                    for t in (0.0, 0.3)[:2 - k]] for k, card in enumerate(("a", "b"))}
    profile = build_profile("home", reader, shots, game="tranquility", about={"frames": 9})
    assert profile.names == ("a", "a", "b") * 2 and profile.turned.tolist() == [False] * 3 + [True] * 3
    assert profile.model == "fake-model" and profile.about == {"frames": 9}


def test_cards_that_look_alike_are_found_the_nearest_first() -> None:
    rng = np.random.default_rng(4)
    axes = np.eye(6, dtype=np.float32)
    # b and c are nearly one card; a stands apart.
    looks = {"a": axes[0], "b": axes[1], "c": axes[1] * 0.97 + axes[2] * 0.24}
    names = [name for name in looks for _ in range(3)]
    laid = np.stack([looks[n] + 0.02 * rng.normal(size=6) for n in names]).astype(np.float32)
    turned = np.stack([axes[3 + "abc".index(n)] + 0.02 * rng.normal(size=6)
                       for n in names]).astype(np.float32)
    profile = DeckProfile.enrol("home", None, "m", names, laid, turned)
    found = lookalikes(profile)
    assert {(item.card, item.other) for item in found} >= {("b", "c"), ("c", "b")}
    assert "a" not in {item.card for item in found}
    assert found[0].similarity >= found[-1].similarity
    # A card of one capture has no other shot to be near: only the accept threshold speaks of it.
    apart = DeckProfile.enrol("two", None, "m", ["a", "b"], laid[[0, 3]], turned[[0, 3]])
    assert lookalikes(apart) == []


def test_the_thumbnails_are_one_small_jpeg() -> None:
    crops = [np.full((88, 64, 3), 20 * k, np.uint8) for k in range(12)]
    data = strip_jpeg(crops)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape == (88, MOST_THUMBNAILS * 66, 3) and len(data) < 20_000
    assert strip_jpeg([]) == b""
