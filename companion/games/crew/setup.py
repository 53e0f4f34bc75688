"""The Crew's set-up as a new game's header holds it (``shared/RECORD.md``): what each field says,
and the tasks the companion draws for the players with option ``task_draw: page`` (CR4)."""

from __future__ import annotations

import random
from collections.abc import Mapping

import companion.games.crew.messages  # noqa: F401  (its words, said below, join the catalogue first)
from companion.errors import MalformedInput
from companion.games.crew.draw import draw_tasks
from companion.text import Text, Words

#: What each field of the header's set-up holds, for the page's new-game form.
SETUP_HELP: dict[str, Words] = {
    "commander": Text("say_the_seat_holding_the_4_submarine"),
    "tasks": Text("say_the_tasks_laid_out_e_g"),
    "mission": Text("say_the_logbook_s_mission_e_g"),
    "distress": Text("say_true_when_the_distress_token_was"),
    "extra": Text("say_3_players_the_seat_dealt_14"),
    "tonoja": Text("say_2_players_tonoja_s_seat_players"),
    "tonoja_row": Text("say_2_players_her_face_up_cards"),
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
