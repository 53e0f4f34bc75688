"""The ``companion`` command line's parser: every command, its options and their help.

Light on purpose: building it imports the engine's specs and nothing of the camera side, the page
or the hardware, so that ``companion --help`` and ``companion replay`` start at once. Each command
names its handler as ``"module:function"``; :func:`companion.cli.main.main` imports that module
only when the command runs.
"""

from __future__ import annotations

import argparse
from importlib import metadata
from pathlib import Path

from companion.app.export import FORMATS
from companion.cli import enrol_camera
from companion.cli.lang import lang_option
from companion.cli.words import HelpFormatter, Parser, _, use
from companion.config import DEFAULT_GAME, DEMO_SEED
from companion.engine.spec import in_order
from companion.text import Lang


def version() -> str:
    """The installed companion's version, or ``unknown`` where it was never installed."""
    try:
        return metadata.version("companion")
    except metadata.PackageNotFoundError:
        return "unknown"


#: The cards a frame holds in the frame-time target.
TARGET_CARDS = 36


#: How many frames holding :data:`TARGET_CARDS` cards ``bench vision`` times by default. A frame
#: whose card is read again takes 10 to 30 ms more than one read once, and a few in ten of a
#: pyramid's frames do: the median of six frames fell between the two kinds, swinging 45 to 52
#: ms from run to run; of 24 it lies among the frames read once, as in most frames.
BENCH_FRAMES = 24


def finder_help() -> str:
    """What ``--finder`` of ``detect``, ``eval-vision`` and ``bench vision`` says it takes."""
    finders = ", ".join(_("{finder} for {game}").format(finder=spec.vision.finder, game=spec.name)
                        for spec in in_order())
    return _("how cards are found: auto (the default: each game's own, {finders}; lean and network turn to "
             "both for close-ups and frames they find fewer than 12 cards in), both (the shipped finder "
             "network, models/finder.onnx, and OpenCV contours), lean (the network alone, placed by one "
             "look of the lean refiner), network (the network without the contours), contours alone, or "
             "another finder model file").format(finders=finders)


FINDER_METAVAR = "auto|both|lean|network|contours|PATH"


#: How long the demo keeps its page up after the game ended (seconds).
DEMO_LINGER = 20.0


#: First seed of eval-watch's games: far from the seeds the tests and the examples use.
HELD_OUT_SEED = 7_000_000


def watched() -> list[str]:
    """The games whose table the watcher can follow, in the games' order: their cards lie in cells,
    or in tricks before the seats of a game refereed (its seats' places, :mod:`vision.watch.tricks`)."""
    return [spec.name for spec in in_order()
            if spec.vision.watched or (spec.board == "tricks" and spec.refereed)]


