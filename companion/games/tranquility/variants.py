"""Which rules class referees a Tranquillité game, from its options: the base game, *Mers
agitées* (reef, sea monsters, storms: T13 to T16) or a variant of the sheet (T17 to T20).

The modules never combine with a variant (T12): such a header is refused. The classes are found
lazily, as each subclasses :class:`~companion.games.tranquility.rules.Tranquility`.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from companion.errors import MalformedInput
from companion.games.tranquility.rules import Tranquility
from companion.text import Text

#: Each variant's rules class, as ``module:Class`` under this package.
VARIANTS: dict[str, str] = {
    "arch": "arch:Arch",
    "pyramid": "pyramid:Pyramid",
    "day_night": "daynight:DayNight",
    "competition": "competition:Competition",
}
#: The class of the base game played with one or more of *Mers agitées*' modules.
SEAS = "seas:Seas"
#: The options that switch a module on, with the value that leaves it off.
MODULES: dict[str, object] = {"reef": False, "monsters": 0, "storms": False}


def modules_on(options: Mapping[str, object]) -> list[str]:
    """The modules of *Mers agitées* that ``options`` switch on.

    >>> modules_on({"reef": True, "monsters": 0})
    ['reef']
    """
    return [name for name, off in MODULES.items() if options.get(name, off) != off]


def rules_for(options: Mapping[str, object]) -> type[Tranquility]:
    """The rules class of a game with ``options``; MalformedInput for a variant with a module."""
    variant = options.get("variant", "standard")
    modules = modules_on(options)
    if variant != "standard" and isinstance(variant, str) and variant in VARIANTS:
        if modules:
            raise MalformedInput(Text("variant_with_module", variant=variant, module=modules[0]))
        return _load(VARIANTS[variant])
    if modules:
        return _load(SEAS)
    return Tranquility  # an unknown variant is refused by the options' check


def _load(path: str) -> type[Tranquility]:
    module, name = path.split(":")
    cls: type[Tranquility] = getattr(import_module(f"companion.games.tranquility.{module}"), name)
    return cls
