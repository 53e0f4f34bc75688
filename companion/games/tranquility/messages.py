"""Tranquillité's messages to players in English (their French in its catalogue), registered into the catalogue by its rules."""

from pathlib import Path

from companion.catalogues import Domain
from companion.messages import register_messages

#: Tranquillité's catalogue: the French of its messages, in ``locale/fr/LC_MESSAGES/tranquility.po`` beside this file.
DOMAIN = Domain("tranquility", Path(__file__).parent)

MESSAGES: dict[str, str] = {
    "bad_decks": "deck sizes {decks} do not share {total} cards evenly among {players} seats, seat 1 having "
        "one of the smallest",
    "desc_start_discards": "the discards after the Start card",
    "start_elsewhere": "the Start card goes to the start corner, not {at}",
    "start_again": "a Start card was already played: later ones are only discarded",
    "start_played": "Start card played: together, discard 8 cards, then everyone draws back to 5",
    "start_played_two": "Start card played: each draws 2 cards, together discard 8, then everyone draws back to 5",
    "start_pending": "first say how the 8 cards after the Start card were split",
    "no_start_pending": "no Start card is waiting for its discards",
    "start_split_hand": "seat {seat} holds {hand} cards and cannot discard {count}",
    "start_split_sum": "the split must add up to {need} cards, not {got}",
    "start_split_done": "Start card discards by seat: {split}; everyone draws back to {limit}",
    "finish_elsewhere": "the Finish card goes to the finish corner, not {at}",
    "finish_early": "the Finish card needs all 36 cells and the start corner filled: {missing} still empty",
    "finish_won": "Finish card played: you reached the island, you win!",
    "expansion_card": "{card} belongs to the Mers agitées expansion, not refereed in this game",
    "corner_island": "{card} cannot go to {at}: only the Start and Finish cards go to the corners",
    "occupied": "{card} cannot go to {at}: {at} already holds {other}",
    "order_low": "{card} at {at} must be greater than {other} at {other_at}",
    "order_high": "{card} at {at} must be smaller than {other} at {other_at}",
    "count_numbers": "{count} numbers",
    "count_numbers_one": "{count} number",
    "count_smaller": "{count} smaller numbers",
    "count_smaller_one": "{count} smaller number",
    "count_greater": "{count} greater numbers",
    "count_greater_one": "{count} greater number",
    "no_room_between": "{card} at {at} leaves {cells} between it and {other} at {other_at} but only {numbers} "
        "to fill them",
    "no_room_before": "{card} at {at} leaves {cells} before it but only {numbers}",
    "no_room_after": "{card} at {at} leaves {cells} after it but only {numbers}",
    "too_costly": "{card} at {at} costs {cost} cards (next to {other} at {other_at}) but seat {seat} would hold "
        "only {left}",
    "placed_cost": "Seat {seat} laid {card} at {at} next to {other}: discard {cost}",
    "outcome_won": "won: the Finish card was played",
    "outcome_no_action": "lost: seat {seat} holds {hand} and no card could be laid",
}

# Mers agitées and the variants: how their events are named (T12 to T22).
MESSAGES.update({
    "desc_reef": "the reef moved to row {row}",
    "desc_reef_stay": "the reef left in place",
    "desc_drawn": "{card} drawn",
    "desc_compass": "a compass spent",
    "desc_discard_hand": "the whole hand discarded ({count})",
    "desc_monster_held": "{count} sea monsters said held",
    "desc_monster_held_one": "{count} sea monster said held",
    "desc_explore": "the explorer card {card}",
    "desc_rotate": "the card at {at} turned",
    "desc_swap": "the hand swapped for the row",
    "desc_pass": "a pass",
})

MESSAGES.update({
    "variant_with_module": "the variant {variant} is not played with the module {module} (T12)",
})

MESSAGES.update({
    "variant_not_refereed": "{variant} is not refereed yet",
})

# Names, titles and help said in both languages (a game's title, an option's help, a card's name).
MESSAGES.update({
    "say_the_start_card": "the Start card",
    "say_the_finish_card": "the Finish card",
    "say_the_start_corner": "the start corner",
    "say_the_finish_corner": "the finish corner",
    "say_tranquillit": "Tranquillité",
    "say_the_joker": "the Joker",
    "say_a_card_kept_unseen": "a card kept unseen",
    "say_r_cifs_ac_r_s": "Récifs acérés",
    "say_a_sea_monster": "a sea monster",
    "say_a_yellow_storm": "a yellow storm",
    "say_a_purple_storm": "a purple storm",
    "say_an_orange_storm": "an orange storm",
    "say_a_compass": "a compass",
    "say_tranquillit_la_pyramide": "Tranquillité, La Pyramide",
    "say_island_cards_removed_unseen_7_1": "island cards removed unseen (7.1)",
    "say_the_row_the_reef_starts_on": "the row the reef starts on (T13)",
    "say_mers_agit_es_sea_monsters_shuffled": "Mers agitées: sea monsters shuffled in (T14)",
    "say_how_the_six_storms_share_the": "how the six storms share the colours (T12)",
    "say_the_smallest_whole_hand_a_compass": "the smallest whole hand a compass rewards (T16)",
    "say_a_variant_of_the_sheet_t17": "a variant of the sheet (T17 to T20)",
    "say_the_pyramide_s_two_inner_border": "the Pyramide's two inner border cards (T18)",
    "say_comp_tition_the_seat_that_lays": "Compétition: the seat that lays day-up (T20)",
    "say_tranquillit_jour_et_nuit": "Tranquillité: Jour et nuit",
    "say_day": "day",
    "say_night": "night",
    "say_tranquillit_comp_tition": "Tranquillité: Compétition",
    "say_left_pillar": "left pillar",
    "say_right_pillar": "right pillar",
    "say_roof": "roof",
    "say_tranquillit_la_grande_arche": "Tranquillité: La Grande Arche",
})

# Names, titles and help said in both languages (a game's title, an option's help, a card's name).
MESSAGES.update({
    "say_mers_agit_es_the_reef_t13": "Mers agitées: the reef (T13)",
    "say_mers_agit_es_storms_and_compasses": "Mers agitées: storms and compasses (T15, T16)",
    "say_pyramide_a_start_drawn_costs_a": "Pyramide: a Start drawn costs a card (T18)",
    "say_pyramide_spare_border_cards_for_the": "Pyramide: spare border cards for the monsters (T18)",
    "say_pyramide_a_placement_undone_still_pays": "Pyramide: a placement undone still pays (T18)",
})

register_messages(MESSAGES, DOMAIN)  # every module saying these words finds them, imported in any order
