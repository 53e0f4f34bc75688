"""L'Ascension rulings A6 (the Sommet), A10 (Sentier verdoyant) and A11 (Documentaire alpin)."""

from __future__ import annotations

import itertools

import pytest

from companion import Discard, Event, MalformedInput, Play, Termination, Undo
from companion.games.ascension.events import Campfire
from companion.games.ascension.pyramid import SLOT_INDEX, SUPPORT
from companion.games.ascension.rules import Ascension
from tests.companion.games.ascension.positions import (
    DOCUMENTARY,
    FULL,
    FULL_NO_GREEN,
    GREEN,
    LEFT_PATH,
    ROW1,
    SEQUENCES,
    SUMMIT,
    Pos,
    row_of,
    snapshot,
    without,
)
from tests.companion.rule_tables import Expected, assert_ruling, case, no, ok, params, ruling_of

# -- A6: the Sommet ----------------------------------------------------------

A6_CASES = [
    case(Pos(FULL), SUMMIT, ok(0), "complete-pyramid"),
    case(Pos(FULL, hand=1), SUMMIT, ok(0), "complete-pyramid-last-card"),
    case(Pos(FULL, turn=3, hands=(1, 1, 2)), Play("summit", "a9", player=3), ok(0), "seat-3"),
    case(Pos(dict(FULL, i1="campfire-g")), SUMMIT, ok(0), "with-a-feu-de-camp"),
    case(Pos(dict(FULL, a1="campfire-s", e1="campfire-r", i1="campfire-g")), SUMMIT, ok(0),
         "with-three-feux-de-camp"),
    case(Pos(FULL, bridged=("b1", "e3", "b4")), SUMMIT, ok(0), "ponts-covered"),
    case(Pos(without(FULL, "b8")), SUMMIT, no("A6"), "b8-empty"),
    case(Pos(without(FULL, "i1")), SUMMIT, no("A6"), "i1-empty"),
    case(Pos(), SUMMIT, no("A6"), "empty-pyramid"),
    case(Pos(dict(FULL, e3="bridge")), SUMMIT, no("A6"), "faq-a-pont-showing"),
    case(Pos(dict(FULL, b1="bridge", e3="bridge"), bridged=("b4",)), SUMMIT, no("A6"), "faq-two-ponts"),
    case(Pos(without(FULL, "b8")), Play("summit", "b8"), no("A6"), "sommet-on-b8"),
    case(Pos(without(FULL, "a1")), Play("summit", "a1"), no("A6"), "sommet-on-a1"),
    case(Pos(FULL), Play("12s", "a9"), no("A6"), "versant-at-the-summit"),
    case(Pos(FULL), Play("bridge", "a9"), no("A6"), "pont-at-the-summit"),
    case(Pos(FULL), Play("campfire-g", "a9"), no("A6"), "feu-at-the-summit"),
    case(Pos(FULL, then=(SUMMIT,)), SUMMIT, no("C4"), "after-the-sommet"),
    case(Pos(FULL, hand=0), SUMMIT, no("C4"), "no-card"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A6_CASES))
def test_a6_sommet(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def test_a6_sommet_wins() -> None:
    game = Pos(FULL, hands=(5, 5, 5), decks=(0, 0, 0)).game()
    before = snapshot(game)
    ruling = game.play(SUMMIT)
    assert ruling_of(ruling) == ok(0)
    assert ruling.message_en == "Sommet played: you reached the summit, you win!"
    assert ruling.message_fr == "Sommet posé : vous avez atteint le sommet, vous gagnez !"
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winners, outcome.result) == (Termination.FINISHED, (1, 2, 3), "won")
    state = game.state_json()
    assert state["summit"] is True and state["turn"] is None
    assert game.check(Discard()).rule == "C4"
    assert list(game.legal_placements) == [] and list(game.campfires()) == []
    assert game.play(Undo()).legal
    assert snapshot(game) == before


def test_a6_messages() -> None:
    ruling = assert_ruling(Pos(without(FULL, "b8", "a8")), SUMMIT, no("A6"))
    assert "2" in ruling.message_en and "2" in ruling.message_fr
    ruling = assert_ruling(Pos(dict(FULL, e3="bridge")), SUMMIT, no("A6"))
    assert ruling.message_en == "the Sommet needs every Pont covered: Pont showing at e3"
    assert ruling.message_fr == "le Sommet exige tous les Ponts recouverts : Pont apparent en e3"


