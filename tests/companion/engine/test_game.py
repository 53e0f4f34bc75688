"""The game base class: registry, options, the checked and trusted paths, the legal view."""

from __future__ import annotations

import random

import pytest

from companion import (
    AmbiguousReading,
    CompanionError,
    IllegalPlay,
    MalformedInput,
    Play,
    RulesError,
    Tranquility,
    UnknownGame,
    find_game,
    refereed,
)
from companion.games.tranquility.rules import CELLS, FINISH, START
from companion.games.tranquility.selfplay import SelfPlay


def test_registry_finds_games_by_record_name() -> None:
    assert find_game("tranquility") is Tranquility
    assert find_game("ascension").name == "ascension"
    assert set(refereed()) == {"tranquility", "ascension", "crew", "rixes"}
    with pytest.raises(UnknownGame, match="unknown game 'go'"):
        find_game("go")


def test_error_tree() -> None:
    assert issubclass(MalformedInput, CompanionError) and issubclass(MalformedInput, ValueError)
    assert issubclass(IllegalPlay, RulesError) and issubclass(IllegalPlay, ValueError)
    assert issubclass(AmbiguousReading, CompanionError)
    assert not issubclass(AmbiguousReading, RulesError | MalformedInput)


@pytest.mark.parametrize("options", [{"removed": True}, {"removed": "4"}, {"removed": 3}, {"hard": 1}])
def test_bad_options_are_malformed(options: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        Tranquility(3, options)


def test_strict_play_raises_with_the_ruling_and_flags_nothing() -> None:
    game = Tranquility.from_position(3, cells={"b1": 31})
    with pytest.raises(IllegalPlay) as caught:
        game.play(Play("27", "c1"), strict=True)
    assert caught.value.ruling.rule == "T2"
    assert game.flagged == ()


def test_malformed_event_changes_nothing() -> None:
    game = Tranquility(3)
    before = game._save()
    with pytest.raises(MalformedInput):
        game.play(Play("81", "a1"))
    with pytest.raises(AmbiguousReading):
        game.play(Play("back", "a1"))
    assert game._save() == before and game.flagged == ()


def brute_force(game: Tranquility) -> set[tuple[str, str]]:
    cards = [str(v) for v in range(1, 81)] + [START, FINISH]
    return {(card, cell) for card in cards for cell in [*CELLS, START, FINISH]
            if game.check(Play(card, cell)).legal}


def positions(count: int, *, mistakes: float) -> list[Tranquility]:
    rng = random.Random(count)
    found: list[Tranquility] = []
    while len(found) < count:
        sim = SelfPlay(3, rng, mistakes=mistakes)
        events = sim.run()
        game = Tranquility(3)
        for event in events[: rng.randrange(len(events))]:
            game.play(event)
        if not game.flagged and game.outcome() is None:
            found.append(game)
    return found


@pytest.mark.parametrize("mistakes", [0.0, 0.4], ids=["ascending", "with-overrides"])
def test_legal_view_matches_checking_every_card_and_cell(mistakes: float) -> None:
    for game in positions(25, mistakes=mistakes):
        generated = {(play.card, play.at) for play in game.legal_placements}
        assert generated == brute_force(game)
        assert all(play in game.legal_placements for play in game.legal_placements)
        for value in range(1, 81):
            cells = dict(game.legal_cells(value))
            for cell in CELLS:
                ruling = game.check(Play(str(value), cell))
                assert (cell in cells) == ruling.legal
                if ruling.legal:
                    assert cells[cell] == ruling.discard


def test_legal_view_is_lazy_and_supports_in() -> None:
    game = Tranquility(3)
    view = game.legal_placements
    assert Play(START, START) in view
    assert Play(FINISH, FINISH) not in view
    assert Play("81", "a1") not in view  # unknown card: simply not legal
    assert "start" not in view
    assert next(iter(view)) == Play(START, START)
    assert bool(view)
    assert view.count() == len(brute_force(game))
