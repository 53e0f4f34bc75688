"""Rixes refereed: the Provocateur and the order of play (RX4, RX5), following and revokes proved
(RX6, RX7), effects (RX11, RX12), the loot, recruitment and the end (RX13 to RX15)."""

from __future__ import annotations

import json

import pytest

from companion.engine.events import Event, Override, Play, TakeBack, Undo, event_from_json
from companion.errors import MalformedInput
from companion.games.rixes.events import Effect, Op, Recruit
from companion.games.rixes.rules import Rixes

CREWS = {"1": {"legend": "anne", "pirates": ["flint"]}, "2": {"legend": "mary", "pirates": ["drake"]}}
#: Each captain's eight weapons, in the order the tests play them.
HANDS = {0: ["fist-4", "sabres-1", "pistols-2", "fist-0", "sabres-3", "pistols-5", "fist-8", "sabres-8"],
         1: ["fist-6", "sabres-6", "pistols-7", "fist-2", "sabres-4", "pistols-0", "fist-1", "sabres-0"],
         2: ["sabres-2", "pistols-1", "fist-3", "sabres-5", "pistols-3", "fist-5", "pistols-4", "sabres-7"]}


def game(**options: object) -> Rixes:
    return Rixes(options=options, crews=CREWS)


def card(name: str, captain: int) -> Play:
    return Play(name, "", player=captain)


def finish_rixe(referee: Rixes) -> None:
    """Every Bagarre left played, each captain laying its next card when expected."""
    hands = {captain: [c for c in cards if c not in referee.t.seen] for captain, cards in HANDS.items()}
    while any(referee.t.holding.values()):
        captain = min(referee.state_json()["turn"])
        ruling = referee.play(card(hands[captain].pop(0), captain))
        assert ruling.legal, ruling.message_en


def test_barbe_noire_provokes_first_then_each_bagarre_s_winner_and_he_always_plays_second() -> None:
    referee = game()
    assert referee.state_json()["turn"] == [0]
    assert not referee.play(card("fist-6", 1)).legal  # flagged: Barbe Noire provokes the first
    referee.play(TakeBack("", "fist-6"))
    referee.play(card("fist-4", 0))
    assert referee.state_json()["turn"] == [1, 2]  # both players, face down, in either order
    referee.play(card("sabres-2", 2))
    ruling = referee.play(card("fist-6", 1))
    assert ruling.fields == {"bagarre": 1, "winner": 1}
    assert referee.state_json()["turn"] == [1]     # the winner provokes
    referee.play(card("sabres-6", 1))
    assert referee.state_json()["turn"] == [0]     # Barbe Noire always second
    referee.play(card("sabres-1", 0))
    assert referee.state_json()["turn"] == [2]
    ruling = referee.play(card("pistols-1", 2))
    assert ruling.fields["winner"] == 1
    assert referee.state_json()["bagarres"] == [1, "open"]


def test_a_card_seen_twice_in_a_rixe_is_a_misreading() -> None:
    referee = game()
    referee.play(card("fist-4", 0))
    ruling = referee.play(card("fist-4", 1))
    assert not ruling.legal and ruling.rule == "G2"


def test_a_card_put_back_in_a_hand_must_follow_and_a_revoke_is_proved_later() -> None:
    referee = game()
    referee.play(card("fist-4", 0))
    referee.play(card("fist-6", 1))
    # Drake puts player 1's Poing back in its hand: the referee now knows player 1 holds a Poing.
    assert referee.play(Effect(crew="drake", ops=(Op("to_hand", card="fist-6"),), player=2)).legal
    referee.play(card("sabres-2", 2))
    assert referee.t.known[1] == {"fist-6"}
    # Player 1 added no card in the end: Barbe Noire's Provocation wins, and he provokes a Poing.
    referee.play(card("fist-0", 0))
    refused = referee.play(card("sabres-6", 1))
    assert not refused.legal and refused.rule == "RX6" and "fist-6" in refused.message_en
    referee.play(TakeBack("", "sabres-6"))
    assert referee.play(card("fist-6", 1)).legal


def test_a_revoke_is_proved_by_the_type_played_later_in_the_rixe() -> None:
    referee = game()
    referee.seq = 1
    referee.play(card("fist-4", 0))
    referee.seq = 2
    referee.play(card("fist-6", 1))
    referee.seq = 3
    referee.play(card("sabres-2", 2))  # player 2 does not follow the Poing: accepted, noted
    referee.seq = 4
    referee.play(card("pistols-7", 1))  # player 1 won and provokes with Pistolets
    referee.seq = 5
    referee.play(card("pistols-2", 0))
    referee.seq = 6
    proof = referee.play(card("fist-3", 2))  # a Poing: it held one when it did not follow at 3
    assert proof.legal and proof.rule == "RX7" and proof.fields["breach"] == 3
    assert referee.state_json()["breaches"] == [{"rule": "RX7", "seq": 3, "proved_at": 6}]


