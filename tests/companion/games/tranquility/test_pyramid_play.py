"""The Pyramide (ruling T18) played through: setup, what each explorer card does to the table,
undo, the loss proved from public counts only (T9, G1), the state and the page's controls."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import DeclareLoss, Event, Override, Play, Termination, Tranquility, Undo
from companion.errors import MalformedInput
from companion.games.tranquility.events import Compass, Explore
from companion.games.tranquility.pyramid import Pyramid
from tests.companion.games.tranquility.pyramid_positions import (
    FULL,
    OPTIONS,
    WHOLE_PILE,
    PyrPos,
    joker,
)

# -- setup ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "removed", "hands", "decks"), [
    pytest.param(1, 0, [5], [75], id="solo"),
    pytest.param(2, 0, [5, 5], [35, 35], id="two"),
    pytest.param(3, 0, [5, 5, 5], [21, 22, 22], id="three"),
    pytest.param(3, 4, [5, 5, 5], [20, 20, 21], id="three-removed-4"),
    pytest.param(5, 12, [5] * 5, [8, 8, 9, 9, 9], id="five-removed-12"),
])
def test_the_decks_share_the_island_cards_alone(players: int, removed: int, hands: list[int],
                                                decks: list[int]) -> None:
    game = Tranquility(players, {**OPTIONS, "removed": removed})
    assert isinstance(game, Pyramid)
    assert (game.hands, game.decks) == (hands, decks)
    state = game.state_json()
    assert state["explorer"]["left"] == 30 and state["bare"] == state["borders"] == ["c1", "d3"]
    assert state["explorer"]["composition"] == {
        "start": 5, "reef": 1, "storm-yellow": 2, "storm-purple": 2, "storm-orange": 2, "monster": 5,
        "border": 2, "compass": 6, "finish": 5}


def test_easy_puts_spare_border_cards_for_the_monsters() -> None:
    composition = Tranquility(2, {**OPTIONS, "pyramid_easy": True}).state_json()["explorer"]["composition"]
    assert (composition["monster"], composition["border"], sum(composition.values())) == (0, 7, 30)


def test_a_header_may_give_the_decks() -> None:
    assert Tranquility(3, OPTIONS, decks=[26, 27, 27]).decks == [21, 22, 22]
    with pytest.raises(MalformedInput):
        Tranquility(3, OPTIONS, decks=[28, 28, 29])  # the base game's decks hold Finish cards


@pytest.mark.parametrize(("options", "key"), [
    pytest.param({"variant": "pyramid"}, "pyramid_borders_missing", id="borders-not-said"),
    pytest.param({**OPTIONS, "pyramid_borders": ["c1"]}, "bad_option", id="one-border"),
    pytest.param({**OPTIONS, "pyramid_borders": ["c1", "c1"]}, "bad_option", id="twice-the-same"),
    pytest.param({**OPTIONS, "pyramid_borders": ["c1", "g7"]}, "bad_option", id="no-such-cell"),
    pytest.param({**OPTIONS, "storms": True}, "variant_with_module", id="with-a-module"),
])
def test_a_header_the_pyramide_refuses(options: dict[str, object], key: str) -> None:
    with pytest.raises(MalformedInput) as refused:
        Tranquility(3, options)
    assert refused.value.text.key == key


# -- the explorer cards on the table ------------------------------------------------------


def step(game: Pyramid, event: Event, discard: int | None = None) -> None:
    """Play ``event``, which must be accepted with ``discard``."""
    ruling = game.play(event)
    assert (ruling.legal, ruling.discard) == (True, discard), ruling.message_en


def counts(game: Pyramid) -> tuple[list[int], list[int], list[int]]:
    return game.hands, game.decks, game.discards


def test_kept_card_then_storm_then_compass_then_exploring_again() -> None:
    game = PyrPos({"b1": 5}, players=1, hands=(5,), decks=(20,)).game()
    saved = [game._save()]
    step(game, Play("8", "c1"))
    assert game.state_json()["pending"] == "explore" and game.state_json()["explore_at"] == "c1"
    assert counts(game) == ([4], [20], [0]) and game.outcome() is None
    saved.append(game._save())
    step(game, Explore("back"), 3)  # kept: hand 4 + 1 - 3, back to 5
    assert counts(game) == ([5], [17], [3]) and (game.held, game.kept) == ([1], [1])
    assert game.state_json()["bare"] == ["d3"] and game.pile.left == 29
    saved.append(game._save())
    step(game, Play("30", "d3"))
    step(game, Explore("storm-orange"), 0)  # 30 back in hand, the storm on d3
    assert game.cells[18] == 0 and game.storms == {18: "storm-orange"} and game.bare == frozenset()
    assert counts(game) == ([5], [17], [3])
    assert game.check(Play("30", "d3")).rule == "T18"
    saved.append(game._save())
    step(game, Compass(at="d3"))  # the compass discarded, the storm gone, the border card bare
    assert counts(game) == ([5], [16], [4]) and game.storms == {} and game.bare == {18}
    assert (game.held, game.compasses) == ([0], 1)
    saved.append(game._save())
    step(game, Play("30", "d3"))  # covering the bare border card again draws again
    assert game.pending is not None
    for snapshot in reversed(saved):
        while game._save() != snapshot:
            step(game, Undo())
    assert game._save() == saved[0] and game.move_stack == []


def test_a_monster_takes_the_card_and_bares_the_border_card() -> None:
    game = PyrPos({"b1": 5}, players=1, hands=(5,), decks=(20,)).game()
    step(game, Play("8", "c1"))
    step(game, Explore("monster"), 0)
    assert game.cells[2] == 0 and game.bare == {2, 18} and counts(game) == ([5], [19], [1])
    step(game, Play("7", "c1"))
    assert game.pending is not None and game.pending.cost == 2


def test_the_reef_takes_its_card_from_the_deck_when_the_hand_is_spent() -> None:
    game = PyrPos({"b1": 5}, players=1, hands=(4,), decks=(10,)).game()
    step(game, Play("8", "c1"))
    step(game, Explore("reef"), 4)
    assert counts(game) == ([5], [4], [4])


def test_a_joker_back_in_hand_or_lost_to_a_monster() -> None:
    game = PyrPos({"b1": 5}, players=1, held=1).game()
    step(game, joker(8, "c1"))
    assert (game.jokers, game.held) == (frozenset({2}), [0])
    step(game, Explore("storm-yellow"), 0)
    assert (game.jokers, game.held, game.jokers_lost) == (frozenset(), [1], 0)
    game = PyrPos({"b1": 5}, players=1, held=1).game()
    step(game, joker(8, "c1"))
    step(game, Explore("monster"), 0)
    assert (game.jokers, game.held, game.jokers_lost, game.discards) == (frozenset(), [0], 1, [1])


def test_a_joker_takes_its_value_for_good() -> None:
    game = PyrPos({"e1": 30, "g1": 40}, players=1, held=1).game()
    step(game, joker(31, "f1"), 1)
    assert game.state_json()["jokers"] == {"f1": "31"} and game.state_json()["cells"]["f1"] == "31"
    assert game.check(Play("31", "h1")).rule == "T2"
    assert game.check(Play("32", "h1")).rule == "T2"


def test_an_empty_pile_draws_nothing() -> None:
    game = PyrPos({"b1": 5}, players=1, drawn=WHOLE_PILE).game()
    step(game, Play("8", "c1"), 3)
    assert game.pending is None and game.bare == {18} and counts(game)[0] == [5]


def test_a_card_overridden_on_a_border_card_explores() -> None:
    game = PyrPos({"b1": 5, "d1": 7}, players=1).game()
    assert game.play(Play("9", "c1")).rule == "T2"
    ruling = game.play(Override())
    assert (ruling.legal, ruling.discard) == (True, None) and game.pending is not None
    step(game, Explore("start"), 2)


def test_a_joker_as_the_finish_card_wins() -> None:
    game = PyrPos(FULL, players=1, held=1).game()
    step(game, joker("finish", "finish"), 0)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.FINISHED and game.finish_played


# -- the loss (T9), proved from public counts only ------------------------------------------

NO_F1 = {cell: v for cell, v in FULL.items() if cell != "f1"}  # f1 needs 6 at a cost of 1


@pytest.mark.parametrize(("position", "lost"), [
    pytest.param(PyrPos(hands=(0, 5, 5)), True, id="no-card"),
    pytest.param(PyrPos(hands=(1, 5, 5)), False, id="one-card-might-fit"),
    pytest.param(PyrPos(NO_F1, hands=(1, 5, 5)), True, id="one-card-fits-nowhere"),
    pytest.param(PyrPos(NO_F1, hands=(1, 5, 5), held=1), True, id="a-joker-fits-nowhere-either"),
    pytest.param(PyrPos(NO_F1, hands=(1, 5, 5), held=1, storms={"f1": "storm-purple"}), False,
                 id="might-be-a-compass"),
    pytest.param(PyrPos(NO_F1, hands=(1, 5, 5), storms={"f1": "storm-purple"}), True, id="kept-nothing"),
    pytest.param(PyrPos(FULL, hands=(1, 5, 5), held=1), False, id="might-be-a-finish"),
    pytest.param(PyrPos(FULL, hands=(1, 5, 5)), True, id="full-and-kept-nothing"),
    pytest.param(PyrPos(hands=(1, 5, 5), then=(Play("8", "c1"),)), False, id="explorer-card-due"),
])
def test_loss_is_proved_only_from_public_counts(position: PyrPos, lost: bool) -> None:
    outcome = position.game().outcome()
    assert (outcome is not None) == lost
    if outcome is not None:
        assert outcome.termination is Termination.NO_ACTION and outcome.result == "lost"


def test_a_loss_reported() -> None:
    game = PyrPos(hands=(1, 5, 5)).game()
    step(game, DeclareLoss())
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.REPORTED


# -- state and controls ----------------------------------------------------------------


def test_the_state_shows_the_table_and_never_a_hidden_card() -> None:
    game = PyrPos({"b1": 5}, storms={"d3": "storm-purple"}, jokers={"e1": 20}, drawn=("back", "reef"),
                  held=1).game()
    state: dict[str, Any] = game.state_json()
    assert state["storms"] == {"d3": "storm-purple"} and state["jokers"] == {"e1": "20"}
    assert state["explorer"]["left"] == 28 and state["explorer"]["seen"] == {"reef": 1}
    assert state["explorer"]["kept_unseen"] == 1 and state["seats"][0]["kept"] == 1
    assert state["bare"] == ["c1"] and "pending" in state and state["pending"] is None
    assert "!" not in game.diagram() and "~" in game.diagram() and "*20" in game.diagram()


def test_the_page_asks_the_explorer_card_and_offers_the_compass() -> None:
    game = PyrPos({"b1": 5}, options={"pyramid_easy": True}, then=(Play("8", "c1"),)).game()
    (control,) = game.controls()
    assert control.line == {"type": "explore", "player": 1} and control.group == "explorer"
    assert control.ask[0].choices == ("back", "start", "reef", "storm-yellow", "storm-purple", "storm-orange",
                                      "border", "compass", "finish")
    game = PyrPos({"b1": 5}, storms={"c1": "storm-yellow"}, held=1).game()
    assert [c.line for c in game.controls()] == [{"type": "compass", "at": "c1", "player": 1}]
    assert PyrPos({"b1": 5}, storms={"c1": "storm-yellow"}).game().controls() == []


def test_the_golden_game_shows_the_explorer_cards_at_work(golden: Path) -> None:
    def lines(name: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in (golden / name).read_text(encoding="utf-8").splitlines()]

    events, rulings = lines("tranquility-pyramid.jsonl")[1:], lines("tranquility-pyramid.rulings.jsonl")
    pairs = list(zip(events, rulings, strict=False))
    assert {e["card"] for e, r in pairs if e["type"] == "explore" and r["legal"]} >= {
        "back", "storm-yellow", "monster"}
    assert any(e["type"] == "compass" and r["legal"] for e, r in pairs)
    assert [r["discard"] for e, r in pairs if e["type"] == "play" and e["at"] in ("e1", "d2") and r["legal"]
            ][:2] == [None, None]
    assert {r["rule"] for r in rulings[:-1] if not r["legal"]} >= {"T18", "G2"}
    assert rulings[-1]["outcome"] == "won" and rulings[-1]["state"]["finish"]
