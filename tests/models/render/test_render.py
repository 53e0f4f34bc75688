"""The synthetic renderer: printed faces, scene layouts and exact ground truth."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.games.ascension.pyramid import SLOTS, SUMMIT, SUPPORT
from companion.games.tranquility.rules import CELLS
from models.render import (
    CALIBRATION_FONTS,
    FINDER_TABLES,
    HELD_OUT_ART,
    HELD_OUT_FONTS,
    HELD_OUT_TABLES,
    TRAIN_ART,
    TRAIN_FONTS,
    TRAIN_TABLES,
    CardTruth,
    Scene,
    render_face,
    render_scene,
    scene_games,
    scene_layouts,
)
from models.render.textures import table
from vision.read.catalogue import BACK, FACES, GAMES, faces

SMALL = (480, 320)
GAME_LAYOUTS = [(game, layout) for game in scene_games() for layout in scene_layouts(game)]


def rectify(image: npt.NDArray[np.uint8], quad: npt.NDArray[np.float32], size: tuple[int, int] = (63, 88)
            ) -> npt.NDArray[np.uint8]:
    """The card inside ``quad`` warped upright to ``size``, corners at pixel edges as the quad says."""
    w, h = size
    dst = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return np.asarray(cv2.warpPerspective(image, m, size, flags=cv2.INTER_LINEAR), dtype=np.uint8)


@pytest.mark.parametrize("game", GAMES)
def test_every_face_renders_at_its_size(game: str) -> None:
    rng = np.random.default_rng(1)
    for face in [*faces(game), BACK]:
        img = render_face(face, rng, size=(60, 84))
        assert img.shape == (84, 60, 3) and img.dtype == np.uint8, face.name
        assert img.std() > 5, f"{face.name} is blank"


def test_face_is_deterministic_and_styles_vary() -> None:
    face = FACES["crew"]["blue-3"]
    one = render_face(face, np.random.default_rng(7))
    assert np.array_equal(one, render_face(face, np.random.default_rng(7)))
    assert not np.array_equal(one, render_face(face, np.random.default_rng(8)))
    assert one.shape == (280, 200, 3)


def test_scene_is_deterministic() -> None:
    a, b = render_scene("crew", 5, size=SMALL), render_scene("crew", 5, size=SMALL)
    assert np.array_equal(a.image, b.image)
    assert [c.name for c in a.cards] == [c.name for c in b.cards]
    assert all(np.array_equal(x.quad, y.quad) for x, y in zip(a.cards, b.cards, strict=True))
    assert not np.array_equal(a.image, render_scene("crew", 6, size=SMALL).image)


def check_truth(scene: Scene) -> None:
    """Invariants every scene's ground truth keeps."""
    h, w = scene.image.shape[:2]
    assert scene.image.dtype == np.uint8 and scene.image.shape == (h, w, 3)
    for card in scene.cards:
        assert isinstance(card, CardTruth)
        assert card.name in FACES[scene.game], card.name
        assert card.quad.shape == (4, 2) and card.quad.dtype == np.float32
        assert (card.quad >= -0.5).all()
        assert (card.quad[:, 0] <= w - 0.5).all() and (card.quad[:, 1] <= h - 0.5).all()
        assert 0.0 <= card.visible <= 1.0
        # The corners go round clockwise on screen (y down): the quad is never mirrored.
        x, y = card.quad[:, 0], card.quad[:, 1]
        assert float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) > 0


@pytest.mark.parametrize(("game", "layout"), GAME_LAYOUTS)
def test_layout_truth(game: str, layout: str) -> None:
    for seed in range(3):
        scene = render_scene(game, seed, size=SMALL, layout=layout)
        check_truth(scene)
        assert scene.layout == layout
        cells = [c.cell for c in scene.cards if c.cell is not None]
        assert len(cells) == len(set(cells))
        if layout.startswith("grid"):
            assert set(cells) <= set(CELLS)
            assert sum(c.name == "border" for c in scene.cards) == 24
            assert sum(c.name == "start" for c in scene.cards) == 1
            numbered = [c.name for c in scene.cards if c.cell is not None]
            assert len(numbered) == len(set(numbered))  # each island at most once
            if layout == "grid-full":
                assert len(cells) == 36 and len(scene.cards) == 62
        elif layout.startswith("pyramid"):
            slots = set(cells)
            assert slots <= {*SLOTS, SUMMIT}
            assert sum(c.name == "panorama" for c in scene.cards) == 10
            for i, slot in enumerate(SLOTS):  # nothing hangs in the air
                if slot in slots:
                    assert all(SLOTS[s] in slots for s in SUPPORT[i]), slot
            if layout == "pyramid-full":
                assert len(slots) == 45 and len(scene.cards) == 55
        else:
            assert not cells and 2 <= len(scene.cards) <= 25


