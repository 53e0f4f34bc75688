"""Tranquillité's tables drawn with their variant's layout and the marks of its modules."""

from __future__ import annotations

import re

from web.svg import table_svg


def cells(svg: str) -> dict[str, tuple[float, float]]:
    """Each drawn cell's top-left corner."""
    return {m[1]: (float(m[2]), float(m[3])) for m in re.finditer(
        r'data-cell="([a-z0-9]+)"[^>]*>(?:<title>[^<]*</title>)?<rect x="([\d.]+)" y="([\d.]+)"', svg)}


def test_the_base_grid_lies_as_before() -> None:
    drawn = cells(table_svg({"game": "tranquility", "cells": {}}))
    assert len(drawn) == 38
    assert drawn["a1"][0] < drawn["b1"][0] and drawn["a1"][1] > drawn["a2"][1]
    assert drawn["start"][0] < drawn["a1"][0] and drawn["finish"][1] < drawn["f6"][1]


def test_the_grande_arche_has_its_opening() -> None:
    drawn = cells(table_svg({"game": "tranquility", "options": {"variant": "arch"}, "cells": {"c4": "30"}}))
    assert "c1" not in drawn and "d3" not in drawn and {"a1", "g3", "a4", "g7", "finish"} <= set(drawn)
    assert len(drawn) == 41 and drawn["finish"][0] > drawn["g7"][0]


def test_the_pyramide_rows_are_offset_by_half_a_card() -> None:
    drawn = cells(table_svg({"game": "tranquility", "options": {"variant": "pyramid"}, "bare": ["c1"]}))
    assert len(drawn) == 37 and "h1" in drawn and "b8" not in drawn
    assert drawn["a1"][0] < drawn["a2"][0] < drawn["b1"][0] and drawn["a8"][1] < drawn["a7"][1]
    assert 'class="cell bare empty"' in table_svg({"game": "tranquility", "options": {"variant": "pyramid"},
                                                   "bare": ["c1"]})


def test_the_marks_of_mers_agitees_and_the_halves_up() -> None:
    svg = table_svg({"game": "tranquility", "cells": {"a1": "3", "b1": "9"},
                     "up": {"a1": "day", "b1": "night"}, "reef_row": 3, "compasses": 2, "monsters_played": 1,
                     "storms": {"yellow": [1], "orange": [2, 2], "purple": [5]}})
    assert "☀" in svg and "☾" in svg and 'class="cell up-day filled"' in svg
    assert 'data-row="3">⛰' in svg and 'class="row-mark storm purple"' in svg
    assert "⚡Y→1" in svg and "⚡O→2,2" in svg and "🧭2" in svg and "🐙1" in svg


def test_competition_shows_the_row_and_the_scores() -> None:
    svg = table_svg({"game": "tranquility", "options": {"variant": "competition"}, "row": 5, "deck": 40,
                     "scores": {"1": 12, "2": 9}})
    assert "▯5+40" in svg and "1: 12 · 2: 9" in svg


def test_garbage_marks_are_ignored() -> None:
    svg = table_svg({"game": "tranquility", "options": "x", "up": ["a1"], "reef_row": "two",
                     "storms": {"yellow": "1", "purple": [None, "x"]}, "scores": [], "bare": 3})
    assert svg.startswith("<svg") and "⛰" not in svg
