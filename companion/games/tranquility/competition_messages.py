"""Compétition's messages to players (ruling T20), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.competition`."""

COMPETITION_MESSAGES: dict[str, str] = {
    # -- the header ---------------------------------------------------------
    # (A header refused names its rule: no ruling carries it.)
    "competition_players": "Compétition is played by exactly 2 players, not {players} (T20)",
    "competition_decks": "Compétition has one shared deck and a face-up row: a header's decks field does not apply (T20)",
    # -- what may be laid ---------------------------------------------------
    "competition_not_in_game": "{card} is not in Compétition's deck: only island cards are played",
    "competition_no_corner": "{card} cannot go to {at}: Compétition has no start or finish corner",
    "competition_wrong_up": "{card} at {at} is laid {up} up, but seat {seat} lays its cards {own} up",
    "competition_up_unsaid": "which half of {card} at {at} points up, day or night? It says whose card it is",
    # -- cards that cannot be in a hand (G2) --------------------------------
    "competition_shown": "{card} was shown at a swap and discarded: it cannot be in a hand",
    "competition_on_grid": "{card} lies on the grid at {at}: it cannot be in a hand",
    "competition_named_twice": "{card} is named twice in the hand shown",
    "competition_no_such_card": "{card} is not a card of Compétition: only island cards are in the hands",
    "competition_shown_face_down": "a card of the hand shown is face down: turn it over",
    # -- the swap and the pass ----------------------------------------------
    "competition_swap_count": "seat {seat} holds {hand} cards, but {shown} were shown",
    "competition_swap_no_row": "no card lies face up: a swap would take nothing",
    "competition_swap_fits": "{card} can be laid at {at} (discard {cost}): only a hand that cannot be laid is swapped",
    "competition_swapped": "seat {seat} shows and discards its hand ({shown}) and takes the face-up row ({taken})",
    "competition_pass_discard": "seat {seat} holds {hand} cards: it can discard two instead of passing",
    "competition_pass_row": "{row} face up: seat {seat} can lay a card, or else swap its hand for them",
    "competition_passed": "seat {seat} passes: it can neither lay, discard two, nor swap",
    "competition_no_start": "Compétition has no Start card: there are no discards to split",
    "competition_no_loss": "Compétition is never lost together: a seat that cannot act passes",
    # -- the end --------------------------------------------------------------
    "competition_end_full": "the grid is full",
    "competition_end_hands": "both seats hold one card or none",
    "competition_won": "{end}: seat {seat} wins, {score} points to {other} ({reason})",
    "competition_by_points": "more points",
    "competition_by_cards": "equal points, more cards on the grid",
    "competition_by_discards": "equal points and cards on the grid, fewer discarded",
    "competition_by_run": "equal points, cards and discards, the longer run",
    "competition_draw": "{end}: a draw, {score} points each, with as many cards laid and discarded and runs as long",
    # -- the page -------------------------------------------------------------
    "competition_control_swap": "Seat {seat}: show the hand ({hand}), discard it, take the face-up row",
    "competition_control_pass": "Seat {seat} passes",
    "competition_ask_card": "card {n} shown",
}
