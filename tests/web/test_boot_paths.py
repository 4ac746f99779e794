"""The two boots: from the memory snapshot build.py made (the default), and the ordinary one
(loadPyodide + micropip), which the page falls back to by itself when the snapshot is missing,
made for other files, or does not restore. Each ends with a page that plays."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from boot_util import CountingSite, keep_offline_fill_out, wait_offline_ready
from webutil import wait_ready

from sitebuild.common import DIST, NODE_PYODIDE
from sitebuild.snapshot import SNAPSHOT_PAGE, memory_hash, sparse_snapshot, wasm_initial_memory



def config() -> dict:
    """The build's config.json (dist/ is built by the `site` fixture when missing)."""
    return json.loads((DIST / "config.json").read_text())


def boot_of(page) -> str:
    return page.evaluate("__draughts.boot")


def python_random(page) -> float:
    """A number from Python's `random` module, asked inside the page's worker."""
    return page.workers[0].evaluate("self.pyodide.runPython('import random; random.random()')")


def plays(page) -> None:
    """A move is played and the computer (level 1) answers: the engine works after this boot."""
    page.click('[data-square="32"]')
    page.click('[data-square="28"]')
    page.wait_for_function("() => document.querySelectorAll('#move-list button').length >= 2", timeout=60_000)


def test_the_snapshot_is_built_for_this_build_and_the_standard_library_is_stored(site: str) -> None:
    snapshot = config()["snapshot"]
    assert snapshot, "build.py made no snapshot"
    assert (DIST / snapshot["file"]).is_file()
    assert snapshot["pyodide"] == config()["pyodide"]
    # stored, not deflated, so that HTTP compression works on it
    with zipfile.ZipFile(DIST / "pyodide" / "python_stdlib.zip") as stdlib:
        assert {info.compress_type for info in stdlib.infolist()} == {zipfile.ZIP_STORED}


def test_the_wheel_and_the_page_zip_are_stored_and_compressed_on_the_wire(site: str) -> None:
    # the worker unzips them by copying (no inflating per file); the server's brotli does the rest
    for name in (config()["wheel"], config()["pagePython"]):
        with zipfile.ZipFile(DIST / name) as archive:
            assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}, name
        assert (DIST / (name + ".br")).stat().st_size < 0.5 * (DIST / name).stat().st_size


def test_the_snapshot_ships_only_the_pages_that_a_fresh_module_does_not_hold(site: str) -> None:
    snapshot = config()["snapshot"]
    body = gzip.decompress((DIST / snapshot["file"]).read_bytes())
    assert len(body) == snapshot["size"] == snapshot["header"] + sum(length for _, length in snapshot["runs"])
    # Python's 10 MB stack, the untouched top of its memory and the static data it never wrote
    # to are not shipped
    assert snapshot["size"] < 0.6 * snapshot["memory"], snapshot["size"]
    page = SNAPSHOT_PAGE
    assert all(offset % page == 0 and 0 < length and offset + length <= snapshot["memory"]
               for offset, length in snapshot["runs"])


def test_a_sparse_snapshot_holds_every_byte_of_the_memory() -> None:
    page = SNAPSHOT_PAGE
    memory = bytearray(8 * page)
    memory[5] = 1  # page 0
    memory[3 * page + 7] = 2  # page 3
    memory[4 * page] = 3  # page 4, joining page 3's run
    memory[8 * page - 1] = 4  # the last page
    header = bytearray(32)
    header[4:8] = (32).to_bytes(4, "little")  # Pyodide's header: its size is its second word
    body, layout = sparse_snapshot(bytes(header + memory))
    assert layout["runs"] == [[0, page], [3 * page, 2 * page], [7 * page, page]]
    assert body[:32] == header and len(body) == layout["size"] == 32 + 4 * page
    rebuilt = bytearray(layout["memory"])
    at = 32
    for offset, length in layout["runs"]:
        rebuilt[offset:offset + length] = body[at:at + length]
        at += length
    assert rebuilt == memory


def test_a_snapshot_leaves_out_the_static_data_that_instantiating_puts_back() -> None:
    page = SNAPSHOT_PAGE
    initial = bytearray(6 * page)
    initial[100:page + 50] = b"\x07" * (page - 50)  # the data segments: pages 0 and 1
    memory = bytearray(initial)
    memory[page + 8] = 9  # Python changed page 1; page 0 is as instantiating left it
    memory[4 * page] = 5  # and wrote page 4, zero at first
    header = bytearray(32)
    header[4:8] = (32).to_bytes(4, "little")
    body, layout = sparse_snapshot(bytes(header + memory), bytes(initial))
    assert layout["runs"] == [[page, page], [4 * page, page]]
    assert layout["initialEnd"] == 2 * page
    assert layout["initialHash"] == memory_hash(memoryview(memory), [(0, page)])
    rebuilt = bytearray(initial)  # what the page holds once its module is instantiated
    at = 32
    for offset, length in layout["runs"]:
        rebuilt[offset:offset + length] = body[at:at + length]
        at += length
    assert rebuilt == memory
    # the hash is over the words left in place: a change there changes it
    memory[4] ^= 1
    assert memory_hash(memoryview(memory), [(0, page)]) != layout["initialHash"]


