"""Every message a player may see, in English; its French is in the catalogue (gettext).

Keys map to English templates with named fields; see :class:`companion.text.Text`. A message
counting something has its singular under ``<key>_one``. The French of each key is the entry of
context ``key`` in its package's catalogue (:mod:`companion.catalogues`): here
``companion/locale/fr/LC_MESSAGES/companion.po``. A test checks that every key has its French,
with the same fields. Cells, cards and seats are named the same way in both languages.
The messages every game shares are here; each game's own live in its package
(``companion/games/<game>/messages.py``, with its own catalogue) and are added with
:func:`register_messages`.
"""

from collections.abc import Mapping
from pathlib import Path

from companion.catalogues import Domain

MESSAGES: dict[str, str] = {
    # -- malformed input ----------------------------------------------------
    "bad_json": "not valid JSON: {detail}",
    "bad_json_at": "not valid JSON at column {column}: {detail}",
    # json's own messages, in both languages (the column says where).
    "json_value": "a value was expected",
    "json_name": "a name in double quotes was expected",
    "json_colon": "a ':' was expected",
    "json_comma": "a ',' was expected",
    "json_unterminated": "a string is not closed",
    "json_control": "a control character in a string",
    "json_escape": "an invalid \\ escape",
    "json_u_escape": "an invalid \\uXXXX escape",
    "json_extra": "more after the JSON value",
    "json_nested": "nested too deeply",
    "json_digits": "a number of too many digits",
    "json_constant": "{name} is not a JSON number",
    "json_too_long": "a JSON text longer than {limit} characters",
    "line_too_long": "a line longer than {limit} bytes",
    "config_too_big": "a file larger than {limit} bytes",
    "not_an_object": "a record line must be a JSON object",
    "missing_field": "missing field '{field}'",
    "bad_field": "bad value for '{field}': {value}",
    "unknown_event": "unknown event type '{kind}'",
    "unknown_card": "unknown card '{card}' in {game}",
    "unknown_cell": "unknown cell '{at}' in {game}",
    "unknown_game": "unknown game '{name}' (known: {known})",
    "unknown_option": "unknown option '{name}' for {game} (known: {known})",
    "bad_option": "bad value {value} for option '{name}' (allowed: {choices})",
    "bad_players": "{game} is played by {low} to {high} players, not {players}",
    "seat_out_of_range": "there is no seat {seat} in a {players}-player game",
    "empty_record": "the record is empty: the first line must be a header",
    "bad_header": "the first line must be a header with 'record' and 'game': {detail}",
    "bad_record_version": "record format {version} is not supported (expected 1)",
    "not_utf8": "not UTF-8 text at byte {byte}",
    "line_error": "line {line}: {error}",
    # -- ambiguous readings (G2) -------------------------------------------
    "unsure_card": "unsure reading at {at}: which card is it?",
    "face_down": "a card face down at {at} cannot be ruled on: turn it over",
    # -- general rulings ---------------------------------------------------
    "not_your_turn": "it is seat {turn}'s turn, not seat {player}'s",
    "game_over": "the game is over: {outcome}",
    "flag_pending": "take back {card} at {at} or override it first",
    "nothing_flagged_at": "no flagged card at {at} to take back",
    "flag_pending_card": "take back {card} or override it first",
    "engine_event_fed": "an event marked as the companion's own (source engine) is made by the companion, not fed to it",
    "nothing_to_override": "no flagged placement to override",
    "cannot_override_card": "{card} broke {rule}, which cannot be overridden: take it back",
    "cannot_override": "{card} at {at} broke {rule}, which cannot be overridden: take it back",
    "nothing_to_undo": "nothing to undo",
    "undone": "undone: {what}",
    "taken_back": "{card} taken back from {at}",
    "taken_back_card": "{card} taken back",
    "nothing_flagged_card": "no flagged {card} to take back",
    "wrong_game_event": "'{kind}' is not an event of {game}",
    "desc_play": "{card} at {at}",
    "desc_override": "override of {card} at {at}",
    "desc_override_card": "override of {card}",
    "desc_discard": "discard of {count} cards",
    "desc_discard_one": "discard of {count} card",
    "desc_declare_loss": "the reported loss",
    "desc_event": "{kind}",
    # -- the placing games (each game's own messages are in its package) ------
    "no_card": "seat {seat} holds no card",
    "not_playable": "{card} is not a card to lay on the table",
    "placed_free": "Seat {seat} laid {card} at {at}: nothing to discard",
    "overridden": "{card} at {at} kept anyway: discard {cost}",
    "discard_count": "action B discards exactly 2 cards, not {count}",
    "discard_short": "seat {seat} holds {hand}: discarding two needs 2",
    "seat_discards": "Seat {seat} discards {count} cards",
    "count_cards": "{count} cards",
    "count_cards_one": "{count} card",
    "count_cells": "{count} cells",
    "count_cells_one": "{count} cell",
    "seat_discards_one": "Seat {seat} discards {count} card",
    "loss_refused": "seat {seat} holds {hand} cards and can still discard two: the game goes on",
    "loss_declared": "seat {seat} cannot act: the game is lost",
    # -- the tricks games --------------------------------------------------
    "trick_not_held": "seat {seat} has already played {card} or does not hold it",
    "trick_must_follow": "{card} does not follow {suit}: seat {seat} still holds {suit}",
    "trick_revoke": "{card}: seat {seat} showed earlier that it holds no {suit}",
    "trick_led": "seat {seat} leads {card}",
    "trick_followed": "seat {seat} plays {card}",
    "trick_won": "seat {seat} plays {card}; seat {winner} wins the trick",
    "desc_trick_card": "{card} played to the trick",
    "trick_accepted": "{card} accepted anyway",
    "outcome_tricks": "over: scores {scores}",
    # -- outcomes ----------------------------------------------------------
    "outcome_reported": "lost: the players reported that seat {seat} cannot act",
    "outcome_ongoing": "the game goes on",
    # -- vision ------------------------------------------------------------
    "model_missing": "no model file {path} for {game}: train one with `companion train --game {game}`",
    "model_corrupt": "model file {path} cannot be read ({detail}): reinstall the companion or run `companion train --game {game}`",
    "model_wrong_game": "model file {path} is for {other}, not {game}: pass the model of {game} with --model",
    "model_classes": "model file {path} does not know the cards of {game} ({detail}): train it again with `companion train --game {game}`",
    "finder_missing": "no card-finder model {path}: reinstall the companion or run `companion train-finder`",
    "finder_unreadable": "card-finder model {path} cannot be read ({detail}): reinstall the companion or run `companion train-finder`",
    "refiner_missing": "no corner-refiner model {path}: reinstall the companion or run `{command}`",
    "refiner_unreadable": "corner-refiner model {path} cannot be read ({detail}): reinstall the companion or run `{command}`",
    "detections_invalid": "the card finder gave results that make no sense ({detail})",
    "image_unreadable": "cannot read image {path}: give a JPEG or PNG file",
    "image_unwritable": "cannot write the image {path}: give a path ending in .png or .jpg, in a folder "
                         "that can be written",
    "real_photos_none": "no labelled photo in {path} (a JPEG or PNG with its Pascal VOC .xml beside it): the "
                         "real photos' recall is not measured; give a folder of them with --real-photos, or "
                         "--real-photos none",
    "labels_unreadable": "cannot read the labelled boxes {path} ({detail}): give a Pascal VOC file, "
                          "each object with a bndbox of xmin, ymin, xmax and ymax",
    "train_needs_torch": "training needs PyTorch: install it with `pip install -e '.[train]'`",
    # -- watching the table (issue 4) ---------------------------------------
    "watch_unsure": "cannot read the card at {cells}: which card is it?",
    "watch_flicker": "the card at {cells} reads differently from one moment to the next ({cards}): which is it?",
    "watch_unplaced": "table not placed: the cards do not lie where the layout would put them; looking again "
                       "(not ruled or in doubt: {cells}). Set the table's corners on the page if this goes on",
    # -- placing the table from the page (issue 73): its state, the page's controls, the refusals
    "table_state": "table: {state}",
    "table_searching": "looking for it",
    "table_checking": "placed, being checked against the cards (nothing is ruled meanwhile)",
    "table_placed": "placed",
    "table_by_hand": "set by hand",
    "table_saved_in": "corners saved in {path} for the next game",
    "table_no_camera": "no camera is watching the table",
    "table_nothing_to_confirm": "the table is not found yet: there is no layout to confirm; set its corners",
    "table_bad_request": 'send {{"confirm": true}} or {{"corners": [[x, y], [x, y], [x, y], [x, y]]}}, '
                          "not both",
    "table_bad_seats": "tap each of the {count} seats once, seat 1 first, where its player sits; got {value}",
    "table_bad_corners": "four corners are needed, each [x, y] as fractions of the picture from 0 to 1; "
                          "got {value}",
    "table_not_convex": "the four corners must be tapped in the order bottom left, bottom right, top right, "
                         "top left of the play area, around a convex area of the picture; got {value}",
    "table_asked_confirm": "the camera takes the layout drawn as right from its next picture",
    "table_asked_corners": "the camera places the table by these corners from its next picture",
    "table_corners_refused": "these corners cannot place the table: {detail}",
    "table_not_saved": "the table's placement holds for this game but could not be saved in {path}: {detail}",
    "watch_twice": "{cards} is seen in two places ({cells}): where is it?",
    "watch_changed": "the card at {cells} now reads differently ({cards}): was a card laid on another, or is it misread?",
    "watch_sonar": "{cards} is shown outside the trick ({cells}): is its token at the top, the middle or the bottom? Say it on the page",
    "watch_removed": "{cards} was taken away from {cells} but was accepted: undo it on the page, or put it back",
    "watch_moved": "{cards} moved ({cells}): undo on the page, or put it back",
    "watch_searching": "looking for the table: lay the frame of border cards (or the Panoramas) in view",
    "watch_found": "table found: {cells} cells in view",
    "watch_camera_moved": "the camera moved: finding the table again",
    "watch_no_camera_game": "{game} cannot be watched yet (games: {known})",
    "watch_bad_corners": "the four corners must be 8 numbers x1,y1,...,x4,y4 forming a convex area, got {value}",
    "watch_bad_out": "cannot write to {path}: {detail}",
    # -- command line ------------------------------------------------------
    "cli_outcome": "Outcome: {outcome}",
    "cli_turn": "Seat {seat} to play",
    "cli_seat_counts": "seat {seat}: deck {deck}, hand {hand}, discard {discard}",
    "cli_intro": "{game} · players: {players}{names} · options: {options}",
    "cli_columns": "seq|event|rule|disc.|ruling",
    "bench_no_rules": "{game} has no rules engine to measure yet (games with one: {known})",
    # Why the operating system refused (companion.text.os_reason).
    "os_missing": "no such file or folder",
    "os_denied": "permission denied",
    "os_is_folder": "it is a folder",
    "os_not_folder": "a part of the path is not a folder",
    "os_full": "no space left on the disk",
    "os_read_only": "the disk is read-only",
    "os_address_in_use": "the port is in use",
    "os_address_unknown": "this machine has no such address",
    "cli_cannot_read": "cannot read {path}: {detail}",
    "cli_solo_assumption": "note: the solo rules (reference card A2) are not in the texts; this 1-player game uses the "
        "same rules (RULINGS T11)",
    # -- hardware: camera, signals, buttons, configuration, doctor (issue 5) --
    "camera_bad_spec": "unknown camera source {spec}: use {forms}",
    "camera_bad_synthetic": "unknown synthetic source {spec}: use synthetic[:GAME[:SEED]] with a game among {games}",
    "webcam_unavailable": "cannot open webcam {index} (/dev/video{index}): plug a camera in, join the group video, or name another source with --source or COMPANION_CAMERA",
    "video_missing": "no video file {path}",
    "video_unreadable": "cannot read video {path}: give a video OpenCV can decode (MP4, AVI, MJPEG)",
    "folder_missing": "no image folder {path}",
    "folder_unreadable": "cannot list the image folder {path}: {detail}",
    "folder_empty": "no image in folder {path} (looked for {suffixes})",
    "image_gone": "image {path} disappeared from its folder",
    "image_skipped": "cannot read image {path}: skipped",
    "camera_closed": "camera {source} is closed",
    "camera_failed": "camera {source} stopped giving pictures",
    "camera_failed_detail": "camera {source} stopped giving pictures ({detail})",
    "camera_fake_down": "camera {source} is still down",
    "camera_lost": "camera lost: {detail}; trying again in {delay} s",
    "camera_back": "camera back: {source}",
    "camera_gave_up": "camera lost: {detail}; gave up after {attempts} tries",
    # -- bad frames, the pixel budget, the camera back (issue 64) --
    "image_too_large": "image {path} is {width}x{height} pixels ({megapixels} MP, says its {format} header): over the {budget} MP and {side} pixels a side an image may have; give a smaller one",
    "image_file_too_large": "image {path} is a file over {megabytes} MB: too large to be a picture of the table",
    "image_unknown_format": "cannot read image {path}: its format is none of {formats}",
    "image_bad_header": "cannot read image {path}: its header is cut short or damaged",
    "image_unreadable_detail": "cannot read image {path}: {detail}",
    "video_changed": "video {path} changed while it was read (cut short or rewritten) at frame {index}",
    "video_shorter": "video {path} now has {frames} frames, fewer than the {start} already read",
    "frame_skipped": "camera frame {index} skipped ({count} so far): {detail}",
    "frame_failed": "the watcher failed on this frame ({detail})",
    "watch_frames_skipped": "{count} frames skipped in all (said above)",
    "watch_frames_skipped_one": "{count} frame skipped in all (said above)",
    "signal_frame_skipped": "a camera frame skipped",
    "signal_camera_back": "camera back",
    "picamera_missing": "picamera2 is not installed: on a Raspberry Pi, `sudo apt install python3-picamera2` and make the venv with --system-site-packages",
    "picamera_numpy": "picamera2 cannot load with numpy {numpy} ({detail}): in the venv, `pip install 'numpy<2' 'opencv-python-headless<4.12'`",
    "picamera_failed": "the Pi camera {number} cannot start ({detail}): is another program using it?",
    "picamera_none": "no Pi camera {number}: {count} found; check the ribbon cable, then `rpicam-hello --list-cameras`",
    "camera_no_picamera_seen": "picamera2 sees no camera: check the ribbon cable, then `rpicam-hello --list-cameras`",
    "camera_found_picamera": "picamera2 sees a Pi camera",
    "camera_found_webcam": "no Pi camera ({why}), but /dev/video0 is there",
    "camera_found_nothing": "no Pi camera ({why}) and no /dev/video0",
    "camera_chosen": "no camera named: using {source}, because {why}; name one with --source or COMPANION_CAMERA",
    "signal_off": "off",
    "signal_legal": "legal",
    "signal_discard": "legal, discard {count} cards",
    "signal_discard_one": "legal, discard {count} card",
    "signal_illegal": "illegal, take the card back or override",
    "signal_refused": "refused",
    "signal_unsure": "unsure reading, check the card",
    "signal_camera_lost": "camera lost",
    "signal_breach": "a rule proved broken",
    "signal_goal_done": "task done",
    "signal_round_won": "round won by player {player}",
    "signal_round_lost": "round won by captain 0, the game's own",
    "signal_round_void": "round won by nobody",
    "signal_step_due": "{done}; then amber held: a step is owed before drawing (the reef)",
    "signal_won": "game won",
    "signal_lost": "game lost",
    "sig_green": "green",
    "sig_red": "red",
    "sig_amber": "amber",
    "sig_beep": "beep",
    "sig_tone": "low tone",
    "sig_off": "off",
    "sig_held": "{outputs}, held until the next signal",
    "sig_repeated": "repeated until the next signal",
    "sig_line": "{meaning}: {body}",
    "signals_console_fallback": "no GPIO ({why}): signals go to the console",
    "gpio_no_gpiozero": "gpiozero is not installed: `pip install -e .` in the companion's venv",
    "gpio_no_factory": "no GPIO pin library works here ({detail}); on a Raspberry Pi, `sudo apt install python3-lgpio`, make the venv with --system-site-packages and join the group gpio",
    "gpio_pins_failed": "cannot drive the configured pins ({detail}): is another program using them? Check [pins] in the configuration",
    "config_missing": "configuration file {path} does not exist",
    "config_unreadable": "cannot read configuration file {path}: {detail}",
    "config_syntax": "configuration file {path} is not valid TOML: {detail}",
    "config_in": "{path}: {error}",
    "config_unknown_section": "unknown section [{key}] (known: {known})",
    "config_not_table": "{key} must be a section [{key}] of settings",
    "config_unknown_key": "unknown key {key} (known: {known})",
    "config_bad_value": "bad value for {key}: {value} (allowed: {allowed})",
    "config_pin_twice": "{key} = {pin} is already {other}: a pin drives one thing",
    "config_lores_larger": "camera.lores {lores} must be no larger than camera.size {size}",
    "config_allowed_pin": "a BCM GPIO number from 0 to 27, or false when nothing is wired",
    "config_allowed_rgb": "three BCM GPIO numbers [red, green, blue] from 0 to 27, or false",
    "config_allowed_number": "a number from {low} to {high}",
    "config_allowed_number_or_false": "a number from {low} to {high}, or false",
    "config_allowed_integer": "a whole number from {low} to {high}",
    "config_allowed_threshold": "a number between 0 and 1 (both excluded), or false for the model's own",
    "config_allowed_size": "[width, height] in pixels, whole numbers from 16 to 8192",
    "config_allowed_corners": "four [x, y] points in pixels, e.g. [[0, 0], [1280, 0], [1280, 720], [0, 720]], or false",
    "config_allowed_source": "a camera source name",
    "config_allowed_source_forms": "{forms}",
    "config_allowed_choice": "one of {choices}",
    "config_allowed_host": "a host name or an IP address, e.g. \"0.0.0.0\" for every network",
    "config_allowed_token": "\"\" to make one at start-up, or 8 to 128 letters, digits, - or _",
    "doctor_ok": "ok",
    "doctor_missing": "missing",
    "doctor_problem": "problem",
    "doctor_config_file": "configuration: {path}",
    "doctor_config_defaults": "configuration: the defaults (no file among {looked})",
    "doctor_config_bad": "configuration: {error}; the checks below use the defaults",
    "doctor_picamera_ok": "Pi camera: {count} found ({models})",
    "doctor_picamera_missing": "Pi camera: {why}",
    "doctor_webcams_ok": "webcams: {devices}",
    "doctor_webcams_none": "webcams: no /dev/video* device",
    "doctor_device_denied": "{device}: not allowed to open it; `sudo usermod -aG {group} $USER`, then log in again",
    "doctor_source_ok": "camera source {source}: a {width}x{height} frame read",
    "doctor_source_found": "camera source {source} (none named, so the first found of Pi camera, /dev/video0, synthetic): a {width}x{height} frame read",
    "doctor_source_failed": "camera source {source}: {error}",
    "doctor_source_no_frame": "camera source {source}: opened, but gave no frame",
    "doctor_not_installed": "{module} is not installed: `pip install -e .` in the companion's venv",
    "doctor_gpio_ok": "GPIO: {factory}, pins {pins} free",
    "doctor_gpio_missing": "GPIO: {why}",
    "doctor_model_ok": "model of {game}: {path} ({classes} cards, threshold {threshold})",
    "doctor_model_bad": "model of {game}: {error}",
    "doctor_no_picamera": "no Pi camera",
    "doctor_no_gpio": "no GPIO",
    "doctor_no_picamera_no_gpio": "no Pi camera, no GPIO",
    "doctor_ready": "ready: camera, GPIO, models and configuration all found",
    "doctor_no_hardware": "{missing}: fine for trying the companion here (camera: {source}, signals: console); on a Raspberry Pi, fix the lines marked missing",
    "doctor_hardware_required": "{missing}, and --require-hardware was given",
    "doctor_problems": "{count} problem(s): see the lines marked problem",
    # -- the store and the live referee (issue 6) ---------------------------
    "store_unusable": "cannot use the game store {path}: {detail}",
    "store_busy": "the game store {path} is in use by another companion: stop it first, or give another --store",
    "store_read_only": "the game store {path} was opened for reading only",
    "store_closed": "the game store {path} is closed",
    "store_write_failed": "could not save to the game store {path}: {detail}; the event was not ruled",
    "store_no_game": "no game {id} in the game store {path} (see `companion games`)",
    # -- a damaged store, its check, recovery and backup (issue 64) ----------
    "store_damaged": "cannot use the game store {path}: it is damaged ({detail}); nothing more is written to it. `companion store check --store {path}` says what is wrong, `companion store recover --store {path}` saves what can be read into a sound file",
    "store_more": "{detail}; and {more} more",
    "store_bad_row": "the game store {path} holds a damaged row ({what}): {error}. `companion store check --store {path}` lists every damaged row, `companion store recover --store {path}` keeps every readable game",
    "store_row_game": "game {id}",
    "store_row_event": "game {id}, event {seq}",
    "store_row_problem": "{what}: {error}",
    "store_lost": "{events} event(s) and {games} game(s) stored before are missing from the game store {path}: lost with its damaged or deleted journal ({path}-wal), or an older file was put in its place. It now ends at game {game}, event {seq}; it had reached game {had_game}, event {had_seq}",
    "live_stopped_unstored": "stopped; {count} events could not be stored and were not ruled (see the store's alert above)",
    "live_stopped_unstored_one": "stopped; {count} event could not be stored and was not ruled (see the store's alert above)",
    "store_check_ok": "the game store {path} is sound: {games} games, {events} events",
    "store_check_bad": "the game store {path} is damaged: {count} problem(s) above. `companion store recover --store {path}` saves what can be read into a sound file",
    "store_sqlite_says": "SQLite: {detail}",
    "store_recover_sound": "the game store {path} is sound: nothing to recover (--force copies it all the same)",
    "store_recovered": "saved {games} games and {events} events into a sound {path}; dropped {lost_games} game(s) and {lost_events} event(s) that could not be read; the damaged file is kept as {aside}",
    "backup_done": "copied the game store {path} to {out}: {games} games, {events} events",
    "backup_exists": "{out} exists already: give another file or a folder",
    "backup_damaged": "the copy {out} holds the store's damage ({detail}): run `companion store check --store {path}`",
    "cli_the_output": "the standard output",
    "correct_flag_first": "take back or override the flagged card at {at} first",
    "correct_not_last": "only a flagged card or the last card laid can be corrected; {at} is neither: undo back to it first",
    "bad_option_pair": "'{pair}' is not name=value",
    # -- the status page (issue 6) -------------------------------------------
    "bad_setup_field": "{game} sets up no '{name}' (its set-up: {known})",
    "alert_camera_lost": "camera lost: {detail}",
    "http_bad_host": "refused: {host} is not a name of this companion",
    "http_no_token": "this change needs the token the companion printed when it started",
    "http_bad_token": "wrong token: nothing was changed",
    "http_not_found": "nothing here: {path}",
    "http_method": "{method} is not allowed here",
    "http_too_large": "the request is too large",
    "http_bad_request": "the request cannot be understood",
    "http_bad_body": "the body must be a JSON object or a form",
    "http_bad_json": "the body is refused: {detail}",
    "http_too_many_pages": "{limit} live pages are already open: close one and reload",
    "http_no_picture": "no camera picture yet",
    "http_server_error": "internal error: nothing was changed",
    # -- the live commands (issue 6) -----------------------------------------
    "live_intro": "{game} · players: {players}{names} · options: {options} · game {id}",
    "live_ready": "ready in {seconds} s (Ctrl-C to stop)",
    "live_stopped": "stopped; every event is in the store",
    "live_cannot_open": "cannot open {path}: {detail}",
    "live_cannot_listen": "cannot serve the page: {detail} (choose another --port)",
    "live_store": "store: {path}",
    "live_page": "page: {url}",
    "live_token": "token for the page's controls: {token}",
    "live_resumed": "resuming game {id} where it stopped ({events} events)",
    "live_resume_other": "game {id} is unfinished: it is resumed (--new starts the game asked for instead)",
    "live_need_game": "give both --game and --players for a new game",
    "live_default_game": "no game asked for: a 3-player Tranquillité begins; start another from the page (New game)",
    "live_demo": "demo: a simulated game of {events} events, {left} still to play (about {seconds} s)",
    "live_demo_over": "the demo game is over; the page stays up {seconds} s more (Ctrl-C to stop now)",
    "live_no_buttons": "no buttons: {why}",
    "store_none": "no game store at {path} yet: `companion run` or `companion demo` makes one",
    "games_none": "no game stored yet",
    "store_demo_only": "no game store at {path} yet: the demo's games, in {demo}",
    "games_demo_too": "the demo's games are in {demo}: `companion games --store {demo}`",
    "games_won": "won",
    "games_lost": "lost",
    "games_abandoned": "abandoned",
    "demo_film_unplaced": "with {options} no card frames the table for the camera to find it by; "
                           "at a real table, set its four corners on the page",
    "games_void": "void (dealt again)",
    "games_draw": "drawn",
    "games_ongoing": "unfinished",
    "export_seat": "Seat {seat}",
    "export_place": "At the companion's table",
    "export_one_game": "the {format} format writes one game at a time, not {count}",
    "export_comments": "Refereed by the companion: {outcome}; {events} events, {refused} refused; options {options}",
    "cli_cannot_write": "cannot write {path}: {detail}",
    "live_demo_film": "demo: a simulated game filmed in {frames} frames, {left} still to show (about {seconds} s); the camera's watcher reads it",
    "live_demo_no_film": "the demo's camera cannot run ({why}): the game's events are fed directly",
    "live_no_camera": "no camera reading: {why}; events come from the page and the buttons",
    "live_camera": "camera: {source}",
    # -- the command line, the live application and the page (issue 63) --
    "demo_no_selfplay": "{game} has no self-play to simulate a demo game with",
    "train_shipped_out": "{path} is a shipped model: write the new one elsewhere, or add --force to replace it",
}



