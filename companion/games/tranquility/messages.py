"""Tranquillité's messages to players, in English and French, registered into the catalogue by its rules."""

MESSAGES: dict[str, tuple[str, str]] = {
    "bad_decks": (
        "deck sizes {decks} do not share {total} cards evenly among {players} seats, seat 1 having "
        "one of the smallest",
        "les pioches {decks} ne partagent pas {total} cartes équitablement entre {players} joueurs, "
        "le joueur 1 ayant l'une des plus petites",
    ),
    "desc_start_discards": ("the discards after the Start card", "les défausses après la carte de départ"),
    "start_elsewhere": ("the Start card goes to the start corner, not {at}",
                        "la carte de départ se pose dans le coin de départ, pas en {at}"),
    "start_again": ("a Start card was already played: later ones are only discarded",
                    "une carte de départ a déjà été jouée : les suivantes sont seulement défaussées"),
    "start_played": ("Start card played: together, discard 8 cards, then everyone draws back to 5",
                     "carte de départ jouée : défaussez ensemble 8 cartes, puis chacun complète sa main à 5"),
    "start_played_two": (
        "Start card played: each draws 2 cards, together discard 8, then everyone draws back to 5",
        "carte de départ jouée : chacun pioche 2 cartes, défaussez ensemble 8 cartes, "
        "puis chacun complète sa main à 5",
    ),
    "start_pending": ("first say how the 8 cards after the Start card were split",
                      "indiquez d'abord comment les 8 cartes après la carte de départ ont été réparties"),
    "no_start_pending": ("no Start card is waiting for its discards",
                         "aucune carte de départ n'attend ses défausses"),
    "start_split_hand": ("seat {seat} holds {hand} cards and cannot discard {count}",
                         "le joueur {seat} a {hand} cartes en main et ne peut en défausser {count}"),
    "start_split_sum": ("the split must add up to {need} cards, not {got}",
                        "la répartition doit totaliser {need} cartes, pas {got}"),
    "start_split_done": (
        "Start card discards by seat: {split}; everyone draws back to {limit}",
        "défausses de la carte de départ par joueur : {split} ; chacun complète sa main à {limit}",
    ),
    "finish_elsewhere": ("the Finish card goes to the finish corner, not {at}",
                         "la carte d'arrivée se pose dans le coin d'arrivée, pas en {at}"),
    "finish_early": (
        "the Finish card needs all 36 cells and the start corner filled: {missing} still empty",
        "la carte d'arrivée exige les 36 cases et le coin de départ remplis : {missing} encore vides",
    ),
    "finish_won": ("Finish card played: you reached the island, you win!",
                   "carte d'arrivée jouée : vous avez atteint l'île, vous gagnez !"),
    "expansion_card": ("{card} belongs to the Mers agitées expansion, not refereed in this game",
                       "{card} appartient à l'extension Mers agitées, non arbitrée dans cette partie"),
    "corner_island": (
        "{card} cannot go to {at}: only the Start and Finish cards go to the corners",
        "{card} ne peut aller dans {at} : seules les cartes de départ et d'arrivée vont dans les coins",
    ),
    "occupied": ("{card} cannot go to {at}: {at} already holds {other}",
                 "{card} ne peut aller en {at} : {at} porte déjà {other}"),
    "order_low": ("{card} at {at} must be greater than {other} at {other_at}",
                  "{card} en {at} doit être plus grand que {other} en {other_at}"),
    "order_high": ("{card} at {at} must be smaller than {other} at {other_at}",
                   "{card} en {at} doit être plus petit que {other} en {other_at}"),
    "count_numbers": ("{count} numbers", "{count} nombres"),
    "count_numbers_one": ("{count} number", "{count} nombre"),
    "count_smaller": ("{count} smaller numbers", "{count} nombres plus petits"),
    "count_smaller_one": ("{count} smaller number", "{count} nombre plus petit"),
    "count_greater": ("{count} greater numbers", "{count} nombres plus grands"),
    "count_greater_one": ("{count} greater number", "{count} nombre plus grand"),
    "no_room_between": (
        "{card} at {at} leaves {cells} between it and {other} at {other_at} but only {numbers} "
        "to fill them",
        "{card} en {at} laisse {cells} entre elle et {other} en {other_at} mais seulement "
        "{numbers} pour les remplir",
    ),
    "no_room_before": (
        "{card} at {at} leaves {cells} before it but only {numbers}",
        "{card} en {at} laisse {cells} avant elle mais seulement {numbers}",
    ),
    "no_room_after": (
        "{card} at {at} leaves {cells} after it but only {numbers}",
        "{card} en {at} laisse {cells} après elle mais seulement {numbers}",
    ),
    "too_costly": (
        "{card} at {at} costs {cost} cards (next to {other} at {other_at}) but seat {seat} would hold "
        "only {left}",
        "{card} en {at} coûte {cost} cartes (à côté de {other} en {other_at}) mais le joueur {seat} "
        "n'en aurait que {left}",
    ),
    "placed_cost": ("Seat {seat} laid {card} at {at} next to {other}: discard {cost}",
                    "Le joueur {seat} a posé {card} en {at} à côté de {other} : défaussez {cost}"),
    "outcome_won": ("won: the Finish card was played", "gagnée : la carte d'arrivée a été jouée"),
    "outcome_no_action": (
        "lost: seat {seat} holds {hand} and no card could be laid",
        "perdue : le joueur {seat} a {hand} et aucune carte ne pourrait être posée",
    ),
}

# Mers agitées and the variants: how their events are named (T12 to T22).
MESSAGES.update({
    "desc_reef": ("the reef moved to row {row}", "le récif déplacé en ligne {row}"),
    "desc_reef_stay": ("the reef left in place", "le récif laissé en place"),
    "desc_drawn": ("{card} drawn", "{card} piochée"),
    "desc_compass": ("a compass spent", "une boussole utilisée"),
    "desc_discard_hand": ("the whole hand discarded ({count})", "toute la main défaussée ({count})"),
    "desc_monster_held": ("{count} sea monsters said held", "{count} monstres marins annoncés"),
    "desc_monster_held_one": ("{count} sea monster said held", "{count} monstre marin annoncé"),
    "desc_explore": ("the explorer card {card}", "la carte d'exploration {card}"),
    "desc_rotate": ("the card at {at} turned", "la carte en {at} tournée"),
    "desc_swap": ("the hand swapped for the row", "la main échangée contre la rangée"),
    "desc_pass": ("a pass", "un passe"),
})

MESSAGES.update({
    "variant_with_module": (
        "the variant {variant} is not played with the module {module} (T12)",
        "la variante {variant} ne se joue pas avec le module {module} (T12)",
    ),
})

MESSAGES.update({
    "variant_not_refereed": ("{variant} is not refereed yet", "{variant} n'est pas encore arbitré"),
})
