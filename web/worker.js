// Module Web Worker: boots Pyodide, installs the draughts wheel with micropip, unpacks the page's
// Python (main.py and web/py's draughts_web, one zip made by build.py), then answers
// {id, method, params} requests with main.py's JSON string. Booting here instead of on the page
// keeps the page responsive (booting blocks a thread for 1-3 s), and so does the computer's search.
//
// URLs are built from import.meta.url: inside a worker, relative URLs resolve against the worker
// script, and the site must work from any sub-path.

const here = new URL(".", import.meta.url);
const url = (path) => new URL(path, here).href;

let handle = null; // main.handle, a PyProxy kept on this side only
let pyodideInstance = null;
const queue = []; // requests that arrived before Python was ready

const bootStart = performance.now();
function progress(stage, fraction) {
  // the time of each stage goes with it, so the page (and the benchmark) can see where boot goes
  postMessage({ type: "progress", stage, fraction, ms: performance.now() - bootStart });
}

async function boot() {
  const t0 = performance.now();
  progress("config", 0.02);
  // Fetches that do not depend on Python start now and overlap with its start-up.
  const configReady = fetch(url("config.json")).then((r) => r.json());
  const pageReady = configReady.then((c) => fetch(url(c.pagePython))).then((r) => {
    if (!r.ok) throw new Error(`the page's Python did not load (HTTP ${r.status})`);
    return r.arrayBuffer();
  });
  const moduleReady = import(url("pyodide/pyodide.mjs"));
  const config = await configReady;
  progress("runtime", 0.05);
  const { loadPyodide } = await moduleReady;
  const pyodide = await loadPyodide({
    indexURL: url("pyodide/"),
    stdLibURL: url("pyodide/python_stdlib.zip"),
    lockFileURL: url("pyodide/pyodide-lock.json"),
    // Nothing may come from outside the site: packages are only ever loaded by our own URLs.
    packageBaseUrl: url("./"),
    // micropip downloads while Python starts; the import below checks it really loaded
    packages: [url(config.micropip)],
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  });
  pyodideInstance = pyodide;
  progress("micropip", 0.6);
  // Package loading resolves even when a wheel failed (WEB-NOTES): this import is the check.
  const micropip = pyodide.pyimport("micropip");
  progress("draughts", 0.75);
  await micropip.install(url(config.wheel), { deps: false });
  micropip.destroy();
  progress("main", 0.9);
  pyodide.unpackArchive(await pageReady, "zip", { extractDir: "/home/pyodide/page" });
  pyodide.runPython("import sys\nif '/home/pyodide/page' not in sys.path: sys.path.insert(0, '/home/pyodide/page')");
  const module = pyodide.pyimport("main");
  handle = module.handle;
  progress("ready", 1);
  postMessage({ type: "ready", bootMs: performance.now() - t0, pyodide: pyodide.version });
  while (queue.length) answer(queue.shift());
}

function answer(request) {
  const started = performance.now();
  if (request.method === "memory") {
    // the size of Python's WebAssembly memory, for the benchmark (not a Python question)
    const result = { wasmBytes: pyodideInstance?._module?.HEAP8?.byteLength ?? 0 };
    postMessage({ type: "response", id: request.id, json: JSON.stringify({ id: request.id, result }), ms: 0 });
    return;
  }
  let text;
  try {
    text = handle(JSON.stringify(request));
  } catch (error) {
    // main.handle turns Python errors into data; this is for failures of the bridge itself.
    text = JSON.stringify({ id: request.id, error: { type: "WorkerError", message: String(error) } });
  }
  postMessage({ type: "response", id: request.id, json: text, ms: performance.now() - started });
}

self.onmessage = (event) => {
  const request = event.data;
  if (handle) answer(request);
  else queue.push(request);
};

boot().catch((error) => {
  postMessage({ type: "fatal", message: String(error && error.message ? error.message : error) });
});
