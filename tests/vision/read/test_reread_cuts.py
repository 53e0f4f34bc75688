"""Reading an unsure card again on cuts about its quad, on a drawn frame: which cuts, what agrees."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.vision.read.reread_helpers import CARD, Seeing, _frame
from vision.find.detect import CROP_SIZE, quad_aspect, rectangular, rectify
from vision.find.params import MIN_ASPECT
from vision.read.classify import FakeClassifier, Readings
from vision.read.params import AGREE, CHECK, DISSENT, MEDIAN, OUTVOTE, SURE, TURNS
from vision.read.reread import (
    agreeing,
    consensus,
    looked_at,
    parallelograms,
    read_again,
    told,
    turned,
    turned_cuts,
)

#: A quad as the refiner may leave a card in glare: its third corner off along the card's side.
OFF = CARD + np.array([[0, 0], [0, 0], [14, 10], [0, 0]], np.float32)


def _unsure(n: int = 1, flipped: bool = False) -> Readings:
    return Readings((None,) * n, np.full(n, 0.6, np.float32), np.full(n, flipped, np.bool_))


def _look(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """A refiner's look that places every quad on the card."""
    return np.repeat(CARD[None], len(quads), axis=0)


def test_parallelograms_put_each_corner_where_the_three_others_say() -> None:
    shapes = parallelograms(OFF)
    assert shapes.shape == (4, 4, 2)
    assert np.allclose(shapes[2], CARD)  # the corner that was off, put back
    for i in (0, 1, 3):  # the others each lean the way the off corner pulls them
        assert not np.allclose(shapes[i], CARD)
        assert np.allclose(np.delete(shapes[i], i, axis=0), np.delete(OFF, i, axis=0))


