"""Pyodide from npm, micropip from PyPI, and Python compiled to bytecode by Pyodide itself."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import CACHE, NODE_FIX, NODE_PYODIDE, ROOT, log, require_tool, run_step

# micropip comes from PyPI, not from the Pyodide lock file: the lock's sha256 does not match the
# PyPI wheel, so it is loaded by URL (WEB-NOTES). Cached outside git so builds work offline.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"

# Pyodide files the page needs; the rest of the npm package (consoles, maps, types) is not shipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def ensure_build_prerequisites() -> None:
    """Node (it precompiles the Python), the npm packages, and micropip, before anything is
    deleted or built, so that a missing piece stops the build with dist/ as it was."""
    require_tool("node", NODE_FIX)
    ensure_node_modules()
    ensure_micropip()


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
