"""L'Ascension's box and names: what the box holds, how it is dealt (A1, A7, A9),
the game options, and how cards and the pyramid are named and drawn for players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import companion.games.ascension.messages  # noqa: F401  (its words, said below, join the catalogue first)
from companion.engine.game import Option
from companion.games.ascension.pyramid import CARDS, ROW_SLOTS, ROWS, SLOTS, VALUES, Card
from companion.text import Text, Words

SIZE = len(SLOTS)
SUMMITS = 5
#: Versants with the ibex icon in the box (A1).
IBEX_ICONS = 12
HAND_LIMIT, SOLO_HAND_LIMIT = 5, 6
#: Terrains as adjectives of "cards" (cartes, feminine plural) and of "Feu de camp" (masculine).
TERRAIN_NAMES = {
    "g": Text("say_green"),
    "s": Text("say_snowy"),
    "r": Text("say_rocky"),
}
FIRE_NAMES = {
    "g": Text("say_the_green_feu_de_camp"),
    "s": Text("say_the_snowy_feu_de_camp"),
    "r": Text("say_the_rocky_feu_de_camp"),
}
OTHER_NAMES = {
    "summit": Text("say_the_sommet"),
    "bridge": Text("say_a_pont"),
    "grapple": Text("say_a_grappin"),
    "panorama": Text("say_a_panorama"),
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
           Text("say_ponts_in_the_box_a1_3")),
    Option("campfire_move_pays_cost", True, (True, False),
           Text("say_the_versant_moved_by_a_feu")),
    Option("grapples", 3, (3, 2, 1, 0),
           Text("say_grappins_in_a_solo_game_a9")),
    Option("green_path", False, (False, True),
           Text("say_module_sentier_verdoyant_a10")),
    Option("documentary", [], ([], [[3, 4, 3], [9, 8, 7], [5, 6]]),
           Text("say_module_documentaire_alpin_the_revealed_s"),
           check=valid_sequences),
    Option("fauna", False, (False, True),
           Text("say_module_faune_montagnarde_a12")),
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


def card_label(name: str) -> Words | str:
    """How a card is named to players: a Versant by its terrain and number ("snowy 7", "7 enneigé"),
    the Sommet, Pont and Feux de camp by name; a name the game does not know as it is."""
    card = CARDS.get(name)
    if card is None:
        return name
    if card.kind == "versant":
        # The terrain as an adjective of the number: "le 7 enneigé" (masculine).
        terrain = Text(f"asc_terrain_{card.terrain}")
        return Text("asc_versant_ibex" if card.ibex else "asc_versant", terrain=terrain, value=card.value)
    if card.kind == "campfire":
        return FIRE_NAMES[card.terrain]
    return OTHER_NAMES.get(card.kind, name)


def beside_words(card: Card, at: str, adopted: int | None, how: str = "next_to") -> Text:
    """``card`` at ``at`` as a neighbour, ``how`` "next_to" or "beside": "next to the green 3 at a1",
    a Feu de camp with its ``adopted`` value, a Pont."""
    if card.kind == "campfire":
        fire = Text(f"asc_fire_{card.terrain}")
        if adopted:
            return Text(f"asc_{how}_fire_adopted", fire=fire, value=adopted, at=at)
        return Text(f"asc_{how}_fire", fire=fire, at=at)
    if card.kind == "bridge":
        return Text(f"asc_{how}_bridge", at=at)
    return Text(f"asc_{how}_versant", card=card_label(card.name), at=at)


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
