"""Rixes' table drawn as SVG (``web/bagarre.py``): the three captains with their gold, hands, cards of
the Bagarre and crews; the Rixe's Bagarres, the dominant type, the turn, the Provocateur; Barbe
Noire's pile and last card with ``bn_pile: page``; whatever the state holds, it draws."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from companion.games.rixes.rules import Rixes
from companion.games.rixes.selfplay import game_of
from web.svg import table_svg

NS = "{http://www.w3.org/2000/svg}"


def midway(seed: int, options: dict[str, object] | None = None, cards: int = 3) -> dict[str, Any]:
    """The state of a game played from ``seed``, stopped at the first Bagarre of ``cards`` cards
    after its tenth event."""
    play = game_of(seed, options=options)
    game = play.header.new_game()
    assert isinstance(game, Rixes)
    for number, event in enumerate(play.events):
        game.play(event)
        state = game.state_json()
        if number >= 10 and len(state["bagarre"]) == cards:
            return state
    raise AssertionError("no such Bagarre")


STATE = midway(3)
PILE = midway(4, {"bn_pile": "page"})


def drawn(state: dict[str, Any]) -> ET.Element:
    root = ET.fromstring(table_svg(state))
    assert root.tag == f"{NS}svg" and root.get("class") == f"table {state.get('game')}"
    return root


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    """The elements under ``root`` with class ``name`` among theirs, in document order."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def captains(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-captain", "")): g for g in classed(root, "captain")}


def text(element: ET.Element) -> str:
    return "".join(element.itertext())


def cards(group: ET.Element) -> list[ET.Element]:
    return [g for g in classed(group, "card") if g.tag == f"{NS}g"]


def test_the_three_captains_side_by_side_with_their_bagarre_cards() -> None:
    root = drawn(STATE)
    drawn_captains = captains(root)
    assert list(drawn_captains) == [1, 0, 2]  # Barbe Noire in the middle
    assert [text(t) for t in classed(root, "number")] == ["1", "☠", "2"]
    for captain, group in drawn_captains.items():
        laid = [(c["card"], str(c["captain"])) for c in STATE["bagarre"] if c["captain"] == captain]
        assert [(g.get("data-card"), g.get("data-captain")) for g in cards(group)] == laid
        gold, hand = STATE["gold"][str(captain)], STATE["hands"][str(captain)]
        assert [text(t) for t in classed(group, "gold")] == [f"● {gold}"]
        assert [text(t) for t in classed(group, "hand")] == [f"▯ {hand}"]
    assert "Barbe Noire" in text(drawn_captains[0])
    # The cards an effect changed in the game say so, the others do not.
    shown = {g.get("data-card"): g for g in classed(root, "card") if g.tag == f"{NS}g"}
    for card in STATE["bagarre"]:
        assert bool(classed(shown[card["card"]], "change")) is not printed(card), card
    assert not classed(root, "pile") and not classed(root, "large")  # the pile is the table's


def test_the_turn_the_provocateur_and_the_provocation_are_marked() -> None:
    root = drawn(STATE)
    drawn_captains = captains(root)
    turn, provocateur = set(STATE["turn"]), STATE["provocateur"]
    assert {c for c, g in drawn_captains.items() if "turn" in g.get("class", "").split()} == turn
    for captain in turn:
        assert classed(drawn_captains[captain], "turn-mark")
    assert [c for c, g in drawn_captains.items() if classed(g, "provocateur-mark")] == [provocateur]
    (lead,) = classed(root, "lead")
    assert lead.get("data-card") == STATE["bagarre"][0]["card"]
    (dominant,) = classed(root, "dominant")
    assert text(dominant) == "⚔" and classed(dominant, STATE["dominant"])  # its type's symbol
    assert dominant.get("class") == f"dominant kind-{STATE['dominant']}"
    assert text(classed(root, "rixe")[0]) == f"Rixe {STATE['rixe']} · bagarres"


