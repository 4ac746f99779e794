#!/usr/bin/env python3
"""Benchmark of the browser game in headless Chromium (a benchmark, not a test: it prints).

    .venv/bin/python bench/web_bench.py [--runs 5] [--level 5] [--mbit 20]

Median of N runs each of, with its goal beside it:
  painted      navigation start to the first board drawn (goal <= 0.3 s)
  cold         to interactive in a fresh profile: Python ready, game on the board (goal <= 1.5 s
               and <= 0.5x a stock boot: loadPyodide from the same files, micropip.install of the
               wheel, import draughts, measured in the same run)
  cold, both first-visit choices: from the snapshot, or the ordinary boot (?boot=ordinary; the
               snapshot then comes with the service worker for later visits), at full speed and
               behind a link of --mbit Mbit/s emulated by the server (20 ms before each response;
               every request of the page, its workers and its service worker shares it)
  warm         the same on a reload (service worker and localStorage filled; goal <= 1.0 s)
  click        a click on a piece to its highlight drawn (goal: within one frame, ~16 ms)
  longest task the longest main-thread stall while the computer thinks (goal < 50 ms)
  memory       the PSS of the page's renderer (the process running its workers) while the computer
               thinks (goal <= 200 MB), and idle, for both boots; and while it thinks again after
               --settle seconds idle, when Chromium has stopped the first visit's service worker
               (it stops one after 30 s without events) and its filling of the cache is gone
  timeline     the boot's steps on the page's clock, from the performance marks of the page and
               its worker (worker-client.js turns the worker's into the page's)
  nodes/s      the engine's search speed in the page's worker beside CPython's, both by CPU time
               (the worker thread's, read from /proc), so neither the service worker filling its
               cache nor the machine's load lowers the page's figure; after 1 s of searching and
               after 6 s (V8 optimises the interpreter's hot code only after a few seconds of
               running it), in the page from the snapshot and in the page booted the ordinary way
Every measured visit (the stock boot's too) opens in a new context once Chromium has finished
starting that context's window (see fresh_page), as a user opens the page in a browser that is
running already;
and, counted at the server on the first visit (page, workers and service worker together), the
paths fetched more than once (goal 0) and the bytes: raw, gzip and brotli. Needs dist/
(python3 build.py build; --dist names another build) and the test venv (python3 build.py test
sets it up).

    .venv/bin/python bench/web_bench.py --against COPY_OF_AN_EARLIER_DIST [--runs 5] [--slow]

compares the cold first visit of the two builds, one after the other in each run, so both meet
the same load on a shared machine: interactive time against the stock boot, the timeline, and
the page's renderer idle and while the computer thinks.
"""

from __future__ import annotations