def test_the_refiner_looks_at_each_quad_its_parallelograms_and_its_places_told_in_that_order() -> None:
    asked: list[np.ndarray] = []

    def look(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
        asked.append(quads)
        return quads + 1

    place = CARD + np.float32(72)
    cuts = looked_at(_frame(), np.stack([OFF, CARD]), [[place], []], look)
    assert [len(card) for card in cuts] == [6, 5]
    assert len(asked) == 1 and asked[0].shape == (11, 4, 2)  # one look for every card
    assert np.allclose(asked[0][0], OFF) and np.allclose(asked[0][1:5], parallelograms(OFF))
    assert np.allclose(asked[0][5], place) and np.allclose(asked[0][6], CARD)
    assert np.allclose(cuts[0], np.concatenate([OFF[None], parallelograms(OFF), place[None]]) + 1)
    assert np.allclose(cuts[1][0], CARD + 1)
    assert looked_at(_frame(), OFF, [[]], None) == [[]]


def test_two_sure_cuts_agreeing_and_outvoting_any_other_name_name_the_card() -> None:
    def named(names: list[str | None], confidences: list[float], agree: int = AGREE,
              outvote: float = OUTVOTE) -> list[bool] | None:
        chosen = agreeing(names, confidences, SURE, agree, outvote)
        return None if chosen is None else chosen.tolist()

    assert named(["6", "6"], [SURE, 0.99]) == [True, True]
    assert named([None, "6", "9", "6"], [0.2, 0.98, 0.5, 0.99]) == [False, True, False, True]  # the 9 unsure
    assert named(["6", "9", "6"], [0.99, SURE, 0.99]) is None  # a sure 9 against two 6s
    assert named(["6", "6"], [0.99, SURE - 0.001]) is None  # one sure cut alone
    assert named(["6", "6", "6"], [0.99, 0.99, 0.99], agree=4) is None
    assert AGREE == 2 and OUTVOTE == 3
    # Outvoted: three times as many sure readings of the 6 as of any other name.
    three_to_one: list[str | None] = ["6", "9", "6", "6", "9"]
    assert named(three_to_one, [0.99, 0.99, 0.99, 0.99, 0.5]) == [True, False, True, True, False]
    assert named(three_to_one, [0.99, 0.99, 0.99, 0.99, 0.99]) is None  # three to two
    assert named(three_to_one, [0.99, 0.99, 0.99, 0.99, 0.5], outvote=math.inf) is None  # any dissent
    # Each other name on its own: a sure 9 and a sure 7 do not add up.
    one_each: list[str | None] = ["6", "9", "6", "6", "7"]
    assert named(one_each, [0.99] * 5) == [True, False, True, True, False]


def test_an_unsure_card_is_named_by_its_cuts_at_their_lowest_confidence_turned_as_most_say() -> None:
    # The four parallelograms, the quad and the parallelograms turned half a turn (unsure), then
    # the five looks (and those turned, unsure): seven read the 6, two unsure.
    answers = [("6", 0.99, True), ("6", 0.98, True), (None, 0.3, False), ("6", 0.995, False),
               *[(None, 0.5, False)] * 5,
               ("6", 1.0, True), ("6", 0.99, True), (None, 0.5, False), ("6", 0.97, True), ("6", 0.99, True)]
    fake = FakeClassifier("rixes", answers)
    read = read_again(_frame(), OFF[None], _unsure(), fake, _look)
    assert fake.calls == [9, 10]
    assert read.names == ("6",)
    assert read.confidences[0] == pytest.approx(0.97)
    assert read.flipped.tolist() == [True]


def test_the_quad_and_its_cuts_are_read_turned_half_a_turn_too() -> None:
    # Only the turned crops read the card surely, each as turned: the card itself is not.
    answers = [(None, 0.5, False)] * 4 + [("6", 0.99, True)] * 2 + [(None, 0.5, False)] * 13
    seeing = Seeing("rixes", answers)
    read = read_again(_frame(), OFF[None], _unsure(), seeing, _look)
    crops = seeing.crops
    assert read.names == ("6",) and read.flipped.tolist() == [False]
    # The four parallelograms, the quad turned, they turned; then the five looks, they turned.
    assert np.array_equal(crops[4], rectify(_frame(), OFF, CROP_SIZE)[::-1, ::-1])
    assert all(np.array_equal(crops[5 + i], crops[i][::-1, ::-1]) for i in range(4))
    assert all(np.array_equal(crops[14 + i], crops[9 + i][::-1, ::-1]) for i in range(5))


def test_cuts_disagreeing_or_unsure_leave_the_card_unsure() -> None:
    dissent = [("6", 0.99, False), ("9", 0.99, False), ("6", 0.99, False)] + [(None, 0.5, False)] * 6
    unsure = _unsure()
    assert read_again(_frame(), OFF[None], unsure, FakeClassifier("rixes", dissent), _look) is unsure
    # Outvoted three to one, the 9 no longer keeps the card unsure.
    outvoted = dissent[:3] + [("6", 0.99, False)] + [(None, 0.5, False)] * 5
    assert read_again(_frame(), OFF[None], unsure, FakeClassifier("rixes", outvoted), _look).names == ("6",)
    lone = [("6", 0.99, False)] + [(None, 0.5, False)] * 8
    assert read_again(_frame(), OFF[None], unsure, FakeClassifier("rixes", lone), _look) is unsure
    # Sure for the fake, not for a classifier whose own threshold is higher.
    high = FakeClassifier("rixes", [("6", 0.98, False)] * 9, threshold=0.985)
    assert read_again(_frame(), OFF[None], unsure, high, _look) is unsure


def test_only_doubtful_cards_on_quads_long_enough_for_a_card_are_read_again() -> None:
    squat = np.array([[100, 100], [163, 100], [163, 160], [100, 160]], np.float32)  # the rest under a card
    kite = np.array([[104, 137], [134, 100], [139, 181], [100, 173]], np.float32)  # a Panorama's outline
    read = Readings(("6", None, None), np.array([0.9999, 0.6, 0.6], np.float32), np.zeros(3, np.bool_))
    fake = FakeClassifier("rixes", [("7", 0.99, False)] * 100)
    assert read_again(_frame(), np.stack([CARD, squat, squat]), read, fake, _look) is read
    assert fake.calls == []
    # A kite is read again in a game with no triangular card, on its quad and its cuts of a
    # card's length (here three of its parallelograms and the refiner's five looks).
    long = [quad_aspect(cut) >= MIN_ASPECT for cut in parallelograms(kite)]
    assert long == [True, False, True, True]
    sevens = FakeClassifier("rixes", [("7", 0.99, False)] * 100)
    again = read_again(_frame(), np.stack([CARD, kite, squat]), read, sevens, _look)
    assert again.names == ("6", "7", None) and sevens.calls == [2 * 3 + 1, 2 * 5]
    # In L'Ascension only on its cuts that a card in perspective could have: the one such
    # parallelogram and the five looks, upright and turned; not the kite itself.
    assert not rectangular(kite)
    in_perspective = [rectangular(cut) and ok for cut, ok in zip(parallelograms(kite), long, strict=True)]
    assert in_perspective == [True, False, False, False]
    seeing = Seeing("ascension", [("7s", 0.99, False)] * 100)
    again = read_again(_frame(), np.stack([CARD, kite, squat]), read, seeing, _look)
    assert again.names == ("6", "7s", None) and seeing.calls == [2 * 1, 2 * 5]
    assert np.array_equal(seeing.crops[0], rectify(_frame(), parallelograms(kite)[0], CROP_SIZE))
    assert all(np.array_equal(crop, rectify(_frame(), CARD, CROP_SIZE)) for crop in seeing.crops[2:7])
    # A sliver none of whose cuts has a card's shape, with a look that leaves every quad where it
    # was: nothing to read.
    sliver = np.array([[119, 136], [130, 117], [146, 191], [133, 170]], np.float32)
    cuts = [sliver, *parallelograms(sliver)]
    assert not any(rectangular(cut) for cut in cuts if quad_aspect(cut) >= MIN_ASPECT)
    two = Readings(read.names[:2], read.confidences[:2], read.flipped[:2])
    still = FakeClassifier("ascension", [("7s", 0.99, False)] * 100)
    assert read_again(_frame(), np.stack([CARD, sliver]), two, still, lambda f, q: q) is two
    assert still.calls == []


def test_a_card_on_a_quad_too_square_for_a_card_is_read_again_only_when_asked_for_those() -> None:
    squat = np.array([[100, 100], [163, 100], [163, 166], [100, 166]], np.float32)  # a corner off
    assert quad_aspect(squat) < MIN_ASPECT
    read = Readings(("6", None, None), np.array([0.9999, 0.6, 0.6], np.float32), np.zeros(3, np.bool_))
    quads = np.stack([CARD + np.float32(100), OFF, squat])
    # Not asked for those, only the card on a card's quad is read again.
    again = read_again(_frame(), quads, read, FakeClassifier("rixes", [("7", 0.99, False)] * 300), _look)
    assert again.names == ("6", "7", None)
    # Asked for those, only the card on the squat quad.
    again = read_again(_frame(), quads, read, FakeClassifier("rixes", [("7", 0.99, False)] * 300), _look,
                       squarer=True)
    assert again.names == ("6", None, "7")


def test_a_cut_reading_a_card_the_deck_holds_one_of_found_elsewhere_does_not_count() -> None:
    beside = CARD + np.float32(70)

    def read(game: str, held: str) -> Readings:
        four = FakeClassifier(game, [(held, 0.99, False)] * 200)
        readings = Readings((held, None), np.array([0.9999, 0.6], np.float32), np.zeros(2, np.bool_))
        return read_again(_frame(), np.stack([beside, OFF]), readings, four, _look)

    # The Crew deals one blue 4: cuts of the card reading it read the blue 4 found beside.
    assert read("crew", "blue-4").names == ("blue-4", None)
    # Tranquillité's island 27 is one of a kind too, but its border cards are many alike.
    assert read("tranquility", "27").names == ("27", None)
    assert read("tranquility", "border").names == ("border", "border")
    # Only a card read surely holds its name.
    doubtful = Readings(("blue-4", None), np.array([0.99, 0.6], np.float32), np.zeros(2, np.bool_))
    again = read_again(_frame(), np.stack([beside, OFF]), doubtful,
                       FakeClassifier("crew", [("blue-4", 0.99, False)] * 200), _look)
    assert again.names == ("blue-4", "blue-4")


def test_a_card_read_less_surely_than_check_takes_the_name_its_cuts_agree_on() -> None:
    def read(name: str, confidence: float) -> Readings:
        return Readings((name,), np.array([confidence], np.float32), np.zeros(1, np.bool_))

    # The parallelograms, then the quad and they turned, then the five looks.
    sevens = FakeClassifier("crew", [("green-7", 0.99, False)] * 4 + [(None, 0.5, False)] * 5
                            + [("green-7", 0.99, False)] * 4 + [("green-7", 0.98, True)])
    assert CHECK < 0.9999
    again = read_again(_frame(), OFF[None], read("green-1", CHECK - 0.01), sevens, _look)
    assert again.names == ("green-7",) and again.confidences[0] == pytest.approx(0.98)
    assert again.flipped.tolist() == [False]  # eight of nine say it is not turned
    # Read surely enough: not read again.
    sure = FakeClassifier("crew", [("green-7", 0.99, False)] * 9)
    assert read_again(_frame(), OFF[None], read("green-1", 0.9999), sure, _look).names == ("green-1",)
    assert sure.calls == []
    # Cuts that agree on its own name, or that do not agree, leave its reading as it was.
    ones = read("green-1", 0.93)
    own = FakeClassifier("crew", [("green-1", 0.99, False)] * 9)
    assert read_again(_frame(), OFF[None], ones, own, _look) is ones and own.calls == [9, 10]
    split = [("green-7", 0.99, False), ("green-2", 0.99, False)] + [(None, 0.5, False)] * 7
    assert read_again(_frame(), OFF[None], ones, FakeClassifier("crew", split), _look) is ones
    # The check off: only unsure cards are read again.
    off = FakeClassifier("crew", [("green-7", 0.99, False)] * 9)
    assert read_again(_frame(), OFF[None], ones, off, _look, check=0.0) is ones and off.calls == []


def test_a_card_read_less_surely_than_check_keeps_its_name_where_its_neighbour_tells_it_lies() -> None:
    # A 6 read surely; beside it a 7 read less surely than CHECK, its cuts and the place the 6
    # tells for it all reading the 7: it keeps its reading, and the refiner never looks.
    beside = CARD + np.array([72, 0], np.float32)
    read = Readings(("6", "7"), np.array([0.9999, CHECK - 0.01], np.float32), np.zeros(2, np.bool_))
    looked: list[int] = []

    def look(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
        looked.append(len(quads))
        return quads

    sevens = FakeClassifier("rixes", [("7", 0.99, False)] * 100)
    assert read_again(_frame(), np.stack([CARD, beside]), read, sevens, look) is read
    assert sevens.calls == [2 * (4 + 1) + 1] and looked == []
    # Read surely on its own cuts only, and less surely than SURE at the place told: its cuts are
    # looked at too, one look for the quad, its parallelograms and the place.
    elsewhere = [("7", 0.99, False)] * 9 + [("7", SURE - 0.01, False)] * 2 + [("7", 0.99, False)] * 100
    unconfirmed = FakeClassifier("rixes", elsewhere)
    assert read_again(_frame(), np.stack([CARD, beside]), read, unconfirmed, look) is read
    assert unconfirmed.calls == [2 * (4 + 1) + 1, 2 * 6] and looked == [6]
    # The place told reads another card surely, outvoted by the cuts: that is no confirmation.
    looked.clear()
    other = [("7", 0.99, False)] * 9 + [("8", 0.99, False)] * 2 + [("7", 0.99, False)] * 100
    assert read_again(_frame(), np.stack([CARD, beside]), read, FakeClassifier("rixes", other), look) is read
    assert looked == [6]


def test_a_card_read_as_the_triangular_face_is_not_checked_on_its_cuts() -> None:
    # A parallelogram about a Panorama's triangle cuts a card that is not there.
    summits = FakeClassifier("ascension", [("summit", 0.99, False)] * 9)
    panorama = Readings(("panorama",), np.array([0.99], np.float32), np.zeros(1, np.bool_))
    assert read_again(_frame(), CARD[None], panorama, summits, _look) is panorama and summits.calls == []
    seven = Readings(("7s",), np.array([0.99], np.float32), np.zeros(1, np.bool_))
    assert read_again(_frame(), CARD[None], seven, summits, _look).names == ("summit",)


def test_cuts_of_no_cards_shape_do_not_count() -> None:
    # Every look places the quad on a squat half card: only the four parallelograms are read (and
    # they and the quad turned).
    def squat_look(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
        half = np.array([[100, 100], [163, 100], [163, 162], [100, 162]], np.float32)
        return np.repeat(half[None], len(quads), axis=0)

    fake = FakeClassifier("rixes", [("6", 0.99, False)] * 9)
    assert read_again(_frame(), OFF[None], _unsure(), fake, squat_look).names == ("6",)
    assert fake.calls == [9]


def test_the_triangular_face_is_read_again_like_any_other() -> None:
    fake = FakeClassifier("ascension", [("panorama", 0.99, False)] * 9)
    assert read_again(_frame(), OFF[None], _unsure(), fake, _look).names == ("panorama",)


def test_a_quad_is_turned_each_way_about_its_centre_and_placed_by_the_refiners_looks() -> None:
    quads = turned(OFF[None])
    assert quads.shape == (1, 2 * len(TURNS), 4, 2)
    centre = OFF.mean(axis=0)
    for quad, degrees in zip(quads[0], [*TURNS, *(-d for d in TURNS)], strict=True):
        assert np.allclose(quad.mean(axis=0), centre, atol=1e-3)
        reach = np.linalg.norm(quad - centre, axis=1)
        assert np.allclose(reach, np.linalg.norm(OFF - centre, axis=1), atol=1e-3)
        side, was = quad[1] - quad[0], OFF[1] - OFF[0]  # the top side, turned by the angle
        angle = np.degrees(np.arctan2(side[1], side[0]) - np.arctan2(was[1], was[0]))
        assert abs(angle - degrees) < 1e-3
    looks: list[np.ndarray] = []

    def look(frame: np.ndarray, quads: np.ndarray) -> np.ndarray:
        looks.append(quads)
        return quads + 1

    placed = turned_cuts(_frame(), np.stack([OFF, CARD]), look, degrees=[10.0], looks=2)
    assert placed.shape == (2, 2, 4, 2) and len(looks) == 2
    assert np.allclose(placed, turned(np.stack([OFF, CARD]), [10.0]) + 2)


def test_places_the_cards_read_surely_tell_are_cut_too() -> None:
    # A card read surely at CARD, and an unsure one beside it whose quad is well off: its cuts
    # include the place beside CARD (1.14 of its width along) and the refiner's look there.
    beside_card = CARD + np.array([72, 0], np.float32)
    off = beside_card + np.array([[0, 0], [0, 0], [20, 30], [-10, 30]], np.float32)
    (place,), = told(off[None], CARD[None])
    assert np.allclose(place, CARD + np.array([63 * 1.14, 0], np.float32))
    assert told(off[None], CARD[None], near=0.99) == [[]]
    read = Readings(("6", None), np.array([0.9999, 0.5], np.float32), np.zeros(2, np.bool_))
    seeing = Seeing("rixes", [])
    read_again(_frame(), np.stack([CARD, off]), read, seeing, _look)
    crops = seeing.crops
    # The four parallelograms, the quad and they turned, the place told and it turned; then the
    # six looks and they turned; then, none agreeing, the second looks at the quad and its
    # parallelograms and the quad turned six ways, upright and turned.
    assert seeing.calls == [2 * (4 + 1) + 1, 2 * 6, 2 * (5 + 2 * len(TURNS))]
    assert np.array_equal(crops[9], rectify(_frame(), place, CROP_SIZE))
    assert np.array_equal(crops[11 + 5], rectify(_frame(), CARD, CROP_SIZE))  # the look at the place
    # Told only by cards read at least CHECK surely.
    doubtful = Readings(("6", None), np.array([CHECK - 0.01, 0.5], np.float32), np.zeros(2, np.bool_))
    unsure_too = Seeing("rixes", [])
    read_again(_frame(), np.stack([CARD, off]), doubtful, unsure_too, _look)
    assert unsure_too.calls[:2] == [2 * (2 * 4 + 1), 2 * 2 * 5]  # both read again on their nine cuts alone


def test_a_card_no_cut_reads_surely_is_named_when_nearly_all_its_cuts_guess_it() -> None:
    # Every cut guesses the same card, 0.9 sure: under the bar of two sure readings, over MEDIAN.
    read = Readings(("6", None), np.array([0.9999, 0.5], np.float32), np.zeros(2, np.bool_))
    quads = np.stack([CARD, CARD + np.array([72, 0], np.float32)])
    guessed = FakeClassifier("rixes", [("3", 0.9, False)] * 200, threshold=0.974)
    again = read_again(_frame(), quads, read, guessed, _look)
    assert again.names == ("6", "3") and again.confidences[1] == pytest.approx(0.9)
    # Both looks were taken first: nearly all guessing one name is the last resort.
    assert len(guessed.calls) == 3
    # One cut guessing another card DISSENT surely leaves it unsure; so do guesses under MEDIAN.
    dissent = [("3", 0.9, False)] * 5 + [("5", DISSENT, False)] + [("3", 0.9, False)] * 200
    assert read_again(_frame(), quads, read, FakeClassifier("rixes", dissent, threshold=0.974),
                      _look).names == ("6", None)
    unsure = FakeClassifier("rixes", [("3", MEDIAN - 0.01, False)] * 200, threshold=0.974)
    assert read_again(_frame(), quads, read, unsure, _look).names == ("6", None)


def test_consensus_asks_many_readings_nearly_all_one_name_none_dissenting_surely() -> None:
    chosen = consensus(["3"] * 8 + ["5"] * 2, [0.9] * 8 + [0.3] * 2)
    assert chosen is not None and chosen.tolist() == [True] * 8 + [False] * 2
    assert consensus(["3"] * 7 + ["5"] * 3, [0.9] * 7 + [0.3] * 3) is None  # 70% is not nearly all
    assert consensus(["3"] * 10 + [None] * 2, [0.9] * 10 + [0.0] * 2) is not None  # none guessed
    assert consensus([None] * 12, [0.0] * 12) is None
