"""The trick games' cards drawn as they look (``web/trick_faces.py``): every card of The Crew's and
Rixes' decks shows its value and its suit's or type's symbol, never its record name; an advanced
Rixes card its two types, the top one first; a card it cannot tell a question mark; the legends."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from companion.engine.spec import find_spec
from companion.games.rixes.weapons import ADVANCED
from companion.text import Lang
from web.svg import face, legend_html, spell, table_svg
from web.trick_faces import printed

NS = "{http://www.w3.org/2000/svg}"
#: The symbol each suit or type is drawn with.
CREW = {"pink": "square", "yellow": "cross", "blue": "circle", "green": "triangle-down", "sub": "submarine"}
RIXES = {"fist": "fist", "sabres": "sabres", "pistols": "pistols"}


def drawn(game: str, card: str, w: float, h: float) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{face(game, card, 0, 0, w, h)}</svg>')


def symbols(root: ET.Element) -> list[str]:
    return [e.get("class", "").split()[1] for e in root.iter() if "symbol" in e.get("class", "").split()]


def shown(root: ET.Element) -> str:
    return "".join(root.itertext())


def deck(game: str) -> list[str]:
    spec_deck = find_spec(game).deck
    assert spec_deck is not None
    return [card.name for card in spec_deck()]


@pytest.mark.parametrize("card", deck("crew"))
@pytest.mark.parametrize("size", [(30.0, 42.0), (22.0, 30.0)])
def test_every_crew_card_shows_its_value_and_its_suits_symbol(card: str, size: tuple[float, float]) -> None:
    suit, _, value = card.rpartition("-")
    root = drawn("crew", card, *size)
    assert shown(root) == value
    assert symbols(root) == [CREW[suit]] * 2  # in two opposite corners


@pytest.mark.parametrize("card", [*deck("rixes"), *ADVANCED])
def test_every_rixes_card_shows_its_value_and_its_types_symbols(card: str) -> None:
    kinds, _, value = card.rpartition("-")
    root = drawn("rixes", card, 112.0, 20.0)
    assert shown(root) == value
    skull = ["skull"] if "+" not in kinds and int(value) >= 6 else []  # the deck's 6, 7 and 8
    assert symbols(root) == [RIXES[kind] for kind in kinds.split("+")] + skull  # top type first


def test_no_card_of_either_deck_is_written_by_its_name() -> None:
    for game in ("crew", "rixes"):
        for card in deck(game):
            markup = face(game, card, 0, 0, 30, 42)
            assert card not in markup and card.rpartition("-")[0] not in shown(drawn(game, card, 30, 42))


@pytest.mark.parametrize("card", ["", "x", "pink", "pink-", "pink-x", "blue-1234", "sword-3", "skull-6",
                                  "fist+-2", "<b>&-1", "sub-4\x00", "-3", "+-1"])
def test_a_card_it_cannot_tell_is_a_question_mark(card: str) -> None:
    for game in ("crew", "rixes", "nowhere", ""):
        assert shown(drawn(game, card, 30, 42)) in ("?", card.rpartition("-")[2])
    assert shown(drawn("crew", card, 30, 42)) == "?" and printed("crew", card) is None


def test_a_task_names_its_cards_by_their_symbol_and_value() -> None:
    assert spell("crew", "win:pink-3+sub-2") == (
        "win:■3+⚓2", 'win:<tspan class="word suit-pink">■3</tspan>+<tspan class="word suit-sub">⚓2</tspan>')
    assert spell("crew", "tricks:first-2") == ("tricks:first-2", "tricks:first-2")  # not a card
    assert spell("crew", "<b>-1") == ("<b>-1", "&lt;b&gt;-1")


def test_the_boards_of_both_games_never_write_a_record_name() -> None:
    crew = table_svg({"game": "crew", "players": 4, "trick": [{"seat": 1, "card": "sub-4"}],
                      "tonoja_row": {"r1": "pink-9"}, "sonar": {"2": {"card": "green-1", "position": "top"}},
                      "tricks": [{"cards": {"1": "yellow-7", "2": "blue-2"}, "winner": 1}],
                      "tasks": {"win:blue-4": {"seat": 3}}})
    rixes = table_svg({"game": "rixes", "dominant": "sabres", "bagarre": [
        {"card": "sabres+pistols-4", "captain": 1, "type": "pistols", "value": 6, "possessor": 2}],
        "flagged": [{"card": "fist-7", "captain": 2}]})
    for svg, names in ((crew, deck("crew")), (rixes, [*deck("rixes"), *ADVANCED])):
        texts = " ".join(shown(e) for e in ET.fromstring(svg).iter(f"{NS}text"))
        assert not [name for name in names if name in texts.split() or name in texts], texts


@pytest.mark.parametrize("game", ["crew", "rixes"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_game_has_a_legend_of_its_symbols(game: str, lang: Lang) -> None:
    legend = legend_html(game, lang)
    assert legend is not None
    root = ET.fromstring(legend)
    assert len(root.findall("li")) == (6 if game == "crew" else 5)
    kinds = {kind for item in root.iter(f"{NS}svg") for kind in symbols(item)}
    assert kinds >= set(CREW.values() if game == "crew" else RIXES.values())
