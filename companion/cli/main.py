"""The ``companion`` command line."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from companion.app.bench import bench_rules, benched
from companion.cli.doctor import add_commands as add_hardware_commands
from companion.cli.lang import default_lang, lang_option
from companion.cli.live import add_commands as add_live_commands
from companion.cli.vision import (
    BENCH_FRAMES,
    FINDER_HELP,
    FINDER_METAVAR,
    TARGET_CARDS,
    add_commands,
    refiner_option,
    run_bench_vision,
)
from companion.cli.watch import add_commands as add_watch_commands
from companion.cli.watch import run_bench_watch
from companion.engine.events import Event, Play, TakeBack
from companion.engine.game import Game
from companion.engine.record import Replay, outcome_json, text_lines
from companion.engine.spec import find_spec, in_order
from companion.errors import CompanionError, MalformedInput
from companion.text import Lang, Text, os_reason


class HelpFormatter(argparse.HelpFormatter):
    """Help that ends each option's text with its default, where it has a telling one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        """The option's help, ``(default: ...)`` added unless it says its default already."""
        text = action.help or ""
        # A default of None, False or nothing says nothing (0 says something: `is`, not `==`).
        quiet = any(action.default is nothing for nothing in (None, False, argparse.SUPPRESS)) \
            or action.default == [] or "default" in text
        if quiet or not (action.option_strings or action.nargs in ("?", "*")):
            return text
        return f"{text} (default: %(default)s)"


def version() -> str:
    """The installed companion's version, or ``unknown`` where it was never installed."""
    try:
        return metadata.version("companion")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        # Bare `companion`: what it can do, not an error.
        parser.print_help()
        return 0
    try:
        status: int = args.run(args)
        return status
    except BrokenPipeError:
        # Output piped into `head` and the like: stop quietly.
        sys.stderr.close()
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", formatter_class=HelpFormatter,
                                     description="A referee for card games played on a real table.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}",
                        help="print the companion's version and exit")
    sub = parser.add_subparsers(metavar="COMMAND")

    replay = sub.add_parser("replay", help="replay a game record and print one ruling per event")
    replay.add_argument("file", metavar="FILE", help="a record (JSON Lines), or - for standard input")
    _output_options(replay)
    replay.set_defaults(run=_run_replay)

    bench = sub.add_parser("bench", help="measure speed")
    bench.add_argument("what", choices=["rules", "vision", "watch"], help="what to measure")
    bench.add_argument("--game", choices=[spec.name for spec in in_order()], action="append",
                       help="the game to measure (default: every game for rules, Tranquillité for vision; "
                       "may be repeated)")
    bench.add_argument("--model", type=Path, help="bench vision: an ONNX model (default: the shipped one)")
    bench.add_argument("--finder", default=None, metavar=FINDER_METAVAR,
                       help=f"bench vision: {FINDER_HELP}; bench watch: how the watcher finds the table "
                       "(both, the default as camera.finder, network, contours or a file)")
    refiner_option(bench)
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    bench.add_argument("--frames", type=int, default=BENCH_FRAMES,
                       help=f"bench vision: how many frames holding {TARGET_CARDS} cards to time "
                       f"(default {BENCH_FRAMES})")
    bench.add_argument("--seed", type=int, default=0, help="the seed of the simulated games and scenes")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.set_defaults(run=_run_bench)

    add_commands(sub)
    add_hardware_commands(sub)
    add_live_commands(sub)
    add_watch_commands(sub)
    for command in sub.choices.values():
        command.formatter_class = HelpFormatter
    return parser


def _output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true",
                        help="print the ruling lines of RECORD.md, then the outcome line")
    lang_option(parser)


