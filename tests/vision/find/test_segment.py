"""The finder network's core map: one outline per card, even edge to edge, and bad model files."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli.main import main
from companion.errors import ModelUnavailable, VisionError
from models.render import render_scene
from tests.vision.find.drawn import card_at
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.cores import (
    INPUT_SIZE,
    MAP_STRIDE,
    card_from_triangle_core,
    card_triangle,
    core_quad,
    triangle_core,
)
from vision.find.detect import order_corners, quad_area, quad_iou
from vision.find.finders import CombinedFinder
from vision.find.segment import (
    CardFinder,
    CoreMap,
    core_evidence,
    letterbox,
    outlines_from_cores,
    scaled,
    upper_decile,
)


def paint_cores(cards: list[np.ndarray], shape: tuple[int, int]) -> np.ndarray:
    """A core map (1 on cores) for ``cards`` given in frame pixels, the map MAP_STRIDE smaller."""
    cores = np.zeros(shape, np.float32)
    for card in cards:
        core = (core_quad(card) + 0.5) / MAP_STRIDE - 0.5
        cv2.fillConvexPoly(cores, np.round(core * 16).astype(np.int32), 1.0, cv2.LINE_8, 4)
    return cores


def test_a_frame_shrunk_far_is_averaged_and_one_shrunk_a_little_is_bilinear_to_the_bit() -> None:
    stripes = np.zeros((64, 96, 3), np.uint8)
    stripes[:, ::2] = 255  # a print's finest lines, a pixel wide
    far, scale = scaled(stripes, 0.25)
    assert scale == 0.25 and far.shape == (16, 32, 3)  # padded to a multiple of 16
    # Looked at from farther, the lines average to grey: no stripes of another width appear.
    assert np.abs(far[:, :24].astype(int) - 128).max() <= 1
    near, _ = scaled(stripes, 0.8)
    assert near.shape == (64, 80, 3)
    # OpenCV's bit-exact bilinear, the same on every CPU, not its plain one, which rounds by each
    # CPU's vector code.
    bilinear = cv2.resize(stripes, (77, 51), interpolation=cv2.INTER_LINEAR_EXACT)
    np.testing.assert_array_equal(near[:51, :77], bilinear)


def test_cards_edge_to_edge_come_out_one_by_one() -> None:
    # A row of four cards touching, and one turned card apart: five separate cores.
    cards = [card_at(100 + 63 * k, 120, 63, 0) for k in range(4)] + [card_at(500, 200, 70, 30)]
    quads = outlines_from_cores(paint_cores(cards, (180, 320)), MAP_STRIDE).quads
    assert len(quads) == 5
    for card in cards:
        assert max(quad_iou(card, q) for q in quads) > 0.85


@pytest.mark.parametrize("angle", [0, 3, 90, 180, 250])
def test_a_triangle_core_gives_back_its_card(angle: float) -> None:
    card = card_at(200, 150, 60, angle)
    core = triangle_core(card)
    tri = card_triangle(card)
    assert cv2.contourArea(core) < cv2.contourArea(tri) < quad_area(card)
    assert quad_iou(order_corners(card_from_triangle_core(core)), card) > 0.99


def test_panoramas_side_by_side_come_out_one_by_one() -> None:
    # Ten triangles touching at their base corners, as under L'Ascension's pyramid.
    cards = [card_at(60 + 61 * k, 200, 60, float(np.random.default_rng(k).normal(0, 1))) for k in range(10)]
    cores = np.zeros((180, 400), np.float32)
    for card in cards:
        core = (triangle_core(card) + 0.5) / MAP_STRIDE - 0.5
        cv2.fillConvexPoly(cores, np.round(core * 16).astype(np.int32), 1.0, cv2.LINE_8, 4)
    quads = outlines_from_cores(cores, MAP_STRIDE).quads
    assert len(quads) == 10
    for card in cards:
        assert max(quad_iou(card, q) for q in quads) > 0.8


@pytest.mark.parametrize("bridge", [0.6, 0.8])
def test_cores_run_together_are_parted_where_the_probability_dips(bridge: float) -> None:
    # Two Panoramas side by side whose cores the network joined at their base corners.
    cards = [card_at(100, 120, 60, 0), card_at(161, 120, 60, 0)]
    cores = np.zeros((180, 320), np.float32)
    for card in cards:
        core = (triangle_core(card) + 0.5) / MAP_STRIDE - 0.5
        cv2.fillConvexPoly(cores, np.round(core * 16).astype(np.int32), 1.0, cv2.LINE_8, 4)
    cores[62:72, 60:76] = np.maximum(cores[62:72, 60:76], bridge)
    assert cv2.connectedComponents((cores >= 0.5).astype(np.uint8), connectivity=4)[0] - 1 == 1
    found = outlines_from_cores(cores, MAP_STRIDE)
    assert len(found.quads) == 2 and found.triangular.all()
    for card in cards:
        assert max(quad_iou(card, q) for q in found.quads) > 0.7


def test_a_card_run_together_with_a_faint_neighbour_is_still_found() -> None:
    # A card's core, and under it the faint core of a card fanned out beneath it, washed out by
    # glare: the region is no card's shape, and no higher threshold parts it into two; the clear
    # card stands, where the watcher's finder, without lone cores, finds none.
    clear, faint = card_at(100, 120, 60, 0), card_at(130, 140, 60, 0)
    cores = np.maximum(paint_cores([clear], (180, 320)), 0.6 * paint_cores([faint], (180, 320)))
    assert cv2.connectedComponents((cores >= 0.5).astype(np.uint8), connectivity=4)[0] - 1 == 1
    found = outlines_from_cores(cores, MAP_STRIDE, lone_cores=True)
    assert len(found.quads) == 1 and quad_iou(clear, found.quads[0]) > 0.8
    assert len(outlines_from_cores(cores, MAP_STRIDE).quads) == 0  # the watcher's finder goes without
    # A lone region of a card's shape, though it fits its quad loosely, stays whole.
    ragged = paint_cores([clear], (180, 320))
    ragged[45:52, 40:44] = 1.0
    (whole,) = outlines_from_cores(ragged, MAP_STRIDE, lone_cores=True).quads
    assert quad_iou(clear, whole) > 0.8


def test_a_panorama_triangle_comes_from_its_core_region_not_its_corners() -> None:
    # A soft core with a bump on one side (a neighbour's rim, a shadow): the smallest triangle
    # around it grows with the bump, the triangle of the region's area and axis hardly moves.
    card = card_at(200, 150, 100, 15)
    core = (triangle_core(card) + 0.5) / MAP_STRIDE - 0.5
    cores = np.zeros((180, 320), np.float32)
    cv2.fillConvexPoly(cores, np.round(core * 16).astype(np.int32), 1.0, cv2.LINE_8, 4)
    cores = np.asarray(cv2.GaussianBlur(cores, (0, 0), 1.0), np.float32)
    cv2.circle(cores, tuple(int(v) for v in np.round((core[0] + core[1]) / 2)), 2, 1.0, -1)
    found = outlines_from_cores(cores, MAP_STRIDE)
    assert len(found.quads) == 1 and found.triangular[0]
    assert quad_iou(card, found.quads[0]) > 0.9


def test_outlines_say_which_cores_were_triangles() -> None:
    card, panorama = card_at(100, 120, 60, 0), card_at(300, 120, 60, 0)
    cores = paint_cores([card], (180, 320))
    core = (triangle_core(panorama) + 0.5) / MAP_STRIDE - 0.5
    cv2.fillConvexPoly(cores, np.round(core * 16).astype(np.int32), 1.0, cv2.LINE_8, 4)
    found = outlines_from_cores(cores, MAP_STRIDE)
    assert len(found.quads) == 2
    by_x = np.argsort(found.quads[:, :, 0].mean(axis=1))
    assert found.triangular[by_x].tolist() == [False, True]


def test_core_evidence_is_high_on_a_core_and_low_beside_it() -> None:
    card = card_at(100, 120, 60, 10)
    cores = paint_cores([card], (180, 320))
    # The map is MAP_STRIDE times smaller than the finder's input, the input ``scale`` times the frame.
    frame_card = (card + 0.5) / 0.5 - 0.5
    assert core_evidence(cores, 0.5, frame_card) > 0.9
    assert core_evidence(cores, 0.5, frame_card + np.array([300, 0], np.float32)) == 0.0


def test_the_finders_outlines_carry_the_map_they_were_found_on() -> None:
    # What the refined finder asks before it looks for a card beside the cards found.

    scene = render_scene("tranquility", EVAL_SEED_BASE + 3, held_out=True)
    network = CardFinder()
    for found in (network.find_outlines(scene.image), CombinedFinder(network).outlines(scene.image)):
        assert found.seen is not None
        cores, scale = network.core_map(scene.image)
        assert np.array_equal(found.seen.cores, cores) and found.seen.scale == scale
        on_cards = [found.seen.evidence(card.quad) for card in scene.cards if card.visible == 1.0]
        assert np.median(on_cards) > 0.9
        assert found.seen.evidence(np.array([[0, 0], [40, 0], [40, 56], [0, 56]], np.float32) - 100) == 0.0
    # A look at a part of the frame is not the frame's map.
    assert network.outlines(*network.core_map(scene.image)).seen is None


def test_core_evidence_reads_every_map_pixel_under_the_quad_even_at_the_map_border() -> None:
    # Reference: the 90th percentile over a mask the size of the whole map.
    rng = np.random.default_rng(3)
    cores = rng.random((90, 160)).astype(np.float32)
    for _ in range(300):
        centre, width = rng.uniform(-300, 1600, 2), rng.uniform(8, 300)
        quad = card_at(float(centre[0]), float(centre[1]), width, rng.uniform(0, 180))
        scale = float(rng.choice([0.25, 0.5, 1.0]))
        on_map = ((core_quad(quad) + 0.5) * scale - 0.5 + 0.5) / MAP_STRIDE - 0.5
        mask = np.zeros(cores.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.rint(on_map).astype(np.int32), 1)
        expected = float(np.percentile(cores[mask > 0], 90)) if mask.any() else 0.0
        assert core_evidence(cores, scale, quad) == expected


def test_the_upper_decile_is_numpy_s_90th_percentile_to_the_bit() -> None:
    rng = np.random.default_rng(5)
    for k in range(3000):
        values = rng.random(int(rng.integers(1, 500)))
        if k % 3 == 0:
            values = np.round(values * 4) / 4  # ties, as a map saturated at 0 and 1 has
        for typed in (values.astype(np.float32), values):
            assert upper_decile(typed) == float(np.percentile(typed, 90))


def test_small_specks_and_wrong_shapes_are_not_cards() -> None:
    cores = np.zeros((180, 320), np.float32)
    cores[10:12, 10:12] = 1  # a speck
    cores[50:55, 20:120] = 1  # a long thin streak
    assert outlines_from_cores(cores, MAP_STRIDE, min_area=6).quads.shape == (0, 4, 2)


def test_letterbox_keeps_the_shape_and_pads() -> None:
    frame = np.full((480, 640, 3), 200, np.uint8)
    small, scale = letterbox(frame)
    assert small.shape == (INPUT_SIZE[1], INPUT_SIZE[0], 3)
    assert scale == pytest.approx(360 / 480)


def test_missing_corrupt_and_foreign_models_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ModelUnavailable, match="no card-finder model") as missing:
        CardFinder(tmp_path / "none.onnx")
    assert "train-finder" in missing.value.text.fr
    corrupt = tmp_path / "corrupt.onnx"
    corrupt.write_bytes(b"\x08\x07garbage")
    with pytest.raises(VisionError, match="cannot be read"):
        CardFinder(corrupt)


def test_the_shipped_finder_loads_and_rejects_bad_frames() -> None:
    finder = CardFinder()
    assert finder.find(np.zeros((720, 1280, 3), np.uint8)).shape[1:] == (4, 2)
    with pytest.raises(ValueError, match="BGR uint8"):
        finder.find(np.zeros((10, 10), np.uint8))


def test_detect_with_the_network_finder_and_a_missing_one(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), render_scene("tranquility", 4, layout="grid-full").image)
    assert main(["detect", str(image), "--finder", "network", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["cards"]) > 0
    assert main(["detect", str(image), "--finder", str(tmp_path / "none.onnx"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "pas de modèle de recherche des cartes" in err and "Traceback" not in err


def test_the_shipped_finder_looks_at_part_of_a_frame_at_any_scale() -> None:
    scene = render_scene("tranquility", 4, layout="grid-full")
    finder = CardFinder()
    x, y, w, h = 300, 100, 500, 450
    part = np.ascontiguousarray(scene.image[y:y + h, x:x + w])
    cores, scale = finder.core_map(part, 1.0)
    # Padded to a multiple of 16, the map half the padded size.
    assert scale == 1.0 and cores.shape == (-(-h // 16) * 8, -(-w // 16) * 8)
    found = finder.outlines(cores, scale, closer=2.0).quads + np.array([x, y], np.float32)
    lo, hi = np.array([x + 5, y + 5]), np.array([x + w - 5, y + h - 5])
    inside = [card for card in scene.cards
              if (card.quad.min(axis=0) > lo).all() and (card.quad.max(axis=0) < hi).all()]
    assert len(inside) > 10
    assert sum(max(quad_iou(card.quad, q) for q in found) > 0.5 for card in inside) >= len(inside) - 1


def test_outlines_traced_by_their_straight_runs_are_those_of_every_pixel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Soft cores of cards and Panoramas of many sizes at any angle, as the network draws them.
    rng = np.random.default_rng(3)
    cores = np.zeros((180, 320), np.float32)
    for k in range(24):
        # A card a cell of a 6 by 4 grid, anywhere in its cell.
        x, y = 55 + 105 * (k % 6) + rng.uniform(-20, 20), 45 + 90 * (k // 6) + rng.uniform(-12, 12)
        card = card_at(x, y, rng.uniform(25, 45), rng.uniform(0, 360))
        core = (triangle_core(card) if k % 4 == 0 else core_quad(card)) + 0.5
        cv2.fillConvexPoly(cores, np.round((core / MAP_STRIDE - 0.5) * 16).astype(np.int32),
                           float(rng.uniform(0.6, 1.0)), cv2.LINE_8, 4)
    soft = np.asarray(cv2.GaussianBlur(cores, (5, 5), 1.2), np.float32)
    runs = outlines_from_cores(soft, MAP_STRIDE, lone_cores=True)
    monkeypatch.setattr("vision.find.segment.CHAIN", cv2.CHAIN_APPROX_NONE)
    every = outlines_from_cores(soft, MAP_STRIDE, lone_cores=True)
    assert len(runs.quads) >= 18
    assert runs.quads.tobytes() == every.quads.tobytes() and runs.partial.tobytes() == every.partial.tobytes()
    assert runs.triangular.tolist() == every.triangular.tolist() and runs.triangular.any()


def test_a_core_maps_regions_tell_where_the_cards_lie_and_how_long_they_are() -> None:
    # The cores of a row of cards 110 pixels long, drawn on the map of a 1280 by 720 frame (scale
    # 0.5), one turned: what they tell without being outlined.
    scale = 0.5
    cards = [card_at(300 + 90 * k, 360, 110 * 63 / 88, 30 if k == 2 else 0) for k in range(5)]
    cores = np.zeros((INPUT_SIZE[1] // MAP_STRIDE, INPUT_SIZE[0] // MAP_STRIDE), np.float32)
    for card in cards:
        on_map = ((core_quad(card) + 0.5) * scale) / MAP_STRIDE - 0.5
        cv2.fillConvexPoly(cores, np.rint(on_map).astype(np.int32), 1.0)
    seen = CoreMap(cores, scale)
    extent = seen.extent(0.5, 6.0)
    assert extent is not None
    assert extent.length == pytest.approx(110, rel=0.06) and extent.longest >= extent.length
    corners = np.concatenate(cards)
    assert np.abs(extent.lo - corners.min(axis=0)).max() < 8
    assert np.abs(extent.hi - corners.max(axis=0)).max() < 8
    # The cards' centres show cores; the table between them and far off shows none.
    centres = np.stack([card.mean(axis=0) for card in cards])
    assert seen.shows(centres, 0.5).all()
    assert not seen.shows([[300 + 45, 300], [100, 100], [5000, 5000]], 0.5).any()
    # No region large enough, no extent: specks are no cards.
    specks = np.zeros_like(cores)
    specks[10:12, 10:12] = 1.0
    assert CoreMap(specks, scale).extent(0.5, 6.0) is None
    assert CoreMap(np.zeros_like(cores), scale).extent(0.5, 6.0) is None
