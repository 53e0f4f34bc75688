"""The one bounded JSON reader: every page request, record line and stored row is decoded here.

Python's ``json`` trusts its input: 30,000 nested ``[`` end in
``RecursionError``, a number of 100,000 digits in a slow conversion and a
``ValueError``, ``NaN`` is accepted although JSON has none. A stranger on the
network, a damaged file or a broken store row must only ever get a clear
:class:`~companion.errors.MalformedInput`, in both languages, so this reader
checks size and depth before decoding and refuses what no record line needs.

>>> read_json('{"type": "discard", "count": 2}')
{'type': 'discard', 'count': 2}
>>> read_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
companion.errors.MalformedInput: not valid JSON: nested too deeply
>>> ascii_number("３") is None, ascii_number(" 12 ")
(True, 12)
"""

from __future__ import annotations

import json
import re

from companion.errors import MalformedInput
from companion.text import Text

#: Deepest nesting accepted: a record line or a page request is an object of
#: shallow objects and lists (3 levels); options may nest a little more.
MAX_DEPTH = 16
#: Longest text accepted, in characters: a record line is well under 1 KB.
MAX_CHARS = 64 * 1024
#: Most digits in one number: seats, counts, seeds and stamps need far fewer.
MAX_DIGITS = 40

#: json's messages (each up to its place, which the column says) and theirs in both languages.
JSON_MESSAGES = {
    "Expecting value": "json_value",
    "Expecting property name enclosed in double quotes": "json_name",
    "Expecting ':' delimiter": "json_colon",
    "Expecting ',' delimiter": "json_comma",
    "Unterminated string starting": "json_unterminated",
    "Invalid control character": "json_control",
    "Invalid \\escape": "json_escape",
    "Invalid \\uXXXX escape": "json_u_escape",
    "Extra data": "json_extra",
}

# A string (skipped whole, so that brackets inside it do not count) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets inside strings do not count).

    >>> depth('{"a": [1, {"b": "]]]"}]}')
    3
    """
    level = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            level += 1
            deepest = max(deepest, level)
        elif token in "]}":
            level -= 1
    return deepest


def _number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise MalformedInput(Text("bad_json", detail=Text("json_digits")))
    return int(digits)


def _decimal(digits: str) -> float:
    if len(digits) > MAX_DIGITS + 8:
        raise MalformedInput(Text("bad_json", detail=Text("json_digits")))
    return float(digits)


def _constant(name: str) -> float:
    # NaN and Infinity are Python's extensions, not JSON.
    raise MalformedInput(Text("bad_json", detail=Text("json_constant", name=name)))


def read_json(text: str | bytes, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> object:
    """Decode one JSON text within the bounds, or raise :class:`MalformedInput` said in both languages.

    Bytes must be UTF-8 (a byte-order mark is dropped). A trailing line break is
    not part of the value.

    >>> read_json('{"type": "play" "card": "7"}')
    Traceback (most recent call last):
    companion.errors.MalformedInput: not valid JSON at column 17: a ',' was expected
    """
    if isinstance(text, bytes):
        if len(text) > 4 * max_chars:
            raise MalformedInput(Text("json_too_long", limit=max_chars))
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise MalformedInput(Text("not_utf8", byte=error.start + 1)) from None
    # Without its line break: json would place a line cut short at the start of a next line.
    text = text.rstrip("\r\n")
    if len(text) > max_chars:
        raise MalformedInput(Text("json_too_long", limit=max_chars))
    if depth(text) > max_depth:
        raise MalformedInput(Text("bad_json", detail=Text("json_nested")))
    try:
        return json.loads(text, parse_int=_number, parse_float=_decimal, parse_constant=_constant)
    except json.JSONDecodeError as error:
        # json's own message ends where it would name the place ("Invalid control character
        # at", "Invalid \\escape: 'q'"): the column says it. One json may add later stays as it is.
        said = error.msg.split(": ")[0].removesuffix(" at")
        key = JSON_MESSAGES.get(said)
        raise MalformedInput(Text("bad_json_at", column=error.colno,
                                  detail=Text(key) if key else said)) from None
    except RecursionError:
        # Unreachable below MAX_DEPTH; kept so that no bound set by a caller can crash.
        raise MalformedInput(Text("bad_json", detail=Text("json_nested"))) from None


def ascii_number(value: object) -> int | None:
    """``value`` as a whole number when it is one, or a text of ASCII digits; else None.

    ``str.isdigit`` also says yes to ``²``, ``٣`` and ``３``: a seat or a count is
    written with the digits 0-9 only.

    >>> ascii_number("²"), ascii_number("٣"), ascii_number(3), ascii_number(True), ascii_number("07")
    (None, None, 3, None, 7)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = value.strip()
        if digits and len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit():
            return int(digits)
    return None