def test_the_bagarres_of_the_rixe_by_their_winners() -> None:
    state = {**STATE, "bagarres": [0, 2, "cancelled", None, 1, "open"]}
    won = classed(drawn(state), "won")
    assert [(g.get("data-bagarre"), g.get("data-winner"), text(g)) for g in won] == [
        ("1", "0", "#1 ☠"), ("2", "2", "#2 2"), ("3", None, "#3 ✗"), ("4", None, "#4 –"), ("5", "1", "#5 1"),
        ("6", None, "#6 …")]
    assert [g.get("class") for g in won][2:4] == ["won cancelled", "won nobody"]


def printed(card: dict[str, Any]) -> bool:
    """Whether a card of the Bagarre is as printed: its type and value those of its name."""
    kind, _, value = card["card"].rpartition("-")
    return bool(card["type"] == kind and card["value"] == int(value))


def test_a_card_changed_by_an_effect_shows_its_type_value_and_possessor() -> None:
    state = copy.deepcopy(STATE)
    first = next(card for card in state["bagarre"] if printed(card) and card["possessor"] == card["captain"])
    (plain,) = [g for g in classed(drawn(state), "card") if g.get("data-card") == first["card"]]
    assert not classed(plain, "change") and not {"changed", "moved"} & set(plain.get("class", "").split())
    kind = next(k for k in ("fist", "sabres", "pistols") if k != first["type"])
    first.update(type=kind, value=8, possessor=0 if first["captain"] else 1)
    (card,) = [g for g in classed(drawn(state), "card") if g.get("data-card") == first["card"]]
    assert {"changed", "moved", f"kind-{kind}"} <= set(card.get("class", "").split())
    assert (card.get("data-type"), card.get("data-value"), card.get("data-possessor")) == (
        kind, "8", str(first["possessor"]))
    assert "".join(map(text, classed(card, "change"))) == f"✎ 8 · ⇢ {'☠' if first['possessor'] == 0 else '1'}"
    assert classed(card, "symbol")[-1].get("class") == f"symbol {kind}"  # the type it counts as
    # A two-type card played as its lower half says so, unchanged.
    first.update(card="sabres+pistols-4", type="pistols", value=4, possessor=first["captain"])
    (card,) = [g for g in classed(drawn(state), "card") if g.get("data-card") == "sabres+pistols-4"]
    assert "changed" not in card.get("class", "")
    assert [text(t) for t in classed(card, "change")] == ["= ", "4"]
    assert [g.get("class") for g in classed(card, "symbol")] == ["symbol sabres", "symbol pistols",
                                                                 "symbol pistols"]  # top type first


def test_barbe_noire_near_15_gold_is_marked_not_only_by_colour() -> None:
    def purse(gold: int) -> ET.Element:
        (element,) = classed(captains(drawn({**STATE, "gold": {"0": gold, "1": 12, "2": 14}}))[0], "gold")
        return element

    assert purse(11).get("class") == "gold" and text(purse(11)) == "● 11"
    assert purse(12).get("class") == "gold warning" and text(purse(12)) == "⚠ ● 12"
    players = captains(drawn({**STATE, "gold": {"0": 0, "1": 12, "2": 14}}))
    assert all(g.get("class") == "gold" for c in (1, 2) for g in classed(players[c], "gold"))


def test_each_crew_with_its_legend_and_its_tilted_members_turned() -> None:
    state = copy.deepcopy(STATE)
    for player, members in state["crews"].items():
        for k, member in enumerate(members):
            member["tilted"] = player == "2" and k == 1
    drawn_captains = captains(drawn(state))
    assert not classed(drawn_captains[0], "member")  # Barbe Noire has no crew
    for player in (1, 2):
        members = classed(drawn_captains[player], "member")
        assert [g.get("data-member") for g in members] == [m["name"] for m in state["crews"][str(player)]]
        assert "legend" in members[0].get("class", "") and "★ " in text(members[0])
    tilted = classed(drawn_captains[2], "tilted")
    assert [g.get("data-member") for g in tilted] == [state["crews"]["2"][1]["name"]]
    assert (tilted[0].get("transform") or "").startswith("rotate(") and text(tilted[0]).startswith("↷ ")
    straight = [g for g in classed(drawn_captains[2], "member") if g not in tilted]
    assert all(g.get("transform") is None and "↷" not in text(g) for g in straight)


