#!/usr/bin/env python3
"""Build, serve and test the browser game.

    python3 build.py build            # static site into dist/
    python3 build.py serve [--port N] # build, then serve dist/ on localhost
    python3 build.py test [ARGS...]   # set up .venv, npm, chromium; build; run every test
    python3 build.py clean            # remove dist/ and the download cache

`test` passes ARGS on to pytest (`-k hub`, `-x`, `tests/test_cli.py`); when they pick tests
(a path, -k or -m) only pytest runs, without the Pyodide runner and the Node tests.
Downloads that rarely change (micropip, precompiled standard library) are cached in
~/.cache/draughts-web ($XDG_CACHE_HOME/draughts-web), so that later builds work offline.

Standard library only, so it runs on a fresh machine before anything is installed.
The site is fully static and uses relative URLs only, so any static host and any
sub-path will do; nothing is fetched from outside its own origin.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "draughts"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "tests" / "web" / "requirements.txt"

# micropip comes from PyPI, not from the Pyodide lock file: the lock's sha256 does not match the
# PyPI wheel, so it is loaded by URL (WEB-NOTES). Cached outside git so builds work offline.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "draughts-web"

# Pyodide files the page needs; the rest of the npm package (consoles, maps, types) is not shipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Page files copied verbatim from web/ (sw.js is templated, index.html gets the version).
PAGE_FILES = ("index.html", "worker.js", "snapshot.js", "downloads.js", "i18n.js", "style.css", "icon.svg", "manifest.webmanifest",
              "learn.html", "learn.css", "embed.html", "embed.js", "editor.html", "editor.css", "analysis.css", "puzzles.html",
              # the pages' modules: one per page entry, the element, and what they share
              "js/play.js", "js/learn.js", "js/embed-frame.js", "js/draughts-board.js", "js/worker-client.js",
              "js/offline.js", "js/boot.js", "js/board/board.js", "js/board/state.js", "js/board/render.js", "js/board/input.js",
              "js/game/controller.js", "js/game/flow.js", "js/game/clock.js",
              "js/play/storage.js", "js/play/panel.js", "js/play/dialogs.js",
              "js/analysis/loop.js", "js/analysis/graph.js", "js/analysis/panel.js",
              "js/play/prefs.js", "js/play/steps.js", "js/play/status.js", "js/keys.js", "js/sound.js",
              "js/learn/rules.js", "js/learn/text.js",
              "js/puzzles/page.js", "js/puzzles/rating.js", "js/puzzles/progress.js",
              "js/embed/look.js", "js/embed/panel.js", "js/embed/setup.js",
              "js/play/link.js", "js/editor/editor.js", "js/editor/grid.js")

# Encodings stored beside a file (name.br, name.gz) for servers that send them as they are.
PRECOMPRESSED = {".br": "br", ".gz": "gzip"}

# The page's Python: web/main.py (the entry the worker imports) and its package in web/py/, packed
# into one zip that the worker unpacks into Pyodide's file system.
PAGE_PYTHON = "page-python.zip"

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


def ensure_build_prerequisites() -> None:
    """Node (it precompiles the Python), the npm packages, and micropip, before anything is
    deleted or built, so that a missing piece stops the build with dist/ as it was."""
    require_tool("node", NODE_FIX)
    ensure_node_modules()
    ensure_micropip()


# --------------------------------------------------------------------------------------------
# The draughts wheel, written by hand (no setuptools needed)

def package_version(package_dir: Path = PACKAGE) -> str:
    init = package_dir / "__init__.py"
    if init.exists():
        match = re.search(r"^__version__\s*[:=][^\"']*[\"']([^\"']+)[\"']", init.read_text("utf-8"), re.M)
        if match:
            return match.group(1)
    return "0.1.0"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    # stored: HTTP compression does as well on the whole, and the page's worker unzips it by copying
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def build_wheel(out_dir: Path, package_dir: Path = PACKAGE) -> Path:
    """Write draughts-<version>-py3-none-any.whl from the package's source files.

    Pure Python, no Requires-Dist: micropip would otherwise ask PyPI for dependencies.
    """
    if not (package_dir / "__init__.py").exists():
        raise SystemExit(f"no package at {package_dir} (expected {package_dir}/__init__.py)")
    version = package_version(package_dir)
    dist_info = f"draughts-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package_dir.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        files.append((f"draughts/{path.relative_to(package_dir).as_posix()}", path.read_bytes()))
    metadata = (f"Metadata-Version: 2.1\nName: draughts\nVersion: {version}\n"
                "Summary: Draughts (checkers) rules engine and computer opponent, pure Python\n"
                "Requires-Python: >=3.11\n").encode()
    wheel = (b"Wheel-Version: 1.0\nGenerator: draughts-build.py\nRoot-Is-Purelib: true\n"
             b"Tag: py3-none-any\n")
    files.append((f"{dist_info}/METADATA", metadata))
    files.append((f"{dist_info}/WHEEL", wheel))
    record_lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in files]
    record_lines.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"draughts-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w") as zf:
        for name, data in files:
            _zip_write(zf, name, data)
    return target


# --------------------------------------------------------------------------------------------
# Pyodide, micropip and the precompiled standard library

def ensure_micropip() -> Path:
    wheel = CACHE / MICROPIP_WHEEL
    if not wheel.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {MICROPIP_WHEEL} from PyPI into {CACHE}")
        run_step([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                  "--python-version", "3.13", "--only-binary=:all:",
                  f"micropip=={MICROPIP_VERSION}", "-d", str(CACHE)],
                 f"downloading micropip {MICROPIP_VERSION} from PyPI",
                 f"Connect to the internet once (later builds use the cache), or put {MICROPIP_WHEEL}"
                 f" into {CACHE}/.")
    return wheel


def ensure_node_modules() -> None:
    """npm ci, skipped when the locked pyodide and typescript versions are already installed."""
    lock = ROOT / "package-lock.json"
    locked = json.loads(lock.read_text())["packages"] if lock.exists() else {}

    def up_to_date(name: str) -> bool:
        installed = ROOT / "node_modules" / name / "package.json"
        wanted = locked.get(f"node_modules/{name}", {}).get("version")
        return bool(wanted) and installed.exists() and json.loads(installed.read_text())["version"] == wanted

    if up_to_date("pyodide") and up_to_date("typescript"):
        return
    command = ["npm", "ci", "--no-audit", "--no-fund"] if lock.exists() else ["npm", "install"]
    require_tool("npm", NODE_FIX)
    log(" ".join(command))
    run_step(command, "installing Pyodide from npm", "Connect to the internet and run `npm ci` once.", cwd=ROOT)


# Runs under Node: boots Pyodide and, inside it, compiles Python sources to bytecode with
# Pyodide's own interpreter, so the bytecode always matches its CPython version. Each job is a
# zip in and a zip out, in a folder mounted with NODEFS:
#   stdlib: every module becomes an unchecked hash-based .pyc beside where the .py was (zipimport
#           prefers it and never compares it with a source) and the .py is dropped; the zip is
#           stored uncompressed, so HTTP compression works on it (2.9 MB brotli, not 4.5 MB);
#   wheel:  each .py keeps its source and gains __pycache__/<name>.<cache_tag>.pyc (unchecked, so
#           the import system uses it whatever mtime the installed file gets), RECORD rewritten;
#           stored, like the standard library (web/worker.js unzips it without inflating).
# Importing precompiled code skips the compiler: that is most of Python's start-up in the browser.
PRECOMPILE_JS = r"""
// With `node -e`, process.argv is [node, ...args].
const [, moduleUrl, indexURL, workDir, jobs] = process.argv;
const { loadPyodide } = await import(moduleUrl);
const py = await loadPyodide({ indexURL });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: workDir }, "/work");
py.globals.set("jobs_json", jobs);
py.runPython(`
import base64, hashlib, importlib.util, json, posixpath, sys, zipfile
import importlib._bootstrap_external as be

DATE = (2020, 1, 1, 0, 0, 0)

def pyc(source, name):
    code = compile(source, name, "exec", dont_inherit=True)
    return be._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def entry(name, compressed=True):
    info = zipfile.ZipInfo(name, date_time=DATE)
    info.compress_type = zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info

def stdlib(src, dst):
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as out:
        for info in zin.infolist():
            data, name = zin.read(info), info.filename
            if name.endswith(".py"):
                data, name = pyc(data, prefix + name), name[:-3] + ".pyc"
            # stored, not deflated: the server's gzip or brotli then compress it far better
            out.writestr(entry(name, False), data)

def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def wheel(src, dst):
    tag = sys.implementation.cache_tag
    files, record_name = [], None
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if "/__pycache__/" in name or info.is_dir():
                continue
            files.append((name, data))
            if name.endswith(".py"):
                folder, base = posixpath.split(name)
                files.append((posixpath.join(folder, "__pycache__", base[:-3] + "." + tag + ".pyc"), pyc(data, name)))
    lines = ["%s,%s,%d" % (n, record_hash(d), len(d)) for n, d in files] + [record_name + ",,"]
    files.append((record_name, ("\\n".join(lines) + "\\n").encode()))
    # stored too: HTTP compression does as well on it, and the worker then unzips it by copying
    with zipfile.ZipFile(dst, "w") as out:
        for name, data in files:
            out.writestr(entry(name, False), data)

for job in json.loads(jobs_json):
    {"stdlib": stdlib, "wheel": wheel}[job["kind"]]("/work/" + job["src"], "/work/" + job["dst"])
`);
"""


def node_module_url(path: Path) -> str:
    return path.resolve().as_uri()


def precompile(jobs: list[tuple[str, Path, Path]]) -> None:
    """Run (kind, source zip, target zip) jobs in one Pyodide under Node (one boot, ~1-2 s)."""
    if not jobs:
        return
    with tempfile.TemporaryDirectory() as tmp:
        specs = []
        for n, (kind, src, _dst) in enumerate(jobs):
            shutil.copyfile(src, Path(tmp) / f"in{n}.zip")
            specs.append({"kind": kind, "src": f"in{n}.zip", "dst": f"out{n}.zip"})
        result = subprocess.run(
            ["node", "--input-type=module", "-e", PRECOMPILE_JS, node_module_url(NODE_PYODIDE / "pyodide.mjs"),
             str(NODE_PYODIDE) + "/", tmp, json.dumps(specs)], capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"precompiling with Pyodide failed:\n{result.stdout}\n{result.stderr}")
        for n, (_kind, _src, dst) in enumerate(jobs):
            shutil.copyfile(Path(tmp) / f"out{n}.zip", dst)


def precompiled_cached(kind: str, source: Path, name: str) -> tuple[Path, tuple[str, Path, Path] | None]:
    """The cached precompiled copy of a file that rarely changes (stdlib, micropip), and the job
    that makes it when it is not cached yet. The key covers the input and the compiler script."""
    key = hashlib.sha256(source.read_bytes() + PRECOMPILE_JS.encode()).hexdigest()[:16]
    cached = CACHE / f"{name}-pyc-{key}.zip"
    if cached.exists():
        return cached, None
    CACHE.mkdir(parents=True, exist_ok=True)
    return cached, (kind, source, cached)


def write_lock_file(target: Path) -> None:
    """A lock file with Pyodide's info block and no packages.

    Pyodide fetches its lock at start; the stock one is 119 KB of packages we do not ship.
    Keeping only `info` also means nothing can be looked up by name (and so from a CDN).
    """
    stock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text())
    target.write_text(json.dumps({"info": stock["info"], "packages": {}}, separators=(",", ":")))


# --------------------------------------------------------------------------------------------
# The site

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
            _zip_write(zf, name, path.read_bytes())
    return target


def initial_view() -> dict | None:
    """The first position, computed at build time by the page's own main.py in CPython.

    The page paints this board before Python has started in the worker (the goal is a painted
    board in 0.3 s; booting takes about a second). None when the engine cannot run yet.
    """
    paths = [str(ROOT), str(WEB), str(WEB / "py")]
    sys.path[:0] = paths
    try:
        import main as web_main  # web/main.py, which imports web/py/draughts_web
        return json.loads(web_main.handle(json.dumps({"id": 0, "method": "new_game", "params": {}})))["result"]
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


SNAPSHOT_SCRIPT = ROOT / "scripts" / "make_snapshot.mjs"
# Pyodide's snapshot is its header (magic, header size, JSON, build id) and then the whole of
# Python's memory, zero pages included. The file shipped keeps the header and only the memory
# pages that are not zero (format "sparse-1"): the page writes just those, so Python's unused
# 10 MB stack and the never-touched top of its heap stay unallocated in the browser.
SNAPSHOT_FORMAT = b"sparse-2"
SNAPSHOT_PAGE = 4096  # the operating system's page: what a write makes resident


def _leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, at


def wasm_initial_memory(wasm: bytes, size: int) -> bytes | None:
    """The memory as instantiating the WebAssembly leaves it (its data segments in place, zero
    elsewhere), or None when a segment is not of the plain kind (active, at a constant offset)."""
    at = 8
    while at < len(wasm):
        section, at = wasm[at], at + 1
        length, at = _leb128(wasm, at)
        if section != 11:  # the data section
            at += length
            continue
        memory = bytearray(size)
        count, at = _leb128(wasm, at)
        for _ in range(count):
            flags, at = _leb128(wasm, at)
            if flags != 0 or wasm[at] != 0x41:  # active in memory 0, offset given by i32.const
                return None
            offset, at = _leb128(wasm, at + 1, signed=True)
            if wasm[at] != 0x0B:
                return None
            length, at = _leb128(wasm, at + 1)
            memory[offset:offset + length] = wasm[at:at + length]
            at += length
        return bytes(memory)
    return bytes(size)


def memory_hash(memory: memoryview, ranges: list[tuple[int, int]]) -> int:
    """FNV-1a over the little-endian 32-bit words of these ranges, in order (web/snapshot.js
    computes the same over the page's memory)."""
    value = 0x811C9DC5
    for start, end in ranges:
        for word in memory[start:end].cast("I"):
            value = ((value ^ word) * 0x01000193) & 0xFFFFFFFF
    return value


def sparse_snapshot(raw: bytes, initial: bytes | None = None) -> tuple[bytes, dict[str, object]]:
    """The snapshot's header followed by the pages of memory that differ from what instantiating
    the WebAssembly leaves (`initial`: its data segments, zero elsewhere; all zero when None),
    and where those pages go. The pages left out below the end of the data segments (CPython's
    static data, most of it never written to) are not zero: the page trusts that its fresh
    module holds them, and checks that by their hash (`initialHash`)."""
    header = struct.unpack_from("<I", raw, 4)[0]
    memory = memoryview(raw)[header:]
    base = memoryview(initial if initial is not None else bytes(len(memory)))
    data_end = -(-len(base.tobytes().rstrip(b"\0")) // SNAPSHOT_PAGE) * SNAPSHOT_PAGE  # a whole page
    runs: list[list[int]] = []
    kept: list[tuple[int, int]] = []  # the pages left out below data_end
    for offset in range(0, len(memory), SNAPSHOT_PAGE):
        end = min(offset + SNAPSHOT_PAGE, len(memory))
        if memory[offset:end] == base[offset:end]:
            if offset < data_end:
                kept.append((offset, end))
            continue
        if runs and runs[-1][0] + runs[-1][1] == offset:
            runs[-1][1] += end - offset
        else:
            runs.append([offset, end - offset])
    body = raw[:header] + b"".join(memory[offset:offset + length] for offset, length in runs)
    return body, {"header": header, "memory": len(memory), "size": len(body), "runs": runs,
                  "initialEnd": data_end, "initialHash": memory_hash(memory, kept)}


MODULE_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""", re.M)


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


def build_snapshot(dist: Path, wheel: Path, page_python: Path, pyodide_version: str) -> dict[str, object] | None:
    """Python's memory after importing the game, sparse and gzip-compressed into dist/, for the
    page to restore instead of booting (web/worker.js); what the page checks before using it and
    where its pages go. Cached by everything it is made from. None (the page boots the ordinary
    way) when it cannot be made."""
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    parts = [pyodide_version.encode(), SNAPSHOT_FORMAT, SNAPSHOT_SCRIPT.read_bytes(),
             (NODE_PYODIDE / "pyodide.asm.wasm").read_bytes(), stdlib.read_bytes(), wheel.read_bytes(),
             page_python.read_bytes()]
    key = hashlib.sha256(b"".join(hashlib.sha256(part).digest() for part in parts)).hexdigest()[:16]
    cached = CACHE / f"snapshot-{key}.bin.gz"
    meta = CACHE / f"snapshot-{key}.json"
    if not cached.exists() or not meta.exists():
        log("making the Pyodide memory snapshot under Node")
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "snapshot.bin"
            result = subprocess.run(["node", str(SNAPSHOT_SCRIPT), node_module_url(NODE_PYODIDE / "pyodide.mjs"),
                                     str(NODE_PYODIDE) + "/", str(stdlib), str(wheel), str(page_python), str(raw)],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                log(f"no snapshot (the page boots without one): {result.stderr.strip()[-500:]}")
                return None
            made = raw.read_bytes()
            size = len(made) - struct.unpack_from("<I", made, 4)[0]  # the memory, after Pyodide's header
            body, layout = sparse_snapshot(made, wasm_initial_memory((NODE_PYODIDE / "pyodide.asm.wasm").read_bytes(), size))
            cached.write_bytes(gzip.compress(body, 6, mtime=0))
            layout.update(json.loads(raw.with_name("snapshot.bin.json").read_text()))
            meta.write_text(json.dumps(layout))
    shutil.copyfile(cached, dist / cached.name)
    layout = json.loads(meta.read_text())
    return {"file": cached.name, "pyodide": pyodide_version, "wheel": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "pagePython": hashlib.sha256(page_python.read_bytes()).hexdigest(),
            "stdlibSize": stdlib.stat().st_size, **layout}


# The service worker and the cache filling it shares with the page (both templated, so neither
# is among the files they keep: a file cannot hold its own hash).
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
    fill = fill.replace("__CACHE_VERSION__", version).replace("__FILES__", json.dumps(service_worker_files(dist), indent=1))
    sw = (WEB / SERVICE_WORKER).read_text()
    line = f'importScripts("./{CACHE_FILL}");\n'
    if line not in sw:
        raise SystemExit(f"{SERVICE_WORKER} no longer imports {CACHE_FILL}")
    (dist / CACHE_FILL).write_text(fill)
    (dist / SERVICE_WORKER).write_text(sw.replace(line, fill))


# Files worth compressing on the wire (the zips and the wheel are stored; the snapshot is gzip).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".zip", ".whl"}

# Runs under Node (Python's standard library has no brotli): [source, target, quality] jobs.
BROTLI_JS = r"""
const zlib = require("node:zlib"), fs = require("node:fs");
for (const [source, target, quality] of JSON.parse(process.argv[1])) {
  const data = fs.readFileSync(source);
  fs.writeFileSync(target, zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def is_precompressed(path: Path) -> bool:
    """A copy of another file in an encoding (name.br, name.gz), not a file of its own."""
    return path.suffix in PRECOMPRESSED and path.with_suffix("").is_file()


def precompress(dist: Path) -> None:
    """name.gz and name.br beside each compressible file, as static hosts serve them (and as
    `serve` does), kept only when smaller. Both are cached by content: the big files (Pyodide,
    the standard library) never change, and brotli at its best takes minutes on them."""
    store = CACHE / "precompressed"
    store.mkdir(parents=True, exist_ok=True)
    brotli_jobs: list[tuple[str, str, int]] = []
    made: list[tuple[Path, Path, Path]] = []  # (file, its cached .gz, its cached .br)
    for path in sorted(p for p in dist.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE):
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        gz, br = store / f"{key}.gz", store / f"{key}.br"
        if not gz.exists():
            gz.write_bytes(gzip.compress(data, 9, mtime=0))
        if not br.exists():
            # quality 11 is several times slower than 9 for a few per cent: only for small files
            brotli_jobs.append((str(path), str(br), 11 if len(data) < 1_000_000 else 9))
        made.append((path, gz, br))
    if brotli_jobs:
        log(f"brotli for {len(brotli_jobs)} files (cached for later builds)")
        run_step(["node", "-e", BROTLI_JS, json.dumps(brotli_jobs)], "brotli compression under Node", NODE_FIX)
    for path, gz, br in made:
        size = path.stat().st_size
        for cached, suffix in ((gz, ".gz"), (br, ".br")):
            if cached.stat().st_size < 0.95 * size:
                shutil.copyfile(cached, path.with_name(path.name + suffix))


# --------------------------------------------------------------------------------------------
# Serving

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


# --------------------------------------------------------------------------------------------
# Test set-up and run

def ensure_venv() -> Path:
    """.venv with the pinned test dependencies; pip runs only when the pins changed."""
    python = VENV / "bin" / "python"
    if not python.exists():
        log("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        log("installing pinned test dependencies into .venv")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-r", str(REQUIREMENTS)], check=True)
        stamp.write_text(wanted)
    return python


CHROMIUM_NAMES = ("chromium", "chromium-browser")
CHROMIUM_FIX = ("Install it with `sudo apt-get install chromium` (Debian) or `chromium-browser` (Ubuntu), or set"
                " CHROMIUM=/path/to/chromium.")


def find_chromium() -> str | None:
    """The Chromium the page tests drive: $CHROMIUM if set, else chromium or chromium-browser
    on PATH. tests/web/conftest.py asks here too, so the build and the tests agree."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named)  # a path, or a name on PATH; None when it names nothing runnable
    return next((path for path in map(shutil.which, CHROMIUM_NAMES) if path), None)


def ensure_chromium() -> str:
    """The Chromium to test with, installed with apt-get when missing and apt-get is there."""
    found = find_chromium()
    if found:
        return found
    if os.environ.get("CHROMIUM"):
        raise MissingPrerequisite(f"CHROMIUM={os.environ['CHROMIUM']} is not a program that can be run. {CHROMIUM_FIX}")
    if shutil.which("apt-get") is None or (os.geteuid() != 0 and shutil.which("sudo") is None):
        raise MissingPrerequisite(f"Chromium was not found (looked for {', '.join(CHROMIUM_NAMES)} on PATH). {CHROMIUM_FIX}")
    log("installing Debian's chromium (apt-get)")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    what, fix = "installing Chromium with apt-get", CHROMIUM_FIX
    run_step(sudo + ["apt-get", "update"], what, fix, env=env)
    run_step(sudo + ["apt-get", "install", "-y", "--no-install-recommends", "chromium"], what, fix, env=env)
    found = find_chromium()
    if not found:
        raise MissingPrerequisite(f"apt-get installed chromium, but it is not on PATH. {CHROMIUM_FIX}")
    return found


def chromium_version(path: str) -> str:
    try:
        return subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "version unknown"


def clean() -> None:
    """Remove what the build made: dist/ and the download cache (~/.cache/draughts-web)."""
    for folder in (DIST, CACHE):
        if folder.exists():
            shutil.rmtree(folder)
            log(f"removed {folder}")


def _pytest_counts(junit: Path) -> tuple[int, int, int]:
    """(passed, failed, skipped) from pytest's JUnit XML; errors count as failures."""
    import xml.etree.ElementTree as ET
    try:
        root = ET.parse(junit).getroot()
    except (OSError, ET.ParseError):
        return 0, 1, 0
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    total = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    return total - failed - skipped, failed, skipped


def picks_tests(pytest_args: list[str]) -> bool:
    """Do these pytest arguments choose tests (a path, -k, -m) rather than only change how they run?"""
    for i, arg in enumerate(pytest_args):
        if arg in ("-k", "-m") or arg.startswith(("-k", "-m")) and not arg.startswith("--"):
            return True
        if not arg.startswith("-") and (i == 0 or pytest_args[i - 1] not in PYTEST_OPTIONS_WITH_VALUE):
            return True
    return False


# pytest options whose value is the next argument (so that value is not taken for a path)
PYTEST_OPTIONS_WITH_VALUE = {"-p", "-c", "-o", "--maxfail", "--tb", "--junitxml", "--rootdir", "--deselect",
                             "--ignore", "--basetemp", "-W", "--durations", "--log-level"}


def run_tests(pytest_args: list[str]) -> int:
    """Everything the tests need, then pytest (engine + page tests) and the Pyodide runner.

    ``pytest_args`` go to pytest; when they pick tests, only pytest runs, on what they pick.
    Ends with one line adding both up, "N passed, N failed", for whoever reads the log's end.
    """
    started = time.monotonic()
    require_tool("node", NODE_FIX)
    chromium = ensure_chromium()
    python = ensure_venv()
    log(f"Python {sys.version.split()[0]}, {chromium_version(chromium)} ({chromium}), cache {CACHE}")
    build()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "CHROMIUM": chromium}
    selected = picks_tests(pytest_args)
    targets = [] if selected else ["tests/"]
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "pytest.xml"
        log(f"pytest {' '.join(targets + pytest_args)}")
        pytest_rc = subprocess.run([str(python), "-m", "pytest", *targets, f"--junitxml={junit}", *pytest_args],
                                   cwd=ROOT, env=env).returncode
        passed, failed, skipped = _pytest_counts(junit)
    if selected:
        log(f"pytest exit {pytest_rc} (the Pyodide runner and the Node tests run when no tests are picked),"
            f" {time.monotonic() - started:.0f} s in all")
        if pytest_rc != 0 and failed == 0:
            failed = 1
        print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""), flush=True)
        return pytest_rc
    log("Pyodide runner: node tests/pyodide/run.mjs")
    node = subprocess.Popen(["node", str(ROOT / "tests" / "pyodide" / "run.mjs")], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    node_passed = node_failed = 0
    assert node.stdout is not None
    for line in node.stdout:
        print(line, end="", flush=True)
        match = re.fullmatch(r"(\d+) passed, (\d+) failed\s*", line)
        if match:
            node_passed, node_failed = int(match.group(1)), int(match.group(2))
    node_rc = node.wait()
    if node_rc != 0 and node_failed == 0:
        node_failed = 1  # the runner itself broke: count it, so the total cannot read as green
    if pytest_rc != 0 and failed == 0:
        failed = 1
    # the pages' pure logic (board state, game flow), under Node's own test runner (no browser needed)
    logic_tests = sorted(str(p) for p in (ROOT / "tests" / "web").glob("*.test.mjs"))
    logic = subprocess.run(["node", "--test", *logic_tests], cwd=ROOT, capture_output=True, text=True)
    print(logic.stdout[-2000:], end="", flush=True)
    counts = dict(re.findall(r"^# (pass|fail) (\d+)$", logic.stdout, re.M))
    logic_passed, logic_failed = int(counts.get("pass", 0)), int(counts.get("fail", 0))
    if logic.returncode != 0 and logic_failed == 0:
        logic_failed = 1
    # TypeScript's checker over the pages' JSDoc types (tsconfig.json): one test, a type error fails it
    log("type check: tsc --noEmit -p tsconfig.json")
    types = subprocess.run([str(ROOT / "node_modules" / ".bin" / "tsc"), "--noEmit", "-p", "tsconfig.json"],
                           cwd=ROOT, capture_output=True, text=True)
    print((types.stdout + types.stderr)[-4000:], end="", flush=True)
    types_ok = types.returncode == 0
    # mypy --strict over the package and the page's Python (settings in pyproject.toml): one test
    log("type check: mypy --strict draughts web/py web/main.py")
    mypy = subprocess.run([str(python), "-m", "mypy", "--strict", "draughts", "web/py", "web/main.py"],
                          cwd=ROOT, capture_output=True, text=True)
    print((mypy.stdout + mypy.stderr)[-4000:], end="", flush=True)
    mypy_ok = mypy.returncode == 0
    log(f"pytest exit {pytest_rc}, Pyodide runner exit {node_rc}, board logic exit {logic.returncode}, "
        f"tsc exit {types.returncode}, mypy exit {mypy.returncode}, {time.monotonic() - started:.0f} s in all")
    skipped_text = f", {skipped} skipped" if skipped else ""
    total_passed = passed + node_passed + logic_passed + int(types_ok) + int(mypy_ok)
    total_failed = failed + node_failed + logic_failed + int(not types_ok) + int(not mypy_ok)
    print(f"{total_passed} passed, {total_failed} failed{skipped_text}", flush=True)
    ok = pytest_rc == 0 and node_rc == 0 and logic.returncode == 0 and types_ok and mypy_ok
    return 0 if ok else 1


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0-65535; 0 picks a free one)")
    return port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build the static site into dist/")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve_parser.add_argument("--port", type=_port, default=8000, help="the port to serve on (default 8000)")
    test_parser = sub.add_parser("test", help="set up and run every test; any further arguments go to pytest",
                   description="Set up .venv, npm and Chromium, build, and run every test. Any further arguments"
                               " go to pytest (-k EXPR, -x, tests/test_cli.py ...); when they pick tests (a path,"
                               " -k, -m) only pytest runs.", add_help=False)
    sub.add_parser("clean", help=f"remove dist/ and the download cache ({CACHE})")
    # Everything after "test" belongs to pytest, options included: argparse would take -k or
    # -x for its own and refuse them, so they are split off before it parses.
    args_list = list(sys.argv[1:] if argv is None else argv)
    pytest_args: list[str] = []
    if args_list and args_list[0] == "test":
        args_list, pytest_args = ["test"], args_list[1:]
        if pytest_args in (["-h"], ["--help"]):
            test_parser.print_help()
            return 0
    args = parser.parse_args(args_list)
    try:
        if args.command == "build":
            build()
            return 0
        if args.command == "serve":
            serve(args.port)
            return 0
        if args.command == "clean":
            clean()
            return 0
        return run_tests(pytest_args)
    except MissingPrerequisite as missing:
        print(f"error: {missing}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
