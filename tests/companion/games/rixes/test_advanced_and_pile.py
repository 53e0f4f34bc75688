"""Rixes' advanced weapons (RX16) and Barbe Noire's pile kept by the companion (RX3, ``bn_pile:
page``), through the referee and through the live referee that plays his card itself."""

from __future__ import annotations

import json

import pytest

from companion.app.referee import Referee
from companion.engine.events import Play, Undo, event_from_json
from companion.engine.record import Header
from companion.errors import MalformedInput
from companion.games.rixes.events import Effect, Op
from companion.games.rixes.rules import Rixes
from companion.games.rixes.weapons import ADVANCED, WEAPONS

CREWS = {"1": {"legend": "anne", "pirates": ["flint"]}, "2": {"legend": "mary", "pirates": ["drake"]}}


def game(**options: object) -> Rixes:
    return Rixes(options=options, crews=CREWS, seed=7)


def test_the_advanced_deck_is_27_two_type_cards_each_type_on_top_once_a_value() -> None:
    assert len(set(ADVANCED)) == 27 and not set(ADVANCED) & set(WEAPONS)
    assert {card.split("+")[0] for card in ADVANCED if card.endswith("-4")} == {"fist", "sabres", "pistols"}


@pytest.mark.parametrize(("card", "as_", "rule", "dominant"), [
    ("sabres+pistols-4", "pistols", None, "pistols"),   # a player's Provocation names its type
    ("sabres+pistols-4", "sabres", None, "sabres"),
    ("sabres+pistols-4", "", "G2", None),               # unsaid: the page asks
    ("sabres+pistols-4", "fist", "RX16", None),         # not one of its two
    ("fist-5", "", None, "fist"),                       # a basic weapon in the advanced game
])
def test_a_player_s_advanced_provocation_names_one_of_its_types(card: str, as_: str, rule: str | None,
                                                                dominant: str | None) -> None:
    referee = game(advanced=True)
    for played in (Play("fist-0", "", player=0), Play("fist-1", "", player=1), Play("fist-2", "", player=2)):
        assert referee.play(played).legal
    ruling = referee.play(Play(card, "", player=2, as_=as_))  # player 2 won: it provokes
    assert ruling.rule == rule if rule else ruling.legal, ruling.message_en
    if dominant:
        assert referee.state_json()["dominant"] == dominant


def test_barbe_noire_s_provocation_is_its_top_type_and_a_later_card_bearing_the_dominant_is_of_it() -> None:
    referee = game(advanced=True)
    referee.play(Play("pistols+fist-3", "", player=0))
    assert referee.state_json()["dominant"] == "pistols"
    # Player 1's card bears pistols below: it follows whatever its ``as`` says; player 2's does not.
    assert referee.play(Play("fist+sabres-8", "", player=2)).legal
    assert referee.play(Play("fist+pistols-1", "", player=1, as_="fist")).legal
    kinds = {c["card"]: c["type"] for c in referee.state_json()["bagarre"]}
    assert kinds == {"pistols+fist-3": "pistols", "fist+sabres-8": "fist", "fist+pistols-1": "pistols"}
    # A tie is frequent in the advanced game, and still Barbe Noire's (RX9): here he wins alone.
    assert referee.state_json()["bagarres"] == ["open"]


def test_a_revoke_is_proved_by_a_card_bearing_the_type_on_either_half() -> None:
    referee = game(advanced=True)
    referee.play(Play("pistols+fist-3", "", player=0))
    referee.play(Play("fist+sabres-8", "", player=2))    # did not follow pistols
    referee.play(Play("pistols+fist-6", "", player=1))
    referee.play(Play("fist+sabres-5", "", player=1, as_="fist"))
    referee.play(Play("sabres+pistols-0", "", player=0))
    ruling = referee.play(Play("sabres+pistols-2", "", player=2))  # it bore pistols underneath
    assert ruling.rule == "RX7" and ruling.fields["breach"] == 2


