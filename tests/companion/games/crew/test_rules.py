"""The Crew refereed: tasks taken in turn (CR5), predictions, tricks with submarines as trumps
(CR9, CR12), tasks decided as they are played (CR13, CR14), breaches proved later (CR3, CR11, CR15)."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from companion.app.referee import Referee
from companion.engine.events import DeclareLoss, Override, Play, TakeBack, Undo, event_from_json
from companion.engine.record import Header, Replay
from companion.engine.ruling import Termination
from companion.errors import MalformedInput
from companion.games.crew.events import DeclareWin, Distress, Predict, Redeal, Reveal, Sonar, TakeTask
from companion.games.crew.rules import Crew

from .test_tasks import random_attempt


def card(name: str, player: int | None = None) -> Play:
    return Play(name, "", player=player)


def playing(game: Crew, *cards: str) -> list[Any]:
    """Play ``cards`` in turn; each ruling."""
    return [game.play(card(name)) for name in cards]


def test_the_commander_chooses_first_then_each_seat_in_turn() -> None:
    game = Crew(4, commander=3, tasks=("trick:first", "no-win:9", "tricks:1", "row:2", "win:pink-3"))
    assert game.turn == 3
    assert game.play(TakeTask("trick:first", player=2)).rule == "CR9"  # not seat 2's turn
    for seat, task in ((3, "trick:first"), (4, "no-win:9"), (1, "tricks:1"), (2, "row:2"), (3, "win:pink-3")):
        assert game.play(TakeTask(task, player=seat)).legal
    assert game.owners == {"trick:first": 2, "no-win:9": 3, "tricks:1": 0, "row:2": 1, "win:pink-3": 2}
    assert not game.assigning and game.turn == 3 and game.leader == 2  # the commander leads


def test_no_seat_passes_with_as_many_tasks_as_seats_and_a_pass_must_leave_none_untaken() -> None:
    game = Crew(3, commander=1, tasks=("trick:first", "no-win:9", "tricks:1"))
    assert game.play(TakeTask(None)).rule == "CR5"
    few = Crew(4, commander=1, tasks=("trick:first", "no-win:9"))
    assert few.play(TakeTask(None)).legal  # 2 tasks left, 3 seats after
    assert few.play(TakeTask(None)).legal  # 2 tasks left, 2 seats after
    assert few.play(TakeTask(None)).rule == "CR5"  # 2 left, 1 seat after
    assert few.play(TakeTask("no-win:9")).legal and few.play(TakeTask("trick:first")).legal
    assert not few.assigning and few.turn == 1


def test_the_commander_never_takes_a_captain_task_and_a_task_is_taken_once() -> None:
    game = Crew(3, commander=2, tasks=("captain:more", "trick:first", "row:2"))
    assert game.play(TakeTask("captain:more")).rule == "CR5"
    assert game.play(TakeTask("trick:first")).legal
    assert game.play(TakeTask("trick:first")).rule == "CR5"
    with pytest.raises(MalformedInput):
        game.play(TakeTask("win:pink-10"))


def test_no_card_before_the_tasks_and_the_predictions() -> None:
    game = Crew(3, commander=1, tasks=("predict:open", "trick:first", "row:2"))
    assert game.check(card("pink-1")).rule == "CR5"  # laid now, it would lie flagged (G5)
    game.play(TakeTask("predict:open"))
    game.play(TakeTask("trick:first"))
    game.play(TakeTask("row:2"))
    assert game.check(card("pink-1")).rule == "CR5"  # the count is not told yet
    assert game.play(Predict(task="predict:open", count=4, player=2)).rule == "CR5"  # seat 1's task
    assert game.play(Predict(task="predict:open", count=4, player=1)).legal
    assert game.play(card("pink-1")).legal


def test_a_submarine_wins_whatever_is_led_and_the_winner_leads() -> None:
    game = Crew(3, commander=2)
    rulings = playing(game, "pink-9", "sub-1", "pink-8")
    assert rulings[-1].message_en == "seat 1 plays pink 8; seat 3 wins the trick"
    assert rulings[-1].to_json(3)["trick"] == 1 and rulings[-1].to_json(3)["winner"] == 3
    assert game.turn == 3 and game.history[0].winner == 2


def test_a_task_is_decided_at_the_card_that_decides_it_and_ends_the_mission() -> None:
    game = Crew(4, commander=1, tasks=("trick:first", "win:blue-4"))
    game.play(TakeTask("trick:first"))
    game.play(TakeTask("win:blue-4"))  # two tasks, one round: nobody else chooses
    assert not game.assigning
    first = playing(game, "pink-9", "pink-1", "pink-2", "pink-3")  # seat 1 wins the first trick
    assert first[-1].to_json(6)["tasks"] == {"trick:first": "DONE"}
    assert "tasks" not in first[-2].to_json(5) and game.outcome() is None
    second = playing(game, "blue-4", "blue-9", "blue-1", "blue-2")  # seat 2 wins blue-4
    assert second[-1].to_json(10)["tasks"] == {"win:blue-4": "DONE"}
    outcome = game.outcome()  # won with 8 tricks left (CR14)
    assert outcome is not None and outcome.result == "won" and outcome.winners == (1, 2, 3, 4)
    assert game.state_json()["tasks"] == {
        "trick:first": {"seat": 1, "status": "DONE",
                        "words": {"en": "win the first trick", "fr": "remporter le premier pli"}},
        "win:blue-4": {"seat": 2, "status": "DONE",
                       "words": {"en": "win the blue 4", "fr": "remporter le 4 bleu"}}}


def test_a_failed_task_loses_the_mission_and_every_later_card_is_refused() -> None:
    game = Crew(3, commander=1, tasks=("trick:first",))
    game.play(TakeTask("trick:first"))
    rulings = playing(game, "pink-1", "pink-9", "pink-2")  # seat 2 wins the first trick
    assert rulings[-1].to_json(3)["tasks"] == {"trick:first": "FAILED"}
    outcome = game.outcome()
    assert outcome is not None and outcome.result == "lost" and outcome.termination == Termination.GOALS
    assert game.play(card("yellow-1")).rule == "CR14"


def test_a_revoke_proved_names_the_earlier_card_and_loses_the_attempt() -> None:
    lines = [{"record": 1, "game": "crew", "players": 3, "commander": 1, "tasks": []},
             {"type": "play", "card": "pink-1"}, {"type": "play", "card": "yellow-9"},
             {"type": "play", "card": "pink-2"},
             # Seat 3 won with pink-2 and leads yellow; seat 1 follows; seat 2 plays pink-5: its
             # pink at event 2 is proved (CR11).
             {"type": "play", "card": "yellow-1"}, {"type": "play", "card": "yellow-2"},
             {"type": "play", "card": "pink-5"}]
    text = "".join(json.dumps(line) + "\n" for line in lines)
    replay = Replay(io.StringIO(text))
    steps = list(replay)
    last = steps[-1].ruling.to_json(steps[-1].seq)
    assert (last["legal"], last["rule"], last["breach"], last["trick"]) == (True, "CR11", 2, 2)
    assert "event 2" in last["message_en"] and "événement 2" in last["message_fr"]
    outcome = replay.game.outcome()
    assert outcome is not None and outcome.termination == Termination.BREACH
    breaches = replay.game.state_json()["breaches"]
    assert breaches == [{"rule": "CR11", "seq": 2, "proved_at": 6, "disputed": False}]
    assert replay.game.state_json()["reason"] == "breach"


def test_sub_4_played_by_another_seat_proves_the_commander_false() -> None:
    game = Crew(3, commander=1, options={"breach": "note"})
    playing(game, "pink-1")
    ruling = game.play(card("sub-4"))
    assert (ruling.legal, ruling.rule, ruling.to_json(2)["breach"]) == (True, "CR3", 0)
    assert game.outcome() is None  # noted, play goes on
    assert Crew(3, commander=1).play(card("sub-4")).rule is None  # the commander's own


def test_undo_restores_the_attempt_exactly() -> None:
    game = Crew(3, commander=1, tasks=("trick:first", "row:2", "no-win:9"))
    for task in ("trick:first", "row:2", "no-win:9"):
        game.play(TakeTask(task))
    before = game._save()
    playing(game, "pink-1", "pink-9", "pink-2")
    assert game.statuses
    for _ in range(3):
        assert game.play(Undo()).legal
    assert game._save() == before and game.statuses == {} and game.history == []


def test_the_header_sets_up_the_commander_and_the_tasks() -> None:
    header = Header.from_json({"record": 1, "game": "crew", "players": 4, "commander": 3,
                               "options": {"task_draw": "page", "avoid_pairs": True, "history": "all"},
                               "tasks": ["trick:first"], "mission": {"number": 7}})
    assert header.setup == {"commander": 3, "tasks": ["trick:first"], "mission": {"number": 7}}
    assert header.to_json()["commander"] == 3
    game = header.new_game()
    assert isinstance(game, Crew) and game.commander == 2 and game.tasks == ("trick:first",)
    for bad in ({}, {"commander": 5}, {"commander": 1, "tasks": ["win:pink-10"]}, {"commander": "1"},
                {"commander": 1, "mission": {"number": "7"}}, {"commander": 1, "distress": "yes"}):
        with pytest.raises(MalformedInput):
            Crew.from_header(4, setup=bad)


def test_a_sonar_comes_after_the_tasks_between_tricks_once_never_on_a_submarine() -> None:
    game = Crew(3, commander=1, tasks=("row:2", "no-win:9", "tricks:1"))
    assert game.check(Sonar("pink-7", "", "top", player=2)).rule == "CR7"  # tasks on the table
    for task in ("row:2", "no-win:9", "tricks:1"):
        game.play(TakeTask(task))
    assert game.play(Sonar("pink-7", "", "top", player=2)).legal
    assert game.check(Sonar("pink-5", "", "top", player=2)).rule == "CR7"  # once
    assert game.check(Sonar("sub-2", "", "top", player=3)).rule == "CR7"
    assert game.check(Sonar("pink-7", "", "top", player=3)).rule == "G2"  # seat 2's card
    game.play(card("yellow-1"))
    refused = game.play(Sonar("blue-3", "", "middle", player=3))
    assert refused.rule == "CR7" and [flag.event.card for flag in game.flagged] == ["blue-3"]
    assert game.play(TakeBack(card="blue-3")).legal and game.flagged == ()
    assert game.state_json()["sonar"] == {"2": {"card": "pink-7", "position": "top", "played": False}}


def test_a_seat_whose_sonar_card_is_of_the_colour_led_must_follow_at_once() -> None:
    game = Crew(3, commander=1)
    game.play(Sonar("pink-7", "", "top", player=2))
    game.play(card("pink-1"))
    ruling = game.play(card("blue-4"))  # seat 2 shows pink-7 and plays blue
    assert (ruling.legal, ruling.rule) == (False, "CR10")
    assert ruling.message_en == "seat 2 must follow with pink 7, its sonar card, not blue 4"
    # Overridden (a misread sonar card): accepted, and held against no one later.
    assert game.play(Override()).legal
    game.play(card("pink-2"))  # seat 3 wins with pink-2
    assert game.history[-1].winner == 2 and game.breaches == []


def test_a_sonar_is_proved_false_by_a_card_that_contradicts_it() -> None:
    game = Crew(3, commander=1, options={"breach": "note"})
    game.play(Sonar("pink-5", "", "top", player=1))
    playing(game, "blue-1", "blue-2", "blue-3")  # seat 3 wins and leads
    playing(game, "yellow-1")
    ruling = game.play(card("pink-7"))  # seat 1, its sonar said pink-5 was its highest pink
    assert (ruling.legal, ruling.rule, ruling.to_json(6)["breach"]) == (True, "CR8", 1)
    low = Crew(3, commander=1)
    low.play(Sonar("pink-5", "", "bottom", player=1))
    assert low.play(card("pink-6")).rule is None  # higher than its lowest: no contradiction
    assert low.breaches == [] and low.outcome() is None


def test_a_sonar_of_a_colour_the_seat_did_not_follow_proves_the_revoke() -> None:
    game = Crew(3, commander=1)
    playing(game, "pink-1", "yellow-9", "pink-2")  # seat 2 did not follow pink
    ruling = game.play(Sonar("pink-8", "", "top", player=2))
    assert (ruling.legal, ruling.rule, ruling.to_json(4)["breach"]) == (True, "CR11", 2)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == Termination.BREACH


def test_the_distress_signal_comes_once_before_any_sonar_and_card() -> None:
    game = Crew(3, commander=1)
    assert game.play(Distress("left")).legal and game.distress
    assert game.play(Distress("right")).rule == "CR6"
    late = Crew(3, commander=1)
    late.play(Sonar("pink-5", "", "top", player=1))
    assert late.play(Distress("left")).rule == "CR6"


def test_the_players_may_declare_the_mission_lost() -> None:
    game = Crew(3, commander=1, tasks=("no-win:9",))
    game.play(TakeTask("no-win:9"))
    assert game.play(DeclareLoss()).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == Termination.REPORTED and outcome.result == "lost"


def test_an_override_right_after_a_proof_disputes_it_and_the_attempt_goes_on() -> None:
    game = Crew(3, commander=1)
    playing(game, "pink-1")
    cr3 = game.play(card("sub-4"))  # seat 2 plays sub-4: the attempt is lost
    assert cr3.rule == "CR3" and cr3.message_fr.startswith("le joueur 2 joue le sous-marin 4 :")
    assert game.outcome() is not None
    ruling = game.play(Override())
    assert ruling.legal and "dispute" in ruling.message_en
    assert game.outcome() is None and game.breaches[0].disputed
    assert game.play(card("pink-2")).legal
    assert game.play(Override()).rule == "G5"  # nothing proved just now


def test_a_redeal_voids_the_attempt() -> None:
    game = Crew(4, commander=2, tasks=("subs=1",))
    game.play(TakeTask("subs=1"))
    assert game.play(Redeal("one hand holds every submarine")).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.result == "void" and game.state_json()["reason"] == "redeal"


def test_a_mission_without_tasks_is_declared_won_after_its_last_trick() -> None:
    tricks, commander = random_attempt(random.Random(5), 5)  # an honest attempt, dealt at random
    game = Crew(5, commander=commander + 1)
    assert game.play(DeclareWin()).rule == "CR14"
    for trick in tricks:
        assert all(game.play(card(name, seat + 1)).legal for seat, name in trick.cards)
    assert game.outcome() is None and len(game.history) == 8  # ongoing until the players say
    assert game.play(DeclareWin()).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.result == "won" and game.state_json()["reason"] == "declared"


def test_the_logbook_scores_a_mission_won_by_its_attempts_and_the_distress() -> None:
    game = Crew(3, commander=1, tasks=("trick:first",), mission={"number": 7, "difficulty": 1, "attempt": 3})
    game.play(TakeTask("trick:first"))
    game.play(Distress("left"))
    playing(game, "pink-9", "pink-1", "pink-2")
    assert game.state_json()["logbook"] == {"mission": 7, "attempt": 3, "distress": True, "score": 4}


def test_a_breach_proved_live_cites_the_seq_the_store_gave_the_breaking_card() -> None:
    referee = Referee(Header("crew", 3, setup={"commander": 1}))
    for line in ({"type": "play", "card": "pink-7", "player": 2},  # out of turn: refused, flagged
                 {"type": "take_back", "card": "pink-7"}, {"type": "play", "card": "pink-1"},
                 {"type": "play", "card": "yellow-9"},  # seq 4, the second card accepted
                 {"type": "play", "card": "pink-2"}, {"type": "play", "card": "yellow-1"},
                 {"type": "play", "card": "yellow-2"}):
        referee.submit(line)
    proof = referee.submit({"type": "play", "card": "pink-5"})  # seat 2 held pink at seq 4
    assert (proof.ruling.rule, proof.ruling.fields["breach"], proof.seq) == ("CR11", 4, 8)


MALFORMED = [
    {"type": "take_back"},  # neither a cell nor a card
    {"type": "take_task", "player": 1},  # no task, not even null
    {"type": "predict", "task": "predict:open", "count": -1},
    {"type": "predict", "task": "predict:open"},
    {"type": "sonar", "card": "pink-7", "position": "side", "player": 1},
    {"type": "sonar", "card": "pink-7", "player": 1},
    {"type": "distress", "direction": "up"},
    {"type": "reveal", "at": "r1"},
]


@pytest.mark.parametrize("line", MALFORMED, ids=[json.dumps(line) for line in MALFORMED])
def test_a_malformed_crew_line_says_so_in_both_languages(line: dict[str, Any]) -> None:
    with pytest.raises(MalformedInput) as caught:
        event_from_json(line)
    assert caught.value.text.en != caught.value.text.fr


def test_a_card_or_task_not_of_the_game_is_malformed_and_changes_nothing() -> None:
    game = Crew(3, commander=1, tasks=("trick:first",))
    before = game._save()
    for event in (TakeTask("win:pink-10"), Sonar("pink-10", "", "top", player=1), Play("pink-10", ""),
                  Reveal("r1", "pink-1"), Play("pink-1", "r9")):
        with pytest.raises(MalformedInput):
            game.play(event)
    assert game._save() == before and game.flagged == ()
