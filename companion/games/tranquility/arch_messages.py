"""La Grande Arche's messages to players (ruling T17), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.arch`."""

ARCH_MESSAGES: dict[str, str] = {
    "arch_no_start": "the Grande Arche has no Start card: it is not in the decks",
    "arch_outside": "{card} cannot go to {at}: it is not a cell of the Grande Arche",
    "arch_roof_early": "{card} at {at}: the roof is built once both pillars are full, {missing} pillar cells "
        "still empty",
    "arch_twice": "{card} already lies at {other_at}: each card exists once, read it again",
    "arch_pillar_free": "{card} at {at}: a pillar card costs nothing",
    "arch_finish_early": "the Finish card needs all 40 cells of the Grande Arche filled: {missing} still empty",
    "arch_no_room_other": "{card} at {at} takes a number the {sequence} needs: {cells} empty cells from {first} to "
        "{last} but only {numbers} numbers left to fill them",
}
