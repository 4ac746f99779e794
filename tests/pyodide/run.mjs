// Runs the engine's tests and the page's Python (web/main.py) inside Pyodide under Node, with
// no browser: the repository is mounted into Pyodide's file system with NODEFS, so the code
// tested is exactly the code in the tree. pytest is not in Pyodide; shim/pytest.py and
// runner.py cover what plain test modules use. Ends with "N passed, N failed".
//
// Also prints perft(6) of International in Pyodide and in CPython and their ratio
// (a benchmark print, not an assertion).
//
//   node tests/pyodide/run.mjs [module ...]     e.g. test_web_main  (default: every test module)

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const { loadPyodide } = await import(pathToFileURL(join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);

// Modules that need what Pyodide cannot give are left to pytest; found by reading the source,
// so they are not even imported here.
const NEEDS_NATIVE = /^\s*(import|from)\s+(hypothesis|subprocess|multiprocessing|playwright)\b/m;

function discover() {
  const found = [];
  for (const [dir, prefix] of [["tests", ""], [join("tests", "pyodide"), ""]]) {
    for (const file of readdirSync(join(repo, dir)).sort()) {
      if (!/^test_.*\.py$/.test(file)) continue;
      const source = readFileSync(join(repo, dir, file), "utf8");
      const name = prefix + file.slice(0, -3);
      if (NEEDS_NATIVE.test(source)) console.log(`  ${name}: uses hypothesis/subprocess; pytest runs it`);
      else found.push(name);
    }
  }
  return found;
}

const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });
console.log(`Pyodide ${pyodide.version} booted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.runPython(`
import sys
sys.dont_write_bytecode = True  # never leave __pycache__ from Pyodide's CPython in the tree
for p in ("/repo/tests/pyodide/shim", "/repo/tests/pyodide", "/repo/tests", "/repo/web", "/repo"):
    sys.path.insert(0, p)
`);

const modules = process.argv.slice(2).length ? process.argv.slice(2) : discover();
pyodide.globals.set("module_names", pyodide.toPy(modules));
const [passed, failed, unsupported] = pyodide.runPython(`
import runner
tuple(runner.run(list(module_names)))
`).toJs();

// perft(6) of International, Pyodide against CPython on this machine.
const PERFT = "import time; from draughts import Game; t = time.perf_counter(); n = Game().perft(6); print(n, time.perf_counter() - t)";
try {
  let out = "";
  pyodide.setStdout({ batched: (line) => (out += line + "\n") });
  pyodide.runPython(PERFT);
  pyodide.setStdout();
  const [nodes, pyodideSeconds] = out.trim().split(/\s+/).map(Number);
  const native = spawnSync("python3", ["-c", PERFT], { cwd: repo, encoding: "utf8" });
  if (native.status !== 0) throw new Error(native.stderr);
  const [, cpythonSeconds] = native.stdout.trim().split(/\s+/).map(Number);
  console.log(`perft(6) International: ${nodes} leaves; Pyodide ${pyodideSeconds.toFixed(2)} s, ` +
    `CPython ${cpythonSeconds.toFixed(2)} s, ratio ${(pyodideSeconds / cpythonSeconds).toFixed(2)}x`);
} catch (error) {
  console.log(`perft(6) benchmark not run: ${String(error).split("\n").slice(-2).join(" ")}`);
}

console.log(`Pyodide runner: ${modules.length} modules in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
  (unsupported ? `, ${unsupported} tests need fixtures the runner lacks (pytest runs them)` : ""));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
