"""The command line speaks French from its catalogue: every string of companion/cli/ marked
``_()`` is in ``cli.po``, translated, with the placeholders of its English, compiled into the
``.mo`` read at run time; ``--help`` and argparse's own words follow ``--lang`` or the environment,
and English stays as it was."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from companion.catalogues import Domain, translations
from companion.cli import words_tool
from companion.cli.main import main
from companion.cli.words import DOMAIN, argparse_said, use

#: A help line of ``replay`` in French, and in English.
REPLAY_FR = "rejouer un relevé de partie et afficher une décision par événement"
REPLAY_EN = "replay a game record and print one ruling per event"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test leaves the command line speaking English, as a fresh process starts."""
    yield
    use("en")


@pytest.fixture
def catalogue() -> Catalog:
    return words_tool.read()


def test_every_string_marked_in_the_code_is_in_the_catalogue(catalogue: Catalog) -> None:
    extracted = [message.id for message in words_tool.template() if message.id]
    assert len(extracted) > 150  # Babel found the help of every command, argparse's words added
    assert [text for text in extracted if text not in catalogue] == []


def test_every_entry_is_translated_and_none_is_fuzzy(catalogue: Catalog) -> None:
    entries = [message for message in catalogue if message.id]
    assert [message.id for message in entries if not message.string] == []
    assert [message.id for message in entries if message.fuzzy] == []


def test_every_translation_has_the_placeholders_of_its_english(catalogue: Catalog) -> None:
    differ = [(message.id, message.string) for message in catalogue if message.id
              and words_tool.placeholders(str(message.id)) != words_tool.placeholders(str(message.string))]
    assert differ == []


def test_a_help_that_tells_its_default_tells_it_in_french_too(catalogue: Catalog) -> None:
    # The help formatter adds "(default: ...)" to a help that does not say "default" (French:
    # "défaut"): the two languages must agree, or one of them says it twice or never.
    differ = [message.id for message in catalogue if message.id
              and ("default" in str(message.id)) != ("défaut" in str(message.string))]
    assert differ == []


def test_the_compiled_catalogue_is_the_po_s() -> None:
    shipped = words_tool.translated(DOMAIN.mo("fr").read_bytes())
    assert shipped == words_tool.translated(words_tool.compiled())
    assert shipped["options"] == "options" and shipped["usage: "] == "utilisation : "
    assert words_tool.problems() == []


def test_the_check_finds_each_fault(tmp_path: Path) -> None:
    domain = Domain(DOMAIN.name, tmp_path)
    domain.po("fr").parent.mkdir(parents=True)
    shutil.copy(DOMAIN.po("fr"), domain.po("fr"))
    words_tool.compile_mo(domain)
    assert words_tool.problems(domain) == []
    text = domain.po("fr").read_text(encoding="utf-8")
    text = text.replace('msgid "serve no page"\nmsgstr "ne servir aucune page"\n', "")
    text = text.replace('msgstr "le jeu à simuler"', 'msgstr ""')
    text = text.replace('msgid "the game to play"', '#, fuzzy\nmsgid "the game to play"')
    text = text.replace('msgstr "{finder} pour {game}"', 'msgstr "{finder} pour {jeu}"')
    domain.po("fr").write_text(text, encoding="utf-8")
    said = "\n".join(words_tool.problems(domain))
    assert "missing from cli.po: 'serve no page'" in said
    assert "untranslated: 'the game to simulate'" in said
    assert "fuzzy (its English changed): 'the game to play'" in said
    assert "other placeholders than its English: '{finder} for {game}'" in said
    assert "cli.mo is stale" in said


@pytest.mark.parametrize("command", [["--help"], ["replay", "--help"]])
@pytest.mark.parametrize(("env", "asked"), [("fr_FR.UTF-8", []), ("C", ["--lang", "fr"]),
                                            ("C", ["--lang=fr"])])
def test_the_help_speaks_french(command: list[str], env: str, asked: list[str],
                                monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    monkeypatch.setenv("LANG", env)
    with pytest.raises(SystemExit) as stop:
        main([*command, *asked])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("utilisation : companion")
    assert "options : -h, --help afficher cette aide et quitter" in out
    assert REPLAY_FR in out or REPLAY_FR.capitalize() + "." in out
    assert "usage:" not in out and "default:" not in out


def test_the_help_speaks_english_as_before(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: companion replay [-h] [--json] [--lang {fr,en}] FILE\n\n"
                          "Replay a game record and print one ruling per event.\n\npositional arguments:\n")
    assert "\noptions:\n  -h, --help      show this help message and exit\n" in out
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert "what to write (default: jsonl)" in capsys.readouterr().out


@pytest.mark.parametrize(("env", "said"), [
    ("fr_FR.UTF-8", "utilisation : companion replay [-h] [--json] [--lang {fr,en}] FILE\n"
                    "companion replay : erreur : les arguments suivants sont requis : FILE\n"),
    ("C", "usage: companion replay [-h] [--json] [--lang {fr,en}] FILE\n"
          "companion replay: error: the following arguments are required: FILE\n")])
def test_a_missing_argument_is_said_in_the_user_s_language(
        env: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    monkeypatch.setenv("LANG", env)
    with pytest.raises(SystemExit) as stop:
        main(["replay"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == said


def test_an_option_s_error_is_said_in_french(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COMPANION_LANG", "fr")
    with pytest.raises(SystemExit):
        main(["replay", "--lang", "de", "-"])
    assert capsys.readouterr().err.endswith(
        "companion replay : erreur : argument --lang : choix invalide : 'de' (choisir parmi 'fr', 'en')\n")
    with pytest.raises(SystemExit):
        main(["enrol", "--shots", "x"])
    err = capsys.readouterr().err
    assert "argument --shots : pas un nombre de vues : 'x' (un nombre entier, ou all)" in err


def test_argparse_s_words_are_read_back_and_said_again() -> None:
    use("fr")
    said = argparse_said("argument --seed: invalid int value: 'x'")
    assert said == "argument --seed : valeur int invalide : 'x'"
    assert argparse_said("unrecognized arguments: --a b") == "arguments non reconnus : --a b"
    assert argparse_said("something argparse never said") == "something argparse never said"
    use("en")
    assert argparse_said("unrecognized arguments: --a b") == "unrecognized arguments: --a b"


def test_a_catalogue_it_cannot_read_speaks_english(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    missing = Domain("cli", tmp_path)
    assert translations(missing, "fr").gettext("options") == "options"
    assert "speaking English" in caplog.text
