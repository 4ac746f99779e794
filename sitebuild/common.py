"""What every part of the build shares: the repository's folders, the download cache, the
build's log line, and the one-sentence error for a missing prerequisite."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "draughts"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "draughts-web"

# A zip entry date fixed so that the same sources give byte-identical files, and so the service
# worker's cache name (a hash of the contents) only changes when something really changed.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


class MissingPrerequisite(Exception):
    """Something the build or the tests need is not there: one sentence saying what, and the
    command that installs it. main() prints it and exits with status 1, without a traceback."""


def run_step(command: list[str], what: str, fix: str, **kwargs: object) -> None:
    """Run a set-up command; when it cannot start or fails, say what failed and how to fix it."""
    try:
        result = subprocess.run(command, **kwargs)  # type: ignore[call-overload]
    except FileNotFoundError:
        raise MissingPrerequisite(f"{what}: `{command[0]}` is not installed. {fix}") from None
    if result.returncode != 0:
        raise MissingPrerequisite(f"{what} failed (exit {result.returncode}; offline?). {fix}")


def require_tool(name: str, fix: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise MissingPrerequisite(f"`{name}` was not found on PATH. {fix}")
    return path


NODE_FIX = "Install Node.js 20 or later with npm: `sudo apt-get install nodejs npm` (or from https://nodejs.org)."


def zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    # stored: HTTP compression does as well on the whole, and the page's worker unzips it by copying
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)
