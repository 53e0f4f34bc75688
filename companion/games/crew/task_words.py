"""The Crew's tasks said to players: each slug of the task table (:data:`~.tasks.DIFFICULTY`) as a
sentence, in English and French.

The rulebook prints none of the 96 cards (``shared/rulings/crew.md``, "The task table"): the words
are ours. The French follows the rulebook's own examples of task cards ("Je remporte un pli avec un
2", "Je remporte les 2 premiers plis"), said as what the owner must do: "remporter un pli avec un 2".
A card inside a task is said with the words of the rest of the game (:func:`card_label`),
in each language's order: "the pink 3", "le 3 rose".

>>> task_label("win:pink-3").en, task_label("win:pink-3").fr
('win the pink 3', 'remporter le 3 rose')
>>> task_label("tricks:first-2").fr
'remporter les 2 premiers plis'
>>> task_label("trick-sum-above", 4).en
'win a trick whose cards add up to more than 28'
>>> task_label("win:joker")
'win:joker'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.crew.conditions import SUM_ABOVE, SUM_BELOW
from companion.games.crew.facts import COLOURS, DECK, SERIES, colour_of, value_of
from companion.games.crew.tasks import DIFFICULTY
from companion.text import Both, Text


def card_label(card: str) -> Text | str:
    """``card`` in words, as the card shows it ("pink 8", "rose 8"; "submarine 4", "sous-marin 4"),
    or the name as given where it is no card of the deck.

    >>> card_label("sub-4").fr, card_label("joker")
    ('sous-marin 4', 'joker')
    """
    if card not in DECK:
        return card
    return Text("crew_card", series=Text(f"crew_series_{SERIES[card]}"), value=value_of(card))


def task_label(slug: str, seats: int | None = None) -> Text | str:
    """Task ``slug`` in words, English and French; a slug not in the task table as given.

    ``seats`` (3 to 5; 2 players with Tonoja count as 3) picks the total of ``trick-sum-above`` and
    ``trick-sum-below``; without it every total is said, by seats.

    >>> task_label("win-with:7:5").fr, task_label("cards:pink=1+green=1").en
    ('remporter un 5 avec un 7', 'win exactly 1 pink card and 1 green card')
    """
    if slug not in DIFFICULTY:
        return slug
    kind, _, rest = slug.partition(":")
    if kind in _BY_KIND:
        return _BY_KIND[kind](rest)
    if kind.startswith("subs="):
        return Text("crew_task_exactly", cards=Text("crew_words_subs", count=int(kind[5:])))
    if kind in ("trick-sum-above", "trick-sum-below"):
        totals = SUM_ABOVE if kind == "trick-sum-above" else SUM_BELOW
        key = "crew_task_trick_sum_above" if kind == "trick-sum-above" else "crew_task_trick_sum_below"
        if seats is None:
            return Text(key, total=Text("crew_words_by_seats", three=totals[3], four=totals[4],
                                        five=totals[5]))
        return Text(key, total=totals[min(max(seats, 3), 5)])
    return Text(_PLAIN[slug])


def task_words(slug: str, seats: int | None = None) -> dict[str, str]:
    """Task ``slug`` in words in each language, as the page reads it: ``{"en": ..., "fr": ...}``.

    >>> task_words("no-win:sub")
    {'en': 'win no submarine', 'fr': 'ne remporter aucun sous-marin'}
    """
    label = task_label(slug, seats)
    if isinstance(label, str):
        return {"en": label, "fr": label}
    return {"en": label.en, "fr": label.fr}


def _card(card: str) -> Text:
    """A card in a task: "the pink 3", "le 3 rose"; "the submarine 3", "le sous-marin 3"."""
    colour, value = colour_of(card), value_of(card)
    if colour == "sub":
        return Text("crew_words_sub", value=value)
    return Text("crew_words_card", value=value, colour=Text(f"crew_series_{colour}"))


def _colour(colour: str, *, many: bool = False) -> Text:
    """A colour said of one card or of several ("une carte", feminine in French): "pink", "rose" or
    "roses"; a card named by its value ("le 3 rose": "un 3", masculine) takes the series' own word."""
    return Text(f"crew_of_{'cards' if many else 'card'}_{colour}")


def _listed(items: Sequence[Text | Both], last: str) -> Text | Both:
    """``items`` in a list ("a, b and c"), its last two joined by message ``last`` (and, or)."""
    head = items[0]
    for item in items[1:-1]:
        head = Text("crew_words_comma", first=head, next=item)
    return head if len(items) == 1 else Text(last, first=head, last=items[-1])


def _win(rest: str) -> Text:
    return Text("crew_task_win", cards=_listed([_card(card) for card in rest.split("+")], "crew_words_and"))


def _no_win(rest: str) -> Text:
    parts = rest.split("+")
    if parts == ["sub"]:
        return Text("crew_task_no_win_sub")
    if all(part in COLOURS for part in parts):
        return Text("crew_task_no_win_colour", colours=_listed([_colour(p) for p in parts], "crew_words_or"))
    values = [Text("crew_words_values", value=int(part)) for part in parts]
    return Text("crew_task_no_win_value", values=_listed(values, "crew_words_or"))


