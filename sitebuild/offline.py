"""The service worker that keeps the site for offline play, with this build's files and hashes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import WEB
from .compress import is_precompressed


SERVICE_WORKER = "sw.js"
CACHE_FILL = "cache-fill.js"


def service_worker_files(dist: Path) -> dict[str, str]:
    """Every file the service worker keeps, by its URL relative to the site, with its SHA-256:
    the worker keeps a copy only when it is this build's file. index.html is kept as "./"."""
    files: dict[str, str] = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        if name in (SERVICE_WORKER, CACHE_FILL) or is_precompressed(path):
            continue
        files["./" if name == "index.html" else f"./{name}"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def write_service_worker(dist: Path, version: str) -> None:
    """cache-fill.js with this build's version and files, run by the page on a first visit, and
    sw.js with the same script in place of its importScripts line (no second request for it)."""
    fill = (WEB / CACHE_FILL).read_text()
    files = json.dumps(service_worker_files(dist), indent=1)
    fill = fill.replace("__CACHE_VERSION__", version).replace("__FILES__", files)
    sw = (WEB / SERVICE_WORKER).read_text()
    line = f'importScripts("./{CACHE_FILL}");\n'
    if line not in sw:
        raise SystemExit(f"{SERVICE_WORKER} no longer imports {CACHE_FILL}")
    (dist / CACHE_FILL).write_text(fill)
    (dist / SERVICE_WORKER).write_text(sw.replace(line, fill))