def _run_replay(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or default_lang()
    # Read as bytes and decoded line by line: a stray byte stops the replay at its line, after
    # the rulings of every line before it.
    if args.file == "-":
        stdin = getattr(sys.stdin, "buffer", None)  # a text stream put in its place has none
        lines = sys.stdin if stdin is None else text_lines(stdin)
        return replay(lines, sys.stdout, sys.stderr, as_json=args.json, lang=lang)
    try:
        handle = open(args.file, "rb")  # noqa: SIM115 (closed below)
    except OSError as error:
        text = Text("cli_cannot_read", path=args.file, detail=os_reason(error))
        print(text.render(lang), file=sys.stderr)
        return 2
    with handle:
        return replay(text_lines(handle), sys.stdout, sys.stderr, as_json=args.json, lang=lang,
                      name=args.file)


def replay(
    handle: Iterable[str],
    out: IO[str],
    err: IO[str],
    *,
    as_json: bool = False,
    lang: Lang = "en",
    name: str = "-",
) -> int:
    """Replay a record from ``handle``: rulings to ``out``, errors to ``err``; return the status.

    A malformed line stops the replay with status 2 after every earlier ruling
    was printed.
    """
    try:
        run = Replay(handle)
        if not as_json:
            _print_intro(run.game, run.header.names, out, lang)
        for step in run:
            if as_json:
                print(json.dumps(step.ruling.to_json(step.seq), ensure_ascii=False), file=out)
            else:
                print(_step_line(step.seq, step.event, step.ruling.legal, step.ruling.rule,
                                 step.ruling.discard, step.ruling.text.render(lang)), file=out)
            out.flush()
    except MalformedInput as error:
        where = Text("line_error", line=error.line, error=error.text) if error.line else error.text
        print(where.render(lang), file=err)
        return 2
    except CompanionError as error:
        print(error.text.render(lang), file=err)
        return 2
    except UnicodeDecodeError as error:
        print(Text("cli_cannot_read", path=name, detail=error.reason).render(lang), file=err)
        return 2
    if as_json:
        print(json.dumps(outcome_json(run.game), ensure_ascii=False), file=out)
    else:
        _print_final(run.game, out, lang)
    return 0


def _print_intro(game: Game[Any], names: Sequence[str] | None, out: IO[str], lang: Lang) -> None:
    options = ", ".join(f"{k}={v}" for k, v in game.options.items()) or "-"
    print(Text("cli_intro", game=game.title, players=game.players,
               names=f" ({', '.join(names)})" if names else "", options=options).render(lang), file=out)
    if game.players == 1:
        print(Text("cli_solo_assumption").render(lang), file=out)
    seq, event, rule, discard, message = Text("cli_columns").render(lang).split("|")
    print(_row(seq, "", event, rule, discard, message), file=out)


def _row(seq: object, verdict: str, event: str, rule: str, discard: object, message: str) -> str:
    return f"{seq:>3}  {verdict:<2} {event:<18} {rule:<5} {discard!s:>5}  {message}"


def _step_line(seq: int, event: Event | None, legal: bool, rule: str | None,
               discard: int | None, message: str) -> str:
    # ok: accepted; NO: refused (flagged if a placement); ??: unsure, nothing ruled (G2).
    verdict = "ok" if legal else ("??" if rule == "G2" else "NO")
    return _row(seq, verdict, _event_label(event), rule or "", "" if discard is None else discard, message)


def _event_label(event: Event | None) -> str:
    if event is None:
        return "?"
    player = f"[{event.player}] " if event.player is not None else ""
    if isinstance(event, Play):
        return f"{player}{event.card}@{event.at}"
    if isinstance(event, TakeBack):
        return f"take_back@{event.at}"
    return f"{player}{event.TYPE}"


def _print_final(game: Game[Any], out: IO[str], lang: Lang) -> None:
    outcome = game.outcome()
    label = outcome.text if outcome else Text("outcome_ongoing")
    print(file=out)
    print(Text("cli_outcome", outcome=label).render(lang), file=out)
    diagram = getattr(game, "diagram", None)
    if diagram is not None:
        print(diagram(), file=out)
    state = game.state_json()
    if outcome is None:
        print(Text("cli_turn", seat=game.turn).render(lang), file=out)
    for seat in state["seats"]:
        print("  " + Text("cli_seat_counts", **seat).render(lang), file=out)


def _run_bench(args: argparse.Namespace) -> int:
    if not 0 < args.seconds < math.inf:  # nan too
        print(Text("bad_field", field="--seconds", value=args.seconds).render(default_lang()),
              file=sys.stderr)
        return 2
    if args.what == "vision":
        if args.frames < 1:
            print(Text("bad_field", field="--frames", value=args.frames).render(default_lang()),
                  file=sys.stderr)
            return 2
        return run_bench_vision(args)
    if args.what == "watch":
        return run_bench_watch(args)
    measured = [spec.name for spec in benched()]
    games = args.game or measured
    unknown = [game for game in games if game not in measured]
    if unknown:
        lang = default_lang()
        print(Text("bench_no_rules", game=unknown[0], known=", ".join(measured)).render(lang),
              file=sys.stderr)
        return 2
    for game in games:
        result = bench_rules(game, seconds=args.seconds, seed=args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        targets = result["targets"]
        print(f"companion bench rules: {find_spec(game).title.en}, one core (cpu {result['cpu']})")
        print(f"  legality checks:       {result['checks_per_s']:>9,.0f} /s   "
              f"(target {targets['checks_per_s']:,}; {result['checks']:,} checks)")
        print(f"  random 3-player games: {result['games_per_s']:>9,.0f} /s   "
              f"(target {targets['games_per_s']:,}; {result['games']:,} games, "
              f"{result['events_per_game']:.1f} events each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