def build_parser(lang: Lang = "en") -> argparse.ArgumentParser:
    """The command line's parser, its help in ``lang`` (every later ``_()`` speaks it too)."""
    use(lang)
    parser: argparse.ArgumentParser = Parser(
        prog="companion", formatter_class=HelpFormatter,
        description=_("A referee for card games played on a real table."))
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}",
                        help=_("print the companion's version and exit"))
    sub = parser.add_subparsers(metavar="COMMAND")

    replay = sub.add_parser("replay", help=_("replay a game record and print one ruling per event"))
    replay.add_argument("file", metavar="FILE", help=_("a record (JSON Lines), or - for standard input"))
    _output_options(replay)
    replay.set_defaults(run="companion.cli.main:_run_replay")

    bench = sub.add_parser("bench", help=_("measure speed"))
    bench.add_argument("what", choices=["rules", "vision", "watch", "profile", "club"],
                       help=_("what to measure (profile: reading with an 80-card deck profile; club: tables "
                              "publishing to a local broker and a dashboard)"))
    bench.add_argument("--tables", type=int, default=50, help=_("bench club: simulated tables"))
    bench.add_argument("--rate", type=float, default=10.0, help=_("bench club: events a second per table"))
    bench.add_argument("--workers", type=int, default=4,
                       help=_("bench club: processes the simulated tables are shared among"))
    bench.add_argument("--game", choices=[spec.name for spec in in_order()], action="append",
                       help=_("the game to measure (default: every game for rules, Tranquillité for vision; "
                              "may be repeated)"))
    bench.add_argument("--model", type=Path, help=_("bench vision: an ONNX model (default: the shipped one)"))
    bench.add_argument("--finder", default=None, metavar=FINDER_METAVAR,
                       help=_("bench vision: {finder}; bench watch: how the watcher finds the table (both, "
                              "the default as camera.finder, network, contours or a file)").format(
                                  finder=finder_help()))
    refiner_option(bench)
    bench.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help=_("bench rules: a game option, e.g. variant=arch or storms=true (may be "
                              "repeated)"))
    bench.add_argument("--players", type=int, default=None,
                       help=_("bench rules: the seats of the simulated games (default: the game's usual)"))
    bench.add_argument("--seconds", type=float, default=None,
                       help=_("time per measurement (default: 3; bench club: 60)"))
    bench.add_argument("--frames", type=int, default=BENCH_FRAMES,
                       help=_("bench vision: how many frames holding {cards} cards to time (default "
                              "{frames})").format(cards=TARGET_CARDS, frames=BENCH_FRAMES))
    bench.add_argument("--seed", type=int, default=0, help=_("the seed of the simulated games and scenes"))
    bench.add_argument("--real-photos", type=Path, default=None, metavar="DIR",
                       help=_("bench vision: a folder of labelled real photos to time, each read as a "
                              "1280-pixel camera frame (default: the shared playing-cards test set), or "
                              "none"))
    bench.add_argument("--json", action="store_true", help=_("print one JSON object"))
    bench.set_defaults(run="companion.cli.main:_run_bench")

    _vision_commands(sub)
    _deck_commands(sub)
    _doctor_command(sub)
    _live_commands(sub)
    _club_command(sub)
    _store_commands(sub)
    _watch_commands(sub)
    _describe(sub)
    return parser


