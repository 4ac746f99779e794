// Runs the engine's tests and the page's Python (web/main.py) inside Pyodide under Node, with
// no browser: the repository is mounted into Pyodide's file system with NODEFS, so the code
// tested is exactly the code in the tree. pytest is not in Pyodide; shim/pytest.py and
// runner.py cover what plain test modules use. Ends with "N passed, N failed".
//
// Also prints perft(6) of International in Pyodide and in CPython and their ratio
// (a benchmark print, not an assertion).
//
//   node tests/pyodide/run.mjs [module ...]     e.g. test_web_main  (default: those in modules.txt)

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const { loadPyodide } = await import(pathToFileURL(join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);

// The modules to run are listed in modules.txt (with the reasons for those left to pytest);
// a listed module that is missing is reported, not silently skipped.
function listed() {
  const names = readFileSync(join(here, "modules.txt"), "utf8").split("\n")
    .map((line) => line.replace(/#.*/, "").trim()).filter(Boolean);
  return names.filter((name) => {
    const exists = [join(repo, "tests", `${name}.py`), join(here, `${name}.py`)].some((p) => existsSync(p));
    if (!exists) console.log(`  ${name}: listed in modules.txt but not found`);
    return exists;
  });
}

const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: join(repo, "node_modules", "pyodide") + "/" });
console.log(`Pyodide ${pyodide.version} booted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// Mounted at its real path, with the repository as the working directory, so tests that
// find files relative to themselves or to the tree (docs/rules/...) see what pytest sees.
pyodide.FS.mkdirTree(repo);
// NODEFS needs a real folder as its root: the checkout may be reached through a symlink
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: realpathSync(repo) }, repo);
pyodide.globals.set("repo", repo);
pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True  # never leave __pycache__ from Pyodide's CPython in the tree
os.chdir(repo)
for p in ("tests/pyodide/shim", "tests/pyodide", "tests", "web/py", "web", "."):
    sys.path.insert(0, os.path.join(repo, p))
`);

const modules = process.argv.slice(2).length ? process.argv.slice(2) : listed();
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
