"""Crops of things foreign to a game's deck: what they are, that they repeat, that they show something."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from models.render import foreign
from models.render.faces import HELD_OUT_FONTS, TRAIN_FONTS, FaceStyle
from models.render.foreign import SHARES, ForeignSet, foreign_crops, foreign_kinds, plan
from models.render.playing import OBJECTS, RANKS
from models.render.textures import table, table_names
from vision.find.detect import CROP_SIZE
from vision.read.catalogue import BACK, GAMES, faces

GAME = GAMES[0]


def test_crops_are_crop_sized_bgr_with_a_kind_each() -> None:
    crops = foreign_crops(GAME, 20, 0)
    assert isinstance(crops, ForeignSet) and len(crops) == 20
    assert crops.crops.shape == (20, CROP_SIZE[1], CROP_SIZE[0], 3) and crops.crops.dtype == np.uint8
    assert crops.kinds.dtype == np.int64
    assert ((crops.kinds >= 0) & (crops.kinds < len(foreign_kinds(GAME)))).all()
    assert len(foreign_crops(GAME, 0, 0)) == 0


def test_the_same_arguments_give_the_same_crops_and_a_longer_run_starts_with_a_shorter() -> None:
    long, short = foreign_crops(GAME, 14, 3), foreign_crops(GAME, 6, 3)
    assert np.array_equal(long.crops[:6], short.crops) and np.array_equal(long.kinds[:6], short.kinds)
    again = foreign_crops(GAME, 14, 3)
    assert np.array_equal(long.crops, again.crops) and np.array_equal(long.kinds, again.kinds)
    assert not np.array_equal(long.crops, foreign_crops(GAME, 14, 4).crops)


@pytest.mark.parametrize("game", GAMES)
def test_kinds_name_the_other_decks_faces_and_no_back(game: str) -> None:
    kinds = foreign_kinds(game)
    assert len(set(kinds)) == len(kinds)
    decks = [kind.split(":") for kind in kinds if kind.startswith("deck:")]
    assert all(len(parts) == 3 for parts in decks)
    assert not any(other == game for _, other, _ in decks), "a game's own faces are not foreign"
    assert not any(name == BACK.name for _, _, name in decks), "a back is every game's"
    expected = {(other, face.name) for other in GAMES if other != game for face in faces(other)}
    assert {(other, name) for _, other, name in decks} == expected
    assert kinds[len(decks):] == (*(f"playing:{rank}" for rank in RANKS), "madeup",
                                  *(f"object:{name}" for name in OBJECTS), "bare")


@pytest.mark.parametrize("game", GAMES)
def test_a_few_hundred_crops_show_every_kind_in_their_shares(game: str) -> None:
    kinds = foreign_kinds(game)
    decks = sum(kind.startswith("deck:") for kind in kinds)
    runs = math.ceil(decks / dict(SHARES)["deck"])  # a run of 20 crops holds 9 of other decks
    planned = plan(game, 20 * runs, 0)
    assert set(planned.tolist()) == set(range(len(kinds)))
    families = np.array([kinds[k].split(":")[0] for k in planned])
    assert {family: int((families == family).sum()) for family, _ in SHARES} == \
        {family: n * runs for family, n in SHARES}
    assert np.array_equal(plan(game, 20 * runs, 0)[:37], plan(game, 37, 0))


def test_the_crops_are_of_the_kinds_planned() -> None:
    assert np.array_equal(foreign_crops(GAME, 20, 7).kinds, plan(GAME, 20, 7))
    assert np.array_equal(foreign_crops(GAME, 20, 7, held_out=True).kinds, plan(GAME, 20, 7, True))


def test_crops_show_something_but_the_bare_table() -> None:
    crops = foreign_crops(GAME, 200, 1)
    kinds = foreign_kinds(GAME)
    for crop, kind in zip(crops.crops, crops.kinds, strict=True):
        if kinds[kind] in ("bare", "object:plain"):  # a table, or a thing of one colour
            continue
        assert cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).std() > 5, kinds[kind]


def test_held_out_crops_use_held_out_tables_and_typefaces(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[str] = []
    fonts: list[str] = []
    sample = FaceStyle.sample

    def spy_table(name: str, *args: object) -> np.ndarray:
        tables.append(name)
        return table(name, *args)  # type: ignore[arg-type]

    def spy_sample(rng: np.random.Generator, **kwargs: object) -> FaceStyle:
        style = sample(rng, **kwargs)  # type: ignore[arg-type]
        fonts.append(style.font)
        return style

    monkeypatch.setattr(foreign, "table", spy_table)
    monkeypatch.setattr(FaceStyle, "sample", staticmethod(spy_sample))
    foreign._table_top.cache_clear()
    held = foreign_crops(GAME, 20, 2, held_out=True)
    assert tables and set(tables) <= set(table_names(True))
    assert fonts and set(fonts) <= set(HELD_OUT_FONTS)
    tables.clear()
    fonts.clear()
    plain = foreign_crops(GAME, 20, 2, fonts=TRAIN_FONTS[:1])
    assert tables and set(tables) <= set(table_names(False))
    assert fonts and set(fonts) == {TRAIN_FONTS[0]}
    assert not np.array_equal(held.crops, plain.crops)
    foreign._table_top.cache_clear()


def test_an_unknown_game_has_no_foreign_kinds() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        foreign_kinds("chess")