def _describe(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Each command's help formatted with its defaults, and opened by what it does (the one line
    of the command list, as a sentence) where it says nothing more; the same for its subcommands."""
    said = {action.dest: action.help for action in sub._choices_actions}
    for name, command in sub.choices.items():
        command.formatter_class = HelpFormatter
        if not command.description and said.get(name):
            line = str(said[name])
            command.description = line[0].upper() + line[1:] + "."
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                _describe(action)


def _output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true",
                        help=_("print the ruling lines of RECORD.md, then the outcome line"))
    lang_option(parser)


def _vision_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``detect``, ``train``, ``train-finder``, ``train-refiner`` and ``eval-vision``."""
    games = [spec.name for spec in in_order()]
    detect = sub.add_parser("detect", help=_("find and read the cards in images"))
    detect.add_argument("images", nargs="+", metavar="IMAGE", help=_("the photos to read"))
    detect.add_argument("--game", choices=games, default=DEFAULT_GAME, help=_("the game whose cards to read"))
    detect.add_argument("--model", type=Path, help=_("an ONNX model (default: the shipped one)"))
    _finder_option(detect)
    deck_option(detect, "none")
    detect.add_argument("--json", action="store_true", help=_("one JSON object a line per image"))
    detect.add_argument("--annotate", type=Path, metavar="OUT",
                        help=_("draw the cards on a copy: a file for one image, a folder for several"))
    lang_option(detect)
    detect.set_defaults(run="companion.cli.vision:run_detect")

    train = sub.add_parser("train", help=_("train a game's card classifier on synthetic scenes"))
    train.add_argument("--game", choices=games, required=True, help=_("the game whose cards to learn"))
    train.add_argument("--seed", type=int, default=0, help=_("the seed of the scenes and the weights"))
    _out_options(train, "<game>.onnx")
    train.add_argument("--scenes", type=int, default=None, help=_("training scenes (default: the recipe's)"))
    train.add_argument("--epochs", type=int, default=None,
                       help=_("passes over the scenes (default: the recipe's)"))
    lang_option(train)
    train.set_defaults(run="companion.cli.vision:run_train")

    for network, told, out in (
            ("finder", _("train the card-finder network on synthetic scenes of every game"), "finder.onnx"),
            ("refiner", _("train the corner-refiner network on synthetic scenes of every game"),
             _("refiner.onnx (refiner-lean.onnx with --lean)"))):
        trainer = sub.add_parser(f"train-{network}", help=told)
        trainer.add_argument("--seed", type=int, default=0, help=_("the seed of the scenes and the weights"))
        _out_options(trainer, out)
        trainer.add_argument("--scenes", type=int, default=None,
                             help=_("training scenes (default: the recipe's)"))
        trainer.add_argument("--epochs", type=int, default=None,
                             help=_("passes over the scenes (default: the recipe's)"))
        lang_option(trainer)
        trainer.set_defaults(run="companion.cli.vision:run_train_network", network=network, lean=False)
        if network == "refiner":
            trainer.add_argument("--lean", action="store_true", help=_("the lean finder's refiner"))
        else:
            trainer.add_argument("--varied", type=float, default=None,
                                 help=_("share of the scenes laying cards of any make, not our games' "
                                        "(models/render/varied.py; default: the recipe's)"))

    evaluate = sub.add_parser("eval-vision", help=_("measure card reading on held-out synthetic scenes and "
                                                    "the detector on real photos"))
    evaluate.add_argument("--game", choices=games, default=DEFAULT_GAME, help=_("the game to measure"))
    evaluate.add_argument("--model", type=Path, help=_("an ONNX model (default: the shipped one)"))
    _finder_option(evaluate)
    evaluate.add_argument("--scenes", type=int, default=500,
                          help=_("held-out scenes to read (0: none, the photos alone)"))
    evaluate.add_argument("--seed", type=int, default=0, help=_("the seed of the held-out scenes"))
    evaluate.add_argument("--real-photos", type=Path, default=None,
                          help=_("a folder of labelled real photos, each with its Pascal VOC .xml (default: "
                                 "the shared playing-cards test set), or none"))
    evaluate.add_argument("--photo-scale", type=float, default=1.0,
                          help=_("read the real photos enlarged this many times (up to 8: a phone's photo); "
                                 "default 1"))
    evaluate.add_argument("--scales", default=None, metavar="LONG,LONG",
                          help=_("read the real photos again at two sizes (their longest side in pixels, "
                                 "for example 1280,1920) and count the cards that change between them"))
    evaluate.add_argument("--modules", action="store_true",
                          help=_("deal the expansion's cards too (Tranquillité's reef, monsters, storms and "
                                 "compasses, each 8 times as often as an island) to measure them"))
    evaluate.add_argument("--perturb", action="store_true",
                          help=_("read each scene again with one grey level of noise and count the cards "
                                 "found or named otherwise (a reading that hinges on the last bit)"))
    evaluate.add_argument("--foreign", type=Path, default=None,
                          help=_("a folder of photos whose every card is foreign to the game: the share of "
                                 "the cards found there that are named (default: the shared playing-cards "
                                 "test set), or none"))
    evaluate.add_argument("--foreign-scenes", type=int, default=20,
                          help=_("held-out scenes of each other game whose cards are read as foreign "
                                 "(default 20; 0: none)"))
    evaluate.add_argument("--confusion", type=Path, default=None,
                          help=_("draw the confusion matrix into this image (none unless asked)"))
    evaluate.add_argument("--json", action="store_true", help=_("print one JSON object"))
    lang_option(evaluate)
    evaluate.set_defaults(run="companion.cli.vision:run_eval")

    finding = sub.add_parser("eval-finder", help=_("measure the card finder alone on held-out scenes of "
                                                   "cards of any make, layout by layout"))
    finding.add_argument("--finder", default="both", metavar=FINDER_METAVAR, help=finder_help())
    refiner_option(finding)
    finding.add_argument("--scenes", type=int, default=300, help=_("held-out scenes, the layouts in turn"))
    finding.add_argument("--seed", type=int, default=0, help=_("the seed of the held-out scenes"))
    finding.add_argument("--makes", default=None, metavar="MAKE,...",
                         help=_("only cards of these makes (shapes, text, art, back, playing, madeup, deck: "
                                "models/render/makes.py); default every one"))
    finding.add_argument("--fixed-camera", action="store_true",
                         help=_("read each scene alone and as a fixed camera would: the bare table seen "
                                "first, each card found by its difference from it, quads of another size "
                                "than a card's dropped (every make)"))
    finding.add_argument("--json", action="store_true", help=_("print one JSON object"))
    lang_option(finding)
    finding.set_defaults(run="companion.cli.vision:run_eval_finder")