def test_with_the_companions_pile_barbe_noires_pile_and_last_card_large() -> None:
    root = drawn(PILE)
    barbe_noire = captains(root)[0]
    assert [text(t) for t in classed(barbe_noire, "pile")] == [f"▤ {PILE['pile']}"]
    his = [c["card"] for c in PILE["bagarre"] if c["captain"] == 0]
    (large,) = classed(root, "large")
    assert large.get("data-card") == his[-1] and large in cards(barbe_noire)
    rect = large.find(f"{NS}rect")
    assert rect is not None and float(rect.get("height", 0)) > 2 * float(
        cards(captains(root)[1])[0].find(f"{NS}rect").get("height", 0))  # type: ignore[union-attr]


def test_breaches_the_tie_break_the_winner_and_flagged_cards() -> None:
    state = {**STATE, "breaches": [{"rule": "RX7", "seq": 12, "proved_at": 20}], "tiebreak": True,
             "winner": 2, "turn": [], "flagged": [{"card": "fist-7", "captain": 1, "rule": "G2"}]}
    root = drawn(state)
    assert [text(t) for t in classed(root, "breach")] == ["RX7 @ 12"]
    assert [text(t) for t in classed(root, "tiebreak")] == ["⚖"]
    drawn_captains = captains(root)
    assert [c for c, g in drawn_captains.items() if "winner" in g.get("class", "").split()] == [2]
    assert classed(drawn_captains[2], "crown") and not classed(root, "turn-mark")
    (flagged,) = classed(drawn_captains[1], "flagged")
    assert flagged.get("data-card") == "fist-7" and text(flagged) == "7!"
    assert not classed(drawn(STATE), "tiebreak") and not classed(drawn(STATE), "crown")


def test_the_real_states_fit_a_phone() -> None:
    for state in (STATE, PILE, midway(5, {"advanced": True}, cards=2)):
        _, _, width, height = (float(v) for v in drawn(state).get("viewBox", "").split())
        assert 300 <= width <= 390 and height < 600


GARBAGE: list[Any] = [None, True, 0, -1, 7, 10**30, 1.5, float("nan"), "", "x", "3", "99999999999", "²",
                      "open", "cancelled", [], [None], [1, "a", {}], {}, {"1": None}, {"x": [1]},
                      {None: {"seat": "x"}}]


@pytest.mark.parametrize("key", sorted(STATE))
def test_garbage_in_any_field_never_raises(key: str) -> None:
    for junk in GARBAGE:
        for state in (STATE, PILE):
            ET.fromstring(table_svg({**state, key: junk}))


def test_garbage_inside_the_fields_never_raises() -> None:
    for junk in GARBAGE:
        state = {
            **STATE, "gold": {"0": junk, "1": junk, 2: 3}, "hands": {"0": junk}, "turn": [junk, 0, junk],
            "bagarres": [junk, junk], "pile": junk,
            "bagarre": [junk, {"card": junk, "captain": 1}, {"card": "fist-1", "captain": junk},
                        {"card": "x-y-z", "captain": 1, "possessor": junk, "type": junk, "value": junk}],
            "crews": {"1": [junk, {"name": junk, "legend": junk, "tilted": junk}], "2": junk},
            "breaches": [junk, {"rule": junk, "seq": junk}], "flagged": [junk, {"card": junk, "captain": 0}],
        }
        ET.fromstring(table_svg(state))
    assert ET.fromstring(table_svg({"game": "rixes"})).get("viewBox")


def test_names_are_escaped() -> None:
    evil = "<b>&\"'\x00"
    state = {**STATE, "bagarre": [{"card": evil, "captain": 1, "possessor": 0, "type": evil, "value": 3}],
             "crews": {"1": [{"name": evil, "legend": True, "tilted": True}]}, "dominant": evil,
             "phase": evil, "flagged": [{"card": evil, "captain": 2}]}
    svg = table_svg(state)
    root = ET.fromstring(svg)
    assert "<b>" not in svg and "\x00" not in svg
    assert [g.get("data-card") for g in cards(root)] == ["<b>&\"'?", "<b>&\"'?"]
