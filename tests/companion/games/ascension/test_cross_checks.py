"""L'Ascension's check, play, legal placements and messages agree on every table and random play."""

from __future__ import annotations

import random

import pytest

from companion import Discard, Event, Flag, Override, Play, TakeBack, Undo
from companion.games.ascension.events import Campfire, Grapple, Herd
from companion.games.ascension.pyramid import SLOTS, SUPPORT
from companion.games.ascension.rules import Ascension
from companion.games.ascension.setup import card_label
from companion.text import Text
from tests.companion.games.ascension.positions import SEQUENCES, Pos, snapshot
from tests.companion.games.ascension.test_bridges_and_campfires import A4_CASES, A5_CASES
from tests.companion.games.ascension.test_cards_and_setup import A1_CASES
from tests.companion.games.ascension.test_fauna import A12_CASES, A12_SUMMIT_CASES
from tests.companion.games.ascension.test_loss_and_solo import A8_DECLARE_CASES, A9_CASES
from tests.companion.games.ascension.test_placement_and_cost import A2_CASES, A3_CASES
from tests.companion.games.ascension.test_summit_and_modules import A6_CASES, A10_CASES, A11_CASES
from tests.companion.games.ascension.test_undo_and_project_rulings import PROJECT_CASES
from tests.companion.rule_tables import Expected, assert_ruling, case, params, ruling_of

# -- cross-checks between check, play and the legal placements -------------------------

TABLES = {
    "a1": A1_CASES, "a2": A2_CASES, "a3": A3_CASES, "a4": A4_CASES, "a5": A5_CASES, "a6": A6_CASES,
    "a8": A8_DECLARE_CASES, "a9": A9_CASES, "a10": A10_CASES, "a11": A11_CASES, "a12": A12_CASES,
    "a12-sommet": A12_SUMMIT_CASES, "project": PROJECT_CASES,
}
#: Every table row (but those starting with a flagged card), its id prefixed with its table.
RULE_TABLES = [
    case(position, event, expected, f"{table}-{id}")
    for table, rows in TABLES.items() for position, event, expected, id in rows if position.flag is None
]


def test_rule_table_ids_are_unique() -> None:
    ids = [row[3] for row in RULE_TABLES]
    assert len(ids) == len(set(ids)) > 250


@pytest.mark.parametrize(("position", "event", "expected"), params(RULE_TABLES))
def test_play_agrees_with_check(position: Pos, event: Event, expected: Expected) -> None:
    game = position.game()
    before, stack = game._save(), len(game.move_stack)
    seat = game.turn - 1
    discards = game.discards[seat]
    ruling = game.play(event)
    assert ruling_of(ruling) == expected
    if ruling.legal:
        assert len(game.move_stack) == stack + 1 or isinstance(event, Undo)
        assert game.flagged == ()
        if isinstance(event, Play | Campfire | Herd):
            # The cards paid are the ones the ruling announced.
            assert game.discards[seat] == discards + (ruling.discard or 0)
    else:
        # G5: the state does not move; only a refused placement is flagged.
        assert game._save() == before
        assert len(game.move_stack) == stack
        if isinstance(event, Play | Campfire):
            assert game.flagged == (Flag(event, ruling),)
        else:
            assert game.flagged == ()


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES
            if isinstance(row[1], Play) and row[1].player is None and row[2][1] != "C4"]),
)
def test_legal_placements_agree_with_check(position: Pos, event: Play, expected: Expected) -> None:
    game = position.game()
    before = snapshot(game)
    legal = expected[0]
    assert (event in list(game.legal_placements)) is legal
    assert (event in game.legal_placements) is legal
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if isinstance(row[1], Campfire) and row[1].player is None]),
)
def test_campfires_agree_with_check(position: Pos, event: Campfire, expected: Expected) -> None:
    game = position.game()
    before = snapshot(game)
    assert (event in list(game.campfires())) is expected[0]
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES
            if isinstance(row[1], Play) and row[1].card[0].isdigit()
            and row[2][1] in (None, "A2", "A3", "C3")]),
)
def test_g3_versant_messages_name_the_card_and_slot(position: Pos, event: Play, expected: Expected) -> None:
    ruling = assert_ruling(position, event, expected)
    # Named in words, as players say it ("snowy 7", "7 enneigé"): the ibex icon may be left unsaid.
    label = card_label(event.card.removesuffix("+ibex"))
    assert isinstance(label, Text)
    for message, name in ((ruling.message_en, label.en), (ruling.message_fr, label.fr)):
        assert name in message and event.at in message, message
        if expected[2]:
            assert str(expected[2]) in message


@pytest.mark.parametrize(
    ("position", "event", "expected"),
    params([row for row in RULE_TABLES if isinstance(row[1], Campfire) and row[2][0]]),
)
def test_g3_campfire_messages_name_the_feu_the_versant_and_both_slots(
    position: Pos, event: Campfire, expected: Expected,
) -> None:
    game = position.game()
    versant = card_label(game.state_json()["cells"][event.at])
    assert isinstance(versant, Text)
    ruling = assert_ruling(position, event, expected)
    terrains = {"g": ("green", "herbeux"), "s": ("snowy", "enneigé"), "r": ("rocky", "rocheux")}
    terrain = terrains[event.card[-1]]
    for message, word, name in ((ruling.message_en, terrain[0], versant.en),
                                (ruling.message_fr, terrain[1], versant.fr)):
        assert "Feu de camp" in message and word in message, message
        assert name in message and event.at in message and event.move_to in message, message