@pytest.mark.parametrize("line", [
    {"type": "play", "card": "fist-5", "player": 1, "as": "swords"},
    {"type": "play", "card": "fist+fist-5", "player": 1},
])
def test_a_bad_advanced_line_is_malformed(line: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        game(advanced=True).validate(event_from_json(line))


def test_as_and_two_type_cards_are_malformed_without_the_option() -> None:
    referee = game()
    for line in ({"type": "play", "card": "fist-5", "player": 1, "as": "fist"},
                 {"type": "play", "card": "fist+sabres-5", "player": 1}):
        with pytest.raises(MalformedInput):
            referee.validate(event_from_json(line))


def test_as_round_trips_through_the_record() -> None:
    play = Play("sabres+pistols-4", "", player=1, as_="pistols")
    assert event_from_json(json.loads(json.dumps(play.to_json()))) == play


# -- Barbe Noire's pile kept by the companion (RX3) ---------------------------------------------

def test_the_companion_s_pile_is_dealt_from_the_seed_and_the_rixe() -> None:
    first, again, other = game(bn_pile="page"), game(bn_pile="page"), Rixes(
        options={"bn_pile": "page"}, crews=CREWS, seed=8)
    assert first.t.pile == again.t.pile != other.t.pile
    assert len(first.t.pile) == 8 and set(first.t.pile) <= set(WEAPONS)
    made = first.engine_event()
    assert made == Play(first.t.pile[-1], "", player=0, source="engine")
    assert game().engine_event() is None  # the default: his pile is turned over at the table


def test_a_card_read_at_barbe_noire_s_place_that_is_not_his_top_card_is_refused() -> None:
    referee = game(bn_pile="page")
    top = referee.t.pile[-1]
    other = next(card for card in WEAPONS if card != top)
    assert referee.play(Play(other, "", player=0)).rule == "RX3"


def test_his_card_may_be_a_copy_of_a_player_s_and_an_effect_names_the_player_s() -> None:
    referee = game(bn_pile="page")
    top = referee.t.pile[-1]
    assert referee.play(referee.engine_event() or Play("", "")).legal
    assert referee.play(Play(top, "", player=1)).legal            # the same name, a player's copy
    referee.play(Effect(crew="anne", ops=(Op("to_hand", card=top),), player=1))
    assert [c["captain"] for c in referee.state_json()["bagarre"]] == [0]
    assert top in referee.t.known[1]


def test_the_live_referee_plays_his_card_and_an_undo_takes_it_back_with_the_players_event() -> None:
    header = Header("rixes", 2, {"bn_pile": "page"}, setup={"crews": CREWS, "seed": 3})
    referee = Referee(header, clock=lambda: 0.0)
    # He provokes the first Bagarre at once, with fist-4 (his pile from seed 3).
    assert referee.history[-1].line == {"type": "play", "card": "fist-4", "player": 0, "source": "engine",
                                        "t": 0.0}
    referee.submit(Play("fist-6", "", player=1))
    referee.submit(Play("sabres-0", "", player=2))
    assert referee.game.state_json()["turn"] == [1]  # player 1 won: it provokes
    referee.submit(Play("pistols-2", "", player=1))
    assert referee.history[-1].line["card"] == "pistols-8"  # his top card, answered at once
    stack = len(referee.game.move_stack)
    referee.submit(Undo())
    assert len(referee.game.move_stack) == stack - 2  # his card and the Provocation
    assert referee.game.state_json()["turn"] == [1] and referee.game.engine_event() is None
    assert [entry.line.get("source") for entry in referee.history[-2:]] == ["engine", None]


def test_an_engine_line_fed_to_the_live_referee_is_malformed() -> None:
    referee = Referee(Header("rixes", 2, {}, setup={"crews": CREWS}), clock=lambda: 0.0)
    with pytest.raises(MalformedInput):
        referee.submit({"type": "play", "card": "fist-1", "player": 0, "source": "engine"})
