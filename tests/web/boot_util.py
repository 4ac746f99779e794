"""Helpers for the boot tests: hold Python's boot back at a chosen file, and count requests."""

from __future__ import annotations

import time
from types import TracebackType


class HeldBoot:
    """Keeps every request for a file matching `pattern` (Pyodide's WebAssembly by default) waiting
    while the block runs, so the page stays in its booting state as long as the test needs; on
    exit the requests go on to the server."""

    def __init__(self, context, pattern: str = "**/pyodide.asm.wasm") -> None:
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
