"""Every file downloaded once: a first visit, counted at the server (page, Python's worker, the
page's cache fill and the service worker together), asks for no path twice, yet leaves the service
worker holding the whole site, filled by the page's worker so the service worker reads nothing; a
new build replaces what changed, and the page says "updated" once."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
from pathlib import Path

from boot_util import CountingSite, wait_offline_ready
from webutil import wait_ready

from sitebuild.common import DIST, PACKAGE
from sitebuild.offline import service_worker_files

CACHED_JS = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith('draughts-'));
  const sizes = {};
  for (const name of names) sizes[name] = (await (await caches.open(name)).keys()).length;
  return sizes;
}"""


def test_a_first_visit_fetches_each_file_once_and_the_service_worker_holds_them_all(browser) -> None:
    with CountingSite(DIST) as site:
        context = browser.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        by_service_worker: list[str] = []
        context.on("request", lambda request: by_service_worker.append(request.url) if request.service_worker else None)
        started: list[str] = []
        page.on("worker", lambda worker: started.append(worker.url.rsplit("/", 1)[1]))
        page.goto(site.url)
        wait_ready(page)
        wait_offline_ready(page)
        twice = {path: n for path, n in site.counts.items() if n > 1}
        cached = page.evaluate(CACHED_JS)
        # the boot's downloads and the cache fill each had a worker of their own, ended with its
        # work (and its garbage): only Python's is left
        deadline = time.monotonic() + 10
        while len(page.workers) > 1 and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        running = [worker.url.rsplit("/", 1)[1] for worker in page.workers]
        context.close()
    assert sorted(started) == ["cache-fill.js", "downloads.js", "worker.js"], started
    assert running == ["worker.js"], running
    assert twice == {}, f"fetched more than once on a first visit: {twice}"
    files = service_worker_files(DIST)
    assert list(cached.values()) == [len(files)], cached
    # the service worker asked the server only for what the visit had not loaded
    assert "/pyodide/pyodide.asm.wasm" in site.counts and "/learn.html" in site.counts
    # the page's cache fill had stored every file when the service worker installed: it read
    # nothing but its own script (its garbage would stay in the page's renderer while it idles)
    assert by_service_worker == [site.url + "sw.js"]
    assert site.counts.get("/cache-fill.js") == 1
    assert errors == []


def new_build(site: Path) -> str:
    """What a rebuild after a change to style.css gives: the file, its hash in sw.js and
    cache-fill.js, and the service worker's version change. Returns the new version."""
    css = site / "style.css"
    old_hash = hashlib.sha256(css.read_bytes()).hexdigest()
    css.write_text(css.read_text() + "\n/* a new build */\n")
    old_version = re.search(r'"draughts-([0-9a-f]+)"', (site / "sw.js").read_text()).group(1)  # type: ignore[union-attr]
    new_version = "0" * len(old_version)
    for name in ("sw.js", "cache-fill.js"):
        script = (site / name).read_text()
        (site / name).write_text(script.replace(old_hash, hashlib.sha256(css.read_bytes()).hexdigest())
                                 .replace(old_version, new_version))
    for copy in [*site.glob("style.css.*"), *site.glob("sw.js.*"), *site.glob("cache-fill.js.*")]:  # the old files' precompressed copies
        copy.unlink()
    return new_version


def test_a_new_build_replaces_the_stale_file_and_the_page_says_updated_once(browser, tmp_path: Path) -> None:
    shutil.copytree(DIST, tmp_path / "site")
    with CountingSite(tmp_path / "site") as site:
        context = browser.new_context()
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        wait_offline_ready(page)
        assert page.locator(".updated").count() == 0, "a first visit is not an update"
        version = new_build(tmp_path / "site")
        page.reload()
        wait_ready(page)
        note = page.locator(".updated")
        note.wait_for(timeout=60_000)
        page.wait_for_timeout(500)
        assert note.count() == 1
        catalogue = json.loads((PACKAGE / "text" / "en.json").read_text())
        assert note.inner_text() == catalogue["boot_updated"]
        assert "a new build" in page.evaluate("fetch('style.css').then((r) => r.text())")
        note.click()  # read: it goes
        assert note.count() == 0
        # the old version's cache goes once the new worker has finished activating
        deadline = time.monotonic() + 60
        while (caches := list(page.evaluate(CACHED_JS))) != [f"draughts-{version}"] and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert caches == [f"draughts-{version}"]
        context.close()
