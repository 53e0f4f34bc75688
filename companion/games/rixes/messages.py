"""Rixes' messages to players, in English and French, registered into the catalogue by its events."""

MESSAGES: dict[str, tuple[str, str]] = {
    "desc_effect": ("the effect of {crew}", "l'effet de {crew}"),
    "desc_recruit": ("the recruitment of {pirate}", "le recrutement de {pirate}"),
    "desc_recruit_none": ("a recruitment passed", "un recrutement sans pirate"),
}
