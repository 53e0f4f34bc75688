"""The messages of a club of tables (:mod:`companion.app.club`, ``companion club``), in English;
merged into :data:`companion.messages.MESSAGES`, their French in the ``companion`` catalogue."""

CLUB_MESSAGES: dict[str, str] = {
    "config_allowed_text": "a text",
    "config_allowed_club_name": "1 to 64 letters, digits, _ - or . (never + # or /)",
    "club_bad_name": "a {what}'s name may hold letters, digits, _ - and . (1 to 64), not \"{name}\"",
    "club_bad_url": "not a broker's address: {url} (mqtt://HOST:PORT/CLUB or mqtts://USER@HOST:8883/CLUB)",
    "club_password_in_url": "no password in the broker's address: put it in the configuration's [club] "
                            "password or in $COMPANION_CLUB_PASSWORD",
    "club_no_club": "the broker's address names no club: {url} (mqtt://HOST:PORT/CLUB, or [club] club)",
    "club_tls_files": "the broker's TLS files cannot be used: {detail}",
    "club_bad_topic": "not one of the club's topics: {topic}",
    "club_too_big": "a message of {size} bytes, over the limit of {limit}",
    "club_bad_field": "a message with a missing or bad field: {field}",
    "club_other_topic": "a message naming another club or table than its topic {topic}",
    "club_other_header": "a message of table {table}'s game {game} with another header than its first",
    "club_gap": "table {table} sent event {seq} while {expected} is still missing: too much to hold",
    "club_publishing": "club: publishing to {url} as table {table}",
    "club_no_broker": "club: the broker {url} cannot be reached now; events wait in the store and go "
                      "when it comes back",
    "club_table_refused": "club: the broker {url} refused this table ({detail}): check the user and "
                          "[club] password or $COMPANION_CLUB_PASSWORD; the games go on and wait in the "
                          "store",
    "club_following": "club: following {club} at {url}; store: {path}",
    "club_unreachable": "the broker {url} cannot be reached: {detail}",
    "club_refused": "the broker {url} refused the dashboard: {detail}",
    "club_page": "club page: {url}",
    "club_stopped": "club: stopped; {stored} events stored, {dropped} messages dropped",
    "club_title": "Club {club}",
    "club_tables": "Tables",
    "club_col_game": "Game",
    "club_col_players": "Players",
    "club_col_turn": "Turn",
    "club_col_alerts": "Alerts",
    "club_col_outcome": "Outcome",
    "club_none": "No table has published yet.",
    "club_turn": "seat {seat} to play",
    "club_dropped": "messages dropped: {count}",
    "club_behind": "{count} events on the way",
}
