"""A new game needs only its package and its spec: a made-up game, registered by a test, is
replayed by the command line and shown by the page without any shared module naming it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from companion.app.referee import Referee
from companion.cli.main import main
from companion.engine.events import EVENT_TYPES, Event, Play
from companion.engine.game import Game
from companion.engine.record import Header
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.engine.spec import GameSpec, find_spec, register, unregister
from companion.errors import MalformedInput, UnknownGame
from companion.text import Both, Text
from web import create_app

TOKEN = "new-game-token"


@dataclass(frozen=True, slots=True)
class Knock(Event):
    """The active seat knocks on the table."""

    TYPE: ClassVar[str] = "knock"


class Knocking(Game[int]):
    """Knock three times on the table: the players win (a game of one event type)."""

    name = "knocking"
    title = Both("Knocking", "Toc toc")
    min_players, max_players = 1, 4

    def __init__(self, players: int, options: Any = None, *, decks: Any = None) -> None:
        super().__init__(players, options)
        self.knocks = self._turn = 0

    def _validate_names(self, event: Event) -> None:
        if isinstance(event, Play):
            raise MalformedInput(Text("unknown_event", kind="play"))

    def _check_action(self, event: Event) -> Ruling:
        if isinstance(event, Knock):
            return accepted(Text("desc_event", kind="knock"))
        return refused("C1", Text("desc_event", kind=event.TYPE))

    def _override_ruling(self, placement: Any) -> Ruling:
        return refused("G5", Text("nothing_to_override"))

    def _apply(self, event: Event, *, forced: bool) -> None:
        self.knocks += 1
        self._turn = (self._turn + 1) % self.players

    def _save(self) -> int:
        return self.knocks * 10 + self._turn

    def _restore(self, saved: int) -> None:
        self.knocks, self._turn = divmod(saved, 10)

    def _compute_outcome(self) -> Outcome | None:
        won = Outcome(Termination.FINISHED, tuple(range(1, self.players + 1)), Text("desc_event", kind="won"))
        return won if self.knocks >= 3 else None

    def _generate_legal(self) -> Iterator[Event]:
        yield Knock()

    def state_json(self) -> dict[str, Any]:
        seats = [{"seat": seat + 1, "deck": 0, "hand": 0, "discard": 0} for seat in range(self.players)]
        return {"game": self.name, "players": self.players, "turn": self.turn, "knocks": self.knocks,
                "seats": seats, "flagged": []}

    def card_label(self, card: str) -> str:
        return card

    def cell_label(self, cell: str) -> str:
        return cell


@pytest.fixture
def knocking(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    """The made-up game, registered with the record reader and the specs for one test."""
    monkeypatch.setitem(EVENT_TYPES, Knock.TYPE, Knock)
    spec = register(GameSpec(name=Knocking.name, title=Knocking.title, rules=Knocking))
    yield spec
    unregister(spec.name)


def test_replay_of_a_made_up_game(knocking: GameSpec, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "knocking.jsonl"
    lines = [{"record": 1, "game": "knocking", "players": 2}, *[{"type": "knock"}] * 3]
    record.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["replay", "--json", str(record)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [ruling["legal"] for ruling in out[:-1]] == [True, True, True]
    assert out[-1]["outcome"] == "won" and out[-1]["state"]["knocks"] == 3
    assert main(["replay", "--lang", "fr", str(record)]) == 0
    assert "Toc toc" in capsys.readouterr().out


def test_page_of_a_made_up_game(knocking: GameSpec) -> None:
    referee = Referee(Header("knocking", 2))
    referee.submit(Knock())
    client = create_app(referee, {"TOKEN": TOKEN, "HOST": "pi.example"}).test_client()
    page = client.get("/")
    assert page.status_code == 200 and "Knocking" in page.get_data(as_text=True)
    snap = client.get("/state").get_json()
    assert snap["game"] == "knocking" and snap["state"]["knocks"] == 1
    assert snap["svg"].startswith("<svg") and "knocks: 1" in snap["svg"]  # no board: its state listed


def test_the_made_up_game_is_gone_after(knocking: GameSpec) -> None:
    unregister(knocking.name)
    with pytest.raises(UnknownGame):
        find_spec(knocking.name)
