"""Rixes sur une mer de Légendes refereed, as ``shared/rulings/rixes.md`` RX1 to RX16 say.

Two players against Barbe Noire, captain 0. Each Rixe deals 8 weapons to every captain; a Bagarre
is provoked (RX4), played in order (RX5), its dominant type followed where the table proves a
player could (RX6) and a revoke proved by later play (RX7); crew members' effects are told by the
page as operations (RX12); a Bagarre is attributed by the cards possessed, with Barbe Noire's two
cheats (RX8 to RX10), once the next Bagarre begins or the loot is shared (RX13); then each player
recruits (RX14), and the game may end (RX15). With option ``advanced`` a weapon bears two types and
is played as one (RX16); with ``bn_pile: page`` the companion turns over Barbe Noire's pile itself,
from the header's seed (RX3, :meth:`Rixes.engine_event`).

>>> game = Rixes(crews={"1": {"legend": "anne", "pirates": ["flint"]},
...                     "2": {"legend": "mary", "pirates": ["drake"]}})
>>> plays = ((0, "fist-4"), (1, "fist-6"), (2, "sabres-2"))
>>> [game.play(Play(card, "", player=seat)).legal for seat, card in plays]
[True, True, True]
>>> game.play(Play("pistols-1", "", player=2)).message_en  # the Bagarre was seat 1's: it provokes
"it is captain 1's turn, not captain 2's"
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Self

import companion.games.rixes.messages  # noqa: F401  (registers its words, said below)
from companion.engine.controls import Control
from companion.engine.events import Event, Override, Placement, Play, TakeBack, Undo
from companion.engine.game import Game, Option
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.errors import MalformedInput
from companion.games.rixes.bagarre import (
    BARBE_NOIRE,
    CAPTAINS,
    PLAYERS,
    InPlay,
    attribute,
    order,
    provocateurs,
)
from companion.games.rixes.controls import controls, notes
from companion.games.rixes.effects import Bagarre, apply
from companion.games.rixes.events import Effect, Recruit
from companion.games.rixes.phases import Won, end, loot, recruit
from companion.games.rixes.seen import Seen
from companion.games.rixes.table import DEALT, Member, Revoke, Table, crew_of
from companion.games.rixes.weapons import TYPES, WEAPONS, two_types, weapon, weapon_words
from companion.text import Text, Words


class Rixes(Seen, Game[Table]):
    """A game of Rixes between players 1 and 2 and Barbe Noire (captain 0)."""

    name = "rixes"
    title = Text("say_rixes_on_a_sea_of_legends")
    min_players = 2
    max_players = 2
    OPTIONS = (
        Option("breach", "note", ("note", "stop"),
               Text("say_a_revoke_proved_is_reported_note")),
        Option("bn_at_once", False, (False, True),
               Text("say_barbe_noire_wins_the_moment_he")),
        Option("advanced", False, (False, True),
               Text("say_advanced_weapons_two_types_a_card")),
        Option("bn_pile", "table", ("table", "page"),
               Text("say_barbe_noire_s_pile_turned_over")),
    )
    SETUP_FIELDS = ("crews", "gold", "rixe", "seed")
    OVERRIDABLE = frozenset({"RX6", "RX16"})
    PLAYS_AS = True
    TURN_RULE = "RX5"
    OVER_RULE = "RX15"
    MOVE = Play
    CARDS: ClassVar[frozenset[str]] = frozenset(WEAPONS)

    def __init__(self, players: int = 2, options: Mapping[str, object] | None = None, *,
                 decks: Sequence[int] | None = None, crews: Mapping[str, Any] | None = None,
                 gold: Mapping[str, int] | None = None, rixe: int = 1, seed: int = 0) -> None:
        super().__init__(players, options, decks=decks)
        self.seed = seed
        self._expected_now: frozenset[int] | None = None
        self.t = Table(rixe=rixe, crews={player: crew_of(crews, player) for player in (1, 2)})
        for captain, amount in (gold or {}).items():
            self.t.gold[int(captain)] = amount
        self._deal_pile()

    @classmethod
    def drawn_setup(cls, players: int, options: Mapping[str, object], setup: Mapping[str, object],
                    rng: random.Random) -> dict[str, object]:
        """The seed of Barbe Noire's pile with ``bn_pile: page`` when none is given (RX3)."""
        drawn = dict(setup)
        if options.get("bn_pile") == "page" and "seed" not in drawn:
            drawn["seed"] = rng.randrange(2**31)
        return drawn

    @classmethod
    def from_header(cls, players: int, options: Mapping[str, object] | None = None, *,
                    decks: Sequence[int] | None = None, setup: Mapping[str, object] | None = None) -> Self:
        """A game as its header says: ``crews`` required, ``gold`` and ``rixe`` to start mid-game."""
        setup = setup or {}
        crews, gold, rixe = setup.get("crews"), setup.get("gold") or {}, setup.get("rixe", 1)
        seed = setup.get("seed", 0)
        if not isinstance(crews, dict):
            raise MalformedInput(Text("missing_field", field="crews"))
        if not isinstance(gold, dict) or any(key not in ("0", "1", "2") or isinstance(v, bool)
                                             or not isinstance(v, int) or v < 0 for key, v in gold.items()):
            raise MalformedInput(Text("bad_field", field="gold", value=gold))
        if isinstance(rixe, bool) or not isinstance(rixe, int) or rixe < 1:
            raise MalformedInput(Text("bad_field", field="rixe", value=rixe))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MalformedInput(Text("bad_field", field="seed", value=seed))
        return cls(players, options, decks=decks, crews=crews, gold=gold, rixe=rixe, seed=seed)

    # -- names --------------------------------------------------------------------

    def validate(self, event: Event) -> None:
        """Captains are 0 (Barbe Noire), 1 and 2."""
        if event.player is not None and event.player not in CAPTAINS:
            raise MalformedInput(Text("seat_out_of_range", seat=event.player, players=2))
        self._validate_names(event)

    def _validate_names(self, event: Event) -> None:
        if isinstance(event, Play):
            # Advanced weapons bear two types (RX16): any such name is a card of that deck.
            if event.card not in self.CARDS and not (self.options.get("advanced") and two_types(event.card)):
                raise MalformedInput(Text("unknown_card", card=event.card, game=self.title))
            if event.at:
                raise MalformedInput(Text("bad_field", field="at", value=event.at))
            if event.as_ and (event.as_ not in TYPES or not self.options.get("advanced")):
                raise MalformedInput(Text("bad_field", field="as", value=event.as_))
        elif isinstance(event, Placement) or not isinstance(event, Effect | Recruit | Override | Undo
                                                                  | TakeBack):
            raise MalformedInput(Text("wrong_game_event", kind=event.TYPE, game=self.title))

    def card_label(self, card: str) -> Words | str:
        """A weapon in words ("fist 5", "poing 5"), or the name as given when it is none."""
        return weapon_words(card)

    def cell_label(self, cell: str) -> Words | str:
        """Rixes has no cells."""
        return cell

    @property
    def turn(self) -> int:
        """The captain expected to play next (the lower, when both players may)."""
        allowed = self._expected()
        return min(allowed) if allowed else BARBE_NOIRE

    # -- whose turn ------------------------------------------------------------------

    def _winner_now(self) -> Won:
        """Who wins the Bagarre on the table as it stands (``cancelled``: set aside)."""
        bagarre = self.t.bagarre
        if bagarre is None:
            return None
        if bagarre.cancelled:
            return "cancelled"
        return attribute(bagarre.cards, bagarre.dominant or "", provocateur=bagarre.provocateur,
                         provocation=bagarre.provocation, award=bagarre.award).winner

    def _expected(self) -> frozenset[int]:
        """Who may play now: a Provocateur (RX4), or the captains of the next turn (RX5); kept
        until the state changes (a benchmark checks many cards against one position)."""
        if self._expected_now is None:
            self._expected_now = self._expected_from_table()
        return self._expected_now

    def _changed(self) -> None:
        super()._changed()
        self._expected_now = None

    def _expected_from_table(self) -> frozenset[int]:
        t = self.t
        if t.phase != "bagarres":
            return frozenset()
        if self.t.provoking:
            if t.bagarre is None:
                return provocateurs(True, None, None, t.holding, t.provoked)
            won = self._winner_now()
            return provocateurs(False, t.bagarre.provocateur, won if isinstance(won, int) else None,
                                t.holding, t.provoked)
        bagarre = t.bagarre
        assert bagarre is not None
        played = set(t.played_by)
        for turn in t.turns:
            waiting = {captain for captain in turn if captain not in played}
            if waiting:
                return frozenset(waiting)
        return frozenset()

    # -- rulings ---------------------------------------------------------------------

    def check(self, event: Event) -> Ruling:
        # A play is checked by its captain, not by a turn of seats 1..N.
        if isinstance(event, Play) and not self.flagged and self.outcome() is None:
            return self._check_action(event)
        return super().check(event)

    def _check_action(self, event: Event) -> Ruling:
        if self.t.halted and not isinstance(event, Override):
            return refused("RX7", Text("rixes_halted"))
        if isinstance(event, Play):
            return self._check_play(event)
        if isinstance(event, Effect):
            return self._check_effect(event)
        if isinstance(event, Recruit):
            return self._check_recruit(event)
        return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))

    def _check_play(self, event: Play) -> Ruling:
        t = self.t
        if t.phase != "bagarres" or not any(t.holding.values()):
            return refused("RX13", Text("rixes_no_bagarre_left"))
        allowed = self._expected()
        captain = event.player if event.player is not None else (min(allowed) if len(allowed) == 1 else None)
        # With the companion's pile, Barbe Noire's cards come from a deck of their own (RX3).
        if event.card in (t.pile_seen if captain == BARBE_NOIRE and self._pile else t.seen):
            return refused("G2", Text("rixes_seen_twice", card=self.card_label(event.card)))
        if captain is None or captain not in allowed:
            expected = " / ".join(str(c) for c in sorted(allowed)) or "-"
            return refused("RX5", Text("rixes_not_your_turn", expected=expected, captain=event.player))
        if captain == BARBE_NOIRE and self._pile and t.pile and event.card != t.pile[-1]:
            return refused("RX3", Text("rixes_pile_top", card=self.card_label(t.pile[-1])))
        card = weapon(event.card)
        new = self.t.provoking
        if new and captain != BARBE_NOIRE and len(card.types) > 1:
            label = self.card_label(event.card)
            if not event.as_:
                return refused("G2", Text("rixes_say_type", card=label, types=" / ".join(card.types)))
            if event.as_ not in card.types:
                return refused("RX16", Text("rixes_not_its_type", card=label, kind=event.as_))
        bagarre = t.bagarre
        if not new and bagarre is not None and captain != BARBE_NOIRE and t.known[captain]:
            kind = bagarre.dominant or ""
            held = sorted(known for known in t.known[captain] if weapon(known).bears(kind))
            if not card.bears(kind) and held:
                text = Text("rixes_must_follow", captain=captain, kind=kind, held=", ".join(held))
                return refused("RX6", text)
        if new:
            return accepted(Text("rixes_provokes", captain=captain, card=self.card_label(event.card)))
        return accepted(Text("rixes_plays", captain=captain, card=self.card_label(event.card)))

    def _check_effect(self, event: Effect) -> Ruling:
        t = self.t
        player = event.player or 0
        member = t.member(player, event.crew)
        if member is None:
            return refused("RX12", Text("rixes_not_in_crew", crew=event.crew, player=player))
        if member.tilted and not event.passive:
            return refused("RX12", Text("rixes_tilted", crew=event.crew))
        if event.butin is not None:
            if not self._bagarres_over():
                return refused("RX13", Text("rixes_butin_early", crew=event.crew))
        elif t.bagarre is None or t.phase != "bagarres":
            return refused("RX12", Text("rixes_no_bagarre", crew=event.crew))
        applied = apply(t.bagarre or _EMPTY, event.ops, player=player, holding=t.holding)
        if applied.refused is not None:
            return refused("RX12", Text("rixes_effect_" + applied.refused, crew=event.crew))
        gold = self._gold_after(applied.gold, event.butin is not None)
        if any(amount < 0 for amount in gold.values()):
            return refused("RX12", Text("rixes_no_gold_to_move", crew=event.crew))
        return accepted(Text("rixes_effect", crew=event.crew, player=player))

    def _check_recruit(self, event: Recruit) -> Ruling:
        t = self.t
        player = event.player or 0
        if not self._bagarres_over() and t.phase != "recruit":
            return refused("RX14", Text("rixes_recruit_early"))
        if player in t.recruited:
            return refused("RX14", Text("rixes_recruited_already", player=player))
        other = 3 - player
        if event.pirate is not None and t.member(other, event.pirate) is not None:
            return refused("RX14", Text("rixes_recruit_other_crew", pirate=event.pirate, player=other))
        gold = self._gold_after({}, True)
        result = recruit(t.crew_of(player), gold[player], event.pirate, event.replaces, event.drawn)
        if result.refused is not None:
            return refused("RX14", Text("rixes_recruit_" + result.refused, player=player,
                                        pirate=event.pirate or "-", replaces=event.replaces or "-"))
        if event.pirate is None:
            return accepted(Text("rixes_recruits_none", player=player))
        return accepted(Text("rixes_recruits", player=player, pirate=event.pirate))

    def _bagarres_over(self) -> bool:
        """Whether no captain holds a card and the last Bagarre has all its cards (phase 3 may begin)."""
        t = self.t
        return t.phase in ("loot", "recruit") or (
            t.phase == "bagarres" and not any(t.holding.values()) and t.provoking)

    def _gold_after(self, moves: Mapping[int, int], counting: bool) -> dict[int, int]:
        """Every captain's gold after ``moves``, the loot counted first if it is due (``counting``)."""
        gold = dict(self.t.gold)
        if counting and self.t.phase == "bagarres":
            won = [*self.t.winners, self._winner_now()] if self.t.bagarre is not None else self.t.winners
            for captain, amount in loot(won).items():
                gold[captain] += amount
        for captain, amount in moves.items():
            gold[captain] = gold.get(captain, 0) + amount
        return gold

    # -- applying --------------------------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        t = self.t
        index = len(self._stack) - 1
        if isinstance(event, Override):
            t.halted = False  # the players accept the breach proved, or dispute it
            return
        if isinstance(event, Play):
            self._apply_play(event, index)
        elif isinstance(event, Effect):
            self._apply_effect(event)
        elif isinstance(event, Recruit):
            self._apply_recruit(event)
        if self.options.get("bn_at_once") and t.gold[BARBE_NOIRE] >= 15 and t.result is None:
            t.result, t.winner, t.phase = "lost", BARBE_NOIRE, "over"
        self._changed()  # what was worked out while applying is of the state before

    def _apply_play(self, event: Play, index: int) -> None:
        t = self.t
        captain = event.player if event.player is not None else min(self._expected())
        card = weapon(event.card)
        if self.t.provoking:
            if t.bagarre is not None:
                self._finish_bagarre()
            # A player's advanced Provocation is of the type it names; Barbe Noire's, its top (RX16).
            kind = event.as_ if captain != BARBE_NOIRE and event.as_ in card.types else card.types[0]
            t.bagarre = Bagarre((InPlay(event.card, captain, captain, kind, card.value),),
                                kind, provocateur=captain, provocation=event.card)
            t.played_by = [captain]
            t.provoked.append(captain)
            t.turns = [set(turn) for turn in order(captain, t.holding)]
        else:
            bagarre = t.bagarre
            assert bagarre is not None
            dominant = bagarre.dominant or ""
            kind = dominant if card.bears(dominant) else card.types[0]
            if captain != BARBE_NOIRE:
                self._prove(captain, card.types, index)
                if kind != dominant:
                    t.revokes.append(Revoke(captain, dominant, index))
            laid = InPlay(event.card, captain, captain, kind, card.value)
            t.bagarre = Bagarre((*bagarre.cards, laid), dominant, bagarre.provocateur, bagarre.provocation,
                                bagarre.award, bagarre.cancelled)
            t.played_by.append(captain)
        t.holding[captain] -= 1
        if captain == BARBE_NOIRE and self._pile:
            t.pile_seen.add(event.card)
            if t.pile and t.pile[-1] == event.card:
                t.pile.pop()
        else:
            t.seen.add(event.card)
        if captain in t.known:
            t.known[captain].discard(event.card)

    def _prove(self, player: int, kinds: tuple[str, ...], index: int) -> None:
        """A player's card bearing a type (``kinds``: either half of an advanced card) it did not
        follow earlier in this Rixe, held since then: the revoke proved (RX7), once; its ``breach``
        the earlier event."""
        t = self.t
        for revoke in t.revokes:
            if revoke.player == player and revoke.kind in kinds and not revoke.unseen \
                    and revoke.index not in {broke for _, broke, _ in t.breaches}:
                t.breaches.append(("RX7", revoke.index, index))
                if self.options.get("breach") == "stop":
                    t.halted = True
                return

    def _apply_effect(self, event: Effect) -> None:
        t = self.t
        player = event.player or 0
        if event.butin is not None and t.phase == "bagarres":
            self._share_loot()
        applied = apply(t.bagarre or _EMPTY, event.ops, player=player, holding=t.holding)
        if t.bagarre is not None and t.phase == "bagarres":
            t.bagarre = applied.bagarre
        for captain, amount in applied.gold.items():
            t.gold[captain] = t.gold.get(captain, 0) + amount
        for captain, amount in applied.hands.items():
            t.holding[captain] = max(0, t.holding.get(captain, 0) + amount)
        for op in event.ops:
            if op.op == "hand" and op.to in (1, 2) and (op.amount or 0) > 0:
                for revoke in t.revokes:
                    if revoke.player == op.to:
                        revoke.unseen = True  # an unseen card entered that hand: no proof now
        for captain, card in applied.to_hands:
            if captain in t.known:
                t.known[captain].add(card)
                t.seen.discard(card)  # back in a hand: it may be played again
            elif self._pile:
                # Back "en main" to Barbe Noire: on top of his pile (RX12, Ambiguous).
                t.pile.append(card)
                t.pile_seen.discard(card)
        for owner, name in applied.tilted:
            if (member := t.member(owner, name)) is not None:
                member.tilted = True
        for owner, name in (*applied.straightened, *((player, name) for name in event.supersedes)):
            if (member := t.member(owner, name)) is not None:
                member.tilted = False
        member = t.member(player, event.crew)
        if member is not None and not event.passive:
            member.tilted = True

    def _apply_recruit(self, event: Recruit) -> None:
        t = self.t
        player = event.player or 0
        if t.phase == "bagarres":
            self._share_loot()
        result = recruit(t.crew_of(player), t.gold[player], event.pirate, event.replaces, event.drawn)
        if event.pirate is not None:
            members = [m for m in t.crews[player] if m.name != event.replaces]
            members.append(Member(event.pirate, legend=False))
            t.crews[player] = members
        t.gold[player] -= result.paid
        t.gold[BARBE_NOIRE] += result.paid
        t.recruited.add(player)
        t.phase = "recruit"
        if t.recruited >= {1, 2}:
            self._end_of_rixe()

    def _finish_bagarre(self) -> None:
        """The Bagarre on the table attributed for good (the next begins, or the loot is shared)."""
        t = self.t
        t.winners.append(self._winner_now())
        t.bagarre, t.played_by, t.turns, t.used = None, [], [], []

    def _share_loot(self) -> None:
        """Phase 3 (RX13): the last Bagarre attributed, a gold a Bagarre won."""
        t = self.t
        if t.bagarre is not None:
            self._finish_bagarre()
        for captain, amount in loot(t.winners).items():
            t.gold[captain] += amount
        t.phase = "loot"

    def _end_of_rixe(self) -> None:
        """Both players recruited: the game's end checked (RX15), or the next Rixe dealt (RX2)."""
        t = self.t
        verdict = end(t.gold, tiebreak=t.tiebreak)
        if verdict.result in ("won", "lost"):
            t.result, t.winner, t.phase = verdict.result, verdict.winner, "over"
            return
        t.history.append(t.winners)
        t.tiebreak = verdict.result == "tiebreak"
        t.rixe += 1
        t.phase = "bagarres"
        t.holding = dict.fromkeys(CAPTAINS, DEALT)
        t.bagarre, t.played_by, t.turns, t.winners, t.provoked = None, [], [], [], []
        t.seen, t.known, t.revokes, t.recruited, t.used = set(), {1: set(), 2: set()}, [], set(), []
        for members in t.crews.values():
            for member in members:
                member.tilted = False
        self._deal_pile()

    # -- Barbe Noire's pile kept by the companion (RX3) ------------------------------------------

    @property
    def _pile(self) -> bool:
        return self.options.get("bn_pile") == "page"

    def _deal_pile(self) -> None:
        """With ``bn_pile: page``, Barbe Noire's 8 cards of this Rixe from the 27 weapons shuffled by
        the header's seed and the Rixe's number (so an undo or a replay deals the same)."""
        if self._pile:
            deck = list(WEAPONS)
            random.Random(self.seed * 1009 + self.t.rixe).shuffle(deck)
            self.t.pile, self.t.pile_seen = deck[:DEALT], set()

    def engine_event(self) -> Event | None:
        """Barbe Noire's card turned over from the companion's pile when it is his turn (RX3)."""
        t = self.t
        if (not self._pile or not t.pile or self.flagged or t.halted or self.outcome() is not None
                or BARBE_NOIRE not in self._expected()):
            return None
        return Play(t.pile[-1], "", player=BARBE_NOIRE, source="engine")

    # -- rulings' fields ---------------------------------------------------------------------

    def _after_push(self, event: Event, ruling: Ruling) -> Ruling:
        """A play's or an effect's ruling names its Bagarre and, once it has all its cards, who
        wins it now; a proved revoke names its ``breach``; phase 3 and 4 say every captain's gold."""
        t = self.t
        fields: dict[str, Any] = {}
        if isinstance(event, Play | Effect) and t.bagarre is not None and t.phase == "bagarres":
            fields["bagarre"] = len(t.winners) + 1
            if t.complete:
                won = self._winner_now()
                fields["winner"] = None if won == "cancelled" else won
                if won == "cancelled":
                    fields["cancelled"] = True
        if t.phase in ("loot", "recruit", "over") and isinstance(event, Effect | Recruit):
            fields["gold"] = {str(c): t.gold[c] for c in CAPTAINS}
        proved = [b for b in t.breaches if b[2] == len(self._stack) - 1]
        if proved:
            fields["breach"] = self.seq_of(proved[0][1])
            text = Text("rixes_revoke_proved", captain=event.player, card=getattr(event, "card", "-"),
                        breach=fields["breach"])
            return Ruling(True, "RX7", None, text, fields)
        return Ruling(ruling.legal, ruling.rule, ruling.discard, ruling.text, fields)

    def _override_ruling(self, placement: Placement) -> Ruling:
        return accepted(Text("rixes_played_anyway", card=self.card_label(placement.card)))

    def _override_unflagged(self) -> Ruling:
        if self.t.halted:
            return accepted(Text("rixes_breach_accepted"))
        return super()._override_unflagged()

    # -- snapshots, outcome, moves -----------------------------------------------------------

    def _save(self) -> Table:
        return self.t.copy()

    def _restore(self, saved: Table) -> None:
        self.t = saved.copy()

    def _compute_outcome(self) -> Outcome | None:
        t = self.t
        if t.result is None:
            return None
        if t.result == "won" and t.winner is not None:
            return Outcome(Termination.FINISHED, (t.winner,), Text("rixes_won", player=t.winner))
        return Outcome(Termination.FINISHED, (), Text("rixes_lost"))

    def _generate_legal(self) -> Iterator[Event]:
        for captain in sorted(self._expected()):
            for card in WEAPONS:
                play = Play(card, "", player=captain)
                if self.check(play).legal:
                    yield play

    def controls(self) -> list[Control]:
        """What the players tell the page now (:mod:`companion.games.rixes.controls`)."""
        return controls(self)

    def notes(self) -> list[Text]:
        """What the page warns about now (:mod:`companion.games.rixes.controls`)."""
        return notes(self)

    def points(self) -> dict[int, int]:
        """Each player's gold (Barbe Noire's apart: he is no seat)."""
        return {captain: self.t.gold[captain] for captain in PLAYERS}

    def place_of(self, event: Event) -> str | None:
        """A card lies where its captain plays (``t<captain>``, Barbe Noire's ``t0``)."""
        captain = event.player if event.player is not None else self.turn
        return f"t{captain}"

    def state_json(self) -> dict[str, Any]:
        """The public state, as ``shared/RECORD.md`` says (Rixes' last line)."""
        t = self.t
        bagarre = t.bagarre
        return {
            "game": self.name, "players": self.players, "options": dict(self.options),
            "rixe": t.rixe, "phase": t.phase, "gold": {str(c): t.gold[c] for c in CAPTAINS},
            "bagarres": [*t.winners, *(["open"] if bagarre is not None else [])],
            "rixes": [list(winners) for winners in t.history],
            "provocateur": None if bagarre is None else bagarre.provocateur,
            "dominant": None if bagarre is None else bagarre.dominant,
            "bagarre": [] if bagarre is None else [
                {"card": c.card, "captain": c.added_by, "possessor": c.possessor, "type": c.kind,
                 "value": c.value} for c in bagarre.cards],
            "turn": sorted(self._expected()),
            "crews": {str(p): [{"name": m.name, "legend": m.legend, "tilted": m.tilted} for m in members]
                      for p, members in t.crews.items()},
            "hands": {str(c): t.holding[c] for c in CAPTAINS},
            "pile": len(t.pile) if self._pile else None,
            # For the camera: three places, Barbe Noire's (0) where a third seat's would be, and
            # the cards of a Bagarre still being played where their captains laid them.
            "places": self.seating(),
            "seat_names": {str(BARBE_NOIRE): "Barbe Noire"},
            "trick": [] if bagarre is None or t.provoking else [
                {"seat": c.added_by, "card": c.card} for c in bagarre.cards],
            "gone": sorted(t.seen),
            "breaches": [{"rule": rule, "seq": self.seq_of(broke), "proved_at": self.seq_of(proved)}
                         for rule, broke, proved in t.breaches],
            "tiebreak": t.tiebreak, "winner": t.winner,
            "flagged": [{"card": f.event.card, "captain": f.event.player, "rule": f.ruling.rule}
                        for f in self.flagged],
        }


#: The table an effect told outside a Bagarre (a Butin) acts on: no card.
_EMPTY = Bagarre((), None, provocateur=BARBE_NOIRE, provocation=None)


__all__ = ["Rixes"]