def test_the_snapshots_static_data_is_the_webassemblys() -> None:
    """The build's reading of the WebAssembly's data segments (what the page's fresh module holds
    and the snapshot leaves out) is the one the data section gives."""
    wasm = (NODE_PYODIDE / "pyodide.asm.wasm").read_bytes()
    snapshot = config()["snapshot"]
    initial = wasm_initial_memory(wasm, snapshot["memory"])
    assert initial is not None and 0 < len(initial.rstrip(b"\0")) <= snapshot["initialEnd"]
    assert snapshot["size"] < 0.45 * snapshot["memory"], snapshot["size"]


def test_the_page_boots_from_the_snapshot_and_two_pages_draw_different_random_numbers(game, context) -> None:
    assert boot_of(game) == "snapshot"
    second = context.new_page()
    second.goto(game.url)
    wait_ready(second)
    assert boot_of(second) == "snapshot"
    assert python_random(game) != python_random(second), "restored pages share one random state"
    plays(game)


# Where Python keeps the function it calls C functions through (0: through JavaScript, slower).
TRAMPOLINE_JS = """() => {
  const m = self.pyodide._module;
  return m.HEAP32[(m.__PyRuntime + m.HEAP32[m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >> 2]) >> 2];
}"""


def test_the_snapshot_boot_calls_c_as_fast_as_the_ordinary_boot(game, context, site: str) -> None:
    # The snapshot was made under Node, whose trampoline goes through JavaScript; restored as it
    # is, the page searched about 10% slower than when booted the ordinary way.
    assert boot_of(game) == "snapshot"
    ordinary = context.new_page()
    ordinary.goto(site + "?boot=ordinary")
    wait_ready(ordinary)
    assert boot_of(ordinary) == "ordinary"
    browsers = ordinary.workers[0].evaluate(TRAMPOLINE_JS)
    assert browsers != 0, "Chromium should call C through a WebAssembly trampoline"
    assert game.workers[0].evaluate(TRAMPOLINE_JS) == browsers
    plays(game)


def test_the_ordinary_boot_when_asked(page, site: str, errors: list[str], off_origin: list[str]) -> None:
    page.goto(site + "?boot=ordinary")
    wait_ready(page)
    assert boot_of(page) == "ordinary"
    # micropip was only needed to install the wheel
    assert page.workers[0].evaluate("self.pyodide.runPython(\"import sys; 'micropip' in sys.modules\")") is False
    plays(page)


def held(page) -> dict[str, int]:
    """The bytes the worker still holds of each buffer its boot needed only once."""
    return page.evaluate("__draughts.call('memory')")["held"]


def test_the_snapshot_boot_lets_go_of_its_downloads_once_python_has_them(game) -> None:
    assert boot_of(game) == "snapshot"
    # the snapshot (30 MB) and the two zips were read and copied into Python's memory and files:
    # the worker holds none of them afterwards
    assert held(game) == {"snapshot": 0, "wheel": 0, "page": 0}  # the standard library: not read
    plays(game)  # and Python still works: what it needed was copied, not borrowed


def in_worker(page, code: str):
    """What Python code (its last expression) gives in the page's Python worker."""
    return page.workers[0].evaluate("(code) => self.pyodide.runPython(code)", code)


# A module of the standard library that the game never imports, so the snapshot does not hold it.
NOT_IN_SNAPSHOT = "difflib.SequenceMatcher(None, 'draughts', 'drafts').ratio() > 0.5"


def test_the_snapshot_boot_reads_the_standard_library_only_for_a_module_it_does_not_hold(
        page, context, site: str, errors: list[str], off_origin: list[str]) -> None:
    asked: list[str] = []
    # what the page and its Python worker ask for: the offline cache's fill is kept out
    keep_offline_fill_out(context)
    context.on("request", lambda request: asked.append(request.url))
    page.goto(site)
    wait_ready(page)
    assert boot_of(page) == "snapshot"
    plays(page)
    stdlib = [url for url in asked if url.endswith("/python_stdlib.zip")]
    assert stdlib == [], "the game needed no module the snapshot lacks, yet the standard library was fetched"
    assert in_worker(page, "import sys; 'difflib' in sys.modules") is False
    assert in_worker(page, "import difflib; " + NOT_IN_SNAPSHOT) is True
    assert in_worker(page, "import email.message; email.message.Message().get_content_type()") == "text/plain"
    assert sum(url.endswith("/python_stdlib.zip") for url in asked) == 1, asked  # read once, kept


