// Module Web Worker: boots Pyodide with the draughts package and the page's Python (main.py and
// web/py's draughts_web, one zip made by build.py), then answers {id, method, params} requests
// with main.py's JSON string. Booting here instead of on the page keeps the page responsive, and
// so does the computer's search.
//
// Two boots, the first that works wins:
//   snapshot  Python's memory as build.py left it after importing everything (a Pyodide memory
//             snapshot, gzip): no interpreter start-up, no imports. Only when the snapshot was
//             made from exactly these files (Pyodide version, wheel, page zip: checked here);
//   ordinary  loadPyodide, micropip installs the wheel, the page's Python is imported.
// The page starts the worker with {type: "boot", fill, boot}: `fill` on a first visit (no service
// worker yet), when the big responses are kept for the service worker so it never downloads them
// again; `boot: "ordinary"` skips the snapshot (tests, benchmark).
//
// URLs are built from import.meta.url: inside a worker, relative URLs resolve against the worker
// script, and the site must work from any sub-path.

const here = new URL(".", import.meta.url);
const url = (path) => new URL(path, here).href;
const FILL = "draughts-fill"; // the service worker (sw.js) takes its files from this cache first
const PAGE_DIR = "/home/pyodide/page";

let handle = null; // main.handle, a PyProxy kept on this side only
let pyodideInstance = null;
const queue = []; // requests that arrived before Python was ready
const keeping = []; // cache writes of this visit's responses

const bootStart = performance.now();
function progress(stage, fraction) {
  // the time of each stage goes with it, so the page (and the benchmark) can see where boot goes
  postMessage({ type: "progress", stage, fraction, ms: performance.now() - bootStart });
}

/** fetch, keeping a copy of each response of the site for the service worker when asked to. */
function keepingFetch(networkFetch) {
  return async (input, init) => {
    const response = await networkFetch(input, init);
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (response.ok && method === "GET" && new URL(response.url).origin === self.location.origin) {
      const copy = response.clone();
      // a copy that does not make it (an aborted download) is simply fetched by the service worker
      keeping.push(caches.open(FILL).then((cache) => cache.put(response.url, copy)).catch(() => {}));
    }
    return response;
  };
}

