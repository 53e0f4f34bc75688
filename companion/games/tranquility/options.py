"""Tranquillité's options (RULINGS.md T10, rulings T12 to T20): the cards removed, *Mers agitées*'
modules and the variants of the sheet, with their defaults."""

from __future__ import annotations

from collections.abc import Mapping

import companion.games.tranquility.messages  # noqa: F401  (its words, said below, join the catalogue first)
from companion.engine.game import Option
from companion.errors import MalformedInput
from companion.games.tranquility.board import PYRAMID
from companion.text import Text, Words

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


def _flag(name: str, said: Words) -> Option:
    return Option(name, False, (False, True), said)


OPTIONS = (
    Option("removed", 0, REMOVED_CHOICES,
           Text("say_island_cards_removed_unseen_7_1")),
    _flag("reef", Text("say_mers_agit_es_the_reef_t13")),
    Option("reef_row", None, (None, 1, 2, 3, 4, 5, 6),
           Text("say_the_row_the_reef_starts_on")),
    Option("monsters", 0, (0, 3, 4, 5),
           Text("say_mers_agit_es_sea_monsters_shuffled")),
    _flag("storms", Text("say_mers_agit_es_storms_and_compasses")),
    Option("storm_colours", dict(STORM_COLOURS), (dict(STORM_COLOURS),),
           Text("say_how_the_six_storms_share_the"), _storm_colours),
    Option("whole_hand_min", 1, (1, 2, 3, 4, 5),
           Text("say_the_smallest_whole_hand_a_compass")),
    Option("variant", "standard", VARIANT_CHOICES,
           Text("say_a_variant_of_the_sheet_t17")),
    Option("pyramid_borders", None, (None, ["c1", "d3"]),
           Text("say_the_pyramide_s_two_inner_border"), _borders),
    _flag("pyramid_hard", Text("say_pyramide_a_start_drawn_costs_a")),
    _flag("pyramid_easy", Text("say_pyramide_spare_border_cards_for_the")),
    _flag("pyramid_undone_pays_cost", Text("say_pyramide_a_placement_undone_still_pays")),
    Option("competition_day_seat", 1, (1, 2),
           Text("say_comp_tition_the_seat_that_lays")),
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
