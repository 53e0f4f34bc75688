"""L'Ascension's messages to players in English (their French in its catalogue), registered into the catalogue by its rules."""

from pathlib import Path

from companion.catalogues import Domain
from companion.messages import register_messages

#: L'Ascension's catalogue: the French of its messages, in ``locale/fr/LC_MESSAGES/ascension.po`` beside this file.
DOMAIN = Domain("ascension", Path(__file__).parent)

MESSAGES: dict[str, str] = {
    "desc_campfire": "{card} at {at}, Versant moved to {move_to}",
    "desc_herd": "the herd from {origin} up {rows} row(s)",
    "desc_grapple": "the Grappin",
    "bad_decks_asc": "deck sizes {decks} do not share {total} cards evenly among {players} seats, seat 1 having "
        "one of the largest",
    "bad_herd": "a herd climbing {rows} row(s) needs a path of {rows} slot(s), not {path}",
    "occupied_asc": "{card} cannot go to {at}: {at} already holds {other}",
    "not_next": "{card} at {at} must go right of a placed card, at the start of a row or on a Pont: "
                 "{left} is empty",
    "unsupported": "{card} at {at} needs two cards under it: {missing} empty",
    "row_too_high": "{card} at {at}: a card goes no higher than the row of its value, {value}; this is row {row}",
    "terrain_adjacent": "{card} at {at} cannot stand {beside}: two {terrain} cards are never side by side",
    "too_costly_asc": "{card} at {at} costs {cost} cards ({beside}) but seat {seat} would hold only {left}",
    "placed_cost_asc": "Seat {seat} laid {card} at {at} {beside}: discard {cost}",
    "fire_covered": "{card} cannot go to {at}: nothing covers a Feu de camp, and {at} holds {other}",
    "all_ibex_icons": "{card} at {at}: all {count} Versants with the ibex icon are already on the mountain",
    "bridge_covered": "Seat {seat} covered the Pont at {at} with {card}: nothing to discard",
    "bridge_edge": "a Pont never goes at either end of a row, as at {at}",
    "bridge_not_next": "a Pont at {at} must go right of a placed card: {left} is empty",
    "all_bridges": "a Pont at {at}: all {count} Ponts are already on the mountain",
    "bridge_placed": "Seat {seat} laid a Pont at {at}: nothing to discard; it must be covered before the Sommet",
    "both_copies": "{card} at {at}: both {card} Versants are already on the mountain",
    "solo_no_ones": "{card} at {at}: the Versants of value 1 are out of a solo game",
    "summit_only": "only the Sommet goes to the summit, not {card}",
    "summit_elsewhere": "the Sommet goes to the summit (a9), not {at}",
    "summit_early": "the Sommet needs all 44 slots filled: {missing} still empty",
    "summit_bridges": "the Sommet needs every Pont covered: Pont showing at {slots}",
    "summit_green_path": "Sentier verdoyant: the green path climbs only {height} of the 8 rows",
    "summit_unfilmed": "Documentaire alpin: still to film {sequences}",
    "summit_ibex": "Faune montagnarde: {count} ibex on row 8, {need} must reach the summit",
    "summit_won": "Sommet played: you reached the summit, you win!",
    "campfire_event": "{card} replaces a Versant: record where the Versant goes (a campfire event)",
    "campfire_only": "only a Feu de camp replaces a Versant, not {card}",
    "campfire_summit": "nothing is replaced at, or moved to, the summit",
    "campfire_seen": "{card} at {at}: it is already on the mountain",
    "campfire_not_versant": "{card} replaces a Versant, and {at} holds {what}",
    "campfire_terrain": "{card} replaces a Versant of its terrain, not {other} at {at}",
    "campfire_ibex": "{count} ibex stand on {at}: {card} cannot replace it",
    "campfire_not_higher": "{other} from {at} must move at least one row higher, not to {move_to}",
    "campfire_move_refused": "{card} at {at}: {other} cannot move to {move_to}: {reason}",
    "campfire_placed_free": "Seat {seat} laid {card} at {at} and {other} moves up to {move_to}: nothing to discard",
    "campfire_placed": "Seat {seat} laid {card} at {at} and {other} moves up to {move_to}: discard {cost}",
    "herd_no_module": "herds move only with the Faune montagnarde module",
    "herd_none": "no ibex stand on {at}",
    "herd_short": "climbing {rows} discards {cost}, and the hand holds {hand}",
    "count_rows": "{count} rows",
    "count_rows_one": "{count} row",
    "herd_summit": "ibex reach the summit only when the Sommet is played",
    "herd_not_above": "{at} does not rest on {below}: ibex climb straight up, never sideways",
    "herd_empty": "no card at {at} for the herd to climb to",
    "herd_bridge": "ibex never cross nor stop on a Pont, as at {at}",
    "herd_moved": "herd of {count} ibex from {origin} to {to}: discard {rows}",
    "grapple_solo": "Grappins are used only in a solo game",
    "grapple_none": "no Grappin left",
    "grapple_used": "Grappin: shuffle your hand into your deck and draw {limit}; {left} left",
    "loss_refused_grapple": "{left} Grappin(s) left: the game goes on",
    "overridden_campfire": "{card} at {at} kept anyway, {other} moves to {move_to}: discard {cost}",
    "outcome_summit": "won: the Sommet was played",
    "outcome_no_action_asc": "lost: seat {seat} holds {hand} and could neither play nor discard two",
}

