"""build.py for a newcomer: arguments reach pytest, a missing prerequisite is one sentence with
the command that installs it (never a traceback), a taken port is found before the build, and
`clean` removes what the build made.

Each test runs build.py as a command, from a copy in a temporary folder where it could build or
delete something, so that the worktree's dist/ and the user's cache are never touched.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sitebuild.compress import is_precompressed, precompress  # noqa: E402
from sitebuild.server import serve_in_thread  # noqa: E402
from sitebuild.testrun import picks_tests  # noqa: E402


def build_py(args: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(cwd / "build.py"), *args], capture_output=True, text=True,
                          cwd=cwd, env=env or dict(os.environ), timeout=timeout)


def copy_of_build(tmp: Path, with_node_modules: bool = False) -> Path:
    """build.py and its sitebuild/ alone in a folder of their own (its dist/ is that folder's)."""
    shutil.copy(ROOT / "build.py", tmp / "build.py")
    shutil.copytree(ROOT / "sitebuild", tmp / "sitebuild", ignore=shutil.ignore_patterns("__pycache__"))
    if with_node_modules:
        shutil.copy(ROOT / "package-lock.json", tmp / "package-lock.json")
        (tmp / "node_modules").symlink_to((ROOT / "node_modules").resolve(), target_is_directory=True)
    return tmp


def path_with(tmp: Path, *tools: str) -> str:
    """A PATH holding only these tools (links to the real ones)."""
    folder = tmp / "bin"
    folder.mkdir(exist_ok=True)
    for tool in tools:
        found = shutil.which(tool)
        assert found, f"{tool} is needed for this test"
        (folder / tool).symlink_to(found)
    return str(folder)


def assert_one_sentence(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    error = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(error) == 1, result.stderr
    for word in words:
        assert word in error[0], error[0]


def test_arguments_after_test_go_to_pytest(tmp_path: Path) -> None:
    probe = ("import sys, build; build.run_tests = lambda args: print(repr(args)) or 0; "
             "sys.exit(build.main(sys.argv[1:]))")
    for args in (["-k", "hub and not slow", "-x"], ["tests/test_cli.py", "-q"], ["--maxfail=2", "-k", "fen"]):
        r = subprocess.run([sys.executable, "-c", probe, "test", *args], capture_output=True, text=True, cwd=ROOT,
                           timeout=60)
        assert r.returncode == 0 and r.stdout.strip() == repr(args), r.stderr
    r = build_py(["test", "--help"])
    assert r.returncode == 0 and "go to pytest" in r.stdout
    assert "-k EXPR" in r.stdout


def test_which_pytest_arguments_pick_tests() -> None:
    assert picks_tests(["-k", "hub"]) and picks_tests(["tests/test_cli.py"]) and picks_tests(["-mslow"])
    assert not picks_tests(["-x", "--tb", "short", "-q"]) and not picks_tests([])


def test_without_node_the_build_says_so(tmp_path: Path) -> None:
    folder = copy_of_build(tmp_path)
    env = dict(os.environ, PATH=path_with(tmp_path))  # nothing on PATH
    r = build_py(["build"], folder, env)
    assert_one_sentence(r, "`node` was not found", "apt-get install nodejs npm")
    assert not (folder / "dist").exists()


def test_without_chromium_the_tests_say_so(tmp_path: Path) -> None:
    folder = copy_of_build(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "CHROMIUM"}
    env["PATH"] = path_with(tmp_path, "node", "npm")  # no chromium, and no apt-get to install it
    assert_one_sentence(build_py(["test"], folder, env), "Chromium was not found", "apt-get install chromium",
                        "CHROMIUM=")
    env["CHROMIUM"] = str(tmp_path / "no-such-chromium")
    assert_one_sentence(build_py(["test"], folder, env), "no-such-chromium", "apt-get install chromium")


def test_offline_the_build_says_what_it_could_not_download(tmp_path: Path) -> None:
    folder = copy_of_build(tmp_path, with_node_modules=True)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "empty-cache"), PIP_INDEX_URL="http://127.0.0.1:9/simple",
               PIP_RETRIES="0", PIP_TIMEOUT="2", PIP_NO_INPUT="1")
    r = build_py(["build"], folder, env)
    assert_one_sentence(r, "micropip", "offline?", "Connect to the internet once")
    assert not (folder / "dist").exists()


