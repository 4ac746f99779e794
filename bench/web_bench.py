#!/usr/bin/env python3
"""Benchmark of the browser game in headless Chromium (a benchmark, not a test: it prints).

    .venv/bin/python bench/web_bench.py [--runs 5] [--level 5]

Median of N runs each of:
  painted      navigation start to the first board drawn (goal <= 0.3 s)
  cold         to interactive in a fresh profile: Python ready, game on the board (goal <= 1.5 s)
  warm         the same on a reload (service worker and localStorage filled)
  click        a click on a piece to its highlight drawn (goal: within one frame, ~16 ms)
  longest task the longest main-thread stall while the computer thinks (goal < 50 ms)
  memory       the page's renderer memory while the computer thinks (goal <= 150 MB)
and the bytes a first visit transfers, raw and gzip. Needs dist/ (python3 build.py build) and
the test venv (python3 build.py test sets it up).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

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


def descendants_pss_mb(root_pid: int) -> float:
    """Proportional set size (RSS with shared pages split among their users) of the Chromium
    renderer processes started under this Python process: the page, its worker and its service
    worker live in them."""
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
    total = 0
    for pid, cmd in cmdlines.items():
        if "--type=renderer" not in cmd:
            continue
        p = pid
        while p > 1 and p != root_pid:
            p = parents.get(p, 1)
        if p != root_pid:
            continue
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run(runs: int, level: int) -> None:
    server, url = build.serve_in_thread(build.DIST)
    results: dict[str, list[float]] = {k: [] for k in
                                       ("painted", "cold", "warm", "warm_painted", "click_handler", "click_frame",
                                        "longtask", "gap", "memory", "think", "wasm")}
    transferred: dict[str, int] = {}
    stages: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
        for i in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            sizes: dict[str, int] = {}

            def on_response(response) -> None:
                try:
                    sizes[response.url] = len(response.body())
                except Exception:
                    pass

            if i == 0:
                page.on("response", on_response)
                context.on("response", on_response)  # the service worker's precache too
            page.goto(url)
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            t = page.evaluate("({p: __draughts.paintedAt, i: __draughts.interactiveAt})")
            results["painted"].append(t["p"] or float("nan"))
            for stage, ms in page.evaluate("__draughts.stages").items():
                stages.setdefault(stage, []).append(ms)
            results["cold"].append(t["i"])
            click = page.evaluate(CLICK_JS, 32)
            assert click["ok"], "the click did not select the piece"
            results["click_handler"].append(click["handler"])
            results["click_frame"].append(click["painted"])
            if i == 0:
                transferred = dict(sizes)
            # the computer thinks: watch the main thread and the memory meanwhile
            page.evaluate("() => navigator.serviceWorker.ready")
            page.click("#btn-new")
            page.select_option("#new-level", str(level))
            page.click("#new-start")
            page.wait_for_selector("html[data-state=play]", state="attached")
            page.evaluate(WATCH_JS)
            started = time.perf_counter()
            page.click('[data-square="32"]')
            page.click('[data-square="28"]')
            page.wait_for_selector("html[data-state=thinking]", state="attached")
            peak = 0.0
            while page.get_attribute("html", "data-state") == "thinking":
                peak = max(peak, descendants_pss_mb(os.getpid()))
                time.sleep(0.1)
            results["think"].append((time.perf_counter() - started) * 1000)
            watch = page.evaluate("(() => { __bench.running = false; return __bench; })()")
            results["longtask"].append(watch["longest"])
            results["gap"].append(watch["gap"])
            results["memory"].append(peak)
            results["wasm"].append(page.evaluate("__draughts.call('memory')").get("wasmBytes", 0) / 1e6)
            # warm: a reload with the service worker and the saved game in place
            page.reload()
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            t = page.evaluate("({p: __draughts.paintedAt, i: __draughts.interactiveAt})")
            results["warm"].append(t["i"])
            results["warm_painted"].append(t["p"] or float("nan"))
            context.close()
        browser.close()
    server.shutdown()

    m = {k: median(v) for k, v in results.items()}
    print(f"headless Chromium {runs} runs, median (goal in brackets); load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    print(f"  board painted          {m['painted']:7.0f} ms  (<= 300)   warm {m['warm_painted']:.0f} ms")
    # the minimum too: on a shared machine it is the closest to the cost of the work itself
    print(f"  interactive, cold      {m['cold']:7.0f} ms  (<= 1500)   min {min(results['cold']):.0f} ms")
    print(f"  interactive, warm      {m['warm']:7.0f} ms            min {min(results['warm']):.0f} ms")
    print("  worker boot, cold: " + ", ".join(f"{k} at {median(v):.0f}" for k, v in stages.items()) + " ms")
    print(f"  click to highlight     {m['click_handler']:7.1f} ms handler, {m['click_frame']:.1f} ms to the next frame (one frame)")
    print(f"  computer's move (lvl {level}) {m['think']:5.0f} ms, longest main-thread task {m['longtask']:.0f} ms "
          f"(0 = none >= 50 ms), largest timer gap {m['gap']:.0f} ms  (< 50)")
    print(f"  renderer memory (PSS) while thinking {m['memory']:.0f} MB  (<= 150); Python's wasm heap {m['wasm']:.0f} MB")
    raw = sum(transferred.values())
    zipped = 0
    for name in {u.split("?")[0] for u in transferred}:
        rel = name.split("/", 3)[-1] or "index.html"
        path = build.DIST / rel
        if path.is_file():
            zipped += len(gzip.compress(path.read_bytes(), 6))
    site_raw = sum(f.stat().st_size for f in build.DIST.rglob("*") if f.is_file())
    site_gz = sum(len(gzip.compress(f.read_bytes(), 6)) for f in build.DIST.rglob("*") if f.is_file())
    print(f"  first visit transferred {raw / 1e6:.2f} MB raw, {zipped / 1e6:.2f} MB gzip "
          f"({len(transferred)} responses, service-worker precache included)")
    print(f"  whole site              {site_raw / 1e6:.2f} MB raw, {site_gz / 1e6:.2f} MB gzip")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--level", type=int, default=5, help="the computer's level while thinking is measured")
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    run(args.runs, args.level)
