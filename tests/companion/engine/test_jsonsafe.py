"""The bounded JSON reader: nothing a stranger or a damaged file sends ends other than in MalformedInput."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from companion.engine.jsonsafe import MAX_DEPTH, ascii_number, depth, read_json
from companion.errors import MalformedInput


def test_thirty_thousand_brackets_are_refused_as_nested_before_json_reads_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Refused by counting brackets, before json's recursive reader could overflow the stack (and
    # without a clock: timed tests say more about the machine than the code).
    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("json.loads was asked")

    monkeypatch.setattr("companion.engine.jsonsafe.json.loads", never)
    for text in ("[" * 30_000, "{\"a\":" * 10_000, "[" * 30_000 + "]" * 30_000):
        with pytest.raises(MalformedInput) as caught:
            read_json(text)
        assert caught.value.text.fr == "JSON invalide : imbriqué trop profondément"


def test_nesting_up_to_the_bound_is_read_and_brackets_in_strings_do_not_count() -> None:
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(MalformedInput):
        read_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    text = json.dumps({"name": "[" * 500 + "\\\"{" * 50})
    assert depth(text) == 1
    assert read_json(text) == {"name": "[" * 500 + "\\\"{" * 50}


@pytest.mark.parametrize(("text", "fr"), [
    ("9" * 5000, "JSON invalide : un nombre de trop de chiffres"),
    ("-" + "9" * 41, "JSON invalide : un nombre de trop de chiffres"),
    ("1." + "5" * 60, "JSON invalide : un nombre de trop de chiffres"),
    ("NaN", "JSON invalide : NaN n'est pas un nombre JSON"),
    ('{"count": -Infinity}', "JSON invalide : -Infinity n'est pas un nombre JSON"),
    (" " * 70_000, "un texte JSON de plus de 65536 caractères"),
])
def test_what_json_would_accept_or_choke_on_is_refused_in_both_languages(text: str, fr: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        read_json(text)
    assert caught.value.text.fr == fr


def test_bytes_are_utf8_with_an_optional_byte_order_mark() -> None:
    assert read_json(b'\xef\xbb\xbf{"a": "caf\xc3\xa9"}\n') == {"a": "café"}
    with pytest.raises(MalformedInput, match="not UTF-8 text at byte 7"):
        read_json(b'{"a": \xff}')


@pytest.mark.parametrize(("value", "number"), [
    ("3", 3), (" 12 ", 12), (7, 7), ("²", None), ("٣", None), ("３", None), ("", None), (True, None),
    ("1" * 41, None), (3.0, None), ("-1", None), (None, None),
])
def test_only_ascii_digits_make_a_number(value: object, number: int | None) -> None:
    assert ascii_number(value) == number


def test_random_damage_to_record_lines_only_ever_gives_malformed_input() -> None:
    """Bytes flipped, cut and repeated in real lines: a value or MalformedInput, nothing else."""
    rng = random.Random(64)
    lines = [
        '{"record": 1, "game": "tranquility", "players": 3, "options": {"variant": "base"}}',
        '{"type": "place", "card": "T42", "at": "r2c3", "source": "camera", "confidence": 0.93}',
        '{"type": "start_discards", "counts": {"1": 2, "2": 0}}',
    ]
    alphabet = '[]{}",:0123456789.eE-+ \\u²٣３NaI\x00\n'
    for _ in range(3000):
        chars = list(rng.choice(lines))
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(chars))
            action = rng.randrange(3)
            if action == 0:
                chars[at] = rng.choice(alphabet)
            elif action == 1:
                del chars[at:at + rng.randint(1, 5)]
            else:
                chars[at:at] = list(rng.choice(alphabet) * rng.randint(1, 40))
            if not chars:
                chars = ["["]
        with contextlib.suppress(MalformedInput):
            read_json("".join(chars))