# -- A10: Sentier verdoyant ------------------------------------------------------

#: A winding path: c1, b2, b3, a4, ..., a8.
WINDING_PATH = {"c1": "1g", "b2": "2g", "b3": "3g", "a4": "4g", "a5": "5g", "a6": "6g", "a7": "7g",
                "a8": "8g"}
#: A green card in every row, none resting on the green card below.
GREEN_NOT_RESTING = {"a1": "1g", "c2": "2g", "a3": "3g", "c4": "4g", "a5": "5g", "c6": "6g", "a7": "7g",
                     "b8": "8g"}

A10_CASES = [
    case(Pos(FULL, options=GREEN), SUMMIT, ok(0), "green-paths-in-full"),
    case(Pos({**FULL_NO_GREEN, **LEFT_PATH}, options=GREEN), SUMMIT, ok(0), "path-up-the-left-edge"),
    case(Pos({**FULL_NO_GREEN, **WINDING_PATH}, options=GREEN), SUMMIT, ok(0), "winding-path"),
    case(Pos({**FULL_NO_GREEN, **LEFT_PATH, "a4": "campfire-g"}, options=GREEN), SUMMIT, ok(0),
         "a-green-feu-de-camp-counts"),
    case(Pos(FULL_NO_GREEN, options=GREEN), SUMMIT, no("A10"), "no-green-card"),
    case(Pos(FULL_NO_GREEN), SUMMIT, ok(0), "module-off"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "b1")}, options=GREEN), SUMMIT, no("A10"),
         "not-from-row-1"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN), SUMMIT, no("A10"),
         "cut-in-row-5"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a8")}, options=GREEN), SUMMIT, no("A10"),
         "cut-in-row-8"),
    case(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a7"), "c7": "7g"}, options=GREEN), SUMMIT, no("A10"),
         "row-7-green-off-the-path"),
    case(Pos({**FULL_NO_GREEN, **GREEN_NOT_RESTING}, options=GREEN), SUMMIT, no("A10"),
         "green-in-every-row-not-resting"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A10_CASES))
def test_a10_green_path(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


@pytest.mark.parametrize(
    ("position", "path"),
    [
        pytest.param(Pos({**FULL_NO_GREEN, **LEFT_PATH}, options=GREEN), list(LEFT_PATH), id="left-edge"),
        pytest.param(Pos({**FULL_NO_GREEN, **WINDING_PATH}, options=GREEN), list(WINDING_PATH),
                     id="winding"),
        pytest.param(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN),
                     ["b1", "a2", "a3", "a4"], id="cut-in-row-5"),
        pytest.param(Pos({**FULL_NO_GREEN, **GREEN_NOT_RESTING}, options=GREEN), ["a1"], id="not-resting"),
        pytest.param(Pos(FULL_NO_GREEN, options=GREEN), [], id="none"),
        pytest.param(Pos({"a1": "3g", "b1": "5s", "a2": "4g"}, options=GREEN), ["a1", "a2"], id="two-rows"),
        pytest.param(Pos({"a1": "3s", "b1": "5g", "a2": "4g"}, options=GREEN), ["b1", "a2"], id="from-b1"),
        pytest.param(Pos({"a1": "3s", "b1": "5r", "a2": "4g"}, options=GREEN), [], id="not-from-row-1"),
        pytest.param(Pos({"a1": "campfire-g", "b1": "5s", "a2": "4g"}, options=GREEN), ["a1", "a2"],
                     id="feu-de-camp"),
        pytest.param(Pos({"a1": "3g", "b1": "bridge", "c1": "5g", "a2": "4s", "b2": "9g"}, options=GREEN),
                     ["c1", "b2"], id="beside-a-pont"),
    ],
)
def test_a10_state_reports_the_green_path(position: Pos, path: list[str]) -> None:
    assert position.game().state_json()["green_path"] == path


