"""The Crew's set-up as a new game's header holds it (``shared/RECORD.md``): what each field says,
and the tasks the companion draws for the players with option ``task_draw: page`` (CR4)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.errors import MalformedInput
from companion.games.crew.draw import draw_tasks
from companion.text import Both, Text

#: What each field of the header's set-up holds, for the page's new-game form.
SETUP_HELP: dict[str, Both] = {
    "commander": Both("the seat holding the 4 submarine (required)",
                      "le joueur qui a le sous-marin 4 (obligatoire)"),
    "tasks": Both('the tasks laid out, e.g. ["win:pink-3", "trick:first"] (drawn by the companion with '
                  "task_draw=page)",
                  'les tâches tirées, par ex. ["win:pink-3", "trick:first"] (tirées par le compagnon avec '
                  "task_draw=page)"),
    "mission": Both('the logbook\'s mission, e.g. {"number": 12, "difficulty": 7, "attempt": 2}',
                    'la mission du journal de bord, par ex. {"number": 12, "difficulty": 7, "attempt": 2}'),
    "distress": Both("true when the distress token was used at an earlier attempt",
                     "true si le jeton de détresse a servi lors d'une tentative précédente"),
    "extra": Both("3 players: the seat dealt 14 cards", "3 joueurs : le joueur qui a reçu 14 cartes"),
    "tonoja": Both("2 players: Tonoja's seat (players=3)", "2 joueurs : la place de Tonoja (players=3)"),
    "tonoja_row": Both('2 players: her face-up cards, e.g. {"r1": "pink-3", ..., "r7": "sub-2"}',
                       'à 2 joueurs : ses cartes visibles, par ex. {"r1": "pink-3", ..., "r7": "sub-2"}'),
}


def drawn_setup(players: int, options: Mapping[str, object], setup: Mapping[str, object],
                rng: random.Random) -> dict[str, object]:
    """``setup`` with the tasks drawn to the mission's difficulty when the companion draws them
    (option ``task_draw: page``) and none are given; MalformedInput when no difficulty is given."""
    drawn = dict(setup)
    if options.get("task_draw") != "page" or drawn.get("tasks"):
        return drawn
    mission = drawn.get("mission")
    target = mission.get("difficulty") if isinstance(mission, dict) else None
    if isinstance(target, bool) or not isinstance(target, int):
        raise MalformedInput(Text("crew_draw_needs_difficulty"))
    try:
        drawn["tasks"] = draw_tasks(target, players, rng, avoid_pairs=options.get("avoid_pairs") is True)
    except ValueError:
        raise MalformedInput(Text("bad_field", field="mission", value=mission)) from None
    return drawn


__all__ = ["SETUP_HELP", "drawn_setup"]
