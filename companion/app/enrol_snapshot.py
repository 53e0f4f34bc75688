"""What the enrolment's page shows of a session: one JSON-ready dict, every text in both languages.

The page asks for it every second (``/enrol/state``); the session builds it under its lock
(:meth:`companion.app.enrolment.EnrolmentSession.snapshot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.app.enrol_grid import Cell
from companion.app.enrol_profile import Lookalike
from companion.engine.spec import find_spec
from companion.text import LANGS, Text, Words

if TYPE_CHECKING:  # the session imports this module to build its snapshot
    from companion.app.enrolment import EnrolmentSession

#: The most news the page lists, newest first.
NEWS = 6


def both(text: Words) -> dict[str, str]:
    """A text (or a phrase) in both languages."""
    return {lang: text.render(lang) for lang in LANGS}


def alike(item: Lookalike) -> Text:
    """A card that looks too much like another, in words."""
    return Text("enrol_lookalike", card=item.card, other=item.other, similarity=f"{item.similarity:.2f}")


def snapshot(session: EnrolmentSession) -> dict[str, Any]:
    """What the page shows of ``session`` now (call it under the session's lock)."""
    batch = session.batch
    rows, cols = batch.shape
    wrong = [(cell, state.wrong) for cell, state in sorted(session.cells.items())
             if state.wrong is not None and state.now]
    prompts = [Text("enrol_wrong", row=row + 1, col=col + 1, read=read, card=batch.card_at((row, col)))
               for (row, col), read in wrong]
    if session.state == "laying" and session.fit is None:
        prompts.insert(0, Text("enrol_state_grid"))
    if session.state == "laying" and session.off_grid:
        prompts.append(Text("enrol_off_grid", count=session.off_grid))
    saved = session.saved_as
    state_text = Text("enrol_state_saved", name=saved[0]) if saved and session.state == "saved" else \
        Text(f"enrol_state_{session.state}")
    done = sum(1 for card in session.cards
               if len(session.kept[card]) >= session.shots and card not in session.skipped)
    kind = {"again": Text("enrol_page_kind_again"), "more": Text("enrol_page_kind_more")}.get(batch.kind)
    total, skipped, seconds = len(session.cards), len(session.skipped), session.seconds
    return {
        "version": session.version, "game": session.game, "title": both(find_spec(session.game).title),
        "state": session.state, "text": both(state_text), "name": session.name, "shots": session.shots,
        "batch": {"number": batch.number, "total": len(session.batches), "kind": batch.kind,
                  "kind_text": None if kind is None else both(kind), "rows": rows, "cols": cols,
                  **both(Text("enrol_page_batch", number=batch.number, total=len(session.batches))),
                  "cells": [_cell(session, batch.cell(card), card) for card in batch.cards]},
        "progress": {"done": done, "total": total, "skipped": skipped, "seconds": round(seconds, 1),
                     **both(Text("enrol_page_progress", done=done, total=total, skipped=skipped,
                                 seconds=f"{seconds:.0f}"))},
        "prompts": [both(text) for text in prompts],
        "lookalikes": [{"card": item.card, "other": item.other, "similarity": item.similarity,
                        **both(alike(item))} for item in session.similar],
        "news": [both(text) for text in session.news[-NEWS:]][::-1],
        "saved": None if saved is None else {"name": saved[0], "path": str(saved[1])},
    }


def _cell(session: EnrolmentSession, cell: Cell, card: str) -> dict[str, Any]:
    """A cell of the batch: its card, its state in a word and in words, its shots."""
    state = session.cells.get(cell)
    count, need = session.count(card), session.shots
    if card in session.skipped:
        kind, text = "skipped", Text("enrol_cell_skipped")
    elif state is not None and state.wrong is not None and state.now:
        kind, text = "wrong", Text("enrol_cell_wrong", card=card)
    elif count >= need:
        kind, text = "done", Text("enrol_cell_done")
    elif state is not None and state.seen and not state.now:
        # Seen, then hidden (a hand over it, or picked up again).
        kind = "gone"
        text = Text("enrol_cell_gone", count=count, need=need) if count else Text("enrol_cell_hidden")
    elif count:
        kind, text = "kept", Text("enrol_cell_kept", count=count, need=need)
    elif state is not None and state.now:
        kind, text = "seen", Text("enrol_cell_seen")
    else:
        kind, text = "waiting", Text("enrol_cell_waiting")
    return {"row": cell[0], "col": cell[1], "card": card, "state": kind, "kept": len(session.kept[card]),
            "read": state.wrong if state is not None and kind == "wrong" else None, **both(text)}
