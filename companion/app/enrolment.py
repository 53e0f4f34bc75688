"""Enrolling a deck from the camera: the session the frames and the page's requests feed.

An :class:`EnrolmentSession` takes a game's cards a batch at a time (a dozen, in a grid of rows
and columns the page draws: :mod:`companion.app.enrol_grid`). For each frame it finds the cards
(the finder given), places each in the grid's cell its centre falls in (the grid found from the
cards themselves), cuts its crop as the watcher does and reads it with the game's classifier:

* a card lying still that the classifier reads, sure of itself, as another card of the deck is
  the wrong card in that cell: the players are told which card goes there, and nothing is kept
  of it (a card carried over the grid by a hand is not lying there);
* a card that stood still over the last few frames (its corners moved less than a few hundredths
  of its size from one frame to the next; one moving is blurred, or a hand is over it) gives a
  shot, at most one every quarter of a second, unless its embedding is unlike its other shots (a
  hand, a glare; unlike them frame after frame, it is those shots that go); the numbers are
  :mod:`companion.app.enrol_params`'s;
* a card with :attr:`EnrolmentSession.shots` shots is done; when every card of the batch is done
  (or skipped), the players pick the cards up, and once the grid is seen bare the next batch
  begins.

After the last batch, the cards the players left undone (``next batch``) come back once; then
the profile is built and the cards that look too much like another
(:func:`companion.app.enrol_profile.lookalikes`) are asked for again, turned the other way round,
once. Players may skip a card (the shipped classifier reads it), take a card's shots again, ask
for more shots, or finish at any time: the session then says it is ``finishing`` and whoever runs
it builds and saves the profile (:meth:`EnrolmentSession.build`, :meth:`EnrolmentSession.saved`).

No IO here: frames come in, texts (:attr:`EnrolmentSession.news`, :meth:`EnrolmentSession.snapshot`)
go out. Every public method takes the session's lock: the camera's thread feeds it while the
page's threads read and ask.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from companion.app.decks import check_name
from companion.app.enrol_grid import Batch, Cell, GridFit, fit_grid, place, plan
from companion.app.enrol_params import (
    CLEAR_FRAMES,
    CONSISTENT,
    GRID,
    MAX_GAP,
    SAME,
    SHOT_APART,
    SHOTS,
    STILL,
    STILL_FRAMES,
    UNLIKE_FRAMES,
    WRONG_FRAMES,
)
from companion.app.enrol_profile import (
    Lookalike,
    Reader,
    Shot,
    build_profile,
    lookalikes,
    upright,
)
from companion.app.enrol_snapshot import alike, snapshot
from companion.errors import MalformedInput
from companion.text import Text
from vision.find.detect import rectify, working_frame
from vision.read.catalogue import class_names
from vision.read.profile import DeckProfile

FloatArray = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]
State = Literal["laying", "clearing", "done", "finishing", "saved"]



@dataclass
class _Cell:
    """What the last frames showed in one cell of the batch."""

    quad: FloatArray | None = None
    t: float = -math.inf
    #: Frames in a row it stood still.
    still: int = 0
    #: Frames in a row it lay still but unlike its shots of this laying.
    unlike: int = 0
    #: The other card it was read as, still, and in how many frames in a row.
    misread: str | None = None
    misreads: int = 0
    seen: bool = False
    now: bool = False
    wrong: str | None = None


class EnrolmentSession:
    """Enrolling ``cards`` (by default every card of ``game``, the back included) with ``reader``
    (the game's classifier, which gives embeddings) and ``find`` (a finder), ``shots`` shots a card,
    in batches of ``grid`` (rows, columns). ``name`` is the deck's name when the players give none."""

    def __init__(self, game: str, reader: Reader, find: Callable[[Image], Any], *,
                 grid: tuple[int, int] = GRID, shots: int = SHOTS, cards: Sequence[str] | None = None,
                 name: str | None = None) -> None:
        self.game = game
        self.reader = reader
        self.find = find
        self.grid = grid
        self.shots = shots
        self.cards: tuple[str, ...] = tuple(cards if cards is not None else class_names(game))
        self.name = name or game
        self.lock = threading.RLock()
        rows, cols = grid
        self.batches: list[Batch] = plan(self.cards, size=rows * cols, cols=cols)
        self.index = 0
        self.state: State = "laying"
        self.kept: dict[str, list[Shot]] = {card: [] for card in self.cards}
        self.skipped: set[str] = set()
        #: Cards left undone by "next batch" (or taken again), for a batch at the end.
        self.left_over: list[str] = []
        #: Cards already given another laying (once only, but when the players ask).
        self.again: set[str] = set()
        #: (card, batch number): the players said the card lies in its cell, whatever the classifier reads.
        self.trusted: set[tuple[str, int]] = set()
        #: The cards that look too much like another, as the last profile built says.
        self.similar: list[Lookalike] = []
        self.fit: GridFit | None = None
        self.cells: dict[Cell, _Cell] = {}
        #: What happened, in order, for the console (:meth:`take_news`) and the page.
        self.news: list[Text] = []
        self._unsaid = 0
        self.frames = 0
        self.first_t: float | None = None
        self.last_t: float | None = None
        self.batch_started: float | None = None
        self.off_grid = 0
        self._clear = 0
        self._epoch = 0
        #: Counts every change the page may show.
        self.version = 0
        self.finish_name: str | None = None
        self.saved_as: tuple[str, Path] | None = None
        #: The last frame's quads (working-frame pixels) and their cells, for the preview.
        self.last_quads: FloatArray = np.zeros((0, 4, 2), np.float32)
        self.last_cells: list[Cell | None] = []
        self._announce()

    # -- the frames ------------------------------------------------------------------

    @property
    def batch(self) -> Batch:
        """The batch being laid (or the last one)."""
        return self.batches[min(self.index, len(self.batches) - 1)]

    def feed(self, image: Image, t: float) -> None:
        """One frame (BGR, taken at ``t`` seconds): find the cards, place them, keep their shots."""
        small, _ = working_frame(image)
        quads = np.asarray(self.find(small), np.float32).reshape(-1, 4, 2)
        with self.lock:
            todo = self._place(quads, t)
            epoch = self._epoch
        if not todo:
            return
        crops = np.stack([rectify(small, quads[i]) for i, _, _, _ in todo])
        readings, embeddings = self.reader.read(crops)
        with self.lock:
            if epoch == self._epoch:  # the players changed nothing meanwhile
                self._keep(todo, crops, readings, embeddings, t)

    def _place(self, quads: FloatArray, t: float) -> list[tuple[int, Cell, str, bool]]:
        """Count the frame, place its cards; the cards to read: (quad, cell, card, still)."""
        self.frames += 1
        self.version += 1
        self.first_t = t if self.first_t is None else self.first_t
        self.batch_started = t if self.batch_started is None else self.batch_started
        gap = 0.0 if self.last_t is None else t - self.last_t
        self.last_t = t
        if self.state not in ("laying", "clearing"):
            return []
        batch = self.batch
        # Only cards lying still place the grid: a card carried in by a hand crosses the grid's
        # rows and columns, and would fit one by chance.
        steady = _steady(quads, self.last_quads) if gap <= MAX_GAP else np.zeros(len(quads), np.bool_)
        self.fit = fit_grid(quads[steady], batch.shape, self.fit)
        if self.state == "clearing":
            on_grid = any(cell is not None for cell in place(quads, self.fit, self.grid))
            self._clear = 0 if on_grid else self._clear + 1
            self.last_quads, self.last_cells = quads, [None] * len(quads)
            if self._clear >= CLEAR_FRAMES:
                self._start_next()
            return []
        cells = place(quads, self.fit, batch.shape)
        cells = [cell if cell is not None and batch.card_at(cell) is not None else None for cell in cells]
        self.last_quads, self.last_cells = quads, cells
        self.off_grid = sum(cell is None for cell in cells)
        for state in self.cells.values():
            state.now = False
        todo = []
        for i, cell in enumerate(cells):
            if cell is None:
                continue
            card = batch.card_at(cell)
            assert card is not None
            state = self.cells.setdefault(cell, _Cell())
            still = state.quad is not None and gap <= MAX_GAP and _moved(state.quad, quads[i]) <= STILL
            state.still = state.still + 1 if still else 0
            state.quad, state.t, state.seen, state.now = quads[i], t, True, True
            if card not in self.skipped and not self._done(card):
                todo.append((i, cell, card, state.still >= STILL_FRAMES))
        for state in self.cells.values():
            if not state.now:
                state.quad, state.still = None, 0  # hidden a frame: it must stand still again
        return todo

    def _keep(self, todo: list[tuple[int, Cell, str, bool]], crops: Image, readings: Any,
              embeddings: FloatArray, t: float) -> None:
        batch = self.batch
        believed = self._believed(todo, crops, readings.names, embeddings)
        for k, (_, cell, card, still) in enumerate(todo):
            state = self.cells[cell]
            read = readings.names[k]
            if read is not None and read != card and believed[k]:
                # Said once it lies still and reads so twice in a row: a card carried over the
                # grid, or one misread once, is not the wrong card.
                state.misreads = state.misreads + 1 if still and read == state.misread else int(still)
                state.misread = read
                if state.misreads >= WRONG_FRAMES and state.wrong != read:
                    self._say(Text("enrol_wrong", row=cell[0] + 1, col=cell[1] + 1, read=read, card=card))
                    state.wrong = read
                continue
            state.wrong, state.misread, state.misreads = None, None, 0
            mine = [shot for shot in self.kept[card] if shot.laying == batch.number]
            if not still or (mine and t - mine[-1].t < SHOT_APART):
                continue
            if mine and float(embeddings[k] @ _mean([s.embedding for s in mine])) < CONSISTENT:
                # Unlike the shots kept: a hand over it now, or over it then. Lying still and
                # unlike them frame after frame, it is they that were wrong: taken again.
                state.unlike += 1
                if state.unlike < UNLIKE_FRAMES:
                    continue
                self.kept[card] = [shot for shot in self.kept[card] if shot.laying != batch.number]
            state.unlike = 0
            self.kept[card].append(Shot(crops[k].copy(), bool(readings.flipped[k]), embeddings[k].copy(), t,
                                        batch.number))
        self._check_batch()

    def _believed(self, todo: list[tuple[int, Cell, str, bool]], crops: Image, names: Sequence[str | None],
                  embeddings: FloatArray) -> list[bool]:
        """Whether each crop read, sure, as another card than its cell's is that card: unless the
        players said the cell's card is right, or that card's shots say it is not (a deck the
        classifier has never seen may be misread the same way frame after frame, and the cell
        then says better than the classifier). Never in a batch of more shots: its cards are
        there because they look like others, to the classifier too."""
        batch = self.batch
        if batch.kind == "more":
            return [False] * len(todo)
        other = [k for k, (_, _, card, _) in enumerate(todo)
                 if names[k] not in (None, card) and (card, batch.number) not in self.trusted]
        known = [k for k in other if self.kept.get(str(names[k]))]
        believed = [k in other for k in range(len(todo))]
        if known:
            # Compared both ways up: its shots may show it turned from this crop.
            _, turned = self.reader.read(np.ascontiguousarray(crops[known][:, ::-1, ::-1]))
            for k, flipped in zip(known, turned, strict=True):
                shots = np.stack([shot.embedding for shot in self.kept[str(names[k])]])
                believed[k] = float(max((shots @ embeddings[k]).max(), (shots @ flipped).max())) >= SAME
        return believed

    # -- a batch's end, the next batch -----------------------------------------------

    def count(self, card: str) -> int:
        """The shots of ``card`` that count in the batch being laid: this laying's for a batch
        of more shots, all of them otherwise."""
        kept = self.kept.get(card, [])
        if self.batch.kind == "more" and card in self.batch.cards:
            return sum(shot.laying == self.batch.number for shot in kept)
        return len(kept)

    def _done(self, card: str) -> bool:
        return self.count(card) >= self.shots

    def _check_batch(self) -> None:
        over = all(card in self.skipped or self._done(card) for card in self.batch.cards)
        if self.state == "laying" and over:
            seconds = (self.last_t or 0.0) - (self.batch_started or 0.0)
            self._say(Text("enrol_batch_done", number=self.batch.number, seconds=f"{seconds:.1f}"))
            self._advance()

    def _advance(self) -> None:
        """The batch being laid is over: plan what comes after the last one, then pick up."""
        self._epoch += 1
        if self.index >= len(self.batches) - 1:
            left = [card for card in self.left_over
                    if card not in self.skipped and len(self.kept[card]) < self.shots]
            self.left_over = []
            rows, cols = self.grid
            if left:
                self.batches += plan(left, size=rows * cols, cols=cols, kind="again",
                                     first=len(self.batches) + 1)
            else:
                self._look()
                # Asked once, by itself: the players may ask again (more_shots).
                asked = any(batch.kind == "more" for batch in self.batches)
                wanted = [] if asked else [item.card for item in self.similar]
                if wanted:
                    self.batches += plan(wanted[:rows * cols], size=rows * cols, cols=cols, kind="more",
                                         first=len(self.batches) + 1)
        if self.index < len(self.batches) - 1:
            self.state, self._clear = "clearing", 0
        else:
            self.state = "done"
            enrolled = [card for card in self.cards if self.kept[card]]
            shots = sum(len(self.kept[card]) for card in enrolled)
            self._say(Text("enrol_complete", cards=len(enrolled), shots=shots, skipped=len(self.skipped)))

    def _look(self) -> None:
        """The cards that look too much like another, by the profile of the shots so far."""
        shots = self._shots()
        if sum(len(kept) for kept in shots.values()) < 2:
            self.similar = []
            return
        self.similar = lookalikes(build_profile(self.name, self.reader, shots, game=self.game))
        for item in self.similar[:5]:
            self._say(alike(item))

    def _start_next(self) -> None:
        self.index += 1
        self.state = "laying"
        self.cells = {}
        self._epoch += 1
        self.batch_started = self.last_t
        self._announce()

    def _announce(self) -> None:
        batch = self.batch
        key = {"deck": "enrol_batch", "again": "enrol_batch_again", "more": "enrol_batch_more"}[batch.kind]
        self._say(Text(key, number=batch.number, total=len(self.batches), count=len(batch.cards),
                       cards=" ".join(batch.cards)))

    def _say(self, text: Text) -> None:
        self.news.append(text)
        self.version += 1

    def take_news(self) -> list[Text]:
        """What happened since the last call (for the console)."""
        with self.lock:
            out = self.news[self._unsaid:]
            self._unsaid = len(self.news)
            return out

    # -- the players' requests -------------------------------------------------------

    def _card(self, card: object) -> str:
        if not isinstance(card, str) or card not in self.kept:
            raise MalformedInput(Text("enrol_unknown_card", card=str(card)[:40]))
        return card

    def skip(self, card: object) -> Text:
        """Leave ``card`` out of the profile (the shipped classifier reads it)."""
        with self.lock:
            name = self._card(card)
            self.skipped.add(name)
            self._epoch += 1
            self._say(Text("enrol_skipped", card=name))
            self._check_batch()
            return Text("enrol_skipped", card=name)

    def redo(self, card: object) -> Text:
        """Drop ``card``'s shots and take them again: in this batch when it is in it, else at the end."""
        with self.lock:
            name = self._card(card)
            self.kept[name] = []
            self.skipped.discard(name)
            self._epoch += 1
            if name in self.batch.cards and self.state == "laying":
                self.cells.pop(self.batch.cell(name), None)
            else:
                self.left_over.append(name)
                if self.state in ("done", "saved"):
                    self._reopen()
            self._say(Text("enrol_redo", card=name))
            return Text("enrol_redo", card=name)

    def right(self, card: object) -> Text:
        """The players say ``card`` lies in its cell: the classifier's reading of it as another
        card is set aside for this batch."""
        with self.lock:
            name = self._card(card)
            self.trusted.add((name, self.batch.number))
            if name in self.batch.cards:
                state = self.cells.get(self.batch.cell(name))
                if state is not None:
                    state.wrong, state.misread, state.misreads = None, None, 0
            self._epoch += 1
            text = Text("enrol_right", card=name)
            self._say(text)
            return text

    def next_batch(self) -> Text:
        """On to the next batch: the cards of this one not done come back at the end (once); while
        the players pick the cards up, the next batch begins at once."""
        with self.lock:
            self._epoch += 1
            if self.state == "clearing":
                self._start_next()
            elif self.state == "laying":
                for card in self.batch.cards:
                    if card not in self.skipped and not self._done(card) and card not in self.again:
                        self.again.add(card)
                        self.left_over.append(card)
                self._say(Text("enrol_next"))
                self._advance()
            return Text("enrol_next")

    def more_shots(self) -> Text:
        """A batch of more shots of the cards that look too much like another, next."""
        with self.lock:
            rows, cols = self.grid
            cards = [item.card for item in self.similar if item.card not in self.skipped][:rows * cols]
            if not cards:
                raise MalformedInput(Text("enrol_no_lookalike"))
            extra = plan(cards, size=rows * cols, cols=cols, kind="more", first=self.index + 2)
            self.batches[self.index + 1:self.index + 1] = extra
            for k, batch in enumerate(self.batches):
                self.batches[k] = Batch(k + 1, batch.cards, batch.cols, batch.kind)
            if self.state in ("done", "saved"):
                self.state = "clearing"
                self._clear = CLEAR_FRAMES
            self._epoch += 1
            text = Text("enrol_more_asked", count=len(cards), cards=" ".join(cards))
            self._say(text)
            return text

    def _reopen(self) -> None:
        """After the end: the cards taken again make a batch of their own, laid next."""
        rows, cols = self.grid
        left, self.left_over = self.left_over, []
        self.batches += plan(left, size=rows * cols, cols=cols, kind="again", first=len(self.batches) + 1)
        self.state, self._clear = "clearing", CLEAR_FRAMES

    def finish(self, name: object = None) -> Text:
        """Stop here and have the profile built and saved as ``name`` (the session's name when None)."""
        with self.lock:
            checked = self.name if name in (None, "") else check_name(name)
            if checked is None:
                raise MalformedInput(Text("enrol_bad_name", name=str(name)[:60]))
            self.name = checked
            self.finish_name = checked
            self.state = "finishing"
            self._epoch += 1
            text = Text("enrol_finishing", name=checked)
            self._say(text)
            return text

    # -- the profile -----------------------------------------------------------------

    def _shots(self) -> dict[str, list[Shot]]:
        return {card: list(kept) for card, kept in self.kept.items() if kept and card not in self.skipped}

    def build(self) -> DeckProfile:
        """The profile of every shot kept (skipped cards left out), named as the players asked.
        Raises :class:`~companion.errors.ProfileUnavailable` when there is none."""
        with self.lock:
            shots = self._shots()
            about: dict[str, object] = {
                "source": "camera", "frames": self.frames, "shots": self.shots,
                "seconds": round((self.last_t or 0.0) - (self.first_t or 0.0), 1),
                "batches": len(self.batches), "skipped": sorted(self.skipped),
                "missing": [card for card in self.cards if not self.kept[card] and card not in self.skipped]}
            name = self.finish_name or self.name
        return build_profile(name, self.reader, shots, game=self.game, about=about)

    def saved(self, path: Path, profile: DeckProfile) -> Text:
        """The profile was saved at ``path``: the enrolment is over."""
        with self.lock:
            self.state = "saved"
            self.saved_as = (profile.name, path)
            self.similar = lookalikes(profile)
            text = Text("enrol_saved", name=profile.name, cards=len(profile.cards),
                        shots=len(profile.names) // 2, skipped=len(self.skipped), path=path)
            self._say(text)
            return text

    def thumbnails(self, card: str) -> list[Image]:
        """The shots of ``card`` kept so far, upright."""
        with self.lock:
            return upright(self.kept.get(card, []))

    @property
    def seconds(self) -> float:
        """The table time since the first frame."""
        return (self.last_t or 0.0) - (self.first_t or 0.0)

    # -- what the page shows ---------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """What the page shows now, JSON-ready, every text in both languages
        (:func:`companion.app.enrol_snapshot.snapshot`)."""
        with self.lock:
            return snapshot(self)


def _moved(before: FloatArray, after: FloatArray) -> float:
    """How far the corners moved, as a share of the card's height."""
    height = float(np.linalg.norm(after[3] - after[0] + after[2] - after[1])) / 2
    return float(np.abs(after - before).max()) / max(height, 1.0)


def _steady(quads: FloatArray, before: FloatArray) -> npt.NDArray[np.bool_]:
    """Which of ``quads`` (N, 4, 2) lie where a quad of the frame before lay (:data:`STILL`)."""
    if len(quads) == 0 or len(before) == 0:
        return np.zeros(len(quads), np.bool_)
    moved = np.abs(quads[:, None] - before[None]).max(axis=(2, 3))  # (N, M) largest corner move
    height = np.linalg.norm(quads[:, 3] - quads[:, 0] + quads[:, 2] - quads[:, 1], axis=1) / 2
    steady: npt.NDArray[np.bool_] = moved.min(axis=1) <= STILL * np.maximum(height, 1.0)
    return steady


def _mean(vectors: Sequence[FloatArray]) -> FloatArray:
    mean = np.mean(np.stack(vectors), axis=0)
    out: FloatArray = (mean / max(float(np.linalg.norm(mean)), 1e-12)).astype(np.float32)
    return out