def _names() -> list[str]:
    names = [f"{v}{t}" for v in range(1, 13) for t in "gsr"]
    return [*names, *(n + "+ibex" for n in names), "bridge", "summit"]


def _random_game(seed: int) -> Ascension:
    """A position reached by random legal turns (plays, Ponts, Feux de camp, discards and
    overrides), set again through ``from_position`` with a random hand for the active seat."""
    rng = random.Random(seed)
    players = rng.choice([1, 2, 3, 4, 5])
    options: dict[str, object] = {"fauna": rng.random() < 0.5,
                                  "campfire_move_pays_cost": rng.random() < 0.7,
                                  "bridges": rng.choice([3, 5])}
    game = Ascension(players, options)
    for _ in range(rng.randint(0, 60)):
        if game.is_over():
            break
        if rng.random() < 0.08:
            # A card refused and played anyway (or taken back when that is not allowed).
            refused = Play(f"{rng.randint(2, 12)}{rng.choice('gsr')}", rng.choice(SLOTS))
            if not game.play(refused).legal and not game.play(Override()).legal:
                assert game.play(TakeBack(refused.at)).legal
            continue
        moves: list[Event] = [*game.placements(), *game.campfires()]
        if game.hands[game.turn - 1] >= 2 and (not moves or rng.random() < 0.1):
            moves = [Discard()]
        if not moves:
            break
        event = rng.choice(moves)
        assert game.play(event).legal, event
    hands = list(game.hands)
    hands[game.turn - 1] = rng.randint(1, game.hand_limit)
    return rebuilt(game, hands)


def rebuilt(game: Ascension, hands: list[int] | None = None) -> Ascension:
    """The same position set afresh through ``from_position`` (no history, no cached value)."""
    return Ascension.from_position(
        game.players, cards={SLOTS[i]: c.name for i, c in enumerate(game.cards) if c is not None},
        bridged=[SLOTS[i] for i in range(44) if game.bridged[i]],
        ibex={SLOTS[i]: n for i, n in enumerate(game.ibex) if n},
        hands=list(game.hands) if hands is None else hands, decks=list(game.decks), turn=game.turn,
        options=game.options,
    )


def moves_of(game: Ascension) -> set[Play | Campfire]:
    """The legal placements but the Sommet (whose films are history ``from_position`` lacks)."""
    moves: list[Play | Campfire] = [*game.placements(), *game.campfires()]
    return {p for p in moves if p.card != "summit"}


@pytest.mark.parametrize("seed", range(24))
def test_legal_placements_match_check_on_random_positions(seed: int) -> None:
    game = _random_game(seed)
    if game.is_over():
        return
    before = snapshot(game)
    fast = set(game.placements())
    slow = {Play(name, slot) for name in _names() for slot in (*SLOTS, "a9")
            if game.check(Play(name, slot)).legal}
    assert fast == slow
    fires = set(game.campfires())
    slow_fires = {
        Campfire(f"campfire-{t}", at, to)
        for t in "gsr" for at in SLOTS for to in SLOTS
        if game.check(Campfire(f"campfire-{t}", at, to)).legal
    }
    assert fires == slow_fires
    assert snapshot(game) == before


def test_random_positions_are_varied() -> None:
    games = [_random_game(seed) for seed in range(24)]
    assert sum(1 for g in games if sum(c is not None for c in g.cards) >= 20) >= 5
    assert any(any(c is not None and c.kind == "campfire" for c in g.cards) for g in games)
    assert any(any(c is not None and c.kind == "bridge" for c in g.cards) for g in games)
    assert any(any(g.bridged) for g in games)
    assert any(any(g.ibex) for g in games)


@pytest.mark.parametrize("seed", range(12))
def test_undo_after_random_turns_restores_every_state(seed: int) -> None:
    rng = random.Random(1000 + seed)
    game = Ascension(rng.choice([1, 3, 4]), {"fauna": True, "green_path": True, "documentary": SEQUENCES})
    saves = [snapshot(game)]
    legal = [moves_of(game)]
    for _ in range(40):
        if game.is_over():
            break
        # What the engine knows from its history and caches is what a fresh position gives.
        assert moves_of(game) == moves_of(rebuilt(game))
        moves: list[Event] = [*game.placements(), *game.campfires()]
        herds = [Herd(SLOTS[i], 1, (SLOTS[j],)) for i in range(44) if game.ibex[i]
                 for j in range(44) if i in SUPPORT[j]]
        moves += [h for h in herds if game.check(h).legal]
        if game.solo and game.grapples:
            moves.append(Grapple())
        if game.hands[game.turn - 1] >= 2:
            moves.append(Discard())
        if not moves:
            break
        event = rng.choice(moves)
        assert game.play(event).legal, event
        saves.append(snapshot(game))
        legal.append(moves_of(game))
    assert len(saves) > 5
    while game.move_stack:
        assert game.play(Undo()).legal
        saves.pop()
        legal.pop()
        assert snapshot(game) == saves[-1]
        assert moves_of(game) == legal[-1]
    assert len(saves) == 1
