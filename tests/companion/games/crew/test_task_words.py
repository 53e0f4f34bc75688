"""The Crew's tasks said to players: every slug of the task table has its sentence in English and
French, with its cards, counts and colours said and no record code left; an unknown slug passes
through; the rulings, the controls, the notes and the page's state say tasks in words."""

from __future__ import annotations

import random
import re

import pytest

from companion.games.crew.events import Predict, TakeTask
from companion.games.crew.facts import COLOURS, DECK
from companion.games.crew.rules import Crew
from companion.games.crew.task_words import task_label, task_words
from companion.games.crew.tasks import DIFFICULTY
from companion.text import Text

#: A record code in a text: a card's name (``pink-3``), or a slug's syntax (``win:``, ``+``, ``>=``).
CODE = re.compile(r"[a-z]+-\d|\w:|[+=<>]")


def said(slug: str) -> tuple[str, str]:
    label = task_label(slug)
    assert isinstance(label, Text), slug
    return label.en, label.fr


@pytest.mark.parametrize("slug", DIFFICULTY)
def test_every_task_has_words_in_both_languages_and_no_record_code(slug: str) -> None:
    en, fr = said(slug)
    assert en and fr and en != fr and slug not in (en, fr)
    assert not CODE.search(en) and not CODE.search(fr), (en, fr)
    assert not set(re.findall(r"[\w-]+", en + " " + fr)) & DECK
    assert en.startswith(("win ", "never ")), en
    assert "remporter" in fr or "ouvrir" in fr, fr
    assert task_words(slug) == {"en": en, "fr": fr}


def series(colour: str) -> tuple[str, str]:
    """A series' own word in English and French ("pink", "rose")."""
    words = Text(f"crew_series_{colour}")
    return words.en, words.fr


@pytest.mark.parametrize("slug", DIFFICULTY)
def test_every_number_and_colour_of_a_task_is_said(slug: str) -> None:
    en, fr = said(slug)
    for number in set(re.findall(r"\d+", slug)) - {"0"}:  # none is said "no", "aucun" (tricks:0)
        assert re.search(rf"(?<!\d){number}(?!\d)", en) and re.search(rf"(?<!\d){number}(?!\d)", fr), slug
    for colour in (c for c in COLOURS if c in slug):
        english, french = series(colour)
        forms = [Text(f"crew_of_{many}_{colour}").fr for many in ("card", "cards")]
        assert re.search(rf"\b{english}\b", en), slug
        assert re.search(rf"\b({french}|{'|'.join(forms)})\b", fr), slug
    if "sub" in slug:
        assert "submarine" in en and "sous-marin" in fr, slug


def test_each_card_of_a_task_is_said_with_its_colour_and_value() -> None:
    for slug in [s for s in DIFFICULTY if s.startswith(("win:", "win-with-sub:", "last-trick-card:"))]:
        en, fr = said(slug)
        for card in re.findall(r"[a-z]+-\d", slug):
            colour, value = card.split("-")
            english, french = series(colour)
            assert f"the {english} {value}" in en, slug
            assert (f"le {french} {value}" if colour == "sub" else f"le {value} {french}") in fr, slug


# (slug, English, French): the French after the rulebook's own task cards, "Je remporte un pli avec
# un 2", "Je remporte les 2 premiers plis".
SENTENCES = [
    ("win:pink-3", "win the pink 3", "remporter le 3 rose"),
    ("win:sub-3", "win the submarine 3", "remporter le sous-marin 3"),
    ("win:green-3+yellow-4+yellow-5", "win the green 3, the yellow 4 and the yellow 5",
     "remporter le 3 vert, le 4 jaune et le 5 jaune"),
    ("win-sub-only:1", "win the submarine 1 and no other submarine",
     "remporter le sous-marin 1 et aucun autre sous-marin"),
    ("no-win:green", "win no green card", "ne remporter aucune carte verte"),
    ("no-win:1+2+3", "win no 1s, 2s or 3s", "ne remporter aucun 1, 2 ou 3"),
    ("no-lead:pink+yellow+blue", "never lead a trick with a pink, yellow or blue card",
     "n'ouvrir aucun pli avec une carte rose, jaune ou bleue"),
    ("win-with:2", "win a trick with a 2", "remporter un pli avec un 2"),
    ("win-with:7:5", "win a 5 with a 7", "remporter un 5 avec un 7"),
    ("win-with:4:8", "win an 8 with a 4", "remporter un 8 avec un 4"),
    ("win-with:6:6", "win a 6 with another 6", "remporter un 6 avec un autre 6"),
    ("trick-same:green+yellow", "win a trick holding as many green cards as yellow cards (at least one)",
     "remporter un pli contenant autant de cartes vertes que de cartes jaunes (au moins une)"),
    ("tricks:first-2", "win the first 2 tricks", "remporter les 2 premiers plis"),
    ("tricks:0", "win no trick", "ne remporter aucun pli"),
    ("tricks:1", "win exactly 1 trick", "remporter exactement 1 pli"),
    ("tricks:4", "win exactly 4 tricks", "remporter exactement 4 plis"),
    ("captain:more", "win more tricks than the commander", "remporter plus de plis que le commandant"),
    ("predict:open", "win exactly the number of tricks told to all",
     "remporter exactement le nombre de plis annoncé à tous"),
    ("row-exact:3", "win exactly 3 tricks, in a row", "remporter exactement 3 plis, d'affilée"),
    ("cards:pink=1+green=1", "win exactly 1 pink card and 1 green card",
     "remporter exactement 1 carte rose et 1 carte verte"),
    ("cards:blue=2", "win exactly 2 blue cards", "remporter exactement 2 cartes bleues"),
    ("values:9>=3", "win at least 3 cards of value 9", "remporter au moins 3 cartes de valeur 9"),
    ("subs=1", "win exactly 1 submarine", "remporter exactement 1 sous-marin"),
    ("cards:yellow>blue", "win more yellow cards than blue cards",
     "remporter plus de cartes jaunes que de cartes bleues"),
]


