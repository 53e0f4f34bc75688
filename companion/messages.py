"""Every message a player may see, in English and French.

Keys map to ``(english, french)`` templates with named fields; see
:class:`companion.text.Text`. A test checks that both languages of every key
use the same fields. Cells, cards and seats are named the same way in both.
"""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- malformed input ----------------------------------------------------
    "bad_json": ("not valid JSON: {detail}", "JSON invalide : {detail}"),
    "not_an_object": ("a record line must be a JSON object", "une ligne du relevé doit être un objet JSON"),
    "missing_field": ("missing field '{field}'", "champ « {field} » manquant"),
    "bad_field": ("bad value for '{field}': {value}", "valeur incorrecte pour « {field} » : {value}"),
    "unknown_event": ("unknown event type '{kind}'", "type d'événement inconnu « {kind} »"),
    "unknown_card": ("unknown card '{card}' in {game}", "carte inconnue « {card} » dans {game}"),
    "unknown_cell": ("unknown cell '{at}' in {game}", "case inconnue « {at} » dans {game}"),
    "unknown_game": ("unknown game '{name}' (known: {known})", "jeu inconnu « {name} » (connus : {known})"),
    "unknown_option": (
        "unknown option '{name}' for {game} (known: {known})",
        "option inconnue « {name} » pour {game} (connues : {known})",
    ),
    "bad_option": (
        "bad value {value} for option '{name}' (allowed: {choices})",
        "valeur {value} incorrecte pour l'option « {name} » (permises : {choices})",
    ),
    "bad_players": (
        "{game} is played by {low} to {high} players, not {players}",
        "{game} se joue de {low} à {high} joueurs, pas {players}",
    ),
    "bad_decks": (
        "deck sizes {decks} do not share {total} cards evenly among {players} seats, seat 1 having "
        "one of the smallest",
        "les pioches {decks} ne partagent pas {total} cartes équitablement entre {players} joueurs, "
        "le joueur 1 ayant l'une des plus petites",
    ),
    "seat_out_of_range": ("there is no seat {seat} in a {players}-player game",
                          "il n'y a pas de joueur {seat} dans une partie à {players}"),
    "empty_record": ("the record is empty: the first line must be a header",
                     "le relevé est vide : la première ligne doit être un en-tête"),
    "bad_header": ("the first line must be a header with 'record' and 'game': {detail}",
                   "la première ligne doit être un en-tête avec « record » et « game » : {detail}"),
    "bad_record_version": ("record format {version} is not supported (expected 1)",
                           "le format de relevé {version} n'est pas pris en charge (attendu : 1)"),
    "line_error": ("line {line}: {error}", "ligne {line} : {error}"),
    # -- ambiguous readings (G2) -------------------------------------------
    "unsure_card": ("unsure reading at {at}: which card is it?",
                    "lecture incertaine en {at} : quelle est cette carte ?"),
    "face_down": ("a card face down at {at} cannot be ruled on: turn it over",
                  "une carte face cachée en {at} ne peut être arbitrée : retournez-la"),
    # -- general rulings ---------------------------------------------------
    "not_your_turn": ("it is seat {turn}'s turn, not seat {player}'s",
                      "c'est au joueur {turn} de jouer, pas au joueur {player}"),
    "game_over": ("the game is over: {outcome}", "la partie est terminée : {outcome}"),
    "flag_pending": ("take back {card} at {at} or override it first",
                     "reprenez d'abord {card} en {at}, ou passez outre"),
    "nothing_flagged_at": ("no flagged card at {at} to take back",
                           "aucune carte signalée à reprendre en {at}"),
    "nothing_to_override": ("no flagged placement to override", "aucune pose signalée à accepter"),
    "cannot_override": (
        "{card} at {at} broke {rule}, which cannot be overridden: take it back",
        "{card} en {at} enfreint {rule}, ce qui ne peut être accepté : reprenez-la",
    ),
    "nothing_to_undo": ("nothing to undo", "rien à annuler"),
    "undone": ("undone: {what}", "annulé : {what}"),
    "taken_back": ("{card} taken back from {at}", "{card} reprise en {at}"),
    "wrong_game_event": ("'{kind}' is not an event of {game}", "« {kind} » n'est pas un événement de {game}"),
    "desc_play": ("{card} at {at}", "{card} en {at}"),
    "desc_override": ("override of {card} at {at}", "acceptation de {card} en {at}"),
    "desc_discard": ("discard of {count} cards", "défausse de {count} cartes"),
    "desc_start_discards": ("the discards after the Start card", "les défausses après la carte de départ"),
    "desc_declare_loss": ("the reported loss", "la défaite annoncée"),
    "desc_event": ("{kind}", "{kind}"),
    # -- Tranquillité ------------------------------------------------------
    "no_card": ("seat {seat} holds no card", "le joueur {seat} n'a aucune carte en main"),
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
    "not_playable": ("{card} is not a card to lay on the table", "{card} n'est pas une carte à poser"),
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
    "no_room_between": (
        "{card} at {at} leaves {cells} cells between it and {other} at {other_at} but only {numbers} "
        "numbers to fill them",
        "{card} en {at} laisse {cells} cases entre elle et {other} en {other_at} mais seulement "
        "{numbers} nombres pour les remplir",
    ),
    "no_room_before": (
        "{card} at {at} leaves {cells} cells before it but only {numbers} smaller numbers",
        "{card} en {at} laisse {cells} cases avant elle mais seulement {numbers} nombres plus petits",
    ),
    "no_room_after": (
        "{card} at {at} leaves {cells} cells after it but only {numbers} greater numbers",
        "{card} en {at} laisse {cells} cases après elle mais seulement {numbers} nombres plus grands",
    ),
    "too_costly": (
        "{card} at {at} costs {cost} cards (next to {other} at {other_at}) but seat {seat} would hold "
        "only {left}",
        "{card} en {at} coûte {cost} cartes (à côté de {other} en {other_at}) mais le joueur {seat} "
        "n'en aurait que {left}",
    ),
    "placed_free": ("{card} at {at}: nothing to discard", "{card} en {at} : rien à défausser"),
    "placed_cost": ("{card} at {at}: discard {cost} (next to {other} at {other_at})",
                    "{card} en {at} : défaussez {cost} (à côté de {other} en {other_at})"),
    "overridden": ("override: {card} at {at} accepted, discard {cost}",
                   "passer outre : {card} en {at} acceptée, défaussez {cost}"),
    "discard_count": ("action B discards exactly 2 cards, not {count}",
                      "l'action B défausse exactement 2 cartes, pas {count}"),
    "discard_short": ("seat {seat} holds {hand} card(s): discarding two needs 2",
                      "le joueur {seat} a {hand} carte(s) : défausser deux cartes en demande 2"),
    "seat_discards": ("Seat {seat} discards {count} cards", "Le joueur {seat} défausse {count} cartes"),
    "loss_refused": (
        "seat {seat} holds {hand} cards and can still discard two: the game goes on",
        "le joueur {seat} a {hand} cartes et peut encore en défausser deux : la partie continue",
    ),
    "loss_declared": ("seat {seat} cannot act: the game is lost",
                      "le joueur {seat} ne peut pas agir : la partie est perdue"),
    # -- outcomes ----------------------------------------------------------
    "outcome_won": ("won: the Finish card was played", "gagnée : la carte d'arrivée a été jouée"),
    "outcome_reported": ("lost: the players reported that seat {seat} cannot act",
                         "perdue : les joueurs ont annoncé que le joueur {seat} ne peut pas agir"),
    "outcome_no_action": (
        "lost: seat {seat} holds {hand} card(s) and no card could be laid",
        "perdue : le joueur {seat} a {hand} carte(s) et aucune carte ne pourrait être posée",
    ),
    "outcome_ongoing": ("the game goes on", "la partie continue"),
    # -- command line ------------------------------------------------------
    "cli_outcome": ("Outcome: {outcome}", "Issue : {outcome}"),
    "cli_turn": ("Seat {seat} to play", "Au joueur {seat} de jouer"),
    "cli_seat_counts": ("seat {seat}: deck {deck}, hand {hand}, discard {discard}",
                        "joueur {seat} : pioche {deck}, main {hand}, défausse {discard}"),
    "cli_intro": ("{game} · {players} players{names} · options: {options}",
                  "{game} · {players} joueurs{names} · options : {options}"),
    "cli_columns": ("seq|event|rule|disc.|ruling", "n°|événement|règle|déf.|décision"),
    "cli_cannot_read": ("cannot read {path}: {detail}", "impossible de lire {path} : {detail}"),
    "cli_solo_assumption": (
        "note: the solo rules (reference card A2) are not in the texts; this 1-player game uses the "
        "same rules (RULINGS T11)",
        "remarque : les règles solo (carte de référence A2) ne sont pas dans les textes ; cette partie "
        "à 1 joueur suit les mêmes règles (RULINGS T11)",
    ),
}
