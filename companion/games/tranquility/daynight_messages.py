"""Jour et nuit's messages to players (ruling T19), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.daynight`."""

DAY_NIGHT_MESSAGES: dict[str, tuple[str, str]] = {
    "dn_up_unsaid": (
        "which half of {card} at {at} points up, day or night? Say it again",
        "quelle moitié de {card} en {at} est vers le haut, jour ou nuit ? Indiquez-la",
    ),
    "dn_wrong_up": (
        "{card} at {at} is laid {up} up, but the hands are turned {hands} up",
        "{card} en {at} est posée côté {up} vers le haut, mais les mains sont tournées côté {hands}",
    ),
    "dn_finish_wrong": (
        "the Finish card needs rows 4 to 6 day up and rows 1 to 3 night up: {card} at {at} is {up} "
        "up, {wrong} to turn",
        "la carte d'arrivée exige les lignes 4 à 6 côté jour et 1 à 3 côté nuit : {card} en {at} est "
        "côté {up}, {wrong} à tourner",
    ),
    "dn_compass": (
        "compass drawn by seat {seat}: every hand turns {up} up, the compass leaves the game and "
        "seat {seat} draws another card",
        "boussole piochée par le joueur {seat} : toutes les mains se tournent côté {up}, la boussole "
        "quitte la partie et le joueur {seat} pioche une autre carte",
    ),
    "dn_compass_undrawn": (
        "seat {seat} drew no card in its latest draw step that could be a compass",
        "le joueur {seat} n'a pioché à sa dernière pioche aucune carte qui puisse être une boussole",
    ),
    "dn_seventh_compass": (
        "a seventh compass: the game has only six, read the card again",
        "une septième boussole : le jeu n'en a que six, relisez la carte",
    ),
    "dn_drawn_other": (
        "{card} is not shown when drawn in Jour et nuit: only a compass is, read the card again",
        "{card} ne se montre pas à la pioche dans Jour et nuit : seule une boussole, relisez la carte",
    ),
    "dn_drawn_fields": (
        "a compass drawn has no row, count or compass of the pool",
        "une boussole piochée n'a ni ligne, ni nombre, ni boussole de la réserve",
    ),
    "dn_rotated": (
        "{card} at {at} turned, now {up} up: discard 1",
        "{card} en {at} tournée, désormais côté {up} : défaussez 1",
    ),
    "dn_rotate_corner": (
        "only an island card of the grid turns, not {at}",
        "seule une carte d'île de la grille se tourne, pas {at}",
    ),
    "dn_rotate_empty": (
        "{at} is empty: there is no card to turn",
        "{at} est vide : aucune carte à tourner",
    ),
    "dn_rotate_no_card": (
        "seat {seat} holds no card to discard for turning a card",
        "le joueur {seat} n'a aucune carte à défausser pour tourner une carte",
    ),
    "dn_loss_rotate": (
        "seat {seat} holds 1 card and can still discard it to turn a card of the grid: the game goes "
        "on",
        "le joueur {seat} a 1 carte et peut encore la défausser pour tourner une carte de la grille : "
        "la partie continue",
    ),
    "dn_control_compass": ("seat {seat} drew a compass", "le joueur {seat} a pioché une boussole"),
    "dn_control_rotate": (
        "seat {seat} discards 1 card to turn a card",
        "le joueur {seat} défausse 1 carte pour tourner une carte",
    ),
    "dn_ask_at": ("the card turned", "la carte tournée"),
}
