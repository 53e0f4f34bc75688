"""L'Ascension's pyramid drawn as its cards look: values large, each terrain by its colour and its own
symbol, the ibex icon, the Feu de camp, the Pont and the Sommet drawn, no record name written; and
the legend saying what they mean in both languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from companion.games.ascension.pyramid import CARDS, SLOTS
from companion.games.ascension.rules import Ascension
from companion.text import Text
from web.pyramid import SAMPLES
from web.svg import legend_html, table_svg

NS = "{http://www.w3.org/2000/svg}"
#: The cards a pyramid shows (the Grappins and the Panoramas never lie in its slots).
SHOWN = [name for name, card in CARDS.items() if card.kind in ("versant", "campfire", "bridge")]


def slots(svg: str) -> dict[str, ET.Element]:
    return {g.get("data-cell", ""): g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-cell")}


def shown_text(slot: ET.Element) -> list[str]:
    """The texts a slot writes, its tooltip left out."""
    return [text for node in slot.iter() if node.tag != f"{NS}title" for text in [node.text or ""] if text]


def glyphs(slot: ET.Element) -> set[str]:
    return {cls for node in slot.iter() for cls in (node.get("class") or "").split() if cls.endswith(
        ("-mark", "-icon")) or cls in ("fire", "peak")}


def test_pyramid_has_44_slots_and_the_summit() -> None:
    game = Ascension(3, {"fauna": True})
    state = game.state_json()
    state["cells"] = {"a1": "7s", "b1": "9r+ibex", "c1": "bridge", "a2": "campfire-g"}
    state["ibex"] = {"b1": 2}
    drawn = slots(table_svg(state, last="a2"))
    assert set(drawn) == {*SLOTS, "a9"}
    assert drawn["a1"].get("class") == "cell snow filled"
    assert shown_text(drawn["b1"]) == ["b1", "9", "2"]  # its value, and 2 ibex on the card
    assert glyphs(drawn["b1"]) == {"rock-mark", "ibex-icon"}
    assert drawn["c1"].get("class") == "cell bridge filled"
    assert drawn["a2"].get("class") == "cell green campfire filled last"
    assert drawn["a9"].get("class") == "cell summit empty"


@pytest.mark.parametrize("name", SHOWN)
def test_each_card_shows_its_value_and_symbols_never_its_record_name(name: str) -> None:
    card = CARDS[name]
    slot = slots(table_svg({"game": "ascension", "cells": {"c3": name}}))["c3"]
    assert slot.get("data-card") == name
    texts = shown_text(slot)
    assert texts == ["c3", str(card.value)] if card.kind == "versant" else texts == ["c3"]
    assert "".join(slot.itertext()).count(name) == 0  # not even in its tooltip
    terrain = {"g": "green-mark", "s": "snow-mark", "r": "rock-mark", "": None}[card.terrain]
    expected = {terrain, "ibex-icon" if card.ibex else None,
                {"campfire": "fire", "bridge": "bridge-mark"}.get(card.kind)} - {None}
    assert glyphs(slot) == expected


def test_the_terrains_differ_by_symbol_as_well_as_colour() -> None:
    drawn = slots(table_svg({"game": "ascension", "cells": {"a1": "5g", "b1": "5s", "c1": "5r"}}))
    marks = [next(iter(glyphs(drawn[cell]))) for cell in ("a1", "b1", "c1")]
    shapes = [ET.tostring(next(node for node in drawn[cell].iter()
                               if node.get("class", "").endswith("-mark"))) for cell in ("a1", "b1", "c1")]
    assert len(set(marks)) == 3
    assert len({re.sub(rb"[-\d. ]+", b"", shape) for shape in shapes}) == 3  # three different drawings


def test_the_summit_a_flag_a_covered_pont_and_an_unknown_card() -> None:
    state = {"game": "ascension", "cells": {"a1": "3s", "a2": "4s", "b1": "nonsense"}, "summit": True,
             "bridges_covered": ["a2"], "flagged": [{"card": "12g", "at": "c1", "rule": "A2"}]}
    drawn = slots(table_svg(state, last="c1"))
    assert glyphs(drawn["a9"]) == {"peak"}
    assert "bridge-mark" in glyphs(drawn["a2"]) and "covered" in drawn["a2"].get("class", "")
    assert drawn["c1"].get("class") == "cell green flagged" and shown_text(drawn["c1"]) == ["c1", "12", "!"]
    assert shown_text(drawn["b1"]) == ["b1", "?"]
    assert "A2" not in "".join(ET.fromstring(table_svg(state)).itertext())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_legend_draws_each_symbol_and_says_it_in_the_pages_language(lang: str) -> None:
    html = legend_html("ascension", lang)  # type: ignore[arg-type]
    assert html is not None
    items = ET.fromstring(html).findall("li")
    assert len(items) == len(SAMPLES)
    said = [item.findtext("span") for item in items]
    assert said == [Text(key).render(lang) for _, _, key in SAMPLES]  # type: ignore[arg-type]
    drawn = set().union(*(glyphs(item.find(f"{NS}svg/{NS}g") or ET.Element("g")) for item in items))
    assert drawn == {"green-mark", "snow-mark", "rock-mark", "ibex-icon", "fire", "bridge-mark", "peak"}