import argparse
import functools
import tempfile
import threading
from collections import Counter
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from sitebuild.common import DIST  # noqa: E402
from sitebuild.compress import is_precompressed  # noqa: E402
from sitebuild.server import SiteHandler, ThreadingServer  # noqa: E402
from sitebuild.site import build  # noqa: E402
from sitebuild.testrun import find_chromium  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from analysis_bench import worker_cpu_seconds  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Watches the main thread while the computer thinks: long tasks (>= 50 ms, as Chromium reports
# them) and the largest gap between two 0 ms timers, which also catches shorter stalls.
WATCH_JS = """() => {
  window.__bench = {longest: 0, gap: 0, running: true};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longest = Math.max(window.__bench.longest, e.duration);
  }).observe({type: 'longtask'});
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    window.__bench.gap = Math.max(window.__bench.gap, now - last);
    last = now;
    if (window.__bench.running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
}"""

CLICK_JS = """async (n) => {
  const button = document.querySelector(`[data-square="${n}"]`);
  const t0 = performance.now();
  button.click();
  const handler = performance.now() - t0;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const painted = performance.now() - t0;
  const ok = button.dataset.state === 'selected';
  button.click();  // deselect again
  return {handler, painted, ok};
}"""


def chromium_cpu_ns(root_pid: int) -> int:
    """CPU time so far of every thread of the processes started under this Python process
    (Chromium's), in nanoseconds (/proc/PID/task/TID/schedstat)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    total = 0
    for pid in parents:
        p = pid
        while p > 1 and p != root_pid:
            p = parents.get(p, 1)
        if p != root_pid or pid == root_pid:
            continue
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                total += int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[0])
        except (OSError, ValueError):
            continue
    return total


# Each new context is a new window to headless Chromium, and a new window loads Chrome's own
# omnibox popup (a WebUI page in the "top-chrome" renderer): about a second of one core's work,
# which began as the page's navigation did and took half of this 2-core machine's CPU from the
# boot (a Chromium trace of a cold visit). A user opens the page in a window that has started
# already; so every measured visit waits first for Chromium to fall quiet.
QUIET_NS = 10_000_000  # less than 10 ms of CPU in each of two 100 ms windows


def fresh_page(browser, **options):  # type: ignore[no-untyped-def]
    """A new context's page, once Chromium has finished starting its window (at most 10 s)."""
    context = browser.new_context(**options)
    page = context.new_page()
    calm, before, deadline = 0, chromium_cpu_ns(os.getpid()), time.monotonic() + 10
    while calm < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        now = chromium_cpu_ns(os.getpid())
        calm = calm + 1 if now - before < QUIET_NS else 0
        before = now
    return context, page


def renderer_pss_mb(root_pid: int) -> tuple[float, float]:
    """Proportional set size (RSS with shared pages split among their users) of the Chromium
    renderer processes started under this Python process: (the page's, all of them). The page's
    are those running its workers (Chromium names their threads "DedicatedWorker" and
    "ServiceWorker thread"): the page, its Python worker and its service worker live there. The
    rest are Chromium's own (its "top-chrome-webui" renderer and a spare one kept for the next
    navigation, about 90 MB together) and are there for any page, a blank one included."""
    parents: dict[int, int] = {}
    cmdlines: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
            cmdlines[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
    page = every = 0
    for pid, cmd in cmdlines.items():
        if "--type=renderer" not in cmd:
            continue
        p = pid
        while p > 1 and p != root_pid:
            p = parents.get(p, 1)
        if p != root_pid:
            continue
        try:
            pss = sum(int(line.split()[1]) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                      if line.startswith("Pss:"))
            threads = {Path(f"/proc/{pid}/task/{t}/comm").read_text().strip() for t in os.listdir(f"/proc/{pid}/task")}
        except OSError:
            continue
        every += pss
        if any(name.startswith(("DedicatedWorker", "ServiceWorker")) for name in threads):
            page += pss
    return page / 1024, every / 1024


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# A stock boot, the yardstick for "cold": Pyodide from the same files, micropip installs the
# wheel, draughts is imported; nothing else. Served beside the site as stock/index.html.
STOCK_HTML = """<!doctype html><meta charset="utf-8"><title>stock</title>
<script type="module">
const { loadPyodide } = await import("../site/pyodide/pyodide.mjs");
const config = await (await fetch("../site/config.json")).json();
const base = new URL("../site/", location.href).href;
const py = await loadPyodide({ indexURL: base + "pyodide/", packages: [base + config.micropip] });
await py.pyimport("micropip").install(base + config.wheel, { deps: false });
py.runPython("import draughts");
window.__stock = performance.now();
</script>"""


class Link:
    """A link of `mbit` Mbit/s shared by every response (each chunk waits for its turn on it),
    with `latency` seconds before each response: the page, its workers and its service worker all
    download through it, as through a real connection. (Chromium's network emulation, set on a
    page, does not slow the requests of the page's workers.)"""

    CHUNK = 16 * 1024

    def __init__(self, mbit: float, latency: float = 0.02) -> None:
        self.bytes_per_second = mbit * 1e6 / 8
        self.latency = latency
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, source, output) -> None:  # type: ignore[no-untyped-def]
        time.sleep(self.latency)
        while chunk := source.read(self.CHUNK):
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(chunk) / self.bytes_per_second
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            try:
                output.write(chunk)
            except ConnectionError:  # the browser went (a visit ends at interactive)
                return


class CountingServer:
    """dist/ at /site/ and the stock page at /stock/, counting requests and bytes sent per path;
    behind an emulated link when given one."""

    def __init__(self, site: Path | None = None, link: Link | None = None) -> None:
        self.site = site or DIST
        self.link = link
        self.counts: Counter[str] = Counter()
        self.sent: Counter[str] = Counter()

    def __enter__(self) -> "CountingServer":
        self.tmp = tempfile.TemporaryDirectory()
        root = Path(self.tmp.name)
        (root / "site").symlink_to(self.site.resolve(), target_is_directory=True)
        (root / "stock").mkdir()
        (root / "stock" / "index.html").write_text(STOCK_HTML)
        counts, sent, link = self.counts, self.sent, self.link

        class Handler(SiteHandler):
            def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
                if link is None:
                    return super().copyfile(source, outputfile)
                link.send(source, outputfile)

            def send_head(self):  # type: ignore[no-untyped-def]
                body = super().send_head()
                path = self.path.split("?")[0]
                counts[path] += 1
                if body is not None:
                    sent[path] += os.fstat(body.fileno()).st_size
                return body

        self.server = ThreadingServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.tmp.cleanup()


def interactive(page, url: str) -> dict:
    """Open the page until it is playable."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=180_000)
    return page.evaluate("({p: __draughts.paintedAt, i: __draughts.interactiveAt, boot: __draughts.boot})")


def stock_boot(browser, url: str) -> float:
    context, page = fresh_page(browser)
    page.goto(url + "stock/")
    page.wait_for_function("() => window.__stock", timeout=180_000)
    ms = page.evaluate("window.__stock")
    context.close()
    return ms


def sizes(paths: list[str]) -> tuple[int, int, int]:
    """Raw, gzip and brotli bytes of these site paths (a file without a smaller copy counts raw)."""
    raw = gz = br = 0
    for path in paths:
        name = path[len("/site/"):] or "index.html"
        file = DIST / (name + "index.html" if name.endswith("/") else name)
        if not file.is_file():
            continue
        size = file.stat().st_size
        raw += size
        for suffix, total in ((".gz", "gz"), (".br", "br")):
            copy = file.with_name(file.name + suffix)
            value = copy.stat().st_size if copy.is_file() else size
            if total == "gz":
                gz += value
            else:
                br += value
    return raw, gz, br


# The boot's timeline on the page's clock: the HTML parsed, then the marks that worker-client.js
# and the worker set ("boot: ..."), then interactive.
TIMELINE_JS = """() => {
  const times = {"html parsed": performance.getEntriesByType("navigation")[0].domInteractive};
  for (const mark of performance.getEntriesByType("mark")) times[mark.name.replace("boot: ", "")] = mark.startTime;
  times.interactive = __draughts.interactiveAt;
  return times;
}"""


def first_visit_done(page) -> None:
    """The first visit ends when the service worker holds the site (and runs in the renderer)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)


