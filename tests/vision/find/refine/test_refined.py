"""The refined finder: its steps placing the cards the finders missed, on held-out and drawn tables."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from models.render import render_scene
from tests.vision.find.refine.fakes import CARD, CountingNetwork, StubNetwork, loosened
from tests.vision.held_out import placed_with_and_without
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.cores import card_triangle
from vision.find.detect import quad_iou
from vision.find.finders import make_finder
from vision.find.outline import EdgeSupports, edge_support, gradients
from vision.find.params import (
    AS_OUTLINED,
    FARTHER,
    LARGE,
    LEAST_MAGNIFICATION,
    MAGNIFICATION,
    SEEN_CLOSE,
    TABLE_CARDS,
)
from vision.find.refine import (
    CornerRefiner,
    Refined,
    RefinedFinder,
    TableOrFull,
    lean_refiner_path,
    magnification_for,
)
from vision.find.segment import CardFinder, CoreMap, Outlines, letterbox_scale


class _Counted:
    """A network session that counts the windows it is shown."""

    def __init__(self, session: object) -> None:
        self.session = session
        self.shown: list[int] = []

    def run(self, outputs: object, feeds: dict[str, np.ndarray]) -> object:
        self.shown.append(len(feeds["windows"]))
        return self.session.run(outputs, feeds)  # type: ignore[attr-defined]


class _Refiner:
    """A corner refiner that leaves every quad where it is and finds each likely a card."""

    likely = 0.995

    def refine(self, frame: np.ndarray, quads: np.ndarray, once: np.ndarray | None = None) -> Refined:
        q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        return Refined(q, np.full(len(q), self.likely, np.float32))

    def screen(self, frame: np.ndarray, quads: np.ndarray, least: float = 0.5) -> tuple[Refined, np.ndarray]:
        refined = self.refine(frame, quads)
        left = np.flatnonzero(refined.card >= least)
        return Refined(refined.quads[left], refined.card[left]), left


class _Unsure(_Refiner):
    """The same, less sure of each card: as sure as it is of a table's tile."""

    likely = 0.95


class _NoCard(_Refiner):
    """The same, seeing no card anywhere."""

    likely = 0.3


class _Asked(_Refiner):
    """The same, keeping every quad it was asked to screen and every quad it placed."""

    def __init__(self) -> None:
        self.screened: list[np.ndarray] = []
        self.placed: list[np.ndarray] = []

    def refine(self, frame: np.ndarray, quads: np.ndarray, once: np.ndarray | None = None) -> Refined:
        self.placed += list(np.asarray(quads, np.float32).reshape(-1, 4, 2))
        return super().refine(frame, quads, once)

    def screen(self, frame: np.ndarray, quads: np.ndarray, least: float = 0.5) -> tuple[Refined, np.ndarray]:
        self.screened += list(np.asarray(quads, np.float32).reshape(-1, 4, 2))
        return super().screen(frame, quads, least)


