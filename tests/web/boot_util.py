"""What the boot tests share: hold Python's boot back at a chosen file, count requests, and keep
the offline cache's fill out of a count."""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from types import TracebackType

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sitebuild.server import SiteHandler, ThreadingServer  # noqa: E402


class HeldBoot:
    """Keeps every request for a file matching `pattern` waiting while the block runs, so the page
    stays in its booting state as long as the test needs; on exit the requests go on to the server.

    The default is Pyodide's JavaScript module, which both boots need and which the Python worker
    asks for itself. Not the WebAssembly: the downloads worker asks for that, a worker's own
    worker, and Chromium lets the browser's routing miss such a worker's requests now and then
    (about one boot in fifteen here: none of them reported, the file downloaded unheld)."""

    def __init__(self, context, pattern: str = "**/pyodide/pyodide.asm.mjs") -> None:
        self.context = context
        self.pattern = pattern
        self.held: list = []

    def _hold(self, route) -> None:
        self.held.append(route)

    def __enter__(self) -> "HeldBoot":
        self.context.route(self.pattern, self._hold)
        return self

    def wait_until_asked(self, page, timeout_s: float = 30.0) -> None:
        """Until the page's worker has asked for the held file (so the boot really is under way)."""
        deadline = time.monotonic() + timeout_s
        while not self.held:
            if time.monotonic() > deadline:
                raise AssertionError(f"nothing asked for {self.pattern} within {timeout_s} s")
            page.wait_for_timeout(50)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.context.unroute(self.pattern, self._hold)
        for route in self.held:
            route.fallback()


class CountingSite:
    """A folder served on a free port by build.py's own handler, counting the requests per path
    (everything that reached the server: the page, its workers and the service worker)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.counts: Counter[str] = Counter()

    def __enter__(self) -> "CountingSite":
        counts = self.counts

        class Handler(SiteHandler):
            def send_head(self):  # type: ignore[no-untyped-def]
                counts[self.path.split("?")[0]] += 1
                return super().send_head()

        self.server = ThreadingServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(self.directory)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def wait_offline_ready(page) -> None:
    """The service worker has filled its cache and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)


def keep_offline_fill_out(context) -> None:
    """Aborts the offline cache's fill in ``context``: its dedicated worker (``cache-fill.js``) and
    the service worker. Both fetch the page's files (the standard library too) once the page is
    ready, at moments of their own, and the dedicated worker's requests are reported like the
    page's, so a test that counts what the page and its Python worker ask for keeps them out."""
    context.route("**/cache-fill.js", lambda route: route.abort())
    context.route("**/sw.js", lambda route: route.abort())