# bench_nodes's rate is by Python's process_time, which in a Web Worker is the wall clock: its
# rate times the call's wall time gives the nodes searched (the call's set-up is a few ms of 2 s).
# A first second of searching is not counted. The rate of the next two seconds is the "early"
# one; then V8 is still compiling the interpreter's hot functions with its optimising compiler,
# which it starts only after some seconds of running them (a page booted from the snapshot has
# run little Python before). The "steady" rate is taken after three seconds more.
WARM_UP_JS = "(s) => self.pyodide.runPython(`from draughts.engine import bench_nodes; bench_nodes(${s})`)"
PAGE_NODES_JS = """() => {
  const started = performance.now();
  const rate = self.pyodide.runPython("from draughts.engine import bench_nodes; bench_nodes(2.0)");
  return rate * (performance.now() - started) / 1000;
}"""


def page_nodes_per_cpu_second(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The engine's nodes/s in the page's Python worker by the worker thread's CPU time:
    (early, steady), as above."""
    worker = next(w for w in page.workers if "worker.js" in w.url)

    def rate() -> float:
        before = worker_cpu_seconds()
        nodes = worker.evaluate(PAGE_NODES_JS)
        after = worker_cpu_seconds()
        if before is None or after is None:
            raise RuntimeError("the worker's CPU time cannot be read here (/proc)")
        return float(nodes) / (after - before)

    worker.evaluate(WARM_UP_JS, 1.0)
    early = rate()
    worker.evaluate(WARM_UP_JS, 3.0)
    return early, rate()


def think(page, level: int) -> tuple[float, float, float]:
    """A new game at `level`, a move, and the computer's answer: (ms, peak PSS of the page's
    renderer, peak PSS of all renderers) while it thinks."""
    page.click("#btn-new")
    page.select_option("#new-level", str(level))
    page.click("#new-start")
    page.wait_for_selector("html[data-state=play]", state="attached")
    page.evaluate(WATCH_JS)
    started = time.perf_counter()
    page.click('[data-square="32"]')
    page.click('[data-square="28"]')
    # read until the answer is on the move list, at least once: on a quiet machine it may come
    # before the page could be seen thinking
    peak = peak_all = 0.0
    while True:
        pss, pss_all = renderer_pss_mb(os.getpid())
        peak, peak_all = max(peak, pss), max(peak_all, pss_all)
        if page.evaluate("document.querySelectorAll('#move-list button').length") >= 2:
            break
        time.sleep(0.1)
    return (time.perf_counter() - started) * 1000, peak, peak_all


def run(runs: int, level: int, mbit: float, settle: float) -> None:
    results: dict[str, list[float]] = {k: [] for k in
                                       ("painted", "cold", "warm", "warm_painted", "click_handler", "click_frame",
                                        "longtask", "gap", "memory", "memory_all", "think", "idle", "idle_ordinary", "memory_ordinary", "wasm", "stock", "ordinary",
                                        "cold_slow", "ordinary_slow", "memory_settled")}
    stages: dict[str, list[float]] = {}
    timeline: dict[str, list[float]] = {}
    twice: dict[str, int] = {}
    first_visit: list[str] = []
    wire = 0
    page_nodes: list[tuple[float, float]] = []
    ordinary_nodes: list[tuple[float, float]] = []
    with CountingServer() as server, CountingServer(link=Link(mbit)) as slow, sync_playwright() as p:
        site = server.url + "site/"
        browser = p.chromium.launch(executable_path=find_chromium(), args=ARGS)
        for i in range(runs):
            results["stock"].append(stock_boot(browser, server.url))
            for key, query, over in (("ordinary", "?boot=ordinary", server), ("cold_slow", "", slow),
                                     ("ordinary_slow", "?boot=ordinary", slow)):
                context, ordinary_page = fresh_page(browser)
                t = interactive(ordinary_page, over.url + "site/" + query)
                assert t["boot"] == ("ordinary" if query else "snapshot"), t
                results[key].append(t["i"])
                if key == "ordinary":  # the ordinary boot's memory, measured as the snapshot's below
                    first_visit_done(ordinary_page)
                    results["idle_ordinary"].append(renderer_pss_mb(os.getpid())[0])
                    ordinary_nodes.append(page_nodes_per_cpu_second(ordinary_page))
                    results["memory_ordinary"].append(think(ordinary_page, level)[1])
                context.close()
            context, page = fresh_page(browser, viewport={"width": 1280, "height": 800})
            server.counts.clear()
            server.sent.clear()
            t = interactive(page, site)
            assert t["boot"] == "snapshot", t
            results["painted"].append(t["p"] or float("nan"))
            results["cold"].append(t["i"])
            for stage, ms in page.evaluate("__draughts.stages").items():
                stages.setdefault(stage, []).append(ms)
            for name, ms in page.evaluate(TIMELINE_JS).items():
                timeline.setdefault(name, []).append(ms)
            click = page.evaluate(CLICK_JS, 32)
            assert click["ok"], "the click did not select the piece"
            results["click_handler"].append(click["handler"])
            results["click_frame"].append(click["painted"])
            first_visit_done(page)
            results["idle"].append(renderer_pss_mb(os.getpid())[0])
            if i == 0:
                twice = {path: n for path, n in server.counts.items() if n > 1}
                first_visit = sorted(server.counts)
                wire = sum(server.sent.values())
            page_nodes.append(page_nodes_per_cpu_second(page))
            # the computer thinks: watch the main thread and the memory meanwhile
            ms, peak, peak_all = think(page, level)
            results["think"].append(ms)
            watch = page.evaluate("(() => { __bench.running = false; return __bench; })()")
            results["longtask"].append(watch["longest"])
            results["gap"].append(watch["gap"])
            results["memory"].append(peak)
            results["memory_all"].append(peak_all)
            results["wasm"].append(page.evaluate("__draughts.call('memory')").get("wasmBytes", 0) / 1e6)
            if settle:
                page.wait_for_timeout(settle * 1000)
                results["memory_settled"].append(think(page, level)[1])
            # warm: a reload with the service worker and the saved game in place
            page.reload()
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=180_000)
            t = page.evaluate("({p: __draughts.paintedAt, i: __draughts.interactiveAt})")
            results["warm"].append(t["i"])
            results["warm_painted"].append(t["p"] or float("nan"))
            context.close()
        browser.close()
    from draughts.engine import bench_nodes
    cpython_nodes = bench_nodes(2.0)

    m = {k: median(v) for k, v in results.items()}
    print(f"headless Chromium, {runs} runs, median [goal]; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  board painted            {m['painted']:7.0f} ms  [<= 300]   warm {m['warm_painted']:.0f} ms")
    print(f"  interactive, cold        {m['cold']:7.0f} ms  [<= 1500]  {m['cold'] / m['stock']:.2f}x the stock boot"
          f" [<= 0.5x]; min {min(results['cold']):.0f} ms")
    print(f"  stock boot (same files)  {m['stock']:7.0f} ms")
    print(f"  interactive, warm        {m['warm']:7.0f} ms  [<= 1000]  min {min(results['warm']):.0f} ms")
    print(f"  first visit from the snapshot {m['cold']:6.0f} ms, ordinary boot {m['ordinary']:6.0f} ms (full speed)")
    print(f"  first visit at {mbit:g} Mbit/s: snapshot {m['cold_slow']:6.0f} ms, ordinary boot {m['ordinary_slow']:6.0f} ms")
    print("  worker boot, cold: " + ", ".join(f"{k} at {median(v):.0f}" for k, v in stages.items()) + " ms")
    order = sorted(timeline, key=lambda name: median(timeline[name]))
    print("  timeline, cold (ms from navigation): " + ", ".join(f"{k} {median(timeline[k]):.0f}" for k in order))
    print(f"  click to highlight       {m['click_handler']:7.1f} ms handler, {m['click_frame']:.1f} ms to the next frame")
    print(f"  computer's move (lvl {level}) {m['think']:5.0f} ms, longest main-thread task {m['longtask']:.0f} ms "
          f"(0 = none >= 50 ms), largest timer gap {m['gap']:.0f} ms  [< 50]")
    print(f"  renderer memory (PSS) while thinking {m['memory']:.0f} MB  [<= 200] in the page's renderer"
          f" ({m['memory_all']:.0f} MB with Chromium's own renderers); Python's wasm heap {m['wasm']:.0f} MB")
    if settle:
        print(f"  renderer memory (PSS) while thinking after {settle:g} s idle (the first visit's service worker"
              f" stopped) {m['memory_settled']:.0f} MB  [<= 200]")
    print(f"  page's renderer (PSS), service worker in place: snapshot boot idle {m['idle']:.0f} MB, thinking"
          f" {m['memory']:.0f} MB; ordinary boot idle {m['idle_ordinary']:.0f} MB, thinking {m['memory_ordinary']:.0f} MB")
    early, steady = (median([n[k] for n in page_nodes]) for k in (0, 1))
    early_o, steady_o = (median([n[k] for n in ordinary_nodes]) for k in (0, 1))
    print(f"  engine nodes/s by CPU time, CPython {cpython_nodes:,.0f}; the page after 1 s of search {early:,.0f}"
          f" ({cpython_nodes / early:.2f}x slower), after 6 s {steady:,.0f} ({cpython_nodes / steady:.2f}x slower)")
    print(f"  the page booted the ordinary way: after 1 s {early_o:,.0f}, after 6 s {steady_o:,.0f};"
          f" snapshot / ordinary {early / early_o:.2f} and {steady / steady_o:.2f}  [not below 1 once warm]")
    print(f"  paths fetched twice on the first visit: {len(twice)}  [0]  {twice or ''}")
    raw, gz, br = sizes(first_visit)
    print(f"  first visit: {len(first_visit)} paths, {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip, {br / 1e6:.2f} MB brotli;"
          f" {wire / 1e6:.2f} MB sent (the encodings Chromium accepted)")
    site_files = [f for f in DIST.rglob("*") if f.is_file() and not is_precompressed(f)]
    raw, gz, br = sizes(["/site/" + f.relative_to(DIST).as_posix() for f in site_files])
    print(f"  whole site:  {len(site_files)} files, {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip, {br / 1e6:.2f} MB brotli")


def compare(runs: int, before: Path, level: int, mbit: float | None) -> None:
    """Cold first visits of an earlier build (`before`) and this one in turn, beside the stock
    boot, so that both meet the same load: each build's interactive time and its ratio to the
    stock boot, its timeline, and its page's renderer idle and while the computer thinks."""
    builds = {"before": before, "after": DIST}
    cold: dict[str, list[float]] = {name: [] for name in builds}
    idle: dict[str, list[float]] = {name: [] for name in builds}
    thinking: dict[str, list[float]] = {name: [] for name in builds}
    timeline: dict[str, dict[str, list[float]]] = {name: {} for name in builds}
    stock: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=ARGS)
        for _ in range(runs):
            for name, site in builds.items():
                with CountingServer(site, Link(mbit) if mbit else None) as server:
                    if name == "before":
                        stock.append(stock_boot(browser, server.url))
                    context, page = fresh_page(browser, viewport={"width": 1280, "height": 800})
                    cold[name].append(interactive(page, server.url + "site/")["i"])
                    for mark, ms in page.evaluate(TIMELINE_JS).items():
                        timeline[name].setdefault(mark, []).append(ms)
                    first_visit_done(page)
                    idle[name].append(renderer_pss_mb(os.getpid())[0])
                    thinking[name].append(think(page, level)[1])
                    context.close()
        browser.close()
    link = f" at {mbit:g} Mbit/s" if mbit else ""
    print(f"{runs} cold first visits{link} of each build in turn, median; load average {os.getloadavg()[0]:.1f}"
          f" on {os.cpu_count()} cores; stock boot {median(stock):.0f} ms")
    for name, site in builds.items():
        marks = sorted(timeline[name], key=lambda mark: median(timeline[name][mark]))
        print(f"  {name:6} {site}: interactive {median(cold[name]):.0f} ms ({median(cold[name]) / median(stock):.2f}x"
              f" the stock boot), page's renderer idle {median(idle[name]):.0f} MB, thinking {median(thinking[name]):.0f} MB")
        print("         timeline: " + ", ".join(f"{mark} {median(timeline[name][mark]):.0f}" for mark in marks))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--level", type=int, default=5, help="the computer's level while thinking is measured")
    parser.add_argument("--mbit", type=float, default=20, help="the emulated link for the first-visit comparison")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure")
    parser.add_argument("--against", type=Path, help="an earlier build (a copy of dist/) to compare cold visits with,"
                        " in turn with this one; prints only that comparison")
    parser.add_argument("--settle", type=float, default=35, help="seconds idle before the memory is measured again"
                        " (Chromium stops an idle service worker after 30 s); 0 skips it")
    parser.add_argument("--slow", action="store_true", help="with --against: behind the emulated --mbit link")
    args = parser.parse_args()
    DIST = args.dist  # the module's own: the functions above read it
    if not (DIST / "index.html").exists():
        build(DIST)
    if args.against:
        compare(args.runs, args.against, args.level, args.mbit if args.slow else None)
    else:
        run(args.runs, args.level, args.mbit, args.settle)
