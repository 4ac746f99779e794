// Makes the page's Pyodide memory snapshot at build time (run by build.py, under Node):
//
//   node scripts/make_snapshot.mjs PYODIDE_MJS_URL INDEX_DIR STDLIB_ZIP WHEEL PAGE_ZIP OUT
//
// Boots Pyodide from the site's own standard library zip (Python keeps offsets into that zip, so
// the page must load the very same file), unpacks the draughts wheel and the page's Python where
// the page's worker unpacks them again after restoring, imports them, and writes Python's whole
// memory to OUT. The page restores it instead of starting Python (web/worker.js). OUT.json gets
// where site-packages is, which the worker needs to unpack the wheel to the same place, and where
// the standard library's zip is.
//
// `_makeSnapshot` and `makeMemorySnapshot` are Pyodide's experimental, undocumented API: the
// snapshot only restores in the same Pyodide build (it checks its build id), which is why the
// page also checks the version and falls back to the ordinary boot.

import { readFileSync, writeFileSync } from "node:fs";

const [, , moduleUrl, indexURL, stdlib, wheel, pageZip, out] = process.argv;
const { loadPyodide } = await import(moduleUrl);
const py = await loadPyodide({ indexURL, stdLibURL: stdlib, _makeSnapshot: true });
const sitePackages = py.runPython("import sys\n'/lib/python%d.%d/site-packages' % sys.version_info[:2]");
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "zip", { extractDir: sitePackages });
py.unpackArchive(new Uint8Array(readFileSync(pageZip)), "zip", { extractDir: "/home/pyodide/page" });
// What the page imports at once (main), and what it imports later anyway (the engine, lessons and
// records), so none of it is read and unmarshalled in the browser.
py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide/page")
import main
import draughts.engine, draughts.record, draughts.teach.explain, draughts.teach.puzzles, draughts.teach.tutorial
# The page's first two questions, answered once here (on a board of its own, closed again), so
# what they build the first time (the default variant's move tables) is in the snapshot already.
main.handle('{"id": 0, "method": "hello", "params": {}}')
main.handle('{"id": 0, "method": "new_game", "params": {"session": "snapshot"}}')
main.SESSIONS.close("snapshot")
import gc
gc.collect()
`);
writeFileSync(out, py.makeMemorySnapshot());
// Where the standard library's zip is in Pyodide's files: the restored page reads it only when
// Python imports a module that the snapshot does not hold (web/worker.js, lazyStdlib).
const stdlibPath = py.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
writeFileSync(out + ".json", JSON.stringify({ sitePackages, stdlibPath }));
