"""Event diffing: changes of the table's facts, read with what the engine knows, become events or prompts."""

from __future__ import annotations

from companion.engine.events import Play, TakeBack, Undo
from companion.games.ascension.events import Campfire
from companion.games.ascension.rules import Ascension
from companion.games.tranquility.events import Compass, Drawn, Reef
from companion.games.tranquility.rules import Tranquility
from vision.watch.changes import Interpreter, TableView, copies_allowed
from vision.watch.stable import Change, Prompt


def test_a_card_on_an_empty_cell_is_a_play_from_the_camera() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    out = interpreter.interpret([Change("b1", None, "20", 3.0, 0.97)], {"a1": "12", "b1": "20"})
    assert out == [Play("20", "b1", source="camera", t=3.0, confidence=0.97)]
    assert out[0].to_json() == {"type": "play", "card": "20", "at": "b1", "source": "camera", "t": 3.0,
                                "confidence": 0.97}


def test_a_card_the_engine_has_there_already_is_no_event() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    assert interpreter.interpret([Change("a1", None, "12", 1.0, 0.9)], {"a1": "12"}) == []
    # Nor is the second sight of a card just reported, before the engine's answer came back.
    interpreter.interpret([Change("b1", None, "20", 2.0, 0.9)], {"a1": "12", "b1": "20"})
    assert interpreter.interpret([Change("b1", None, "20", 3.0, 0.9)], {"a1": "12", "b1": "20"}) == []


def test_a_flagged_card_picked_up_is_a_take_back() -> None:
    game = Tranquility.from_position(3, cells={"a1": 12}, hands=[5, 5, 5])
    game.play(Play("5", "b1"))  # refused (T2): flagged, it lies on the table
    view = TableView.of(game)
    assert view.cards == {"a1": "12", "b1": "5"} and view.flagged == frozenset({"b1"})
    interpreter = Interpreter("tranquility", view)
    out = interpreter.interpret([Change("b1", "5", None, 4.0, 1.0)], {"a1": "12", "b1": None})
    assert out == [TakeBack("b1", source="camera", t=4.0, confidence=1.0)]
    assert isinstance(out[0], TakeBack) and game.play(out[0]).legal


def test_an_accepted_card_taken_away_waits_for_an_undo_then_asks() -> None:
    game = Tranquility(3)
    game.play(Play("start", "start"))
    interpreter = Interpreter("tranquility", TableView.of(game), grace=4.0)
    assert interpreter.interpret([Change("start", "start", None, 10.0, 1.0)], {"start": None}) == []
    assert interpreter.tick(12.0) == []
    assert interpreter.tick(14.0) == [Prompt("removed", ("start",), 14.0, ("start",))]
    assert interpreter.tick(20.0) == []
    # With the undo told by the page in time, nothing is asked.
    interpreter = Interpreter("tranquility", TableView.of(game), grace=4.0)
    interpreter.interpret([Change("start", "start", None, 10.0, 1.0)], {"start": None})
    game.play(Undo())
    interpreter.sync(TableView.of(game))
    assert interpreter.tick(30.0) == []


def test_the_same_card_in_two_places_is_a_question_not_a_play() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    out = interpreter.interpret([Change("c4", None, "12", 5.0, 0.99)], {"a1": "12", "c4": "12"})
    assert out == [Prompt("twice", ("c4", "a1"), 5.0, ("12",))]
    assert isinstance(out[0], Prompt) and out[0].text.fr.startswith("12 est vue à deux endroits")
    # L'Ascension has two Versants of each value and terrain, and up to five Ponts.
    assert copies_allowed("ascension", "7g") == 2 and copies_allowed("tranquility", "7") == 1
    assert copies_allowed("ascension", "bridge") == 5 and copies_allowed("crew", "7g") == 1
    interpreter = Interpreter("ascension", TableView({"a1": "7g"}, frozenset()))
    assert interpreter.interpret([Change("b1", None, "7g", 5.0, 0.99)], {"a1": "7g", "b1": "7g"}) == [
        Play("7g", "b1", source="camera", t=5.0, confidence=0.99)]


def test_a_card_read_as_another_is_a_question() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    out = interpreter.interpret([Change("a1", "12", "17", 5.0, 0.99)], {"a1": "17"})
    assert out == [Prompt("changed", ("a1",), 5.0, ("12", "17"))]
    # Read right again: what the engine has there, nothing to say.
    assert interpreter.interpret([Change("a1", "17", "12", 6.0, 0.99)], {"a1": "12"}) == []


