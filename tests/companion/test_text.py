"""Every message exists in both languages with the same fields."""

from __future__ import annotations

import string

import pytest

from companion.messages import MESSAGES
from companion.text import Both, Text


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_both_languages_have_the_same_fields(key: str) -> None:
    en, fr = MESSAGES[key]
    assert en.strip() and fr.strip()
    assert fields(en) == fields(fr)


def test_text_renders_nested_texts_and_both() -> None:
    text = Text("undone", what=Text("desc_play", card=Both("the Start card", "la carte de départ"), at="b2"))
    assert text.en == "undone: the Start card at b2"
    assert text.fr == "annulé : la carte de départ en b2"


def test_unknown_key_is_refused() -> None:
    with pytest.raises(KeyError):
        Text("no_such_message")


def test_texts_compare_by_key_and_arguments() -> None:
    assert Text("occupied", card=5, at="a1", other=3) == Text("occupied", card=5, at="a1", other=3)
    assert Text("occupied", card=5, at="a1", other=3) != Text("occupied", card=5, at="a1", other=4)
    assert len({Text("occupied", card=5, at="a1", other=3), Text("occupied", card=5, at="a1", other=3)}) == 1


@pytest.mark.parametrize("key", sorted(key for key in MESSAGES if key.endswith("_one")))
def test_a_singular_has_its_plural_and_the_same_fields(key: str) -> None:
    plural = key.removesuffix("_one")
    assert plural in MESSAGES
    assert fields(MESSAGES[key][0]) == fields(MESSAGES[plural][0]) and "count" in fields(MESSAGES[key][0])


def test_one_thing_is_counted_in_the_singular() -> None:
    assert Text("desc_discard", count=1).en == "discard of 1 card"
    assert Text("desc_discard", count=1).fr == "défausse de 1 carte"
    assert Text("desc_discard", count=3).en == "discard of 3 cards"
    assert Text("seat_discards", seat=1, count=1).fr == "Le joueur 1 défausse 1 carte"