def test_an_unseen_card_in_the_hand_since_proves_nothing_and_option_stop_waits() -> None:
    quiet = game()
    quiet.play(card("fist-4", 0))
    quiet.play(card("fist-6", 1))
    quiet.play(card("sabres-2", 2))
    quiet.play(Effect(crew="mary", ops=(Op("hand", to=2, amount=1), Op("hand", to=2, amount=-1)), player=2))
    quiet.play(card("pistols-7", 1))
    quiet.play(card("pistols-2", 0))
    assert quiet.play(card("fist-3", 2)).rule is None
    stopping = game(breach="stop")
    for name, captain in (("fist-4", 0), ("fist-6", 1), ("sabres-2", 2), ("pistols-7", 1), ("pistols-2", 0),
                          ("fist-3", 2)):
        stopping.play(card(name, captain))
    waiting = stopping.play(card("sabres-6", 1))
    assert not waiting.legal and waiting.rule == "RX7"
    stopping.play(TakeBack("", "sabres-6"))
    assert stopping.play(Override()).legal and stopping.play(card("sabres-6", 1)).legal


def test_a_cancelled_bagarre_keeps_its_provocateur_and_a_tilted_member_waits() -> None:
    referee = game()
    referee.play(card("fist-4", 0))
    referee.play(card("fist-6", 1))
    referee.play(card("sabres-2", 2))
    cancelled = referee.play(Effect(crew="flint", ops=(Op("cancel"),), player=1))
    assert cancelled.fields == {"bagarre": 1, "winner": None, "cancelled": True}
    again = referee.play(Effect(crew="flint", ops=(Op("cancel"),), player=1))
    assert not again.legal and again.rule == "RX12"
    assert not referee.play(Effect(crew="drake", ops=(), player=1)).legal  # not player 1's
    assert referee.state_json()["turn"] == [0]  # the same Provocateur again
    referee.play(card("sabres-1", 0))
    assert referee.state_json()["bagarres"] == ["cancelled", "open"]


def test_the_loot_recruitment_and_the_next_rixe() -> None:
    referee = game()
    assert not referee.play(Recruit(pirate="gaspar", player=1)).legal  # the Bagarres first
    finish_rixe(referee)
    assert not referee.play(card("fist-0", 1)).legal or referee.flagged
    referee.flagged = ()
    butin = referee.play(Effect(crew="anne", ops=(Op("gold", to=1, amount=1),), butin=1, player=1))
    assert butin.legal and referee.t.phase == "loot" and len(referee.t.winners) == 8
    counts = {c: sum(1 for w in referee.t.winners if w == c) for c in (0, 1, 2)}
    assert butin.fields["gold"] == {"0": counts[0], "1": counts[1] + 1, "2": counts[2]}
    paid = referee.play(Recruit(pirate="gaspar", player=1))
    assert paid.legal and referee.t.gold[0] == counts[0] + 1
    assert not referee.play(Recruit(pirate="manolito", player=1)).legal  # one a Rixe
    assert referee.play(Recruit(pirate=None, player=2)).legal
    state = referee.state_json()
    assert state["rixe"] == 2 and state["phase"] == "bagarres" and state["hands"] == {"0": 8, "1": 8, "2": 8}
    assert [m["name"] for m in state["crews"]["1"]] == ["anne", "flint", "gaspar"]
    assert not any(m["tilted"] for members in state["crews"].values() for m in members)


def test_the_game_ends_at_15_gold_barbe_noire_winning_a_tie() -> None:
    referee = Rixes(crews=CREWS, gold={"0": 14, "1": 14, "2": 3})
    finish_rixe(referee)
    referee.play(Recruit(pirate=None, player=1))
    referee.play(Recruit(pirate=None, player=2))
    outcome = referee.outcome()
    gold = referee.t.gold
    assert outcome is not None and max(gold.values()) >= 15
    assert outcome.result == ("lost" if gold[0] >= max(gold[1], gold[2]) else "won")
    assert not referee.play(card("fist-4", 0)).legal


def test_undo_restores_exactly_and_the_record_replays() -> None:
    referee = game()
    events: list[Event] = [card("fist-4", 0), card("sabres-2", 2), card("fist-6", 1),
                           Effect(crew="drake", ops=(Op("move", card="fist-6", to=2),), player=2)]
    for event in events:
        before = referee._save()
        assert referee.play(event).legal
        referee.play(Undo())
        assert referee._save() == before
        referee.play(event)
    copy = Rixes(crews=CREWS)
    for event in events:
        copy.play(event_from_json(json.loads(json.dumps(event.to_json()))))
    assert copy.state_json() == referee.state_json()
    assert referee.state_json()["bagarre"][2]["possessor"] == 2


@pytest.mark.parametrize("setup", [{}, {"crews": {"1": {"legend": 3}}}, {"crews": CREWS, "gold": {"0": -1}},
                                   {"crews": CREWS, "rixe": 0}])
def test_a_bad_header_is_malformed(setup: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        Rixes.from_header(2, {}, setup=setup)
