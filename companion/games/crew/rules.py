"""The Crew : Mission sous-marine refereed: tasks taken, tricks, tasks decided, breaches proved.

Built on the tricks family (:class:`companion.engine.tricks.TrickGame`): the submarines are trumps
(CR12), the commander, who announced ``sub-4``, leads the first trick (CR3, CR9). Hands are hidden:
a card that does not follow the led colour is accepted (CR10 is refused at once only when the
proof lies on the table) and proved a revoke when the same seat later plays that colour (CR11);
``sub-4`` played by another seat proves the commander's announcement false (CR3). A breach proved
loses the attempt with option ``breach: fail`` (CR15). Every task is decided by
:func:`companion.games.crew.tasks.status` after each card, and the mission ends the moment it is
decided (CR14).

>>> game = Crew(4, commander=2, tasks=("trick:first",))
>>> game.play(TakeTask("trick:first", player=2)).message_en
'seat 2 takes the task “win the first trick”'
>>> [game.play(Play(card, "")).legal for card in ("pink-9", "pink-1", "pink-2", "pink-3")]
[True, True, True, True]
>>> game.outcome().result, game.statuses
('won', {'trick:first': 'DONE'})
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

import companion.games.crew.messages  # noqa: F401  (registers its words, said below)
from companion.engine.controls import Control
from companion.engine.deck import BACK
from companion.engine.events import DeclareLoss, Event, Override, Play
from companion.engine.game import Option, Seating
from companion.engine.ruling import Outcome, Ruling, Termination, accepted, refused
from companion.engine.tricks import TrickGame, TrickSnapshot
from companion.errors import MalformedInput
from companion.games.crew.controls import controls, notes
from companion.games.crew.events import DeclareWin, Distress, Predict, Redeal, Reveal, Sonar, TakeTask
from companion.games.crew.facts import DECK, PENDING, SERIES, Facts, Trick, colour_of, value_of
from companion.games.crew.setup import SETUP_HELP, drawn_setup
from companion.games.crew.state import Breach, CrewSnapshot, SonarCard, contradicts, logbook
from companion.games.crew.task_words import card_label as card_in_words
from companion.games.crew.task_words import task_label, task_words
from companion.games.crew.tasks import DIFFICULTY, NOT_FOR_COMMANDER, PREDICTED, status
from companion.games.crew.tonoja import COLUMNS, TonojaRow
from companion.text import Text, Words


class Crew(TrickGame):
    """An attempt of a mission of The Crew for 3 to 5 seats."""

    name = "crew"
    title = Text("say_the_crew_mission_deep_sea")
    min_players = 3
    max_players = 5
    CARDS: ClassVar[tuple[str, ...]] = tuple(sorted(DECK, key=lambda card: (colour_of(card), value_of(card))))
    TRUMP = "sub"
    PROVES_REVOKES = True
    TURN_RULE = "CR9"
    OVER_RULE = "CR14"
    #: A card not following its seat's own sonar card's colour is flagged; overridden, nothing is
    #: held against the seat (CR15).
    OVERRIDABLE = frozenset({"CR10"})
    OPTIONS = (
        Option("breach", "fail", ("fail", "note"),
               Text("say_a_breach_proved_loses_the_attempt")),
        Option("history", "last_trick", ("last_trick", "all"),
               Text("say_the_page_shows_the_last_trick")),
        # How the tasks were laid out (companion.games.crew.draw): the record holds them either way.
        Option("task_draw", "table", ("table", "page"),
               Text("say_tasks_drawn_at_the_table_or")),
        Option("avoid_pairs", False, (False, True),
               Text("say_a_drawn_pair_two_seats_cannot")),
    )
    SETUP_FIELDS = ("commander", "tasks", "mission", "distress", "extra", "tonoja", "tonoja_row")
    SETUP_HELP = SETUP_HELP

    def __init__(self, players: int, options: Mapping[str, object] | None = None, *,
                 decks: Sequence[int] | None = None, commander: int = 1, tasks: Sequence[str] = (),
                 mission: Mapping[str, int] | None = None, distress: bool = False,
                 tonoja: int | None = None, tonoja_row: Mapping[str, object] | None = None) -> None:
        """An attempt whose ``commander`` (1-based) announced ``sub-4``, with ``tasks`` laid out in
        draw order (slugs of the task table), of ``mission`` (its ``number``, ``difficulty`` and
        ``attempt``: the logbook's, CR17), the distress token already active when ``distress``; in
        the 2-player game, ``tonoja`` is her seat (1-based, ``players`` 3) and ``tonoja_row`` her
        visible cards by column (CR16)."""
        if not isinstance(commander, int) or isinstance(commander, bool) or not 1 <= commander <= players:
            raise MalformedInput(Text("bad_field", field="commander", value=commander))
        super().__init__(players, options, decks=decks, leader=commander)
        unknown = [task for task in tasks if task not in DIFFICULTY]
        if unknown or len(set(tasks)) != len(tasks):
            raise MalformedInput(Text("bad_field", field="tasks", value=list(tasks)))
        self.commander = commander - 1
        self.tasks: tuple[str, ...] = tuple(tasks)
        self._predicted = any(task in PREDICTED for task in self.tasks)
        #: Who took each task taken so far (0-based seats).
        self.owners: dict[str, int] = {}
        #: How many seats chose a task or passed so far (CR5); the seat choosing next is the turn.
        self._chosen = 0
        #: The counts told for ``predict:*`` tasks, by seat.
        self.predictions: dict[int, int] = {}
        #: The tricks played, whole.
        self.history: list[Trick] = []
        #: Each task decided so far: ``DONE`` or ``FAILED`` (a decision never changes).
        self.statuses: dict[str, str] = {}
        #: (stack index, seat, colour) of each card that did not follow the colour led.
        self._off_colour: list[tuple[int, int, str]] = []
        #: The breaches proved, in order.
        self.breaches: list[Breach] = []
        #: Each seat's sonar card (CR7), and whether the distress signal was used (CR6) and the
        #: mission declared lost.
        self.sonar: dict[int, SonarCard] = {}
        self.distress = False
        #: What the players reported: ``lost``, ``won`` (a mission without tasks) or ``void`` (a
        #: redeal), or None.
        self.declared: str | None = None
        #: The logbook's mission (number, difficulty, attempt) and whether its distress token was
        #: activated at an earlier attempt.
        self.mission: dict[str, int] = dict(mission or {})
        self.distress_before = bool(distress)
        #: Tonoja's seat (0-based) and row, in the 2-player game.
        self.tonoja: int | None = None
        self.row: TonojaRow | None = None
        if tonoja is not None or tonoja_row is not None:
            if (not isinstance(tonoja, int) or isinstance(tonoja, bool) or not 1 <= tonoja <= players
                    or players != 3 or tonoja == commander):
                raise MalformedInput(Text("bad_field", field="tonoja", value=tonoja))
            self.tonoja, self.row = tonoja - 1, TonojaRow.dealt(tonoja_row or {})
        if self.tasks:
            self._turn = self.commander

    @classmethod
    def from_header(cls, players: int, options: Mapping[str, object] | None = None, *,
                    decks: Sequence[int] | None = None, setup: Mapping[str, object] | None = None) -> Self:
        """The attempt a header sets up: ``commander`` is required, ``tasks`` a list of slugs."""
        setup = setup or {}
        if "commander" not in setup:
            raise MalformedInput(Text("missing_field", field="commander"))
        commander, tasks = setup["commander"], setup.get("tasks") or []
        if not isinstance(tasks, list) or not all(isinstance(task, str) for task in tasks):
            raise MalformedInput(Text("bad_field", field="tasks", value=tasks))
        if not isinstance(commander, int):
            raise MalformedInput(Text("bad_field", field="commander", value=commander))
        mission = setup.get("mission") or {}
        if not isinstance(mission, dict) or not all(
                key in ("number", "difficulty", "attempt") and isinstance(value, int)
                and not isinstance(value, bool) and value >= 0 for key, value in mission.items()):
            raise MalformedInput(Text("bad_field", field="mission", value=mission))
        distress = setup.get("distress", False)
        if not isinstance(distress, bool):
            raise MalformedInput(Text("bad_field", field="distress", value=distress))
        tonoja, row = setup.get("tonoja"), setup.get("tonoja_row")
        if row is not None and not isinstance(row, dict):
            raise MalformedInput(Text("bad_field", field="tonoja_row", value=row))
        if tonoja is not None and not isinstance(tonoja, int):
            raise MalformedInput(Text("bad_field", field="tonoja", value=tonoja))
        return cls(players, options, decks=decks, commander=commander, tasks=tasks, mission=mission,
                   distress=distress, tonoja=tonoja, tonoja_row=row)

    @classmethod
    def drawn_setup(cls, players: int, options: Mapping[str, object], setup: Mapping[str, object],
                    rng: random.Random) -> dict[str, object]:
        """The tasks drawn to the mission's difficulty with ``task_draw: page`` (CR4)."""
        return drawn_setup(players, options, setup, rng)

    # -- the cards ------------------------------------------------------------

    def suit_of(self, card: str) -> str:
        """A card's series: its colour, or ``sub``."""
        return SERIES.get(card) or colour_of(card)

    def rank_of(self, card: str) -> int:
        """A card's value."""
        return value_of(card)

    def tricks_in_game(self) -> int:
        """13, 10 or 8 tricks for 3, 4 or 5 seats (CR2)."""
        return {3: 13, 4: 10, 5: 8}[self.players]

    # -- phases ---------------------------------------------------------------

    @property
    def assigning(self) -> bool:
        """Whether tasks are still on the table to be taken (CR5)."""
        return len(self.owners) < len(self.tasks)

    def waiting_predictions(self) -> list[str]:
        """The ``predict:*`` tasks taken whose count is not told yet."""
        return [task for task in self.tasks if task in PREDICTED and self.owners.get(task) is not None
                and self.owners[task] not in self.predictions]

    def card_label(self, card: str) -> Words | str:
        """A card in words ("pink 8", "rose 8"), or the name as given when it is none."""
        return card_in_words(card)

    def task_label(self, task: str) -> Text | str:
        """A task in words, its totals for this game's seats ("win the pink 3"); an unknown slug as given."""
        return task_label(task, self.players)

    def places(self) -> frozenset[str]:
        """Tonoja's columns, in the 2-player game: where her cards are played from."""
        return frozenset(COLUMNS) if self.row is not None else frozenset()

    def _validate_names(self, event: Event) -> None:
        if type(event) is Play and event.card in self.CARDS and not event.at:
            return  # the common case first: a card of the deck played to the trick
        if isinstance(event, Reveal):
            if event.card not in self.CARDS:
                raise MalformedInput(Text("unknown_card", card=self.card_label(event.card), game=self.title))
            if event.at not in self.places():
                raise MalformedInput(Text("bad_field", field="at", value=event.at))
            return
        if isinstance(event, Sonar):
            if event.card not in self.CARDS:
                raise MalformedInput(Text("unknown_card", card=self.card_label(event.card), game=self.title))
            if event.player is None:
                raise MalformedInput(Text("missing_field", field="player"))
            return
        super()._validate_names(event)
        if isinstance(event, TakeTask | Predict) and event.task is not None and event.task not in DIFFICULTY:
            raise MalformedInput(Text("crew_unknown_task", task=event.task))

    def _check_action(self, event: Event) -> Ruling:
        if type(event) is Play:  # the common case first: the benchmark's and the table's
            return self._check_card(event)
        if isinstance(event, TakeTask):
            return self._check_take(event)
        if isinstance(event, Predict):
            return self._check_predict(event)
        if isinstance(event, Sonar):
            return self._check_sonar(event)
        if isinstance(event, Reveal):
            return self._check_reveal(event)
        if isinstance(event, Distress):
            if self.distress or self.sonar or self.history or self.trick:
                return refused("CR6", Text("crew_distress_late"))
            return accepted(Text("crew_distress", direction=Text(f"crew_direction_{event.direction}")))
        if isinstance(event, DeclareLoss):
            return accepted(Text("crew_declared_lost"))
        if isinstance(event, Redeal):
            return accepted(Text("crew_redeal", reason=event.reason or "-"))
        if isinstance(event, DeclareWin):
            if self.tasks or len(self.history) < self.tricks_in_game():
                return refused("CR14", Text("crew_no_declared_win"))
            return accepted(Text("crew_declared_won"))
        if not isinstance(event, Play):
            return refused("C7", Text("wrong_game_event", kind=event.TYPE, game=self.title))
        return self._check_card(event)

    def _check_card(self, event: Play) -> Ruling:
        """A card played to the trick: in turn once the tasks are taken and counts told, not seen
        before, from Tonoja's row for her, following when the table proves it can (CR9, CR10)."""
        if self.assigning:
            return refused("CR5", Text("crew_tasks_first"))
        if self._predicted and self.waiting_predictions():
            waiting = self.task_label(self.waiting_predictions()[0])
            return refused("CR5", Text("crew_predict_first", task=waiting))
        if event.card in self.played or any(seat != self._turn and shown.card == event.card
                                            for seat, shown in self.sonar.items()) or (
                self.row is not None and self._turn != self.tonoja and self.row.column_of(event.card)):
            # A card seen twice, or another seat's sonar card, or Tonoja's visible card, is a
            # misreading: ask (G2).
            return refused("G2", Text("crew_seen_twice", card=self.card_label(event.card)))
        if self.row is not None and self._turn == self.tonoja:
            return self._check_tonoja(event)
        if event.at:
            return refused("CR16", Text("crew_not_a_column", card=self.card_label(event.card), at=event.at))
        shown = self.sonar.get(self._turn)
        led = self.led_suit()
        if (led is not None and self.suit_of(event.card) != led and shown is not None
                and shown.card not in self.played and self.suit_of(shown.card) == led):
            # The proof lies on the table: the seat's own sonar card is of the colour led (CR10).
            return refused("CR10", Text("crew_sonar_follow", seat=self.turn, card=self.card_label(event.card),
                                        shown=self.card_label(shown.card)))
        return super()._check_action(event)

    def _tonoja_column(self, event: Play) -> str | None:
        """The column Tonoja's card ``event`` is played from: the one it names, else the one
        showing it, else the only column whose card under is playable and not yet revealed."""
        assert self.row is not None
        if event.at:
            return event.at
        hidden = self.row.hidden_playable()
        return self.row.column_of(event.card) or (hidden[0] if len(hidden) == 1 else None)

    def _check_tonoja(self, event: Play) -> Ruling:
        """Tonoja plays only a visible card (or one uncovered and not yet revealed), following the
        colour led when one of her visible cards is of it (CR16, CR10)."""
        assert self.row is not None
        column = self._tonoja_column(event)
        playable = column is not None and (self.row.visible[COLUMNS.index(column)] == event.card
                                           or column in self.row.hidden_playable())
        if not playable:
            return refused("CR16", Text("crew_tonoja_not_visible", card=self.card_label(event.card)))
        led = self.led_suit()
        if led is not None and self.suit_of(event.card) != led and self.row.shows(led):
            return refused("CR10", Text("crew_tonoja_follow", card=self.card_label(event.card), suit=led))
        return super()._check_action(event)

    def _check_reveal(self, event: Reveal) -> Ruling:
        if self.row is None or not self.row.can_reveal(event.at):
            return refused("CR16", Text("crew_no_reveal", at=event.at))
        if event.card in self.played or self.row.column_of(event.card):
            return refused("G2", Text("crew_seen_twice", card=self.card_label(event.card)))
        return accepted(Text("crew_revealed", card=self.card_label(event.card), at=event.at))

    def _check_sonar(self, event: Sonar) -> Ruling:
        seat = (event.player or 1) - 1
        if seat == self.tonoja:
            return refused("CR7", Text("crew_sonar_not_tonoja"))
        if self.assigning:
            return refused("CR7", Text("crew_sonar_tasks_first"))
        if self.trick:
            return refused("CR7", Text("crew_sonar_between_tricks"))
        if self.suit_of(event.card) == "sub":
            return refused("CR7", Text("crew_sonar_no_sub"))
        if seat in self.sonar:
            return refused("CR7", Text("crew_sonar_once", seat=seat + 1))
        if event.card in self.played or any(shown.card == event.card for shown in self.sonar.values()):
            return refused("G2", Text("crew_seen_twice", card=self.card_label(event.card)))
        card = self.card_label(event.card)
        where = Text(f"crew_position_{event.position}")
        return accepted(Text("crew_sonar", seat=seat + 1, card=card, position=where))

    def _override_unflagged(self) -> Ruling:
        """An ``override`` right after a breach is proved disputes it (a misread card): the attempt
        goes on, and the record keeps both (CR15)."""
        last = len(self._stack) - 1
        if self.breaches and self.breaches[-1].proved == last and not self.breaches[-1].disputed:
            return accepted(Text("crew_disputed", rule=self.breaches[-1].rule))
        return super()._override_unflagged()

    def _check_take(self, event: TakeTask) -> Ruling:
        if not self.assigning or self.history or self.trick:
            return refused("CR5", Text("crew_no_task_left"))
        left = [task for task in self.tasks if task not in self.owners]
        if event.task is None:
            # Passing is allowed only with fewer tasks than seats, when the tasks left are no more
            # than the seats still to choose after this one in the round; and by the commander when
            # every task left is one it may not take.
            after = self.players - self._chosen - 1
            barred = self._turn == self.commander and all(task in NOT_FOR_COMMANDER for task in left)
            if not barred and (len(self.tasks) >= self.players or len(left) > after):
                return refused("CR5", Text("crew_cannot_pass", seat=self.turn))
            return accepted(Text("crew_passes", seat=self.turn))
        if event.task not in left:
            return refused("CR5", Text("crew_task_not_left", task=self.task_label(event.task)))
        if event.task in NOT_FOR_COMMANDER and self._turn == self.commander:
            return refused("CR5", Text("crew_not_for_commander", task=self.task_label(event.task)))
        return accepted(Text("crew_takes_task", seat=self.turn, task=self.task_label(event.task)))

    def _check_predict(self, event: Predict) -> Ruling:
        owner = self.owners.get(event.task)
        if event.task not in PREDICTED or owner is None or self.history or self.trick:
            return refused("CR5", Text("crew_no_prediction", task=self.task_label(event.task)))
        if event.player is not None and event.player != owner + 1:
            return refused("CR5", Text("crew_not_owner", task=self.task_label(event.task), seat=owner + 1))
        if owner in self.predictions:
            return refused("CR5", Text("crew_predicted", task=self.task_label(event.task)))
        if event.count > self.tricks_in_game():
            return refused("CR5", Text("crew_prediction_too_high", count=event.count,
                                       tricks=self.tricks_in_game()))
        return accepted(Text("crew_predicts", seat=owner + 1, task=self.task_label(event.task)))

    # -- applying ---------------------------------------------------------------

    def _apply(self, event: Event, *, forced: bool) -> None:
        if isinstance(event, TakeTask):
            if event.task is not None:
                self.owners[event.task] = self._turn
            self._chosen += 1
            self._turn = (self._turn + 1) % self.players
            if not self.assigning:
                self._turn = self.leader = self.commander
            return
        if isinstance(event, Predict):
            self.predictions[self.owners[event.task]] = event.count
            return
        if isinstance(event, Sonar):
            seat = (event.player or 1) - 1
            self.sonar[seat] = SonarCard(event.card, event.position, len(self._stack) - 1)
            self._prove(len(self._stack) - 1, seat, event.card)
            self._decide()
            return
        if isinstance(event, Distress):
            self.distress = True
            return
        if isinstance(event, Reveal):
            assert self.row is not None
            self.row = self.row.revealed(event.at, event.card)
            return
        if isinstance(event, DeclareLoss | DeclareWin | Redeal):
            self.declared = {DeclareLoss: "lost", DeclareWin: "won", Redeal: "void"}[type(event)]
            return
        if isinstance(event, Override):
            # No card flagged: the players dispute the breach the last event proved (CR15).
            last = self.breaches[-1]
            self.breaches[-1] = Breach(last.rule, last.broke, last.proved, disputed=True)
            return
        if not isinstance(event, Play):
            raise TypeError(f"cannot push {event!r} on {self.name}")
        index, seat, card = len(self._stack) - 1, self._turn, event.card
        self._prove(index, seat, card)
        led = self.led_suit()
        # Overridden (CR10, CR15), a card not following is held against no one; nor is Tonoja's,
        # checked at once (CR11).
        if led is not None and self.suit_of(card) != led and not forced and seat != self.tonoja:
            self._off_colour.append((index, seat, led))
        if self.row is not None and seat == self.tonoja:
            column = self._tonoja_column(event)
            if column is not None:
                self.row = self.row.played(column)
        trick = (*self.trick, (seat, card))
        leader = self.leader
        super()._apply(event, forced=forced)
        if len(trick) == self.players:
            self.history.append(Trick(leader, trick, self.winner_of(trick)))
            if self.row is not None:
                self.row = self.row.trick_over()
        self._decide()

    def _prove(self, index: int, seat: int, card: str) -> None:
        """Record the breaches ``card`` laid or shown by ``seat`` proves (CR3, CR8, CR11), each once."""
        if card == "sub-4" and seat != self.commander and not any(b.rule == "CR3" for b in self.breaches):
            self.breaches.append(Breach("CR3", None, index))
        proved = {b.broke for b in self.breaches}
        shown = self.sonar.get(seat)
        if (shown is not None and shown.index != index and shown.index not in proved and card != shown.card
                and self.suit_of(card) == self.suit_of(shown.card) and contradicts(shown, card)):
            self.breaches.append(Breach("CR8", shown.index, index))
        for broke, who, colour in self._off_colour:
            if who == seat and colour == self.suit_of(card) and broke not in proved:
                self.breaches.append(Breach("CR11", broke, index))
                break

    def _facts(self) -> Facts:
        """The public facts tasks are decided on."""
        return Facts(self.players, self.tricks_in_game(), tuple(self.history), self.trick, self.commander,
                     dict(self.predictions))

    def _decide(self) -> None:
        """Decide every task taken that the facts now decide; a decision never changes."""
        facts = self._facts()
        for task, owner in self.owners.items():
            if task not in self.statuses:
                decided = status(task, owner, facts)
                if decided != PENDING:
                    self.statuses[task] = decided

    def _after_push(self, event: Event, ruling: Ruling) -> Ruling:
        """A card's ruling names its trick and, when it completes it, the trick's winner; a card's
        or a sonar's, the tasks it decided and the breach it proved (``shared/RECORD.md``)."""
        if not isinstance(event, Play | Sonar):
            return ruling
        before = self._stack[-1].saved
        assert isinstance(before, CrewSnapshot)
        fields: dict[str, Any] = {}
        if isinstance(event, Play):
            fields["trick"] = len(self.history) + (1 if self.trick else 0)
            if not self.trick:
                fields["winner"] = self.history[-1].winner + 1
        decided = {task: state for task, state in self.statuses.items() if task not in dict(before.statuses)}
        if decided:
            fields["tasks"] = decided
        if len(self.breaches) > len(before.breaches):
            breach = self.breaches[len(before.breaches)]
            fields["breach"] = 0 if breach.broke is None else self.seq_of(breach.broke)
            seat = event.player if isinstance(event, Sonar) and event.player else before.turn + 1
            text = Text("crew_breach_" + breach.rule.lower(), seat=seat, card=self.card_label(event.card),
                        breach=fields["breach"])
            return Ruling(True, breach.rule, None, text, fields)
        return Ruling(ruling.legal, ruling.rule, ruling.discard, ruling.text, fields)

    # -- the end ----------------------------------------------------------------

    def _compute_outcome(self) -> Outcome | None:
        """Lost at a breach proved (option ``fail``) or a task failed; won once every task is done;
        after the last trick every task is decided (CR14, CR15)."""
        if self.declared == "void":
            return Outcome(Termination.VOID, (), Text("crew_void"))
        if self.declared is not None:
            won = self.declared == "won"
            return Outcome.together(self.players, won, Termination.REPORTED,
                                    Text("crew_won_declared" if won else "crew_lost_declared"))
        breaches = [breach for breach in self.breaches if not breach.disputed]
        if self.options["breach"] == "fail" and breaches:
            rule = breaches[0].rule
            return Outcome.together(self.players, False, Termination.BREACH,
                                    Text("crew_lost_breach", rule=rule))
        failed = [task for task, state in self.statuses.items() if state != "DONE"]
        if failed:
            return Outcome.together(self.players, False, Termination.GOALS,
                                    Text("crew_lost_task", task=self.task_label(failed[0])))
        if self.tasks and len(self.statuses) == len(self.tasks):
            return Outcome.together(self.players, True, Termination.GOALS, Text("crew_won"))
        return None

    def _reason(self) -> str | None:
        """Why the attempt ended: ``tasks``, ``breach``, ``declared`` or ``redeal``; None while it
        goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        return {Termination.GOALS: "tasks", Termination.BREACH: "breach", Termination.VOID: "redeal"}.get(
            outcome.termination, "declared")

    # -- undo ---------------------------------------------------------------------

    def _save(self) -> CrewSnapshot:
        base = super()._save()
        return CrewSnapshot(base.turn, base.leader, base.trick, base.won, base.scores, base.played,
                            base.hands, base.voids, tuple(self.owners.items()), self._chosen,
                            tuple(self.predictions.items()), tuple(self.history),
                            tuple(self.statuses.items()), tuple(self._off_colour), tuple(self.breaches),
                            tuple(self.sonar.items()), self.distress, self.declared, self.row)

    def _restore(self, saved: TrickSnapshot) -> None:
        assert isinstance(saved, CrewSnapshot)
        super()._restore(saved)
        self.owners = dict(saved.owners)
        self._chosen = saved.chosen
        self.predictions = dict(saved.predictions)
        self.history = list(saved.history)
        self.statuses = dict(saved.statuses)
        self._off_colour = list(saved.off_colour)
        self.breaches = list(saved.breaches)
        self.sonar = dict(saved.sonar)
        self.distress, self.declared = saved.distress, saved.declared
        self.row = saved.row

    # -- what the page and the record show --------------------------------------

    def controls(self) -> list[Control]:
        """What the players tell the page now (:mod:`companion.games.crew.controls`)."""
        return controls(self)

    def notes(self) -> list[Text]:
        """A mission's difficulty not met, pairs of tasks two seats cannot both meet (CR4)."""
        return notes(self)

    def lying(self) -> dict[str, tuple[str, str]]:
        """The trick's cards; each seat's sonar card not played yet (``s<seat>``); Tonoja's row,
        a column showing a card's back where a card played uncovered one not named yet."""
        out = super().lying()
        out.update({f"s{seat + 1}": (shown.card, "") for seat, shown in self.sonar.items()
                    if shown.card not in self.played})
        if self.row is not None:
            out.update({column: (card, "") for column, card in self.row.visible_cards().items()})
            out.update({column: (BACK.name, "") for column in COLUMNS if self.row.can_reveal(column)})
        return out

    def seating(self) -> Seating:
        """Tonoja's seat, whose row of cards lies before it, where she plays."""
        return {} if self.tonoja is None else {"dummy": self.tonoja + 1}

    def place_of(self, event: Event) -> str | None:
        """A sonar card lies at its seat's sonar place (``s<seat>``), a card played at its trick place."""
        place = super().place_of(event)
        return place if not isinstance(event, Sonar) or place is None else "s" + place[1:]

    def state_json(self) -> dict[str, Any]:
        """The family's state, with the commander, the tricks, the tasks and the breaches."""
        state = super().state_json()
        state.update({
            "commander": self.commander + 1,
            "tricks": [{"leader": t.leader + 1, "cards": {str(seat + 1): card for seat, card in t.cards},
                        "winner": t.winner + 1} for t in self.history],
            # Each task's words in both languages: the page draws them in its own.
            "tasks": {task: {"seat": None if task not in self.owners else self.owners[task] + 1,
                             "status": self.statuses.get(task, PENDING),
                             "words": task_words(task, self.players)} for task in self.tasks},
            "breaches": [{"rule": b.rule, "seq": 0 if b.broke is None else self.seq_of(b.broke),
                          "proved_at": self.seq_of(b.proved)} for b in self.breaches],
            "sonar": {str(seat + 1): {"card": shown.card, "position": shown.position,
                                      "played": shown.card in self.played}
                      for seat, shown in self.sonar.items()},
            "distress": self.distress or self.distress_before,
            "reason": self._reason(),
            "tonoja": None if self.tonoja is None else self.tonoja + 1,
            "tonoja_row": None if self.row is None else self.row.visible_cards(),
            # The columns showing the back of the card under a card played, not named yet.
            "tonoja_backs": [] if self.row is None else [c for c in COLUMNS if self.row.can_reveal(c)],
            "logbook": logbook(self.mission, self.distress or self.distress_before, self.outcome()),
        })
        for breach, shown in zip(self.breaches, state["breaches"], strict=True):
            shown["disputed"] = breach.disputed
        return state


__all__ = ["Crew"]