async function fetchBytes(path, what) {
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`${what} did not load (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Why the snapshot was made for other files than these, or null when it fits them. */
async function staleness(snapshot, version, wheel, page) {
  return snapshot.pyodide !== version ? "Pyodide " + version
    : snapshot.wheel !== (await sha256(wheel)) ? "the wheel"
    : snapshot.pagePython !== (await sha256(page)) ? "the page's Python" : null;
}

/** The snapshot's bytes, stored gzip-compressed (about a sixth of its size) and decompressed as
 * they arrive. `signal` stops the download when the snapshot turns out not to fit. */
async function downloadSnapshot(file, signal) {
  const response = await fetch(url(file), { signal });
  if (!response.ok || !response.body) throw new Error(`the snapshot did not load (HTTP ${response.status})`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

function pyodideOptions(extra) {
  return {
    indexURL: url("pyodide/"),
    stdLibURL: url("pyodide/python_stdlib.zip"),
    lockFileURL: url("pyodide/pyodide-lock.json"),
    // Nothing may come from outside the site: packages are only ever loaded by our own URLs.
    packageBaseUrl: url("./"),
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
    ...extra,
  };
}

async function boot(options) {
  const t0 = performance.now();
  if (options.fill && self.caches) self.fetch = keepingFetch(self.fetch.bind(self));
  progress("config", 0.02);
  // Fetches that do not depend on Python start now and overlap with its start-up.
  const configReady = fetch(url("config.json")).then((r) => r.json());
  const pageReady = configReady.then((c) => fetchBytes(c.pagePython, "the page's Python"));
  const moduleReady = import(url("pyodide/pyodide.mjs"));
  const config = await configReady;
  progress("runtime", 0.05);
  const { loadPyodide, version } = await moduleReady;
  let pyodide = null;
  let how = "ordinary";
  if (config.snapshot && options.boot !== "ordinary") {
    // The snapshot downloads while its fit is checked and while Pyodide fetches and compiles
    // its WebAssembly: nothing waits for anything it does not need.
    const stop = new AbortController();
    const snapshot = downloadSnapshot(config.snapshot.file, stop.signal);
    // handled from the start, so a failed download is never reported as an uncaught error
    const failed = snapshot.then(() => null, (error) => error);
    const wheelReady = fetchBytes(config.wheel, "the draughts wheel");
    const [wheel, page] = await Promise.all([wheelReady, pageReady]);
    const stale = await staleness(config.snapshot, version, wheel, page);
    // A download that has failed already (a 404 is quick) costs nothing: the ordinary boot
    // follows in this worker. (The timer lets a settled download's callbacks run first.)
    const failedEarly = await Promise.race([failed, new Promise((resolve) => setTimeout(() => resolve(null), 0))]);
    if (stale) {
      stop.abort();
      console.warn(`snapshot not used: it was made for another ${stale}`);
    } else if (failedEarly) {
      console.warn("snapshot not used:", failedEarly);
    } else {
      // A snapshot that fails to restore (or to download, once Pyodide is waiting for it) leaves
      // a broken module behind: the page then starts a fresh worker for the ordinary boot
      // (worker-client.js) rather than reuse this one.
      try {
        pyodide = await loadPyodide(pyodideOptions({ _loadSnapshot: snapshot }));
        // Pyodide keeps its options: without this the snapshot's 30 MB would stay in memory
        delete pyodide._api.config._loadSnapshot;
        restored(pyodide, config.snapshot.sitePackages, wheel, page);
      } catch (error) {
        postMessage({ type: "retry", message: String(error && error.message ? error.message : error) });
        return;
      }
      how = "snapshot";
    }
  }
  if (!pyodide) pyodide = await ordinary(loadPyodide, config, await pageReady);
  pyodideInstance = pyodide;
  self.pyodide = pyodide; // for the page tests and the benchmark, which look inside
  handle = pyodide.pyimport("main").handle;
  progress("ready", 1);
  postMessage({ type: "ready", bootMs: performance.now() - t0, pyodide: pyodide.version, boot: how });
  while (queue.length) answer(queue.shift());
  await Promise.allSettled(keeping);
  postMessage({ type: "kept", count: keeping.length });
}

/** The files that the snapshot's Python saw at build time (its memory holds only what was
 * imported then; anything imported later is read from these), and a fresh random seed. */
function restored(pyodide, sitePackages, wheel, page) {
  progress("main", 0.9);
  pyodide.unpackArchive(wheel, "zip", { extractDir: sitePackages });
  pyodide.unpackArchive(page, "zip", { extractDir: PAGE_DIR });
  // Every page restored the same memory, so the same random state: seed it from the system.
  pyodide.runPython("import random, importlib\nrandom.seed()\nimportlib.invalidate_caches()");
}

async function ordinary(loadPyodide, config, page) {
  const pyodide = await loadPyodide(pyodideOptions({
    // micropip downloads while Python starts; the import below checks it really loaded
    packages: [url(config.micropip)],
  }));
  progress("micropip", 0.6);
  // Package loading resolves even when a wheel failed (WEB-NOTES): this import is the check.
  const micropip = pyodide.pyimport("micropip");
  progress("draughts", 0.75);
  await micropip.install(url(config.wheel), { deps: false });
  micropip.destroy();
  // micropip is needed only to install: its modules and their memory go now
  pyodide.runPython("import sys, gc\nfor name in [m for m in sys.modules if m.split('.')[0] == 'micropip']: del sys.modules[name]\ngc.collect()");
  progress("main", 0.9);
  pyodide.unpackArchive(page, "zip", { extractDir: PAGE_DIR });
  pyodide.runPython(`import sys\nif '${PAGE_DIR}' not in sys.path: sys.path.insert(0, '${PAGE_DIR}')`);
  return pyodide;
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
  const message = event.data;
  if (message.type === "boot") {
    boot(message).catch((error) => {
      postMessage({ type: "fatal", message: String(error && error.message ? error.message : error) });
    });
  } else if (handle) answer(message);
  else queue.push(message);
};
