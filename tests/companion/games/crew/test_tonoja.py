"""The 2-player game: Tonoja's row, her plays checked at once, her cards uncovered (CR16)."""

from __future__ import annotations

import pytest

from companion.engine.events import Play, Undo
from companion.errors import MalformedInput
from companion.games.crew.events import Reveal, Sonar, TakeTask
from companion.games.crew.rules import Crew

ROW = {"r1": "pink-1", "r2": "pink-9", "r3": "blue-2", "r4": "green-3", "r5": "yellow-4", "r6": "blue-5",
       "r7": "sub-1"}


def two_players(tasks: tuple[str, ...] = ()) -> Crew:
    """Seat 1 the commander, seat 2 the other player, Tonoja seat 3."""
    return Crew(3, commander=1, tasks=tasks, tonoja=3, tonoja_row=ROW)


def play(game: Crew, *cards: str) -> list[str | None]:
    return [game.play(Play(card, "")).rule for card in cards]


def test_tonoja_plays_a_visible_card_and_one_not_visible_is_refused() -> None:
    game = two_players()
    assert play(game, "pink-5", "pink-6") == [None, None]
    assert game.check(Play("pink-8", "")).rule == "CR16"  # not in her row
    assert game.check(Play("pink-9", "r2")).legal and game.check(Play("pink-9", "")).legal


def test_tonoja_must_follow_when_her_row_shows_the_colour_led() -> None:
    game = two_players()
    play(game, "pink-5", "pink-6")
    ruling = game.check(Play("blue-2", ""))
    assert ruling.rule == "CR10" and "pink" in ruling.message_en
    assert play(game, "pink-1") == [None]  # seat 2 wins with pink-6


def test_the_card_under_is_playable_from_the_next_trick_and_named_by_a_reveal() -> None:
    game = Crew(3, commander=3, tonoja=1, tonoja_row=ROW)  # Tonoja seat 1, after the commander
    play(game, "yellow-9")  # seat 3 leads
    assert play(game, "yellow-4") == [None]  # Tonoja's r5: the card under turns face up
    assert game.check(Reveal("r5", "green-8")).legal
    play(game, "yellow-1")  # seat 2; seat 3 won and leads
    assert game.state_json()["tonoja_row"] == {k: v for k, v in ROW.items() if k != "r5"}
    play(game, "green-9")
    # r5's card was never named: a card no column shows is taken from r5, the one column uncovered.
    assert play(game, "green-8") == [None]
    assert game.row is not None and game.row.visible_cards() == {k: v for k, v in ROW.items() if k != "r5"}
    assert game.check(Reveal("r5", "green-7")).rule == "CR16"  # r5 is empty now


def test_a_reveal_makes_the_card_visible() -> None:
    game = Crew(3, commander=3, tonoja=1, tonoja_row=ROW)
    play(game, "yellow-9", "yellow-4", "yellow-1")
    assert game.play(Reveal("r5", "green-8")).legal
    assert game.state_json()["tonoja_row"]["r5"] == "green-8"
    assert game.check(Reveal("r5", "green-7")).rule == "CR16"  # already named


def test_no_other_seat_plays_a_card_of_tonojas_row_and_she_has_no_sonar() -> None:
    game = two_players(("trick:first",))
    game.play(TakeTask("trick:first"))
    assert game.check(Play("pink-9", "")).rule == "G2"  # seat 1 cannot hold Tonoja's visible card
    assert game.check(Play("pink-7", "r1")).rule == "CR16"  # nor play from a column
    assert game.check(Sonar("blue-2", "", "top", player=3)).rule == "CR7"


def test_a_revoke_is_never_proved_against_tonoja() -> None:
    row = {**ROW, "r4": "blue-3"}  # no green in her row
    game = Crew(3, commander=1, tonoja=3, tonoja_row=row)
    play(game, "green-9", "green-1", "blue-2")  # she shows no green: blue-2 from r3 is accepted
    assert game.play(Reveal("r3", "green-4")).legal  # the card under r3, face up after the trick
    assert play(game, "green-8", "green-2", "green-4") == [None, None, None]
    assert game.breaches == []  # green-4 was not hers to play when she laid blue-2


def test_the_row_is_read_from_the_header_and_checked() -> None:
    game = Crew.from_header(3, setup={"commander": 2, "tonoja": 1, "tonoja_row": ROW})
    assert game.tonoja == 0 and game.row is not None and game.row.column_of("sub-1") == "r7"
    for bad in ({"tonoja": 1, "tonoja_row": {**ROW, "r7": "sub-4"}}, {"tonoja": 2, "tonoja_row": ROW},
                {"tonoja": 1, "tonoja_row": {"r1": "pink-1"}}, {"tonoja": 4, "tonoja_row": ROW}):
        with pytest.raises(MalformedInput):
            Crew.from_header(3, setup={"commander": 2, **bad})
    with pytest.raises(MalformedInput):
        Crew(4, commander=1, tonoja=2, tonoja_row=ROW)


def test_undo_gives_back_tonojas_card() -> None:
    game = two_players()
    play(game, "pink-5", "pink-6")
    before = game._save()
    play(game, "pink-9")
    assert game.row is not None and game.row.column_of("pink-9") is None
    game.play(Undo())
    assert game._save() == before and game.row.column_of("pink-9") == "r2"
