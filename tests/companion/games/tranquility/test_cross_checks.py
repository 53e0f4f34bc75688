"""Tranquillité's check, play and legal cells agree on every table; messages name the cards (G3)."""

from __future__ import annotations

import random

import pytest

from companion import Event, Flag, Play, StartDiscards, Undo
from companion.games.tranquility.rules import CELLS
from tests.companion.games.tranquility.positions import THREE_AFTER_START, Pos, is_island_play
from tests.companion.games.tranquility.test_sequence_and_cost import T1_T4_CASES, T2_CASES, T3_CASES, T5_CASES
from tests.companion.games.tranquility.test_setup_and_loss import T9_DECLARE_CASES
from tests.companion.games.tranquility.test_start_and_finish import T6_CASES, T7_CASES
from tests.companion.rule_tables import Expected, params, ruling_of

# -- cross-checks between check, play, legal_cells and legal_placements ------------

RULE_TABLES = (
    T1_T4_CASES + T2_CASES + T3_CASES + T5_CASES + T6_CASES + T7_CASES + T9_DECLARE_CASES
)


@pytest.mark.parametrize(("position", "event", "expected"), params(RULE_TABLES))
def test_play_agrees_with_check(position: Pos, event: Event, expected: Expected) -> None:
    game = position.game()
    before, stack = game._save(), len(game.move_stack)
    ruling = game.play(event)
    assert ruling_of(ruling) == expected
    if ruling.legal:
        assert len(game.move_stack) == stack + 1 or isinstance(event, Undo)
        assert game.flagged == ()
    else:
        # G5: the state does not move; only a refused placement is flagged.
        assert game._save() == before
        assert len(game.move_stack) == stack
        if isinstance(event, Play):
            assert game.flagged == (Flag(event, ruling),)
        else:
            assert game.flagged == ()


ISLAND_RULES = {None, "T2", "T3", "T5", "C3"}


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if is_island_play(row, ISLAND_RULES)]),
)
def test_legal_cells_and_placements_agree_with_check(
    position: Pos, event: Play, expected: Expected,
) -> None:
    game = position.game()
    legal, _, discard = expected
    assert ((event.at, discard) in list(game.legal_cells(int(event.card)))) is legal
    assert (event in game.legal_placements) is legal
    assert (event in list(game.legal_placements)) is legal


@pytest.mark.parametrize("seed", range(40))
def test_legal_cells_matches_check_on_random_grids(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(0, 20)
    indexes = sorted(rng.sample(range(36), count))
    values = sorted(rng.sample(range(1, 81), count))
    hand = rng.randint(1, 5)
    game = Pos({CELLS[i]: v for i, v in zip(indexes, values, strict=True)}, hand=hand, start=True).game()
    for value in range(1, 81):
        fast = set(game.legal_cells(value))
        slow = set()
        for cell in CELLS:
            ruling = game.check(Play(str(value), cell))
            if ruling.legal:
                assert ruling.discard is not None
                slow.add((cell, ruling.discard))
        assert fast == slow, value


# -- G3: messages name the cards and cells, in both languages -----------------

@pytest.mark.parametrize(
    ("position", "event", "en", "fr"),
    [
        pytest.param(Pos({"a1": 31}), Play("27", "b1"),
                     "27 at b1 must be greater than 31 at a1",
                     "27 en b1 doit être plus grand que 31 en a1", id="t2-low"),
        pytest.param(Pos({"c1": 20}), Play("25", "a1"),
                     "25 at a1 must be smaller than 20 at c1",
                     "25 en a1 doit être plus petit que 20 en c1", id="t2-high"),
        pytest.param(Pos({"a1": 10, "c1": 20}), Play("17", "b1"),
                     "Seat 1 laid 17 at b1 next to 20: discard 3 cards",
                     "Le joueur 1 a posé 17 en b1 à côté de 20 : défaussez 3 cartes",
                     id="t4-right-neighbour"),
        pytest.param(Pos(), Play("40", "c3"),
                     "Seat 1 laid 40 at c3: nothing to discard",
                     "Le joueur 1 a posé 40 en c3 : rien à défausser", id="t4-free"),
        pytest.param(Pos({"a1": 10}), Play("20", "a1"),
                     "20 cannot go to a1: a1 already holds 10",
                     "20 ne peut aller en a1 : a1 porte déjà 10", id="c3"),
        pytest.param(Pos(), Play("10", "finish"),
                     "10 cannot go to the finish corner: only the Start and Finish cards go to the corners",
                     "10 ne peut aller dans le coin d'arrivée : seules les cartes de départ et d'arrivée "
                     "vont dans les coins", id="t7-island-at-finish"),
        pytest.param(Pos(), Play("start", "c2"),
                     "the Start card goes to the start corner, not c2",
                     "la carte de départ se pose dans le coin de départ, pas en c2", id="t6-start-on-grid"),
        pytest.param(Pos(), Play("finish", "f6"),
                     "the Finish card goes to the finish corner, not f6",
                     "la carte d'arrivée se pose dans le coin d'arrivée, pas en f6", id="t7-finish-on-grid"),
        pytest.param(Pos(), Play("10", "a1", player=2),
                     "it is seat 1's turn, not seat 2's", "c'est au joueur 1 de jouer, pas au joueur 2",
                     id="c1"),
        pytest.param(THREE_AFTER_START, StartDiscards.of({1: 5, 2: 3}),
                     "seat 1 holds 4 cards and cannot discard 5",
                     "le joueur 1 a 4 cartes en main et ne peut en défausser 5", id="t6-split-hand"),
        pytest.param(THREE_AFTER_START, StartDiscards.of({1: 3, 2: 3}),
                     "the split must add up to 8 cards, not 6",
                     "la répartition doit totaliser 8 cartes, pas 6", id="t6-split-sum"),
    ],
)
def test_messages_exact(position: Pos, event: Event, en: str, fr: str) -> None:
    ruling = position.game().check(event)
    assert (ruling.message_en, ruling.message_fr) == (en, fr)


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if is_island_play(row, {None, "T2", "T3", "T5"})]),
)
def test_island_messages_name_card_and_cell_in_both_languages(
    position: Pos, event: Play, expected: Expected,
) -> None:
    ruling = position.game().check(event)
    assert ruling_of(ruling) == expected
    for message in (ruling.message_en, ruling.message_fr):
        assert f"{event.card} " in message and f" {event.at}" in message
        if ruling.discard:
            assert str(ruling.discard) in message
        # A refusal names the card it conflicts with (T2, T3 between two cards, T5).
        if ruling.rule in {"T2", "T5"}:
            assert " at " in ruling.message_en and " en " in ruling.message_fr
