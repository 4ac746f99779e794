#!/usr/bin/env python3
"""Benchmark of the analysis and the game review, in CPython and in the page (it prints).

    .venv/bin/python bench/analysis_bench.py [--seconds 3] [--no-page]

  review      a 60-ply International game reviewed at the default budget
              (draughts.teach.review.DEFAULT_NODES a position): wall time, and in CPython the
              process's own time too (goal in the page: <= 30 s, progress from the first second)
  first       when the page's first progress report arrived after the click's request
  Pyodide     the same review and analysis in Pyodide under Node (bench/analysis_pyodide.mjs),
              timed by CPU time too, so a busy machine does not blur the page/CPython ratio
  analysis    nodes/s of the analysis on the game's middle position for --seconds, in slices
              of 150 ms as the page runs it (goal: the page >= 0.5 x CPython)
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from draughts import Game  # noqa: E402
from draughts.engine import choose_move, new_game  # noqa: E402
from draughts.engine.analysis import Analyser  # noqa: E402
from draughts.record import write_game  # noqa: E402
from draughts.teach.review import DEFAULT_NODES, review_game  # noqa: E402

PLIES = 60
SLICE_MS = 150


def sample_game() -> Game:
    """A reproducible 60-ply game: the computer at level 3 against itself, fixed seeds."""
    game = Game("international")
    for ply in range(PLIES):
        if not game.legal_moves:
            break
        game.push(choose_move(game, level=3, time_limit=0.05, seed=ply))
    return game


def middle(game: Game) -> Game:
    probe = game.copy()
    while len(probe.move_stack) > PLIES // 2:
        probe.pop()
    return probe


def cpython(game: Game, seconds: float) -> tuple[float, float, float, float]:
    new_game()
    wall, cpu = time.perf_counter(), time.process_time()
    review_game(game, DEFAULT_NODES)
    review_wall, review_cpu = time.perf_counter() - wall, time.process_time() - cpu
    new_game()
    analyser = Analyser(middle(game))
    cpu = time.process_time()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        report = analyser.run(seconds=SLICE_MS / 1000)
    used = time.process_time() - cpu
    return review_wall, review_cpu, report.nodes / used if used else 0.0, report.nps


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
  const end = performance.now() + seconds * 1000;
  let r = null;
  while (performance.now() < end) r = await call("analyse", {lines: 1, ms: %d});
  return {nodes: r.nodes, nps: r.nps, depth: r.depth};
}""" % SLICE_MS


LONGTASKS_JS = """() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
    .observe({ type: "longtask" });
}"""


def page(pdn: str, seconds: float) -> tuple[dict, dict]:
    import build
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as p:
            chromium = build.find_chromium()
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            tab = browser.new_page()
            tab.goto(url)
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            review = tab.evaluate(REVIEW_JS, pdn)
            tab.reload()
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            analysis = tab.evaluate(ANALYSE_JS, [pdn, PLIES // 2, seconds])
            tab.reload()
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            tab.click("#btn-pdn")
            tab.fill("#pdn-text", pdn)
            tab.click("#pdn-import")
            tab.keyboard.press("Escape")
            tab.evaluate(LONGTASKS_JS)
            tab.click("#btn-analyse")
            tab.select_option("#an-lines", "3")
            tab.wait_for_timeout(seconds * 1000)
            analysis["longest"] = tab.evaluate("Math.max(0, ...window.__longtasks)")
            analysis["shown"] = tab.locator("#an-stats").inner_text()
            browser.close()
    finally:
        server.shutdown()
    return review, analysis


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-page", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    game = sample_game()
    pdn = write_game(game)
    print(f"game: {len(game.move_stack)} plies, review budget {DEFAULT_NODES} nodes a position")
    review_wall, review_cpu, nps, wall_nps = cpython(game, args.seconds)
    print(f"CPython  review {review_wall:6.1f} s wall, {review_cpu:6.1f} s CPU   analysis {nps:9,.0f} nodes/s (CPU),"
          f" {wall_nps:9,.0f} (wall)")
    if args.no_page:
        return
    run = subprocess.run(["node", str(ROOT / "bench" / "analysis_pyodide.mjs"), str(args.seconds)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    pyo = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"Pyodide  review {pyo['reviewWall']:6.1f} s wall, {pyo['reviewCpu']:6.1f} s CPU   analysis"
          f" {pyo['npsCpu']:9,.0f} nodes/s (CPU)   (under Node, as the page's worker runs it)")
    print(f"Pyodide/CPython analysis speed {pyo['npsCpu'] / nps:.2f} by CPU time (goal >= 0.5);"
          f" review CPU {pyo['reviewCpu']:.1f} s (goal <= 30 s)")
    review, analysis = page(pdn, args.seconds)
    print(f"page     review {review['seconds']:6.1f} s wall (goal <= 30 s), first progress after {review['first']:.2f} s"
          f"   analysis {analysis['nps']:9,.0f} nodes/s (wall, depth {analysis['depth']})")
    print(f"page     longest main-thread task while analysing: {analysis['longest']:.0f} ms (goal < 50 ms);"
          f" the panel said {analysis['shown']!r}")
    print(f"page/CPython analysis speed {analysis['nps'] / nps:.2f} against CPython's CPU rate,"
          f" {analysis['nps'] / wall_nps:.2f} against its wall rate (goal >= 0.5)")


if __name__ == "__main__":
    main()
