"""The pages' JavaScript modules, read as files (no browser): each one is shipped, small, and
the worker has one client.

dist/ gets only the files sitebuild.site.PAGE_FILES names, and the service worker precaches what dist/
holds; a module missing from that list would work from web/ and fail for every visitor.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from sitebuild.common import DIST  # noqa: E402
from sitebuild.site import MODULE_IMPORT, PAGE_FILES  # noqa: E402

WEB = ROOT / "web"
MODULES = sorted(p for p in (WEB / "js").rglob("*.js"))
TYPES_ONLY = {WEB / "js" / "types.js"}  # JSDoc typedefs: read by the type checker, never loaded
IMPORT = MODULE_IMPORT


def shipped(path: Path) -> bool:
    return path.relative_to(WEB).as_posix() in PAGE_FILES


def test_every_module_is_shipped_and_every_import_resolves_to_a_shipped_file() -> None:
    assert MODULES, "no modules under web/js"
    for module in MODULES:
        if module in TYPES_ONLY:
            continue
        assert shipped(module), f"{module.relative_to(ROOT)} is not in sitebuild.site.PAGE_FILES"
        for match in IMPORT.finditer(module.read_text("utf-8")):
            target = (module.parent / (match.group(1) or match.group(2))).resolve()
            assert target.exists() and shipped(target), f"{module.relative_to(ROOT)} imports {target}"


def test_page_entries_load_shipped_modules() -> None:
    for page in ("index.html", "learn.html", "embed.html", "editor.html"):
        scripts = re.findall(r'<script type="module" src="([^"]+)"', (WEB / page).read_text("utf-8"))
        assert scripts and all(shipped(WEB / src) for src in scripts), (page, scripts)


def test_modules_stay_under_500_lines() -> None:
    long = {m.relative_to(ROOT).as_posix(): n for m in MODULES if (n := len(m.read_text("utf-8").splitlines())) >= 500}
    assert long == {}


def test_one_module_starts_the_worker_and_talks_to_it() -> None:
    """Python's worker, that is: the offline cache's fill has a worker of its own (offline.js)."""
    talking = [m.relative_to(WEB).as_posix() for m in MODULES
               if re.search(r"new Worker\([^)]*worker\.js|\.postMessage\(\{ id", m.read_text("utf-8"))]
    assert talking == ["js/worker-client.js"]


def test_the_play_page_preloads_every_module_it_imports(site: str) -> None:
    """All at once: otherwise the browser finds each level of imports only once the level above
    has arrived, and the board is painted that much later."""
    wanted: set[str] = set()
    todo = [WEB / "js" / "play.js"]
    while todo:
        module = todo.pop()
        for match in IMPORT.finditer(module.read_text("utf-8")):
            target = (module.parent / (match.group(1) or match.group(2))).resolve()
            name = target.relative_to(WEB).as_posix()
            if name not in wanted:
                wanted.add(name)
                todo.append(target)
    page = (DIST / "index.html").read_text("utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    assert len(wanted) > 10 and wanted <= preloaded, sorted(wanted - preloaded)
    assert "__MODULE_PRELOADS__" not in page