def deck_option(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    """``--deck``: the enrolled deck profile the cards are read with (``default``: what the help
    says is read without it, the configuration's deck if None)."""
    told = default or _("the configuration's camera.deck, else none")
    parser.add_argument("--deck", default=None, metavar="NAME|FILE",
                        help=_("read the cards with this enrolled deck profile: a name in the decks folder "
                               "(see `companion decks`) or a .deck file (default: {default})").format(
                                   default=told))


def shots_count(text: str) -> int:
    """``--shots``: labelled crops of each card, ``all`` (0) for every one.

    >>> shots_count("5"), shots_count("all"), shots_count("0")
    (5, 0, 0)
    """
    if text.strip().lower() == "all":
        return 0
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(_("not a count of shots: {text} (a whole number, or all)").format(
            text=repr(text)))
    return value


def _deck_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``enrol``, ``decks`` and ``eval-enrol``."""
    games = [spec.name for spec in in_order() if spec.deck is not None]
    enrol = sub.add_parser("enrol", help=_("learn the look of your own cards: a deck profile the camera "
                                           "reads them with (from labelled photos with --photos)"))
    enrol.add_argument("--photos", type=Path, metavar="DIR",
                       help=_("a folder of photos, each with a Pascal VOC .xml beside it whose <name> is "
                              "the card's name (without it: from the camera)"))
    _enrol_options(enrol, games, shots=None)
    enrol.add_argument("--deck", metavar="NAME", help=_("the deck's name; without --out, the profile is "
                                                        "saved as NAME.deck in the decks folder (see "
                                                        "`companion decks`)"))
    enrol.add_argument("--out", type=Path, metavar="FILE", help=_("where to write the profile"))
    enrol_camera.add_arguments(enrol, shots=False)
    lang_option(enrol)
    enrol.set_defaults(run="companion.cli.decks:run_enrol")

    decks = sub.add_parser("decks", help=_("list the enrolled deck profiles"))
    decks.add_argument("--folder", type=Path, default=None,
                       help=_("the decks folder (default: $COMPANION_DECKS, else "
                              "$XDG_DATA_HOME/companion/decks, ~/.local/share/companion/decks)"))
    decks.add_argument("--json", action="store_true", help=_("one JSON object a line"))
    lang_option(decks)
    decks.set_defaults(run="companion.cli.decks:run_decks")

    evaluate = sub.add_parser("eval-enrol", help=_("measure a profile enrolled from labelled photos on "
                                                   "other labelled photos"))
    evaluate.add_argument("--enrol", type=Path, required=True, metavar="DIR",
                          help=_("the labelled photos to enrol from"))
    evaluate.add_argument("--test", type=Path, required=True, metavar="DIR",
                          help=_("the labelled photos to read"))
    _enrol_options(evaluate, games, shots="5")
    evaluate.add_argument("--json", action="store_true", help=_("print one JSON object"))
    lang_option(evaluate)
    # Timed as bench profile times it: numpy's BLAS with one thread (companion.app.bench.one_blas_thread).
    evaluate.set_defaults(run="companion.cli.decks:run_eval_enrol", one_blas_thread=True)

    reprint = sub.add_parser("eval-reprint", help=_("measure a profile of a game's deck printed as nobody "
                                                    "rendered it (other typefaces, art and colours), "
                                                    "enrolled from rendered scenes"))
    reprint.add_argument("--game", choices=games, required=True, help=_("the game whose deck to reprint"))
    reprint.add_argument("--shots", type=int, default=2, help=_("crops of each card enrolled (default 2)"))
    reprint.add_argument("--scenes", type=int, default=500, help=_("held-out scenes in the reprint to read"))
    reprint.add_argument("--seed", type=int, default=0, help=_("the seed of the enrolment and held-out "
                                                               "scenes"))
    reprint.add_argument("--json", action="store_true", help=_("print one JSON object"))
    lang_option(reprint)
    reprint.set_defaults(run="companion.cli.decks:run_eval_reprint")


def _enrol_options(parser: argparse.ArgumentParser, games: list[str], shots: str | None) -> None:
    parser.add_argument("--game", choices=games, default=None,
                        help=_("the game of the deck: the names checked against its cards, each crop turned "
                               "upright by its model (default: no game, any names)"))
    parser.add_argument("--model", choices=games, default=None, metavar="GAME",
                        help=_("the game whose shipped classifier gives the embeddings and whose finder "
                               "finds the cards (default: the game's; needed without --game)"))
    told = _("shots of each card to enrol (labelled crops drawn at random); all (or 0): every one")
    if not shots:
        told += " " + _("(default: every labelled crop of photos; the camera's own count)")
    parser.add_argument("--shots", type=shots_count, default=shots, metavar="K|all", help=told)
    parser.add_argument("--seed", type=int, default=0, help=_("the seed of the draw"))


def _out_options(parser: argparse.ArgumentParser, default: str) -> None:
    """``--out`` and ``--force``: where a trained model goes, never over a shipped one by mistake."""
    parser.add_argument("--out", type=Path, default=None,
                        help=_("where to write the model (default: ./{default}, in the working "
                               "folder)").format(
                            default=default))
    parser.add_argument("--force", action="store_true",
                        help=_("let --out replace a shipped model (in the models folder)"))


def _finder_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--finder", default="auto", metavar=FINDER_METAVAR, help=finder_help())
    refiner_option(parser)


def refiner_option(parser: argparse.ArgumentParser) -> None:
    """``--refiner``: how the found cards' corners are placed on them."""
    parser.add_argument("--refiner", default="shipped", metavar="shipped|none|PATH",
                        help=_("the corner refiner that places each found card's corners on its edges: the "
                               "shipped one (models/refiner.onnx, the default; models/refiner-lean.onnx for "
                               "the lean finder, and for one look at the cards L'Ascension's closer look "
                               "outlines), none (the finder's own corners), or another refiner model file"))


def _doctor_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``doctor``."""
    doctor = sub.add_parser("doctor", help=_("check the camera, GPIO, models and configuration, and say how "
                                             "to fix what is missing"))
    doctor.add_argument("--config", metavar="FILE", help=_("the configuration file to check (default: the "
                                                           "one the companion would read)"))
    doctor.add_argument("--source", metavar="S", help=_("the camera source to try (default: "
                                                        "COMPANION_CAMERA, then the configuration)"))
    doctor.add_argument("--game", action="append", choices=[spec.name for spec in in_order()],
                        help=_("the game whose card model to check (default: tranquility; may be repeated)"))
    doctor.add_argument("--require-hardware", action="store_true",
                        help=_("exit 1 unless a Pi camera and GPIO pins are found (for a Pi's set-up)"))
    doctor.add_argument("--json", action="store_true", help=_("one JSON object with every check"))
    lang_option(doctor)
    doctor.set_defaults(run="companion.cli.doctor:run_doctor")


def _live_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``run``, ``demo``, ``games`` and ``export``."""
    run = sub.add_parser("run", help=_("referee a game on the table: camera, signals, store and page"))
    run.add_argument("--game", choices=[spec.name for spec in in_order() if spec.refereed], default=None,
                     help=_("the game (for a new game; default: Tranquillité, 3 players)"))
    run.add_argument("--players", type=int, default=None, help=_("the number of seats (for a new game)"))
    run.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help=_("a game option, e.g. removed=4 (may be repeated)"))
    run.add_argument("--setup", action="append", default=[], metavar="NAME=VALUE",
                     help=_("a field of the game's set-up, e.g. commander=2 or tasks='[\"win:pink-3\"]' "
                            "(The Crew; may be repeated)"))
    run.add_argument("--names", default=None, help=_("players' names, separated by commas"))
    run.add_argument("--source", default=None, help=_("the camera (default: from the configuration)"))
    run.add_argument("--new", action="store_true", help=_("start a new game even if one is unfinished"))
    _live_options(run)
    run.set_defaults(run="companion.cli.live:run_live")

    demo = sub.add_parser("demo", help=_("watch the companion referee a simulated game, live on its page"))
    demo.add_argument("--game", choices=[spec.name for spec in in_order() if spec.selfplay],
                      default=DEFAULT_GAME, help=_("the game to simulate"))
    demo.add_argument("--players", type=int, default=None,
                        help=_("the number of seats (default: 3, or as near as the game allows: Rixes 2)"))
    demo.add_argument("--seed", type=int, default=DEMO_SEED, help=_("which simulated game"))
    demo.add_argument("--speed", type=float, default=1.0, help=_("how many times faster than real time"))
    demo.add_argument("--linger", type=float, default=DEMO_LINGER,
                      help=_("seconds the page stays up after the game ended (none with --no-page)"))
    demo.add_argument("--new", action="store_true", help=_("start the demo game again from its beginning"))
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=_("a game option, e.g. monsters=3, storms=true or variant=arch (may be repeated)"))
    demo.add_argument("--feed", choices=["camera", "engine"], default=None,
                      help=_("camera: a filmed game read by the watcher; engine: the game's events fed "
                             "directly (default: camera for the games whose demo is filmed, {games}, else "
                             "engine)").format(games=", ".join(spec.name for spec in in_order()
                                                              if spec.vision.filmed)))
    _live_options(demo)
    demo.set_defaults(run="companion.cli.live:run_demo")

    games = sub.add_parser("games", help=_("list the games in the store"))
    games.add_argument("--store", type=Path, default=None, help=_("the store (default: the user's)"))
    games.add_argument("--json", action="store_true", help=_("one JSON object a line"))
    lang_option(games)
    games.set_defaults(run="companion.cli.live:run_games")

    exporter = sub.add_parser("export", help=_("write stored games as a record, a table or plays for the "
                                               "apps"),
                              description=_("Write a stored game out: its record (jsonl, read by `replay`), "
                                            "a table of its events (csv, for a spreadsheet), or plays for "
                                            "the logging apps (bgstats: a file the BG Stats app opens, "
                                            "several games in one; bgg: the fields of a play logged on "
                                            "BoardGameGeek)."))
    exporter.add_argument("id", type=int, nargs="+", metavar="ID",
                          help=_("the game's number (see `companion games`); several for bgstats and bgg"))
    exporter.add_argument("--format", choices=FORMATS, default="jsonl",
                          help=_("what to write (default: %(default)s)"))
    exporter.add_argument("--out", type=Path, default=None, help=_("the file to write (default: the output)"))
    exporter.add_argument("--store", type=Path, default=None, help=_("the store (default: the user's)"))
    lang_option(exporter)
    exporter.set_defaults(run="companion.cli.live:run_export")


