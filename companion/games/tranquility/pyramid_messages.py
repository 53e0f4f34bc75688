"""The Pyramide's messages to players (ruling T18), in English and French, registered by its rules."""

PYRAMID_MESSAGES: dict[str, str] = {
    "pyramid_borders_missing": "the Pyramide needs the option pyramid_borders: the two cells holding a border card (T18), read "
        "by the camera at setup or typed on the page",
    "pyramid_joker_as": "the Joker as {value}",
    "pyramid_joker_say": "say what the border card laid at {at} stands for: an island value, or finish",
    "pyramid_no_start": "the Pyramide has no start corner: a Start card is never laid (one drawn from the explorer pile "
        "is discarded), and a Joker cannot stand for one",
    "pyramid_not_laid": "{card} is not laid on the Pyramide (a compass is discarded to clear the storm at a cell)",
    "pyramid_joker_taken": "a Joker cannot stand for {value}: {value} already lies at {other_at}",
    "pyramid_closed": "{card} cannot go to {at}: a storm lies there until a compass clears it",
    "pyramid_finish_early": "the Finish card needs all 36 cells of the Pyramide filled with island cards or Jokers: "
        "{missing} still empty",
    "pyramid_explore_due": "{card} at {at} covers a border card: draw the top explorer card first, the discard comes after "
        "(the placement costs {cost})",
    "pyramid_overridden_explore": "override: {card} at {at} accepted; it covers a border card: draw the top explorer card first",
    "pyramid_explore_first": "seat {seat} must first say which explorer card it drew for {at}",
    "pyramid_no_explore": "no card waits for an explorer card",
    "pyramid_pile_spent": "{card} cannot come out of the explorer pile: every one it held is accounted for",
    "pyramid_explored_start": "the explorer card is a Start card, no effect: discard {count} for {card} at {at}",
    "pyramid_explored_penalty": "the explorer card is {drawn}: discard {cost} for {card} at {at} and one card more {source}",
    "pyramid_explored_penalty_none": "the explorer card is {drawn}: discard {cost} for {card} at {at}; no card is left in hand or deck "
        "for one more",
    "pyramid_explored_kept": "the explorer card is kept in hand unseen: discard {count} for {card} at {at}",
    "pyramid_explored_storm": "the explorer card is {drawn}: {card} goes back to hand and the storm lies on {at} until a "
        "compass clears it; discard {count}",
    "pyramid_explored_monster": "the explorer card is a sea monster: {card} and the monster are discarded, the border card at "
        "{at} shows again; discard {count}",
    "pyramid_from_hand": "from hand",
    "pyramid_from_deck": "from the top of the deck",
    "pyramid_compass_at": "in the Pyramide a compass is discarded from hand to clear the storm at a cell: say the cell",
    "pyramid_compass_no_storm": "no storm lies at {at}: a compass clears only a storm",
    "pyramid_compass_done": "seat {seat} discards a compass: the storm at {at} is cleared and its border card shows again",
    "pyramid_cannot_hold": "seat {seat} cannot hold {card}: it kept no explorer card still in hand",
    "pyramid_all_used": "{card}: all {count} of them are already used",
    "pyramid_control_explore": "Explorer card drawn for {at}",
    "pyramid_control_compass": "Discard a compass to clear the storm at {at}",
}
