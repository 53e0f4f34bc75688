"""The messages of deck profiles and enrolment (:mod:`vision.read.profile`), in English and French;
merged into :data:`companion.messages.MESSAGES`."""

DECK_MESSAGES: dict[str, tuple[str, str]] = {
    "profile_missing": ("no deck profile {path}: enrol the deck with `companion enrol`",
                        "pas de profil de jeu de cartes {path} : enregistrez le jeu avec `companion enrol`"),
    "profile_corrupt": ("deck profile {path} cannot be read ({detail}): enrol the deck again",
                        "le profil de jeu de cartes {path} est illisible ({detail}) : enregistrez le jeu à nouveau"),
    "profile_other_model": (
        "deck profile {path} was enrolled with another model of {game}: enrol the deck again",
        "le profil de jeu de cartes {path} a été enregistré avec un autre modèle de {game} : enregistrez le jeu à nouveau"),
    "profile_other_game": ("deck profile {path} is for {other}, not {game}",
                           "le profil de jeu de cartes {path} est pour {other}, pas pour {game}"),
    "profile_no_embedding": (
        "model file {path} gives no embedding, so no deck profile can be used with it: use the shipped model",
        "le fichier de modèle {path} ne donne pas de plongement : aucun profil de jeu ne peut servir avec lui ; prenez le modèle livré"),
    "profile_empty": ("no card to enrol: no crop was kept", "aucune carte à enregistrer : aucune image gardée"),
}
