"""Every message has its French in its catalogue, whole and compiled; a broken catalogue costs only
the language."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from companion.catalogues import Domain, translations
from companion.catalogues_tool import domains, main, problems, read, update, write
from companion.messages import DOMAINS, MESSAGES

ALL = domains()


def test_every_package_speaking_to_players_has_a_catalogue() -> None:
    assert [domain.name for domain in ALL] == ["ascension", "companion", "crew", "rixes", "tranquility"]
    assert set(DOMAINS) == set(MESSAGES)


@pytest.mark.parametrize("domain", ALL, ids=[domain.name for domain in ALL])
def test_every_message_has_its_french(domain: Domain) -> None:
    assert problems(domain, "fr") == []


def test_the_check_command_passes() -> None:
    assert main(["check"]) == 0


@pytest.fixture
def crew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Domain:
    """A copy of The Crew's catalogue to break, holding The Crew's messages for this test."""
    real = next(domain for domain in ALL if domain.name == "crew")
    shutil.copytree(real.locale, tmp_path / "locale")
    copy = Domain("crew", tmp_path)
    for key in [key for key, domain in DOMAINS.items() if domain == real]:
        monkeypatch.setitem(DOMAINS, key, copy)
    assert problems(copy, "fr") == []
    return copy


def test_a_missing_entry_is_found(crew: Domain) -> None:
    catalog = read(crew, "fr")
    entry = next(m for m in catalog if m.context == "crew_passes")
    catalog.delete(entry.id, context=entry.context)
    write(crew, "fr", catalog)
    assert problems(crew, "fr") == ["crew_passes: no French (or its English changed: run update)"]


def test_an_untranslated_a_fuzzy_and_a_wrong_field_entry_are_found(crew: Domain) -> None:
    catalog = read(crew, "fr")
    by_key = {m.context: m for m in catalog if m.id}
    by_key["crew_passes"].string = ""
    by_key["crew_takes_task"].flags.add("fuzzy")
    by_key["crew_predicts"].string = by_key["crew_predicts"].string.replace("{task}", "{tache}")
    write(crew, "fr", catalog)
    said = problems(crew, "fr")
    assert "crew_passes: untranslated" in said
    assert "crew_takes_task: fuzzy (its English changed): check the French and unmark it" in said
    assert any(line.startswith("crew_predicts: fields") for line in said)


def test_a_stale_mo_is_found(crew: Domain) -> None:
    po = crew.po("fr")
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "le joueur {seat} passe"',
                                                         'msgstr "le joueur {seat} passe son tour"'),
                  encoding="utf-8")
    assert problems(crew, "fr") == [f"{crew.mo('fr')}: older than its .po (run compile)"]


def test_update_adds_new_english_untranslated_and_marks_changed_english_fuzzy(
        crew: Domain, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(MESSAGES, "crew_passes", "seat {seat} passes its turn")
    monkeypatch.setitem(MESSAGES, "crew_brand_new", "a new message about {seat}")
    monkeypatch.setitem(DOMAINS, "crew_brand_new", crew)
    update(crew, "fr")
    said = problems(crew, "fr")
    assert "crew_passes: fuzzy (its English changed): check the French and unmark it" in said
    assert "crew_brand_new: untranslated" in said
    assert len(said) == 2


def test_a_missing_or_corrupt_catalogue_speaks_english_and_says_so(
        crew: Domain, caplog: pytest.LogCaptureFixture) -> None:
    crew.mo("fr").write_bytes(b"\x00garbage" * 10)
    with caplog.at_level(logging.WARNING):
        words = translations(crew, "fr")
    assert words.pgettext("crew_passes", "seat {seat} passes") == "seat {seat} passes"
    assert "cannot read the fr catalogue" in caplog.text
    gone = Domain("crew", crew.folder / "nowhere")
    assert translations(gone, "fr").gettext("hello") == "hello"
    assert translations(crew, "en").gettext("hello") == "hello"
