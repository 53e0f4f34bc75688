"""What the page offers The Crew's players to tell, each accepted as offered; what it warns about;
the tasks the companion draws (CR4, CR5, CR6, CR7)."""

from __future__ import annotations

import random

import pytest

from companion.app.referee import new_header
from companion.engine.events import event_from_json
from companion.errors import MalformedInput
from companion.games.crew.draw import total
from companion.games.crew.rules import Crew
from companion.games.crew.selfplay import attempt


def filled(line: dict[str, object], asks: list[dict[str, object]]) -> dict[str, object]:
    """A control's line with each asked field given its first choice or lowest number."""
    out = dict(line)
    for ask in asks:
        choices = ask["choices"]
        out[str(ask["field"])] = choices[0] if isinstance(choices, list) and choices else ask["low"]
    return out


def test_the_seat_choosing_is_offered_each_task_left_and_a_pass_when_allowed() -> None:
    game = Crew(4, commander=3, tasks=("trick:first", "no-win:9", "tricks:1", "row:2", "win:pink-3"))
    offered = [c.json()["line"] for c in game.controls() if c.group == "tasks"]
    assert [line["task"] for line in offered] == list(game.tasks)  # five tasks, four seats: no pass
    assert {line["player"] for line in offered} == {3}


@pytest.mark.parametrize("seed", range(30))
def test_every_control_offered_along_an_attempt_is_accepted(seed: int) -> None:
    play = attempt(2 + seed % 4, 7000 + seed, difficulty=1 + seed % 6)
    game = play.header.new_game()
    assert isinstance(game, Crew)
    for event in play.events:
        for control in game.controls():
            line = control.json()
            if any(not ask["choices"] and ask["low"] is None for ask in line["ask"]):
                continue  # a card or a reason to type: nothing to choose from here
            ruling = game.check(event_from_json(filled(line["line"], line["ask"])))
            assert ruling.legal, (seed, line, ruling.message_en)
            assert line["en"] and line["fr"] and line["en"] != line["fr"]
        game.play(event)
    assert game.outcome() is not None and game.controls() == []


def test_notes_warn_of_a_difficulty_not_met_and_of_a_pair_two_seats_cannot_meet() -> None:
    game = Crew(4, commander=1, tasks=("trick:first", "tricks:first-2"), mission={"difficulty": 9})
    notes = [note.en for note in game.notes()]
    assert any("add up to" in note and "is 9" in note for note in notes)
    assert "“win the first trick” and “win the first 2 tricks” cannot both be met by two seats" in notes[1]
    assert "« remporter le premier pli » et « remporter les 2 premiers plis »" in game.notes()[1].fr
    met = Crew(4, commander=1, tasks=("trick:first",), mission={"difficulty": total(["trick:first"], 4)})
    assert met.notes() == []


def test_the_companion_draws_the_tasks_to_the_difficulty_with_a_seed() -> None:
    def draw(seed: int) -> list[str]:
        setup = {"commander": 1, "mission": {"difficulty": 8}}
        header = new_header("crew", 4, {"task_draw": "page"}, setup=setup, rng=random.Random(seed))
        tasks = header.setup["tasks"]
        assert isinstance(tasks, list)
        return tasks

    assert total(draw(5), 4) == 8 and draw(5) == draw(5) != draw(6)
    given = new_header("crew", 4, {"task_draw": "page"}, setup={"commander": 1, "tasks": ["no-win:9"]})
    assert given.setup["tasks"] == ["no-win:9"]  # tasks given are kept
    with pytest.raises(MalformedInput, match="difficulty"):
        new_header("crew", 4, {"task_draw": "page"}, setup={"commander": 1})
    with pytest.raises(MalformedInput, match="sets up no 'captain'"):
        new_header("crew", 4, {}, setup={"commander": 1, "captain": 2})


def test_the_signals_choices_are_named_in_the_pages_language() -> None:
    # The page lists a choice by its words; the line still carries the record's value.
    game = Crew(4, commander=1, tasks=())  # no task to share: the sonar is offered at once
    signals = [c.json() for c in game.controls() if c.group == "signals"]
    asks = {ask["field"]: ask for control in signals for ask in control["ask"]}
    assert asks["direction"]["choices"] == ["left", "right"]
    said = asks["direction"]["said"]
    assert said == {"en": ["to the left", "to the right"], "fr": ["à gauche", "à droite"]}
    assert asks["position"]["said"]["fr"] == ["en haut", "au milieu", "en bas"]
    # A field without words names each choice by itself.
    assert "said" not in asks["player"]
