"""The table drawn as SVG: every cell named, the last placement outlined, a flagged card in red; a
trick game's seats round the table, the trick in play, the tasks, the sonar and the finished tricks."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from companion.engine.events import Play
from companion.games.tranquility.rules import CELLS, Tranquility
from web import svg as svg_module
from web.svg import legend_html, table_svg
from web.tricks import seat_angles

NS = "{http://www.w3.org/2000/svg}"


def cells(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    return {g.get("data-cell", ""): g for g in root.iter(f"{NS}g")}


def test_grid_has_36_cells_and_two_corners_in_place() -> None:
    game = Tranquility(3)
    drawn = cells(table_svg(game.state_json()))
    assert set(drawn) == {*CELLS, "start", "finish"}

    def corner(name: str) -> tuple[float, float]:
        rect = drawn[name].find(f"{NS}rect")
        assert rect is not None
        return float(rect.get("x", 0)), float(rect.get("y", 0))

    # a1 bottom left, f6 top right; start below-left of a1, finish above-right of f6.
    (a1x, a1y), (f6x, f6y) = corner("a1"), corner("f6")
    (sx, sy), (fx, fy) = corner("start"), corner("finish")
    assert a1x < f6x and a1y > f6y and sx < a1x and sy > a1y and fx > f6x and fy < f6y


def test_cards_last_and_flagged() -> None:
    game = Tranquility.from_position(3, cells={"c1": 27, "f1": 40}, hands=[5, 5, 5])
    game.play(Play("12", "d1"))
    svg = table_svg(game.state_json(), last="d1")
    drawn = cells(svg)
    assert drawn["c1"].get("class") == "cell filled" and drawn["c1"].get("data-card") == "27"
    assert drawn["d1"].get("class") == "cell flagged" and drawn["d1"].get("data-card") == "12"
    assert "".join(drawn["d1"].itertext()).endswith("!12")
    assert drawn["a1"].get("class") == "cell empty"
    assert cells(table_svg(game.state_json(), last="c1"))["c1"].get("class") == "cell filled last"


def test_names_are_escaped() -> None:
    flagged = [{"card": "<b>&", "at": "a1", "rule": "X"}]
    svg = table_svg({"game": "tranquility", "cells": {}, "flagged": flagged})
    ET.fromstring(svg)
    assert "<b>&" not in svg


def test_a_game_with_no_known_board_is_drawn_as_its_public_state() -> None:
    svg = table_svg({"game": "nowhere", "seats": [{"seat": 1, "hand": 13}], "turn": 1})
    root = ET.fromstring(svg)
    lines = ["".join(text.itertext()) for text in root.iter(f"{NS}text")]
    assert lines == ['seats: [{"seat": 1, "hand": 13}]', "turn: 1"]
    assert root.get("class") == "table nowhere"


def test_a_legend_is_the_registered_one_of_the_games_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(svg_module.LEGENDS, "tricks", lambda lang: f"<p>{lang}</p>")
    assert legend_html("crew", "fr") == "<p>fr</p>"
    assert legend_html("tranquility", "en") is None and legend_html("nowhere", "en") is None


def test_a_board_is_drawn_by_its_registered_drawer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(svg_module.DRAWERS, "tricks", lambda state, last: f"<svg>{state['turn']}</svg>")
    assert table_svg({"game": "crew", "turn": 2}) == "<svg>2</svg>"
    assert table_svg({"game": "nowhere", "turn": 2}).startswith("<svg")  # unknown game: plain


# -- trick games: two real states of The Crew (3 seats, the third Tonoja's; and 4 seats)

TONOJA: dict[str, Any] = {
    "game": "crew", "players": 3,
    "options": {"breach": "fail", "history": "last_trick", "task_draw": "table", "avoid_pairs": False},
    "turn": 1, "leader": 2,
    "trick": [{"seat": 2, "card": "blue-2"}, {"seat": 3, "card": "blue-4"}],
    "seats": [{"seat": 1, "won": 2, "score": 2}, {"seat": 2, "won": 4, "score": 4},
              {"seat": 3, "won": 0, "score": 0}],
    "commander": 2,
    "tricks": [
        {"leader": 2, "cards": {"2": "pink-8", "3": "pink-1", "1": "pink-5"}, "winner": 2},
        {"leader": 2, "cards": {"2": "yellow-4", "3": "yellow-5", "1": "yellow-6"}, "winner": 1},
        {"leader": 1, "cards": {"1": "blue-1", "2": "blue-8", "3": "blue-6"}, "winner": 2},
        {"leader": 2, "cards": {"2": "pink-6", "3": "pink-2", "1": "pink-9"}, "winner": 1},
        {"leader": 1, "cards": {"1": "green-5", "2": "green-6", "3": "green-2"}, "winner": 2},
        {"leader": 2, "cards": {"2": "green-9", "3": "green-3", "1": "pink-7"}, "winner": 2},
    ],
    "tasks": {"win:green-5+blue-8": {"seat": 2, "status": "DONE"},
              "no-win:5": {"seat": 3, "status": "PENDING"}},
    "breaches": [], "sonar": {}, "distress": False, "reason": None,
    "tonoja_row": {"r2": "sub-3", "r5": "yellow-8", "r6": "green-4", "r7": "yellow-9"},
    "logbook": {"mission": None, "attempt": 1, "distress": False},
}

FOUR: dict[str, Any] = {
    "game": "crew", "players": 4,
    "options": {"breach": "fail", "history": "last_trick", "task_draw": "table", "avoid_pairs": False},
    "turn": 1, "leader": 3,
    "trick": [{"seat": 3, "card": "pink-3"}, {"seat": 4, "card": "pink-7"}],
    "seats": [{"seat": 1, "won": 0, "score": 0}, {"seat": 2, "won": 0, "score": 0},
              {"seat": 3, "won": 2, "score": 2}, {"seat": 4, "won": 0, "score": 0}],
    "commander": 3,
    "tricks": [
        {"leader": 3, "cards": {"3": "blue-6", "4": "blue-3", "1": "blue-1", "2": "blue-2"}, "winner": 3},
        {"leader": 3, "cards": {"3": "yellow-9", "4": "yellow-3", "1": "yellow-5", "2": "yellow-1"},
         "winner": 3},
    ],
    "tasks": {"trick:last": {"seat": 3, "status": "PENDING"}, "no-win:9": {"seat": 4, "status": "PENDING"}},
    "breaches": [],
    "sonar": {"4": {"card": "pink-5", "position": "bottom", "played": False}},
    "distress": False, "reason": None, "tonoja_row": None,
    "logbook": {"mission": None, "attempt": 1, "distress": False},
}


def drawn(state: dict[str, Any]) -> ET.Element:
    svg = table_svg(state)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox") and root.get("class") == f"table {state['game']}"
    return root


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    """The elements under ``root`` with class ``name`` among theirs, in document order."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def seats(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-seat", "")): g for g in root.iter(f"{NS}g") if g.get("data-seat")}