def test_offline_the_service_worker_gives_the_standard_library_to_a_later_import(game, context) -> None:
    # the first visit never fetched the zip: the service worker did, for later visits like this one
    wait_offline_ready(game)
    context.set_offline(True)
    try:
        game.reload()
        wait_ready(game)
        assert boot_of(game) == "snapshot"
        assert in_worker(game, "import difflib; " + NOT_IN_SNAPSHOT) is True
        plays(game)
    finally:
        context.set_offline(False)


def test_a_standard_library_that_does_not_load_fails_the_import_not_the_page(
        page, context, site: str, errors: list[str], off_origin: list[str]) -> None:
    context.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site)
    wait_ready(page)
    assert boot_of(page) == "snapshot"
    # zipimport lets the read's error through: an OSError, "I/O error"
    failed = in_worker(page, "try:\n import difflib\n r = 'imported'\nexcept OSError as e:\n r = e.strerror\nr")
    assert failed == "I/O error", failed
    plays(page)  # Python goes on working


def test_the_ordinary_boot_lets_go_of_the_standard_library(page, site: str, errors: list[str],
                                                            off_origin: list[str]) -> None:
    page.goto(site + "?boot=ordinary")
    wait_ready(page)
    assert held(page) == {"stdlib": 0, "page": 0}
    plays(page)


def corrupt(route) -> None:
    """A snapshot that downloads and decompresses but is not one (random bytes)."""
    route.fulfill(status=200, body=gzip.compress(os.urandom(4096)), content_type="application/octet-stream")


def truncated(route) -> None:
    """A download cut short: its gzip stream ends in the middle."""
    route.fulfill(status=200, body=(DIST / config()["snapshot"]["file"]).read_bytes()[:100_000],
                  content_type="application/octet-stream")


def missing(route) -> None:
    route.fulfill(status=404, body="not here")


@pytest.mark.parametrize("damage", [corrupt, truncated, missing], ids=["corrupt", "truncated", "missing"])
def test_a_bad_snapshot_falls_back_to_the_ordinary_boot(page, context, site: str, errors: list[str],
                                                        off_origin: list[str], damage) -> None:
    context.route(f"**/{config()['snapshot']['file']}", damage)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(site)
    wait_ready(page)
    assert boot_of(page) == "ordinary"
    if damage is corrupt:  # it got as far as restoring: a fresh worker took over
        assert any("snapshot failed, booting without it" in line for line in console), console
    plays(page)


def test_without_the_downloads_worker_the_page_boots_the_ordinary_way(browser, tmp_path: Path) -> None:
    """The boot's downloads have a worker of their own; a host that does not serve it (or a browser
    that will not start it) still gets a working page. (A copy of the site without it: the
    browser's routing does not see a worker's own workers.)"""
    shutil.copytree(DIST, tmp_path / "site")
    for path in (tmp_path / "site").glob("downloads.js*"):
        path.unlink()
    with CountingSite(tmp_path / "site") as site:
        context = browser.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site.url)
        wait_ready(page)
        assert boot_of(page) == "ordinary"
        plays(page)
        context.close()
    assert site.counts["/downloads.js"] >= 1 and site.counts["/pyodide/pyodide.asm.wasm"] == 1
    assert errors == []


def boot_with_snapshot_config(page, context, site: str, **changes: object) -> list[str]:
    """Opens the page with config.json's snapshot entry changed; the console's lines."""
    changed = {**config(), "snapshot": {**config()["snapshot"], **changes}}
    context.route("**/config.json", lambda route: route.fulfill(status=200, body=json.dumps(changed),
                                                                 content_type="application/json"))
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(site)
    wait_ready(page)
    return console


def test_a_snapshot_made_for_other_files_is_not_used(page, context, site: str, errors: list[str],
                                                     off_origin: list[str]) -> None:
    console = boot_with_snapshot_config(page, context, site, wheel="0" * 64)
    assert boot_of(page) == "ordinary"
    assert "snapshot not used: it was made for another the wheel" in console


def test_a_module_whose_static_data_differs_from_the_snapshots_falls_back(page, context, site: str,
                                                                          errors: list[str], off_origin: list[str]) -> None:
    """The snapshot leaves out the pages of static data that instantiating the WebAssembly puts in
    place; the page checks them by their hash, and a mismatch gives the ordinary boot."""
    console = boot_with_snapshot_config(page, context, site, initialHash=(config()["snapshot"]["initialHash"] + 1) % 2**32)
    assert boot_of(page) == "ordinary"
    assert any("static data is not the one the snapshot was made with" in line for line in console), console
    plays(page)