@pytest.mark.parametrize(("slug", "en", "fr"), SENTENCES)
def test_a_task_reads_as_a_sentence(slug: str, en: str, fr: str) -> None:
    assert said(slug) == (en, fr)


def test_a_total_that_depends_on_the_seats_is_said_for_the_game_or_for_every_count() -> None:
    totals = {seats: task_words("trick-sum-above", seats)["en"].rsplit(" ", 1)[1] for seats in (2, 3, 4, 5)}
    assert totals == {2: "23", 3: "23", 4: "28", 5: "31"}  # 2 players with Tonoja count as 3
    below = task_words("trick-sum-below", 5)["fr"]
    assert below == "remporter un pli dont la somme des cartes est inférieure à 16"
    assert said("trick-sum-above")[1].endswith("dépasse 23 à 3 joueurs, 28 à 4, 31 à 5")


@pytest.mark.parametrize("slug", ["", "win:joker", "win:pink-10", "no-win:1+2+3+4", "tricks:9",
                                  "cards:pink>=", "trick-sum-above:5", "WIN:PINK-3", "win:pink-3 ",
                                  "subs=9", ":", "+"])
def test_a_slug_not_in_the_task_table_passes_through(slug: str) -> None:
    assert task_label(slug) == slug
    assert task_words(slug) == {"en": slug, "fr": slug}


def test_garbage_built_from_the_slugs_pieces_never_crashes() -> None:
    rng = random.Random(7)
    pieces = sorted({piece for slug in DIFFICULTY for piece in re.split(r"([:+=>-])", slug)}
                    | {"", "x", "99"})
    for _ in range(3000):
        slug = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 7)))
        label = task_label(slug, rng.choice([None, 0, 2, 3, 4, 5, 9]))
        assert isinstance(label, Text) == (slug in DIFFICULTY)
        if isinstance(label, Text):
            assert label.en and label.fr


def test_rulings_controls_notes_and_the_state_say_tasks_in_words() -> None:
    game = Crew(4, commander=1, tasks=("captain:more", "predict:hidden", "trick:first", "tricks:first-2"))
    take = [control.text.en for control in game.controls() if control.line.get("type") == "take_task"]
    assert "seat 1 takes “win the first trick”" in take and not any(":" in text for text in take)
    refused = game.check(TakeTask("captain:more", player=1))
    assert refused.message_en == "the commander cannot take “win more tricks than the commander”"
    assert refused.message_fr == ("le commandant ne peut pas prendre « remporter plus de plis que le "
                                  "commandant »")
    assert "« remporter le premier pli » et « remporter les 2 premiers plis »" in game.notes()[0].fr
    ruling = game.play(TakeTask("predict:hidden", player=1))
    assert ruling.message_en == "seat 1 takes the task “win exactly the number of tricks told in secret”"
    for task, seat in (("captain:more", 2), ("trick:first", 3), ("tricks:first-2", 4)):
        game.play(TakeTask(task, player=seat))
    (predict,) = [control for control in game.controls() if control.line.get("type") == "predict"]
    assert predict.text.fr == ("le joueur 1 annonce son nombre pour « remporter exactement le nombre "
                               "de plis annoncé en secret »")
    assert game.play(Predict("predict:hidden", 2, player=1)).legal
    assert game.state_json()["tasks"]["captain:more"] == {
        "seat": 2, "status": "PENDING",
        "words": {"en": "win more tricks than the commander",
                  "fr": "remporter plus de plis que le commandant"}}
