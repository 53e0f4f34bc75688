"""Whole attempts of The Crew played by the computer with real hidden hands, through the referee.

The cards are dealt (for two players, Tonoja's row first, CR16), the commander found by ``sub-4``,
tasks drawn to a mission's difficulty and taken in turn, counts told, sonar cards shown truthfully
between tricks, and every card played by a seat that follows when it can (Tonoja by the commander,
from her visible cards). With ``mistakes``, a seat sometimes lays a card out of turn or Tonoja a card
she does not show, and takes it back; an accepted card is undone and laid again; or a seat that could
follow does not (a revoke, which its later play may prove, CR11).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.engine.events import Event, Play, TakeBack, Undo
from companion.engine.record import Header
from companion.engine.simulator import Policy
from companion.games.crew.draw import draw_tasks
from companion.games.crew.events import Predict, Reveal, Sonar, TakeTask
from companion.games.crew.facts import DECK, FAILED, colour_of, is_sub, value_of
from companion.games.crew.rules import Crew
from companion.games.crew.tasks import NOT_FOR_COMMANDER
from companion.games.crew.tonoja import COLUMNS


class CrewSelfPlay:
    """One attempt for ``players`` players (2 to 5; with 2, Tonoja is a third seat) and a mission
    of ``difficulty``, its randomness all from ``rng``."""

    def __init__(self, players: int, rng: random.Random, *, options: Mapping[str, object] | None = None,
                 policy: Policy = "random", difficulty: int = 4, mistakes: float = 0.0, sonar: float = 0.15,
                 checked: bool = True, names: list[str] | None = None) -> None:
        # A seat follows when it can and otherwise plays any card; a greedy one avoids a card that
        # fails a task or loses the attempt at once, when another does not (the demo's and the
        # films' attempts last longer so). A skilled crew is not the point: legal play is.
        self.greedy = policy == "greedy"
        self.rng, self.mistakes, self.sonar_rate = rng, mistakes, sonar
        # The trusted path (push) is for speed; mistakes need the referee.
        self.checked = checked or mistakes > 0
        seats = 3 if players == 2 else players
        deck = sorted(DECK)
        rng.shuffle(deck)
        setup: dict[str, object] = {}
        #: Each seat's hidden hand; for Tonoja, the cards under her columns.
        self.hands: list[set[str]] = [set() for _ in range(seats)]
        self.under: dict[str, str] = {}
        if players == 2:
            # CR16: sub-4 aside, 7 cards face down and 7 face up on them, sub-4 back, 13 each.
            deck.remove("sub-4")
            self.under = dict(zip(COLUMNS, deck[:7], strict=True))
            row = dict(zip(COLUMNS, deck[7:14], strict=True))
            rest = [*deck[14:], "sub-4"]
            rng.shuffle(rest)
            self.hands[0], self.hands[1] = set(rest[:13]), set(rest[13:])
            tonoja = 2
            commander = 0 if "sub-4" in self.hands[0] else 1
            setup.update({"tonoja": tonoja + 1, "tonoja_row": row})
        else:
            for k, card in enumerate(deck):
                self.hands[k % seats].add(card)
            commander = next(k for k, hand in enumerate(self.hands) if "sub-4" in hand)
        tasks = draw_tasks(difficulty, seats, rng)
        setup.update({"commander": commander + 1, "tasks": tasks})
        self.header = Header("crew", seats, dict(options or {}), names, setup=setup)
        self.game = Crew.from_header(seats, options, setup=setup)
        self.events: list[Event] = []
        #: The cards played by a seat that could have followed and did not (a mistake, CR11).
        self.revoked: list[str] = []

    def run(self, max_events: int = 2000) -> list[Event]:
        """Play the attempt to its end; the record's events."""
        game = self.game
        while game.outcome() is None and len(self.events) < max_events:
            if game.assigning:
                self._take_task()
            elif game.waiting_predictions():
                task = game.waiting_predictions()[0]
                self._play(Predict(task=task, count=self.rng.randint(0, 4), player=game.owners[task] + 1))
            else:
                self._card()
        return self.events

    def _play(self, event: Event, *, legal: bool = True) -> None:
        if self.checked or not legal or isinstance(event, Undo | TakeBack):
            ruling = self.game.play(event)
            assert ruling.legal == legal, (event, ruling.message_en)
        else:
            self.game.push(event)
        self.events.append(event)

    def _take_task(self) -> None:
        game = self.game
        seat = game.turn - 1
        left = [t for t in game.tasks if t not in game.owners
                and not (seat == game.commander and t in NOT_FOR_COMMANDER)]
        task = self.rng.choice(left) if left else None
        if task is None or not game.check(TakeTask(task, player=seat + 1)).legal:
            task = None
        self._play(TakeTask(task, player=seat + 1))

    def _card(self) -> None:
        game = self.game
        seat = game.turn - 1
        if not game.trick:
            self._reveal()
            self._maybe_sonar()
            if game.outcome() is not None:
                return  # a sonar card proved an earlier revoke (CR11)
        card, column = self._choose(seat)
        event = Play(card, column or "", player=seat + 1)
        if self.mistakes and self.rng.random() < self.mistakes:
            self._mistake(seat)
        self._play(event)
        if column is not None and self.under.get(column) == card:
            del self.under[column]  # the card under, played before it was named
        self.hands[seat].discard(card)
        if self.mistakes and self.rng.random() < self.mistakes / 2 and game.outcome() is None:
            self._play(Undo())
            self._play(event)

    def _choose(self, seat: int) -> tuple[str, str | None]:
        """A card ``seat`` may lay (following when it can) and, for Tonoja, its column."""
        game = self.game
        led = game.led_suit()
        if seat == game.tonoja and game.row is not None:
            shown = game.row.visible_cards()
            hidden = {column: self.under[column] for column in game.row.hidden_playable()}
            options = {**{card: column for column, card in shown.items()},
                       **{card: column for column, card in hidden.items()}}
            follow = [card for card in options if led is not None and colour_of(card) == led]
            card = self._pick(sorted(follow or options), seat, options)
            return card, options[card]
        hand = self.hands[seat]
        follow = sorted(card for card in hand if colour_of(card) == led)
        others = sorted(hand - set(follow))
        sonar = game.sonar.get(seat)
        proof = sonar is not None and sonar.card not in game.played and colour_of(sonar.card) == led
        if follow and others and not proof and self.mistakes and self.rng.random() < self.mistakes / 4:
            # A revoke: the seat could follow and does not. Nothing on the table proves it yet (CR11).
            card = self.rng.choice(others)
            self.revoked.append(card)
            return card, None
        card = self._pick(follow or sorted(hand), seat, {})
        return card, None

    def _pick(self, cards: list[str], seat: int, columns: Mapping[str, str]) -> str:
        """One of ``cards`` at random; for a greedy seat, one that fails no task at once if any."""
        if self.greedy and len(cards) > 1:
            game = self.game
            safe = []
            for card in cards:
                game.push(Play(card, columns.get(card, ""), player=seat + 1))
                outcome = game.outcome()
                if FAILED not in game.statuses.values() and (outcome is None or outcome.result != "lost"):
                    safe.append(card)
                game.pop()
            cards = safe or cards
        return self.rng.choice(cards)

    def _reveal(self) -> None:
        """Name the cards turned face up in Tonoja's columns uncovered in the last trick."""
        row = self.game.row
        if row is None:
            return
        for column in COLUMNS:
            # Sometimes nobody names it: her play of it will.
            if row.can_reveal(column) and column in self.under and self.rng.random() < 0.7:
                self._play(Reveal(column, self.under.pop(column)))
                row = self.game.row
                assert row is not None

    def _maybe_sonar(self) -> None:
        """Sometimes a seat without a sonar yet shows one of its colour cards, truthfully."""
        game = self.game
        candidates = [seat for seat in range(game.players) if seat not in game.sonar and seat != game.tonoja
                      and any(not is_sub(card) for card in self.hands[seat])]
        if not candidates or self.rng.random() >= self.sonar_rate:
            return
        seat = self.rng.choice(candidates)
        card = self.rng.choice(sorted(card for card in self.hands[seat] if not is_sub(card)))
        same = sorted(value_of(other) for other in self.hands[seat] if colour_of(other) == colour_of(card))
        position = ("middle" if len(same) == 1 else "top" if value_of(card) == same[-1]
                    else "bottom" if value_of(card) == same[0] else None)
        if position is not None:
            self._play(Sonar(card, "", position, player=seat + 1))

    def _mistake(self, seat: int) -> None:
        """A card laid out of turn by the next seat, refused and taken back."""
        game = self.game
        other = (seat + 1) % game.players
        if other == game.tonoja or not self.hands[other]:
            return
        card = sorted(self.hands[other])[0]
        event = Play(card, "", player=other + 1)
        if game.check(event).legal:
            return
        self._play(event, legal=False)
        self._play(TakeBack(card=card))


def attempt(players: int, seed: int, *, difficulty: int = 4, mistakes: float = 0.0,
            options: Mapping[str, object] | None = None) -> CrewSelfPlay:
    """A whole attempt played from ``seed`` (for tests and benchmarks)."""
    play = CrewSelfPlay(players, random.Random(seed), options=options, difficulty=difficulty,
                        mistakes=mistakes)
    play.run()
    return play


__all__ = ["CrewSelfPlay", "attempt"]
