"""The messages of deck profiles and enrolment (:mod:`vision.read.profile`), in English and French;
merged into :data:`companion.messages.MESSAGES`."""

DECK_MESSAGES: dict[str, str] = {
    "profile_missing": "no deck profile {path}: enrol the deck with `companion enrol`",
    "profile_corrupt": "deck profile {path} cannot be read ({detail}): enrol the deck again",
    "profile_other_model": "deck profile {path} was enrolled with another model of {game}: enrol the deck again",
    "profile_other_game": "deck profile {path} is for {other}, not {game}",
    "profile_no_embedding": "model file {path} gives no embedding, so no deck profile can be used with it: use the shipped model",
    "profile_empty": "no card to enrol: no crop was kept",
    "enrol_unknown_name": "{path}: {name!r} is no card of this game (its cards: {known}, ...): name each box "
                           "as the game's record names the card",
    "profile_bad_name": "{name!r} is no deck name: use letters, digits, spaces, '-', '_' and '.' (64 at most), or "
                         "give the path of a .deck file",
    "enrol_needs_model": "a deck of no game needs --model GAME: the game whose shipped model reads its cards",
    "enrol_model_not_game": "a deck of {game} is read with the model of {game}, not of {model}: leave --model out",
    "enrol_needs_out": "where should the profile go? give --deck NAME (saved in the decks folder) or --out FILE",
    "enrol_no_photos": "no labelled photo in {path}: give a folder of JPEG or PNG photos, each with its Pascal VOC "
                        ".xml beside it",
    "enrol_photos_saved": "deck {deck}: {cards} cards from {shots} shots of {photos} photos ({found} of {boxes} labelled "
                    "cards found), accept {accept}, margin {margin}: {path}",
    "decks_none": "no deck profile in {path}: enrol one with `companion enrol`",
    "decks_columns": "deck|game|cards|shots|model|bytes",
    "decks_other_model": "another model: enrol again",
    "decks_no_game": "any",
    "doctor_deck_ok": "deck profile {path}: {cards} cards of {game}, {shots} shots, read with the installed model",
    "doctor_deck_bad": "the configuration's deck: {error}",
    "config_allowed_deck": "the name of an enrolled deck (see `companion decks`), the path of a .deck file, or false",
}
