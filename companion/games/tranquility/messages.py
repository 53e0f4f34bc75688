"""Tranquillité's messages to players in English (their French in its catalogue), registered into the catalogue by its rules."""

from pathlib import Path

from companion.catalogues import Domain

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
