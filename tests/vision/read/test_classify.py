"""The classifier end to end: a tiny training exports a model that loads back and reads crops;
bad model files and images get clear messages."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import cv2
import numpy as np
import onnx
import onnxruntime as ort
import pytest

from companion.cli.main import main
from companion.cli.vision import frames_holding, time_frames
from companion.errors import ModelUnavailable
from models.render import render_scene
from models.render.faces import CALIBRATION_FONTS, HELD_OUT_FONTS
from models.training.dataset import make_crops
from tests.bombs import cut_png
from vision.evaluation.photos import PhotoFigures, PhotoReading
from vision.find.detect import find_cards
from vision.find.finders import CombinedFinder
from vision.find.refine import RefinedFinder, TableOrFull
from vision.find.segment import CardFinder, Outlines
from vision.networks import this_cpu_saturates
from vision.read.catalogue import class_names
from vision.read.classify import FakeClassifier, OnnxClassifier
from vision.read.params import SHAPE_CONFIDENCE
from vision.read.recognise import ShapeFinder, annotate, recognise

pytest.importorskip("torch", reason="the tiny training needs the train extra (tests/run installs it)")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from models.training.classifier import Recipe, train  # noqa: PLC0415 (torch: this module is skipped without it)

    out = tmp_path_factory.mktemp("model") / "rixes.onnx"
    report = train(Recipe("rixes", seed=4, train_scenes=20, val_scenes=5, calibration_scenes=3, epochs=1,
                           foreign_calibration=300, workers=1), out,
                   progress=False)
    assert report.train_crops > 0 and 0.0 <= report.val_accuracy <= 1.0
    assert report.temperature > 0 and 0.5 <= report.threshold <= 1.0
    assert 0.0 <= report.calibration_accuracy <= 1.0 and 0.0 <= report.calibration_unsure <= 1.0
    return out


def test_the_threshold_keeps_wrong_readings_of_unseen_typefaces_rare(tiny_model: Path) -> None:
    from models.training.classifier import choose_threshold  # noqa: PLC0415 (torch: lazily, the module skips without it)

    # The tiny run's calibration scenes (seed 3: 3,700,000 on): printed in typefaces never trained
    # on, they set the threshold as high as they need (a model this weak needs it high).
    crops = make_crops("rixes", range(3_700_000, 3_700_003), fonts=CALIBRATION_FONTS)
    classifier = OnnxClassifier("rixes", tiny_model)
    session = ort.InferenceSession(str(tiny_model), providers=["CPUExecutionProvider"])
    probabilities = session.run(None, {"crops": crops.crops})[0]
    confidence = probabilities.max(axis=1).astype(np.float64)
    needed = choose_threshold(confidence, probabilities.argmax(axis=1) == crops.labels, 0.001)
    assert classifier.threshold >= needed
    unsure = float((confidence < classifier.threshold).mean())
    assert classifier.metadata["calibration_unsure"] == pytest.approx(unsure, abs=1e-6)


def test_foreign_crops_are_classes_in_training_that_the_file_does_not_give(tiny_model: Path) -> None:
    from models.render.foreign import foreign_crops, foreign_kinds  # noqa: PLC0415 (torch: lazily)
    from models.training.classifier import foreign_threshold  # noqa: PLC0415 (torch: lazily)

    model = onnx.load(str(tiny_model))
    weights = next(init for init in model.graph.initializer if init.name == "net.face.weight")
    # The face head learned the deck and every foreign kind; the file gives the deck's classes.
    assert weights.dims[0] == len(class_names("rixes")) + len(foreign_kinds("rixes"))
    classifier = OnnxClassifier("rixes", tiny_model)
    held = foreign_crops("rixes", 300, 3_950_000, fonts=CALIBRATION_FONTS)
    readings, embeddings = classifier.read(held.crops)
    named = float(np.mean([name is not None for name in readings.names]))
    assert named == pytest.approx(classifier.metadata["calibration_foreign"], abs=1e-6)
    assert classifier.threshold >= foreign_threshold(readings.confidences.astype(np.float64), 0.0025) - 1e-6
    assert embeddings.shape == (300, 192) and classifier.embeds


def test_tiny_model_loads_back_with_its_metadata(tiny_model: Path) -> None:
    classifier = OnnxClassifier("rixes", tiny_model)
    assert classifier.classes == class_names("rixes")
    assert classifier.metadata["recipe"]["seed"] == 4
    assert classifier.metadata["input"] == {"layout": "NHWC", "size": [64, 88], "channels": "BGR",
                                            "dtype": "uint8"}
    crops = np.random.default_rng(0).integers(0, 255, (5, 88, 64, 3), dtype=np.uint8)
    readings = classifier.classify(crops)
    assert len(readings.names) == 5 and readings.confidences.shape == (5,)
    assert all(name is None or name in classifier.classes for name in readings.names)
    # Below the threshold a reading is unsure, never a guess (G2).
    for name, confidence in zip(readings.names, readings.confidences, strict=True):
        assert (name is None) == (confidence < classifier.threshold)
    assert classifier.classify(crops[:0]).names == ()
    assert tiny_model.stat().st_size < 5_000_000


def test_wrong_game_missing_and_corrupt_models(tiny_model: Path, tmp_path: Path) -> None:
    with pytest.raises(ModelUnavailable, match="is for rixes, not crew"):
        OnnxClassifier("crew", tiny_model)
    with pytest.raises(ModelUnavailable, match="no model file"):
        OnnxClassifier("rixes", tmp_path / "nothing.onnx")
    corrupt = tmp_path / "corrupt.onnx"
    corrupt.write_bytes(tiny_model.read_bytes()[:1000])
    with pytest.raises(ModelUnavailable, match="cannot be read") as caught:
        OnnxClassifier("rixes", corrupt)
    assert "companion train --game rixes" in caught.value.text.fr


def test_recognise_turns_the_corners_of_cards_read_upside_down() -> None:
    frame = render_scene("tranquility", 5, effects=False).image
    fake = FakeClassifier("tranquility", [("27", 0.99, True)] + [("28", 0.99, False)] * 100)
    detections = recognise(frame, fake)
    assert len(detections) > 10
    assert detections.names[0] == "27" and detections.upside_down[0]
    assert not detections.upside_down[1:].any()
    drawn = annotate(frame, detections)
    assert drawn.shape == frame.shape and (drawn != frame).any()


def test_a_frame_larger_than_the_camera_s_is_read_at_the_camera_s_size() -> None:
    frame = render_scene("tranquility", 5, effects=False).image  # the camera's 1280 by 720
    large = cv2.resize(frame, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)  # a photo's
    seen: list[tuple[int, ...]] = []
    placed: list[np.ndarray] = []

    def spy(image: np.ndarray) -> np.ndarray:
        seen.append(image.shape)
        placed.append(find_cards(image))
        return placed[-1]

    detections = recognise(large, FakeClassifier("tranquility", [("28", 0.99, False)] * 100), spy)
    assert seen == [frame.shape]
    assert len(detections) > 10
    # Given back in the large frame's pixels: each card where the finder placed it, twice as far.
    found = placed[0].reshape(len(placed[0]), -1) * 2
    assert all((np.abs(found - quad.reshape(-1)).max(axis=1) < 1e-3).any() for quad in detections.quads)


def test_annotate_writes_each_card_s_label_inside_the_card() -> None:
    # Written above each card, the labels of a grid's cards ran into the cards above them.
    frame = render_scene("tranquility", 5, effects=False).image
    unsure_first = [(None, 0.4, False)] + [("28", 0.99, False)] * 100
    detections = recognise(frame, FakeClassifier("tranquility", unsure_first))
    assert len(detections) > 10 and detections.names[0] is None
    drawn = annotate(frame, detections)
    changed = (drawn != frame).any(axis=2)
    cards = np.zeros(frame.shape[:2], np.uint8)
    for quad in detections.quads:
        cv2.fillConvexPoly(cards, quad.round().astype(np.int32), 1)
    # The outline's width and the corner dot stand a few pixels out of the card.
    near = cv2.dilate(cards, np.ones((11, 11), np.uint8)).astype(bool)
    assert changed.any() and not (changed & ~near).any()
    for k, quad in enumerate(detections.quads):
        x, y = quad.mean(axis=0).round().astype(int).tolist()
        middle = (slice(y - 3, y + 4), slice(x - 3, x + 4))
        assert drawn[middle].mean() < frame[middle].mean(), k  # the label's dark box
    # An unsure card's label is orange: more red than green in the middle of its box.
    x, y = detections.quads[0].mean(axis=0).round().astype(int).tolist()
    box = drawn[y - 8:y + 9, x - 12:x + 13].reshape(-1, 3).astype(int)
    assert ((box[:, 2] > 200) & (box[:, 1] < 180)).any()


def _print_on(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """``frame`` with a dark mark (a card's number, say) in the middle of each of ``quads``."""
    for quad in quads:
        x, y = quad.mean(axis=0).astype(int).tolist()
        cv2.rectangle(frame, (x - 8, y - 12), (x + 8, y + 12), (20, 20, 20), -1)
    return frame


class _Shapes:
    """A finder that finds three cards and says the first two are triangles."""

    def __init__(self) -> None:
        card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
        self.quads = np.stack([card + np.array([dx, 0], np.float32) for dx in (0, 100, 200)])

    def __call__(self, frame: np.ndarray) -> np.ndarray:
        return self.quads

    def outlines(self, frame: np.ndarray) -> Outlines:
        return Outlines(self.quads, np.array([True, True, False]))


def test_a_card_found_to_be_a_triangle_is_read_by_its_shape() -> None:
    finder = _Shapes()
    frame = _print_on(np.full((200, 400, 3), 90, np.uint8), finder.quads)
    assert isinstance(finder, ShapeFinder)
    answers = [(None, 0.6, True), ("bridge", 0.97, False), ("9s", 0.99, False)]
    read = recognise(frame, FakeClassifier("ascension", answers), finder)
    # The unsure triangle is the Panorama; a card the classifier reads surely keeps its reading.
    assert read.names == ("panorama", "bridge", "9s")
    assert read.confidences.tolist() == pytest.approx([SHAPE_CONFIDENCE, 0.97, 0.99])
    assert read.upside_down.tolist() == [True, False, False]  # the classifier still tells which way up
    # A game with no triangular card reads its cards by their print alone; so does a plain finder.
    plain = (None, "bridge", "9s")
    assert recognise(frame, FakeClassifier("crew", answers), finder).names == plain
    assert recognise(frame, FakeClassifier("ascension", answers), finder.__call__).names == plain


def test_detect_command(tiny_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "table.jpg"
    cv2.imwrite(str(image), render_scene("rixes", 11).image)
    out = tmp_path / "annotated.png"
    assert main(["detect", str(image), "--game", "rixes", "--model", str(tiny_model), "--json",
                 "--annotate", str(out)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["image"] == str(image) and len(result["cards"]) > 0
    assert {"corners", "name", "confidence", "upside_down"} <= set(result["cards"][0])
    assert cv2.imread(str(out)) is not None


def test_detect_bad_inputs_exit_2_without_traceback(tiny_model: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not an image")
    assert main(["detect", str(broken), "--game", "rixes", "--model", str(tiny_model)]) == 2
    err = capsys.readouterr().err
    assert "cannot read image" in err and str(broken) in err and "Traceback" not in err
    assert main(["detect", str(broken), "--game", "rixes", "--model", str(tmp_path / "x.onnx"),
                 "--lang", "fr"]) == 2
    assert "pas de fichier de modèle" in capsys.readouterr().err


def test_detect_finds_no_card_in_a_strip_of_an_image(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped finders, refiner and classifier on an image 2 pixels high: no card, no crash."""
    strip = tmp_path / "strip.png"
    cv2.imwrite(str(strip), np.full((2, 3000, 3), 200, np.uint8))
    assert main(["detect", str(strip), "--game", "rixes", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == []


@pytest.mark.parametrize(("name", "why"), [
    ("missing.png", "fichier ou dossier introuvable"),
    ("empty.png", "son format n'est aucun de JPEG, PNG, BMP, TIFF, WebP"),
    ("folder", "c'est un dossier"),
    ("cut.png", "son en-tête est tronqué ou abîmé"),
])
def test_detect_says_only_its_own_line_of_an_unreadable_image(name: str, why: str, tiny_model: Path,
                                                             tmp_path: Path,
                                                             capfd: pytest.CaptureFixture[str]) -> None:
    """Missing, empty, a folder, a header cut short: one line for the player, nothing from OpenCV
    beside it."""
    (tmp_path / "empty.png").write_bytes(b"")
    (tmp_path / "folder").mkdir()
    (tmp_path / "cut.png").write_bytes(cut_png())
    path = tmp_path / name
    assert main(["detect", str(path), "--game", "rixes", "--model", str(tiny_model), "--lang", "fr"]) == 2
    err = capfd.readouterr().err
    assert err.strip().splitlines() == [f"impossible de lire l'image {path} : {why}"]


def test_eval_vision_with_an_unreadable_real_photo_prints_the_scenes_and_exits_2(
        tiny_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    (photos / "a.jpg").write_bytes(b"not a photo")
    (photos / "a.xml").write_text("<annotation></annotation>")
    assert main(["eval-vision", "--game", "rixes", "--model", str(tiny_model), "--scenes", "1", "--json",
                 "--confusion", str(tmp_path / "c.png"), "--real-photos", str(photos), "--lang", "fr",
                 "--foreign", "none", "--foreign-scenes", "0"]) == 2
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["scenes"] == 1 and "real_photo_recall" not in figures
    assert err.strip() == (f"impossible de lire l'image {photos / 'a.jpg'} : son format n'est aucun de "
                           "JPEG, PNG, BMP, TIFF, WebP")


def test_eval_vision_refuses_real_photos_it_cannot_find_before_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A folder missing, one holding photos without labels, a file: said at once, before a model
    # is opened or a scene rendered, in the player's language.
    (tmp_path / "unlabelled").mkdir()
    (tmp_path / "unlabelled" / "a.jpg").write_bytes(b"")
    (tmp_path / "file.xml").write_text("<annotation></annotation>")
    for folder in (tmp_path / "missing", tmp_path / "unlabelled", tmp_path / "file.xml"):
        assert main(["eval-vision", "--game", "rixes", "--real-photos", str(folder), "--lang", "fr",
                     "--model", str(tmp_path / "x.onnx")]) == 2
        assert capsys.readouterr().err.strip() == (
            f"aucune photo étiquetée dans {folder} (un JPEG ou PNG avec son .xml Pascal VOC à côté) : le "
            "rappel des photos réelles n'est pas mesuré ; donnez-en un dossier avec --real-photos, ou "
            "--real-photos none")


def test_eval_vision_says_when_the_shared_real_photos_are_not_there(
        tiny_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A clone away from the workplace's shared folder: the scenes are measured, the photos' recall
    # is said to be missing, not printed as 0 nor left out unsaid.
    monkeypatch.setattr("companion.cli.vision.REAL_PHOTOS", tmp_path / "shared" / "realphotos")
    assert main(["eval-vision", "--game", "rixes", "--model", str(tiny_model), "--scenes", "1", "--json",
                 "--confusion", str(tmp_path / "c.png"), "--foreign-scenes", "0"]) == 0
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["scenes"] == 1 and "real_photo_recall" not in figures
    assert err.startswith(f"no labelled photo in {tmp_path / 'shared' / 'realphotos'} ")


def test_an_annotation_that_cannot_be_written_is_said_and_exits_2(
        tiny_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "table.jpg"
    cv2.imwrite(str(image), render_scene("rixes", 11).image)
    for out in (tmp_path / "annotated.txt", tmp_path / "file" / "under-a-file.png"):
        (tmp_path / "file").write_text("")
        assert main(["detect", str(image), "--game", "rixes", "--model", str(tiny_model),
                     "--annotate", str(out), "--lang", "fr"]) == 2
        out_text, err = capsys.readouterr()
        assert out_text.startswith(f"{image}: ")  # the cards are still said
        assert err.strip() == (f"impossible d'écrire l'image {out} : donnez un chemin finissant par .png "
                               "ou .jpg, dans un dossier où l'on peut écrire")


def test_eval_vision_refuses_fewer_than_no_scenes_and_a_confusion_it_cannot_draw_before_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Both said at once, before a model is opened or a scene rendered (0 scenes: the photos alone).
    assert main(["eval-vision", "--game", "rixes", "--scenes", "-1",
                 "--model", str(tmp_path / "x.onnx")]) == 2
    assert capsys.readouterr().err.strip() == "bad value for 'scenes': -1"
    assert main(["eval-vision", "--game", "rixes", "--confusion", str(tmp_path / "c.txt"),
                 "--model", str(tmp_path / "x.onnx")]) == 2
    assert "cannot write the image" in capsys.readouterr().err
    for scale in ("0", "nan", "9"):  # nothing, no number, and more than a phone's photo
        assert main(["eval-vision", "--game", "rixes", "--photo-scale", scale,
                     "--model", str(tmp_path / "x.onnx")]) == 2
        assert capsys.readouterr().err.strip() == f"bad value for 'photo-scale': {float(scale)}"
    assert main(["train", "--game", "rixes", "--epochs", "0"]) == 2
    assert capsys.readouterr().err.strip() == "bad value for 'epochs': 0"
    assert main(["train-finder", "--scenes", "-1"]) == 2
    assert capsys.readouterr().err.strip() == "bad value for 'scenes': -1"


def test_eval_vision_and_bench_vision(tiny_model: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    confusion = tmp_path / "confusion.png"
    # One foreign scene of each other game, read as not of Rixes' deck; no foreign photo.
    assert main(["eval-vision", "--game", "rixes", "--model", str(tiny_model), "--scenes", "2", "--json",
                 "--confusion", str(confusion), "--real-photos", "none", "--foreign", "none",
                 "--foreign-scenes", "1"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["foreign_render_cards"] > 0 and 0 <= figures["foreign_render_named_rate"] <= 1
    assert "foreign_photo_cards" not in figures
    for key in ("detection_recall", "detection_precision", "false_named_rate", "identity_accuracy",
                "wrong_confident_rate", "orientation_accuracy", "ms_per_frame", "ms_per_crop"):
        assert figures[key] >= 0 and (key.startswith("ms") or figures[key] <= 1), key
    assert figures["scenes"] == 2 and figures["cards"] > 0
    # The found cards again, by the typeface each scene's deck is printed in: held-out ones only.
    typefaces = figures["by_typeface"]
    assert typefaces and set(typefaces) <= set(HELD_OUT_FONTS)
    assert sum(face["found"] for face in typefaces.values()) == round(
        figures["detection_recall"] * figures["cards"])
    for face in typefaces.values():
        shares = face["identity_accuracy"] + face["unsure_rate"] + face["wrong_confident_rate"]
        assert shares == pytest.approx(1.0 if face["found"] else 0.0)
    assert cv2.imread(str(confusion)) is not None
    assert main(["bench", "vision", "--game", "rixes", "--model", str(tiny_model), "--seconds", "0.2",
                 "--real-photos", "none", "--json"]) == 0
    bench = json.loads(capsys.readouterr().out)
    assert bench["real_photos"] == 0 and bench["ms_per_real_photo"] is None
    assert bench["ms_per_crop_single"] > 0 and bench["model_bytes"] < 5_000_000
    assert bench["ms_per_frame"] > 0 and bench["ms_find_cards"] > 0 and bench["cards_per_frame"] >= 0
    assert bench["ms_per_frame_p90"] >= bench["ms_per_frame"]
    assert bench["ms_per_frame_36_cards"] is None  # a trick-taking table never holds 36 cards
    assert bench["ms_per_frame_36_cards_p90"] is None
    assert bench["int8_kernels"].startswith("u8u8" if this_cpu_saturates() else "u8s8")


def test_eval_vision_reads_each_game_with_its_own_finder_and_the_real_photos_with_the_same_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    given: list[object] = []

    def measure(folder: Path, find: object, *, enlarge: float = 1.0, long_side: int | None = None
                ) -> PhotoFigures:
        given.append(find)
        box = np.array([[0, 0, 10, 10]], np.float32)
        none = np.zeros((0, 4, 2), np.float32)
        return PhotoFigures((PhotoReading("a.png", box, none, np.ones(1, bool), 1.0),))

    monkeypatch.setattr("companion.cli.vision.measure_photos", measure)
    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "a.png"), np.full((120, 90, 3), 200, np.uint8))
    (photos / "a.xml").write_text("<annotation></annotation>")
    for game in ("tranquility", "ascension", "crew"):
        assert main(["eval-vision", "--game", game, "--scenes", "1", "--json", "--foreign", "none",
                     "--foreign-scenes", "0", "--confusion", str(tmp_path / "c.png"),
                     "--real-photos", str(photos)]) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["finder"] == "auto" and figures["real_photo_recall"] == 1.0
    # The photos were looked at with the finder the scenes were read with.
    lean, table, full = given
    assert isinstance(lean, TableOrFull) and isinstance(lean.table, RefinedFinder)
    assert lean.table.closer is None
    assert isinstance(table, TableOrFull) and table.table.closer is not None
    assert isinstance(getattr(table.table.finder, "__self__", None), CardFinder)  # no contours
    assert isinstance(full, RefinedFinder)
    assert isinstance(getattr(full.finder, "__self__", None), CombinedFinder)
    assert main(["bench", "vision", "--game", "tranquility", "--seconds", "0.05", "--frames", "2",
                 "--real-photos", str(photos), "--json"]) == 0
    bench = json.loads(capsys.readouterr().out)
    # The photo is timed as a camera frame, its longest side 1280 pixels.
    assert bench["real_photos"] == 1 and bench["ms_per_real_photo_p90"] >= bench["ms_per_real_photo"] > 0
    assert bench["ms_find_cards_real_photo"] > 0 and bench["share_real_photos_within_target"] in (0.0, 1.0)
    assert bench["targets"]["ms_per_real_photo"] == 150
    assert bench["finder"] == "auto" and bench["ms_per_frame_36_cards"] > 0
    assert bench["ms_per_frame_36_cards_p90"] >= bench["ms_per_frame_36_cards"]
    assert bench["cards_read_36_cards"] > 30
    assert bench["frames_36_cards"] == 2 and bench["share_36_cards_within_target"] in (0.0, 0.5, 1.0)
    assert bench["targets"]["ms_per_frame_36_cards"] == 50
    # No frame to time is no bench; nor are photos asked for that are not there.
    assert main(["bench", "vision", "--game", "tranquility", "--frames", "0"]) == 2
    assert "--frames" in capsys.readouterr().err
    assert main(["bench", "vision", "--real-photos", str(tmp_path / "nowhere")]) == 2
    assert "nowhere" in capsys.readouterr().err


def test_the_bench_times_every_frame_as_often_as_the_others_and_tells_the_share_within_target() -> None:
    frames = [np.full((72, 128, 3), k, np.uint8) for k in range(3)]
    seen: list[int] = []

    def find(frame: np.ndarray) -> np.ndarray:
        seen.append(int(frame[0, 0, 0]))
        return np.zeros((0, 4, 2), np.float32)

    figures = time_frames(frames, FakeClassifier("tranquility"), find, seconds=0.01, target_ms=1e6)
    # Each turn finds the cards, then reads the frame (which finds them again): whole rounds.
    assert len(seen) % 6 == 0 and all(seen.count(k) == len(seen) // 3 for k in range(3))
    assert figures["share_within_target"] == 1.0 and figures["cards_per_frame"] == 0.0
    assert time_frames(frames, FakeClassifier("tranquility"), find, seconds=0.01, target_ms=0.0)[
        "share_within_target"] == 0.0
    assert "share_within_target" not in time_frames(frames, FakeClassifier("tranquility"), find, seconds=0.01)


def test_the_bench_finds_frames_holding_the_targets_36_cards() -> None:
    (frame,) = frames_holding("tranquility", 36, 1)
    seed = next(seed for seed in range(700_000, 700_400)
                if len(render_scene("tranquility", seed, effects=False).cards) == 36)
    scene = render_scene("tranquility", seed)
    assert np.array_equal(frame, scene.image) and len(scene.cards) == 36
    assert frames_holding("crew", 36, 1) == []


@pytest.mark.parametrize("game", ["tranquility", "ascension", "crew", "rixes"])
def test_each_shipped_model_was_trained_with_the_recipe_train_runs(game: str) -> None:
    from models.training.classifier import shipped_recipe  # noqa: PLC0415 (torch: lazily, the module skips without it)

    model = OnnxClassifier(game)
    expected = {k: v for k, v in asdict(shipped_recipe(game)).items() if k != "workers"}
    # ``hard``, ``scripts`` and the foreign crops came after some models were trained: a recipe
    # recorded without them is the plain one.
    plain = {"hard": False, "scripts": False, "foreign_share": 0.0, "foreign_calibration": 4000,
             "foreign_error": 0.0025}
    recorded = {k: v for k, v in {**plain, **model.metadata["recipe"]}.items() if k != "workers"}
    assert recorded == expected


class _Placed:
    """A finder whose quads lie on the cards' corners, as the refined finder's do."""

    corners_placed = True

    def __init__(self, quads: np.ndarray) -> None:
        self.quads = quads

    def __call__(self, frame: np.ndarray) -> np.ndarray:
        return self.quads


def test_a_face_read_on_a_quad_askew_is_unsure_in_a_game_with_a_triangular_card() -> None:
    frame = np.full((200, 400, 3), 90, np.uint8)
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
    # The quad the refined finder kept on a Panorama of a held-out scene: a kite, no card in perspective.
    kite = np.array([[4, 37], [34, 0], [39, 81], [0, 73]], np.float32) + np.array([120, 20], np.float32)
    quads = np.stack([card, kite, kite + np.array([100, 0], np.float32)])
    _print_on(frame, quads)
    answers = [("9s", 0.99, False), ("bridge", 0.99, False), ("panorama", 0.98, True)]
    read = recognise(frame, FakeClassifier("ascension", answers), _Placed(quads))
    assert read.names == ("9s", None, "panorama")
    assert read.confidences.tolist() == pytest.approx([0.99, 0.99, 0.98])  # the classifier's, as read
    assert read.upside_down.tolist() == [False, False, True]
    # A finder's loose quads are often askew around cards read right: their readings stand.
    loose = recognise(frame, FakeClassifier("ascension", answers), lambda _frame: quads)
    assert loose.names == ("9s", "bridge", "panorama")
    # In The Crew, with no triangular card, what the classifier reads on such a quad stands.
    crew = [("pink-3", 0.99, False), ("pink-4", 0.99, False), ("sub-1", 0.98, False)]
    placed = recognise(frame, FakeClassifier("crew", crew), _Placed(quads))
    assert placed.names == ("pink-3", "pink-4", "sub-1")


def test_a_card_read_on_a_quad_too_square_for_a_whole_card_is_unsure() -> None:
    frame = np.full((200, 400, 3), 90, np.uint8)
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
    # A card half under another: its outline stops where the other begins, 63 by 60 pixels.
    half = np.array([[0, 0], [63, 0], [63, 60], [0, 60]], np.float32) + np.array([120, 20], np.float32)
    tilted = np.array([[0, 0], [63, 0], [63, 71], [0, 71]], np.float32) + np.array([220, 20], np.float32)
    quads = np.stack([card, half, tilted, half + np.array([180, 100], np.float32)])
    _print_on(frame, quads)
    answers = [("blue-3", 0.99, False), ("back", 0.99, False), ("pink-2", 0.97, True), ("sub-1", 0.98, False)]
    read = recognise(frame, FakeClassifier("crew", answers), _Placed(quads))
    # 71 / 63 = 1.127, squarer than a card seen square on, still a whole card seen tilted.
    assert read.names == ("blue-3", None, "pink-2", None)
    assert read.confidences.tolist() == pytest.approx([0.99, 0.99, 0.97, 0.98])  # the classifier's
    # Whatever the finder: a loose quad that square holds no whole card either.
    loose = recognise(frame, FakeClassifier("crew", answers), lambda _frame: quads)
    assert loose.names == read.names
    # A Panorama's outline is no card's: read as one, it stands however square.
    panorama = [("9s", 0.99, False), ("panorama", 0.99, False), ("summit", 0.99, False),
                ("bridge", 0.99, False)]
    placed = recognise(frame, FakeClassifier("ascension", panorama), _Placed(quads))
    assert placed.names == ("9s", "panorama", "summit", None)


def test_a_card_foreshortened_in_a_tilted_view_is_read_however_square_it_looks() -> None:
    frame = np.full((480, 640, 3), 90, np.uint8)
    # A camera leaning over the table's near side: cards far from it look shorter.
    tilt = np.array([[1.0, 0.0, 0.0], [0.0, 0.7, 0.0], [0.0, -0.0006, 1.0]])

    def seen(quad: np.ndarray) -> np.ndarray:
        return np.asarray(cv2.perspectiveTransform(quad[None].astype(np.float32), tilt)[0], np.float32)

    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
    near = [seen(card + np.array([100 * k, 300], np.float32)) for k in range(3)]
    far = seen(card + np.array([300, 0], np.float32))  # 1.06 long over wide in the frame
    # As square in the frame, of a card's shape on the table but half its size: a piece of one.
    part = seen(np.array([[0, 0], [44, 0], [44, 60], [0, 60]], np.float32) + np.array([440, 20], np.float32))
    quads = np.stack([*near, far, part])
    _print_on(frame, quads)
    answers = [("blue-3", 0.99, False), ("blue-4", 0.99, False), ("blue-5", 0.99, False),
               ("pink-2", 0.99, False), ("sub-1", 0.98, False)]
    read = recognise(frame, FakeClassifier("crew", answers), _Placed(quads))
    assert read.names == ("blue-3", "blue-4", "blue-5", "pink-2", None)
    # Told by fewer cards, the table's perspective is not known: a quad that square stays unsure.
    few = recognise(frame, FakeClassifier("crew", answers[1:]), _Placed(quads[1:]))
    assert few.names == ("blue-4", "blue-5", None, None)


def test_a_quad_whose_crop_shows_no_print_is_no_card() -> None:
    frame = np.full((200, 400, 3), 90, np.uint8)
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
    printed, plain = card, card + np.array([150, 0], np.float32)
    cv2.fillConvexPoly(frame, plain.astype(np.int32), (200, 200, 200))  # a pale tile of the table
    _print_on(frame, printed[None])
    fake = FakeClassifier("tranquility", [("start", 0.9, False)] * 2)
    read = recognise(frame, fake, lambda _frame: np.stack([plain, printed]))
    assert len(read) == 1 and read.quads[0].tolist() == printed.tolist()
    assert fake.calls == [1]  # the blank crop was never read
    fake = FakeClassifier("tranquility", [("start", 0.9, False)])
    assert len(recognise(frame, fake, lambda _frame: plain[None])) == 0 and fake.calls == []


def test_no_card_is_named_at_more_places_than_a_table_shows_it() -> None:
    frame = np.full((200, 500, 3), 90, np.uint8)
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32) + 20
    quads = np.stack([card + np.array([90 * k, 0], np.float32) for k in range(5)])
    _print_on(frame, quads)
    # A Tranquillité table lays one Start card (a check of a cloth read as its plain face is
    # less sure than the card itself) and up to 25 border cards.
    answers = [("start", 0.96, False), ("border", 0.99, False), ("start", 1.0, False),
               ("border", 0.98, False), ("start", 0.95, False)]
    read = recognise(frame, FakeClassifier("tranquility", answers), _Placed(quads))
    assert read.names == (None, "border", "start", "border", None)
    assert read.confidences.tolist() == pytest.approx([0.96, 0.99, 1.0, 0.98, 0.95])  # the classifier's
    # L'Ascension's Versants come two of a kind: two of them read stay named, a third does not.
    twice = [("7g", 0.97, False), ("7g", 0.99, False), ("7g", 0.98, False), ("8g", 0.99, False)]
    read = recognise(frame, FakeClassifier("ascension", twice), _Placed(quads[:4]))
    assert read.names == (None, "7g", "7g", "8g")


def test_eval_vision_writes_nothing_where_it_runs_unless_asked(
        tiny_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["eval-vision", "--game", "rixes", "--model", str(tiny_model), "--scenes", "1", "--json",
                 "--real-photos", "none", "--foreign", "none", "--foreign-scenes", "0"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["scenes"] == 1 and "confusion" not in figures
    assert list(tmp_path.iterdir()) == []
