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
    "enrol_unknown_name": ("{path}: {name!r} is no card of this game (its cards: {known}, ...): name each box "
                           "as the game's record names the card",
                           "{path} : {name!r} n'est pas une carte de ce jeu (ses cartes : {known}, ...) : nommez "
                           "chaque boîte comme l'enregistrement de la partie nomme la carte"),
    "profile_bad_name": ("{name!r} is no deck name: use letters, digits, spaces, '-', '_' and '.' (64 at most), or "
                         "give the path of a .deck file",
                         "{name!r} n'est pas un nom de jeu de cartes : utilisez des lettres, des chiffres, des espaces, "
                         "'-', '_' et '.' (64 au plus), ou donnez le chemin d'un fichier .deck"),
    "enrol_needs_model": ("a deck of no game needs --model GAME: the game whose shipped model reads its cards",
                          "un jeu de cartes sans jeu demande --model JEU : le jeu dont le modèle livré lit ses cartes"),
    "enrol_model_not_game": ("a deck of {game} is read with the model of {game}, not of {model}: leave --model out",
                             "un jeu de cartes de {game} se lit avec le modèle de {game}, pas celui de {model} : "
                             "retirez --model"),
    "enrol_needs_out": ("where should the profile go? give --deck NAME (saved in the decks folder) or --out FILE",
                        "où mettre le profil ? donnez --deck NOM (gardé dans le dossier des jeux de cartes) ou "
                        "--out FICHIER"),
    "enrol_no_photos": ("no labelled photo in {path}: give a folder of JPEG or PNG photos, each with its Pascal VOC "
                        ".xml beside it",
                        "aucune photo étiquetée dans {path} : donnez un dossier de photos JPEG ou PNG, chacune avec "
                        "son .xml Pascal VOC à côté"),
    "enrol_photos_saved": ("deck {deck}: {cards} cards from {shots} shots of {photos} photos ({found} of {boxes} labelled "
                    "cards found), accept {accept}, margin {margin}: {path}",
                    "jeu de cartes {deck} : {cards} cartes d'après {shots} prises de {photos} photos ({found} des "
                    "{boxes} cartes étiquetées trouvées), accepte {accept}, marge {margin} : {path}"),
    "decks_none": ("no deck profile in {path}: enrol one with `companion enrol`",
                   "aucun profil de jeu de cartes dans {path} : enregistrez-en un avec `companion enrol`"),
    "decks_columns": ("deck|game|cards|shots|model|bytes", "jeu de cartes|jeu|cartes|prises|modèle|octets"),
    "decks_other_model": ("another model: enrol again", "un autre modèle : à refaire"),
    "decks_no_game": ("any", "tous"),
    "doctor_deck_ok": ("deck profile {path}: {cards} cards of {game}, {shots} shots, read with the installed model",
                       "profil de jeu de cartes {path} : {cards} cartes de {game}, {shots} prises, lu avec le "
                       "modèle installé"),
    "doctor_deck_bad": ("the configuration's deck: {error}", "le jeu de cartes de la configuration : {error}"),
    "config_allowed_deck": ("the name of an enrolled deck (see `companion decks`), the path of a .deck file, or false",
                            "le nom d'un jeu de cartes enregistré (voir `companion decks`), le chemin d'un fichier "
                            ".deck, ou false"),
}
