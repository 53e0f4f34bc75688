"""Keep the command line's catalogue with Babel: ``python -m companion.cli.words_tool update|compile|check``.

``update`` extracts every ``_("...")`` of ``companion/cli/`` (with argparse's own error texts,
:data:`companion.cli.words.ARGPARSE_ERRORS`) and merges them into ``cli.po``: a new string comes
untranslated, a changed one fuzzy (its old French kept to mend). The translator writes the French,
``compile`` writes the ``.mo`` the command line reads, ``check`` says what is missing, untranslated,
fuzzy, stale or has other placeholders than its English (exit status 1), as the tests do.

Babel is a test and development dependency, imported here only when a command runs: nothing the
companion runs imports this module.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from companion.catalogues import Domain
from companion.cli.parsers import version
from companion.cli.words import ARGPARSE_ERRORS, DOMAIN

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

#: The code whose ``_()`` strings the catalogue holds.
SOURCE = Path(__file__).parent

#: The language the catalogue translates into.
LANG = "fr"

#: A placeholder: ``{name}`` of str.format, or ``%(name)s``, ``%s``, ``%r``, ``%%`` of % formatting.
PLACEHOLDER = re.compile(r"\{\w*\}|%(?:\(\w+\))?[sdrf%]")


def template(source: Path = SOURCE) -> Catalog:
    """Every string the command line says: the ``_()`` literals of ``source`` (Babel's Python
    extractor) and argparse's error texts."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 (Babel: a tool's, not the companion's)
    from babel.messages.extract import extract_from_dir  # noqa: PLC0415 (the same)

    catalog = Catalog(domain=DOMAIN.name, fuzzy=False)
    for filename, lineno, message, comments, _context in extract_from_dir(
            source, method_map=[("*.py", "python")], keywords={"_": None},
            comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, locations=[(f"companion/cli/{filename}", lineno)],
                    auto_comments=comments)
    for text in ARGPARSE_ERRORS:
        catalog.add(text, auto_comments=["argparse's own (companion.cli.words.ARGPARSE_ERRORS)"])
    return catalog


def read(domain: Domain = DOMAIN) -> Catalog:
    """The ``.po`` of ``domain``, as Babel reads it."""
    from babel.messages.pofile import read_po  # noqa: PLC0415 (Babel: a tool's, not the companion's)

    with domain.po(LANG).open("rb") as file:
        return read_po(file, locale=LANG, domain=domain.name)


def update(domain: Domain = DOMAIN, source: Path = SOURCE) -> None:
    """Merge the strings of ``source`` into the ``.po`` (a new one made if there is none)."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 (Babel: a tool's, not the companion's)
    from babel.messages.pofile import write_po  # noqa: PLC0415 (the same)

    po = domain.po(LANG)
    if po.exists():
        catalog = read(domain)
    else:
        catalog = Catalog(locale=LANG, domain=domain.name, fuzzy=False, project="companion",
                          header_comment=f"# The French of the companion's {domain.name} catalogue.",
                          last_translator="companion", language_team="companion")
        # French's two plural forms as gettext has always had them (the CLDR's newer three are
        # not what translators of the command line expect).
        catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    catalog.update(template(source), update_creation_date=False)
    catalog.project, catalog.version = "companion", version()
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as file:
        # No line numbers (they would change with every edit of the code) and no "#|" previous
        # English (Babel reads its wrapped lines back as comments): a fuzzy entry keeps its old
        # French, and the diff shows what changed.
        write_po(file, catalog, width=100, include_lineno=False, ignore_obsolete=True)


def compiled(domain: Domain = DOMAIN) -> bytes:
    """The ``.mo`` the ``.po`` compiles to (fuzzy entries left out: they speak English)."""
    from babel.messages.mofile import write_mo  # noqa: PLC0415 (Babel: a tool's, not the companion's)

    out = io.BytesIO()
    write_mo(out, read(domain), use_fuzzy=False)
    return out.getvalue()


def compile_mo(domain: Domain = DOMAIN) -> None:
    """Write the ``.mo`` of the ``.po``."""
    domain.mo(LANG).write_bytes(compiled(domain))


def translated(mo: bytes) -> dict[str, str]:
    """What a compiled catalogue says: each English (the header left out) and its translation."""
    from babel.messages.mofile import read_mo  # noqa: PLC0415 (Babel: a tool's, not the companion's)

    return {str(message.id): str(message.string) for message in read_mo(io.BytesIO(mo)) if message.id}


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text``, sorted.

    >>> placeholders("%(prog)s: error: %(message)s {x} 100%%")
    ['%%', '%(message)s', '%(prog)s', '{x}']
    """
    return sorted(PLACEHOLDER.findall(text))


def problems(domain: Domain = DOMAIN, source: Path = SOURCE) -> list[str]:
    """What is wrong with the catalogue: each a line; none when it is whole and compiled."""
    catalog = read(domain)
    said: list[str] = []
    for message in template(source):
        if message.id and message.id not in catalog:
            said.append(f"missing from {domain.po(LANG).name}: {message.id!r}")
    for message in catalog:
        if not message.id:
            continue
        english, french = str(message.id), str(message.string)
        if not french:
            said.append(f"untranslated: {english!r}")
        elif message.fuzzy:
            said.append(f"fuzzy (its English changed): {english!r}")
        elif placeholders(english) != placeholders(french):
            said.append(f"other placeholders than its English: {english!r} -> {french!r}")
    try:
        stale = translated(domain.mo(LANG).read_bytes()) != translated(compiled(domain))
    except OSError as error:
        said.append(f"no compiled catalogue: {error}")
    else:
        if stale:
            said.append(f"{domain.mo(LANG).name} is stale: run `python -m companion.cli.words_tool compile`")
    return said


def main(argv: Sequence[str] | None = None) -> int:
    """``update``, ``compile`` or ``check`` the command line's catalogue; return the exit status."""
    command = list(sys.argv[1:] if argv is None else argv)
    if command == ["update"]:
        update()
    elif command == ["compile"]:
        compile_mo()
    elif command == ["check"]:
        said = problems()
        for line in said:
            print(line, file=sys.stderr)
        return 1 if said else 0
    else:
        print("usage: python -m companion.cli.words_tool update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