def test_an_accepted_card_moved_is_a_question() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    assert interpreter.interpret([Change("a1", "12", None, 5.0, 1.0)], {"a1": None}) == []
    out = interpreter.interpret([Change("b3", None, "12", 6.0, 0.98)], {"a1": None, "b3": "12"})
    assert out == [Prompt("moved", ("a1", "b3"), 6.0, ("12",))]
    assert interpreter.tick(20.0) == []


def test_ascension_a_versant_over_a_pont_is_a_play() -> None:
    interpreter = Interpreter("ascension", TableView({"a1": "3g", "b1": "bridge"}, frozenset()))
    out = interpreter.interpret([Change("b1", "bridge", "4s", 7.0, 0.95)], {"a1": "3g", "b1": "4s"})
    assert out == [Play("4s", "b1", source="camera", t=7.0, confidence=0.95)]


def test_ascension_a_campfire_in_either_order() -> None:
    view = TableView({"a1": "3g", "b1": "5s", "a2": "4r"}, frozenset())
    facts = {"a1": "3g", "b1": "5s", "a2": "4r", "b2": None}
    # Replaced in place, then the Versant laid higher.
    interpreter = Interpreter("ascension", view)
    fire = {**facts, "a1": "campfire-g"}
    assert interpreter.interpret([Change("a1", "3g", "campfire-g", 3.0, 0.9)], fire) == []
    out = interpreter.interpret([Change("b2", None, "3g", 4.0, 0.99)], {**fire, "b2": "3g"})
    assert out == [Campfire("campfire-g", "a1", "b2", source="camera", t=4.0, confidence=0.9)]
    # Taken away, laid higher, then the Feu de camp in its place.
    interpreter = Interpreter("ascension", view)
    assert interpreter.interpret([Change("a1", "3g", None, 3.0, 1.0)], {**facts, "a1": None}) == []
    moved = {**facts, "a1": None, "b2": "3g"}
    assert interpreter.interpret([Change("b2", None, "3g", 4.0, 0.99)], moved) == []
    out = interpreter.interpret([Change("a1", None, "campfire-g", 5.0, 0.97)],
                                {**facts, "a1": "campfire-g", "b2": "3g"})
    assert out == [Campfire("campfire-g", "a1", "b2", source="camera", t=5.0, confidence=0.97)]


def test_table_view_of_ascension_names_the_summit() -> None:
    game = Ascension.from_position(3, cards={"a1": "3g", "b1": "bridge"})
    view = TableView.of(game)
    assert view.cards == {"a1": "3g", "b1": "bridge"} and not view.flagged
    assert TableView.empty().cards == {}


def test_a_card_lifted_and_put_back_asks_nothing() -> None:
    interpreter = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()), grace=4.0)
    assert interpreter.interpret([Change("a1", "12", None, 5.0, 1.0)], {"a1": None}) == []
    assert interpreter.interpret([Change("a1", None, "12", 6.0, 0.98)], {"a1": "12"}) == []
    assert interpreter.tick(20.0) == []


def test_ascension_a_card_laid_over_a_versant_is_a_play_the_engine_flags_and_its_lift_a_take_back() -> None:
    game = Ascension.from_position(3, cards={"a1": "3g", "b1": "5s"}, hands=[6, 6, 6])
    interpreter = Interpreter("ascension", TableView.of(game))
    out = interpreter.interpret([Change("b1", "5s", "7r", 8.0, 0.96)], {"a1": "3g", "b1": "7r"})
    assert out == [Play("7r", "b1", source="camera", t=8.0, confidence=0.96)]
    assert isinstance(out[0], Play)
    ruling = game.play(out[0])
    assert not ruling.legal and ruling.rule == "C3"
    view = TableView.of(game)
    assert view.cards["b1"] == "7r" and view.flagged == frozenset({"b1"}) and view.beneath == {"b1": "5s"}
    interpreter.sync(view)
    out = interpreter.interpret([Change("b1", "7r", "5s", 11.0, 0.97)], {"a1": "3g", "b1": "5s"})
    assert out == [TakeBack("b1", source="camera", t=11.0, confidence=0.97)]
    assert isinstance(out[0], TakeBack) and game.play(out[0]).legal
    assert TableView.of(game).cards == {"a1": "3g", "b1": "5s"}
    # In Tranquillité no move lays a card on another: a reading changing under an accepted card asks.
    tranquility = Interpreter("tranquility", TableView({"a1": "12"}, frozenset()))
    assert tranquility.interpret([Change("a1", "12", "17", 5.0, 0.99)], {"a1": "17"})[0] == \
        Prompt("changed", ("a1",), 5.0, ("12", "17"))


