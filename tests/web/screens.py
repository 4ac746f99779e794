"""The screens the page is tried on, as a person meets it: a desktop window and a phone, each in
English and in German. A test parametrized with SCREENS opens the play page in a fresh browser
context of that size and language, ready to play; it fails on any request that leaves the
site's origin and on any uncaught error in the page."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page

from webutil import guard_origin, wait_ready


@dataclass(frozen=True)
class Screen:
    width: int
    height: int
    locale: str

    @property
    def phone(self) -> bool:
        return self.width < 500

    @property
    def german(self) -> bool:
        return self.locale.startswith("de")

    def says(self, english: str, german: str) -> str:
        """The page's words on this screen."""
        return german if self.german else english


DESKTOP_EN = Screen(1280, 900, "en-US")
DESKTOP_DE = Screen(1280, 900, "de-DE")
PHONE_EN = Screen(360, 740, "en-US")
PHONE_DE = Screen(360, 740, "de-DE")
SCREENS = [pytest.param(s, id=f"{s.width}x{s.height}-{s.locale}") for s in (DESKTOP_EN, PHONE_DE, PHONE_EN, DESKTOP_DE)]


@contextmanager
def opened(browser: Browser, site: str, screen: Screen, init_script: str | None = None) -> Iterator[Page]:
    """The play page on `screen`, Python booted and a game on the board."""
    context = browser.new_context(viewport={"width": screen.width, "height": screen.height}, locale=screen.locale,
                                  is_mobile=screen.phone, has_touch=screen.phone,
                                  device_scale_factor=2 if screen.phone else 1)
    seen: list[str] = []
    errors: list[str] = []
    guard_origin(context, site, seen)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(site)
        wait_ready(page)
        yield page
    finally:
        context.close()
    assert seen == [], f"requests left the site's origin: {seen}"
    assert errors == [], f"uncaught errors on the page: {errors}"
