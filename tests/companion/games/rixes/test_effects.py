"""A crew member's effect applied to the Bagarre (RX12), operation by operation, and the
attribution after it (RX8 to RX11)."""

from __future__ import annotations

from companion.games.rixes.bagarre import Attribution, InPlay, attribute
from companion.games.rixes.effects import Bagarre, apply
from companion.games.rixes.events import Op

HOLDING = {0: 5, 1: 5, 2: 5}


def bagarre() -> Bagarre:
    """Player 1 provoked with a Poing 5; Barbe Noire turned a Sabre 2; player 2 followed with a 7."""
    cards = (InPlay("fist-5", 1, 1, "fist", 5), InPlay("sabres-2", 0, 0, "sabres", 2),
             InPlay("fist-7", 2, 2, "fist", 7))
    return Bagarre(cards, "fist", provocateur=1, provocation="fist-5")


def winner(table: Bagarre) -> Attribution:
    return attribute(table.cards, table.dominant or "", provocateur=table.provocateur,
                     provocation=table.provocation, award=table.award)


def test_before_any_effect_the_highest_poing_wins() -> None:
    assert winner(bagarre()) == Attribution(2, "highest")


def test_a_value_changed_a_type_changed_a_card_moved() -> None:
    made_high = apply(bagarre(), (Op("value", card="fist-5", value=8),), player=1, holding=HOLDING)
    assert winner(made_high.bagarre) == Attribution(1, "highest")
    # A Sabre made a Poing: the dominant type stays the Provocation's, and Barbe Noire's card counts
    # as dominant anyway (cheat 1): his 2 is still lower.
    typed = apply(bagarre(), (Op("type", card="fist-7", kind="sabres"),), player=1, holding=HOLDING)
    assert winner(typed.bagarre) == Attribution(1, "highest")
    moved = apply(bagarre(), (Op("move", card="fist-7", to=1),), player=1, holding=HOLDING)
    assert winner(moved.bagarre) == Attribution(1, "highest")  # player 1 now possesses the 7
    assert [card.possessor for card in moved.bagarre.cards] == [1, 0, 1]


def test_a_card_back_in_a_hand_or_discarded_leaves_the_bagarre() -> None:
    back = apply(bagarre(), (Op("to_hand", card="fist-7"),), player=1, holding=HOLDING)
    assert back.to_hands == ((2, "fist-7"),) and back.hands == {2: 1}
    assert winner(back.bagarre) == Attribution(1, "highest")
    gone = apply(bagarre(), (Op("discard", card="fist-5"),), player=2, holding=HOLDING)
    assert gone.discarded == ("fist-5",) and len(gone.bagarre.cards) == 2


def test_a_card_added_from_a_hand_and_gold_and_hands_moved() -> None:
    added = apply(bagarre(), (Op("add", card="fist-8", source=1), Op("gold", to=1, amount=1, source=0),
                              Op("hand", to=2, amount=-1)), player=1, holding=HOLDING)
    assert winner(added.bagarre) == Attribution(1, "highest")
    assert added.gold == {1: 1, 0: -1} and added.hands == {1: -1, 2: -1}
    empty = apply(bagarre(), (Op("add", card="fist-8", source=1),), player=1, holding={0: 5, 1: 0, 2: 5})
    assert empty.refused == "empty_hand" and empty.bagarre == bagarre()


def test_cancel_award_tilt_and_straighten() -> None:
    cancelled = apply(bagarre(), (Op("cancel"),), player=2, holding=HOLDING)
    assert cancelled.bagarre.cancelled and cancelled.bagarre.cards == bagarre().cards
    awarded = apply(bagarre(), (Op("award", to=1),), player=1, holding=HOLDING)
    assert winner(awarded.bagarre) == Attribution(1, "award")
    members = apply(bagarre(), (Op("tilt", crew="drake", to=2), Op("straighten", crew="flint")), player=1,
                    holding=HOLDING)
    assert members.tilted == ((2, "drake"),) and members.straightened == ((1, "flint"),)


def test_what_cannot_be_is_refused_whole() -> None:
    table = bagarre()
    for ops, why in (((Op("value", card="pistols-3", value=1),), "not_in_bagarre"),
                     ((Op("value", card="fist-5", value=9), Op("move", card="pistols-3", to=0)),
                      "not_in_bagarre"),
                     ((Op("add", card="fist-7", source=1),), "in_bagarre")):
        applied = apply(table, ops, player=1, holding=HOLDING)
        assert applied.refused == why and applied.bagarre == table and not applied.gold
    hidden = Bagarre(table.cards, "fist", provocateur=0, provocation="sabres-2", hidden=frozenset({"fist-7"}))
    aimed = apply(hidden, (Op("value", card="fist-7", value=0),), player=1, holding=HOLDING)
    assert aimed.refused == "face_down"