def text(element: ET.Element) -> str:
    return "".join(element.itertext())


def centre(group: ET.Element) -> tuple[float, float]:
    """The centre of a seat's disc or of a card's rectangle."""
    disc = group.find(f"{NS}circle[@class='disc']")
    if disc is not None:
        return float(disc.get("cx", 0)), float(disc.get("cy", 0))
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return (float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2,
            float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2)


def top(element: ET.Element) -> float:
    """The highest y of a group's rectangles and texts (``y`` of a rect, baseline of a text)."""
    return min(float(e.get("y", 0)) for e in element.iter() if e.get("y") is not None)


def test_seat_angles_start_at_the_bottom_and_go_clockwise() -> None:
    assert seat_angles(1) == [90.0]
    assert seat_angles(2) == [90.0, 270.0]
    assert seat_angles(4) == [90.0, 180.0, 270.0, 0.0]  # bottom, left, top, right (y points down)
    assert seat_angles(5) == [90.0, 162.0, 234.0, 306.0, 18.0]
    assert seat_angles(0) == seat_angles(-3) == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seat_is_drawn_round_the_table_with_its_number(players: int) -> None:
    root = drawn({"game": "crew", "players": players})
    drawn_seats = seats(root)
    assert list(drawn_seats) == list(range(1, players + 1))
    for seat, group in drawn_seats.items():
        assert group.get("class") == "seat"
        assert [text(t) for t in classed(group, "number")] == [str(seat)]
    spots = {seat: centre(group) for seat, group in drawn_seats.items()}
    assert max(spots.values(), key=lambda spot: spot[1]) == spots[1]  # seat 1 at the bottom
    if players > 2:
        assert spots[2][0] < spots[1][0]  # then clockwise: seat 2 on the left