def _map_showing(frame: np.ndarray, quads: list[np.ndarray]) -> CoreMap:
    """The finder network's map of ``frame`` shown to it at half its size (the map a quarter,
    :data:`vision.find.segment.MAP_STRIDE` 2), a card's core at each of ``quads``, none elsewhere."""
    cores = np.zeros((frame.shape[0] // 4, frame.shape[1] // 4), np.float32)
    for quad in quads:
        x0, y0 = np.floor(quad.min(axis=0) / 4).astype(int)
        x1, y1 = np.ceil(quad.max(axis=0) / 4).astype(int)
        cores[y0:y1, x0:x1] = 0.99
    return CoreMap(cores, 0.5)


def _looked_for(frame: np.ndarray, row: list[np.ndarray], missing: int, seen: CoreMap | None, *,
                triangular: bool, **steps: bool) -> tuple[float, _Asked]:
    """How well the refined finder places the card ``row[missing]`` when the finder outlines the
    others of ``row`` on the map ``seen``, and what its refiner was asked."""
    found = np.stack([quad for k, quad in enumerate(row) if k != missing])
    refiner = _Asked()
    finder = RefinedFinder(lambda image: Outlines(found, np.full(len(found), triangular), seen=seen),
                           refiner, sized=False, pairs=False, **steps)  # type: ignore[arg-type]
    return max(quad_iou(q, row[missing]) for q in finder(frame)), refiner


def test_the_refined_finder_takes_the_closer_look_s_quads_on_edges_as_outlined(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # L'Ascension's table finder: of the cards its closer look outlines where the whole frame's
    # map shows cores, those whose outline lies on the frame's edges are taken as outlined, the
    # others placed by one look of the lean refiner (any card the map does not show by two of the
    # shipped one); the cards come out as closely placed as held-out cards are.
    auto = make_finder("auto", "shipped", "ascension")
    assert isinstance(auto, TableOrFull) and auto.table.sharpen is not None
    scene = render_scene("ascension", EVAL_SEED_BASE + 3, held_out=True)
    cards = [c.quad for c in scene.cards if c.visible > 0.95]
    looked = []
    # Taken as outlined, the cards lie less closely on their corners (their median IoU 0.948
    # against 0.989 here), and the evaluations read them about as well.
    for table, closely in ((auto.table, 0.94), (dataclasses.replace(auto.table, as_outlined=None), 0.95)):
        lean = _Counted(auto.table.sharpen._session)
        monkeypatch.setattr(auto.table.sharpen, "_session", lean)
        found = table.find(scene.image)
        best = [max(quad_iou(c, q) for q in found) for c in cards]
        assert min(best) > 0.8 and float(np.median(best)) > closely
        looked.append(lean.shown[0] if lean.shown else 0)
    # A third of them or more taken as outlined (10 of 22 here, looking 1.34 times closer; 12 or
    # more at 1.6 times), every one looked at without.
    assert looked[0] <= 2 * len(cards) / 3 and looked[1] >= len(cards)


def test_cards_marked_once_take_one_look_of_the_sharpener_the_others_two_of_the_refiner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    auto = make_finder("auto", "shipped", "ascension")
    assert isinstance(auto, TableOrFull) and auto.table.sharpen is not None
    scene = render_scene("ascension", EVAL_SEED_BASE + 3, held_out=True)
    shipped, lean = _Counted(auto.table.refiner._session), _Counted(auto.table.sharpen._session)
    monkeypatch.setattr(auto.table.refiner, "_session", shipped)
    monkeypatch.setattr(auto.table.sharpen, "_session", lean)
    quads = np.stack([c.quad for c in scene.cards if c.visible > 0.95][:7]).astype(np.float32)
    once = np.array([True, False, True, True, False, True, False])
    placed = auto.table._placed(scene.image, quads, once)
    assert shipped.shown == [3, 3] and lean.shown == [4]
    assert placed.quads.shape == quads.shape and (placed.card > 0.5).all()
    assert min(quad_iou(a, b) for a, b in zip(placed.quads, quads, strict=True)) > 0.85
    # Given the frame's edges, those marked once that lie on them are taken as outlined; one
    # loosened is not, and the lean refiner looks at it.
    loose = quads.copy()
    loose[0] = loosened(quads[0], np.random.default_rng(3))
    supports = EdgeSupports(gradients(scene.image))
    assert (supports(quads[once][1:]) >= AS_OUTLINED).all() and supports(loose[:1])[0] < AS_OUTLINED
    placed = auto.table._placed(scene.image, loose, once, supports)
    assert shipped.shown == [3, 3, 3, 3] and lean.shown == [4, 1]
    assert np.array_equal(placed.quads[once][1:], quads[once][1:]) and (placed.card[once][1:] == 1.0).all()
    assert quad_iou(placed.quads[0], quads[0]) > 0.85


def test_the_refined_finder_outlines_cards_closely(refiner: CornerRefiner) -> None:
    scene = render_scene("rixes", EVAL_SEED_BASE + 2, held_out=True)
    network = CardFinder()
    found = RefinedFinder(network.find, refiner).find(scene.image)
    raw = network.find(scene.image)

    def closeness(quads: np.ndarray) -> float:
        return float(np.median([max((quad_iou(c.quad, q) for q in quads), default=0.0)
                                for c in scene.cards if c.visible > 0.95]))

    assert closeness(found) > 0.9 and closeness(found) > closeness(raw)


def test_l_ascension_s_table_finder_finds_what_the_full_finder_finds_on_its_pyramids() -> None:
    # On L'Ascension's held-out scenes the full finder finds no more cards with the contours: the
    # first scenes' pyramids come out the same, card for card.
    auto = make_finder("auto", "shipped", "ascension")
    assert isinstance(auto, TableOrFull)
    for k in range(2):
        image = render_scene("ascension", EVAL_SEED_BASE + k, held_out=True).image
        by_table, by_full = auto.find(image), auto.full.find(image)
        # Both scenes are tables laid out; the first is seen close (its cards longer than a fifth
        # of the frame's height), which the lean finder would leave to the full one.
        assert auto._last is auto.table and len(by_table) >= TABLE_CARDS, k
        assert len(by_table) == len(by_full), k
        iou = [max(quad_iou(q, p) for p in by_full) for q in by_table]
        # Cards the table finder took as its closer look outlined them lie less closely on
        # the full finder's placed ones.
        assert min(iou) > 0.8 and float(np.median(iou)) > 0.9, k


def test_l_ascension_s_table_finder_outlines_its_cards_once_looking_closer(refiner: CornerRefiner) -> None:
    # A held-out pyramid (its median card about 130 pixels long): the whole frame's look tells where the
    # cards lie and how long they are from its map, and only the closer look outlines them.
    network = CountingNetwork()
    lean = CornerRefiner(lean_refiner_path(), passes=1)
    table = RefinedFinder(network.find_outlines, refiner, network, sharpen=lean, closer_by_size=True)
    scene = render_scene("ascension", EVAL_SEED_BASE + 1, held_out=True)
    found = table.find(scene.image)
    seen = CoreMap(*CardFinder().core_map(scene.image))
    extent = network.extent(seen)
    assert extent is not None and extent.length < LARGE * scene.image.shape[0]
    magnification = magnification_for(extent.length)
    assert LEAST_MAGNIFICATION <= magnification < MAGNIFICATION  # cards this long: the least
    assert network.scales[:2] == [None, pytest.approx(magnification * letterbox_scale(scene.image.shape))]
    assert network.outlined == [magnification]
    whole = [card.quad for card in scene.cards if card.visible > 0.95]
    best = [max(quad_iou(quad, q) for q in found) for quad in whole]
    assert np.mean(np.array(best) >= 0.5) > 0.97 and float(np.median(best)) > 0.9
    # Its cards lie where the full finder's lie, card for card.
    full = make_finder("auto", "shipped", "ascension")
    assert isinstance(full, TableOrFull)
    by_full = full.full.find(scene.image)
    assert len(found) == len(by_full)
    assert min(max(quad_iou(q, p) for p in by_full) for q in found) > 0.9


def test_the_lean_finder_places_held_out_tranquillite_cards_on_their_corners() -> None:
    lean = make_finder("lean", "shipped")
    assert isinstance(lean, RefinedFinder)
    off = 0
    for k in range(3):
        scene = render_scene("tranquility", EVAL_SEED_BASE + k, held_out=True)
        found = lean.find(scene.image)
        best = [max((quad_iou(c.quad, q) for q in found), default=0.0)
                for c in scene.cards if c.visible > 0.95]
        assert min(best) > 0.8 and float(np.median(best)) > 0.93, k
        off += sum(max(quad_iou(c.quad, q) for c in scene.cards) < 0.5 for q in found)
    assert off <= 1  # of 103 found: precision about 99.5%


@pytest.mark.parametrize("triangular", [False, True], ids=["beside a card", "in a row of Panoramas"])
def test_a_card_no_finder_outlined_is_looked_for_only_where_the_network_saw_one(triangular: bool) -> None:
    """A row of five white cards (or Panoramas), the finder outlining all but the last (the middle
    Panorama): the refiner looks for it where the finder network's map of the frame shows a card,
    and only there; without a map (the contours alone), at every place."""
    frame = np.full((240, 520, 3), 90, np.uint8)
    row = [CARD * (60 / 63) + np.array([40 + 66 * k, 60], np.float32) for k in range(5)]
    for quad in row:
        shape = card_triangle(quad) if triangular else quad
        cv2.fillConvexPoly(frame, shape.astype(np.int32), (235, 235, 235))
    missing = 2 if triangular else 4
    # Each step alone: the places beside the cards, or those of the row of triangles.
    steps = {"beside": False} if triangular else {"rows": False}
    (everywhere, every), (there, at), (nowhere, none) = (
        _looked_for(frame, row, missing, seen, triangular=triangular, **steps)
        for seen in (None, _map_showing(frame, [row[missing]]), _map_showing(frame, [])))
    assert everywhere > 0.9 and there > 0.9 and nowhere < 0.5
    # The row's places are placed in one look with the cards found; those beside them, screened.
    asked = [len(r.placed) if triangular else len(r.screened) for r in (none, at, every)]
    assert asked[0] == (4 if triangular else 0) < asked[1] < asked[2]


def test_a_card_seen_close_is_found_by_looking_farther() -> None:
    """A close-up: at the frame's scale the finders see its pips as cards and run the card and
    the table around it together; from farther, the network sees the card."""
    frame = np.full((378, 504, 3), 90, np.uint8)
    card = np.array([[170, 60], [330, 60], [330, 283], [170, 283]], np.float32)
    cv2.fillConvexPoly(frame, card.astype(np.int32), (235, 235, 235))
    pips = []
    for x, y in [(215, 110), (285, 110), (250, 171), (215, 232), (285, 232)]:
        cv2.circle(frame, (x, y), 16, (30, 30, 200), -1)
        pips.append(np.array([[x - 17, y - 23], [x + 17, y - 23], [x + 17, y + 23], [x - 17, y + 23]],
                             np.float32))
    blob = np.array([[120, 20], [380, 20], [380, 330], [120, 330]], np.float32)
    seen = np.concatenate([np.stack(pips), blob[None]])
    network = StubNetwork(card[None] + 3, upto=max(FARTHER))
    find = RefinedFinder(lambda image: seen, _Refiner(), network)  # type: ignore[arg-type]
    found = find(frame)
    assert len(found) == 1 and quad_iou(found[0], card) > 0.9
    assert network.scales[-len(FARTHER):] == [times * letterbox_scale(frame.shape) for times in FARTHER]
    # Without looking farther, no quad outlines the card.
    alone = RefinedFinder(lambda image: seen, _Refiner())  # type: ignore[arg-type]
    assert max(quad_iou(q, card) for q in alone(frame)) < 0.5


def test_a_panorama_seen_close_and_found_farther_stays_and_is_a_triangle() -> None:
    """A pale Panorama in glare: its outline lies on the frame's edges as little as cards run
    together by the far look do, but the network saw a triangle there, so it is no blob."""
    frame = np.full((378, 504, 3), 90, np.uint8)
    card = np.array([[40, 60], [200, 60], [200, 283], [40, 283]], np.float32)  # a Versant, close
    cv2.fillConvexPoly(frame, card.astype(np.int32), (235, 235, 235))
    panorama = np.array([[260, 60], [420, 60], [420, 283], [260, 283]], np.float32)
    cv2.fillConvexPoly(frame, np.array([[340, 60], [420, 283], [260, 283]], np.int32), (96, 96, 96))
    assert edge_support(gradients(frame), panorama[None])[0] < SEEN_CLOSE  # the rule for blobs would drop it
    network = StubNetwork(panorama[None], upto=max(FARTHER), triangular=True)
    found = RefinedFinder(lambda image: card[None], _Refiner(), network).outlines(frame)  # type: ignore[arg-type]
    assert len(found.quads) == 2
    shaped = [quad_iou(q, panorama) > 0.9 for q in found.quads]
    assert any(shaped) and found.triangular.tolist() == shaped
    # The same quad found farther with no triangle seen is two cards run together, and goes.
    blob = StubNetwork(panorama[None], upto=max(FARTHER))
    alone = RefinedFinder(lambda image: card[None], _Refiner(), blob).outlines(frame)  # type: ignore[arg-type]
    assert len(alone.quads) == 1 and quad_iou(alone.quads[0], card) > 0.9


def test_only_the_refined_finder_places_its_quads_on_the_corners() -> None:
    # What vision.read.recognise.askew asks before it doubts a reading on a quad askew.
    assert make_finder("both", "shipped").corners_placed  # type: ignore[attr-defined]
    assert not getattr(make_finder("both", "none"), "corners_placed", False)


def test_a_card_placed_at_a_size_unlike_its_neighbours_is_placed_again() -> None:
    # Held-out Rixes scene 6: two white cards in a patch of glare, outlined with the glare around
    # them (the Sabres 4 half again its size); their neighbours, outlined on their edges, say how
    # large a card is there.
    sized, as_found = placed_with_and_without("rixes", 6, "sabres-4", "sized")
    assert sized > 0.85 and as_found < 0.5


def test_cards_outlined_on_their_edges_keep_their_place_whatever_their_size() -> None:
    # Held-out Crew scene 247: small quads on no card outnumber the cards; fitted on every quad,
    # the cards' size was theirs, and eight cards placed to within 0.97 IoU shrank to a quarter.
    scene = render_scene("crew", EVAL_SEED_BASE + 247, held_out=True)
    found = make_finder("both", "shipped")(scene.image)
    near = [max(quad_iou(card.quad, q) for q in found) for card in scene.cards if card.visible == 1.0]
    assert len(near) >= 8 and min(near) > 0.9


def test_two_cards_outlined_as_one_are_parted() -> None:
    """Two white cards laid edge to edge, the edge between them lost (in glare): one quad of two
    cards' area, which the refiner takes for a card, gives way to its two halves. A square of the
    same area (a table's tile) is no pair of cards: its halves are of no card's shape; nor is a
    pair's outline the frame's edge cuts, whose size tells nothing."""
    frame = np.full((200, 760, 3), 90, np.uint8)
    card = np.array([[20, 40], [80, 40], [80, 124], [20, 124]], np.float32)

    def moved(x: float) -> np.ndarray:
        return card + np.array([x, 0], np.float32)

    cards = [moved(x) for x in (0, 80, 160, 240)]
    pair = np.array([[340, 40], [464, 40], [464, 124], [340, 124]], np.float32)
    tile = np.array([[500, 32], [600, 32], [600, 132], [500, 132]], np.float32)
    cut = np.array([[636, 40], [759, 40], [759, 124], [636, 124]], np.float32)
    for quad in [*cards, pair, tile, cut]:
        cv2.fillConvexPoly(frame, quad.astype(np.int32), (235, 235, 235))
    seen = np.stack([*cards, pair, tile, cut])
    # The odd-size rule off: the cut pair's open side lies on no edge, so it would be placed again.
    find = RefinedFinder(lambda image: seen, _Refiner(), sized=False)  # type: ignore[arg-type]
    found = find(frame)
    halves = [moved(320), moved(382)]
    assert len(found) == 8
    assert all(max(quad_iou(q, half) for q in found) > 0.95 for half in halves)
    assert max(quad_iou(q, tile) for q in found) > 0.95 and max(quad_iou(q, cut) for q in found) > 0.95
    find.pairs = False
    assert len(find(frame)) == 7
    # Halves the refiner is less sure of (as of a tiled table's tiles it took for cards) stay one.
    assert len(RefinedFinder(lambda image: seen, _Unsure(), sized=False)(frame)) == 7  # type: ignore[arg-type]


def test_two_white_cards_run_together_in_glare_are_parted() -> None:
    # Held-out L'Ascension scene 47: a white 10 and 9 side by side in a patch of glare, found as
    # one quad (each half in it, IoU 0.5).
    for card in ("10s", "9s+ibex"):
        parted, as_found = placed_with_and_without("ascension", 47, card, "pairs")
        assert parted > 0.75 and as_found < 0.55


def test_a_quad_astride_two_white_cards_gives_way_to_the_cards_beside_it() -> None:
    # Held-out L'Ascension scene 74: a white 1 and 8 side by side in a pyramid's row, outlined
    # only by a squat quad astride both, which took the places beside their neighbours.
    for card in ("1s", "8s"):
        found, as_found = placed_with_and_without("ascension", 74, card, "give_way")
        assert found > 0.8 and as_found < 0.5


def test_a_quad_run_over_a_row_of_panoramas_gives_way_to_the_panoramas_in_it() -> None:
    # Held-out L'Ascension scene 306: a squat quad over four Panoramas of the pyramid's foot,
    # which took the places the row of Panoramas leaves for two of them.
    cards = render_scene("ascension", EVAL_SEED_BASE + 306, held_out=True).cards
    for card in (5, 7):
        assert cards[card].name == "panorama"
        # Placing the row's cards again over quads of no triangle would find them too.
        found, as_found = placed_with_and_without("ascension", 306, card, "give_way", others_off=("reseat",))
        assert found > 0.9 and as_found < 0.2


def test_a_panorama_outlined_askew_in_its_row_is_placed_where_the_row_says() -> None:
    # Held-out L'Ascension scenes 130, 42 and 48: Panoramas of the pyramid's foot (130's the first,
    # pale) outlined askew with the table about them, and so no triangle, until the row places them.
    for scene, card in ((130, 0), (42, 2), (48, 1)):
        reseated, as_found = placed_with_and_without("ascension", scene, card, "reseat")
        assert reseated > 0.9 and as_found < 0.5


def test_only_quads_of_no_triangle_that_fit_a_rows_place_badly_give_it_up() -> None:
    frame = np.full((140, 400, 3), 120, np.uint8)
    card = np.array([[10, 20], [70, 20], [70, 104], [10, 104]], np.float32)
    row = [card + np.array([62 * k, 0], np.float32) for k in range(5)]
    for quad in row:
        cv2.fillConvexPoly(frame, quad.astype(np.int32), (235, 235, 235))
        x, y = quad[0]
        cv2.fillConvexPoly(frame, np.array([[x + 30, y + 10], [x + 55, y + 75], [x + 5, y + 75]], np.int32),
                           (40, 40, 40))
    askew = np.array([[254, 14], [334, 26], [326, 118], [246, 100]], np.float32)  # over the fifth
    assert quad_iou(askew, row[4]) < 0.7
    kept = np.stack([*row[:4], askew])
    triangles = np.array([True] * 4 + [False])
    find = RefinedFinder(lambda image: kept, _Refiner())  # type: ignore[arg-type]
    out, reseated = find._reseated(frame, kept, triangles)
    assert quad_iou(out[4], row[4]) > 0.95 and len(reseated) == 1
    assert np.array_equal(out[:4], kept[:4])
    # A quad fitting the place well holds it, as does a triangle, or any quad where the refiner
    # sees no card.
    near = row[4] + np.array([3, 2], np.float32)
    assert len(find._reseated(frame, np.stack([*row[:4], near]), triangles)[1]) == 0
    assert len(find._reseated(frame, kept, np.ones(5, np.bool_))[1]) == 0
    blind = RefinedFinder(lambda image: kept, _NoCard())  # type: ignore[arg-type]
    assert len(blind._reseated(frame, kept, triangles)[1]) == 0
