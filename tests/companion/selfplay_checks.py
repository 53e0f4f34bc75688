"""Checks shared by the self-play suites of every game."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from companion.engine.events import Event, Placement, TakeBack, Undo
from companion.engine.game import Game
from companion.engine.record import Replay, write_record
from companion.engine.ruling import Outcome
from companion.engine.simulator import Simulator


def check_push_pop(game: Game[Any], events: list[Event]) -> None:
    """Replay ``events`` checked; before each accepted action, push then pop must restore it."""
    for event in events:
        if not isinstance(event, Undo | TakeBack) and game.check(event).legal and not (
            isinstance(event, Placement) and game.flagged
        ):
            before, flagged, stack = game._save(), game.flagged, len(game.move_stack)
            game.push(event)
            assert game.pop() == event
            assert (game._save(), game.flagged, len(game.move_stack)) == (before, flagged, stack)
        game.play(event)


def play_out(sim: Simulator[Any], check_table: Callable[[Any], None], max_events: int) -> Outcome:
    """Play ``sim`` to its end, checking the table after every turn; then replaying its
    events (with push/pop checks) and its written record must give the same state."""
    check_table(sim)
    while sim.game.outcome() is None:
        sim.turn()
        check_table(sim)
    assert len(sim.events) < max_events
    outcome: Outcome | None = sim.game.outcome()
    assert outcome is not None

    replayed = sim.header.new_game()
    assert type(replayed) is type(sim.game)
    check_push_pop(replayed, sim.events)
    assert replayed._save() == sim.game._save()

    text = io.StringIO()
    write_record(text, sim.header, sim.events)
    text.seek(0)
    run = Replay(text)
    for _ in run:
        pass
    assert run.game._save() == sim.game._save()
    assert run.game.flagged == sim.game.flagged == ()
    return outcome
