"""What the lights and the buzzer say, as data: the GPIO sink, the console sink and the tests share it.

A :class:`Pattern` is a list of :class:`Step` values, each naming the outputs
that are on and for how long, and what happens after the last step: all off,
some outputs *held* until the next signal, or the steps *repeated* until the
next signal. The outputs are logical:

* ``green`` and ``red``: the two LEDs (an RGB LED shows green, red, or amber for both);
* ``beep``: a short high sound, ``tone``: the low warning tone (a plain buzzer
  sounds the same for both; a tonal buzzer plays A5 and A3).

:func:`signal_for` maps a ruling of the rules engine to its pattern.

>>> discard(3).name, len(discard(3).steps)
('discard', 6)
>>> from companion.engine.ruling import accepted
>>> signal_for(accepted(Text("placed_free", card="12", at="b1"), discard=2)) == discard(2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.engine.ruling import Outcome, Ruling
from companion.text import Lang, Text

Output = Literal["green", "red", "beep", "tone"]
OUTPUTS: tuple[Output, ...] = ("green", "red", "beep", "tone")
#: The most cards a discard signal counts (no ruling asks for more: hands hold at most 6 cards).
MAX_DISCARD = 8


@dataclass(frozen=True, slots=True)
class Step:
    """Outputs on for ``seconds`` (every other output off)."""

    on: frozenset[Output]
    seconds: float

    def __post_init__(self) -> None:
        if not set(self.on) <= set(OUTPUTS):
            raise ValueError(f"unknown outputs {sorted(set(self.on) - set(OUTPUTS))}")
        if {"beep", "tone"} <= self.on:
            raise ValueError("a step sounds a beep or a tone, not both")
        if not self.seconds > 0:
            raise ValueError("a step lasts some time")


def step(seconds: float, *on: Output) -> Step:
    """A step with ``on`` outputs for ``seconds``.

    >>> sorted(step(0.5, "green", "beep").on)
    ['beep', 'green']
    """
    return Step(frozenset(on), seconds)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A signal: steps, then all off, or ``hold`` outputs kept on, or the steps ``repeat``-ed,
    until the next signal. ``text`` says what it means."""

    name: str
    steps: tuple[Step, ...]
    text: Text
    hold: frozenset[Output] = frozenset()
    repeat: bool = False

    def __post_init__(self) -> None:
        if self.repeat and (self.hold or not self.steps):
            raise ValueError("a repeated pattern has steps and holds nothing")

    @property
    def seconds(self) -> float:
        """How long one pass of the steps lasts."""
        return sum(s.seconds for s in self.steps)

    @property
    def ends(self) -> bool:
        """Whether the pattern ends by itself with everything off."""
        return not self.hold and not self.repeat


#: Nothing on: what a sink shows when cleared.
OFF = Pattern("off", (), Text("signal_off"))
#: A legal placement with nothing to discard: green for a second, silent.
LEGAL = Pattern("legal", (step(1.0, "green"),), Text("signal_legal"))
#: A refused placement: red and the low tone, held until the card is taken back or overridden.
ILLEGAL = Pattern("illegal", (), Text("signal_illegal"), hold=frozenset({"red", "tone"}))
#: A refused event that left nothing on the table (a bad discard, nothing to undo): a short red.
REFUSED = Pattern("refused", (step(0.15, "red", "beep"), step(0.85, "red")), Text("signal_refused"))
#: A reading too unsure to rule on (G2): three amber blinks, each opened by a chirp.
UNSURE = Pattern("unsure", (step(0.05, "green", "red", "beep"), step(0.35, "green", "red"), step(0.4)) * 3,
                 Text("signal_unsure"))
#: The camera is lost: a double red flash every two seconds, silent, until the camera is back.
CAMERA_LOST = Pattern("camera_lost", (step(0.1, "red"), step(0.2), step(0.1, "red"), step(1.6)),
                      Text("signal_camera_lost"), repeat=True)