def test_a10_state_reports_one_of_the_paths_of_full() -> None:
    path = Pos(FULL, options=GREEN).game().state_json()["green_path"]
    assert [row_of(slot) for slot in path] == list(range(1, 9))
    assert all(FULL[slot].endswith("g") for slot in path)
    for below, above in itertools.pairwise(path):
        assert SLOT_INDEX[below] in SUPPORT[SLOT_INDEX[above]]


def test_a10_state_without_the_module() -> None:
    assert "green_path" not in Pos(FULL).game().state_json()


def test_a10_message() -> None:
    ruling = assert_ruling(Pos({**FULL_NO_GREEN, **without(LEFT_PATH, "a5")}, options=GREEN), SUMMIT,
                           no("A10"))
    assert ruling.message_en == "Sentier verdoyant: the green path climbs only 4 of the 8 rows"
    assert ruling.message_fr == "Sentier verdoyant : le sentier herbeux ne monte que sur 4 des 8 rangées"


def test_a10_path_followed_as_cards_are_played() -> None:
    game = Pos({"a1": "3g", "b1": "5s"}, hands=(5, 5, 5), options=GREEN).game()
    assert game.state_json()["green_path"] == ["a1"]
    assert game.play(Play("4g", "a2")).legal
    assert game.state_json()["green_path"] == ["a1", "a2"]
    assert game.play(Undo()).legal
    assert game.state_json()["green_path"] == ["a1"]


# -- A11: Documentaire alpin ------------------------------------------------------

#: The FULL pyramid with 3-4-3, 9-8-7 and 5-6 in row 1 (its terrains kept).
FULL_FILMED = dict(FULL, a1="3s", b1="4r", c1="3g", d1="9s", e1="8r", f1="7g", g1="5s", h1="6r")

A11_CASES = [
    case(Pos(FULL_FILMED, options=DOCUMENTARY), SUMMIT, ok(0), "all-three-filmed"),
    case(Pos(FULL, options=DOCUMENTARY), SUMMIT, no("A11"), "none-filmed"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options=DOCUMENTARY), SUMMIT, no("A11"), "5-6-missing"),
    case(Pos(dict(FULL_FILMED, d1="7s", f1="9g"), options=DOCUMENTARY), SUMMIT, no("A11"),
         "faq-7-8-9-is-not-9-8-7"),
    case(Pos(FULL), SUMMIT, ok(0), "module-off"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7]]}), SUMMIT,
         ok(0), "other-sequences"),
    case(Pos(dict(FULL_FILMED, h1="7r"), options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7], [4, 3]]}),
         SUMMIT, ok(0), "four-sequences"),
    case(Pos(dict(FULL_FILMED, h1="7r"),
             options={"documentary": [[3, 4, 3], [9, 8, 7], [5, 7], [4, 3], [12, 11]]}),
         SUMMIT, no("A11"), "five-sequences-one-missing"),
]


@pytest.mark.parametrize(("position", "event", "expected"), params(A11_CASES))
def test_a11_documentary(position: Pos, event: Event, expected: Expected) -> None:
    assert_ruling(position, event, expected)


def filmed(game: Ascension) -> list[bool]:
    return [seq["filmed"] for seq in game.state_json()["sequences"]]


