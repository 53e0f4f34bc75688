"""Keeping the players' messages' catalogues: ``python -m companion.catalogues_tool update|compile|check``.

For translators and the test command, never at run time: Babel (a test dependency) reads and writes
the ``.po`` files and compiles the ``.mo`` files the companion reads with the standard library.

Every catalogue, the command line's help included (extracted from its source by Babel,
:mod:`companion.cli.words_tool`).

- ``update`` brings each catalogue up to the code's English: a new message is added untranslated,
  a message whose English changed is marked fuzzy (its old French kept as a hint), a message gone
  from the code is dropped; then compiles.
- ``compile`` writes each ``.mo`` from its ``.po``.
- ``check`` lists what a player would miss (exit status 1 when anything): a message without French,
  a fuzzy or untranslated entry, French whose fields differ from the English, a ``.mo`` older than
  its ``.po``.

The messages are keyed (:mod:`companion.messages`): an entry's context is its key, its msgid the
code's English, a counted message (``<key>`` with ``<key>_one``) a plural entry.
"""

from __future__ import annotations

import gettext
import io
import string
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from companion.catalogues import TRANSLATED, Domain
from companion.cli import words_tool
from companion.messages import DOMAINS, MESSAGES

#: The plural rule of a catalogue, by language: gettext's traditional French (0 and 1 singular).
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


def domains() -> list[Domain]:
    """Every catalogue of keyed messages, once every game's messages are registered."""
    from companion.engine.spec import specs

    specs()
    return sorted(set(DOMAINS.values()), key=lambda domain: domain.name)


def keys(domain: Domain) -> Iterator[str]:
    """The keys whose French ``domain`` holds (a counted message's ``_one`` is its plural entry's)."""
    for key in MESSAGES:
        if DOMAINS[key] == domain and not (key.endswith("_one") and key.removesuffix("_one") in MESSAGES):
            yield key


def msgid(key: str) -> str | tuple[str, str]:
    """The catalogue's msgid of ``key``: its English, or (singular, plural) for a counted message."""
    singular = MESSAGES.get(f"{key}_one")
    return MESSAGES[key] if singular is None else (singular, MESSAGES[key])


def template(domain: Domain) -> Any:
    """The catalogue of the code's English for ``domain`` (a Babel ``Catalog``, nothing translated)."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(domain=domain.name, project="companion")
    for key in keys(domain):
        catalog.add(msgid(key), context=key)
    return catalog


def read(domain: Domain, lang: str) -> Any:
    """The ``.po`` of ``domain`` in ``lang`` as a Babel ``Catalog``."""
    from babel.messages.pofile import read_po

    with domain.po(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=domain.name)


def write(domain: Domain, lang: str, catalog: Any) -> None:
    """Write ``catalog`` as the ``.po`` of ``domain`` in ``lang``, then its ``.mo``."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=True)
    domain.po(lang).parent.mkdir(parents=True, exist_ok=True)
    domain.po(lang).write_bytes(buffer.getvalue())
    compile_mo(domain, lang)


def update(domain: Domain, lang: str) -> None:
    """Bring the ``.po`` of ``domain`` up to the code's English (new untranslated, changed fuzzy)."""
    catalog = read(domain, lang)
    english = template(domain)
    english.creation_date = catalog.creation_date  # a catalogue changes only where its messages do
    catalog.update(english, no_fuzzy_matching=False, update_header_comment=False)
    _plural_forms(catalog, lang)
    write(domain, lang, catalog)


