"""What the page offers *Mers agitées*' players to tell that the camera cannot see (T22), and what
it warns about: the reef step, a storm drawn, a compass spent, a whole hand discarded, a sea
monster held; a grid full while monsters may still be in hands.

>>> from companion.games.tranquility.rules import Tranquility
>>> game = Tranquility(3, {"storms": True, "monsters": 3})
>>> [control.line["type"] for control in controls(game)][:4]
['drawn', 'drawn', 'drawn', 'discard_hand']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.controls import Ask, Control
from companion.engine.events import Event
from companion.games.tranquility.events import DiscardHand, Reef
from companion.text import Text

if TYPE_CHECKING:
    from companion.games.tranquility.seas import Seas


def controls(game: Seas) -> list[Control]:
    """The controls the game calls for now, each one the referee would accept (asked fields aside)."""
    if game.outcome() is not None:
        return []
    found: list[Control] = []
    seat, sea = game.turn, game.sea
    if sea.reef_due:
        if any(_legal(game, Reef(to=row, player=seat)) for row in range(1, 7)):
            found.append(Control(Text("seas_control_reef_to", seat=seat), {"type": "reef", "player": seat},
                                 (Ask("to", low=1, high=6),), group="reef"))
        if _legal(game, Reef(stay=True, player=seat)):
            found.append(Control(Text("seas_control_reef_stay", seat=seat),
                                 {"type": "reef", "stay": True, "player": seat}, group="reef"))
    if game.storms:
        found.extend(_storms(game))
    hand = game.hands[game._turn]
    if not sea.reef_due and game.storms and _legal(game, DiscardHand(hand, player=seat)):
        found.append(Control(Text("seas_control_whole_hand", seat=seat, count=hand),
                             {"type": "discard_hand", "count": hand, "player": seat}, group="actions"))
    free = game.monsters - sea.monsters_played - sum(sea.reported)
    if game.monsters and free > 0:
        found.append(Control(Text("seas_control_monster_held"), {"type": "monster_held"},
                             (Ask("player", low=1, high=game.players), Ask("count", low=1, high=free)),
                             group="monsters"))
    return found


def _storms(game: Seas) -> list[Control]:
    """A storm drawn (each colour; cancelled at once while the pool holds a compass), and a compass
    ending each storm lying."""
    seats = Ask("player", low=1, high=game.players)
    open_rows = any(game._row_open(row) for row in range(1, 7))
    found = [Control(Text(f"seas_control_{colour}"), {"type": "drawn", "card": f"storm-{colour}"},
                     (seats, Ask("row", low=1, high=6)) if colour == "purple" and open_rows else (seats,),
                     group="storms")
             for colour in ("yellow", "purple", "orange")]
    sea = game.sea
    if sea.compasses < 1:
        return found
    storms = Ask("card", ("storm-yellow", "storm-purple", "storm-orange"),
                 said=(Text("say_a_yellow_storm"), Text("say_a_purple_storm"), Text("say_an_orange_storm")))
    found.append(Control(Text("seas_control_cancelled"), {"type": "drawn", "compass": True}, (seats, storms),
                         group="storms"))
    for card, lying in (("storm-yellow", sea.yellow), ("storm-orange", sea.orange)):
        for s, count in enumerate(lying):
            if count:
                found.append(Control(Text("seas_control_compass_seat", card=card, seat=s + 1),
                                     {"type": "compass", "ends": card, "seat": s + 1}, group="compass"))
    for row in sorted(set(sea.purple)):
        found.append(Control(Text("seas_control_compass_row", row=row),
                             {"type": "compass", "ends": "storm-purple", "row": row}, group="compass"))
    return found


def notes(game: Seas) -> list[Text]:
    """Before the Finish card, while monsters may be in hands: ask who holds one (T14, T22)."""
    sea = game.sea
    if game.monsters and game.is_complete() and not game.finish_played and (
            game.monsters - sea.monsters_played - sum(sea.reported)) > 0:
        return [Text("seas_note_monsters", count=game.monsters - sea.monsters_played)]
    return []


def _legal(game: Seas, event: Event) -> bool:
    return game.check(event).legal


__all__ = ["controls", "notes"]