def test_ascension_a_flagged_versant_lifted_off_a_pont_is_a_take_back() -> None:
    game = Ascension.from_position(3, cards={"a1": "3g", "b1": "bridge", "c1": "5s"}, hands=[6, 6, 6])
    interpreter = Interpreter("ascension", TableView.of(game))
    row = {"a1": "3g", "b1": "bridge", "c1": "5s"}
    out = interpreter.interpret([Change("b1", "bridge", "4g", 3.0, 0.95)], {**row, "b1": "4g"})
    assert isinstance(out[0], Play)
    assert game.play(out[0]).rule == "A2"  # a green beside a green: flagged on the Pont
    view = TableView.of(game)
    assert view.beneath == {"b1": "bridge"}
    interpreter.sync(view)
    out = interpreter.interpret([Change("b1", "4g", "bridge", 6.0, 1.0)], row)
    assert out == [TakeBack("b1", source="camera", t=6.0, confidence=1.0)]
    assert isinstance(out[0], TakeBack) and game.play(out[0]).legal


def test_ascension_a_versant_lifted_off_its_pont_for_a_campfire() -> None:
    game = Ascension.from_position(3, cards={"a1": "3g", "b1": "6s", "c1": "5r", "a2": "4r"}, bridged=["b1"],
                                   hands=[6, 6, 6])
    view = TableView.of(game)
    assert view.beneath == {"b1": "bridge"}
    facts = {"a1": "3g", "b1": "6s", "c1": "5r", "a2": "4r", "b2": None}
    interpreter = Interpreter("ascension", view, grace=4.0)
    # The Versant lifted (the Pont shows), the Feu de camp laid on the Pont, the Versant laid higher.
    assert interpreter.interpret([Change("b1", "6s", "bridge", 3.0, 0.99)], {**facts, "b1": "bridge"}) == []
    fire = {**facts, "b1": "campfire-s"}
    assert interpreter.interpret([Change("b1", "bridge", "campfire-s", 4.0, 0.93)], fire) == []
    out = interpreter.interpret([Change("b2", None, "6s", 5.0, 0.98)], {**fire, "b2": "6s"})
    assert out == [Campfire("campfire-s", "b1", "b2", source="camera", t=5.0, confidence=0.93)]
    assert interpreter.tick(30.0) == []
    # Lifted and put back: nothing happened, nothing is asked.
    interpreter = Interpreter("ascension", view, grace=4.0)
    assert interpreter.interpret([Change("b1", "6s", "bridge", 3.0, 0.99)], {**facts, "b1": "bridge"}) == []
    assert interpreter.interpret([Change("b1", "bridge", "6s", 4.0, 0.99)], facts) == []
    assert interpreter.tick(30.0) == []
    # Lifted and never explained: asked about after the grace.
    interpreter = Interpreter("ascension", view, grace=4.0)
    interpreter.interpret([Change("b1", "6s", "bridge", 3.0, 0.99)], {**facts, "b1": "bridge"})
    assert interpreter.tick(8.0) == [Prompt("removed", ("b1",), 8.0, ("6s",))]


def test_ascension_a_versant_moved_by_a_campfire_onto_a_pont() -> None:
    view = TableView({"a1": "3g", "b1": "11g", "c1": "5s", "d1": "6r", "e1": "8s", "a2": "bridge"},
                     frozenset())
    facts: dict[str, str | None] = {**view.cards, "b2": None}
    interpreter = Interpreter("ascension", view)
    assert interpreter.interpret([Change("b1", "11g", None, 80.4, 1.0)], {**facts, "b1": None}) == []
    fire = {**facts, "b1": "campfire-g"}
    assert interpreter.interpret([Change("b1", None, "campfire-g", 81.3, 0.97)], fire) == []
    out = interpreter.interpret([Change("a2", "bridge", "11g", 82.3, 0.99)], {**fire, "a2": "11g"})
    assert out == [Campfire("campfire-g", "b1", "a2", source="camera", t=82.3, confidence=0.97)]


def test_a_start_card_read_at_the_finish_is_a_question_a_second_border_card_is_not() -> None:
    # The box holds five start cards, but a grid one: the finish card read as the start (alike
    # but for their pictures) is asked about (held-out film 7,000,012), not laid.
    interpreter = Interpreter("tranquility", TableView({"start": "start"}, frozenset()))
    out = interpreter.interpret([Change("finish", None, "start", 5.0, 0.99)],
                                {"start": "start", "finish": "start"})
    assert out == [Prompt("twice", ("finish", "start"), 5.0, ("start",))]
    assert copies_allowed("tranquility", "border") == 25 and copies_allowed("tranquility", "back") == 1


