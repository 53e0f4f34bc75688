"""Jour et nuit's messages to players (ruling T19), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.daynight`."""

DAY_NIGHT_MESSAGES: dict[str, str] = {
    "dn_up_unsaid": "which half of {card} at {at} points up, day or night? Say it again",
    "dn_wrong_up": "{card} at {at} is laid {up} up, but the hands are turned {hands} up",
    "dn_finish_wrong": "the Finish card needs rows 4 to 6 day up and rows 1 to 3 night up: {card} at {at} is {up} "
        "up, {wrong} to turn",
    "dn_compass": "compass drawn by seat {seat}: every hand turns {up} up, the compass leaves the game and "
        "seat {seat} draws another card",
    "dn_compass_undrawn": "seat {seat} drew no card in its latest draw step that could be a compass",
    "dn_seventh_compass": "a seventh compass: the game has only six, read the card again",
    "dn_drawn_other": "{card} is not shown when drawn in Jour et nuit: only a compass is, read the card again",
    "dn_drawn_fields": "a compass drawn has no row, count or compass of the pool",
    "dn_rotated": "{card} at {at} turned, now {up} up: discard 1",
    "dn_rotate_corner": "only an island card of the grid turns, not {at}",
    "dn_rotate_empty": "{at} is empty: there is no card to turn",
    "dn_rotate_no_card": "seat {seat} holds no card to discard for turning a card",
    "dn_loss_rotate": "seat {seat} holds 1 card and can still discard it to turn a card of the grid: the game goes "
        "on",
    "dn_control_compass": "seat {seat} drew a compass",
    "dn_control_rotate": "seat {seat} discards 1 card to turn a card",
    "dn_ask_at": "the card turned",
}