def _win_with(rest: str) -> Text:
    values = [int(value) for value in rest.split(":")]
    if len(values) == 1:
        return Text("crew_task_win_with", value=_a(values[0]))
    value, taken = values
    if value == taken:
        return Text("crew_task_win_with_same", value=_a(value), number=value)
    return Text("crew_task_win_with_taking", value=_a(value), taken=_a(taken))


def _a(value: int) -> Text:
    """One card of ``value``: "a 5", "an 8", "un 8"."""
    return Text("crew_words_an" if value == 8 else "crew_words_a", value=value)


def _tricks(rest: str) -> Text:
    if rest.startswith("first-"):
        return Text("crew_task_first_tricks", number=int(rest[6:]))
    if rest == "0":
        return Text("crew_task_no_trick")
    if rest.isdigit():
        return Text("crew_task_tricks", count=int(rest))
    return Text({"most": "crew_task_most", "most-all": "crew_task_most_all",
                 "fewest": "crew_task_fewest"}[rest])


def _cards(rest: str) -> Text:
    """``cards:...``: a colour's cards counted, or compared with another's."""
    if rest in ("each-colour", "whole-colour"):
        return Text(f"crew_task_{rest.replace('-', '_')}")
    if ">=" in rest:
        colour, count = rest.split(">=")
        return Text("crew_task_at_least", cards=_colour_cards(colour, int(count)))
    for sign, key in ((">", "crew_task_more_than"), ("=", "crew_task_as_many")):
        first, _, second = rest.partition(sign)
        if first in COLOURS and second in COLOURS:
            return Text(key, first=_colour(first, many=True), second=_colour(second, many=True))
    counted = [_colour_cards(colour, int(count)) for colour, count in (p.split("=") for p in rest.split("+"))]
    return Text("crew_task_exactly", cards=_listed(counted, "crew_words_and"))


def _colour_cards(colour: str, count: int) -> Text:
    """``count`` cards of ``colour``: "2 green cards", "2 cartes vertes"."""
    return Text("crew_words_colour_cards", count=count, colour=_colour(colour, many=count > 1))


def _values(rest: str) -> Text:
    """``values:V>=K`` and ``values:V=K``: ``K`` colour cards of value ``V``."""
    at_least = ">=" in rest
    value, count = rest.split(">=" if at_least else "=")
    cards = Text("crew_words_value_cards", count=int(count), value=int(value))
    return Text("crew_task_at_least" if at_least else "crew_task_exactly", cards=cards)


def _trick_same(rest: str) -> Text:
    first, second = rest.split("+")
    return Text("crew_task_trick_same", first=_colour(first, many=True), second=_colour(second, many=True))


#: The words of each kind of task with parameters (the slug's part before its first ":"): from the
#: part after it.
_BY_KIND: dict[str, Callable[[str], Text]] = {
    "win": _win,
    "win-sub-only": lambda rest: Text("crew_task_win_sub_only", card=_card(f"sub-{rest}")),
    "no-win": _no_win,
    "no-lead": lambda rest: Text("crew_task_no_lead",
                                 colours=_listed([_colour(p) for p in rest.split("+")], "crew_words_or")),
    "win-with": _win_with,
    "win-with-sub": lambda rest: Text("crew_task_win_with_sub", card=_card(rest)),
    "trick-below": lambda rest: Text("crew_task_trick_below", value=int(rest)),
    "trick-above": lambda rest: Text("crew_task_trick_above", value=int(rest)),
    "trick-sum": lambda rest: Text("crew_task_trick_sum", low=int(rest.split("-")[0]),
                                   high=int(rest.split("-")[1])),
    "trick-same": _trick_same,
    "last-trick-card": lambda rest: Text("crew_task_last_trick_card", card=_card(rest)),
    "tricks": _tricks,
    "none-first": lambda rest: Text("crew_task_none_first", number=int(rest)),
    "row": lambda rest: Text("crew_task_row", number=int(rest)),
    "row-exact": lambda rest: Text("crew_task_row_exact", number=int(rest)),
    "no-row": lambda rest: Text("crew_task_no_row", number=int(rest)),
    "cards": _cards,
    "values": _values,
}
#: The message of each task said without parameters.
_PLAIN = {
    "trick-even": "crew_task_trick_even", "trick-odd": "crew_task_trick_odd",
    "trick:first": "crew_task_first_trick", "trick:last": "crew_task_last_trick",
    "trick:first+last": "crew_task_first_and_last_trick",
    "only:first": "crew_task_only_first", "only:last": "crew_task_only_last",
    "predict:open": "crew_task_predict_open", "predict:hidden": "crew_task_predict_hidden",
    "captain:more": "crew_task_captain_more", "captain:fewer": "crew_task_captain_fewer",
    "captain:same": "crew_task_captain_same",
}


__all__ = ["card_label", "task_label", "task_words"]