#: The camera is back after it was lost: two green blinks, silent; it ends the repeated
#: :data:`CAMERA_LOST` (a new signal interrupts the one playing).
CAMERA_BACK = Pattern("camera_back", (step(0.3, "green"), step(0.2), step(0.3, "green")),
                      Text("signal_camera_back"))
#: One camera frame could not be read or watched and was skipped: a single red blink, silent.
FRAME_SKIPPED = Pattern("frame_skipped", (step(0.1, "red"),), Text("signal_frame_skipped"))
#: A rule proved broken by public play (a revoke seen later; the game goes on where its options say
#: so): the refusal's red and low tone, not held, since no card is to be taken back.
BREACH = Pattern("breach", (step(1.0, "red", "tone"), step(1.0, "red")), Text("signal_breach"))
#: A goal met (a task done) with the game still going on: a short green with a chirp.
GOAL_DONE = Pattern("goal_done", (step(0.1, "green", "beep"), step(0.1), step(0.3, "green")),
                    Text("signal_goal_done"))
#: A round won by the game's own opponent, captain 0 (Rixes' Barbe Noire): a short red, low tone.
ROUND_LOST = Pattern("round_lost", (step(0.3, "red", "tone"),), Text("signal_round_lost"))
#: A round nobody wins (cancelled, or no card of its type possessed): a short amber, silent.
ROUND_VOID = Pattern("round_void", (step(0.3, "green", "red"),), Text("signal_round_void"))
#: The game is won: three quick green beeps, a long one, then green for a while.
GAME_WON = Pattern("won", (step(0.1, "green", "beep"), step(0.1)) * 3
                   + (step(0.6, "green", "beep"), step(2.4, "green")), Text("signal_won"))
#: The game is lost: two low tones under red, then red for a while.
GAME_LOST = Pattern("lost", (step(0.6, "red", "tone"), step(0.2, "red"), step(1.2, "red", "tone"),
                             step(2.0, "red")), Text("signal_lost"))


def round_won(winner: int) -> Pattern:
    """A round (a Bagarre) won by player ``winner`` (1 to 8): that many green blinks, the first
    with a beep, so the table hears a round end and sees whose it is."""
    if isinstance(winner, bool) or not isinstance(winner, int) or not 1 <= winner <= MAX_DISCARD:
        raise ValueError(f"a round is won by player 1 to {MAX_DISCARD}, not {winner!r}")
    blinks = (step(0.15, "green", "beep"), step(0.25)) + (step(0.15, "green"), step(0.25)) * (winner - 1)
    return Pattern("round_won", blinks, Text("signal_round_won", player=winner))


def step_due(done: Pattern) -> Pattern:
    """An accepted action after which its seat still owes a step before drawing (Tranquillité's reef
    step, T13): the action's own steps, then amber held until the step is told."""
    return Pattern("step_due", done.steps, Text("signal_step_due", done=done.text),
                   hold=frozenset({"green", "red"}))


