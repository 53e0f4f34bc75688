"""The tricks family refereed through a made-up game: two suits of four, blue trumps when asked."""

from __future__ import annotations

import io
import json
from typing import ClassVar

import pytest

from companion.engine.events import Play, TakeBack, Undo, event_from_json
from companion.engine.game import Option
from companion.engine.record import Replay, outcome_json
from companion.engine.ruling import Termination
from companion.engine.spec import GameSpec, register, unregister
from companion.engine.tricks import TrickGame
from companion.errors import MalformedInput
from companion.text import Both


class HighCard(TrickGame):
    """Red and blue cards 1 to 4; with ``trumps``, blue beats red."""

    name = "highcard"
    title = Both("High card", "Carte haute")
    min_players = 2
    max_players = 4
    CARDS: ClassVar[tuple[str, ...]] = tuple(f"{suit}{rank}" for suit in "rb" for rank in range(1, 5))
    OPTIONS = (Option("trumps", False, (False, True), Both("blue trumps", "le bleu est atout")),)

    def suit_of(self, card: str) -> str:
        return card[0]

    def rank_of(self, card: str) -> int:
        return int(card[1:])

    def trump(self) -> str | None:
        return "b" if self.options["trumps"] else None


OPEN = [{"r1", "r4", "b3", "b4"}, {"r2", "r3", "b1", "b2"}]


def card(name: str) -> Play:
    """The active seat plays ``name`` into the trick."""
    return Play(name, "")


def test_the_leader_leads_any_card_and_the_other_follows() -> None:
    game = HighCard(2, hands=OPEN)
    ruling = game.play(card("r4"))
    assert ruling.legal and ruling.message_en == "seat 1 leads r4"
    assert game.turn == 2 and game.led_suit() == "r"
    ruling = game.play(card("r2"))
    assert ruling.legal and ruling.message_en == "seat 2 plays r2; seat 1 wins the trick"
    assert (game.won, game.turn, game.trick) == ([1, 0], 1, ())


def test_a_seat_holding_the_led_suit_must_follow() -> None:
    game = HighCard(2, hands=OPEN)
    game.play(card("r1"))
    ruling = game.play(card("b2"))
    assert (ruling.legal, ruling.rule) == (False, "K2")
    assert ruling.message_fr == "b2 ne suit pas r : le joueur 2 a encore du r"
    # The card lies flagged until taken back (G5); nothing else changes.
    assert [flag.event.card for flag in game.flagged] == ["b2"] and game.turn == 2
    assert game.check(card("r2")).rule == "G5"
    assert game.play(TakeBack(card="b2")).message_en == "b2 taken back"
    assert game.flagged == () and game.play(card("r2")).legal


def test_a_card_not_held_or_played_twice_is_refused() -> None:
    game = HighCard(2, hands=OPEN)
    assert game.check(card("r2")).rule == "K1"  # seat 2's card
    hidden = HighCard(2)
    hidden.play(card("r1"))
    hidden.play(card("r2"))
    assert hidden.check(card("r1")).rule == "K1"


def test_the_winner_of_a_trick_leads_the_next() -> None:
    game = HighCard(2, hands=OPEN)
    game.play(card("r1"))
    game.play(card("r3"))  # seat 2 wins
    assert (game.turn, game.leader) == (2, 1)
    assert game.play(card("b1")).message_en == "seat 2 leads b1"


def test_a_trump_beats_the_led_suit() -> None:
    hands = [{"r4", "b1"}, {"r1", "b2"}]
    plain = HighCard(2, hands=[{"r4", "b1"}, {"b2", "b3"}])
    plain.play(card("r4"))
    plain.play(card("b2"))  # no red left: any card, but it cannot win without trumps
    assert plain.won == [1, 0]
    trumps = HighCard(2, {"trumps": True}, hands=[{"r4", "b1"}, {"b2", "b3"}])
    trumps.play(card("r4"))
    trumps.play(card("b2"))
    assert trumps.won == [0, 1]
    assert HighCard(2, hands=hands).check(card("r4")).legal


