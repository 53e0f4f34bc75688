"""What the page offers The Crew's players to tell (:mod:`companion.engine.controls`) and what it
warns about: the tasks to take, the counts to tell, the distress signal, a sonar card, a card turned
up in Tonoja's row, a redeal; a mission's difficulty not met and pairs of tasks two seats cannot
both meet (CR4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.controls import Ask, Control
from companion.engine.events import Event
from companion.games.crew.draw import clashes, total
from companion.games.crew.events import POSITIONS, DeclareWin, Distress, TakeTask
from companion.games.crew.tonoja import COLUMNS
from companion.text import Text

if TYPE_CHECKING:
    from companion.games.crew.rules import Crew


def controls(game: Crew) -> list[Control]:
    """The controls the attempt calls for now, each one the referee would accept as it stands
    (the fields left to ask aside)."""
    if game.outcome() is not None:
        return []
    found: list[Control] = []
    if game.assigning:
        seat = game.turn
        for task in game.tasks:
            if task not in game.owners and _legal(game, TakeTask(task, player=seat)):
                found.append(Control(Text("crew_control_take", seat=seat, task=game.task_label(task)),
                                     {"type": "take_task", "task": task, "player": seat}, group="tasks"))
        if _legal(game, TakeTask(None, player=seat)):
            found.append(Control(Text("crew_control_pass", seat=seat),
                                 {"type": "take_task", "task": None, "player": seat}, group="tasks"))
    for task in game.waiting_predictions():
        owner = game.owners[task] + 1
        found.append(Control(Text("crew_control_predict", seat=owner, task=game.task_label(task)),
                             {"type": "predict", "task": task, "player": owner},
                             (Ask("count", low=0, high=game.tricks_in_game()),), group="counts"))
    if _legal(game, Distress()):
        sides = ("left", "right")
        direction = Ask("direction", sides, said=tuple(Text(f"crew_direction_{side}") for side in sides))
        found.append(Control(Text("crew_control_distress"), {"type": "distress"}, (direction,),
                             group="signals"))
    if not game.assigning and not game.trick:
        where = Ask("position", POSITIONS, said=tuple(Text(f"crew_position_{place}") for place in POSITIONS))
        asks = (Ask("player", low=1, high=game.players), Ask("card"), where)
        found.append(Control(Text("crew_control_sonar"), {"type": "sonar"}, asks, group="signals"))
    if game.row is not None:
        for column in COLUMNS:
            if game.row.can_reveal(column):
                found.append(Control(Text("crew_control_reveal", at=column), {"type": "reveal", "at": column},
                                     (Ask("card"),), group="tonoja"))
    if not game.history and not game.trick:
        found.append(Control(Text("crew_control_redeal"), {"type": "redeal"}, (Ask("reason"),), danger=True,
                             group="end"))
    if _legal(game, DeclareWin()):
        found.append(Control(Text("crew_control_declare_win"), {"type": "declare_win"}, group="end"))
    return found


def notes(game: Crew) -> list[Text]:
    """Warnings that refuse nothing: the tasks' difficulty is not the mission's, and, with no more
    tasks than seats, pairs of tasks that two seats cannot both meet (CR4)."""
    found: list[Text] = []
    seats = game.players
    target = game.mission.get("difficulty")
    if target is not None and game.tasks and total(game.tasks, seats) != target:
        found.append(Text("crew_note_difficulty", total=total(game.tasks, seats), target=target))
    if len(game.tasks) <= seats:
        for first, second in clashes(game.tasks):
            if game.owners.get(first) is None or game.owners.get(first) != game.owners.get(second):
                found.append(Text("crew_note_clash", first=game.task_label(first),
                                   second=game.task_label(second)))
    return found


def _legal(game: Crew, event: Event) -> bool:
    """Whether the referee would accept ``event`` now."""
    return game.check(event).legal


__all__ = ["controls", "notes"]