@pytest.mark.parametrize("game", GAMES)
def test_clean_scene_cards_show_their_face_colour(game: str) -> None:
    scene = render_scene(game, 11, size=(960, 540), effects=False)
    checked = 0
    for card in scene.cards:
        if card.visible < 1.0 or card.name in ("back", "panorama"):
            continue
        face = rectify(scene.image, card.quad)[15:73, 12:51]  # the panel, off the light border
        median = np.median(face.reshape(-1, 3), axis=0)
        colour = np.array(FACES[game][card.name].colour, np.float64)
        assert np.linalg.norm(median - colour) < 60, (card.name, median, colour)
        checked += 1
    assert checked >= 2


def yellowness(patch: npt.NDArray[np.uint8]) -> int:
    """How much sun there is in ``patch``: pixels with red and green well above blue."""
    b, g, r = (patch[..., k].astype(np.float64) for k in range(3))
    return int(((r + g) / 2 - b > 60).sum())


def test_upside_down_quads_are_rotated() -> None:
    """The printed top of every island card (its sun) is at the quad's first edge, whichever way it lies."""
    flipped = upright = 0
    for seed in range(3):
        scene = render_scene("tranquility", seed, size=(1280, 720), layout="grid-full", effects=False)
        for card in scene.cards:
            if card.cell is None or FACES["tranquility"][card.name].kind != "island":
                continue  # a corner, or a card of Mers agitées dealt among the islands: no sun
            top, bottom = card.quad[:2].mean(0), card.quad[2:].mean(0)
            assert card.upside_down == bool(top[1] > bottom[1])
            face = rectify(scene.image, card.quad)
            assert yellowness(face[6:32, 16:47]) > yellowness(face[56:82, 16:47]) + 25, card.name
            flipped += card.upside_down
            upright += not card.upside_down
    assert 0.05 < flipped / (flipped + upright) < 0.3


def test_occluders_hide_part_of_a_card() -> None:
    seen = [min(c.visible for c in render_scene("rixes", seed, size=SMALL).cards) for seed in range(12)]
    assert min(seen) < 0.95


def test_held_out_sets_are_disjoint_and_used() -> None:
    assert not set(TRAIN_FONTS) & set(HELD_OUT_FONTS)
    assert not set(TRAIN_TABLES) & set(HELD_OUT_TABLES)
    assert not set(TRAIN_ART) & set(HELD_OUT_ART)
    for seed in range(4):
        held = render_scene("crew", seed, size=SMALL, held_out=True)
        train = render_scene("crew", seed, size=SMALL)
        assert held.table in HELD_OUT_TABLES and train.table in TRAIN_TABLES
        assert held.style is not None and train.style is not None
        assert held.style.font in HELD_OUT_FONTS and train.style.font in TRAIN_FONTS
        assert held.style.art in HELD_OUT_ART and train.style.art in TRAIN_ART


def test_a_scene_prints_its_deck_in_the_typefaces_asked_for() -> None:
    assert not set(CALIBRATION_FONTS) & (set(TRAIN_FONTS) | set(HELD_OUT_FONTS))
    printed = {render_scene("tranquility", seed, size=SMALL, fonts=CALIBRATION_FONTS).style.font  # type: ignore[union-attr]
               for seed in range(12)}
    assert printed <= set(CALIBRATION_FONTS) and len(printed) > 2
    # The same scene otherwise: only the deck's typeface differs, its cards lie where they lay.
    plain = render_scene("crew", 5, size=SMALL)
    other = render_scene("crew", 5, size=SMALL, fonts=("FreeSerif",))
    assert other.style is not None and other.style.font == "FreeSerif"
    assert [c.name for c in plain.cards] == [c.name for c in other.cards]
    assert all(np.array_equal(a.quad, b.quad) for a, b in zip(plain.cards, other.cards, strict=True))
    assert not np.array_equal(plain.image, other.image)


def test_the_finder_tables_add_patterns_but_none_held_out() -> None:
    assert set(TRAIN_TABLES) < set(FINDER_TABLES)
    assert not set(FINDER_TABLES) & set(HELD_OUT_TABLES)
    extra = sorted(set(FINDER_TABLES) - set(TRAIN_TABLES))
    for name in extra:
        top = table(name, np.random.default_rng(3), (96, 64))
        assert top.shape == (64, 96, 3) and top.dtype == np.uint8
        assert np.array_equal(top, table(name, np.random.default_rng(3), (96, 64)))
        assert top.std() > 3, f"{name} is a pattern, not a plain colour"
    drawn = {render_scene("rixes", seed, size=SMALL, tables=extra).table for seed in range(12)}
    assert drawn <= set(extra) and len(drawn) > 1


def test_unknown_game_or_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        render_scene("chess", 1)
    with pytest.raises(ValueError, match="unknown layout"):
        render_scene("crew", 1, layout="grid")