def test_hidden_hands_a_revoke_is_refused() -> None:
    game = HighCard(2)
    game.play(card("r1"))
    game.play(card("b1"))  # seat 2 shows it holds no red
    game.play(card("r2"))  # seat 1 won (b1 neither follows nor trumps) and leads red
    ruling = game.play(card("r3"))
    assert (ruling.legal, ruling.rule) == (False, "K2")
    assert "holds no r" in ruling.message_en


def test_legal_moves_view_and_undo() -> None:
    game = HighCard(2, hands=OPEN)
    game.play(card("r1"))
    assert sorted(move.card for move in game.legal_cards) == ["r2", "r3"]
    assert card("r2") in game.legal_cards and card("b1") not in game.legal_moves
    assert Undo() not in game.legal_moves and list(game.legal_moves) == list(game.legal_cards)
    before = game._save()
    game.play(card("r3"))
    assert game.play(Undo()).message_en == "undone: r3 played to the trick"
    assert game._save() == before


def test_outcome_names_the_winners_after_the_last_trick() -> None:
    game = HighCard(2, hands=OPEN)
    for lead, follow in (("r4", "r2"), ("b4", "b1"), ("b3", "b2"), ("r1", "r3")):
        assert game.play(card(lead)).legal and game.play(card(follow)).legal
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.TRICKS_DONE, (1,), "won")
    assert game.scores == [3, 1] and outcome.text.en == "over: scores 3, 1"
    assert game.check(card("r1")).rule == "C4"


def test_a_tie_names_every_best_seat() -> None:
    game = HighCard(2)  # hidden hands: any card not played yet, suits followed
    for name in ("r1", "r2", "r3", "r4", "b1", "b2", "b3", "b4"):  # seats 1 2, 2 1, 1 2, 2 1
        assert game.play(card(name)).legal
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1, 2)


def test_the_record_reads_a_trick_card_and_unknown_cards_are_malformed() -> None:
    line = json.loads(io.StringIO('{"type": "play", "card": "r3", "player": 2}').read())
    assert event_from_json(line) == Play("r3", "", player=2)
    assert Play("r3", "").to_json() == {"type": "play", "card": "r3"}
    assert event_from_json({"type": "take_back", "card": "r3"}) == TakeBack(card="r3")
    assert TakeBack(card="r3").to_json() == {"type": "take_back", "card": "r3"}
    with pytest.raises(MalformedInput):
        HighCard(2).play(card("g9"))
    with pytest.raises(MalformedInput):
        HighCard(2).play(Play("r1", "a1"))


def test_open_hands_must_be_cards_of_the_game() -> None:
    with pytest.raises(MalformedInput):
        HighCard(2, hands=[{"r1"}, {"x9"}])


def test_a_trick_game_is_replayed_from_its_record_once_registered() -> None:
    register(GameSpec(name="highcard", title=HighCard.title, rules=HighCard, board="tricks"))
    try:
        lines = ['{"record": 1, "game": "highcard", "players": 2}']
        lines += [json.dumps({"type": "play", "card": name}) for name in ("r1", "b1", "r2", "r3")]
        lines += [json.dumps({"type": "take_back", "card": "r3"}), json.dumps({"type": "play", "card": "b2"})]
        replay = Replay(io.StringIO("\n".join(lines) + "\n"))
        rulings = [(step.ruling.legal, step.ruling.rule) for step in replay]
    finally:
        unregister("highcard")
    # Seat 2 showed no red with b1: its r3 is a revoke, refused and flagged until taken back.
    assert rulings == [(True, None), (True, None), (True, None), (False, "K2"), (True, None), (True, None)]
    assert [seat["won"] for seat in outcome_json(replay.game)["state"]["seats"]] == [2, 0]
