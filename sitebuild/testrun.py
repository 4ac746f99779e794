"""Everything the tests need (a venv with pinned dependencies, Chromium), then every test."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import CACHE, NODE_FIX, ROOT, MissingPrerequisite, log, require_tool, run_step
from .site import build

VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "tests" / "web" / "requirements.txt"


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
        names = ", ".join(CHROMIUM_NAMES)
        raise MissingPrerequisite(f"Chromium was not found (looked for {names} on PATH). {CHROMIUM_FIX}")
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
    # mypy --strict over the package, the page's Python and the build (settings in pyproject.toml): one test
    log("type check: mypy --strict draughts web/py web/main.py sitebuild build.py")
    mypy = subprocess.run([str(python), "-m", "mypy", "--strict", "draughts", "web/py", "web/main.py",
                           "sitebuild", "build.py"],
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
