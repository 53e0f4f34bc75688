"""What the page offers Rixes' players to tell (:mod:`companion.engine.controls`) and what it warns
about: a straightened crew member's effect on the Bagarre (RX12) told as one operation of
``shared/RECORD.md``'s ``ops``, a Légende's Butin when the loot is shared (RX13), each player's
recruitment (RX14); Barbe Noire nearing 15 gold and a tie-break Rixe (RX15).

A control asks the fields the camera cannot know: the member used, the card aimed at, a value, a
captain (0: Barbe Noire), the Pirates drawn. Each is offered only when the referee would accept it
with some answers; a captain's number or an amount out of its bounds is refused with the rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from companion.engine.controls import Ask, Control, filled
from companion.engine.events import event_from_json
from companion.games.rixes.bagarre import BARBE_NOIRE, CAPTAINS, PLAYERS
from companion.games.rixes.events import MOST
from companion.games.rixes.phases import TARGET
from companion.games.rixes.weapons import HIGHEST, LOWEST, TYPES, weapon_words
from companion.text import Text

if TYPE_CHECKING:
    from companion.games.rixes.rules import Rixes

#: Barbe Noire's gold from which the page warns that he nears the 15 that win (RX15).
NEAR = TARGET - 3


def controls(game: Rixes) -> list[Control]:
    """The controls the game calls for now, each one the referee would accept as it stands (the
    fields left to ask aside): effects during a Bagarre, then the Butins, then the recruitments."""
    if game.outcome() is not None:
        return []
    found: list[Control] = []
    for player in PLAYERS:
        found += _effects(game, player)
    for player in PLAYERS:
        found += _butin(game, player)
    for player in PLAYERS:
        found += _recruits(game, player)
    return found


def notes(game: Rixes) -> list[Text]:
    """Warnings that refuse nothing: Barbe Noire has 12 gold or more (15 wins him the game at the
    end of the Rixe), and a tie-break Rixe is being played."""
    if game.outcome() is not None:
        return []
    found: list[Text] = []
    gold = game.t.gold.get(BARBE_NOIRE, 0)
    if gold >= NEAR:
        found.append(Text("rixes_note_gold", gold=gold, target=TARGET))
    if game.t.tiebreak:
        found.append(Text("rixes_note_tiebreak"))
    return found


# -- a crew member's effect on the Bagarre (RX12) -----------------------------------------------

def _captain(field: str, hint: str) -> Ask:
    """A captain's number asked at ``field``: 0 (Barbe Noire), 1 or 2."""
    return Ask(field, low=min(CAPTAINS), high=max(CAPTAINS), hint=Text(hint))


def _effects(game: Rixes, player: int) -> Iterator[Control]:
    """``player``'s effects on the Bagarre on the table, one control an operation, the member used
    asked among its straightened ones."""
    t = game.t
    bagarre = t.bagarre
    members = tuple(m.name for m in t.crews.get(player, []) if not m.tilted)
    if bagarre is None or t.phase != "bagarres" or not members:
        return
    cards = tuple(dict.fromkeys(c.card for c in bagarre.cards if c.card not in bagarre.hidden))
    card = Ask("ops.0.card", cards, hint=Text("rixes_control_ask_card"), said=tuple(map(weapon_words, cards)))
    to = _captain("ops.0.to", "rixes_control_ask_to")
    amount = Ask("ops.0.amount", low=1, high=MOST, hint=Text("rixes_control_ask_amount"))
    richest = max(CAPTAINS, key=lambda captain: t.gold.get(captain, 0))
    most = t.gold.get(richest, 0)
    aimed = {"ops.0.card": cards[0]} if cards else None  # None: no card to aim at
    # Each operation: its control's key, the answers the referee is asked about (None: not
    # offered now), and the fields it asks.
    offers: list[tuple[str, dict[str, Any] | None, tuple[Ask, ...]]] = [
        ("cancel", None if bagarre.cancelled else {}, ()),
        ("value", aimed and {**aimed, "ops.0.value": LOWEST},
         (card, Ask("ops.0.value", low=LOWEST, high=HIGHEST, hint=Text("rixes_control_ask_value")))),
        ("type", aimed and {**aimed, "ops.0.type": TYPES[0]},
         (card, Ask("ops.0.type", TYPES, hint=Text("rixes_control_ask_type"),
                    said=tuple(Text(f"rixes_type_{kind}") for kind in TYPES)))),
        ("move", aimed and {**aimed, "ops.0.to": BARBE_NOIRE}, (card, to)),
        ("to_hand", aimed, (card,)),
        ("award", {"ops.0.to": BARBE_NOIRE}, (to,)),
        ("gold", {"ops.0.to": player, "ops.0.amount": 1}, (to, amount)),
        ("gold_from", {"ops.0.from": richest, "ops.0.to": player, "ops.0.amount": 1} if most > 0 else None,
         (_captain("ops.0.from", "rixes_control_ask_from"), to,
          Ask("ops.0.amount", low=1, high=max(most, 1), hint=Text("rixes_control_ask_amount")))),
    ]
    # A member may act (an effect of no operation) whatever its operations; each is then checked
    # with the first such member.
    usable = tuple(name for name in members
                   if _legal(game, {"type": "effect", "player": player, "crew": name, "ops": []}))
    if not usable:
        return
    member = Ask("crew", usable, hint=Text("rixes_control_ask_member"))
    for key, answers, asks in offers:
        line = {"type": "effect", "player": player, "ops": [{"op": "gold" if key == "gold_from" else key}]}
        if answers is not None and _legal(game, filled(line, {**answers, "crew": usable[0]})):
            yield Control(Text(f"rixes_control_{key}", player=player), line, (member, *asks), group="effects")


