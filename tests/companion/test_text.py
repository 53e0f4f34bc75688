"""Texts render in both languages: fields, nested texts, counts, decimal marks, the system's reasons.

That every message has its French, with the same fields, is :mod:`tests.companion.test_catalogues`'s.
"""

from __future__ import annotations

import errno
import string
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.engine.spec import specs
from companion.messages import MESSAGES
from companion.text import OS_REASONS, Both, Text, os_reason, template

specs()  # every game's own messages join the catalogue


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_renders_in_both_languages_with_the_same_fields(key: str) -> None:
    french = template(key, "fr", 2)
    assert MESSAGES[key].strip() and french.strip()
    assert fields(MESSAGES[key]) == fields(french)


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
    assert fields(MESSAGES[key]) == fields(MESSAGES[plural]) and "count" in fields(MESSAGES[key])


def test_one_thing_is_counted_in_the_singular() -> None:
    assert Text("desc_discard", count=1).en == "discard of 1 card"
    assert Text("desc_discard", count=1).fr == "défausse de 1 carte"
    assert Text("desc_discard", count=3).en == "discard of 3 cards"
    assert Text("seat_discards", seat=1, count=1).fr == "Le joueur 1 défausse 1 carte"
    # French counts nothing in the singular too; English does not.
    assert (Text("count_cards", count=0).en, Text("count_cards", count=0).fr) == ("0 cards", "0 carte")
    # What is not a whole number counts as many.
    assert Text("count_cards", count="?").fr == "? cartes"


def test_the_systems_reasons_players_meet_are_said_in_both_languages() -> None:
    missing = os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"))
    assert isinstance(missing, Text) and (missing.en, missing.fr) == (
        "no such file or folder", "fichier ou dossier introuvable")
    in_use = os_reason(OSError(errno.EADDRINUSE, "Address already in use"))
    assert isinstance(in_use, Text) and in_use.fr == "le port est déjà pris"
    # A reason players hardly meet keeps the system's own words.
    assert os_reason(OSError(errno.EMLINK, "Too many links")) == "Too many links"
    assert all(key in MESSAGES for key in OS_REASONS.values())


def test_replay_of_a_folder_says_why_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--lang", "fr", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == f"impossible de lire {tmp_path} : c'est un dossier"


def test_a_decimal_number_takes_each_languages_decimal_mark() -> None:
    ready = Text("live_ready", seconds=1.26)
    assert ready.en.startswith("ready in 1.26 s") and ready.fr.startswith("prêt en 1,26 s")
