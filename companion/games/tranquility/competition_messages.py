"""Compétition's messages to players (ruling T20), in English and French, registered into the
catalogue by :mod:`companion.games.tranquility.competition`."""

COMPETITION_MESSAGES: dict[str, tuple[str, str]] = {
    # -- the header ---------------------------------------------------------
    # (A header refused names its rule: no ruling carries it.)
    "competition_players": ("Compétition is played by exactly 2 players, not {players} (T20)",
                            "la Compétition se joue à exactement 2 joueurs, pas {players} (T20)"),
    "competition_decks": (
        "Compétition has one shared deck and a face-up row: a header's decks field does not apply (T20)",
        "la Compétition a une seule pioche commune et une rangée face visible : le champ decks de "
        "l'en-tête ne s'applique pas (T20)",
    ),
    # -- what may be laid ---------------------------------------------------
    "competition_not_in_game": ("{card} is not in Compétition's deck: only island cards are played",
                                "{card} n'est pas dans le paquet de la Compétition : seules les cartes "
                                "d'île se jouent"),
    "competition_no_corner": ("{card} cannot go to {at}: Compétition has no start or finish corner",
                              "{card} ne peut aller dans {at} : la Compétition n'a ni coin de départ ni "
                              "coin d'arrivée"),
    "competition_wrong_up": (
        "{card} at {at} is laid {up} up, but seat {seat} lays its cards {own} up",
        "{card} en {at} est posée côté {up} vers le haut, mais le joueur {seat} pose ses cartes côté "
        "{own}",
    ),
    "competition_up_unsaid": (
        "which half of {card} at {at} points up, day or night? It says whose card it is",
        "quelle moitié de {card} en {at} est vers le haut, jour ou nuit ? Elle dit à qui est la carte",
    ),
    # -- cards that cannot be in a hand (G2) --------------------------------
    "competition_shown": ("{card} was shown at a swap and discarded: it cannot be in a hand",
                          "{card} a été montrée lors d'un échange et défaussée : elle ne peut être en main"),
    "competition_on_grid": ("{card} lies on the grid at {at}: it cannot be in a hand",
                            "{card} est sur la grille en {at} : elle ne peut être en main"),
    "competition_named_twice": ("{card} is named twice in the hand shown",
                                "{card} est nommée deux fois dans la main montrée"),
    "competition_no_such_card": ("{card} is not a card of Compétition: only island cards are in the hands",
                                 "{card} n'est pas une carte de la Compétition : les mains ne tiennent "
                                 "que des cartes d'île"),
    "competition_shown_face_down": ("a card of the hand shown is face down: turn it over",
                                    "une carte de la main montrée est face cachée : retournez-la"),
    # -- the swap and the pass ----------------------------------------------
    "competition_swap_count": (
        "seat {seat} holds {hand} cards, but {shown} were shown",
        "le joueur {seat} a {hand} cartes en main, mais {shown} ont été montrées",
    ),
    "competition_swap_no_row": ("no card lies face up: a swap would take nothing",
                                "aucune carte n'est face visible : un échange ne prendrait rien"),
    "competition_swap_fits": (
        "{card} can be laid at {at} (discard {cost}): only a hand that cannot be laid is swapped",
        "{card} peut être posée en {at} (défausser {cost}) : seule une main qui ne peut être posée "
        "s'échange",
    ),
    "competition_swapped": (
        "seat {seat} shows and discards its hand ({shown}) and takes the face-up row ({taken})",
        "le joueur {seat} montre et défausse sa main ({shown}) et prend la rangée face visible ({taken})",
    ),
    "competition_pass_discard": (
        "seat {seat} holds {hand} cards: it can discard two instead of passing",
        "le joueur {seat} a {hand} cartes : il peut en défausser deux au lieu de passer",
    ),
    "competition_pass_row": (
        "{row} face up: seat {seat} can lay a card, or else swap its hand for them",
        "{row} face visible : le joueur {seat} peut poser une carte, ou sinon échanger sa main "
        "contre elles",
    ),
    "competition_passed": (
        "seat {seat} passes: it can neither lay, discard two, nor swap",
        "le joueur {seat} passe : il ne peut ni poser, ni défausser deux cartes, ni échanger",
    ),
    "competition_no_start": ("Compétition has no Start card: there are no discards to split",
                             "la Compétition n'a pas de carte de départ : aucune défausse à répartir"),
    "competition_no_loss": (
        "Compétition is never lost together: a seat that cannot act passes",
        "la Compétition ne se perd pas ensemble : un joueur qui ne peut agir passe",
    ),
    # -- the end --------------------------------------------------------------
    "competition_end_full": ("the grid is full", "la grille est pleine"),
    "competition_end_hands": ("both seats hold one card or none", "les deux joueurs ont une carte ou aucune"),
    "competition_won": ("{end}: seat {seat} wins, {score} points to {other} ({reason})",
                        "{end} : le joueur {seat} gagne, {score} points à {other} ({reason})"),
    "competition_by_points": ("more points", "plus de points"),
    "competition_by_cards": ("equal points, more cards on the grid",
                             "points égaux, plus de cartes sur la grille"),
    "competition_by_discards": ("equal points and cards on the grid, fewer discarded",
                                "points et cartes sur la grille égaux, moins de défausses"),
    "competition_by_run": ("equal points, cards and discards, the longer run",
                           "points, cartes et défausses égaux, la plus longue série"),
    "competition_draw": (
        "{end}: a draw, {score} points each, with as many cards laid and discarded and runs as long",
        "{end} : égalité, {score} points chacun, autant de cartes posées et défaussées et des séries "
        "aussi longues",
    ),
    # -- the page -------------------------------------------------------------
    "competition_control_swap": ("Seat {seat}: show the hand ({hand}), discard it, take the face-up row",
                                 "Joueur {seat} : montrer la main ({hand}), la défausser, prendre la rangée"),
    "competition_control_pass": ("Seat {seat} passes", "Le joueur {seat} passe"),
    "competition_ask_card": ("card {n} shown", "carte {n} montrée"),
}
