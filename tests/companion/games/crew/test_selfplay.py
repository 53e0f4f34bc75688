"""Attempts played by the computer with real hidden hands and some mistakes: every card in one
place, trick winners recomputed, tasks read again from the whole attempt, undo exact, the record
replayed to the same state."""

from __future__ import annotations

import json

import pytest

from companion.engine.events import Play, event_from_json
from companion.games.crew.facts import DECK, trick_winner
from companion.games.crew.rules import Crew
from companion.games.crew.selfplay import attempt

from .test_tasks import final

#: 10,000 attempts in all, in chunks that run side by side.
CHUNK = 1250


@pytest.mark.parametrize("chunk", range(8))
def test_random_attempts_keep_their_invariants(chunk: int) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = 2 + seed % 4
        play = attempt(players, seed, difficulty=1 + seed % 9, mistakes=0.1 if seed % 3 == 0 else 0.0)
        game = play.game
        assert game.outcome() is not None
        # Every breach proved is a revoke made (no false proof); none where no seat revoked.
        for breach in game.breaches:
            assert breach.rule == "CR11" and breach.broke is not None, (seed, breach)
            broke = game._stack[breach.broke].event
            assert isinstance(broke, Play) and broke.card in play.revoked, (seed, breach)
        assert play.revoked or not game.breaches
        # Every card in exactly one place: played, in a hand, in Tonoja's row or under it.
        places = [card for trick in game.history for card in trick.faces] + [card for _, card in game.trick]
        places += [card for hand in play.hands for card in hand] + list(play.under.values())
        places += list(game.row.visible_cards().values()) if game.row is not None else []
        assert sorted(places) == sorted(DECK), seed
        for trick in game.history:
            assert trick.winner == trick_winner(trick.cards)
        if len(game.history) == game.tricks_in_game():
            for task, owner in game.owners.items():
                assert game.statuses[task] == final(task, owner, game.history, game.players, game.commander,
                                                    game.predictions), (seed, task)


@pytest.mark.parametrize("seed", range(12))
def test_the_record_replays_to_the_same_state_and_each_event_undoes_exactly(seed: int) -> None:
    play = attempt(2 + seed % 4, 1000 + seed, difficulty=3, mistakes=0.1)
    header = json.loads(json.dumps(play.header.to_json()))
    game = Crew.from_header(header["players"], header["options"],
                            setup={key: header[key] for key in Crew.SETUP_FIELDS if key in header})
    for event in play.events:
        before = game._save()
        flagged = game.flagged
        ruling = game.play(event_from_json(json.loads(json.dumps(event.to_json()))))
        if ruling.legal and isinstance(event, Play):
            game.pop()
            assert game._save() == before and game.flagged == flagged
            game.play(event)
    assert game.state_json() == play.game.state_json()


def test_revokes_made_by_mistake_are_proved_by_later_play() -> None:
    proved = made = 0
    for seed in range(150):
        play = attempt(4, 5000 + seed, difficulty=4, mistakes=0.3)
        made += bool(play.revoked)
        if play.game.breaches:
            proved += 1
            outcome = play.game.outcome()
            assert outcome is not None and outcome.result == "lost"
    # A revoke is proved only when the seat later plays or shows the colour it did not follow.
    assert 0 < proved < made
