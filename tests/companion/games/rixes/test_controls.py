"""What the page offers Rixes' players to tell, each accepted as offered (RX12 to RX14), and what
it warns about (RX15)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.controls import Control, filled
from companion.engine.events import Play, event_from_json
from companion.games.rixes.controls import NEAR
from companion.games.rixes.rules import Rixes
from companion.games.rixes.selfplay import CREWS, game_of

#: Cards that end a Bagarre of 3 (a player's Provocation, Barbe Noire, the other player).
PLAYS = ((0, "fist-4"), (1, "fist-6"), (2, "sabres-2"))


def answers(game: Rixes, control: Control) -> dict[str, Any]:
    """Each asked field given its first choice or lowest number; gold taken from the richest
    captain; Pirates' names not in any crew."""
    taken = {m.name for members in game.t.crews.values() for m in members}
    names = iter(name for name in (f"new-{k}" for k in range(99)) if name not in taken)
    out: dict[str, Any] = {}
    for ask in control.ask:
        if ask.field == "ops.0.from":
            value: Any = max(game.t.gold, key=lambda captain: game.t.gold[captain])
        elif ask.choices:
            value = ask.choices[0]
        elif ask.low is not None:
            value = ask.low
        else:
            value = next(names)
        for path in (ask.field, *ask.also):
            out[path] = value
    return out


def sent(game: Rixes, control: Control, **more: Any) -> dict[str, Any]:
    """The record line the page sends for ``control`` (``more``: answers instead of the first)."""
    return filled(control.line, {**answers(game, control), **more})


def offered(game: Rixes, group: str) -> list[Control]:
    return [control for control in game.controls() if control.group == group]


def effects(game: Rixes, player: int) -> dict[str, Control]:
    """``player``'s effect controls by operation (``gold_from``: gold taken from a captain)."""
    return {control.text.key.removeprefix("rixes_control_"): control for control in offered(game, "effects")
            if control.line["player"] == player}


def bagarre_of_three() -> Rixes:
    game = Rixes(crews=CREWS)
    for seat, card in PLAYS:
        assert game.play(Play(card, "", player=seat)).legal
    return game


@pytest.mark.parametrize(("seed", "options"), [(11, {}), (12, {"bn_pile": "page", "advanced": True})])
def test_every_control_offered_along_a_game_is_accepted(seed: int, options: dict[str, object]) -> None:
    play = game_of(seed, options=options)
    game = play.header.new_game()
    assert isinstance(game, Rixes)
    groups: set[str] = set()
    for event in play.events:
        for control in game.controls():
            line = control.json()
            assert line["en"] and line["fr"] and line["en"] != line["fr"]
            ruling = game.check(event_from_json(sent(game, control)))
            assert ruling.legal, (seed, line, ruling.message_en)
            groups.add(control.group)
        game.play(event)
    assert groups == {"effects", "loot", "recruit"}
    assert game.outcome() is not None and game.controls() == [] and game.notes() == []


def test_an_effect_sent_changes_the_bagarre_as_asked() -> None:
    game = bagarre_of_three()
    assert set(effects(game, 1)) == {"cancel", "value", "type", "move", "to_hand", "award", "gold"}  # no gold
    value = effects(game, 1)["value"]
    assert [ask.field for ask in value.ask] == ["crew", "ops.0.card", "ops.0.value"]
    assert value.ask[0].choices == ("anne", "flint")
    assert value.ask[1].choices == ("fist-4", "fist-6", "sabres-2")
    line = sent(game, value, crew="flint", **{"ops.0.card": "sabres-2", "ops.0.value": 8})
    assert line == {"type": "effect", "player": 1, "crew": "flint",
                    "ops": [{"op": "value", "card": "sabres-2", "value": 8}]}
    assert game.play(event_from_json(line)).legal
    assert game.state_json()["bagarre"][2]["value"] == 8
    # flint is tilted now: it is no longer offered, anne still is.
    assert effects(game, 1)["value"].ask[0].choices == ("anne",)
    assert game.play(event_from_json(sent(game, effects(game, 2)["cancel"]))).legal
    assert "cancel" not in effects(game, 1) and "cancel" not in effects(game, 2)


def test_gold_moves_between_captains_only_when_one_has_some() -> None:
    game = Rixes(crews=CREWS, gold={"0": 3, "1": 0, "2": 0})
    for seat, card in PLAYS:
        game.play(Play(card, "", player=seat))
    take = effects(game, 1)["gold_from"]
    assert take.ask[-1].high == 3
    line = sent(game, take, **{"ops.0.from": 0, "ops.0.to": 1, "ops.0.amount": 3})
    assert game.play(event_from_json(line)).legal and game.state_json()["gold"] == {"0": 0, "1": 3, "2": 0}


def test_recruitment_is_offered_once_the_bagarres_are_over_and_once_a_player() -> None:
    game = bagarre_of_three()
    assert not offered(game, "recruit") and not offered(game, "loot")
    game = Rixes(crews=CREWS, gold={"0": 0, "1": 1, "2": 0})
    game.t.holding = dict.fromkeys((0, 1, 2), 0)  # the last Bagarre played: phase 3 is due
    kinds = [(c.line["player"], c.text.key) for c in offered(game, "recruit")]
    assert kinds == [(1, "rixes_control_recruit_add"), (1, "rixes_control_recruit_replace"),
                     (1, "rixes_control_recruit_none"),
                     (2, "rixes_control_recruit_replace"), (2, "rixes_control_recruit_none")]  # 2: no gold
    butins = offered(game, "loot")
    assert [(c.line["player"], c.line["crew"]) for c in butins] == [(1, "anne"), (2, "mary")]
    butin = filled(butins[0].line, {"butin": 2, "ops.0.amount": 2})
    assert butin == {"type": "effect", "player": 1, "crew": "anne", "butin": 2,
                     "ops": [{"op": "gold", "to": 1, "amount": 2}]}
    assert game.play(event_from_json(butin)).legal
    assert [c.line["player"] for c in offered(game, "loot")] == [2]  # anne tilted
    replace = next(c for c in offered(game, "recruit") if c.text.key == "rixes_control_recruit_replace")
    line = sent(game, replace, pirate="silver", **{"drawn.0": "silver", "drawn.1": "kidd"})
    assert line == {"type": "recruit", "player": 1, "pirate": "silver", "drawn": ["silver", "kidd"],
                    "replaces": "flint"}
    assert game.play(event_from_json(line)).legal
    assert {c.line["player"] for c in offered(game, "recruit")} == {2}
    assert not offered(game, "loot")  # phase 4: the loot is shared


def test_notes_warn_of_barbe_noire_near_15_gold_and_of_a_tie_break() -> None:
    assert Rixes(crews=CREWS, gold={"0": NEAR - 1}).notes() == []
    (note,) = Rixes(crews=CREWS, gold={"0": NEAR}).notes()
    assert "12" in note.en and "15" in note.fr
    game = Rixes(crews=CREWS)
    game.t.tiebreak = True
    assert [note.key for note in game.notes()] == ["rixes_note_tiebreak"]


def test_asks_reach_the_page_with_their_paths_and_hints() -> None:
    control = next(c for c in bagarre_of_three().controls() if c.text.key == "rixes_control_move")
    asks = control.json()["ask"]
    assert [(a["field"], a["low"], a["high"]) for a in asks] == [
        ("crew", None, None), ("ops.0.card", None, None), ("ops.0.to", 0, 2)]
    assert asks[2]["en"].startswith("to captain") and asks[2]["fr"].startswith("au capitaine")
