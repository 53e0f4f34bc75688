"""The ``companion`` command line."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from companion.app.bench import bench_rules, bench_setup, benched, one_blas_thread
from companion.app.referee import parse_options
from companion.cli.lang import asked_lang, default_lang
from companion.cli.parsers import build_parser
from companion.engine.events import Event, Play, TakeBack
from companion.engine.game import Game
from companion.engine.record import Replay, outcome_json, text_lines
from companion.engine.spec import find_spec
from companion.errors import CompanionError, MalformedInput, UnknownGame
from companion.text import Lang, Text, os_reason


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # The language is known before the parser is built: its help and argparse's words speak it.
    parser = build_parser(asked_lang(argv) or default_lang())
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        # Bare `companion`: what it can do, not an error.
        parser.print_help()
        return 0
    if getattr(args, "players", 0) is None and not args.run.endswith(":run_live") and isinstance(
            getattr(args, "game", None), str):
        # The game's usual seats (`run` keeps None: the stored game's, or a new game's).
        args.players = _usual_players(args.game)
    if getattr(args, "one_blas_thread", False):
        one_blas_thread()  # before the handler's module loads numpy
    try:
        return handler(args.run)(args)
    except BrokenPipeError:
        # Output piped into `head` and the like: stop quietly.
        sys.stderr.close()
        return 0


def handler(name: str) -> Callable[[argparse.Namespace], int]:
    """The command handler named ``"module:function"``, its module imported now: a command loads
    only what it needs (``replay`` no camera, page or network), and the command line starts at once.
    """
    module, function = name.split(":")
    run: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), function)
    return run


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


def _usual_players(game: str) -> int | None:
    """The seats a command plays ``game`` with when none are asked; None for an unknown game (its
    command says so)."""
    try:
        return find_spec(game).usual_players
    except UnknownGame:
        return None


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
    options = ", ".join(f"{k}={v}" for k, v in game.options_chosen().items()) or "-"
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
    # The counts of a game dealing decks and hands; a trick game's seats say other things (its
    # tricks and tasks are in its rulings).
    for seat in state.get("seats", ()):
        if isinstance(seat, dict) and {"seat", "deck", "hand", "discard"} <= seat.keys():
            print("  " + Text("cli_seat_counts", **seat).render(lang), file=out)


def _run_bench(args: argparse.Namespace) -> int:
    if args.seconds is None:
        args.seconds = 60.0 if args.what == "club" else 3.0
    if not 0 < args.seconds < math.inf:  # nan too
        print(Text("bad_field", field="--seconds", value=args.seconds).render(default_lang()),
              file=sys.stderr)
        return 2
    if args.what == "vision":
        if args.frames < 1:
            print(Text("bad_field", field="--frames", value=args.frames).render(default_lang()),
                  file=sys.stderr)
            return 2
        return handler("companion.cli.vision:run_bench_vision")(args)
    if args.what == "watch":
        return handler("companion.cli.watch:run_bench_watch")(args)
    if args.what == "club":
        return handler("companion.cli.club:run_bench_club")(args)
    if args.what == "profile":
        one_blas_thread()  # before the handler's module loads numpy
        return handler("companion.cli.decks:run_bench_profile")(args)
    measured = [spec.name for spec in benched()]
    games = args.game or measured
    unknown = [game for game in games if game not in measured]
    if unknown:
        lang = default_lang()
        print(Text("bench_no_rules", game=unknown[0], known=", ".join(measured)).render(lang),
              file=sys.stderr)
        return 2
    try:
        options = parse_options(args.option)
        for game in games:
            bench_setup(game, options, args.players)  # a bad option or seat count, said before timing
    except CompanionError as error:
        print(error.text.render(default_lang()), file=sys.stderr)
        return 2
    for game in games:
        result = bench_rules(game, seconds=args.seconds, seed=args.seed, options=options,
                             players=args.players)
        if args.json:
            print(json.dumps(result))
            continue
        targets = result["targets"]
        said = ", ".join(f"{name}={value}" for name, value in options.items())
        print(f"companion bench rules: {find_spec(game).title.en}{f' ({said})' if said else ''}, "
              f"one core (cpu {result['cpu']})")
        print(f"  legality checks:       {result['checks_per_s']:>9,.0f} /s   "
              f"(target {targets['checks_per_s']:,}; {result['checks']:,} checks)")
        print(f"  random {result['players']}-player games: {result['games_per_s']:>9,.0f} /s   "
              f"(target {targets['games_per_s']:,}; {result['games']:,} games, "
              f"{result['events_per_game']:.1f} events each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
