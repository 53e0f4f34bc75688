"""The page's language: asked for in the address (``?lang=fr``), remembered in a cookie,
or else the browser's preference (``Accept-Language``); English by default."""

from __future__ import annotations

from flask import Request

from companion.messages import MESSAGES
from companion.text import LANGS, Lang, Text

COOKIE = "lang"

#: The texts the page's script needs, by message key.
SCRIPT_KEYS = (
    "page_live", "page_offline", "page_turn", "page_discard_now", "page_start_split_due",
    "page_no_history", "page_referee_detail", "page_token_missing",
    "page_confirm_loss", "page_confirm_new", "page_done", "page_game_over", "page_take_back",
    "page_table_tap", "page_corner_1", "page_corner_2", "page_corner_3", "page_corner_4",
    "page_deck", "page_hand", "page_discards", "page_won", "page_score", "page_send", "page_confirm_control",
    "page_table_seats", "page_table_tap_seat", "page_table_tap_place",
)


def choose_lang(request: Request) -> Lang:
    """The language of a request: ``?lang=``, then the cookie, then ``Accept-Language``."""
    for value in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if value in LANGS:
            return "fr" if value == "fr" else "en"
    best = request.accept_languages.best_match(LANGS, default="en")
    return "fr" if best == "fr" else "en"


def script_texts(lang: Lang) -> dict[str, str]:
    """The templates the page's script fills in (``{seat}``, ``{count}`` left as they are)."""
    return {key: Text(key, **_placeholders(key)).render(lang) for key in SCRIPT_KEYS}


def _placeholders(key: str) -> dict[str, str]:
    english = MESSAGES[key]
    names = ("seat", "count", "outcome", "n", "corner", "card", "at")
    return {name: "{" + name + "}" for name in names if "{" + name + "}" in english}
