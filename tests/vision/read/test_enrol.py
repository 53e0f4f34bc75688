"""Enrolling a deck from labelled photos: rendered scenes written as photos with their VOC files."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.errors import ImageUnreadable, LabelsUnreadable, ProfileUnavailable
from tests.vision.voc_scenes import TruthFinder, voc_text, write_scenes
from vision.find.detect import working_frame
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier
from vision.read.enrol import LabelledCrops, draw, enrol, labelled_crops, match_boxes, upright
from vision.read.halves import turned


@pytest.fixture(scope="module")
def crew() -> OnnxClassifier:
    return OnnxClassifier("crew")


def test_boxes_take_the_quad_overlapping_them_best_each_quad_once() -> None:
    card = np.array([[0, 0], [40, 0], [40, 60], [0, 60]], np.float32)
    quads = np.stack([card, card + 5, card + 200])
    labels = np.array([[0, 0, 40, 60], [4, 4, 44, 64], [100, 100, 140, 160]], np.float32)
    assert match_boxes(labels, quads) == [0, 1, None]
    # Two boxes on one quad: the better overlap takes it.
    assert match_boxes(labels[[1, 0]], quads[:1]) == [None, 0]
    assert match_boxes(labels[:0], quads) == [] and match_boxes(labels, quads[:0]) == [None] * 3


def test_the_labelled_cards_of_rendered_photos(tmp_path: Path) -> None:
    finder = TruthFinder()
    scenes = write_scenes(tmp_path, "crew", [1, 2], finder)
    (tmp_path / "notes.txt").write_text("not a photo")
    found = labelled_crops(tmp_path, finder, class_names("crew"))
    labelled = sum(card.visible >= 0.95 for scene in scenes for card in scene.cards)
    assert found.boxes == labelled == len(found) and found.crops.shape == (labelled, 88, 64, 3)
    assert sorted(found.names) == sorted(c.name for s in scenes for c in s.cards if c.visible >= 0.95)
    assert set(found.photos) == {"scene-1.png", "scene-2.png"}
    assert found.read == ("scene-1.png", "scene-2.png")
    assert finder.calls == 2


def test_a_card_the_finder_misses_is_counted_not_cut(tmp_path: Path) -> None:
    finder = TruthFinder()
    write_scenes(tmp_path, "crew", [1], finder)
    (key, quads), = finder.quads.items()
    finder.quads[key] = quads[1:] + 0.0  # the first card unfound
    found = labelled_crops(tmp_path, finder)
    assert found.boxes == len(quads) and len(found) == len(quads) - 1


def test_a_photo_larger_than_the_camera_s_is_read_at_its_size(tmp_path: Path) -> None:
    finder = TruthFinder()
    (scene,) = write_scenes(tmp_path, "crew", [1])
    big = np.repeat(np.repeat(scene.image, 2, axis=0), 2, axis=1)  # 2560 by 1440, its boxes twice as large
    cv2.imwrite(str(tmp_path / "scene-1.png"), big)
    shown = [card for card in scene.cards if card.visible >= 0.95]
    quads = np.array([card.quad for card in shown], np.float32) * 2
    boxes = [(*q.min(axis=0).tolist(), *q.max(axis=0).tolist()) for q in quads]
    (tmp_path / "scene-1.xml").write_text(voc_text([card.name for card in shown], boxes))
    small, scale = working_frame(big)
    finder.quads[np.ascontiguousarray(small).tobytes()] = quads * scale  # found in the camera's pixels
    found = labelled_crops(tmp_path, finder)
    assert small.shape[1] == 1280 and len(found) == len(shown) and found.names == tuple(c.name for c in shown)


def test_an_unknown_name_is_said_with_its_file(tmp_path: Path) -> None:
    write_scenes(tmp_path, "crew", [1])
    (tmp_path / "scene-1.xml").write_text(voc_text(["blue-1", "joker"], [(0, 0, 10, 10), (20, 20, 40, 40)]))
    with pytest.raises(LabelsUnreadable, match=r"scene-1\.xml: 'joker' is no card of this game") as raised:
        labelled_crops(tmp_path, TruthFinder(), class_names("crew"))
    assert "'joker' n'est pas une carte de ce jeu" in raised.value.text.fr
    assert len(labelled_crops(tmp_path, TruthFinder())) == 0  # any name, without a game


def test_bad_labels_and_bad_photos_are_said(tmp_path: Path) -> None:
    write_scenes(tmp_path, "crew", [1])
    (tmp_path / "scene-1.xml").write_text("<annotation><object>")
    with pytest.raises(LabelsUnreadable, match=r"scene-1\.xml"):
        labelled_crops(tmp_path, TruthFinder())
    (tmp_path / "scene-1.xml").write_text(voc_text(["blue-1"], [(0, 0, 10, 10)]))
    (tmp_path / "scene-1.png").write_bytes(b"not a picture")
    with pytest.raises(ImageUnreadable, match=r"scene-1\.png"):
        labelled_crops(tmp_path, TruthFinder())


def test_shots_drawn_a_card_seeded() -> None:
    names = ["a"] * 5 + ["b"] * 2 + ["c"]
    chosen = draw(names, 3, 7)
    assert [names[i] for i in chosen].count("a") == 3 and [names[i] for i in chosen].count("b") == 2
    assert chosen.tolist() == draw(names, 3, 7).tolist() and list(chosen) == sorted(chosen)
    assert draw(names, 0, 7).tolist() == list(range(8)) and draw([], 2, 0).tolist() == []


def test_a_game_s_crops_are_enrolled_upright(tmp_path: Path, crew: OnnxClassifier) -> None:
    finder = TruthFinder()
    scenes = write_scenes(tmp_path, "crew", [1, 2, 3], finder)
    found = labelled_crops(tmp_path, finder)
    flipped = crew.read(found.crops)[0].flipped
    assert flipped.any() and not flipped.all()  # the scenes hold cards both ways up
    assert not crew.read(upright(found.crops, crew))[0].flipped.any()
    profile = enrol(found, crew, "home", "crew")
    assert profile.game == "crew" and profile.cards == set(found.names)
    assert profile.about["model_game"] == "crew" and profile.about["photos"] == len(scenes)
    # A card read turned 180 degrees is named by the profile as turned from upright.
    matches = profile.match(crew.read(found.crops)[1])
    assert matches.names == found.names
    assert matches.turned.tolist() == flipped.tolist()
    # Without a game the crops are kept as found: a crop matches its own shot, laid.
    loose = enrol(found, crew, "loose", None)
    assert not loose.match(crew.read(found.crops)[1]).turned.any()
    assert loose.match(crew.read(turned(found.crops))[1]).turned.all()


def test_the_crops_of_a_photo_are_one_capture(tmp_path: Path, crew: OnnxClassifier) -> None:
    finder = TruthFinder()
    write_scenes(tmp_path, "crew", [1, 2], finder)
    found = labelled_crops(tmp_path, finder)
    profile = enrol(found, crew, "home", None)
    captures = profile.captures[: len(found)]
    assert len(set(captures.tolist())) == 2
    assert all((captures == captures[0]) == (np.array(found.photos) == found.photos[0]))


def test_nothing_to_enrol(crew: OnnxClassifier) -> None:
    empty = LabelledCrops((), np.zeros((0, 88, 64, 3), np.uint8), (), 3)
    with pytest.raises(ProfileUnavailable, match="no card to enrol"):
        enrol(empty, crew, "home", None)
    assert len(empty.take([])) == 0