def _store_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``backup`` and ``store check|recover``."""
    backup = sub.add_parser("backup", help=_("copy the store safely, even while a game runs"))
    backup.add_argument("out", metavar="OUT", type=Path,
                        help=_("the new file, or a folder to put a dated copy in"))
    backup.add_argument("--store", type=Path, default=None, help=_("the store (default: the user's)"))
    lang_option(backup)
    backup.set_defaults(run="companion.cli.store:run_backup")

    store = sub.add_parser("store", help=_("check the store, or recover what can be read of a damaged one"))
    actions = store.add_subparsers(metavar="ACTION", required=True, help=_("check or recover"))
    check = actions.add_parser("check", help=_("say whether the store is sound, and what is wrong if not "
                                               "(exit status 1)"))
    check.add_argument("--full", action="store_true", help=_("SQLite's slower integrity_check, not "
                                                             "quick_check"))
    recover = actions.add_parser("recover", help=_("copy every readable game into a sound file in the "
                                                   "store's place; the damaged one is kept as "
                                                   "<name>.damaged-<date>"))
    recover.add_argument("--force", action="store_true", help=_("copy even a store found sound"))
    for action, handler in ((check, "run_store_check"), (recover, "run_store_recover")):
        action.add_argument("--store", type=Path, default=None, help=_("the store (default: the user's)"))
        lang_option(action)
        action.set_defaults(run=f"companion.cli.store:{handler}")


def _live_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default=None, help=_("the configuration file (TOML)"))
    deck_option(parser)
    parser.add_argument("--store", type=Path, default=None, help=_("the store (SQLite)"))
    parser.add_argument("--host", default=None, help=_("the page's address (default: from the "
                                                       "configuration)"))
    parser.add_argument("--port", type=int, default=None, help=_("the page's port; 0 picks a free one"))
    parser.add_argument("--no-page", action="store_true", help=_("serve no page"))
    parser.add_argument("--publish", default=None, metavar="mqtt://HOST:PORT/CLUB",
                        help=_("publish every stored event to the club's MQTT broker (default: the "
                               "configuration's [club] broker; docs/club.md)"))
    lang_option(parser)


def _club_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``club``: the dashboard of a club's tables."""
    club = sub.add_parser("club", help=_("follow every table of a club through its MQTT broker, on one page"))
    club.add_argument("--broker", default=None, metavar="mqtt://HOST:PORT/CLUB",
                      help=_("the club's broker (default: the configuration's [club] broker)"))
    club.add_argument("--club", default=None, help=_("the club's name (default: the address's)"))
    club.add_argument("--name", default="dashboard",
                      help=_("this dashboard's name, its session at the broker"))
    club.add_argument("--config", default=None, help=_("the configuration file (TOML)"))
    club.add_argument("--store", type=Path, default=None,
                      help=_("the club's store (default: club.db beside the user's store)"))
    club.add_argument("--host", default=None, help=_("the page's address (default: from the configuration)"))
    club.add_argument("--port", type=int, default=None, help=_("the page's port; 0 picks a free one"))
    lang_option(club)
    club.set_defaults(run="companion.cli.club:run_club")


