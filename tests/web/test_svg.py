"""The table drawn as SVG: every cell named, the last placement outlined, a flagged card in red."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from companion.engine.events import Play
from companion.games.ascension.pyramid import SLOTS
from companion.games.ascension.rules import Ascension
from companion.games.tranquility.rules import CELLS, Tranquility
from web import svg as svg_module
from web.svg import table_svg

NS = "{http://www.w3.org/2000/svg}"


def cells(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    return {g.get("data-cell", ""): g for g in root.iter(f"{NS}g")}


def test_grid_has_36_cells_and_two_corners_in_place() -> None:
    game = Tranquility(3)
    drawn = cells(table_svg(game.state_json()))
    assert set(drawn) == {*CELLS, "start", "finish"}

    def corner(name: str) -> tuple[float, float]:
        rect = drawn[name].find(f"{NS}rect")
        assert rect is not None
        return float(rect.get("x", 0)), float(rect.get("y", 0))

    # a1 bottom left, f6 top right; start below-left of a1, finish above-right of f6.
    (a1x, a1y), (f6x, f6y) = corner("a1"), corner("f6")
    (sx, sy), (fx, fy) = corner("start"), corner("finish")
    assert a1x < f6x and a1y > f6y and sx < a1x and sy > a1y and fx > f6x and fy < f6y


def test_cards_last_and_flagged() -> None:
    game = Tranquility.from_position(3, cells={"c1": 27, "f1": 40}, hands=[5, 5, 5])
    game.play(Play("12", "d1"))
    svg = table_svg(game.state_json(), last="d1")
    drawn = cells(svg)
    assert drawn["c1"].get("class") == "cell filled" and drawn["c1"].get("data-card") == "27"
    assert drawn["d1"].get("class") == "cell flagged" and drawn["d1"].get("data-card") == "12"
    assert "".join(drawn["d1"].itertext()).endswith("!12")
    assert drawn["a1"].get("class") == "cell empty"
    assert cells(table_svg(game.state_json(), last="c1"))["c1"].get("class") == "cell filled last"


def test_pyramid_has_44_slots_and_the_summit() -> None:
    game = Ascension(3, {"fauna": True})
    state = game.state_json()
    state["cells"] = {"a1": "7s", "b1": "9r+ibex", "c1": "bridge", "a2": "campfire-g"}
    state["ibex"] = {"b1": 2}
    drawn = cells(table_svg(state, last="a2"))
    assert set(drawn) == {*SLOTS, "a9"}
    assert drawn["a1"].get("class") == "cell snow filled"
    texts = list(drawn["b1"].itertext())
    assert "9r*" in texts and texts[-1] == "2"  # the ibex icon, and 2 ibex on the card
    assert drawn["c1"].get("class") == "cell bridge filled"
    assert drawn["a2"].get("class") == "cell green campfire filled last"
    assert drawn["a9"].get("class") == "cell summit empty"
    rows = {int(name[1:]) for name in SLOTS}
    assert rows == set(range(1, 9))


def test_names_are_escaped() -> None:
    flagged = [{"card": "<b>&", "at": "a1", "rule": "X"}]
    svg = table_svg({"game": "tranquility", "cells": {}, "flagged": flagged})
    ET.fromstring(svg)
    assert "<b>&" not in svg


def test_a_game_with_no_known_board_is_drawn_as_its_public_state() -> None:
    svg = table_svg({"game": "crew", "seats": [{"seat": 1, "hand": 13}], "turn": 1})
    root = ET.fromstring(svg)
    lines = ["".join(text.itertext()) for text in root.iter(f"{NS}text")]
    assert lines == ['seats: [{"seat": 1, "hand": 13}]', "turn: 1"]
    assert root.get("class") == "table crew"


def test_a_board_is_drawn_by_its_registered_drawer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(svg_module.DRAWERS, "tricks", lambda state, last: f"<svg>{state['turn']}</svg>")
    assert table_svg({"game": "crew", "turn": 2}) == "<svg>2</svg>"
    assert table_svg({"game": "nowhere", "turn": 2}).startswith("<svg")  # unknown game: plain
