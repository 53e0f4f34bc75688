"""What the page shows, as one JSON-ready dict: the snapshot of a referee.

Views read a snapshot and render it; the live stream sends a new one after
every stored event. Every text a player reads is given in both languages
(``en`` and ``fr``); the page picks one.
"""

from __future__ import annotations

import time
from typing import Any

from companion.app.referee import Entry, Referee, summary
from companion.app.table import TableDesk
from companion.engine.events import Placement
from companion.text import LANGS, Text
from web.preview import Preview
from web.svg import board_of, table_svg

#: How many rulings the page lists, newest first.
HISTORY = 60


def both(text: Text) -> dict[str, str]:
    """A text in both languages."""
    return {lang: text.render(lang) for lang in LANGS}


def snapshot(referee: Referee, preview: Preview | None = None, table: TableDesk | None = None
             ) -> dict[str, Any]:
    """The page's view of ``referee`` now (taken under its lock, so it is consistent), with the
    table's placement as the camera last reported it (``table``, None while no camera watches)."""
    with referee.lock:
        game = referee.game
        state = game.state_json()
        outcome = game.outcome()
        history = referee.history
        last_entry = history[-1] if history else None
        last_cell = _last_placement(history, state)
        discard = None
        if last_entry is not None and last_entry.ruling.legal and last_entry.ruling.discard:
            discard = {"count": last_entry.ruling.discard, "seat": last_entry.seat}
        due = getattr(game, "start_discards_due", None)
        alerts = [{"key": key, **both(text)} for key, text in referee.alerts.items()]
        alerts += [{"key": "note", **both(text)} for text in game.notes()]
        if game.players == 1:
            alerts.append({"key": "solo", **both(Text("cli_solo_assumption"))})
        picture = preview.latest() if preview is not None else None
        names = list(referee.header.names) if referee.header.names else None
        return {
            "id": referee.game_id,
            "game": game.name,
            # How the table is drawn and placed: a grid or pyramid by its corners, tricks by its seats.
            "board": board_of(game.name),
            "title": {"en": game.title.en, "fr": game.title.fr},
            "players": game.players,
            "names": names,
            "options": state.get("options", {}),
            "state": state,
            "turn": state.get("turn"),
            "outcome": None if outcome is None else {"result": outcome.result, **both(outcome.text)},
            "pending": state.get("pending"),
            "start_discards_due": due() if callable(due) and state.get("pending") else None,
            "discard": discard,
            "flagged": state.get("flagged", []),
            "controls": [control.json() for control in game.controls()],
            "last": None if last_entry is None else _entry_json(last_entry),
            "last_cell": last_cell,
            "events": len(history),
            "history": [_entry_json(entry) for entry in reversed(history[-HISTORY:])],
            "alerts": alerts,
            "svg": table_svg(state, last=last_cell),
            "camera": None if picture is None else {"frame": picture[0]},
            "table": _table_json(table),
            "stamp": last_entry.stamp if last_entry is not None else None,
            "sent": time.time(),
        }


def _table_json(table: TableDesk | None) -> dict[str, Any] | None:
    """The table's placement state, in words, and where its corners were saved, or None."""
    status = table.status if table is not None else None
    if table is None or status is None:
        return None
    saved = table.saved
    return {"state": status.state, **both(status.text),
            "saved": None if saved is None else both(Text("table_saved_in", path=saved))}


def _last_placement(history: list[Entry], state: dict[str, Any]) -> str | None:
    """The cell of the latest placement still lying on the table, accepted or flagged."""
    cells = state.get("cells", {})
    flagged = {flag["at"]: flag["card"] for flag in state.get("flagged", [])}
    for entry in reversed(history):
        event = entry.event
        if not isinstance(event, Placement):
            continue
        at, card = event.at, event.card
        if flagged.get(at) == card or cells.get(at) == card:
            return at
        if at in ("start", "finish") and state.get(at) is True and card == at:
            return at
    return None


def verdict(legal: bool, rule: str | None, discard: int | None) -> Text:
    """A ruling's verdict in the players' words: legal (and what to discard), refused, or unsure.

    >>> verdict(True, None, 2).en, verdict(True, None, 1).fr, verdict(False, "G2", None).en
    ('legal: discard 2 cards', 'légal : défaussez 1 carte', 'unsure: tell the card')
    """
    if not legal:
        return Text("page_verdict_unsure" if rule == "G2" else "page_verdict_no")
    return Text("page_verdict_discard", count=discard) if discard else Text("page_verdict_ok")


def _entry_json(entry: Entry) -> dict[str, Any]:
    ruling = entry.ruling
    line = entry.line
    return {
        "seq": entry.seq,
        "summary": summary(line),
        # What the ruling means for the players, in words; the rule and the line's summary are the
        # referee's detail.
        "verdict": both(verdict(ruling.legal, ruling.rule, ruling.discard)),
        "source": line.get("source"),
        "player": line.get("player"),
        "legal": ruling.legal,
        "rule": ruling.rule,
        "discard": ruling.discard,
        **both(ruling.text),
        "stamp": entry.stamp,
    }