# Names, titles and help said in both languages (a game's title, an option's help, a card's name).
MESSAGES.update({
    "say_green": "green",
    "say_snowy": "snowy",
    "say_rocky": "rocky",
    "say_the_green_feu_de_camp": "the green Feu de camp",
    "say_the_snowy_feu_de_camp": "the snowy Feu de camp",
    "say_the_rocky_feu_de_camp": "the rocky Feu de camp",
    "say_the_sommet": "the Sommet",
    "say_a_pont": "a Pont",
    "say_a_grappin": "a Grappin",
    "say_a_panorama": "a Panorama",
    "say_ponts_in_the_box_a1_3": "Ponts in the box (A1: 3 by the count of 83 cards)",
    "say_the_versant_moved_by_a_feu": "the Versant moved by a Feu de camp pays its cost (A5)",
    "say_grappins_in_a_solo_game_a9": "Grappins in a solo game (A9)",
    "say_module_sentier_verdoyant_a10": "module Sentier verdoyant (A10)",
    "say_module_documentaire_alpin_the_revealed_s": "module Documentaire alpin: the revealed sequences, 3 to 5 (A11)",
    "say_module_faune_montagnarde_a12": "module Faune montagnarde (A12)",
    "say_tranquillit_l_ascension": "Tranquillité : L'Ascension",
    "say_the_summit": "the summit",
    "say_nothing": "nothing",
})

# A card named in words, and as a neighbour ("next to the snowy 7 at c1").
MESSAGES.update({
    "asc_terrain_g": "green",
    "asc_terrain_s": "snowy",
    "asc_terrain_r": "rocky",
    "asc_versant": "{terrain} {value}",
    "asc_versant_ibex": "{terrain} {value} with the ibex",
    "asc_fire_g": "green Feu de camp",
    "asc_fire_s": "snowy Feu de camp",
    "asc_fire_r": "rocky Feu de camp",
    "asc_next_to_versant": "next to the {card} at {at}",
    "asc_beside_versant": "beside the {card} at {at}",
    "asc_next_to_fire": "next to the {fire} at {at}",
    "asc_beside_fire": "beside the {fire} at {at}",
    "asc_next_to_fire_adopted": "next to the {fire} (adopted {value}) at {at}",
    "asc_beside_fire_adopted": "beside the {fire} (adopted {value}) at {at}",
    "asc_next_to_bridge": "next to a Pont at {at}",
    "asc_beside_bridge": "beside a Pont at {at}",
})

register_messages(MESSAGES, DOMAIN)  # every module saying these words finds them, imported in any order