# Names and phrases said inside other messages.
MESSAGES.update({
    "say_day_side_up": "day side up",
    "say_night_side_up": "night side up",
})

#: The catalogue of the messages here and in the ``messages_*`` modules beside this one.
DOMAIN = Domain("companion", Path(__file__).parent)
#: The catalogue holding each message's French, by key.
DOMAINS: dict[str, Domain] = dict.fromkeys(MESSAGES, DOMAIN)


def register_messages(messages: Mapping[str, str], domain: Domain) -> None:
    """Add a package's own messages, their French in ``domain``; a key may not say two things."""
    for key, english in messages.items():
        if key in MESSAGES and (MESSAGES[key], DOMAINS[key]) != (english, domain):
            raise ValueError(f"message {key!r} is already registered with other words")
    MESSAGES.update(messages)
    DOMAINS.update(dict.fromkeys(messages, domain))


# The decks' messages live in their own module (this one is near the house's length limit).
from companion.messages_decks import DECK_MESSAGES  # noqa: E402

register_messages(DECK_MESSAGES, DOMAIN)

# The messages of enrolling a deck from the camera, likewise.
from companion.messages_enrol import ENROL_MESSAGES  # noqa: E402

register_messages(ENROL_MESSAGES, DOMAIN)

# The status page's messages, likewise.
from companion.messages_page import PAGE_MESSAGES  # noqa: E402

register_messages(PAGE_MESSAGES, DOMAIN)

# The club's messages (a broker, a dashboard), likewise.
from companion.messages_club import CLUB_MESSAGES  # noqa: E402

register_messages(CLUB_MESSAGES, DOMAIN)
