"""Simulated games on video: self-play staged at a table, with its ground truth."""

from __future__ import annotations

import io
import json
from pathlib import Path

import cv2
import numpy as np

from companion.engine.events import Play, TakeBack
from companion.engine.record import Replay
from companion.games.ascension.events import Campfire
from models.render.simulate import simulate, write
from models.render.staging import Director
from models.render.video import FilmSet, Hand, Laid, Shadow, Shot

SMALL = (320, 180)


def test_the_truth_is_a_record_the_engine_replays() -> None:
    sim = simulate("tranquility", 3, 4, mistakes=0.3, max_events=40, size=SMALL)
    lines = sim.record_lines()
    assert lines[0]["record"] == 1 and lines[0]["game"] == "tranquility" and lines[0]["players"] == 3
    text = "\n".join(json.dumps(line) for line in lines) + "\n"
    steps = list(Replay(io.StringIO(text)))
    assert len(steps) == len(sim.truth)
    # Illegal placements were played, and taken back or overridden: the self-play's mistakes.
    assert any(not step.ruling.legal for step in steps)
    assert any(isinstance(t.event, TakeBack) for t in sim.truth)
    # Camera events carry the frame where their card comes to rest, in order; the page's do not.
    frames = [t.frame for t in sim.truth if t.frame is not None]
    assert len(frames) == sum(t.visible for t in sim.truth)
    assert frames == sorted(frames) and all(0 < f < len(sim.shots) for f in frames)
    for truth, line in zip(sim.truth, lines[1:], strict=True):
        assert truth.visible == isinstance(truth.event, Play | TakeBack | Campfire)
        assert ("frame" in line) == truth.visible
        expected = truth.frame if truth.frame is not None else truth.at_frame
        assert abs(line["t"] * sim.fps - expected) < 0.02


def test_the_same_seed_films_the_same_game() -> None:
    a = simulate("tranquility", 2, 9, max_events=8, size=SMALL)
    b = simulate("tranquility", 2, 9, max_events=8, size=SMALL)
    assert a.record_lines() == b.record_lines() and len(a.shots) == len(b.shots)
    frame_a = next(a.frames(30, 31))[2]
    frame_b = next(b.frames(30, 31))[2]
    assert np.array_equal(frame_a, frame_b)
    assert a.record_lines() != simulate("tranquility", 2, 10, max_events=8, size=SMALL).record_lines()


def test_a_card_comes_to_rest_in_its_cell_on_its_frame() -> None:
    sim = simulate("tranquility", 3, 2, mistakes=0.0, max_events=6, size=SMALL, knock=False)
    play = next(t for t in sim.truth if isinstance(t.event, Play) and t.event.at != "start")
    assert play.frame is not None
    assert isinstance(play.event, Play)
    shot = sim.shots[play.frame]
    laid = {card.cell: card.name for card in shot.cards}
    assert laid.get(play.event.at) == play.event.card
    before = {card.cell for card in sim.shots[play.frame - 1].cards}
    assert play.event.at not in before


def test_hands_shadows_and_a_knock_are_filmed() -> None:
    sim = simulate("tranquility", 3, 6, max_events=30, size=SMALL, distractions=1.0)
    assert any(shot.hands for shot in sim.shots) and any(shot.carried for shot in sim.shots)
    assert any(shot.shadows for shot in sim.shots)
    assert sim.bump_frame is not None and sim.shots[-1].bump is not None
    assert sim.shots[0].bump is None


def test_the_film_set_draws_what_it_is_told() -> None:
    film = FilmSet("tranquility", 1, size=(640, 360))
    empty = film.frame(Shot([], 0.0))
    x, y = film.layout.centre("c3", film.gap)
    with_card = film.frame(Shot([Laid("27", "c3", 0.0, 0.0, 0.0)], 0.0))
    with_hand = film.frame(Shot([], 0.0, hands=[Hand(x, y, 90.0)]))
    shaded = film.frame(Shot([], 0.0, shadows=[Shadow(x, y, 80.0, 0.4)]))
    px, py = (round(v) for v in film.to_image(x, y))
    patch = np.s_[py - 5:py + 5, px - 5:px + 5]
    assert np.abs(with_card[patch].astype(int) - empty[patch]).mean() > 20
    assert np.abs(with_hand[patch].astype(int) - empty[patch]).mean() > 20
    assert shaded[patch].mean() < empty[patch].mean() - 10
    # The light drifts over time: the same table a minute later is lit differently.
    later = film.frame(Shot([], 60.0))
    assert abs(float(later.mean()) - float(empty.mean())) > 1.0


def test_write_stores_frames_record_and_manifest(tmp_path: Path) -> None:
    sim = simulate("tranquility", 2, 3, max_events=3, size=SMALL)
    manifest = write(sim, tmp_path / "game")
    frames = sorted((tmp_path / "game" / "frames").glob("*.jpg"))
    assert len(frames) == len(sim.shots) == manifest["frames"]
    image = cv2.imread(str(frames[0]))
    assert image is not None and image.shape == (SMALL[1], SMALL[0], 3)
    record = (tmp_path / "game" / "record.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(record[0])["game"] == "tranquility" and len(record) == len(sim.truth) + 1
    stored = json.loads((tmp_path / "game" / "simulation.json").read_text(encoding="utf-8"))
    assert stored["fps"] == 15.0 and stored["seed"] == 3 and stored["images"] == "frames/"
    video = write(sim, tmp_path / "video", video=True)
    assert video["images"] == "game.avi" and (tmp_path / "video" / "game.avi").stat().st_size > 1000


def test_ascension_is_staged_too() -> None:
    sim = simulate("ascension", 2, 1, max_events=12, size=SMALL)
    assert any(t.visible for t in sim.truth)
    assert sum(1 for card in sim.shots[0].cards) == 0
    image = next(sim.frames(0, 1))[2]
    assert image.shape == (SMALL[1], SMALL[0], 3)


def test_a_card_laid_on_another_and_taken_back_shows_it_again() -> None:
    film = FilmSet("ascension", 1, size=SMALL)
    director = Director(film, np.random.default_rng(0), 2, 15.0)
    director.lay("bridge", "b1", 1)
    director.lay("7g", "b1", 2)  # a Versant over the Pont
    assert director.table["b1"].name == "7g"
    director.lift("b1", 2)
    assert director.table["b1"].name == "bridge"
    frames = director.index
    assert director.lift("c1", 1) == frames and director.index == frames  # nothing there to pick up


def test_a_film_may_name_its_decks_typeface_and_keeps_all_else() -> None:
    drawn = FilmSet("ascension", 7_000_004)
    named = FilmSet("ascension", 7_000_004, typeface="Liberation Sans")
    assert drawn.style.font == "TeX Gyre Schola Bold" and named.style.font == "Liberation Sans"
    assert named.style.weight == drawn.style.weight and named.style.art == drawn.style.art
    assert named.table_name == drawn.table_name and np.array_equal(named.camera, drawn.camera)