def test_the_turn_the_leader_and_the_commander_are_marked() -> None:
    drawn_seats = seats(drawn(TONOJA))
    assert drawn_seats[1].get("class") == "seat turn" and classed(drawn_seats[1], "turn-mark")
    assert drawn_seats[2].get("class") == "seat leader commander"
    assert classed(drawn_seats[2], "leader-mark")
    assert [text(t) for t in classed(drawn_seats[2], "commander-mark")] == ["★"]
    assert drawn_seats[3].get("class") == "seat"
    assert drawn_seats[2].get("data-won") == "4" and drawn_seats[2].get("data-score") == "4"
    over = drawn({**TONOJA, "turn": None})
    assert not classed(over, "turn") and not classed(over, "turn-mark")


def test_the_trick_in_play_lies_in_front_of_the_seats_that_played_it() -> None:
    root = drawn(FOUR)
    (trick,) = classed(root, "trick")
    cards = [g for g in trick.iter(f"{NS}g") if g.get("data-card")]
    assert [(g.get("data-card"), g.get("class"), g.get("data-played-by")) for g in cards] == [
        ("pink-3", "card suit-pink lead", "3"), ("pink-7", "card suit-pink", "4")]
    assert [text(g) for g in cards] == ["3", "7"]  # the values, the suit's squares drawn as shapes
    assert [len(classed(g, "square")) for g in cards] == [2, 2]
    spots = {seat: centre(group) for seat, group in seats(root).items()}
    for card in cards:
        x, y = centre(card)
        nearest = min(spots, key=lambda seat: (spots[seat][0] - x) ** 2 + (spots[seat][1] - y) ** 2)
        assert str(nearest) == card.get("data-played-by")
    assert "card suit-sub" in table_svg({**FOUR, "trick": [{"seat": 1, "card": "sub-4"}]})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_cards_of_a_full_trick_never_overlap(players: int) -> None:
    trick = [{"seat": seat, "card": f"yellow-{seat}"} for seat in range(1, players + 1)]
    root = drawn({"game": "crew", "players": players, "trick": trick})
    boxes = []
    for rect in classed(root, "trick")[0].iter(f"{NS}rect"):
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        boxes.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
    assert len(boxes) == players
    for k, a in enumerate(boxes):
        for b in boxes[k + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_each_seat_lists_its_tasks_by_status_and_the_tasks_not_taken_lie_above() -> None:
    state = copy.deepcopy(TONOJA)
    state["tasks"]["tricks:most"] = {"seat": 1, "status": "FAILED"}
    state["tasks"]["captain:same"] = {"seat": None, "status": "PENDING"}
    root = drawn(state)
    drawn_seats = seats(root)
    task = classed(drawn_seats[2], "task")
    assert [(t.get("class"), t.get("data-task")) for t in task] == [("task done", "win:green-5+blue-8")]
    assert text(task[0]) == "✓ win:▼5+●8"  # wrapped after the "+" in two lines
    assert [w.get("class") for w in classed(task[0], "word")] == ["word suit-green", "word suit-blue"]
    assert len(task[0].findall(f"{NS}tspan")) == 2
    assert [t.get("class") for t in classed(drawn_seats[3], "task")] == ["task pending"]
    assert [text(t) for t in classed(drawn_seats[1], "task")] == ["✗ tricks:most"]
    (open_tasks,) = classed(root, "open")
    assert [t.get("data-task") for t in classed(open_tasks, "task")] == ["captain:same"]
    assert top(open_tasks) < min(top(group) for group in drawn_seats.values())


def test_a_task_said_in_words_is_drawn_in_both_languages_wrapped_at_spaces() -> None:
    """The game's words of a task (``words``) are drawn instead of its slug, once a language; the
    page's style shows its own (``svg .en``, ``.fr``); words that are not two strings: the slug."""
    state = copy.deepcopy(FOUR)
    state["tasks"] = {
        "win:pink-5+yellow-6": {"seat": 2, "status": "DONE", "words": {
            "en": "win the pink 5 and the yellow 6", "fr": "remporter le 5 rose et le 6 jaune"}},
        "trick:last": {"seat": None, "status": "PENDING", "words": {
            "en": "win the last trick", "fr": "remporter le dernier pli"}},
        "no-win:9": {"seat": 3, "status": "PENDING", "words": {"en": "win no 9s", "fr": 9}},
    }
    root = drawn(state)
    en, fr = classed(seats(root)[2], "task")
    assert (en.get("class"), en.get("lang"), fr.get("class"), fr.get("lang")) == (
        "task done en", "en", "task done fr", "fr")
    assert en.get("data-task") == fr.get("data-task") == "win:pink-5+yellow-6"
    assert [text(span) for span in en] == ["✓ win the pink 5 and the", "yellow 6"]
    assert [text(span) for span in fr] == ["✓ remporter le 5 rose et", "le 6 jaune"]
    (open_tasks,) = classed(root, "open")
    assert [(t.get("lang"), text(t)) for t in classed(open_tasks, "task")] == [
        ("en", "○ win the last trick"), ("fr", "○ remporter le dernier pli")]
    assert [text(t) for t in classed(seats(root)[3], "task")] == ["○ no-win:9"]  # no French: the slug
    evil = table_svg({**FOUR, "tasks": {"a": {"seat": 1, "words": {"en": "<b>&", "fr": "x\x00"}}}})
    assert "<b>&" not in evil and "\x00" not in evil
    ET.fromstring(evil)


def test_the_sonar_card_lies_by_its_seat_with_its_position() -> None:
    root = drawn(FOUR)
    (sonar,) = classed(root, "sonar")
    assert sonar in list(seats(root)[4].iter())
    assert sonar.get("class") == "sonar" and sonar.get("data-position") == "bottom"
    card = sonar.find(f"{NS}g")
    assert card is not None and card.get("data-card") == "pink-5"
    assert card.get("class") == "card suit-pink small"
    assert text(sonar) == "5"
    # The token lies beside the card where it lies on it: at its bottom.
    (token,) = classed(sonar, "token")
    rect = card.find(f"{NS}rect")
    assert rect is not None
    assert float(token.get("cy", 0)) > float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2
    state = {**FOUR, "sonar": {"2": {"card": "green-5", "position": None, "played": True}}}
    (sonar,) = classed(drawn(state), "sonar")
    assert sonar.get("class") == "sonar played" and text(sonar) == "5?" and not classed(sonar, "token")


def test_the_tonoja_row_lies_above_the_table_under_its_columns() -> None:
    root = drawn(TONOJA)
    (row,) = classed(root, "tonoja")
    cards = [g for g in row.iter(f"{NS}g") if g.get("data-card")]
    assert [(g.get("data-column"), g.get("data-card")) for g in cards] == [
        ("r2", "sub-3"), ("r5", "yellow-8"), ("r6", "green-4"), ("r7", "yellow-9")]
    assert [g.get("class") for g in cards][:2] == ["card suit-sub small", "card suit-yellow small"]
    assert [text(t) for t in classed(row, "name")] == ["r2", "r5", "r6", "r7"]
    xs = [centre(g)[0] for g in cards]
    assert xs == sorted(xs)
    assert top(row) < min(top(group) for group in seats(root).values())
    assert not classed(drawn(FOUR), "tonoja")  # tonoja_row None: no row


def test_the_last_finished_trick_or_every_one() -> None:
    root = drawn(TONOJA)
    (last,) = classed(root, "past")
    assert last.get("data-trick") == "6" and last.get("data-winner") == "2"
    cards = [g for g in last.iter(f"{NS}g") if g.get("data-card")]
    assert [(g.get("data-card"), g.get("class")) for g in cards] == [
        ("green-9", "card suit-green small winner"), ("green-3", "card suit-green small"),
        ("pink-7", "card suit-pink small")]
    assert [text(t) for t in classed(last, "winner-seat")] == ["→ 2"]
    assert top(last) > max(centre(group)[1] for group in seats(root).values())  # below the table
    every = classed(drawn({**TONOJA, "options": {"history": "all"}}), "past")
    assert [g.get("data-trick") for g in every] == ["1", "2", "3", "4", "5", "6"]
    assert [top(g) for g in every] == sorted(top(g) for g in every)
    assert not classed(drawn({**TONOJA, "tricks": []}), "past")


def test_each_breach_is_a_red_line_on_top() -> None:
    breaches = [{"rule": "CR11", "seq": 57, "proved_at": 63, "disputed": False},
                {"rule": "CR7", "seq": 0, "proved_at": 70, "disputed": True}]
    root = drawn({**TONOJA, "breaches": breaches})
    lines = classed(root, "breach")
    assert [(t.get("class"), text(t)) for t in lines] == [("breach", "CR11 @ 57"),
                                                          ("breach disputed", "CR7 @ 70 ?")]
    assert top(lines[0]) < top(lines[1]) < top(classed(root, "tonoja")[0])


def test_a_state_with_only_some_fields_still_draws() -> None:
    assert list(seats(drawn({"game": "crew", "players": 4}))) == [1, 2, 3, 4]
    assert list(seats(drawn({"game": "crew", "seats": [{"seat": 1}, {"seat": 2}, {"seat": 3}]}))) == [1, 2, 3]
    bare = drawn({"game": "crew"})
    assert seats(bare) == {} and classed(bare, "felt")
    plain = {key: TONOJA[key] for key in ("game", "players", "turn", "leader", "trick", "seats")}
    root = drawn(plain)  # a trick game of the family only (Rixes): no tasks, no commander
    assert len(classed(root, "card")) == 2 and not classed(root, "commander") and not classed(root, "past")


GARBAGE: list[Any] = [None, True, 0, -1, 7, 10**30, 1.5, float("nan"), "", "x", "3", "99999999999", "²",
                      [], [None], [1, "a", {}], {}, {"1": None}, {"x": [1]}, {None: {"seat": "x"}}]


@pytest.mark.parametrize("key", [*TONOJA, "sonar"])
def test_garbage_in_any_field_never_raises(key: str) -> None:
    for junk in GARBAGE:
        for state in (TONOJA, FOUR):
            ET.fromstring(table_svg({**state, key: junk}))


def test_garbage_inside_the_fields_never_raises() -> None:
    for junk in GARBAGE:
        state = {
            **FOUR, "options": {"history": junk},
            "trick": [junk, {"seat": junk, "card": "pink-1"}, {"seat": 1, "card": junk}],
            "seats": [junk, {"seat": junk, "won": junk, "score": junk}],
            "tricks": [junk, {"cards": junk, "winner": junk},
                       {"cards": {"1": junk, "x": "a-1"}, "winner": 1}],
            "tasks": {"a": junk, "b": {"seat": junk, "status": junk}},
            "sonar": {"1": junk, "2": {"card": junk, "position": junk, "played": junk}, "3": {"card": "a-1"}},
            "tonoja_row": {"r1": junk, "r2": "a-1"},
            "breaches": [junk, {"rule": junk, "seq": junk, "proved_at": junk, "disputed": junk}],
        }
        ET.fromstring(table_svg(state))
        ET.fromstring(table_svg({**FOUR, "tasks": {"a": {"seat": 1, "status": "DONE"}, 5: junk}}))


def test_trick_names_are_escaped() -> None:
    evil = "<b>&\"'\x00"
    state = {
        **FOUR, "game": "crew", "trick": [{"seat": 1, "card": evil}],
        "tasks": {evil: {"seat": 2, "status": "DONE"}, f"x{evil}": {"seat": None, "status": "PENDING"}},
        "sonar": {"4": {"card": evil, "position": evil, "played": False}},
        "tonoja_row": {evil: evil}, "breaches": [{"rule": evil, "seq": 3}],
        "tricks": [{"cards": {"1": evil}, "winner": 1}],
    }
    svg = table_svg(state)
    root = ET.fromstring(svg)
    assert "<b>" not in svg and "\x00" not in svg
    assert [g.get("data-card") for g in classed(root, "trick")[0].iter(f"{NS}g")][1:] == ["<b>&\"'?"]
    assert "CR" not in svg and "<b>&\"'? @ 3" in [text(t) for t in classed(root, "breach")]


def test_the_pictures_of_the_real_states_fit_a_phone() -> None:
    for state in (TONOJA, FOUR, {**TONOJA, "options": {"history": "all"}}):
        _, _, width, height = (float(v) for v in drawn(state).get("viewBox", "").split())
        assert 300 <= width <= 440 and height < 600


def test_a_trick_table_says_its_logbook_line() -> None:
    svg = table_svg({"game": "crew", "players": 4, "distress": True,
                     "logbook": {"mission": 12, "attempt": 3, "distress": False}})
    assert 'class="logbook"' in svg and "mission 12 · attempt 3 · distress" in svg
    assert 'class="logbook"' not in table_svg({"game": "crew", "players": 4})