def _watch_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``simulate``, ``watch`` and ``eval-watch``."""
    games = watched()
    simulate = sub.add_parser("simulate", help=_("play a whole game by self-play and film it at a table"))
    simulate.add_argument("--game", choices=games, default=DEFAULT_GAME, help=_("the game to play"))
    simulate.add_argument("--players", type=int, default=None,
                        help=_("the number of seats (default: 3, or as near as the game allows: Rixes 2)"))
    simulate.add_argument("--seed", type=int, default=0, help=_("which simulated game"))
    simulate.add_argument("--out", type=Path, required=True, help=_("folder for the frames and the record"))
    simulate.add_argument("--video", action="store_true",
                          help=_("write game.avi (MJPEG) instead of JPEG frames"))
    simulate.add_argument("--mistakes", type=float, default=0.12,
                          help=_("chance a turn of an illegal placement or an undo (default 0.12)"))
    simulate.add_argument("--events", type=int, default=5000, help=_("stop the game after this many events"))
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help=_("a game option, e.g. variant=arch (may be repeated)"))
    lang_option(simulate)
    simulate.set_defaults(run="companion.cli.watch:run_simulate")

    watch = sub.add_parser("watch", help=_("watch a table (video, image folder, camera) and print the "
                                           "events"))
    watch.add_argument("source", metavar="SOURCE",
                       help=_("a video file, a folder of images, webcam:N, picamera, "
                              "synthetic[:GAME[:SEED]]"))
    watch.add_argument("--game", choices=games, default=DEFAULT_GAME, help=_("the game on the table"))
    watch.add_argument("--players", type=int, default=None,
                        help=_("the number of seats (default: 3, or as near as the game allows: Rixes 2)"))
    watch.add_argument("--setup", action="append", default=[], metavar="NAME=VALUE",
                       help=_("a field of the game's set-up, e.g. commander=2 (The Crew; may be repeated)"))
    watch.add_argument("--model", type=Path, help=_("an ONNX model (default: the shipped one)"))
    watch.add_argument("--corners", help=_("the play area's four image corners x1,y1,...,x4,y4 (bottom "
                                           "left, bottom right, top right, top left) instead of finding the "
                                           "table"))
    watch.add_argument("--fps", type=float, default=None,
                       help=_("the frame rate of an image folder (default: the configuration's, 15)"))
    watch.add_argument("--settle", type=float, default=None,
                       help=_("seconds a reading must stay the same to become an event (default: the "
                              "configuration file's stable_time if there is one, else 0.2)"))
    watch.add_argument("--config", type=Path, default=None, help=_("a configuration file (camera corners, "
                                                                   "thresholds); default: the one found as "
                                                                   "usual"))
    watch.add_argument("--finder", default=None, metavar="both|network|contours|PATH",
                       help=_("how the table's cards are found (default: the configuration's camera.finder)"))
    deck_option(watch)
    watch.add_argument("--json", action="store_true", help=_("one JSON line an event or prompt"))
    lang_option(watch)
    watch.set_defaults(run="companion.cli.watch:run_watch")

    evaluate = sub.add_parser("eval-watch", help=_("measure the watcher on simulated games"))
    evaluate.add_argument("--game", choices=games, default=DEFAULT_GAME, help=_("the game to simulate"))
    evaluate.add_argument("--games", type=int, default=20, help=_("how many games to simulate and watch"))
    evaluate.add_argument("--seed", type=int, default=HELD_OUT_SEED, help=_("the first game's seed"))
    evaluate.add_argument("--players", type=int, default=None,
                        help=_("the number of seats (default: 3, or as near as the game allows: Rixes 2)"))
    evaluate.add_argument("--model", type=Path, help=_("an ONNX model (default: the shipped one)"))
    evaluate.add_argument("--table", choices=["found", "set"], default=None,
                          help=_("find the table in the frames, or set it as four corners (a trick game's "
                                 "seats) tapped on the page would (default: found; set for a trick game)"))
    evaluate.add_argument("--events", type=int, default=5000,
                          help=_("stop each game after this many events (a quick look)"))
    evaluate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help=_("a game option of every game, e.g. variant=arch (may be repeated)"))
    evaluate.add_argument("--finder", default="both", metavar="both|contours|network|PATH",
                          help=_("how the watcher finds the table (default: both, as camera.finder)"))
    evaluate.add_argument("--json", action="store_true", help=_("print one JSON object"))
    lang_option(evaluate)
    evaluate.set_defaults(run="companion.cli.watch:run_eval_watch")
