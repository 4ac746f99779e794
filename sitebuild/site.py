"""The static site: the page's files, its Python, Pyodide, the snapshot, the service worker and
the compressed copies, put together in dist/."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from .common import CACHE, DIST, NODE_PYODIDE, PACKAGE, ROOT, WEB, log, zip_write
from .compress import is_precompressed, precompress
from .offline import write_service_worker
from .pyodide import (MICROPIP_WHEEL, PYODIDE_FILES, ensure_build_prerequisites, ensure_micropip, precompile,
                      precompiled_cached, write_lock_file)
from .snapshot import build_snapshot
from .wheel import build_wheel

# Page files copied verbatim from web/ (sw.js is templated, index.html gets the version).
PAGE_FILES = ("index.html", "worker.js", "snapshot.js", "downloads.js", "i18n.js", "style.css", "icon.svg",
              "manifest.webmanifest", "learn.html", "learn.css", "embed.html", "embed.js", "editor.html", "editor.css",
              "analysis.css", "puzzles.html",
              # the pages' modules: one per page entry, the element, and what they share
              "js/play.js", "js/learn.js", "js/embed-frame.js", "js/draughts-board.js", "js/worker-client.js",
              "js/offline.js", "js/boot.js",
              "js/board/board.js", "js/board/state.js", "js/board/render.js", "js/board/input.js",
              "js/game/controller.js", "js/game/flow.js", "js/game/clock.js",
              "js/play/storage.js", "js/play/panel.js", "js/play/dialogs.js",
              "js/analysis/loop.js", "js/analysis/graph.js", "js/analysis/panel.js",
              "js/play/prefs.js", "js/play/steps.js", "js/play/status.js", "js/keys.js", "js/sound.js",
              "js/learn/rules.js", "js/learn/text.js",
              "js/puzzles/page.js", "js/puzzles/rating.js", "js/puzzles/progress.js",
              "js/embed/look.js", "js/embed/panel.js", "js/embed/setup.js",
              "js/play/link.js", "js/editor/editor.js", "js/editor/grid.js")

# The page's Python: web/main.py (the entry the worker imports) and its package in web/py/, packed
# into one zip that the worker unpacks into Pyodide's file system.
PAGE_PYTHON = "page-python.zip"


def page_python_sources() -> list[tuple[str, Path]]:
    """(name in the zip, file) of the page's Python: main.py at the top, web/py's modules beside it."""
    sources = [("main.py", WEB / "main.py")]
    for path in sorted((WEB / "py").rglob("*.py")):
        if "__pycache__" not in path.parts:
            sources.append((path.relative_to(WEB / "py").as_posix(), path))
    return sources


def build_page_python(target: Path) -> Path:
    with zipfile.ZipFile(target, "w") as zf:
        for name, path in page_python_sources():
            zip_write(zf, name, path.read_bytes())
    return target


def initial_view() -> dict[str, object] | None:
    """The first position, computed at build time by the page's own main.py in CPython.

    The page paints this board before Python has started in the worker (the goal is a painted
    board in 0.3 s; booting takes about a second). None when the engine cannot run yet.
    """
    paths = [str(ROOT), str(WEB), str(WEB / "py")]
    sys.path[:0] = paths
    try:
        # web/main.py, which imports web/py/draughts_web (on the path only here)
        import main as web_main
        answer = web_main.handle(json.dumps({"id": 0, "method": "new_game", "params": {}}))
        view: dict[str, object] = json.loads(answer)["result"]
        return view
    except Exception as error:  # the placeholder build must still produce a site
        log(f"no initial view ({type(error).__name__}: {error})")
        return None
    finally:
        del sys.path[:len(paths)]
        for name in [n for n in sys.modules if n == "main" or n.split(".")[0] == "draughts_web"]:
            sys.modules.pop(name)


def build(dist: Path = DIST) -> Path:
    ensure_build_prerequisites()
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "pyodide").mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        source_wheel = build_wheel(Path(tmp))
        wheel = dist / source_wheel.name
        stdlib_zip, stdlib_job = precompiled_cached("stdlib", NODE_PYODIDE / "python_stdlib.zip", "python_stdlib")
        micropip_zip, micropip_job = precompiled_cached("wheel", ensure_micropip(), MICROPIP_WHEEL[:-4])
        log("precompiling to .pyc with Pyodide under Node")
        precompile([job for job in (stdlib_job, micropip_job) if job] + [("wheel", source_wheel, wheel)])
    shutil.copyfile(stdlib_zip, dist / "pyodide" / "python_stdlib.zip")
    shutil.copyfile(micropip_zip, dist / MICROPIP_WHEEL)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_PYODIDE / name, dist / "pyodide" / name)
    write_lock_file(dist / "pyodide" / "pyodide-lock.json")
    for name in PAGE_FILES:
        if (WEB / name).exists():
            (dist / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(WEB / name, dist / name)
    build_page_python(dist / PAGE_PYTHON)
    # The text catalogues, one per language, are the package's own: web/i18n.js loads them, and
    # text/index.json names the languages, so a new catalogue file is a new language on the page.
    catalogues = sorted((PACKAGE / "text").glob("*.json"))
    (dist / "text").mkdir()
    for path in catalogues:
        shutil.copyfile(path, dist / "text" / path.name)
    (dist / "text" / "index.json").write_text(json.dumps([path.stem for path in catalogues]))
    pyodide_version = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    config = {
        "wheel": wheel.name,
        "pagePython": PAGE_PYTHON,
        "micropip": MICROPIP_WHEEL,
        "pyodide": pyodide_version,
        "snapshot": build_snapshot(dist, wheel, dist / PAGE_PYTHON, pyodide_version),
        "initialView": initial_view(),
    }
    (dist / "config.json").write_text(json.dumps(config, separators=(",", ":")))
    # The service worker keeps every file; its cache name is a hash of all of them, so a new build
    # replaces the old cache and an unchanged one keeps it.
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (dist / name).read_bytes())
    version = digest.hexdigest()[:12]
    # "</" would end the <script> data block early; JSON allows "<\/" for it.
    inline_view = json.dumps(config["initialView"], separators=(",", ":")).replace("</", "<\\/")
    index = (dist / "index.html").read_text().replace("__BUILD_VERSION__", version)
    index = index.replace("__INITIAL_VIEW__", inline_view)
    index = index.replace("<!-- __MODULE_PRELOADS__ -->\n", module_preloads(dist, "js/play.js", index))
    (dist / "index.html").write_text(index)
    write_service_worker(dist, version)
    precompress(dist)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file() and not is_precompressed(p))
    log(f"dist/ ready: {len(files) + 1} files, {total / 1e6:.1f} MB, version {version}, wheel {wheel.name}")
    return dist


MODULE_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']"""  # import ... from "x"
                           r"""|^\s*import\s*["']([^"']+)["']""", re.M)  # import "x"


def module_preloads(dist: Path, entry: str, page: str) -> str:
    """A <link rel="modulepreload"> for every module `entry` imports, however deep: the browser
    then asks for them all at once, where it would find each level of imports only after the
    level above had arrived. Those the page preloads already are left out."""
    found: list[str] = []
    todo = [dist / entry]
    while todo:
        module = todo.pop(0)
        for match in MODULE_IMPORT.finditer(module.read_text("utf-8")):
            target = (module.parent / (match.group(1) or match.group(2))).resolve()
            name = target.relative_to(dist.resolve()).as_posix()
            if name not in found:
                found.append(name)
                todo.append(target)
    return "".join(f'<link rel="modulepreload" href="{name}">\n' for name in found
                   if f'rel="modulepreload" href="{name}"' not in page)


def clean() -> None:
    """Remove what the build made: dist/ and the download cache (~/.cache/draughts-web)."""
    for folder in (DIST, CACHE):
        if folder.exists():
            shutil.rmtree(folder)
            log(f"removed {folder}")