@pytest.mark.parametrize(
    ("cards", "event", "before", "after"),
    [
        pytest.param({"a1": "3g", "b1": "4s"}, Play("3r", "c1"), [False] * 3, [True, False, False],
                     id="3-4-3-filmed"),
        pytest.param({"a1": "9g", "b1": "8s"}, Play("7r", "c1"), [False] * 3, [False, True, False],
                     id="9-8-7-filmed"),
        pytest.param({"a1": "7g", "b1": "8s"}, Play("9r", "c1"), [False] * 3, [False] * 3,
                     id="faq-7-8-9-is-backwards"),
        pytest.param({"a1": "6g", "b1": "5s"}, Play("4r", "c1"), [False] * 3, [False] * 3,
                     id="6-5-is-backwards"),
        pytest.param({"a1": "3g", "b1": "5s"}, Play("6r", "c1"), [False] * 3, [False, False, True],
                     id="5-6-after-3"),
        pytest.param(without(ROW1, "i1"), Play("5r", "i1"), [False] * 3, [False] * 3, id="not-5-alone"),
        pytest.param(dict(ROW1, i1="5r", a2="6g"), Play("4s", "b2"), [False] * 3, [False] * 3,
                     id="5-at-i1-6-at-a2-not-adjacent"),
        pytest.param({"a1": "5g", "b1": "bridge"}, Play("6s", "c1"), [False] * 3, [False] * 3,
                     id="a-pont-between"),
        pytest.param({"a1": "5g", "b1": "bridge", "c1": "6r"}, Play("9s", "b1"), [False] * 3, [False] * 3,
                     id="pont-covered-by-a-9"),
        pytest.param({"a1": "5g", "b1": "bridge", "c1": "6r"}, Play("5s", "b1"), [False] * 3,
                     [False, False, True], id="pont-covered-by-a-5"),
        pytest.param({"a1": "4g", "b1": "bridge", "c1": "3r"}, Play("3s", "a2"), [False] * 3, [False] * 3,
                     id="row-2-start-is-no-neighbour"),
        pytest.param(dict(ROW1, a2="9r", b2="8s", c2="7g"), Play("8r", "d2"), [False, True, False],
                     [False, True, False], id="already-filmed"),
        pytest.param(dict(ROW1, a2="5r", b2="6s"), Campfire("campfire-r", "a2", "a3"), [False, False, True],
                     [False, False, True], id="stays-filmed-when-broken"),
        pytest.param(dict(ROW1, a2="5r", b2="6s"), Campfire("campfire-s", "b2", "a3"), [False, False, True],
                     [False, False, True], id="stays-filmed-when-broken-right"),
        # The Feu de camp adopts 9, but it is no Versant: 9, Feu, 8, 7 films nothing.
        pytest.param(dict(ROW1, a2="9r", b2="campfire-g", c2="8s"), Play("7r", "d2"), [False] * 3,
                     [False] * 3, id="feu-de-camp-is-no-versant"),
    ],
)
def test_a11_sequences_filmed_as_cards_are_played(
    cards: dict[str, str], event: Event, before: list[bool], after: list[bool],
) -> None:
    game = Pos(cards, options=DOCUMENTARY).game()
    assert filmed(game) == before
    ruling = game.play(event)
    assert ruling.legal, ruling.message_en
    assert filmed(game) == after
    assert game.state_json()["sequences"] == [
        {"values": seq, "filmed": done} for seq, done in zip(SEQUENCES, after, strict=True)
    ]
    assert game.play(Undo()).legal
    assert filmed(game) == before


def test_a11_filmed_sequence_survives_a_campfire() -> None:
    game = Pos(dict(ROW1, a2="5r", b2="6s"), hands=(5, 5, 5), options=DOCUMENTARY).game()
    assert filmed(game) == [False, False, True]
    assert game.play(Campfire("campfire-r", "a2", "a3")).legal
    assert game.state_json()["cells"]["a2"] == "campfire-r"
    assert filmed(game) == [False, False, True]


def test_a11_message_names_the_sequences_left() -> None:
    ruling = assert_ruling(Pos(dict(FULL_FILMED, h1="7r", d1="7s", f1="9g"), options=DOCUMENTARY), SUMMIT,
                           no("A11"))
    assert ruling.message_en == "Documentaire alpin: still to film 9-8-7, 5-6"
    assert ruling.message_fr == "Documentaire alpin : il reste à filmer 9-8-7, 5-6"


def test_a11_state_without_the_module() -> None:
    assert "sequences" not in Pos(FULL).game().state_json()


@pytest.mark.parametrize(
    "documentary",
    [
        pytest.param([[3, 4, 3], [9, 8, 7]], id="two"),
        pytest.param([[3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [1, 2]], id="six"),
        pytest.param([[3, 4, 3], [9, 8, 7], [13, 6]], id="value-13"),
        pytest.param([[3, 4, 3], [9, 8, 7], [0, 6]], id="value-0"),
        pytest.param([[3, 4, 3], [9, 8, 7], [5]], id="one-value"),
        pytest.param([[3, 4, 3], [9, 8, 7], [True, 6]], id="bool-value"),
        pytest.param("3-4-3", id="string"),
    ],
)
def test_a11_bad_documentary_option(documentary: object) -> None:
    with pytest.raises(MalformedInput):
        Ascension(3, {"documentary": documentary})
