"""The first second: the play page starts its Python worker from the top of its HTML, so the big
downloads (the WebAssembly and Pyodide's modules) are under way while the page's own modules are
still loading, and each is asked for once; the standard library is not asked for at all by a boot
from the snapshot (the offline cache's fill fetches it later, for a module the snapshot lacks)."""

from __future__ import annotations

from sitebuild.common import DIST
from boot_util import CountingSite, HeldBoot, keep_offline_fill_out
from playwright.sync_api import expect
from webutil import guard_origin, wait_ready


def test_the_worker_downloads_python_while_the_pages_modules_are_still_loading(browser) -> None:
    # Counted where they arrive, at the server: the WebAssembly is asked for by the downloads
    # worker, a worker's own worker, whose requests Chromium's routing misses now and then.
    # The cache for offline use is filled after the boot; that is kept out.
    with CountingSite(DIST) as site:
        context = browser.new_context()
        try:
            off_origin: list[str] = []
            guard_origin(context, site.url, off_origin)
            keep_offline_fill_out(context)
            page = context.new_page()
            # the page's own code (play.js) is held back: the worker must start without it
            with HeldBoot(context, "**/js/play.js") as held:
                page.goto(site.url, wait_until="commit")  # the load event waits for the held module
                held.wait_until_asked(page)
                deadline = 30_000
                while not site.counts["/pyodide/pyodide.asm.wasm"] and deadline > 0:
                    page.wait_for_timeout(50)
                    deadline -= 50
                assert site.counts["/pyodide/pyodide.asm.wasm"] and site.counts["/pyodide/pyodide.asm.mjs"], site.counts
                assert site.counts["/js/play.js"] == 0, site.counts
                assert page.get_attribute("html", "data-ready") != "true"
            wait_ready(page)
            # the early downloads were handed to Pyodide, not asked for again
            for name in ("/pyodide/pyodide.asm.wasm", "/pyodide/pyodide.asm.mjs", "/config.json"):
                assert site.counts[name] == 1, (name, site.counts)
            assert site.counts["/pyodide/python_stdlib.zip"] == 0, site.counts
            assert page.evaluate("__draughts.boot") == "snapshot"
            marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
            # the worker's timeline reaches the page in order
            for earlier, later in [("boot: worker created", "boot: modules loaded"),
                                   ("boot: module started", "boot: restored"), ("boot: restored", "boot: python ready")]:
                assert marks.index(earlier) < marks.index(later), marks
        finally:
            context.close()
    assert off_origin == []


def test_a_first_visit_asks_for_its_game_while_python_boots(context, site: str, off_origin: list[str]) -> None:
    """The new game of a visit without a saved game is asked behind hello, before Python is ready,
    so the worker answers both at once (marked "answered" by the worker only for requests it
    queued during its boot); a visit with a saved game restores it instead."""
    page = context.new_page()
    page.goto(site)
    wait_ready(page)
    marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
    assert marks.index("boot: python ready") < marks.index("boot: hello answered") < marks.index("boot: new_game answered"), marks
    page.click('[data-square="32"]')
    page.click('[data-square="28"]')
    played = page.locator("#move-list button.past")
    expect(played).not_to_have_count(0)
    page.reload()
    wait_ready(page)
    marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
    assert "boot: new_game answered" not in marks, marks
    # the move made before the reload is there: the saved game came back, not a new one
    expect(played).not_to_have_count(0)
