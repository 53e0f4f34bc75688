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