def discard(count: int) -> Pattern:
    """A legal placement costing ``count`` cards (1 to 8): ``count`` green blinks, each with a short beep."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DISCARD:
        raise ValueError(f"a discard signal counts 1 to {MAX_DISCARD} cards, not {count!r}")
    return Pattern("discard", (step(0.15, "green", "beep"), step(0.25)) * count,
                   Text("signal_discard", count=count))


#: Every pattern, by name (``discard`` for two cards stands for its family).
PATTERNS: dict[str, Pattern] = {p.name: p for p in (OFF, LEGAL, discard(2), ILLEGAL, REFUSED, UNSURE,
                                                    CAMERA_LOST, CAMERA_BACK, FRAME_SKIPPED, BREACH,
                                                    GOAL_DONE, round_won(1), ROUND_LOST, ROUND_VOID,
                                                    step_due(LEGAL), GAME_WON, GAME_LOST)}


def signal_for(ruling: Ruling, outcome: Outcome | None = None, *, flagged: bool | None = None) -> Pattern:
    """The pattern that announces ``ruling`` (and the game's ``outcome`` after it, if any).

    ``flagged`` says whether a refused card still lies on the table after the
    ruling (``bool(game.flagged)``): a refusal then holds the illegal signal
    until the card is taken back or overridden, and a refusal that flagged
    nothing (a bad discard, nothing to undo) gives the short :data:`REFUSED`.
    Without it, every refusal holds. An unsure reading is a refused ruling
    with rule G2. Discards above 8 are counted as 8. A trick game's ruling that proved a breach
    (its ``breach`` field) gives :data:`BREACH`, and one that decided goals all met (its ``tasks``
    field, every one ``DONE``) :data:`GOAL_DONE`, unless the game ended with it. A ruling that
    decided a round (Rixes' ``bagarre`` with its ``winner``) says who took it: :func:`round_won`,
    :data:`ROUND_LOST` for the game's own opponent (captain 0), :data:`ROUND_VOID` for nobody. An
    action after which its seat owes a step (a ruling's ``step``: the reef) holds amber after it.
    """
    if ruling.rule == "G2":
        return UNSURE
    if not ruling.legal:
        return REFUSED if flagged is False else ILLEGAL
    if outcome is not None and outcome.result != "void":  # a void game (a redeal) is neither
        return GAME_WON if outcome.winners else GAME_LOST
    if flagged:
        # One card taken back while another still lies flagged: the warning goes on.
        return ILLEGAL
    if ruling.fields.get("breach") is not None:
        return BREACH
    goals = ruling.fields.get("tasks")
    if isinstance(goals, dict) and goals and all(status == "DONE" for status in goals.values()):
        return GOAL_DONE
    if "bagarre" in ruling.fields and "winner" in ruling.fields:
        winner = ruling.fields["winner"]
        if isinstance(winner, int) and not isinstance(winner, bool) and 1 <= winner <= MAX_DISCARD:
            return round_won(winner)
        return ROUND_LOST if winner == 0 and not isinstance(winner, bool) else ROUND_VOID
    done = discard(min(ruling.discard, MAX_DISCARD)) if ruling.discard else LEGAL
    return step_due(done) if ruling.fields.get("step") else done


def describe(pattern: Pattern, lang: Lang = "en") -> str:
    """The pattern in words, for the console sink.

    >>> describe(discard(2))
    'legal, discard 2 cards: 2 × (green + beep 0.15 s, off 0.25 s)'
    >>> describe(ILLEGAL, "fr")
    "pose refusée, reprenez la carte ou passez outre : rouge + son grave, maintenu jusqu'au signal suivant"
    """
    parts = []
    if pattern.steps:
        parts.append(_steps_words(pattern.steps, lang))
    if pattern.hold:
        parts.append(Text("sig_held", outputs=_outputs_words(pattern.hold, lang)).render(lang))
    if pattern.repeat:
        parts.append(Text("sig_repeated").render(lang))
    body = ", ".join(parts) if parts else Text("sig_off").render(lang)
    return Text("sig_line", meaning=pattern.text, body=body).render(lang)


def _steps_words(steps: tuple[Step, ...], lang: Lang) -> str:
    # A pattern made of one group repeated k times is said "k × (group)".
    for size in range(1, len(steps) // 2 + 1):
        count, rest = divmod(len(steps), size)
        if rest == 0 and count > 1 and steps == steps[:size] * count:
            return f"{count} × ({_steps_words(steps[:size], lang)})"
    return ", ".join(f"{_outputs_words(s.on, lang)} {_seconds(s.seconds, lang)}" for s in steps)


def _outputs_words(on: frozenset[Output], lang: Lang) -> str:
    lights = ["amber"] if {"green", "red"} <= on else [name for name in ("green", "red") if name in on]
    sounds = [name for name in ("beep", "tone") if name in on]
    words = [Text(f"sig_{name}").render(lang) for name in lights + sounds]
    return " + ".join(words) if words else Text("sig_off").render(lang)


def _seconds(value: float, lang: Lang) -> str:
    text = f"{value:g} s"
    return text.replace(".", ",") if lang == "fr" else text
