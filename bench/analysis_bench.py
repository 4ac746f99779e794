#!/usr/bin/env python3
"""Benchmark of the analysis and the game review, in CPython and in the page (it prints).

    .venv/bin/python bench/analysis_bench.py [--seconds 5] [--no-page] [--no-review]

  review      a 60-ply International game reviewed at the default budget
              (draughts.teach.review.DEFAULT_NODES a position): wall time, and in CPython the
              process's own time too (goal in the page: <= 30 s, progress from the first second)
  first       when the page's first progress report arrived after the click's request
  Pyodide     the same review and analysis in Pyodide under Node (bench/analysis_pyodide.mjs),
              timed by CPU time too, so a busy machine does not blur the page/CPython ratio
  analysis    nodes/s of the analysis on the game's middle position for --seconds, in slices
              of 150 ms as the page runs it (goal: the page >= 0.5 x CPython), by the CPU time
              of whoever searches: the CPython process, the Node process, and in the page the
              worker's own thread (read from /proc, Linux only), so the machine's load does not
              blur the ratios; the page both from its memory snapshot and booted the ordinary way
  longest     the longest main-thread task (PerformanceObserver "longtask") while the analysis
              panel runs, three lines, for --seconds (goal < 50 ms)

The page is dist/ (python3 build.py build) in headless Chromium, driven through the page's own
worker client (window.__draughts.call), so it measures Pyodide in a Web Worker as users run it.
The machine's load is printed: on a shared machine wall times grow with it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import choose_move, new_game  # noqa: E402
from draughts.engine.analysis import Analyser  # noqa: E402
from draughts.record import write_game  # noqa: E402
from draughts.teach.review import DEFAULT_NODES, review_game  # noqa: E402
from sitebuild.common import DIST  # noqa: E402
from sitebuild.server import serve_in_thread  # noqa: E402
from sitebuild.testrun import find_chromium  # noqa: E402

PLIES = 60
SLICE_MS = 150


def sample_game() -> Game:
    """A reproducible 60-ply game: the computer at level 3 (depth 3) against itself, fixed
    seeds, and time enough that no search is cut short, so CPython, Pyodide and the page all
    analyse the same position however busy the machine is."""
    game = Game("international")
    for ply in range(PLIES):
        if not game.legal_moves:
            break
        game.push(choose_move(game, level=3, time_limit=60.0, seed=ply))
    return game


def middle(game: Game) -> Game:
    probe = game.copy()
    while len(probe.move_stack) > PLIES // 2:
        probe.pop()
    return probe


def cpython_review(game: Game) -> tuple[float, float]:
    new_game()
    wall, cpu = time.perf_counter(), time.process_time()
    review_game(game, DEFAULT_NODES)
    return time.perf_counter() - wall, time.process_time() - cpu


def cpython_analysis(game: Game, seconds: float) -> tuple[float, float]:
    """Nodes/s of the analysis by CPU time and by the wall clock."""
    new_game()
    analyser = Analyser(middle(game))
    first = analyser.run(seconds=SLICE_MS / 1000)  # starts the analysis, as in the page: not timed
    cpu = time.process_time()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        report = analyser.run(seconds=SLICE_MS / 1000)
    used = time.process_time() - cpu
    nodes, wall = report.nodes - first.nodes, report.seconds - first.seconds
    return nodes / used if used else 0.0, nodes / wall if wall else 0.0


REVIEW_JS = """async (pdn) => {
  const call = window.__draughts.call;
  await call("import_pdn", {text: pdn});
  const t0 = performance.now();
  let p = await call("review_start", {});
  let first = null;
  while (!p.finished) {
    p = await call("review_step", {ms: 250});
    if (first === null) first = performance.now() - t0;
  }
  return {seconds: (performance.now() - t0) / 1000, first: first / 1000, total: p.total};
}"""

ANALYSE_JS = """async ([pdn, plies, seconds]) => {
  const call = window.__draughts.call;
  await call("import_pdn", {text: pdn});
  const view = await call("position", {});
  await call("goto", {node: view.tree[plies - 1].id});
  await call("analyse", {lines: 1, ms: %d});  // the first slice starts the analysis: not timed
  return true;
}""" % SLICE_MS

# The slices timed: the worker thread's CPU time is read around them.
ANALYSE_MORE_JS = """async ([seconds]) => {
  const call = window.__draughts.call;
  const end = performance.now() + seconds * 1000;
  const first = await call("analyse", {lines: 1, ms: %d});
  let r = first;
  while (performance.now() < end) r = await call("analyse", {lines: 1, ms: %d});
  return {nodes: r.nodes - first.nodes, seconds: r.nodes / r.nps - first.nodes / first.nps, nps: r.nps, depth: r.depth};
}""" % (SLICE_MS, SLICE_MS)


SELECT_3_LINES_JS = """() => {
  const select = document.getElementById("an-lines");
  select.value = "3";
  select.dispatchEvent(new Event("change", {bubbles: true}));
}"""


def main_thread_tasks(trace: bytes) -> list[tuple[float, float]]:
    """The page's main-thread tasks from a Chromium trace, as (wall ms, CPU ms), longest first.
    On a busy machine a task's wall time is mostly time the thread was not running: its CPU
    time is what the page's own code costs."""
    loaded = json.loads(trace)
    events = loaded["traceEvents"] if isinstance(loaded, dict) else loaded
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [(e["dur"] / 1000, e.get("tdur", 0) / 1000) for e in events
             if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and e.get("name") == "RunTask"]
    return sorted(tasks, reverse=True)


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def worker_cpu_seconds() -> float | None:
    """The CPU time of the page's Web Worker threads (Chromium names them "DedicatedWorker"),
    summed over the browsers this process started; None where /proc cannot tell."""
    me, total, found = os.getpid(), 0, False
    for entry in Path("/proc").iterdir() if Path("/proc/self/task").exists() else []:
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        while pid > 1 and pid != me:
            pid = _parent(pid)
        if pid != me:
            continue
        for task in (entry / "task").glob("*"):
            try:
                if (task / "comm").read_text().strip() == "DedicatedWorker":
                    total += int((task / "schedstat").read_text().split()[0])
                    found = True
            except (OSError, ValueError, IndexError):
                continue
    return total / 1e9 if found else None


