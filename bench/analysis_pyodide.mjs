// The analysis bench's Pyodide half (bench/analysis_bench.py runs it): the same 60-ply review and
// the same analysis slices as in CPython, inside Pyodide under Node, timed by the process's CPU
// time as well as the wall clock, so a busy machine does not blur the comparison. Prints JSON.
//
//   node bench/analysis_pyodide.mjs [seconds] [--no-review]

import { realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });
pyodide.FS.mkdirTree(repo);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: realpathSync(repo) }, repo);
pyodide.globals.set("repo", repo);
pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
os.chdir(repo)
sys.path[:0] = [os.path.join(repo, "bench"), repo]
import analysis_bench as bench
from draughts.engine import new_game
from draughts.engine.analysis import Analyser
from draughts.teach.review import DEFAULT_NODES, review_game
game = bench.sample_game()
`);

/** Run Python and return [result, wall seconds, CPU seconds]. @param {string} code */
function timed(code) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = pyodide.runPython(code);
  const used = process.cpuUsage(cpu);
  return [result, (performance.now() - wall) / 1000, (used.user + used.system) / 1e6];
}

const seconds = Number(process.argv[2] || 3);
const review = !process.argv.includes("--no-review");
const [, reviewWall, reviewCpu] = review ? timed("new_game(); review_game(game, DEFAULT_NODES)") : [null, 0, 0];
pyodide.globals.set("seconds", seconds);
// The first slice starts the analysis (as in the page, where it is not timed either).
pyodide.runPython(`
import time
new_game()
analyser = Analyser(bench.middle(game))
first = analyser.run(seconds=bench.SLICE_MS / 1000).nodes
`);
const [nodes, analysisWall, analysisCpu] = timed(`
end = time.perf_counter() + seconds
while time.perf_counter() < end:
    report = analyser.run(seconds=bench.SLICE_MS / 1000)
report.nodes - first
`);
console.log(JSON.stringify({ reviewWall, reviewCpu, nodes, analysisWall, analysisCpu, npsCpu: nodes / analysisCpu }));
