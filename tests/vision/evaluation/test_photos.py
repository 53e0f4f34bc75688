"""The finder's figures on labelled photos: recall, quads a photo, split cards, time, two scales."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.cli.main import main
from vision.evaluation.photos import lying_on, measure_photos, photo_frames, scale_changes

BOX = ("<object><name>{name}</name><bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin>"
       "<xmax>{x1}</xmax><ymax>{y1}</ymax>"
       "</bndbox></object>")


def _photo(folder: Path, name: str, boxes: list[tuple[int, int, int, int]], size: tuple[int, int] = (300, 400)
           ) -> None:
    folder.mkdir(exist_ok=True)
    cv2.imwrite(str(folder / f"{name}.png"), np.full((*size, 3), 90, np.uint8))
    objects = "".join(BOX.format(name="ace", x0=a, y0=b, x1=c, y1=d) for a, b, c, d in boxes)
    (folder / f"{name}.xml").write_text(f"<annotation>{objects}</annotation>")


def _quad(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def test_figures_count_found_split_and_extra_quads(tmp_path: Path) -> None:
    _photo(tmp_path, "a", [(10, 10, 110, 150), (200, 10, 300, 150)])
    _photo(tmp_path, "b", [(50, 50, 150, 190)])
    answers = iter([
        # photo a: its first card whole, its second cut in two halves
        [_quad(10, 10, 110, 150), _quad(200, 10, 240, 150), _quad(240, 10, 300, 150)],
        # photo b: its card missed, a quad on the table
        [_quad(300, 200, 380, 290)],
    ])

    def find(frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        assert frame.shape[:2] == (300, 400)  # read at its own size, under the camera's
        return np.array(next(answers), np.float32)

    figures = measure_photos(tmp_path, find)
    summary = figures.summary()
    # The card cut in two still counts as found: its larger half overlaps it enough.
    assert (summary["photos"], summary["boxes"], figures.found) == (2, 3, 2)
    assert summary["recall"] == pytest.approx(2 / 3)
    assert summary["quads_per_photo"] == 2.0
    assert summary["split_rate"] == pytest.approx(1 / 3)  # the second card of a, cut in two
    assert 0 <= summary["ms_median"] <= summary["ms_p90"]
    assert [r.split for r in figures.readings] == [1, 0]


def test_a_quad_on_a_printed_pip_is_no_second_card() -> None:
    box = np.array([[0, 0, 100, 140]], np.float32)
    card_and_pip = np.array([_quad(0, 0, 100, 140), _quad(40, 60, 55, 75)], np.float32)
    assert lying_on(box, card_and_pip).tolist() == [[True, False]]
    # A large printed panel inside the card is a second quad lying on it: a split.
    panel = np.array([_quad(0, 0, 100, 140), _quad(10, 10, 90, 90)], np.float32)
    assert lying_on(box, panel).sum() == 2
    assert lying_on(np.zeros((0, 4), np.float32), panel).shape == (0, 2)


def test_photos_read_at_their_long_side_are_found_where_they_lie(tmp_path: Path) -> None:
    # A 400 by 300 photo made 1920 pixels long is read shrunk to 960 by 720, and 640 long as it is.
    _photo(tmp_path, "a", [(40, 40, 140, 180)])
    seen: list[tuple[int, ...]] = []

    def find(frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        seen.append(frame.shape[:2])
        k = frame.shape[1] / 400
        return np.array([_quad(40 * k, 40 * k, 140 * k, 180 * k)], np.float32)

    big = measure_photos(tmp_path, find, long_side=1920)
    small = measure_photos(tmp_path, find, long_side=640)
    assert seen == [(720, 960), (480, 640)]
    assert big.found == small.found == 1
    assert np.allclose(big.readings[0].quads, small.readings[0].quads, atol=0.01)
    assert scale_changes(big, small) == {"changed": 0, "changed_rate": 0.0, "quads_moved": 0}


def test_scale_changes_count_cards_found_at_one_size_only(tmp_path: Path) -> None:
    _photo(tmp_path, "a", [(10, 10, 110, 150), (200, 10, 300, 150)])

    def finder(boxes: list[tuple[int, int, int, int]]):  # type: ignore[no-untyped-def]
        def find(frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
            k = frame.shape[1] / 400
            return np.array([_quad(*(v * k for v in box)) for box in boxes], np.float32).reshape(-1, 4, 2)
        return find

    one = measure_photos(tmp_path, finder([(10, 10, 110, 150)]), long_side=800)
    two = measure_photos(tmp_path, finder([(200, 10, 300, 150), (330, 200, 390, 290)]), long_side=1200)
    assert scale_changes(one, two) == {"changed": 2, "changed_rate": 1.0, "quads_moved": 3}


def test_eval_vision_reads_the_photos_alone_at_two_scales(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _photo(tmp_path / "photos", "a", [(10, 10, 110, 150)])
    assert main(["eval-vision", "--game", "tranquility", "--scenes", "0", "--json", "--foreign", "none",
                 "--foreign-scenes", "0", "--real-photos", str(tmp_path / "photos"), "--scales", "800,1200",
                 "--confusion", str(tmp_path / "c.png")]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["scenes"] == 0 and not (tmp_path / "c.png").exists()
    assert figures["real_photo_cards"] == 1 and figures["real_photo_scales"] == "800,1200"
    assert {"real_photo_quads_per_photo", "real_photo_split_rate", "real_photo_ms_median",
            "real_photo_ms_p90", "real_photo_scales_changed", "real_photo_scales_quads_moved"} <= set(figures)


@pytest.mark.parametrize("scales", ["1280", "1280,x", "10,1920", "1280,1920,2560", "1280,99999"])
def test_eval_vision_refuses_scales_it_cannot_use(
        scales: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval-vision", "--scales", scales, "--lang", "en", "--model", str(tmp_path / "x.onnx")]) == 2
    assert capsys.readouterr().err.strip() == f"bad value for 'scales': {scales}"


def test_photo_frames_are_the_labelled_photos_resized_to_a_camera_frame(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "wide.png"), np.full((540, 960, 3), 90, np.uint8))
    cv2.imwrite(str(tmp_path / "tall.png"), np.full((504, 378, 3), 90, np.uint8))
    cv2.imwrite(str(tmp_path / "unlabelled.png"), np.full((50, 50, 3), 90, np.uint8))
    for name in ("wide", "tall"):
        (tmp_path / f"{name}.xml").write_text("<annotation></annotation>")
    assert [frame.shape for frame in photo_frames(tmp_path, 1280)] == [(1280, 960, 3), (720, 1280, 3)]
