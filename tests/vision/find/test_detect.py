"""Card finding, corner order and rectification: literal arrays, drawn scenes and the real photos."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.errors import ImageUnreadable, LabelsUnreadable
from vision.evaluation.photos import box_iou, matched, real_photo_recall, voc_boxes
from vision.find.detect import (
    _suppress,
    find_cards,
    offset_quad,
    order_corners,
    overlap_ious,
    overlap_shares,
    overlaps,
    quad_area,
    quad_areas,
    quad_aspect,
    quad_iou,
    quad_overlap,
    rectangular,
    rectify,
    shares_at_least,
)
from vision.find.finders import make_finder

FloatArray = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]

REAL_PHOTOS = Path("/work/shared/realphotos/playing-cards-test")
#: Recall of the labelled boxes the detector reaches on the real photos (the target is 0.90).
REAL_RECALL_FLOOR = 0.66  # reached 98/143 = 0.685; below the 0.90 target
#: The refined finder of ``detect`` (the merged finder, the refiner, looking closer and farther):
#: reached 120/143 = 0.839 (119 before it grew cards partly under another from their cut cores
#: seen from farther); 106/143 before it looked farther at close-ups.
REFINED_RECALL_FLOOR = 0.80

TL, TR, BR, BL = [10.0, 20.0], [73.0, 20.0], [73.0, 108.0], [10.0, 108.0]


# --- order_corners -----------------------------------------------------------------------------

@pytest.mark.parametrize("given", [
    [TL, TR, BR, BL],
    [BR, BL, TL, TR],
    [TL, BL, BR, TR],  # counter-clockwise
    [BL, TR, TL, BR],  # scrambled
])
def test_order_corners_portrait(given: list[list[float]]) -> None:
    assert order_corners(np.array(given, np.float32)).tolist() == [TL, TR, BR, BL]


def test_order_corners_landscape_takes_left_side_as_top() -> None:
    # 88 wide, 63 high: seen portrait, the left short side becomes the top.
    quad = np.array([[0, 0], [88, 0], [88, 63], [0, 63]], np.float32)
    assert order_corners(quad).tolist() == [[0, 63], [0, 0], [88, 0], [88, 63]]


def test_order_corners_rotated() -> None:
    # A portrait card turned 30 degrees clockwise on screen: its top-left corner stays first.
    angle = np.deg2rad(30)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    base = np.array([[-31.5, -44], [31.5, -44], [31.5, 44], [-31.5, 44]])
    quad = (base @ rot.T + [200, 150]).astype(np.float32)
    np.testing.assert_allclose(order_corners(quad[[2, 0, 3, 1]]), quad, atol=1e-4)


def test_order_corners_perspective() -> None:
    # A trapezoid (card seen from its bottom edge): narrower at the top.
    quad = np.array([[110, 10], [40, 100], [140, 100], [60, 10]], np.float32)
    assert order_corners(quad).tolist() == [[60, 10], [110, 10], [140, 100], [40, 100]]


def test_order_corners_reshapes_and_is_float32() -> None:
    out = order_corners([[0, 0], [6, 0], [6, 8], [0, 8]])
    assert out.dtype == np.float32 and out.shape == (4, 2)


def test_quad_aspect_and_offset() -> None:
    quad = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    assert quad_aspect(quad) == pytest.approx(88 / 63)
    assert offset_quad(quad, 2).tolist() == [[-2, -2], [65, -2], [65, 90], [-2, 90]]



def test_offset_quad_moves_every_side_by_the_distance_on_random_quads() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        # A card-shaped rectangle turned and seen in mild perspective: convex, each corner moved a little.
        angle = rng.uniform(0, 2 * np.pi)
        turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        quad = (np.array([[-31.5, -44], [31.5, -44], [31.5, 44], [-31.5, 44]]) @ turn.T
                + rng.uniform(100, 300, 2) + rng.normal(0, 3, (4, 2))).astype(np.float32)
        distance = float(rng.uniform(-4, 4))
        moved = offset_quad(quad, distance).astype(np.float64)
        ordered = order_corners(quad).astype(np.float64)
        for i in range(4):
            a, b = ordered[i], ordered[(i + 1) % 4]
            normal = np.array([b[1] - a[1], a[0] - b[0]]) / np.linalg.norm(b - a)  # outward, clockwise
            # Both ends of the moved side lie ``distance`` outside the original side's line.
            for end in (moved[i], moved[(i + 1) % 4]):
                assert float((end - a) @ normal) == pytest.approx(distance, abs=1e-3)
        assert quad_area(quad) == pytest.approx(cv2.contourArea(quad), rel=1e-5)


def test_overlaps_is_every_pair_clipped() -> None:
    rng = np.random.default_rng(3)
    card = np.array([[-31.5, -44], [31.5, -44], [31.5, 44], [-31.5, 44]])

    def cards(n: int) -> npt.NDArray[np.float64]:
        # Cards turned at random, crowded into a small table so that some meet and some do not.
        angles = rng.uniform(0, 2 * np.pi, n)
        cos, sin = np.cos(angles), np.sin(angles)
        turns = np.stack([cos, -sin, sin, cos], 1).reshape(n, 2, 2)
        return np.asarray(card @ turns.transpose(0, 2, 1) + rng.uniform(0, 300, (n, 1, 2)), np.float64)

    a, b = cards(12), cards(7)
    qa, qb = a.astype(np.float32), b.astype(np.float32)
    between = overlaps(a, b)
    within = overlaps(a)
    assert between.shape == (12, 7) and within.shape == (12, 12)
    for i in range(12):
        for j in range(7):
            assert between[i, j] == pytest.approx(quad_overlap(qa[i], qb[j]), abs=1e-3)
        for j in range(12):
            expected = 0.0 if i == j else quad_overlap(qa[i], qa[j])
            assert within[i, j] == pytest.approx(expected, abs=1e-3)
    assert 0 < (within > 0).sum() < 12 * 11  # the test holds pairs that meet and pairs that do not
    assert overlaps(a, np.zeros((0, 4, 2))).shape == (12, 0)
    assert overlaps(np.zeros((0, 4, 2))).shape == (0, 0)


def test_rectangular_accepts_perspective_and_refuses_skew() -> None:
    assert rectangular(np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32))
    assert rectangular(np.array([[5, 0], [58, 0], [63, 88], [0, 88]], np.float32))  # seen at a slant
    assert not rectangular(np.array([[60, 0], [123, 0], [63, 88], [0, 88]], np.float32))  # a rhomboid
    assert not rectangular(np.array([[0, 0], [63, 0], [63, 88], [0, 30]], np.float32))  # one side cut short

# --- rectify -----------------------------------------------------------------------------------

def box(x: float, y: float, w: float, h: float) -> FloatArray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def test_suppress_drops_a_blob_of_cards_a_printed_frame_and_duplicates() -> None:
    left, right = box(0, 0, 63, 88), box(66, 0, 63, 88)
    blob = box(0, 0, 129, 88)  # both cards as one region
    court = box(100, 200, 63, 88), box(106, 208, 51, 72)  # a card and the frame printed on it
    dup = box(300, 0, 63, 88), box(301, 1, 63, 88)  # one card found twice, the second better
    cands = [(blob, 1.0), (left, 0.9), (right, 0.9), (court[0], 0.8), (court[1], 0.9),
             (dup[0], 0.5), (dup[1], 0.9)]
    kept = _suppress(cands)
    assert sorted(q.tolist() for q in kept) == sorted(q.tolist() for q in [left, right, court[0], dup[1]])


def test_suppress_keeps_a_card_holding_one_detail_and_overlapping_pieces() -> None:
    card = box(0, 0, 63, 88)
    # Two pieces inside it covering most of it but overlapping each other: no two cards side by
    # side, so no blob.
    pieces = [box(2, 2, 55, 45), box(6, 30, 55, 45)]
    assert [q.tolist() for q in _suppress([(card, 1.0), *((p, 0.2) for p in pieces)])] == [card.tolist()]


def test_rectify_identity_on_the_crop_itself() -> None:
    frame = np.arange(64 * 88 * 3, dtype=np.uint32).reshape(88, 64, 3).astype(np.uint8)
    quad = np.array([[0, 0], [63, 0], [63, 87], [0, 87]], np.float32)
    np.testing.assert_array_equal(rectify(frame, quad), frame)


def test_rectify_follows_corner_order() -> None:
    # A frame whose left half is black and right half white, read from the top-right corner
    # (the card lying on its side): the crop's top half is white.
    frame = np.zeros((40, 40, 3), np.uint8)
    frame[:, 20:] = 255
    quad = np.array([[39, 0], [39, 39], [0, 39], [0, 0]], np.float32)
    crop = rectify(frame, quad, size=(20, 20))
    assert crop.shape == (20, 20, 3)
    assert crop[:8].min() == 255 and crop[12:].max() == 0


def test_find_cards_rejects_bad_frames() -> None:
    with pytest.raises(ValueError, match="BGR uint8"):
        find_cards(np.zeros((10, 10), np.uint8))


# --- drawn scenes ------------------------------------------------------------------------------

def textured_table(rng: np.random.Generator, height: int, width: int) -> Image:
    """A wood-like brown background with grain and noise."""
    rows = np.linspace(0, 40, height)[:, None] + rng.normal(0, 3, (height, 1))
    grain = 20 * np.sin(rows / 2.0 + np.linspace(0, 6, width)[None, :])
    base = np.array([40, 80, 120], np.float64)[None, None, :] + grain[:, :, None]
    noisy = base + rng.normal(0, 12, (height, width, 3))
    table: Image = np.clip(noisy, 0, 255).astype(np.uint8)
    return table


def card_face(rng: np.random.Generator, width: int = 126, height: int = 176) -> Image:
    """A light card with a thin dark edge line, a coloured inner frame and some text."""
    face = np.full((height, width, 3), 235, np.uint8)
    cv2.rectangle(face, (0, 0), (width - 1, height - 1), (60, 60, 60), 1)
    colour = tuple(int(c) for c in rng.integers(0, 200, 3))
    cv2.rectangle(face, (12, 16), (width - 13, height - 17), colour, -1)
    cv2.putText(face, str(int(rng.integers(1, 80))), (6, 14), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1)
    cv2.putText(face, "27", (30, 100), cv2.FONT_HERSHEY_SIMPLEX, 1.4, (255, 255, 255), 3)
    return face


def paste(frame: Image, face: Image, quad: FloatArray) -> None:
    """Warp a face onto the frame at the given corners (clockwise from its top-left)."""
    h, w = face.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, quad)
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), matrix, size, flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float32) / 255)[:, :, None]
    frame[:] = (frame * (1 - alpha) + warped * alpha).astype(np.uint8)


def grid_scene(seed: int, gap: int, card: tuple[int, int] = (80, 112)) -> tuple[Image, FloatArray]:
    """A 1280x720 table with 36 cards laid in a 6x6 grid with ``gap`` pixels between them."""
    rng = np.random.default_rng(seed)
    frame = textured_table(rng, 720, 1280)
    w, h = card
    x0 = (1280 - 6 * w - 5 * gap) // 2
    y0 = (720 - 6 * h - 5 * gap) // 2
    quads = []
    for row in range(6):
        for col in range(6):
            x, y = x0 + col * (w + gap), y0 + row * (h + gap)
            quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
            paste(frame, card_face(rng), quad)
            quads.append(quad)
    return frame, np.stack(quads)


def scattered_scene(seed: int) -> tuple[Image, FloatArray]:
    """Cards rotated at random angles and warped in perspective, apart from each other."""
    rng = np.random.default_rng(seed)
    frame = textured_table(rng, 720, 1280)
    quads = []
    for i, (cx, cy) in enumerate([(200, 200), (520, 220), (860, 200), (1100, 480), (300, 520), (700, 520)]):
        angle = rng.uniform(-np.pi, np.pi) if i % 2 else rng.uniform(-0.3, 0.3)
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        half = np.array([[-63, -88], [63, -88], [63, 88], [-63, 88]], np.float64) * 0.9
        corners = half @ rot.T
        # Perspective: the far side (top of the frame) shrinks a little.
        corners[:, 0] *= 1 - 0.12 * (corners[:, 1] < 0)
        quads.append((corners + np.array([cx, cy])).astype(np.float32))
        paste(frame, card_face(rng), quads[-1])
    return frame, np.stack(quads)


def corner_errors(found: FloatArray, truth: FloatArray) -> npt.NDArray[np.float64]:
    """For each true card, the largest corner distance to its matching detection, corners as ordered."""
    assert len(found) == len(truth), f"found {len(found)} cards for {len(truth)}"
    errors = []
    for quad in truth:
        ordered = order_corners(quad)
        distances = [np.linalg.norm(f - ordered, axis=1).max() for f in found]
        errors.append(min(distances))
    return np.array(errors)


# Gaps 0 and 2: one card of 36 comes out as its inner printed frame (corner error ~16 px).
KNOWN_INNER_FRAME = pytest.mark.xfail(strict=True, reason="one card found by its inner frame")


@pytest.mark.parametrize("gap", [pytest.param(0, marks=KNOWN_INNER_FRAME), 1,
                                 pytest.param(2, marks=KNOWN_INNER_FRAME), 3])
def test_grid_every_card_once(gap: int) -> None:
    frame, truth = grid_scene(gap, gap)
    found = find_cards(frame)
    errors = corner_errors(found, truth)
    assert errors.max() < 4, errors
    # Each card matched by exactly one detection.
    ious = box_iou(truth.reshape(-1, 8)[:, [0, 1, 4, 5]], np.concatenate([found.min(1), found.max(1)], 1))
    assert (ious > 0.7).sum(axis=1).tolist() == [1] * 36


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rotated_and_perspective_cards(seed: int) -> None:
    frame, truth = scattered_scene(seed)
    errors = corner_errors(find_cards(frame), truth)
    assert errors.max() < 4, errors


def test_no_cards_on_an_empty_table() -> None:
    frame = textured_table(np.random.default_rng(7), 720, 1280)
    assert find_cards(frame).shape == (0, 4, 2)


@pytest.mark.parametrize("shape", [(2, 3000, 3), (3000, 2, 3), (1, 1, 3)])
def test_no_cards_in_a_frame_a_few_pixels_across(shape: tuple[int, int, int]) -> None:
    # Shrunk to the contours' size, a frame 2 pixels high must still be a pixel high, not none.
    assert find_cards(np.full(shape, 200, np.uint8), max_side=640).shape == (0, 4, 2)


# --- evaluation helpers and the real photos ----------------------------------------------------

def test_voc_boxes_and_matching() -> None:
    xml = ("<annotation><object><name>ace</name><bndbox><xmin>10</xmin><ymin>20</ymin>"
           "<xmax>73</xmax><ymax>108</ymax></bndbox></object></annotation>")
    labels = voc_boxes(xml)
    assert labels.tolist() == [[10, 20, 73, 108]]
    hit = np.array([[TL, TR, BR, BL]], np.float32)
    miss = hit + 60
    assert matched(labels, hit).tolist() == [True]
    assert matched(labels, miss).tolist() == [False]
    assert matched(labels, np.zeros((0, 4, 2), np.float32)).tolist() == [False]


VOC = ("<annotation><object><name>ace</name><bndbox><xmin>10</xmin><ymin>20</ymin>"
       "<xmax>73</xmax><ymax>108</ymax></bndbox></object></annotation>")


def test_unreadable_photos_and_labels_are_clear_errors(tmp_path: Path) -> None:
    photo = np.full((120, 90, 3), 200, np.uint8)
    cv2.imwrite(str(tmp_path / "a.png"), photo)
    (tmp_path / "a.xml").write_text(VOC)
    assert real_photo_recall(tmp_path)[1] == 1
    (tmp_path / "a.xml").write_text(VOC.replace("<xmax>73</xmax>", ""))
    with pytest.raises(LabelsUnreadable, match=r"a\.xml"):
        real_photo_recall(tmp_path)
    (tmp_path / "a.xml").write_text("<annotation><object>")
    with pytest.raises(LabelsUnreadable, match=r"a\.xml"):
        real_photo_recall(tmp_path)
    (tmp_path / "a.xml").write_text(VOC)
    (tmp_path / "a.png").write_bytes(b"not a photo")
    with pytest.raises(ImageUnreadable, match=r"a\.png"):
        real_photo_recall(tmp_path)


def test_real_photos_enlarged_are_read_at_the_camera_s_size(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), np.full((300, 200, 3), 200, np.uint8))
    (tmp_path / "a.xml").write_text(VOC)
    seen: list[tuple[int, ...]] = []

    def spy(frame: np.ndarray) -> np.ndarray:
        # The labelled card, placed in the pixels of the frame it is given.
        seen.append(frame.shape)
        return np.asarray(np.array([[TL, TR, BR, BL]], np.float32) * (frame.shape[0] / 300), np.float32)

    assert real_photo_recall(tmp_path, spy) == (1, 1) and seen == [(300, 200, 3)]
    # Eight times, 2400 by 1600 pixels: read shrunk to 1080 by 720, the card found where it lies.
    assert real_photo_recall(tmp_path, spy, enlarge=8) == (1, 1) and seen[1] == (1080, 720, 3)
    unscaled = np.array([[TL, TR, BR, BL]], np.float32)  # not in the pixels of the frame it was given
    assert real_photo_recall(tmp_path, lambda frame: unscaled, enlarge=8) == (0, 1)


@pytest.mark.skipif(not REAL_PHOTOS.is_dir(), reason="the real photos are not on this machine")
def test_real_photo_recall() -> None:
    found, total = real_photo_recall(REAL_PHOTOS)
    assert total == 143
    assert found / total >= REAL_RECALL_FLOOR, f"recall {found}/{total} = {found / total:.3f}"


@pytest.mark.long
@pytest.mark.skipif(not REAL_PHOTOS.is_dir(), reason="the real photos are not on this machine")
def test_real_photo_recall_of_the_refined_finder() -> None:
    found, total = real_photo_recall(REAL_PHOTOS, make_finder("both", "shipped"))
    assert found / total >= REFINED_RECALL_FLOOR, f"recall {found}/{total} = {found / total:.3f}"


def test_quad_areas_are_quad_area_to_the_bit() -> None:
    rng = np.random.default_rng(8)
    quads = rng.uniform(-50, 1300, (3000, 4, 2)).astype(np.float32)  # any shape, any winding
    quads[:1000] = np.round(quads[:1000])
    quads[1000:1003] = 0  # and no area at all
    assert quad_areas(quads).tobytes() == np.array([quad_area(q) for q in quads]).tobytes()
    assert quad_areas(np.zeros((0, 4, 2), np.float32)).shape == (0,)


def test_overlap_ious_are_quad_iou_of_every_pair() -> None:
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    cards = np.stack([cv2.transform((card + np.array([100 + 40 * k, 120 + 7 * k], np.float32))[None],
                                    cv2.getRotationMatrix2D((130.0, 160.0), 9.0 * k, 1.0))[0]
                      for k in range(6)]).astype(np.float32)
    others = cards[::-1] + np.float32(11)
    ious = overlap_ious(cards, others)
    assert ious.tolist() == [[quad_iou(a, b) for b in others] for a in cards]
    assert (ious > 0).any() and (ious == 0).any()


@pytest.mark.parametrize("share", [0.05, 0.3, 0.6, 0.95])
def test_shares_at_least_are_overlap_shares_over_the_share_to_the_bit(share: float) -> None:
    # Cards scattered, turned and sized at random, many overlapping, some just touching.
    rng = np.random.default_rng(11)
    card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)

    def scattered(n: int) -> np.ndarray:
        quads = []
        for _ in range(n):
            turn = cv2.getRotationMatrix2D((0.0, 0.0), rng.uniform(0, 360), 1.0)
            sized = card * rng.uniform(0.5, 1.5)
            quads.append(cv2.transform(sized[None], turn)[0] + rng.uniform(0, 300, 2))
        return np.stack(quads).astype(np.float32)

    a, b = scattered(60), scattered(50)
    b[:10] = a[:10] + np.float32(0.5)  # nearly the same cards
    reach = shares_at_least(a, b, share)
    assert reach.tolist() == (overlap_shares(a, b) >= share).tolist()
    assert reach.any() and not reach.all()
    assert shares_at_least(a[:0], b, share).shape == (0, 50)
