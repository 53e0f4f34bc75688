"""Reading, writing and replaying records."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from companion.engine.events import Discard, Play
from companion.engine.jsonsafe import JSON_MESSAGES
from companion.engine.record import (
    Header,
    Replay,
    outcome_json,
    parse_line,
    read_record,
    write_record,
)
from companion.errors import MalformedInput, UnknownGame
from companion.games.tranquility.events import StartDiscards

HEADER = '{"record": 1, "game": "tranquility", "players": 3}'


def record(*lines: str) -> io.StringIO:
    return io.StringIO("\n".join(lines) + "\n")


def test_write_then_read_gives_the_same_events() -> None:
    header = Header("tranquility", 3, {"removed": 4}, ["Ana", "Bo", "Cy"])
    events = [Play("12", "b1", player=1), Discard(2), StartDiscards.of({1: 8})]
    out = io.StringIO()
    write_record(out, header, events)
    out.seek(0)
    read_header, lines = read_record(out)
    assert read_header == header
    assert [event for _, event in lines] == events


def test_seq_counts_the_header_as_zero_and_blank_lines_are_skipped_but_counted() -> None:
    steps = list(Replay(record(HEADER, '{"type": "discard"}', "", '{"type": "discard"}')))
    assert [step.seq for step in steps] == [1, 3]


def test_an_unsure_line_is_reported_and_the_replay_goes_on() -> None:
    run = Replay(record(HEADER, '{"type": "play", "card": null, "at": "c3"}', '{"type": "discard"}',
                        '{"type": "play", "card": "back", "at": "d3"}'))
    steps = list(run)
    assert [(s.seq, s.ruling.legal, s.ruling.rule) for s in steps] == [
        (1, False, "G2"), (2, True, None), (3, False, "G2")]
    assert steps[0].event is None
    assert run.game.flagged == ()  # nothing ruled, nothing flagged
    assert run.game.turn == 2


HEADERS: list[tuple[str, str, int]] = [
    ("", "empty", 1),
    ("\n\n", "empty", 1),
    ("not json", "JSON", 1),
    ('{"type": "play"}', "header", 1),
    ('{"record": 2, "game": "tranquility", "players": 3}', "format 2", 1),
    ('{"record": 1, "game": "chess", "players": 2}', "unknown game 'chess'", 1),
    ('{"record": 1, "game": "tranquility"}', "'players'", 1),
    ('{"record": 1, "game": "tranquility", "players": "3"}', "'players'", 1),
    ('{"record": 1, "game": "tranquility", "players": 6}', "1 to 5 players", 1),
    ('{"record": 1, "game": "tranquility", "players": 3, "options": {"removed": 5}}', "removed", 1),
    ('{"record": 1, "game": "tranquility", "players": 3, "options": {"colour": 1}}', "colour", 1),
    ('{"record": 1, "game": "tranquility", "players": 3, "options": []}', "'options'", 1),
    ('{"record": 1, "game": "tranquility", "players": 2, "names": ["Ana"]}', "'names'", 1),
    ('{"record": 1, "game": "tranquility", "players": 2, "decks": [44, 41]}', "deck sizes", 1),
    ('\n{"record": 1, "game": "tranquility", "players": 0}', "1 to 5 players", 2),
]


@pytest.mark.parametrize(("text", "reason", "line"), HEADERS, ids=[h[0][:40] for h in HEADERS])
def test_bad_headers_are_malformed_with_their_line(text: str, reason: str, line: int) -> None:
    with pytest.raises(MalformedInput) as caught:
        read_record(io.StringIO(text))
    assert reason in str(caught.value)
    assert caught.value.line == line


def test_an_unknown_game_is_its_own_error() -> None:
    with pytest.raises(UnknownGame):
        read_record(io.StringIO('{"record": 1, "game": "chess", "players": 2}'))


def test_decks_in_the_header_set_the_deck_counts() -> None:
    header, _ = read_record(io.StringIO(
        '{"record": 1, "game": "tranquility", "players": 3, "decks": [28, 29, 28]}'))
    game = header.new_game()
    assert [seat["deck"] for seat in game.state_json()["seats"]] == [24, 25, 24]


@pytest.mark.parametrize(("line", "reason"), [
    ('{"type": "play", "card": "81", "at": "a1"}', "unknown card '81'"),
    ('{"type": "play", "card": "12", "at": "g7"}', "unknown cell 'g7'"),
    ('{"type": "take_back", "at": "z9"}', "unknown cell 'z9'"),
    ('{"type": "discard", "player": 4}', "no seat 4"),
    ('{"type": "start_discards", "counts": {"9": 8}}', "no seat 9"),
    ('{"type": "play", "card": "12"', "JSON"),
])
def test_a_malformed_event_stops_the_replay_at_its_line(line: str, reason: str) -> None:
    run = Replay(record(HEADER, '{"type": "discard"}', line, '{"type": "discard"}'))
    seen: list[int] = []
    with pytest.raises(MalformedInput) as caught:
        seen.extend(step.seq for step in run)
    assert seen == [1]
    assert caught.value.line == 3
    assert reason in str(caught.value)


def test_outcome_line_shows_cells_and_counts() -> None:
    run = Replay(record(HEADER, '{"type": "play", "card": "12", "at": "c1"}'))
    list(run)
    line: dict[str, Any] = outcome_json(run.game)
    assert line["outcome"] == "ongoing"
    assert line["state"]["cells"] == {"c1": "12"}
    assert line["state"]["seats"][0] == {"seat": 1, "deck": 23, "hand": 5, "discard": 0}
    json.dumps(line)


@pytest.mark.parametrize(("line", "fr"), [
    ("", "à la colonne 1 : une valeur était attendue"),
    ("{", "à la colonne 2 : un nom entre guillemets droits était attendu"),
    ('{"a" 1}', "à la colonne 6 : un « : » était attendu"),
    ('{"a": 1 "b": 2}', "à la colonne 9 : une « , » était attendue"),
    ('"abc', "à la colonne 1 : une chaîne n'est pas fermée"),
    ('"a\x01"', "à la colonne 3 : un caractère de contrôle dans une chaîne"),
    ('"\\q"', "à la colonne 2 : un échappement \\ invalide"),
    ('"\\u12"', "à la colonne 3 : un échappement \\uXXXX invalide"),
    ("{} x", "à la colonne 4 : du texte après la valeur JSON"),
    ("[" * 5000, ": imbriqué trop profondément"),
    ("1" * 5000, ": un nombre de trop de chiffres"),
])
def test_what_json_says_of_a_bad_line_is_said_in_both_languages(line: str, fr: str) -> None:
    """Every message json gives for a line, in French too: none left in json's English."""
    with pytest.raises(MalformedInput) as caught:
        parse_line(line)
    assert caught.value.text.fr == "JSON invalide " + fr
    assert not any(said in caught.value.text.en for said in JSON_MESSAGES)
