"""La Grande Arche's messages to players (ruling T17), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.arch`."""

ARCH_MESSAGES: dict[str, tuple[str, str]] = {
    "arch_no_start": (
        "the Grande Arche has no Start card: it is not in the decks",
        "la Grande Arche n'a pas de carte de départ : elle n'est pas dans les pioches",
    ),
    "arch_outside": (
        "{card} cannot go to {at}: it is not a cell of the Grande Arche",
        "{card} ne peut aller en {at} : ce n'est pas une case de la Grande Arche",
    ),
    "arch_roof_early": (
        "{card} at {at}: the roof is built once both pillars are full, {missing} pillar cells "
        "still empty",
        "{card} en {at} : le toit se construit une fois les deux piliers remplis, encore {missing} "
        "cases de pilier vides",
    ),
    "arch_twice": (
        "{card} already lies at {other_at}: each card exists once, read it again",
        "{card} est déjà posée en {other_at} : chaque carte est unique, relisez-la",
    ),
    "arch_pillar_free": (
        "{card} at {at}: a pillar card costs nothing",
        "{card} en {at} : une carte de pilier ne coûte rien",
    ),
    "arch_finish_early": (
        "the Finish card needs all 40 cells of the Grande Arche filled: {missing} still empty",
        "la carte d'arrivée exige les 40 cases de la Grande Arche remplies : {missing} encore vides",
    ),
    "arch_no_room_other": (
        "{card} at {at} takes a number the {sequence} needs: {cells} empty cells from {first} to "
        "{last} but only {numbers} numbers left to fill them",
        "{card} en {at} prend un nombre dont le {sequence} a besoin : {cells} cases vides de {first} "
        "à {last} mais seulement {numbers} nombres pour les remplir",
    ),
}
