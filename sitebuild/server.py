"""The local web server: static files, their precompressed copies, no caching by HTTP."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import threading
from pathlib import Path

from .common import DIST, MissingPrerequisite
from .compress import PRECOMPRESSED
from .site import build


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types module scripts and WebAssembly streaming need."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml", ".py": "text/plain; charset=utf-8", ".whl": "application/zip",
        ".zip": "application/zip",
    }

    def send_head(self):  # type: ignore[no-untyped-def]
        """A file's precompressed copy (name.br, name.gz) when the browser accepts its encoding,
        as static hosts send them; otherwise the file itself."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepted = {token.split(";")[0].strip() for token in self.headers.get("Accept-Encoding", "").split(",")}
        for suffix, encoding in PRECOMPRESSED.items():
            encoded = path.with_name(path.name + suffix)
            if encoding in accepted and path.is_file() and encoded.is_file():
                modified = self.date_time_string(int(path.stat().st_mtime))
                if self.headers.get("If-Modified-Since") == modified:
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
                body = encoded.open("rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(encoded.stat().st_size))
                self.send_header("Last-Modified", modified)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return body
        return super().send_head()

    def end_headers(self) -> None:
        # Revalidate every time: a rebuilt site shows up on reload; the service worker does the
        # offline caching, not the HTTP cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("DRAUGHTS_SERVE_LOG"):
            super().log_message(format, *args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> ThreadingServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return ThreadingServer((host, port), handler)


def serve_in_thread(directory: Path = DIST) -> tuple[ThreadingServer, str]:
    """Start a server on a free port in a daemon thread (for tests and the benchmark)."""
    server = make_server(directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int) -> None:
    # The port first: a taken port found after the build would have cost the whole build.
    try:
        server = make_server(DIST, port)
    except OSError as error:
        raise MissingPrerequisite(f"port {port} cannot be used ({error.strerror}): another server may have it."
                                  f" Pick another with `python3 build.py serve --port {port + 1 if port else 8001}`.")\
            from None
    try:
        build()
    except BaseException:
        server.server_close()
        raise
    print(f"Serving the game at http://localhost:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
