"""The finder each game's ``auto`` stands for, and a table's finder giving way to the full one."""

from __future__ import annotations

import numpy as np

from models.render import render_scene
from tests.vision.find.refine.fakes import CountingNetwork
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.finders import CombinedFinder, for_closer_look, make_finder
from vision.find.params import (
    AS_OUTLINED,
    LARGE,
    PASSES,
    TABLE_CARDS,
)
from vision.find.refine import (
    CornerRefiner,
    RefinedFinder,
    TableOrFull,
    default_refiner_path,
    lean_refiner_path,
)
from vision.find.segment import CardFinder, CoreMap, Outlines, letterbox_scale
from vision.read.recognise import ShapeFinder


def test_make_finder_refines_when_asked_and_looks_closer_without_it() -> None:
    find = make_finder("network", "shipped")
    assert isinstance(find, RefinedFinder) and isinstance(find.closer, CardFinder)
    contours = make_finder("contours", "shipped")
    assert isinstance(contours, RefinedFinder) and contours.closer is None
    closer = for_closer_look(find)
    assert isinstance(getattr(closer, "__self__", None), CardFinder)
    assert make_finder("contours", "none") is make_finder("contours")
    # Refined or not, the merged finder tells triangles, and looks closer with its network alone.
    for merged in (make_finder("both"), make_finder("both", "shipped")):
        assert isinstance(merged, ShapeFinder)
        assert isinstance(getattr(for_closer_look(merged), "__self__", None), CardFinder)
    assert not isinstance(make_finder("contours"), ShapeFinder)


def test_auto_chooses_the_lean_finder_the_network_s_or_the_merged_one_by_game() -> None:
    auto = make_finder("auto", "shipped", "tranquility")
    assert isinstance(auto, TableOrFull)
    assert isinstance(getattr(auto.full.finder, "__self__", None), CombinedFinder)
    assert isinstance(for_closer_look(auto).__self__, CardFinder)  # type: ignore[attr-defined]
    lean = auto.table
    assert isinstance(lean, RefinedFinder) and lean.closer is None
    assert isinstance(getattr(lean.finder, "__self__", None), CardFinder)  # the network alone
    assert getattr(lean.finder, "__self__", None) is auto.full.closer  # one network for both
    assert not lean.pairs and lean.beside and lean.rows and lean.covered
    assert lean.refiner.passes == 1 and lean.refiner.path == lean_refiner_path()
    assert lean.refiner.metadata["recipe"]["lean"] is True
    # L'Ascension's table: every step of the full finder but the contours, through its one network
    # and its one refiner.
    ascension = make_finder("auto", "shipped", "ascension")
    assert isinstance(ascension, TableOrFull)
    table, full = ascension.table, ascension.full
    assert isinstance(getattr(full.finder, "__self__", None), CombinedFinder)
    assert getattr(table.finder, "__self__", None) is table.closer is full.closer
    assert isinstance(table.closer, CardFinder) and table.closer.lone_cores
    assert table.refiner is full.refiner and table.refiner.passes == PASSES
    assert table.refiner.path == default_refiner_path()
    assert table.pairs and table.beside and table.rows and table.covered and table.sized
    # The cards the closer look outlines too placed by one look of the lean refiner.
    assert table.sharpen is not None and full.sharpen is None
    assert table.sharpen.path == lean_refiner_path() and table.sharpen.passes == 1
    # ... its closer look only as close as their size asks; the full finder's twice, always.
    assert table.closer_by_size and not full.closer_by_size
    # ... the cards it outlined on the frame's edges taken as outlined.
    assert table.as_outlined == AS_OUTLINED and full.as_outlined is None
    assert ascension.close_ups and not auto.close_ups  # the lean finder has no closer look
    for game in ("crew", "rixes", None):
        merged = make_finder("auto", "shipped", game)
        assert isinstance(merged, RefinedFinder) and isinstance(merged.closer, CardFinder) and merged.pairs
        assert merged.refiner.passes == PASSES and merged.refiner.path == default_refiner_path()
        assert not merged.closer_by_size
        assert isinstance(getattr(merged.finder, "__self__", None), CombinedFinder)
    # Unrefined, the lean finder is the network's; another refiner file is looked through once.
    assert isinstance(getattr(make_finder("lean"), "__self__", None), CardFinder)
    for game in ("tranquility", "ascension", "crew"):  # unrefined, the merged finder finds more
        assert isinstance(make_finder("auto", None, game), CombinedFinder)
        assert isinstance(make_finder("auto", "none", game), CombinedFinder)
    other = make_finder("lean", str(default_refiner_path()))
    assert isinstance(other, RefinedFinder) and other.refiner.path == default_refiner_path()
    assert other.refiner.passes == 1
    # ``network`` by name is L'Ascension's table finder, placing its closer look's cards alike.
    named = make_finder("network", "shipped", "ascension")
    assert isinstance(named, RefinedFinder) and named.sharpen is not None
    assert named.sharpen.path == lean_refiner_path() and named.sharpen.passes == 1 and named.closer_by_size
    crew = make_finder("network", "shipped", "crew")
    assert isinstance(crew, RefinedFinder) and crew.sharpen is None and not crew.closer_by_size
    given = make_finder("network", str(default_refiner_path()), "ascension")
    assert isinstance(given, RefinedFinder) and given.sharpen is given.refiner


