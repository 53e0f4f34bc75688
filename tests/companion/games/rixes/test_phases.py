"""The end of a Rixe: the loot (RX13), recruitment (RX14) and the end of the game (RX15), on the
rulebook's cases: recruitment at the crew limit, a tie between the players, Barbe Noire level at
the top."""

from __future__ import annotations

import pytest

from companion.games.rixes.phases import Crew, End, end, loot, recruit


def test_the_loot_is_a_gold_a_bagarre_won() -> None:
    assert loot([0, 0, 2, 1, 2, 2, 0, 1]) == {0: 3, 1: 2, 2: 3}
    assert loot(["cancelled", None]) == {0: 0, 1: 0, 2: 0}  # set aside: nobody's
    assert sum(loot([0, 1, 2, 1]).values()) == 4


@pytest.mark.parametrize(("crew", "gold", "pirate", "replaces", "drawn", "pirates", "paid", "refused"), [
    (Crew("anne", ("flint",)), 1, "drake", None, ["drake", "gaspar"], ("flint", "drake"), 1, None),
    (Crew("anne", ("flint",)), 0, "drake", None, None, ("flint",), 0, "no_gold"),
    # At the limit: 1 Légende and 3 Pirates, no fourth ("sauf exception": an override).
    (Crew("anne", ("flint", "drake", "gaspar")), 5, "manolito", None, None, ("flint", "drake", "gaspar"), 0,
     "crew_full"),
    # At the limit a swap is free and allowed; a Légende is never swapped.
    (Crew("anne", ("flint", "drake", "gaspar")), 0, "manolito", "drake", None,
     ("flint", "manolito", "gaspar"), 0, None),
    (Crew("anne", ("flint",)), 3, "manolito", "anne", None, ("flint",), 0, "legend"),
    (Crew("anne", ("flint",)), 3, "manolito", "drake", None, ("flint",), 0, "not_in_crew"),
    # Both discarded; a Pirate not among the two drawn; one already in the crew.
    (Crew("anne", ("flint",)), 3, None, None, ["drake", "gaspar"], ("flint",), 0, None),
    (Crew("anne", ("flint",)), 3, "guybrush", None, ["drake", "gaspar"], ("flint",), 0, "not_drawn"),
    (Crew("anne", ("flint",)), 3, "flint", None, None, ("flint",), 0, "in_crew"),
])
def test_recruitment(crew: Crew, gold: int, pirate: str | None, replaces: str | None, drawn: list[str] | None,
                     pirates: tuple[str, ...], paid: int, refused: str | None) -> None:
    result = recruit(crew, gold, pirate, replaces, drawn)
    assert (result.crew.pirates, result.paid, result.refused) == (pirates, paid, refused)
    assert result.crew.legend == crew.legend


@pytest.mark.parametrize(("gold", "tiebreak", "expected"), [
    ({0: 9, 1: 15, 2: 12}, False, End("won", 1)),
    ({0: 9, 1: 14, 2: 14}, False, End("on")),                      # nobody at 15 yet
    ({0: 15, 1: 15, 2: 3}, False, End("lost", 0)),                 # Barbe Noire level at the top: his
    ({0: 17, 1: 16, 2: 3}, False, End("lost", 0)),                 # richest
    ({0: 4, 1: 16, 2: 16}, False, End("tiebreak")),                # the players tied above him
    ({0: 4, 1: 13, 2: 12}, True, End("won", 1)),                   # after the tie-break: no threshold
    ({0: 13, 1: 13, 2: 12}, True, End("lost", 0)),
    ({0: 4, 1: 13, 2: 13}, True, End("tiebreak")),                 # tied again: one more
])
def test_the_end_of_the_game(gold: dict[int, int], tiebreak: bool, expected: End) -> None:
    assert end(gold, tiebreak=tiebreak) == expected