def test_a_card_whose_half_counts_is_played_with_it_and_turned_in_place() -> None:
    # Jour et nuit: the hands lay day up; the camera names an oriented card with its half.
    game = Tranquility(3, {"variant": "day_night"})
    view = TableView.of(game)
    assert "27" in view.oriented and "start" not in view.oriented
    interpreter = Interpreter("tranquility", view)
    out = interpreter.interpret([Change("b1", None, "27~day", 3.0, 0.97)], {"b1": "27~day"})
    assert out == [Play("27", "b1", up="day", source="camera", t=3.0, confidence=0.97)]
    assert isinstance(out[0], Play) and game.play(out[0]).legal
    view = TableView.of(game)
    assert view.cards["b1"] == "27~day"
    interpreter.sync(view)
    turned = interpreter.interpret([Change("b1", "27~day", "27~night", 5.0, 0.9)], {"b1": "27~night"})
    assert [event.to_json() for event in turned] == [
        {"type": "rotate", "at": "b1", "source": "camera", "t": 5.0, "confidence": 0.9}]
    assert not isinstance(turned[0], Prompt) and game.play(turned[0]).legal
    assert TableView.of(game).cards["b1"] == "27~night"


def test_a_card_read_another_way_is_no_turn_where_the_half_does_not_count() -> None:
    interpreter = Interpreter("tranquility", TableView({"b1": "27~day"}, frozenset()))
    assert interpreter.interpret([Change("b1", "27~day", "28~night", 5.0, 0.9)], {"b1": "28~night"})[0] \
        == Prompt("changed", ("b1",), 5.0, ("27~day", "28~night"))
    base = Interpreter("tranquility", TableView.of(Tranquility(3)))
    assert TableView.of(Tranquility(3)).oriented == frozenset()
    assert base.interpret([Change("b1", None, "27", 1.0, 0.9)], {"b1": "27"})[0].to_json()["card"] == "27"


def test_a_sea_monster_laid_on_an_accepted_card_is_a_play_and_both_leaving_is_nothing() -> None:
    game = Tranquility.from_position(3, cells={"a1": 12}, hands=[5, 5, 5], options={"monsters": 3})
    interpreter = Interpreter("tranquility", TableView.of(game))
    out = interpreter.interpret([Change("a1", "12", "monster", 3.0, 0.95)], {"a1": "monster"})
    assert out == [Play("monster", "a1", source="camera", t=3.0, confidence=0.95)]
    assert isinstance(out[0], Play) and game.play(out[0]).legal
    interpreter.sync(TableView.of(game))
    assert interpreter.interpret([Change("a1", "monster", None, 5.0, 1.0)], {"a1": None}) == []
    assert interpreter.tick(20.0) == []


def test_the_reef_and_purple_storms_beside_the_grid_are_their_events() -> None:
    game = Tranquility(3, options={"reef": True, "reef_row": 3, "storms": True})
    view = TableView.of(game)
    assert view.cards == {"reef3": "reef"}
    sides = frozenset({"reef2", "reef3", "storm4"})
    interpreter = Interpreter("tranquility", view, sides=sides)
    facts = {"reef3": "border", "reef2": "reef"}
    # Lifted off row 3's border (its border card read there again: no card), laid on row 2's.
    assert interpreter.interpret([Change("reef3", "reef", "border", 5.0, 1.0)], facts) == []
    assert interpreter.interpret([Change("reef2", None, "reef", 6.0, 0.99)], facts) == [
        Reef(to=2, source="camera", t=6.0, confidence=0.99)]
    # Seen again before the engine's answer came back: told once.
    assert interpreter.interpret([Change("reef2", None, "reef", 6.5, 0.99)], facts) == []
    out = interpreter.interpret([Change("storm4", None, "storm-purple", 9.0, 0.98)], facts)
    assert out == [Drawn(card="storm-purple", row=4, source="camera", t=9.0, confidence=0.98)]
    interpreter.sync(TableView({"reef2": "reef", "storm4": "storm-purple"}, frozenset()))
    assert interpreter.interpret([Change("storm4", "storm-purple", None, 12.0, 1.0)], facts) == [
        Compass(ends="storm-purple", row=4, source="camera", t=12.0, confidence=1.0)]
    # The reef seen where the engine has it is no news.
    assert interpreter.interpret([Change("reef2", None, "reef", 13.0, 1.0)], facts) == []
