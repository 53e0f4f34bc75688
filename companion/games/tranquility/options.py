"""Tranquillité's options (RULINGS.md T10, rulings T12 to T20): the cards removed, *Mers agitées*'
modules and the variants of the sheet, with their defaults."""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.game import Option
from companion.errors import MalformedInput
from companion.games.tranquility.board import PYRAMID
from companion.text import Both, Text

REMOVED_CHOICES = (0, 4, 6, 8, 10, 12)
#: The storms' colours, each with its default count (T12: six in all, the split never printed).
STORM_COLOURS = {"yellow": 2, "purple": 2, "orange": 2}
VARIANT_CHOICES = ("standard", "arch", "pyramid", "day_night", "competition")


def _storm_colours(value: object) -> bool:
    return (isinstance(value, dict) and set(value) == set(STORM_COLOURS)
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value.values())
            and sum(value.values()) == 6)


def _borders(value: object) -> bool:
    return value is None or (isinstance(value, list) and len(set(value)) == len(value) == 2
                             and all(isinstance(cell, str) and cell in PYRAMID.index for cell in value))


def _flag(name: str, en: str, fr: str) -> Option:
    return Option(name, False, (False, True), Both(en, fr))


OPTIONS = (
    Option("removed", 0, REMOVED_CHOICES,
           Both("island cards removed unseen (7.1)", "cartes d'île retirées face cachée (7.1)")),
    _flag("reef", "Mers agitées: the reef (T13)", "Mers agitées : le récif (T13)"),
    Option("reef_row", None, (None, 1, 2, 3, 4, 5, 6),
           Both("the row the reef starts on (T13)", "la ligne où commence le récif (T13)")),
    Option("monsters", 0, (0, 3, 4, 5),
           Both("Mers agitées: sea monsters shuffled in (T14)",
                "Mers agitées : monstres marins mélangés (T14)")),
    _flag("storms", "Mers agitées: storms and compasses (T15, T16)",
          "Mers agitées : tempêtes et boussoles (T15, T16)"),
    Option("storm_colours", dict(STORM_COLOURS), (dict(STORM_COLOURS),),
           Both("how the six storms share the colours (T12)",
                "répartition des six tempêtes entre les couleurs (T12)"), _storm_colours),
    Option("whole_hand_min", 1, (1, 2, 3, 4, 5),
           Both("the smallest whole hand a compass rewards (T16)",
                "la plus petite main entière récompensée d'une boussole (T16)")),
    Option("variant", "standard", VARIANT_CHOICES,
           Both("a variant of the sheet (T17 to T20)", "une variante de la feuille (T17 à T20)")),
    Option("pyramid_borders", None, (None, ["c1", "d3"]),
           Both("the Pyramide's two inner border cards (T18)",
                "les deux cartes bordure intérieures de la Pyramide (T18)"), _borders),
    _flag("pyramid_hard", "Pyramide: a Start drawn costs a card (T18)",
          "Pyramide : un Départ pioché coûte une carte (T18)"),
    _flag("pyramid_easy", "Pyramide: spare border cards for the monsters (T18)",
          "Pyramide : cartes bordure à la place des monstres (T18)"),
    _flag("pyramid_undone_pays_cost", "Pyramide: a placement undone still pays (T18)",
          "Pyramide : une pose annulée coûte quand même (T18)"),
    Option("competition_day_seat", 1, (1, 2),
           Both("Compétition: the seat that lays day-up (T20)",
                "Compétition : le joueur qui pose côté jour (T20)")),
)

#: The options that switch a module of *Mers agitées* on, with the value that leaves it off.
MODULES: dict[str, object] = {"reef": False, "monsters": 0, "storms": False}


def modules_on(options: Mapping[str, object]) -> list[str]:
    """The modules of *Mers agitées* that ``options`` switch on.

    >>> modules_on({"reef": True, "monsters": 0})
    ['reef']
    """
    return [name for name, off in MODULES.items() if options.get(name, off) != off]


def rules_key(options: Mapping[str, object]) -> str | None:
    """Which rules class referees a game with ``options``: a variant's name, ``"seas"`` for the base
    game with modules, None for the base game; MalformedInput for a variant with a module (T12:
    the sheet's variants are not made to combine, and no rule says how they would).

    >>> rules_key({"variant": "arch"}), rules_key({"storms": True}), rules_key({})
    ('arch', 'seas', None)
    """
    variant = options.get("variant", "standard")
    modules = modules_on(options)
    if isinstance(variant, str) and variant in VARIANT_CHOICES and variant != "standard":
        if modules:
            raise MalformedInput(Text("variant_with_module", variant=variant, module=modules[0]))
        return variant
    return "seas" if modules else None  # an unknown variant is refused by the options' check
