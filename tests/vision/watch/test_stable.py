"""Stable readings: a reading becomes a fact only once it has stayed the same for ``settle`` seconds."""

from __future__ import annotations

from collections.abc import Iterable

from vision.watch.stable import BUSY, EMPTY, UNSURE, Change, Prompt, Reading, Stabiliser

FPS = 15.0


def feed(stabiliser: Stabiliser, cell: str, readings: Iterable[Reading], start: float = 0.0
         ) -> list[Change | Prompt]:
    """Feed one cell a reading a frame at 15 frames a second; return everything that came out."""
    out: list[Change | Prompt] = []
    for k, reading in enumerate(readings):
        out += stabiliser.update(start + k / FPS, {cell: reading})
    return out


def card(name: str, confidence: float = 0.99) -> Reading:
    return Reading.card(name, confidence)


def test_a_card_at_rest_becomes_a_fact_after_settle() -> None:
    s = Stabiliser(["c1"], settle=0.2)
    out = feed(s, "c1", [EMPTY] * 5 + [BUSY] * 4 + [card("27", 0.97), card("27"), card("27"), card("27")])
    assert out == [Change("c1", None, "27", 12 / FPS, 0.97)]
    assert s.facts["c1"] == "27" and s.fact("c1") == "27" and s.settled("c1")


def test_too_short_is_no_fact() -> None:
    s = Stabiliser(["c1"], settle=0.2)
    assert feed(s, "c1", [card("27")] * 3) == []  # 0.13 s
    assert s.fact("c1") is None


def test_a_hand_over_the_table_makes_no_event() -> None:
    # A hand passing over a card: busy frames, and the card read again as it was.
    s = Stabiliser(["c1"], settle=0.2, facts={"c1": "27"})
    assert feed(s, "c1", [card("27")] * 4 + [BUSY] * 10 + [card("27")] * 6) == []
    # A hand resting over an empty cell is unsure at worst, never a card.
    s = Stabiliser(["d1"], settle=0.2)
    assert feed(s, "d1", [BUSY] * 3 + [UNSURE] * 10 + [BUSY] * 2 + [EMPTY] * 5) == []


def test_a_card_slid_across_cells_is_only_a_fact_where_it_stops() -> None:
    s = Stabiliser(["a1", "b1", "c1"], settle=0.2)
    out: list[Change | Prompt] = []
    # The card crosses a1 and b1 (each read once or twice between busy frames), then rests on c1.
    path = [("a1", card("30")), ("a1", BUSY), ("b1", card("30")), ("b1", card("30")), ("b1", BUSY)]
    for k, (cell, reading) in enumerate(path):
        out += s.update(k / FPS, {cell: reading})
    out += feed(s, "c1", [card("30")] * 4, start=len(path) / FPS)
    assert out == [Change("c1", None, "30", (len(path) + 3) / FPS, 0.99)]


def test_a_shadow_or_a_nudge_makes_no_event() -> None:
    s = Stabiliser(["c1"], settle=0.2, facts={"c1": "27"})
    shadow = [card("27")] * 3 + [BUSY] * 6 + [card("27", 0.9)] * 5
    nudge = [BUSY] * 3 + [card("27", 0.95)] * 5
    assert feed(s, "c1", shadow + nudge) == []
    assert s.fact("c1") == "27"


def test_a_card_picked_up_is_a_change_to_empty() -> None:
    s = Stabiliser(["c1"], settle=0.2, facts={"c1": "27"})
    out = feed(s, "c1", [BUSY] * 4 + [EMPTY] * 4)
    assert out == [Change("c1", "27", None, 7 / FPS, 1.0)]


def test_a_flickering_reading_asks_instead_of_ruling() -> None:
    s = Stabiliser(["c1"], settle=0.2, ask_after=2.0)
    flicker = [card("27"), card("21"), card("27"), card("21"), card("27")]
    out = feed(s, "c1", flicker)
    assert out == [Prompt("flicker", ("c1",), 3 / FPS, ("21", "27"))]
    assert s.fact("c1") is None
    # While it keeps flickering nothing becomes a fact, even a reading held a little.
    assert feed(s, "c1", [card("21")] * 3, start=5 / FPS) == []
    assert s.fact("c1") is None
    # Once it has calmed down for ask_after, the steady reading counts again.
    out = feed(s, "c1", [card("21")] * 40, start=8 / FPS)
    assert [c for c in out if isinstance(c, Change)] == [Change("c1", None, "21", out[0].t, 0.99)]


def test_an_unsure_card_asks_after_a_while() -> None:
    s = Stabiliser(["c1"], settle=0.2, ask_after=1.0)
    out = feed(s, "c1", [UNSURE] * 20)
    assert out == [Prompt("unsure", ("c1",), 15 / FPS)]
    assert feed(s, "c1", [UNSURE] * 10, start=20 / FPS) == []  # asked once


def test_set_fact_and_facts() -> None:
    s = Stabiliser(["a1", "b1"])
    s.set_fact("a1", "12")
    assert s.facts == {"a1": "12", "b1": None}
    assert not s.settled("a1")


def test_prompt_text_and_json() -> None:
    prompt = Prompt("twice", ("b1", "c3"), 2.5, ("27",))
    assert prompt.text.en == "27 is seen in two places (b1, c3): where is it?"
    assert "27" in prompt.text.fr and "b1, c3" in prompt.text.fr
    line = prompt.to_json()
    assert line["prompt"] == "twice" and line["cells"] == ["b1", "c3"] and line["t"] == 2.5


def test_a_reading_may_ask_for_a_longer_settle() -> None:
    # A card read without a clean outline must stay longer before it is a fact.
    s = Stabiliser(["c1"], settle=0.2)
    slow = Reading.card("27", 0.99, settle=1.0)
    assert feed(s, "c1", [slow] * 10) == []
    out = feed(s, "c1", [slow] * 10, start=10 / FPS)
    assert out == [Change("c1", None, "27", 15 / FPS, 0.99)]


def test_a_question_names_a_cards_half_up_in_the_players_words() -> None:
    prompt = Prompt("changed", ("a6",), 1.0, ("68~night", "68~day"))
    assert "68 night side up, 68 day side up" in prompt.text.en
    assert "68 côté nuit en haut, 68 côté jour en haut" in prompt.text.fr
    assert "~" not in prompt.to_json()["message_fr"] and prompt.to_json()["cards"] == ["68~night", "68~day"]