LONGTASKS_JS = """() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
    .observe({ type: "longtask" });
}"""


def page_analysis(tab: Any, url: str, pdn: str, seconds: float) -> dict:
    """The analysis slices in the page booted from ``url``: nodes/s by the worker's CPU time and
    by the wall clock (the slices' own time, as the panel shows it)."""
    tab.goto(url)
    tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
    boot = tab.evaluate("window.__draughts.boot || ''")
    tab.evaluate(ANALYSE_JS, [pdn, PLIES // 2])
    cpu = worker_cpu_seconds()
    result = tab.evaluate(ANALYSE_MORE_JS, [seconds])
    after = worker_cpu_seconds()
    result["cpu"] = after - cpu if cpu is not None and after is not None else None
    result["boot"] = boot
    return result


def page(pdn: str, seconds: float, review_too: bool, dist: Path = DIST) -> tuple[dict | None, dict]:
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(dist)
    try:
        with sync_playwright() as p:
            chromium = find_chromium()
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            tab = browser.new_page()
            review = None
            if review_too:
                tab.goto(url)
                tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
                review = tab.evaluate(REVIEW_JS, pdn)
            analysis = page_analysis(tab, url, pdn, seconds)
            analysis["ordinary"] = page_analysis(tab, url + "?boot=ordinary", pdn, seconds)
            tab.goto(url)
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            tab.click("#btn-pdn")
            tab.fill("#pdn-text", pdn)
            tab.click("#pdn-import")
            tab.keyboard.press("Escape")
            # The button and the select are worked by input events and one line of script, not by
            # Playwright's click() and select_option(): their checks run on the page's main thread
            # and would count as its tasks.
            button = tab.locator("#btn-analyse").bounding_box()
            assert button is not None
            tab.evaluate(LONGTASKS_JS)
            browser.start_tracing(page=tab, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
            tab.mouse.click(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
            tab.wait_for_timeout(300)
            tab.evaluate(SELECT_3_LINES_JS)
            tab.wait_for_timeout(seconds * 1000)
            analysis["tasks"] = main_thread_tasks(browser.stop_tracing())
            analysis["longest"] = tab.evaluate("Math.max(0, ...window.__longtasks)")
            analysis["longtasks"] = tab.evaluate("window.__longtasks.map(Math.round)")
            analysis["shown"] = tab.locator("#an-stats").inner_text()
            browser.close()
    finally:
        server.shutdown()
    return review, analysis


def rate(nodes: float, seconds: float | None) -> str:
    return f"{nodes / seconds:9,.0f}" if seconds else "      n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--no-page", action="store_true")
    parser.add_argument("--no-review", action="store_true", help="the analysis only")
    parser.add_argument("--dist", type=Path, help="the built site to measure (default dist/)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    game = sample_game()
    pdn = write_game(game)
    print(f"game: {len(game.move_stack)} plies, review budget {DEFAULT_NODES} nodes a position;"
          f" analysed: {middle(game).fen()}")
    if not args.no_review:
        review_wall, review_cpu = cpython_review(game)
        print(f"CPython  review {review_wall:6.1f} s wall, {review_cpu:6.1f} s CPU")
    nps, wall_nps = cpython_analysis(game, args.seconds)
    print(f"CPython  analysis {nps:9,.0f} nodes/s by CPU time, {wall_nps:9,.0f} by the wall clock")
    if args.no_page:
        return
    command = ["node", str(ROOT / "bench" / "analysis_pyodide.mjs"), str(args.seconds)]
    if args.no_review:
        command.append("--no-review")
    run = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    pyo = json.loads(run.stdout.strip().splitlines()[-1])
    if not args.no_review:
        print(f"Pyodide  review {pyo['reviewWall']:6.1f} s wall, {pyo['reviewCpu']:6.1f} s CPU (goal <= 30 s)")
    print(f"Pyodide  analysis {pyo['npsCpu']:9,.0f} nodes/s by CPU time (under Node, as the page's worker runs it)")
    review, analysis = page(pdn, args.seconds, not args.no_review, args.dist or DIST)
    if review is not None:
        print(f"page     review {review['seconds']:6.1f} s wall (goal <= 30 s),"
              f" first progress after {review['first']:.2f} s")
    for what, run_ in (("snapshot", analysis), ("ordinary", analysis["ordinary"])):
        print(f"page     analysis {rate(run_['nodes'], run_['cpu'])} nodes/s by the worker's CPU time,"
              f" {run_['nps']:9,.0f} by the wall clock (depth {run_['depth']}; boot {run_['boot'] or what})")
    page_nps = analysis["nodes"] / analysis["cpu"] if analysis["cpu"] else 0.0
    print(f"speed against CPython by CPU time: Pyodide under Node {pyo['npsCpu'] / nps:.2f},"
          f" page {page_nps / nps:.2f} (goal >= 0.5); page by the wall clock against CPython's"
          f" {analysis['nps'] / wall_nps:.2f}")
    print(f"page     longest main-thread task while analysing: {analysis['longest']:.0f} ms (goal < 50 ms);"
          f" all long tasks {analysis['longtasks']}; the panel said {analysis['shown']!r}")
    tasks = analysis["tasks"]
    if tasks:
        wall, cpu = tasks[0]
        print(f"page     traced: the longest task {wall:.0f} ms wall, of which {cpu:.1f} ms on the CPU;"
              f" the most CPU any task took: {max(c for _, c in tasks):.1f} ms ({len(tasks)} tasks)")


if __name__ == "__main__":
    main()
