"""The Pyramide's messages to players (ruling T18), in English and French, registered by its rules."""

PYRAMID_MESSAGES: dict[str, tuple[str, str]] = {
    "pyramid_borders_missing": (
        "the Pyramide needs the option pyramid_borders: the two cells holding a border card (T18), read "
        "by the camera at setup or typed on the page",
        "la Pyramide exige l'option pyramid_borders : les deux cases portant une carte de bordure (T18), "
        "lues par la caméra à la mise en place ou saisies sur la page",
    ),
    "pyramid_joker_as": ("the Joker as {value}", "le Joker valant {value}"),
    "pyramid_joker_say": (
        "say what the border card laid at {at} stands for: an island value, or finish",
        "indiquez ce que vaut la carte de bordure posée en {at} : une valeur d'île, ou l'arrivée",
    ),
    "pyramid_no_start": (
        "the Pyramide has no start corner: a Start card is never laid (one drawn from the explorer pile "
        "is discarded), and a Joker cannot stand for one",
        "la Pyramide n'a pas de coin de départ : aucune carte de départ ne se pose (celle piochée dans la "
        "pile d'explorateur est défaussée), et un Joker ne peut en tenir lieu",
    ),
    "pyramid_not_laid": (
        "{card} is not laid on the Pyramide (a compass is discarded to clear the storm at a cell)",
        "{card} ne se pose pas sur la Pyramide (une boussole se défausse pour retirer la tempête d'une case)",
    ),
    "pyramid_joker_taken": (
        "a Joker cannot stand for {value}: {value} already lies at {other_at}",
        "un Joker ne peut valoir {value} : {value} est déjà posé en {other_at}",
    ),
    "pyramid_closed": (
        "{card} cannot go to {at}: a storm lies there until a compass clears it",
        "{card} ne peut aller en {at} : une tempête l'occupe jusqu'à ce qu'une boussole la retire",
    ),
    "pyramid_finish_early": (
        "the Finish card needs all 36 cells of the Pyramide filled with island cards or Jokers: "
        "{missing} still empty",
        "la carte d'arrivée exige les 36 cases de la Pyramide remplies de cartes d'île ou de Jokers : "
        "{missing} encore vides",
    ),
    "pyramid_explore_due": (
        "{card} at {at} covers a border card: draw the top explorer card first, the discard comes after "
        "(the placement costs {cost})",
        "{card} en {at} recouvre une carte de bordure : piochez d'abord la carte du dessus de la pile "
        "d'explorateur, la défausse vient après (la pose coûte {cost})",
    ),
    "pyramid_overridden_explore": (
        "override: {card} at {at} accepted; it covers a border card: draw the top explorer card first",
        "passer outre : on garde {card} en {at} ; elle recouvre une carte de bordure : piochez d'abord "
        "la carte du dessus de la pile d'explorateur",
    ),
    "pyramid_explore_first": (
        "seat {seat} must first say which explorer card it drew for {at}",
        "le joueur {seat} doit d'abord dire quelle carte d'explorateur il a piochée pour {at}",
    ),
    "pyramid_no_explore": ("no card waits for an explorer card",
                           "aucune carte n'attend de carte d'explorateur"),
    "pyramid_pile_spent": (
        "{card} cannot come out of the explorer pile: every one it held is accounted for",
        "{card} ne peut sortir de la pile d'explorateur : toutes celles qu'elle contenait sont déjà sorties",
    ),
    "pyramid_explored_start": (
        "the explorer card is a Start card, no effect: discard {count} for {card} at {at}",
        "la carte d'explorateur est une carte de départ, sans effet : défaussez {count} pour {card} en {at}",
    ),
    "pyramid_explored_penalty": (
        "the explorer card is {drawn}: discard {cost} for {card} at {at} and one card more {source}",
        "la carte d'explorateur est {drawn} : défaussez {cost} pour {card} en {at} et une carte de plus "
        "{source}",
    ),
    "pyramid_explored_penalty_none": (
        "the explorer card is {drawn}: discard {cost} for {card} at {at}; no card is left in hand or deck "
        "for one more",
        "la carte d'explorateur est {drawn} : défaussez {cost} pour {card} en {at} ; il ne reste ni main "
        "ni pioche pour une carte de plus",
    ),
    "pyramid_explored_kept": (
        "the explorer card is kept in hand unseen: discard {count} for {card} at {at}",
        "la carte d'explorateur est gardée en main face cachée : défaussez {count} pour {card} en {at}",
    ),
    "pyramid_explored_storm": (
        "the explorer card is {drawn}: {card} goes back to hand and the storm lies on {at} until a "
        "compass clears it; discard {count}",
        "la carte d'explorateur est {drawn} : {card} revient en main et la tempête occupe {at} jusqu'à "
        "ce qu'une boussole la retire ; défaussez {count}",
    ),
    "pyramid_explored_monster": (
        "the explorer card is a sea monster: {card} and the monster are discarded, the border card at "
        "{at} shows again; discard {count}",
        "la carte d'explorateur est un monstre marin : {card} et le monstre sont défaussés, la carte de "
        "bordure en {at} réapparaît ; défaussez {count}",
    ),
    "pyramid_from_hand": ("from hand", "de la main"),
    "pyramid_from_deck": ("from the top of the deck", "du dessus de la pioche"),
    "pyramid_compass_at": (
        "in the Pyramide a compass is discarded from hand to clear the storm at a cell: say the cell",
        "dans la Pyramide une boussole se défausse de la main pour retirer la tempête d'une case : "
        "indiquez la case",
    ),
    "pyramid_compass_no_storm": ("no storm lies at {at}: a compass clears only a storm",
                                 "aucune tempête n'occupe {at} : une boussole ne retire qu'une tempête"),
    "pyramid_compass_done": (
        "seat {seat} discards a compass: the storm at {at} is cleared and its border card shows again",
        "le joueur {seat} défausse une boussole : la tempête en {at} est retirée et sa carte de bordure "
        "réapparaît",
    ),
    "pyramid_cannot_hold": (
        "seat {seat} cannot hold {card}: it kept no explorer card still in hand",
        "le joueur {seat} ne peut avoir {card} : il n'a gardé aucune carte d'explorateur encore en main",
    ),
    "pyramid_all_used": ("{card}: all {count} of them are already used",
                         "{card} : les {count} ont déjà servi"),
    "pyramid_control_explore": ("Explorer card drawn for {at}", "Carte d'explorateur piochée pour {at}"),
    "pyramid_control_compass": ("Discard a compass to clear the storm at {at}",
                                "Défausser une boussole pour retirer la tempête en {at}"),
}
