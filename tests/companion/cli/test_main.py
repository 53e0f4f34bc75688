"""The command line: golden replays, bad input, the demo and the benchmark."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli.main import main
from companion.cli.progress import Progress
from companion.engine.spec import GameSpec, register, unregister
from companion.text import Both

GOLDEN_GAMES = ["won-3p", "lost-2p-removed4", "flags-4p", "ascension-won-3p", "ascension-lost-5p",
                "ascension-modules-4p", "ascension-solo", "crew-won-4p", "crew-lost-task-5p",
                "crew-lost-revoke-4p", "crew-tonoja-2p", "rixes-won", "rixes-lost", "rixes-advanced-breach",
                "rixes-bn-pile-page"]
#: Mers agitées, one game per module (T13 to T16).
GOLDEN_GAMES += ["tranquility-reef", "tranquility-monsters", "tranquility-storms"]
GOLDEN_GAMES += ["tranquility-competition"]
GOLDEN_GAMES += ["tranquility-arch", "tranquility-day-night"]  # T17, T19
GOLDEN_GAMES += ["tranquility-pyramid"]  # T18


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_golden_replay_in_words_ends_with_the_outcome(name: str, lang: str, golden: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # A trick game's seats hold no deck: the closing counts once crashed on The Crew and Rixes.
    assert main(["replay", "--lang", lang, str(golden / f"{name}.jsonl")]) == 0
    out = capsys.readouterr().out
    events = len((golden / f"{name}.rulings.jsonl").read_text(encoding="utf-8").splitlines()) - 1
    assert out.count("\n") > events and ("Issue" if lang == "fr" else "Outcome") in out


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_golden_replay_json_line_by_line(name: str, golden: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(golden / f"{name}.jsonl")])
    out = capsys.readouterr().out.splitlines()
    expected = (golden / f"{name}.rulings.jsonl").read_text(encoding="utf-8").splitlines()
    assert status == 0
    assert len(out) == len(expected)
    for got, want in zip(out, expected, strict=True):
        assert json.loads(got) == json.loads(want)


def test_golden_games_cover_what_the_issue_asks(golden: Path) -> None:
    outcomes = {name: json.loads((golden / f"{name}.rulings.jsonl").read_text().splitlines()[-1])["outcome"]
                for name in GOLDEN_GAMES}
    assert outcomes == {"won-3p": "won", "lost-2p-removed4": "lost", "flags-4p": "lost",
                        "ascension-won-3p": "won", "ascension-lost-5p": "lost",
                        "ascension-modules-4p": "lost", "ascension-solo": "lost", "crew-won-4p": "won",
                        "crew-lost-task-5p": "lost", "crew-lost-revoke-4p": "lost", "crew-tonoja-2p": "won",
                        "rixes-won": "won", "rixes-lost": "lost", "rixes-advanced-breach": "lost",
                        "rixes-bn-pile-page": "lost",
                        "tranquility-reef": "lost", "tranquility-monsters": "won",
                        "tranquility-storms": "lost",
                        "tranquility-competition": "won",
                        "tranquility-arch": "won", "tranquility-day-night": "won",
                        "tranquility-pyramid": "won"}

    def types(name: str) -> set[str]:
        return {json.loads(line)["type"] for line in (golden / f"{name}.jsonl").read_text().splitlines()[1:]}

    def refused(name: str) -> set[str]:
        lines = (golden / f"{name}.rulings.jsonl").read_text().splitlines()[:-1]
        return {r["rule"] for r in map(json.loads, lines) if not r["legal"]}

    assert {"take_back", "override", "undo"} <= types("flags-4p")
    assert refused("flags-4p") >= {"T2", "C1"}
    assert {"take_back", "override", "undo", "herd", "campfire"} <= types("ascension-modules-4p")
    assert refused("ascension-modules-4p") >= {"A2", "C1", "C3"}
    assert "grapple" in types("ascension-solo")
    state = json.loads((golden / "ascension-modules-4p.rulings.jsonl").read_text().splitlines()[-1])["state"]
    assert {"green_path", "sequences", "ibex_by_row"} <= set(state)

    def rulings(name: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in (golden / f"{name}.rulings.jsonl").read_text().splitlines()[:-1]]

    # The Crew: lost on a task failed, lost on a revoke proved a trick later, Tonoja's row played.
    statuses = {status for r in rulings("crew-lost-task-5p") for status in r.get("tasks", {}).values()}
    assert "FAILED" in statuses
    proof = [r for r in rulings("crew-lost-revoke-4p") if "breach" in r]
    assert [r["rule"] for r in proof] == ["CR11"] and proof[0]["breach"] < proof[0]["seq"]
    # Rixes: a player wins with 15 gold or more, Barbe Noire wins, advanced weapons provoke as a
    # type and a revoke is proved later, Barbe Noire's pile played by the companion.
    final = json.loads((golden / "rixes-won.rulings.jsonl").read_text().splitlines()[-1])["state"]
    assert final["winner"] in (1, 2) and final["gold"][str(final["winner"])] >= 15
    assert any('"as"' in line for line in (golden / "rixes-advanced-breach.jsonl").read_text().splitlines())
    proof = [r for r in rulings("rixes-advanced-breach") if "breach" in r]
    assert proof and all(r["rule"] == "RX7" and r["breach"] < r["seq"] for r in proof)
    assert "effect" in types("rixes-advanced-breach") and {"effect", "recruit"} <= types("rixes-won")
    assert {r.get("winner") for r in rulings("rixes-lost") if "winner" in r} >= {0, 1, 2}
    engine = [json.loads(line) for line in (golden / "rixes-bn-pile-page.jsonl").read_text().splitlines()[1:]]
    assert {line.get("source") for line in engine if line.get("player") == 0} == {"engine"}
    assert {"sonar", "take_back", "undo"} <= types("crew-lost-revoke-4p")
    header = json.loads((golden / "crew-tonoja-2p.jsonl").read_text().splitlines()[0])
    assert header["tonoja"] == 3 and len(header["tonoja_row"]) == 7
    lines = (golden / "crew-tonoja-2p.jsonl").read_text().splitlines()[1:]
    assert any(line.get("at", "").startswith("r") for line in map(json.loads, lines))


def test_readable_replay_in_french(golden: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--lang", "fr", str(golden / "won-3p.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "Issue : gagnée" in out
    assert "joueur 1 : pioche" in out


def test_replay_from_standard_input(golden: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO((golden / "won-3p.jsonl").read_text()))
    assert main(["replay", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["outcome"] == "won"


@pytest.mark.parametrize(("bad", "reason"), [
    ("{not json", "line 4: not valid JSON at column 2"),
    # Cut short: the place is the line's end, not the start of the next line json would expect.
    ('{"type": "play", ', "line 4: not valid JSON at column 18"),
    ('{"type": "play", "card": "99", "at": "a1"}', "line 4: unknown card '99'"),
    ('{"type": "play", "card": "9", "at": "a9"}', "line 4: unknown cell 'a9'"),
    ('{"type": "play", "at": "a1"}', "line 4: missing field 'card'"),
])
def test_malformed_line_stops_with_status_2_after_earlier_rulings(
    bad: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([
        '{"record": 1, "game": "tranquility", "players": 3}',
        '{"type": "play", "card": "10", "at": "b1"}',
        '{"type": "discard", "count": 2}',
        bad,
        '{"type": "discard", "count": 2}',
    ]) + "\n")
    assert main(["replay", "--json", str(path)]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["seq"] for line in captured.out.splitlines()] == [1, 2]
    assert captured.err.strip().startswith(reason)
    assert "Traceback" not in captured.err


def test_malformed_line_message_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"record": 1, "game": "tranquility", "players": 3}\n{"type": "jump"}\n')
    assert main(["replay", "--lang", "fr", str(path)]) == 2
    assert capsys.readouterr().err.strip() == "ligne 2 : type d'événement inconnu « jump »"


def test_missing_file_and_bad_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"record": 1, "game": "tranquility", "players": 3, "names": ["\xe9", "b", "c"]}\n')
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == "line 1: not UTF-8 text at byte 63"


def test_a_stray_byte_stops_the_replay_at_its_line_after_the_rulings_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A byte-order mark (a Windows editor's) is no stray byte.
    record = ("\ufeff" + "\n".join([
        '{"record": 1, "game": "tranquility", "players": 3}',
        '{"type": "play", "card": "10", "at": "b1"}',
        '{"type": "discard", "count": 2}',
    ]) + "\n").encode() + b'{"type": "discard", "count": \xff}\n{"type": "discard", "count": 2}\n'
    path = tmp_path / "stray.jsonl"
    path.write_bytes(record)
    assert main(["replay", "--json", "--lang", "fr", str(path)]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["seq"] for line in captured.out.splitlines()] == [1, 2]
    assert captured.err.strip() == "ligne 4 : pas du texte UTF-8 à l'octet 30"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(record)))
    assert main(["replay", "--json", "-"]) == 2
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2 and captured.err.startswith("line 4: ")


def test_bundled_record_referees_a_whole_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    # `companion demo` is now the live loop (tests/companion/cli/test_live.py); the record stays.
    record = Path(__file__).parents[3] / "companion" / "data" / "tranquility-demo.jsonl"
    assert main(["replay", "--lang", "en", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Outcome: won" in out
    assert " NO " in out  # the demo shows refused placements being flagged
    assert "taken back" in out


def test_bench_prints_both_figures_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--seconds", "0.05", "--json"]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["game"] for r in results] == ["tranquility", "ascension", "crew", "rixes"]
    assert [r["players"] for r in results] == [3, 3, 3, 2]  # Rixes: two players
    for result in results:
        assert result["checks"] > 0 and result["games"] > 0
        assert 0 < result["legal_share"] < 1


def test_bench_one_game_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--game", "ascension", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "L'Ascension" in out and "legality checks" in out and "Tranquillité, one" not in out


def test_bench_rules_with_options_and_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--game", "tranquility", "--seconds", "0.05", "--option", "storms=true",
                 "--players", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["options"] == {"storms": True} and result["players"] == 2 and result["games"] > 0


@pytest.mark.parametrize("option", ["reef=true", "monsters=2", "colour=blue"])
def test_bench_rules_says_a_bad_option_before_timing(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--game", "tranquility", "--option", option]) == 2
    err = capsys.readouterr().err
    assert err and "Traceback" not in err


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_bench_refuses_a_time_that_is_no_time(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--seconds", seconds]) == 2
    assert capsys.readouterr().err.startswith("bad value for '--seconds'")


def test_bench_rules_of_a_game_without_rules_engine(capsys: pytest.CaptureFixture[str]) -> None:
    # Every shipped game is refereed: a game read by the camera alone is made up here.
    register(GameSpec(name="unruled", title=Both("Unruled", "Sans règles")))
    try:
        assert main(["bench", "rules", "--game", "unruled", "--seconds", "0.05"]) == 2
    finally:
        unregister("unruled")
    err = capsys.readouterr().err
    assert "unruled" in err and "tranquility" in err and "rixes" in err and "Traceback" not in err


def test_replay_of_an_endless_line_stops_with_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    """``replay /dev/zero`` once grew without bound: a line is read up to its limit, then refused."""
    assert main(["replay", "/dev/zero", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "ligne 1" in err and "une ligne de plus de 262144 octets" in err and "Traceback" not in err


def test_a_progress_bar_is_drawn_on_a_terminal_only() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet, shown = io.StringIO(), Terminal()
    for stream in (quiet, shown):
        with Progress("scenes", 3, stream) as bar:
            for _ in range(3):
                bar.step()
    assert quiet.getvalue() == ""
    lines = shown.getvalue().split("\r")
    assert lines[1].startswith("scenes [") and " 1/3 " in lines[1] and "left" in lines[1]
    assert " 3/3 " in lines[-1] and lines[-1].endswith("\n")
