"""The command line's words in the user's language: its help, and argparse's own, through the
``cli`` gettext catalogue (``companion/cli/locale/fr/LC_MESSAGES/cli.po``).

The English stays in the code as the message id, marked ``_("...")`` where it is written;
:func:`companion.cli.parsers.build_parser` calls :func:`use` with the language
:func:`companion.cli.main.main` found asked, before any help is written, so that every ``_()``
speaks it. :class:`Parser` and :class:`HelpFormatter` say argparse's own words (usage, headings,
errors) in it too. Only the standard library runs here: Babel extracts, updates, compiles and
checks the catalogue (``python -m companion.cli.words_tool``).

>>> use("en"); _("options")
'options'
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from companion.catalogues import Domain, translations
from companion.text import Lang

#: The command line's catalogue.
DOMAIN = Domain("cli", Path(__file__).parent)

#: The language in use: one process, one user, one language (set once, before the parser is built).
_IN_USE: dict[str, Lang] = {"lang": "en"}

#: argparse's own error texts, as the standard library writes them (Python 3.11): argparse says
#: them through the module-level ``gettext`` of the ``argparse`` domain, never through ours, so
#: :func:`argparse_said` reads its English back by these templates and says it again in ours. They
#: are in the catalogue beside the strings marked ``_()`` (the catalogue tool adds them); a text
#: argparse words otherwise (another Python) stays English.
ARGPARSE_ERRORS = (
    "argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s",
    "one of the arguments %s is required",
    "unrecognized arguments: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "ambiguous option: %(option)s could match %(matches)s",
    "not allowed with argument %s",
    "ignored explicit argument %r",
)


def use(lang: Lang) -> None:
    """Speak ``lang`` from now on (call it before building the parser)."""
    _IN_USE["lang"] = lang


def in_use() -> Lang:
    """The language the command line speaks now."""
    return _IN_USE["lang"]


def _(english: str) -> str:
    """``english`` in the language in use (itself where the catalogue lacks it)."""
    return translations(DOMAIN, _IN_USE["lang"]).gettext(english)


def argparse_said(message: str) -> str:
    """argparse's error ``message`` (English) in the language in use, an argument's message
    translated too; a message it does not know is left as it is.

    >>> use("en"); argparse_said("argument --lang: expected one argument")
    'argument --lang: expected one argument'
    """
    for english, pattern in _patterns():
        found = pattern.fullmatch(message)
        if found is not None:
            said = {name: argparse_said(value) if name == "message" else value
                    for name, value in found.groupdict().items()}
            return _fill(_(english), said)
    return message


def _fill(template: str, said: dict[str, str]) -> str:
    """``template`` with its fields as argparse said them (a %r quoted already): each goes in as
    it is, an unnamed ``%s`` or ``%r`` as the group ``_``."""
    return _FIELD.sub(lambda field: said[field.group(1) or "_"], template)


#: A field of a %-template: ``%(name)s``, ``%(name)r`` (its name the group), ``%s`` or ``%r``.
_FIELD = re.compile(r"%(?:\((\w+)\))?[sr]")


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template of :data:`ARGPARSE_ERRORS` as a pattern of its English, its fields groups."""
    def pattern(template: str) -> re.Pattern[str]:
        parts = _FIELD.split(template)[::2]  # the English between the fields
        names = [found.group(1) or "_" for found in _FIELD.finditer(template)]
        regex = re.escape(parts[0]) + "".join(f"(?P<{name}>.*?){re.escape(part)}"
                                              for name, part in zip(names, parts[1:], strict=True))
        return re.compile(regex, re.DOTALL)
    return tuple((template, pattern(template)) for template in ARGPARSE_ERRORS)


class HelpFormatter(argparse.HelpFormatter):
    """Help that ends each option's text with its default, where it has a telling one, and
    opens the usage in the language in use."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        """The option's help, ``(default: ...)`` added unless it says its default already."""
        text = action.help or ""
        # Translators: the word of a help that tells its own default (French: "défaut").
        told = _("default")
        # A default of None, False or nothing says nothing (0 says something: `is`, not `==`).
        quiet = any(action.default is nothing for nothing in (None, False, argparse.SUPPRESS)) \
            or action.default == [] or "default" in text or told in text
        if quiet or not (action.option_strings or action.nargs in ("?", "*")):
            return text
        return f"{text} " + _("(default: %(default)s)")

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        """The usage, opened by its word in the language in use."""
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        """A section of the help under ``heading``, its colon as the language in use writes it
        (argparse adds a bare ``:``; French puts a space before it)."""
        if heading:
            # Translators: a heading of the help, and its colon (French: "{heading} :").
            heading = _("{heading}:").format(heading=heading).removesuffix(":")
        super().start_section(heading)


class Parser(argparse.ArgumentParser):
    """argparse's parser, its own words in the language in use.

    argparse says them through the ``argparse`` gettext domain of the module-level ``gettext``,
    which no catalogue of ours feeds; rather than rebind ``argparse._`` (a private name, for the
    whole process), the parser names its groups and its ``-h`` itself, :class:`HelpFormatter`
    its usage, and :meth:`error` says argparse's errors again (:func:`argparse_said`).
    Subcommands' parsers are of this class too (argparse makes them of their parent's).
    """

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        super().__init__(add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in the language in use to standard error; exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, _("%(prog)s: error: %(message)s\n") % {"prog": self.prog,
                                                             "message": argparse_said(message)})
