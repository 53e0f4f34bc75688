"""The watcher rules nothing through a placement the cards have not confirmed: held until a calm
frame's cards land on their cells, dropped (with "table not placed") when they lie across them."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from companion.engine.events import Play
from vision.read.classify import FakeClassifier
from vision.watch.changes import Output
from vision.watch.geometry import TableGeometry, from_corners
from vision.watch.layouts import layout
from vision.watch.stable import Change, Prompt
from vision.watch.watcher import HOLD_AT_MOST, Watcher

FRAME = np.zeros((720, 1280, 3), np.uint8)


def _table() -> TableGeometry:
    plane = layout("tranquility").corner_points(2.0)
    return from_corners("tranquility", (plane - plane.min(axis=0)) * 1.2 + 40.0, gap=2.0)


class Finder:
    """Outlines the cards at ``cells``, ``shift`` mm off where the table says they lie."""

    def __init__(self, geometry: TableGeometry, cells: list[str], shift: float = 0.0) -> None:
        self.quads = np.array([geometry.card_quad(cell, (shift, 0.0)) for cell in cells], np.float32)
        self.calls = 0

    def __call__(self, frame: Any) -> npt.NDArray[np.float32]:
        self.calls += 1
        return self.quads


def _watcher(finder: Finder, geometry: TableGeometry) -> Watcher:
    watcher = Watcher("tranquility", FakeClassifier("tranquility"), find=finder)
    watcher._set_geometry(geometry)  # as its own search would have found it
    watcher.placement.placed()
    return watcher


def _state(watcher: Watcher) -> str:
    return watcher.placement.state


def _gate(watcher: Watcher, outputs: list[Output], t: float, *, moving: bool = False,
          changes: list[Change] | None = None) -> list[Output]:
    return watcher._gate(outputs, FRAME, changes or [], moving, t)


def test_what_is_read_is_held_until_a_calm_frame_confirms_the_table() -> None:
    geometry = _table()
    watcher = _watcher(Finder(geometry, ["c3", "d3", "c4"]), geometry)
    play = Play("30", "c3", source="camera", t=1.0)
    assert _gate(watcher, [play], 1.0, moving=True) == []  # a hand still over the table
    assert _state(watcher) == "checking"
    assert _gate(watcher, [], 1.5) == [play]
    assert _state(watcher) == "placed"
    later = Play("31", "d3", source="camera", t=3.0)
    assert _gate(watcher, [later], 3.0) == [later]  # confirmed: given out at once


def test_cards_across_the_layouts_lines_drop_the_table_and_say_so() -> None:
    geometry = _table()
    finder = Finder(geometry, ["c3", "d3", "c4"], shift=30.0)
    watcher = _watcher(finder, geometry)
    out = _gate(watcher, [Play("30", "c3", source="camera", t=1.0)], 1.0)
    assert len(out) == 1 and isinstance(out[0], Prompt) and out[0].kind == "unplaced"
    assert out[0].cells == ("c3",)
    assert out[0].text.en.startswith("table not placed")
    assert "table non placée" in out[0].text.fr
    assert watcher.geometry is None and _state(watcher) == "searching"
    assert watcher.placement.replaced == 1


def test_nothing_in_sight_holds_a_while_then_goes_on() -> None:
    geometry = _table()
    watcher = _watcher(Finder(geometry, []), geometry)
    play = Play("30", "c3", source="camera", t=1.0)
    assert _gate(watcher, [play], 1.0) == []
    assert _gate(watcher, [], 1.0 + HOLD_AT_MOST / 2) == []
    assert _gate(watcher, [], 1.0 + HOLD_AT_MOST + 0.5) == [play]


def test_a_table_set_by_hand_is_never_checked() -> None:
    geometry = _table()
    finder = Finder(geometry, ["c3"], shift=30.0)
    watcher = Watcher("tranquility", FakeClassifier("tranquility"), find=finder, geometry=geometry)
    play = Play("30", "c3", source="camera", t=1.0)
    assert _gate(watcher, [play], 1.0) == [play] and finder.calls == 0
    watcher.place_by_hand(geometry)
    assert _state(watcher) == "by_hand" and watcher.geometry is geometry


def test_a_confirmed_table_is_checked_again_after_a_burst_of_changes() -> None:
    geometry = _table()
    watcher = _watcher(Finder(geometry, ["c3", "d3", "c4"], shift=30.0), geometry)
    watcher.placement.state = "placed"
    burst = [Change(cell, None, "30", 1.0, 1.0) for cell in ("c3", "d3", "c4")]
    play = Play("30", "c3", source="camera", t=1.0)
    out = _gate(watcher, [play], 1.0, changes=burst)
    # A confirmed table gives out what it reads at once; the check then says it lies wrong.
    assert out[0] == play and _state(watcher) == "searching"
    assert isinstance(out[1], Prompt) and out[1].kind == "unplaced" and out[1].cells == ("c3",)


def test_a_confirmed_table_checked_again_and_found_right_goes_on() -> None:
    geometry = _table()
    watcher = _watcher(Finder(geometry, ["c3", "d3", "c4"]), geometry)
    watcher.placement.state = "placed"
    burst = [Change(cell, None, "30", 1.0, 1.0) for cell in ("c3", "d3", "c4")]
    play = Play("30", "c3", source="camera", t=1.0)
    assert _gate(watcher, [play], 1.0, changes=burst) == [play]
    assert _state(watcher) == "placed"