def test_table_or_full_leaves_every_frame_but_a_table_laid_out_to_the_full_finder() -> None:
    auto = make_finder("auto", "shipped", "tranquility")
    assert isinstance(auto, TableOrFull)
    grid = render_scene("tranquility", EVAL_SEED_BASE, held_out=True).image
    assert np.array_equal(auto.find(grid), auto.table.find(grid)) and auto._last is auto.table

    class Fixed:
        """A finder that finds ``quads``, and whose look moves a quad by ``step``."""

        def __init__(self, quads: list[list[list[int]]], step: float, closer: object = None) -> None:
            self.quads, self.step, self.asked = np.asarray(quads, np.float32).reshape(-1, 4, 2), step, 0
            self.closer = closer  # a network to look closer with, or none

        def outlines(self, frame: np.ndarray) -> Outlines:
            self.asked += 1
            return Outlines.of(self.quads)

        def look(self, frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
            return quads + self.step

    frame = np.zeros((100, 200, 3), np.uint8)
    small = [[0, 0], [10, 0], [10, 15], [0, 15]]
    tall = [[0, 0], [15, 0], [15, 21], [0, 21]]  # longer than a fifth of the frame: a close-up
    many = TABLE_CARDS
    cases: list[tuple[list[list[list[int]]], str]] = [
        ([small] * many, "table"), ([small] * (many - 1) + [tall], "table"),  # two run together
        ([small] * (many - 1), "full"), ([small] * 2 + [tall], "full"), ([], "full"), ([tall] * many, "full")]
    for table_finds, read_by in cases:
        table, full = Fixed(table_finds, 1.0), Fixed([small] * 20, 2.0)
        chosen = TableOrFull(table, full)  # type: ignore[arg-type]
        found = chosen.find(frame)
        assert len(found) == (len(table_finds) if read_by == "table" else 20), table_finds
        assert full.asked == (read_by == "full")
        # A card read again with the looks of the refiner that placed it.
        step = 1.0 if read_by == "table" else 2.0
        assert np.array_equal(chosen.look(frame, found[:1]), found[:1] + step)
    # A table's finder that looks closer itself reads close-ups too: it keeps a table seen close;
    # a few cards stay the full one's.
    for table_finds, read_by in [([tall] * many, "table"), ([tall] * (many - 1), "full")]:
        table, full = Fixed(table_finds, 1.0, closer=object()), Fixed([small] * 20, 2.0)
        chosen = TableOrFull(table, full)  # type: ignore[arg-type]
        assert chosen.close_ups
        found = chosen.find(frame)
        assert len(found) == (many if read_by == "table" else 20) and full.asked == (read_by == "full")


def test_a_table_seen_close_or_no_table_is_outlined_at_the_frames_scale(refiner: CornerRefiner) -> None:
    # A core as long as a fifth of the frame's height may be a card seen close: the table finder
    # outlines the cards on the whole frame's map first; here most are that long, and it looks
    # farther, not closer.
    network = CountingNetwork()
    lean = CornerRefiner(lean_refiner_path(), passes=1)
    table = RefinedFinder(network.find_outlines, refiner, network, sharpen=lean, closer_by_size=True)
    scene = render_scene("ascension", EVAL_SEED_BASE, held_out=True)  # seen close
    found = table.find(scene.image)
    extent = network.extent(CoreMap(*CardFinder().core_map(scene.image)))
    assert extent is not None and extent.longest > LARGE * scene.image.shape[0]
    assert network.scales[0] is None and network.outlined[0] == 1.0
    whole = letterbox_scale(scene.image.shape)
    assert all(scale is not None and scale < whole for scale in network.scales[1:])  # farther only
    assert len(found) >= TABLE_CARDS
    network.scales.clear()
    assert table.find(np.zeros((720, 1280, 3), np.uint8)).shape == (0, 4, 2)
    assert network.scales == [None]
