"""Whole games of Rixes played by the computer with real hidden hands, through the referee.

Each Rixe deals 8 of the 27 weapons (the advanced deck with option ``advanced``) to each captain
(Barbe Noire's as his pile, in order), the 3 left aside unseen; with ``bn_pile: page`` Barbe Noire
plays the referee's own pile instead (:meth:`Rixes.engine_event`). Captains play when the referee
expects them (a Provocation of two types says which, RX16); a player follows the dominant type when
it can, and with ``mistakes`` sometimes does not (a revoke, which its later play may
prove, RX7). Now and then a player uses a straightened member: its effect changes a card's value,
moves a card to another captain, puts one back into its player's hand, or cancels the Bagarre.
The loot is shared with a Butin now and then, and each player recruits a Pirate, replaces one, or
passes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.engine.events import Event, Play
from companion.engine.record import Header
from companion.games.rixes.bagarre import BARBE_NOIRE
from companion.games.rixes.events import Effect, Op, Recruit
from companion.games.rixes.rules import Rixes
from companion.games.rixes.weapons import ADVANCED, WEAPONS, weapon

#: Pirates a recruitment may draw (the six the rulebook names, and four more of this project's).
PIRATES = ("flint", "drake", "guybrush", "ptit-biscuit", "manolito", "gaspar", "bones", "silver", "read",
           "kidd")
CREWS = {"1": {"legend": "anne", "pirates": ["flint"]}, "2": {"legend": "mary", "pirates": ["drake"]}}


class RixesSelfPlay:
    """One game for two players against Barbe Noire, its randomness all from ``rng``."""

    def __init__(self, players: int, rng: random.Random, *, options: Mapping[str, object] | None = None,
                 policy: str = "random", mistakes: float = 0.0, checked: bool = True,
                 names: list[str] | None = None, effects: float = 0.15) -> None:
        del policy  # one policy
        # Unchecked (the benchmark's whole games), cards are pushed as the referee would accept
        # them; effects are always ruled on (the referee decides whether they can be).
        self.rng, self.mistakes, self.effects, self.checked = rng, mistakes, effects, checked
        setup: dict[str, object] = {"crews": CREWS}
        if (options or {}).get("bn_pile") == "page":
            setup["seed"] = rng.randrange(2**31)
        self.header = Header("rixes", players, dict(options or {}), names, setup=setup)
        self.game = Rixes.from_header(players, options, setup=setup)
        self.events: list[Event] = []
        #: Each captain's hidden cards this Rixe (Barbe Noire's pile: its top last), and the cards
        #: set aside unseen.
        self.hands: dict[int, list[str]] = {}
        self.aside: list[str] = []
        self.revoked: list[str] = []
        self.deck = ADVANCED if self.header.options.get("advanced") else WEAPONS
        self._deal()

    def _deal(self) -> None:
        deck = list(self.deck)
        self.rng.shuffle(deck)
        self.hands = {0: deck[:8], 1: deck[8:16], 2: deck[16:24]}
        self.aside = deck[24:]

    def run(self, max_events: int = 4000) -> list[Event]:
        """Play until the game is over (or ``max_events``); the record's events."""
        game = self.game
        rixe = game.t.rixe
        while game.outcome() is None and len(self.events) < max_events:
            if game.t.rixe != rixe:
                rixe = game.t.rixe
                self._deal()
            if game.t.phase == "bagarres" and any(game.t.holding.values()):
                if game.t.bagarre is not None and self.rng.random() < self.effects:
                    self._effect()
                self._card()
            else:
                self._end_of_rixe()
        return self.events

    def _play(self, event: Event, *, legal: bool = True) -> bool:
        ruling = self.game.play(event)
        if legal:
            assert ruling.legal, (event, ruling.message_en)
        if ruling.legal or legal is False:
            self.events.append(event)
        return ruling.legal

    def _card(self) -> None:
        game = self.game
        captain = game.turn
        made = game.engine_event()
        if made is not None:  # the referee's own pile (bn_pile: page)
            self._play(made)
            return
        hand = self.hands[captain]
        # Barbe Noire turns over the top of his pile (the list's end).
        card = hand[-1] if captain == BARBE_NOIRE else self._choose(captain, hand)
        kinds = weapon(card).types
        # An advanced Provocation says which of its two types it is (RX16).
        provokes = game.t.provoking and len(kinds) > 1 and captain != BARBE_NOIRE
        play = Play(card, "", player=captain, as_=self.rng.choice(kinds) if provokes else "")
        if self.checked:
            self._play(play)
        else:
            game.push(play)
            self.events.append(play)
        hand.remove(card)

    def _choose(self, player: int, hand: list[str]) -> str:
        game = self.game
        bagarre = game.t.bagarre
        dominant = None if game.t.provoking or bagarre is None else bagarre.dominant
        follow = [card for card in hand if dominant is not None and weapon(card).bears(dominant)]
        others = [card for card in hand if card not in follow]
        known = game.t.known[player]
        able = follow and others and not (known & set(follow))
        if able and self.mistakes and self.rng.random() < self.mistakes:
            card = self.rng.choice(others)
            self.revoked.append(card)
            return card
        return self.rng.choice(follow or hand)

    def _effect(self) -> None:
        """A straightened member of a random player's crew changes the Bagarre on the table."""
        game = self.game
        bagarre = game.t.bagarre
        assert bagarre is not None
        player = self.rng.choice((1, 2))
        members = [m for m in game.t.crews[player] if not m.tilted]
        if not members or not bagarre.cards:
            return
        member = self.rng.choice(members)
        target = self.rng.choice(bagarre.cards)
        kind = self.rng.random()
        if kind < 0.4:
            op = Op("value", card=target.card, value=self.rng.randint(0, 8))
        elif kind < 0.7:
            op = Op("move", card=target.card, to=self.rng.choice((0, 1, 2)))
        elif kind < 0.9 and target.added_by != BARBE_NOIRE:
            op = Op("to_hand", card=target.card)
        else:
            op = Op("cancel")
        if self._play(Effect(crew=member.name, ops=(op,), player=player), legal=False) and op.op == "to_hand":
            self.hands[target.added_by].append(target.card)

    def _end_of_rixe(self) -> None:
        """The loot (with a Butin now and then) and each player's recruitment."""
        game = self.game
        for player in (1, 2):
            if player in game.t.recruited:
                continue
            legend = next(m for m in game.t.crews[player] if m.legend)
            if game.t.phase == "bagarres" and self.rng.random() < 0.3:
                gold = (Op("gold", to=player, amount=1),)
                self._play(Effect(crew=legend.name, ops=gold, butin=1, player=player), legal=False)
            free = [p for p in PIRATES if all(game.t.member(c, p) is None for c in (1, 2))]
            drawn = self.rng.sample(free, 2)
            pirates = [m.name for m in game.t.crews[player] if not m.legend]
            choice = self.rng.random()
            if choice < 0.4 and game.t.gold[player] >= 1 and len(pirates) < 3:
                event = Recruit(pirate=drawn[0], drawn=tuple(drawn), player=player)
            elif choice < 0.7 and pirates:
                replaced = self.rng.choice(pirates)
                event = Recruit(pirate=drawn[0], replaces=replaced, drawn=tuple(drawn), player=player)
            else:
                event = Recruit(pirate=None, drawn=tuple(drawn), player=player)
            self._play(event)
            return


def game_of(seed: int, *, mistakes: float = 0.0,
            options: Mapping[str, object] | None = None) -> RixesSelfPlay:
    """A whole game played from ``seed`` (for tests and benchmarks)."""
    play = RixesSelfPlay(2, random.Random(seed), options=options, mistakes=mistakes)
    play.run()
    return play


__all__ = ["CREWS", "PIRATES", "RixesSelfPlay", "game_of"]