# -- the loot (RX13) and the recruitment (RX14) -------------------------------------------------

def _butin(game: Rixes, player: int) -> Iterator[Control]:
    """The Butin [n] of ``player``'s straightened Légende when the loot is shared: n gold to it."""
    t = game.t
    legend = next((m for m in t.crews.get(player, []) if m.legend and not m.tilted), None)
    if legend is None or t.phase == "recruit":
        return
    line = {"type": "effect", "player": player, "crew": legend.name, "ops": [{"op": "gold", "to": player}]}
    if _legal(game, filled(line, {"butin": 1, "ops.0.amount": 1})):
        ask = Ask("butin", low=1, high=MOST, also=("ops.0.amount",), hint=Text("rixes_control_ask_butin"))
        text = Text("rixes_control_butin", player=player, crew=legend.name)
        yield Control(text, line, (ask,), group="loot")


def _recruits(game: Rixes, player: int) -> Iterator[Control]:
    """``player``'s recruitment, once the Bagarres are over and until it has recruited: a drawn
    Pirate added (1 gold to Barbe Noire), one in place of a Pirate of the crew, or both discarded;
    the two Pirates drawn typed (the one kept first)."""
    t = game.t
    if player in t.recruited:
        return
    taken = {m.name for members in t.crews.values() for m in members}
    fresh = [name for name in (f"pirate-{k}" for k in range(len(taken) + 2)) if name not in taken][:2]
    line: dict[str, Any] = {"type": "recruit", "player": player}
    kept = Ask("pirate", also=("drawn.0",), hint=Text("rixes_control_ask_kept"))
    other = Ask("drawn.1", hint=Text("rixes_control_ask_other"))
    drawn = {"drawn.0": fresh[0], "drawn.1": fresh[1]}
    if not _legal(game, filled(line, {**drawn, "pirate": None})):
        return  # the Bagarres are not over
    if _legal(game, filled(line, {**drawn, "pirate": fresh[0]})):
        yield Control(Text("rixes_control_recruit_add", player=player), line, (kept, other), group="recruit")
    pirates = tuple(m.name for m in t.crews.get(player, []) if not m.legend)
    if pirates and _legal(game, filled(line, {**drawn, "pirate": fresh[0], "replaces": pirates[0]})):
        replaces = Ask("replaces", pirates, hint=Text("rixes_control_ask_replaces"))
        yield Control(Text("rixes_control_recruit_replace", player=player), line, (kept, other, replaces),
                      group="recruit")
    first = Ask("drawn.0", hint=Text("rixes_control_ask_drawn"))
    yield Control(Text("rixes_control_recruit_none", player=player), {**line, "pirate": None},
                  (first, Ask("drawn.1", hint=first.hint)), group="recruit")


def _legal(game: Rixes, line: Mapping[str, Any]) -> bool:
    """Whether the referee would accept the record line ``line`` now."""
    return game.check(event_from_json(dict(line))).legal


__all__ = ["NEAR", "controls", "notes"]
