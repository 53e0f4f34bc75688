"""The Crew's messages to players in English (their French in its catalogue), registered into the catalogue by its rules."""

from pathlib import Path

from companion.catalogues import Domain
from companion.messages import register_messages

#: The Crew's catalogue: the French of its messages, in ``locale/fr/LC_MESSAGES/crew.po`` beside this file.
DOMAIN = Domain("crew", Path(__file__).parent)

MESSAGES: dict[str, str] = {
    "crew_draw_needs_difficulty": "the companion draws the tasks to a difficulty: set mission, e.g. {{\"difficulty\": 7}}",
    "crew_control_take": "seat {seat} takes {task}",
    "crew_control_pass": "seat {seat} passes",
    "crew_control_predict": "seat {seat} tells its count for {task}",
    "crew_control_distress": "distress signal",
    "crew_control_sonar": "a sonar card shown",
    "crew_control_reveal": "card turned up in Tonoja's column {at}",
    "crew_control_redeal": "redeal: the attempt is void",
    "crew_control_declare_win": "mission accomplished (no tasks)",
    "crew_note_difficulty": "the tasks add up to {total}, the mission's difficulty is {target}",
    "crew_note_clash": "{first} and {second} cannot both be met by two seats: one seat should take both",
    "crew_unknown_task": "no task '{task}' in the task table",
    "crew_tasks_first": "the tasks are taken before the first card",
    "crew_predict_first": "the owner of {task} tells its count before the first card",
    "crew_seen_twice": "{card} was already played: check the card",
    "crew_no_task_left": "no task is left to take",
    "crew_cannot_pass": "seat {seat} cannot pass: a task would be left unassigned",
    "crew_passes": "seat {seat} passes",
    "crew_task_not_left": "task {task} is not on the table",
    "crew_not_for_commander": "the commander cannot take {task}",
    "crew_takes_task": "seat {seat} takes task {task}",
    "crew_no_prediction": "no count to tell for {task} now",
    "crew_not_owner": "{task} is seat {seat}'s to tell",
    "crew_predicted": "the count for {task} was already told",
    "crew_prediction_too_high": "{count} tricks: the attempt has {tricks}",
    "crew_predicts": "seat {seat} tells its count for {task}",
    "crew_breach_cr3": "seat {seat} plays sub-4: the commander's announcement was false",
    "crew_breach_cr11": "seat {seat} plays {card}: it held that colour when it did not follow at event {breach}",
    "crew_lost_breach": "mission lost: rule {rule} broken",
    "crew_lost_task": "mission lost: task {task} failed",
    "crew_won": "mission accomplished: every task done",
    "crew_breach_cr8": "seat {seat} plays {card}: its sonar at event {breach} was false",
    "crew_sonar_follow": "seat {seat} must follow with {shown}, its sonar card, not {card}",
    "crew_sonar_tasks_first": "a sonar comes after the tasks are taken",
    "crew_sonar_between_tricks": "a sonar is shown between tricks only",
    "crew_sonar_no_sub": "a submarine is never shown by sonar",
    "crew_sonar_once": "seat {seat} has already used its sonar",
    "crew_sonar": "seat {seat} shows {card} by sonar: {position}",
    "crew_distress_late": "the distress signal comes once, before any sonar and the first card",
    "crew_distress": "distress signal: each member passes one card {direction}",
    "crew_declared_lost": "the players declare the mission lost",
    "crew_lost_declared": "mission lost: declared by the players",
    "desc_sonar": "the sonar on {card}",
    "desc_distress": "the distress signal",
    "crew_disputed": "the players dispute the breach of {rule}: the attempt goes on",
    "crew_redeal": "redeal ({reason}): the attempt counts for nothing",
    "crew_void": "attempt void: dealt again",
    "crew_no_declared_win": "only a mission without tasks is declared won, after its last trick",
    "crew_declared_won": "the players declare the mission accomplished",
    "crew_won_declared": "mission accomplished: declared by the players",
    "desc_redeal": "the redeal",
    "desc_declare_win": "the reported success",
    "crew_tonoja_not_visible": "Tonoja plays only her visible cards: {card} is not one",
    "crew_tonoja_follow": "Tonoja shows a {suit} card: she must follow, not play {card}",
    "crew_not_a_column": "only Tonoja's cards come from a column: {card} from {at}",
    "crew_no_reveal": "no card to turn face up in {at}",
    "crew_revealed": "{card} turned face up in {at}",
    "crew_sonar_not_tonoja": "Tonoja has no sonar token",
    "desc_reveal": "{card} turned face up in {at}",
    "desc_take_task": "task {task} taken",
    "desc_pass_task": "a pass",
    "desc_predict": "the count for {task}",
}

# Names, titles and help said in both languages (a game's title, an option's help, a card's name).
MESSAGES.update({
    "say_the_seat_holding_the_4_submarine": "the seat holding the 4 submarine (required)",
    "say_the_tasks_laid_out_e_g": "the tasks laid out, e.g. [\"win:pink-3\", \"trick:first\"] (drawn by the companion with task_draw=page)",
    "say_the_logbook_s_mission_e_g": "the logbook's mission, e.g. {{\"number\": 12, \"difficulty\": 7, \"attempt\": 2}}",
    "say_true_when_the_distress_token_was": "true when the distress token was used at an earlier attempt",
    "say_3_players_the_seat_dealt_14": "3 players: the seat dealt 14 cards",
    "say_2_players_tonoja_s_seat_players": "2 players: Tonoja's seat (players=3)",
    "say_2_players_her_face_up_cards": "2 players: her face-up cards, e.g. {{\"r1\": \"pink-3\", ..., \"r7\": \"sub-2\"}}",
    "say_the_crew_mission_deep_sea": "The Crew: Mission Deep Sea",
    "say_a_breach_proved_loses_the_attempt": "a breach proved loses the attempt (fail) or is reported (note)",
    "say_the_page_shows_the_last_trick": "the page shows the last trick only, or every trick",
    "say_tasks_drawn_at_the_table_or": "tasks drawn at the table, or by the companion",
    "say_a_drawn_pair_two_seats_cannot": "a drawn pair two seats cannot both meet is replaced",
})

register_messages(MESSAGES, DOMAIN)  # every module saying these words finds them, imported in any order
