"""Helpers shared by the page tests and their fixtures (not named conftest, so that importing
them never collides with another folder's conftest module)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

# Where page tests leave screenshots for a person to look at: not test-results/, which
# pytest-playwright empties at the start of a run.
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
SHOTS.mkdir(parents=True, exist_ok=True)

BOOT_TIMEOUT_MS = 60_000  # generous: two cores, and the engine's tests may run beside us


def wait_ready(page) -> None:
    """Python booted in the worker and a game on the board (the page sets data-ready)."""
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)


def guard_origin(context, site: str, seen: list[str]) -> None:
    """Abort and record every request that leaves the site's origin (page, workers, service worker)."""
    origin = urlparse(site)

    def guard(route) -> None:
        url = urlparse(route.request.url)
        if url.scheme in ("data", "blob") or (url.scheme, url.netloc) == (origin.scheme, origin.netloc):
            route.continue_()
        else:
            seen.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
