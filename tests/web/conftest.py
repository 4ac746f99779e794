"""Fixtures for the page tests: Chromium (found as build.py finds it: $CHROMIUM, else chromium or
chromium-browser on PATH), dist/ served on a free port, and a guard that fails the test on any
request that leaves the site's own origin.

dist/ is built by `python3 build.py test` before pytest starts; when it is missing (pytest run
by hand) it is built here once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from sitebuild.common import DIST  # noqa: E402
from sitebuild.server import serve_in_thread  # noqa: E402
from sitebuild.site import build  # noqa: E402
from sitebuild.testrun import CHROMIUM_FIX, find_chromium  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from webutil import guard_origin, wait_ready  # noqa: E402,F401

# Two cores shared with the engine's tests: give each expectation time rather than flake.
expect.set_options(timeout=15_000)

CHROMIUM = find_chromium()
# WEB-NOTES: these flags for root in a container; no --disable-features of our own.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if CHROMIUM is None:
        pytest.fail(f"Chromium was not found. {CHROMIUM_FIX}", pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url(site: str) -> str:
    """The site's address, as Playwright's base URL.

    Defined here because without the optional pytest-base-url plugin, pytest-playwright 0.10
    supplies this fixture itself as a method of a plugin object, which pytest 9 deprecates
    with a warning on every run (PytestRemovedIn10Warning, "Session-scoped fixtures defined
    as instance methods"). A fixture of our own replaces that one, so it never runs.
    """
    return site


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """dist/ served on 127.0.0.1 in a thread, under a sub-path to prove relative URLs work."""
    if not (DIST / "index.html").exists():
        build()
    # Serve the parent of a symlinked sub-folder so the game lives at /game/ (any sub-path).
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "game").symlink_to(DIST, target_is_directory=True)
        server, url = serve_in_thread(Path(tmp))
        try:
            yield url + "game/"
        finally:
            server.shutdown()
            server.server_close()


@pytest.fixture
def off_origin(context, site: str) -> Iterator[list[str]]:
    """Every request to another origin is aborted and recorded; the test fails if any happened."""
    seen: list[str] = []
    guard_origin(context, site, seen)
    yield seen
    assert seen == [], f"requests left the site's origin: {seen}"


@pytest.fixture
def game(page, site: str, off_origin: list[str]):
    """The page opened and ready (Python booted, a game on the board)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site)
    wait_ready(page)
    yield page
    assert errors == [], f"uncaught errors on the page: {errors}"


@pytest.fixture
def errors(page) -> Iterator[list[str]]:
    """The page's uncaught errors; the test fails at its end if there were any."""
    seen: list[str] = []
    page.on("pageerror", lambda error: seen.append(str(error)))
    yield seen
    assert seen == [], f"uncaught errors on the page: {seen}"
