"""Rixes' messages to players in English (their French in its catalogue), registered into the catalogue by its events."""

from pathlib import Path

from companion.catalogues import Domain
from companion.messages import register_messages

#: Rixes's catalogue: the French of its messages, in ``locale/fr/LC_MESSAGES/rixes.po`` beside this file.
DOMAIN = Domain("rixes", Path(__file__).parent)

MESSAGES: dict[str, str] = {
    "desc_effect": "the effect of {crew}",
    "desc_recruit": "the recruitment of {pirate}",
    "desc_recruit_none": "a recruitment passed",
    "rixes_halted": "a revoke was proved: accept or dispute it (override) before the game goes on",
    "rixes_no_bagarre_left": "no Bagarre is left in this Rixe",
    "rixes_seen_twice": "{card} was already seen in this Rixe: check the card",
    "rixes_not_your_turn": "it is captain {expected}'s turn, not captain {captain}'s",
    "rixes_must_follow": "captain {captain} holds {held}, of the dominant type {kind}: it must follow",
    "rixes_provokes": "captain {captain} provokes with {card}",
    "rixes_plays": "captain {captain} plays {card}",
    "rixes_not_in_crew": "{crew} is not in player {player}'s crew",
    "rixes_tilted": "{crew} is tilted: used already in this Rixe",
    "rixes_butin_early": "{crew}'s Butin comes when the loot is shared",
    "rixes_no_bagarre": "{crew} is used during a Bagarre",
    "rixes_effect_not_in_bagarre": "{crew}'s effect names a card not in the Bagarre",
    "rixes_effect_in_bagarre": "{crew}'s effect adds a card already in the Bagarre",
    "rixes_effect_face_down": "{crew}'s effect aims at a card face down",
    "rixes_effect_empty_hand": "{crew}'s effect adds a card from an empty hand",
    "rixes_no_gold_to_move": "{crew}'s effect moves more gold than there is",
    "rixes_effect": "player {player} uses {crew}",
    "rixes_recruit_early": "recruitment comes once the loot is shared",
    "rixes_recruited_already": "player {player} recruited already in this Rixe",
    "rixes_recruit_no_gold": "player {player} has no gold to pay for {pirate}",
    "rixes_recruit_crew_full": "player {player}'s crew has three Pirates already: replace one",
    "rixes_recruit_legend": "a Légende is never replaced ({replaces})",
    "rixes_recruit_not_in_crew": "{replaces} is not in player {player}'s crew",
    "rixes_recruit_not_drawn": "{pirate} is not one of the two Pirates drawn",
    "rixes_recruit_in_crew": "{pirate} is in player {player}'s crew already",
    "rixes_recruits": "player {player} recruits {pirate}",
    "rixes_revoke_proved": "captain {captain} plays {card}: it held that type when it did not follow at event {breach}",
    "rixes_played_anyway": "{card} played anyway",
    "rixes_breach_accepted": "the breach is noted: the game goes on",
    "rixes_pile_top": "Barbe Noire's card is the companion's: {card}",
    "rixes_say_type": "say which type {card} provokes as ({types})",
    "rixes_not_its_type": "{card} does not bear {kind}",
    "rixes_recruit_other_crew": "{pirate} is in player {player}'s crew",
    "rixes_recruits_none": "player {player} discards both Pirates drawn",
    "rixes_won": "player {player} wins the game",
    "rixes_lost": "Barbe Noire wins: the players lose",
    # The page's controls and notes (companion/games/rixes/controls.py).
    "rixes_control_cancel": "player {player}: a member cancels the Bagarre",
    "rixes_control_value": "player {player}: a member changes a card's value",
    "rixes_control_type": "player {player}: a member changes a card's type",
    "rixes_control_move": "player {player}: a member gives a card to another captain",
    "rixes_control_to_hand": "player {player}: a member returns a card to the hand that played it",
    "rixes_control_award": "player {player}: a member awards the Bagarre to a captain",
    "rixes_control_gold": "player {player}: a member gives gold from the reserve",
    "rixes_control_gold_from": "player {player}: a member moves gold between captains",
    "rixes_control_butin": "player {player}: the Butin of {crew}",
    "rixes_control_recruit_add": "player {player} recruits a Pirate drawn (1 gold to Barbe Noire)",
    "rixes_control_recruit_replace": "player {player} recruits a Pirate drawn in place of one of the crew",
    "rixes_control_recruit_none": "player {player} discards both Pirates drawn",
    "rixes_control_ask_member": "member used",
    "rixes_control_ask_card": "card",
    "rixes_control_ask_value": "new value",
    "rixes_control_ask_type": "new type",
    "rixes_control_ask_to": "to captain (0: Barbe Noire)",
    "rixes_control_ask_from": "from captain (0: Barbe Noire)",
    "rixes_control_ask_amount": "gold",
    "rixes_control_ask_butin": "Butin: gold",
    "rixes_control_ask_kept": "Pirate kept",
    "rixes_control_ask_other": "other Pirate drawn",
    "rixes_control_ask_drawn": "Pirate drawn",
    "rixes_control_ask_replaces": "in place of",
    "rixes_note_gold": "Barbe Noire has {gold} gold: with {target} at the end of a Rixe he wins",
    "rixes_note_tiebreak": "a tie-break Rixe is being played: the richest at its end wins",
}

# Names, titles and help said in both languages (a game's title, an option's help, a card's name).
MESSAGES.update({
    "say_rixes_on_a_sea_of_legends": "Rixes on a Sea of Legends",
    "say_a_revoke_proved_is_reported_note": "a revoke proved is reported (note), or the game waits for an override (stop)",
    "say_barbe_noire_wins_the_moment_he": "Barbe Noire wins the moment he has 15 gold",
    "say_advanced_weapons_two_types_a_card": "advanced weapons: two types a card, a Provocation says which (as)",
    "say_barbe_noire_s_pile_turned_over": "Barbe Noire's pile: turned over at the table, or kept and shown by the companion (page)",
})

# A weapon named in words ("fist 5", "poing 5").
MESSAGES.update({
    "rixes_type_fist": "fist",
    "rixes_type_sabres": "sabres",
    "rixes_type_pistols": "pistols",
    "rixes_weapon": "{kind} {value}",
    "rixes_weapon_two": "{top}/{bottom} {value}",
})

register_messages(MESSAGES, DOMAIN)  # every module saying these words finds them, imported in any order
