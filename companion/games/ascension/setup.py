"""L'Ascension's box and names: what the box holds, how it is dealt (A1, A7, A9),
the game options, and how cards and the pyramid are named and drawn for players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.engine.game import Option
from companion.games.ascension.pyramid import CARDS, ROW_SLOTS, ROWS, SLOTS, VALUES, Card
from companion.text import Both

SIZE = len(SLOTS)
SUMMITS = 5
#: Versants with the ibex icon in the box (A1).
IBEX_ICONS = 12
HAND_LIMIT, SOLO_HAND_LIMIT = 5, 6
#: Terrains as adjectives of "cards" (cartes, feminine plural) and of "Feu de camp" (masculine).
TERRAIN_NAMES = {
    "g": Both("green", "herbeuses"),
    "s": Both("snowy", "enneigées"),
    "r": Both("rocky", "rocheuses"),
}
#: A Versant's terrain said with its number: "the snowy 7", "le 7 enneigé" (masculine, as "le 7").
VERSANT_WORDS = {"g": ("green", "herbeux"), "s": ("snowy", "enneigé"), "r": ("rocky", "rocheux")}
FIRE_NAMES = {
    "g": Both("the green Feu de camp", "le Feu de camp herbeux"),
    "s": Both("the snowy Feu de camp", "le Feu de camp enneigé"),
    "r": Both("the rocky Feu de camp", "le Feu de camp rocheux"),
}
OTHER_NAMES = {
    "summit": Both("the Sommet", "le Sommet"),
    "bridge": Both("a Pont", "un Pont"),
    "grapple": Both("a Grappin", "un Grappin"),
    "panorama": Both("a Panorama", "un Panorama"),
}


def valid_sequences(value: object) -> bool:
    """A11: no sequence (module off), or 3 to 5 sequences of 2 or more values 1 to 12."""
    if not isinstance(value, list | tuple):
        return False
    if len(value) == 0:
        return True
    return 3 <= len(value) <= 5 and all(
        isinstance(seq, list | tuple) and len(seq) >= 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v in VALUES for v in seq)
        for seq in value
    )


OPTIONS = (
    Option("bridges", 3, (3, 4, 5),
           Both("Ponts in the box (A1: 3 by the count of 83 cards)",
                "Ponts dans la boîte (A1 : 3 d'après le compte de 83 cartes)")),
    Option("campfire_move_pays_cost", True, (True, False),
           Both("the Versant moved by a Feu de camp pays its cost (A5)",
                "le Versant déplacé par un Feu de camp paie son coût (A5)")),
    Option("grapples", 3, (3, 2, 1, 0),
           Both("Grappins in a solo game (A9)", "Grappins en solo (A9)")),
    Option("green_path", False, (False, True),
           Both("module Sentier verdoyant (A10)", "module Sentier verdoyant (A10)")),
    Option("documentary", [], ([], [[3, 4, 3], [9, 8, 7], [5, 6]]),
           Both("module Documentaire alpin: the revealed sequences, 3 to 5 (A11)",
                "module Documentaire alpin : les séquences révélées, 3 à 5 (A11)"),
           check=valid_sequences),
    Option("fauna", False, (False, True),
           Both("module Faune montagnarde (A12)", "module Faune montagnarde (A12)")),
)


def bridge_holders(players: int) -> tuple[int, ...]:
    """The seats (1-based) handed a Pont at setup (A7).

    >>> bridge_holders(3), bridge_holders(4), bridge_holders(1)
    ((2,), (2, 4), ())
    """
    if players in (2, 3):
        return (2,)
    if players in (4, 5):
        return (2, 4)
    return ()


def deal_sizes(total: int, players: int) -> list[int]:
    """Share ``total`` cards as evenly as possible, the larger decks first (A7: the
    first player receives one of the largest).

    >>> deal_sizes(81, 4)
    [21, 20, 20, 20]
    """
    base, extra = divmod(total, players)
    return [base + 1] * extra + [base] * (players - extra)


def card_label(name: str) -> Both | str:
    """How a card is named to players: a Versant by its terrain and number ("snowy 7", "7 enneigé"),
    the Sommet, Pont and Feux de camp by name; a name the game does not know as it is."""
    card = CARDS.get(name)
    if card is None:
        return name
    if card.kind == "versant":
        en, fr = VERSANT_WORDS[card.terrain]
        if card.ibex:
            return Both(f"{en} {card.value} with the ibex", f"{card.value} {fr} au bouquetin")
        return Both(f"{en} {card.value}", f"{card.value} {fr}")
    if card.kind == "campfire":
        return FIRE_NAMES[card.terrain]
    return OTHER_NAMES.get(card.kind, name)


def beside_words(card: Card, at: str, adopted: int | None, english: str = "next to") -> Both:
    """``card`` at ``at`` as a neighbour: "next to the green 3 at a1", or a Feu de camp with its
    ``adopted`` value; French contracts "à côté de le" into "à côté du"."""
    if card.kind == "campfire":
        fire = FIRE_NAMES[card.terrain]
        value = Both(f" (adopted {adopted})", f" (valeur adoptée {adopted})") if adopted else Both("", "")
        return Both(f"{english} {fire.en}{value.en} at {at}",
                    f"à côté du {fire.fr.removeprefix('le ')}{value.fr} en {at}")
    if card.kind == "bridge":
        return Both(f"{english} a Pont at {at}", f"à côté d'un Pont en {at}")
    label = card_label(card.name)
    en, fr = (label.en, label.fr) if isinstance(label, Both) else (label, label)
    return Both(f"{english} the {en} at {at}", f"à côté du {fr} en {at}")


def diagram(cards: Sequence[Card | None], ibex: Sequence[int], flagged: Mapping[str, str],
            summit: bool) -> str:
    """The pyramid as text, the summit on top: ``^`` marks the ibex icon, ``*2`` two
    ibex standing on a card, ``!`` a flagged card (``flagged`` maps slots to card names)."""
    lines = [" " * 28 + ("[summit]" if summit else "  (a9)")]
    for row in range(ROWS, 0, -1):
        cells = []
        for i in ROW_SLOTS[row]:
            card = cards[i]
            text = card.name.replace("campfire-", "fire-").replace("+ibex", "^") if card else "."
            if SLOTS[i] in flagged:
                text = "!" + flagged[SLOTS[i]].replace("+ibex", "^")
            if ibex[i]:
                text += f"*{ibex[i]}"
            cells.append(f"{text:^7}")
        lines.append(f"  {row}  " + " " * (3 * (row - 1) + 1) + "".join(cells))
    return "\n".join(lines)
