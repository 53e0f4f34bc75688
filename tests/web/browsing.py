"""A page served and opened in a real browser at a phone's size (Playwright driving Debian's
/usr/bin/chromium, never a downloaded one), for the browser tests."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from flask import Flask
from playwright.sync_api import Page, sync_playwright

from web.server import PageServer

CHROMIUM = Path("/usr/bin/chromium")


@contextlib.contextmanager
def phone_page(app: Flask) -> Iterator[tuple[str, Page, list[str]]]:
    """``app`` served on a free port and a page opened on nothing yet, 390 x 844 px: the app's
    address, the page, and the page's Content-Security-Policy violations, filled as they come."""
    server = PageServer(app, "127.0.0.1", 0).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en-GB")
                violations: list[str] = []
                page.on("console", lambda message: violations.append(message.text)
                        if "Content Security Policy" in message.text else None)
                yield f"http://127.0.0.1:{server.port}/", page, violations
            finally:
                browser.close()
    finally:
        server.stop()