def compiled(catalog: Any) -> bytes:
    """The ``.mo`` bytes of ``catalog``."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compile_mo(domain: Domain, lang: str) -> None:
    """Write the ``.mo`` of ``domain`` in ``lang`` from its ``.po``."""
    domain.mo(lang).write_bytes(compiled(read(domain, lang)))


def problems(domain: Domain, lang: str) -> list[str]:
    """What a player reading ``lang`` would miss in ``domain``; none when the catalogue is whole."""
    if not domain.po(lang).is_file():
        return [f"{domain.po(lang)}: no catalogue"]
    catalog = read(domain, lang)
    said: list[str] = []
    if catalog.num_plurals != 2 or catalog.plural_forms != PLURAL_FORMS[lang]:
        said.append(f"{domain.name}: plural forms {catalog.plural_forms!r}, not {PLURAL_FORMS[lang]!r}")
    wanted = {key: msgid(key) for key in keys(domain)}
    for key, english in wanted.items():
        entry = catalog.get(english[0] if isinstance(english, tuple) else english, context=key)
        if entry is None:
            said.append(f"{key}: no French (or its English changed: run update)")
        elif entry.fuzzy:
            said.append(f"{key}: fuzzy (its English changed): check the French and unmark it")
        elif entry.id != english:
            said.append(f"{key}: the catalogue's English is not the code's")
        else:
            said.extend(_translated(key, english, entry.string))
    for entry in catalog:
        if entry.id and entry.context not in wanted:
            said.append(f"{entry.context}: in the catalogue, not in the code")
    said.extend(_stale_mo(domain, lang, wanted))
    return said


def _translated(key: str, english: str | tuple[str, str], french: str | Sequence[str]) -> list[str]:
    """What is wrong with ``key``'s French: a form left empty, or fields unlike the English's."""
    englishes = list(english) if isinstance(english, tuple) else [english]
    frenches = list(french) if isinstance(french, list | tuple) else [str(french)]
    if len(frenches) != len(englishes) or not all(text.strip() for text in frenches):
        return [f"{key}: untranslated"]
    if any(_fields(text) != _fields(englishes[-1]) for text in frenches):
        return [f"{key}: fields {sorted(_fields(englishes[-1]))} in English, not in the French"]
    return []


def _stale_mo(domain: Domain, lang: str, wanted: dict[str, str | tuple[str, str]]) -> list[str]:
    """Whether the ``.mo`` says what the ``.po`` does (compiled after its last change)."""
    try:
        with domain.mo(lang).open("rb") as file:
            words = gettext.GNUTranslations(file)
    except OSError as error:
        return [f"{domain.mo(lang)}: {error}"]
    expected = gettext.GNUTranslations(io.BytesIO(compiled(read(domain, lang))))
    for key, english in wanted.items():
        for count in (1, 2):
            if _say(words, key, english, count) != _say(expected, key, english, count):
                return [f"{domain.mo(lang)}: older than its .po (run compile)"]
    return []


def _say(words: gettext.GNUTranslations, key: str, english: str | tuple[str, str], count: int) -> str:
    if isinstance(english, tuple):
        return words.npgettext(key, english[0], english[1], count)
    return words.pgettext(key, english)


def _fields(template_text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template_text) if name}


def _plural_forms(catalog: Any, lang: str) -> None:
    """Keep gettext's traditional plural rule: Babel's CLDR rule for French has a third form (for
    millions) that no count of cards needs."""
    headers = [(name, value) for name, value in catalog.mime_headers if name.lower() != "plural-forms"]
    catalog.mime_headers = [*headers, ("Plural-Forms", PLURAL_FORMS[lang])]


def main(argv: Sequence[str] | None = None) -> int:
    """``update``, ``compile`` or ``check`` every catalogue of every translated language, the
    command line's (:mod:`companion.cli.words_tool`) included."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in (["update"], ["compile"], ["check"]):
        print("usage: python -m companion.catalogues_tool update|compile|check", file=sys.stderr)
        return 2
    said: list[str] = []
    for domain in domains():
        for lang in TRANSLATED:
            if args == ["update"]:
                update(domain, lang)
            elif args == ["compile"]:
                compile_mo(domain, lang)
            said.extend(problems(domain, lang))
    # The command line's help, extracted from its source by Babel: one command keeps every catalogue.
    if args == ["update"]:
        words_tool.update()
    elif args == ["compile"]:
        words_tool.compile_mo()
    said.extend(words_tool.problems())
    for line in said:
        print(line)
    return 1 if said else 0


if __name__ == "__main__":
    sys.exit(main())