def test_serve_on_a_taken_port_stops_before_building(tmp_path: Path) -> None:
    folder = copy_of_build(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = build_py(["serve", "--port", str(port)], folder, timeout=30)
    assert_one_sentence(r, f"port {port}", "--port")
    assert "[build]" not in r.stdout and not (folder / "dist").exists()


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_serve_refuses_a_port_that_is_not_one(port: str, tmp_path: Path) -> None:
    r = build_py(["serve", "--port", port], copy_of_build(tmp_path), timeout=30)
    assert r.returncode == 2 and "is not a port" in r.stderr and "Traceback" not in r.stderr


def test_clean_removes_dist_and_the_cache(tmp_path: Path) -> None:
    folder = copy_of_build(tmp_path)
    cache = tmp_path / "cache" / "draughts-web"
    for made in (folder / "dist" / "pyodide", cache):
        made.mkdir(parents=True)
        (made / "file").write_text("x")
    r = build_py(["clean"], folder, dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert r.returncode == 0, r.stderr
    assert not (folder / "dist").exists() and not cache.exists()
    assert (tmp_path / "cache").exists()  # only our folder of the cache goes
    r = build_py(["clean"], folder, dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert r.returncode == 0  # nothing left to remove is fine


def test_page_tests_run_without_the_pytest_playwright_deprecation_warning() -> None:
    """pytest-playwright's own base_url fixture (used when pytest-base-url is not installed) is a
    method of a plugin object, which pytest 9 deprecates on every run; conftest replaces it."""
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-W", "error::pytest.PytestRemovedIn10Warning",
                        "tests/web/test_embed.py::test_iframe_embed_from_url_settings"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:]
    assert "PytestRemovedIn10Warning" not in r.stdout and "warning" not in r.stdout.lower()


def serve_folder(folder: Path):  # type: ignore[no-untyped-def]
    return serve_in_thread(folder)


def test_serve_sends_the_precompressed_copy_the_browser_accepts(tmp_path: Path) -> None:
    import gzip
    import urllib.request
    (tmp_path / "app.js").write_text("let a = 1;\n" * 100)
    (tmp_path / "app.js.gz").write_bytes(gzip.compress((tmp_path / "app.js").read_bytes()))
    (tmp_path / "app.js.br").write_bytes(b"brotli bytes")
    server, url = serve_folder(tmp_path)
    try:
        def get(encoding: str, **headers: str):  # type: ignore[no-untyped-def]
            request = urllib.request.Request(url + "app.js", headers={"Accept-Encoding": encoding, **headers})
            try:
                return urllib.request.urlopen(request)
            except urllib.error.HTTPError as answer:  # a 304 comes as an "error"
                return answer
        brotli = get("gzip, deflate, br")
        assert (brotli.headers["Content-Encoding"], brotli.read()) == ("br", b"brotli bytes")
        assert brotli.headers["Content-Type"] == "text/javascript"
        assert brotli.headers["Vary"] == "Accept-Encoding"
        zipped = get("gzip, deflate")
        assert zipped.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.read()) == (tmp_path / "app.js").read_bytes()
        plain = get("")
        assert plain.headers["Content-Encoding"] is None and plain.read() == (tmp_path / "app.js").read_bytes()
        assert get("gzip", **{"If-Modified-Since": zipped.headers["Last-Modified"]}).status == 304
    finally:
        server.shutdown()
        server.server_close()


def test_precompress_writes_smaller_gzip_and_brotli_copies_only_of_compressible_files(tmp_path: Path) -> None:
    import gzip
    text = ("function f(x) { return x * 2; }\n" * 400).encode()
    (tmp_path / "big.js").write_bytes(text)
    (tmp_path / "noise.json").write_bytes(os.urandom(3000))  # does not compress: no copies
    (tmp_path / "board.png").write_bytes(text)  # an image is compressed already: no copies
    precompress(tmp_path)
    assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == text
    assert 0 < (tmp_path / "big.js.br").stat().st_size < (tmp_path / "big.js.gz").stat().st_size
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.js", "big.js.br", "big.js.gz", "board.png", "noise.json"]
    assert is_precompressed(tmp_path / "big.js.gz") and not is_precompressed(tmp_path / "big.js")
