"""Deck profiles: matching, calibration, the file (saved, loaded, attacked) and reading with one."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from companion.errors import ProfileUnavailable
from vision.read.classify import OnnxClassifier, Readings
from vision.read.profile import (
    ACCEPT_FLOOR,
    MARGIN_FLOOR,
    MOST_BYTES,
    WRONG_BUDGET,
    DeckProfile,
    ProfiledClassifier,
    calibrate,
)

Floats = npt.NDArray[np.float32]
SIZE = 192


def unit(vectors: np.ndarray) -> Floats:
    return np.asarray(vectors / np.linalg.norm(vectors, axis=1, keepdims=True), np.float32)


def deck(rng: np.random.Generator, cards: int, shots: int, spread: float, *,
         common: float = 0.0) -> tuple[list[str], Floats, Floats, Callable[[np.ndarray, int], Floats]]:
    """Cards as random looks, each shot its look blurred by ``spread``, a crop turned another look;
    every embedding holding ``common`` times a look's length of one direction (what all crops share:
    being cards). Returns the names, the laid and turned shots, and what draws fresh crops of the
    cards at indices, seeded."""
    looks = rng.normal(size=(cards, SIZE))
    turns = rng.normal(size=(cards, SIZE))
    shared = common * np.sqrt(SIZE) * np.eye(SIZE)[0]

    def sample(index: np.ndarray, seed: int, faces: np.ndarray = looks) -> Floats:
        noise = np.random.default_rng(seed).normal(size=(len(index), SIZE))
        return unit(faces[index] + shared + spread * noise)

    index = np.tile(np.arange(cards), shots)
    names = [f"c{k}" for k in index]
    laid = sample(index, int(rng.integers(1 << 30)))
    return names, laid, sample(index, int(rng.integers(1 << 30)), turns), sample


def named(profile: DeckProfile, crops: Floats, truth: list[str]) -> tuple[float, float]:
    """Shares of ``crops`` named right and named wrong."""
    names = profile.match(crops).names
    right = sum(name == want for name, want in zip(names, truth, strict=True))
    wrong = sum(name is not None and name != want for name, want in zip(names, truth, strict=True))
    return right / len(truth), wrong / len(truth)


# -- matching ---------------------------------------------------------------------


def test_a_crop_is_named_by_its_nearest_card_and_how_it_lies() -> None:
    rng = np.random.default_rng(1)
    names, laid, turned, _ = deck(rng, 6, 3, 0.3)
    profile = DeckProfile.enrol("home", None, "m", names, laid, turned)
    matches = profile.match(np.concatenate([laid[:6], turned[6:12]]))
    assert matches.names == tuple(names[:6]) * 2
    assert matches.turned.tolist() == [False] * 6 + [True] * 6
    assert (matches.margin >= profile.margin).all() and (matches.similarity >= profile.accept).all()
    assert matches.nearest == matches.names


def test_nothing_to_match_and_a_profile_of_one_card() -> None:
    rng = np.random.default_rng(2)
    names, laid, turned, _ = deck(rng, 1, 3, 0.2)
    profile = DeckProfile.enrol("one", None, "m", names, laid, turned)
    assert profile.match(np.zeros((0, SIZE), np.float32)).names == ()
    matches = profile.match(laid[:1])
    assert matches.nearest == ("c0",) and matches.margin[0] > 1.0  # nothing is next: -1


def test_what_every_card_shares_does_not_make_cards_alike() -> None:
    # Every embedding mostly one direction (all crops are cards): the cards still come apart.
    names, laid, turned, sample = deck(np.random.default_rng(3), 8, 4, 0.5, common=3.0)
    profile = DeckProfile.enrol("home", None, "m", names, laid, turned)
    assert float((laid @ laid.T).min()) > 0.8  # close, as embeddings go
    index = np.arange(8).repeat(5)
    right, wrong = named(profile, sample(index, 30), [f"c{k}" for k in index])
    assert right >= 0.9 and wrong == 0.0


# -- calibration ------------------------------------------------------------------------


def test_cards_far_apart_are_all_named() -> None:
    names, laid, turned, sample = deck(np.random.default_rng(4), 10, 5, 0.5)
    profile = DeckProfile.enrol("home", None, "m", names, laid, turned)
    index = np.tile(np.arange(10), 3)
    right, wrong = named(profile, sample(index, 40), [f"c{k}" for k in index])
    assert right == 1.0 and wrong == 0.0


def test_cards_alike_are_left_unsure_rather_than_named_wrong() -> None:
    # Twins: cards in pairs of one look, told apart by a detail smaller than the blur of a shot.
    rng = np.random.default_rng(5)
    looks = np.repeat(rng.normal(size=(5, SIZE)), 2, axis=0) + 0.3 * rng.normal(size=(10, SIZE))

    def shots(count: int, seed: int) -> tuple[list[str], Floats]:
        index = np.tile(np.arange(10), count)
        noise = np.random.default_rng(seed).normal(size=(len(index), SIZE))
        return [f"c{k}" for k in index], unit(looks[index] + noise)

    names, laid = shots(5, 6)
    profile = DeckProfile.enrol("twins", None, "m", names, laid, shots(5, 7)[1])
    truth, fresh = shots(40, 8)
    nearest = profile.match(fresh).nearest
    assert np.mean([a != b for a, b in zip(nearest, truth, strict=True)]) > 0.1  # the nearest is often wrong
    right, wrong = named(profile, fresh, truth)
    # The budget is of the enrolled shots; a fresh sample may stray a little over it, never far.
    assert wrong <= 2 * WRONG_BUDGET
    assert right > 0.3  # and it does not refuse everything to get there
    # Twins told apart by nothing: left unsure, nearly all.
    looks[1::2] = looks[::2]
    names, laid = shots(5, 6)
    profile = DeckProfile.enrol("twins", None, "m", names, laid, shots(5, 7)[1])
    truth, fresh = shots(40, 8)
    right, wrong = named(profile, fresh, truth)
    assert wrong <= 2 * WRONG_BUDGET and right < 0.05


def test_the_thresholds_keep_their_floors_and_leave_captures_out() -> None:
    rng = np.random.default_rng(9)
    names, laid, turned, _ = deck(rng, 4, 3, 0.1)
    every = names * 2
    shots = unit(np.concatenate([laid, turned]))
    accept, margin = calibrate(every, shots, np.tile(np.arange(len(names), dtype=np.int32), 2))
    assert accept >= ACCEPT_FLOOR and margin >= MARGIN_FLOOR
    # One capture a card: leaving it out leaves no shot of the card, each stands for a card nobody
    # enrolled, and only thresholds no other card reaches keep them unnamed.
    one = np.array([int(name[1:]) for name in every], np.int32)
    strict_accept, strict_margin = calibrate(every, shots, one)
    assert (strict_accept, strict_margin) >= (accept, margin)


def test_enrolled_captures_are_kept_with_the_shots() -> None:
    rng = np.random.default_rng(10)
    names, laid, turned, _ = deck(rng, 3, 2, 0.2)
    profile = DeckProfile.enrol("home", None, "m", names, laid, turned, captures=[7, 7, 7, 9, 9, 9])
    assert profile.captures.tolist() == [0, 0, 0, 1, 1, 1] * 2


# -- the file -----------------------------------------------------------------------------------


@pytest.fixture
def profile() -> DeckProfile:
    names, laid, turned, _ = deck(np.random.default_rng(11), 5, 2, 0.3)
    return DeckProfile.enrol("home", "crew", "abc", names, laid, turned, about={"shots": 2})


def test_a_profile_saved_loads_the_same(profile: DeckProfile, tmp_path: Path) -> None:
    path = tmp_path / "decks" / "home.deck"
    profile.save(path)
    loaded = DeckProfile.load(path)
    for name in ("name", "game", "model", "names", "accept", "margin", "about"):
        assert getattr(loaded, name) == getattr(profile, name)
    for name in ("embeddings", "turned", "captures"):
        assert np.array_equal(getattr(loaded, name), getattr(profile, name))
    crops = profile.embeddings[:4].astype(np.float32)
    assert loaded.match(crops).names == profile.match(crops).names
    assert not list(path.parent.glob("*.part"))


def test_a_profile_of_80_cards_is_small() -> None:
    names, laid, turned, _ = deck(np.random.default_rng(12), 80, 2, 0.3)
    profile = DeckProfile.enrol("whole", None, "m", names, laid, turned)
    assert len(profile.names) == 320
    assert len(profile.to_bytes()) < 1_000_000


def _npz(**arrays: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]
    return buffer.getvalue()


def _meta(**change: object) -> np.ndarray:
    meta = {"version": 1, "name": "x", "game": None, "model": "m", "names": ["a", "b"], "accept": 0.5,
            "margin": 0.1, "about": {}}
    return np.frombuffer(json.dumps({**meta, **change}).encode(), np.uint8)


GOOD = {"embeddings": np.eye(2, 4, dtype=np.float16), "turned": np.array([False, True]),
        "captures": np.array([0, 0], np.int32), "meta": _meta()}


def _zip_bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for key in ("embeddings", "turned", "captures", "meta"):
            archive.writestr(f"{key}.npy", b"\0" * (MOST_BYTES // 2))
    return buffer.getvalue()


CORRUPT = {
    "empty": b"",
    "text": b"not a profile at all",
    "truncated": _npz(**GOOD)[:200],
    "other arrays": _npz(weights=np.zeros(3)),
    "an array missing": _npz(**{k: v for k, v in GOOD.items() if k != "captures"}),
    "pickled objects": _npz(**{**GOOD, "turned": np.array([None, {}], dtype=object)}),
    "complex embeddings": _npz(**{**GOOD, "embeddings": np.eye(2, 4, dtype=np.complex64)}),
    "meta no JSON": _npz(**{**GOOD, "meta": np.frombuffer(b"{nope", np.uint8)}),
    "meta not UTF-8": _npz(**{**GOOD, "meta": np.frombuffer(b"\xff\xfe\xfa", np.uint8)}),
    "another version": _npz(**{**GOOD, "meta": _meta(version=9)}),
    "names not a list": _npz(**{**GOOD, "meta": _meta(names="ab")}),
    "names too few": _npz(**{**GOOD, "meta": _meta(names=["a"])}),
    "thresholds not numbers": _npz(**{**GOOD, "meta": _meta(accept="high")}),
    "threshold nan": _npz(**{**GOOD, "meta": _meta(accept=float("nan"))}),
    "threshold huge": _npz(**{**GOOD, "meta": _meta(accept=float("inf"))}),
    "meta a list": _npz(**{**GOOD, "meta": np.frombuffer(b"[1, 2]", np.uint8)}),
    "nan embeddings": _npz(**{**GOOD, "embeddings": np.full((2, 4), np.nan, np.float16)}),
    "embeddings of nothing": _npz(**{**GOOD, "embeddings": np.zeros((2, 0), np.float16)}),
    "embeddings flat": _npz(**{**GOOD, "embeddings": np.zeros(8, np.float16)}),
    "zip bomb": _zip_bomb(),
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_a_corrupt_file_is_said_never_a_crash(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.deck"
    path.write_bytes(CORRUPT[kind])
    with pytest.raises(ProfileUnavailable, match="cannot be read") as raised:
        DeckProfile.load(path)
    assert "bad.deck" in raised.value.text.fr


def test_the_good_file_of_the_corrupt_ones_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.deck"
    path.write_bytes(_npz(**GOOD))
    assert DeckProfile.load(path).names == ("a", "b")


def test_a_missing_file_a_folder_and_a_huge_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileUnavailable, match="no deck profile"):
        DeckProfile.load(tmp_path / "none.deck")
    with pytest.raises(ProfileUnavailable, match="cannot be read"):
        DeckProfile.load(tmp_path)
    huge = tmp_path / "huge.deck"
    with open(huge, "wb") as handle:
        handle.truncate(MOST_BYTES + 1)  # sparse: nothing written
    with pytest.raises(ProfileUnavailable, match="larger than"):
        DeckProfile.load(huge)


# -- reading with a profile ---------------------------------------------------------------------


class Given:
    """A classifier whose readings and embeddings are given in turn."""

    def __init__(self, readings: Readings, embeddings: Floats, *, game: str = "crew",
                 fingerprint: str = "abc", embeds: bool = True) -> None:
        self.game, self.fingerprint, self.embeds, self.path = game, fingerprint, embeds, Path("crew.onnx")
        self.readings, self.embeddings, self.threshold = readings, embeddings, 0.9

    def read(self, crops: np.ndarray) -> tuple[Readings, Floats]:
        n = len(crops)
        given = self.readings
        return Readings(given.names[:n], given.confidences[:n], given.flipped[:n], given.guesses[:n]), \
            self.embeddings[:n]


def reader(given: Given, profile: DeckProfile) -> ProfiledClassifier:
    return ProfiledClassifier(given, profile)  # type: ignore[arg-type]


def test_reading_with_a_profile(profile: DeckProfile) -> None:
    known = profile.embeddings[[0, 1]].astype(np.float32)
    stranger = unit(np.random.default_rng(13).normal(size=(2, profile.embeddings.shape[1])))
    shipped = Readings(("blue-1", "c0", "pink-2", None), np.array([0.99, 0.95, 0.97, 0.2], np.float32),
                       np.zeros(4, np.bool_), ("blue-1", "c0", "pink-2", "c3"))
    given = Given(shipped, np.concatenate([known, stranger]))
    read = reader(given, profile).classify(np.zeros((4, 88, 64, 3), np.uint8))
    # Its own cards by the profile, sure; a card it does not hold as the model read it; a card it
    # holds but did not name, unsure, whatever the model read.
    assert read.names == ("c0", "c1", "pink-2", None)
    assert read.confidences[0] >= 0.9 and read.confidences[1] >= 0.9 and read.confidences[3] < 0.9
    assert reader(given, profile).classify(np.zeros((0, 88, 64, 3), np.uint8)).names == ()


def test_a_profile_another_model_another_game_or_no_embedding_is_refused(profile: DeckProfile) -> None:
    none = Readings((None,), np.zeros(1, np.float32), np.zeros(1, np.bool_))
    right = profile.embeddings[:1].astype(np.float32)
    with pytest.raises(ProfileUnavailable, match="another model"):
        reader(Given(none, right, fingerprint="zzz"), profile)
    with pytest.raises(ProfileUnavailable, match="is for crew, not rixes"):
        reader(Given(none, right, game="rixes"), profile)
    with pytest.raises(ProfileUnavailable, match="no embedding"):
        reader(Given(none, right, embeds=False), profile)
    with pytest.raises(ProfileUnavailable, match="embeddings of 192, not 8"):
        reader(Given(none, np.zeros((1, 8), np.float32)), profile)


def test_the_shipped_model_reads_with_a_profile_it_enrolled() -> None:
    classifier = OnnxClassifier("rixes")
    crops = np.random.default_rng(14).integers(0, 255, (4, 88, 64, 3), dtype=np.uint8)
    embeddings = classifier.read(crops)[1]
    profile = DeckProfile.enrol("noise", "rixes", classifier.fingerprint, ["a", "b", "c", "d"], embeddings,
                                classifier.read(np.ascontiguousarray(crops[:, ::-1, ::-1]))[1])
    assert ProfiledClassifier(classifier, profile).classify(crops).names == ("a", "b", "c", "d")
