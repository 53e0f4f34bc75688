"""What the app serves: the referee, its live hub and the camera preview."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import Flask

from companion.app.referee import Referee
from companion.app.table import TableDesk
from web.hub import Hub
from web.preview import Preview

if TYPE_CHECKING:  # the enrolment's module loads the camera side: the page needs only its type
    from companion.app.enrolment import EnrolmentSession

EXTENSION = "companion"


@dataclass
class Page:
    """The resources of one app (``app.extensions["companion"]``); ``table`` is where the page
    leaves the players' placement of the table for the camera (None: no camera to place it);
    ``enrolment`` the deck being enrolled from the camera (``/enrol``; None: none is)."""

    referee: Referee
    hub: Hub
    preview: Preview
    table: TableDesk | None = None
    enrolment: EnrolmentSession | None = None


def page_of(app: Flask) -> Page:
    """The page resources of ``app``."""
    page: Page = app.extensions[EXTENSION]
    return page
