// Module Web Worker, started by the Python worker (worker.js) as it starts: downloads the two big
// files of the boot on a thread of their own. It compiles the WebAssembly as it arrives and
// decompresses the memory snapshot as it arrives; the Python worker gets the compiled module and
// the snapshot's bytes (moved, not copied). Both used to run on the Python worker's thread, where
// they took about 140 ms of the boot's CPU and where a download stalled whenever that thread was
// busy with Pyodide's own start: the bytes wait until their reader runs.
//
// Messages in:  {type: "snapshot", file, size, header}  download the snapshot (config.json's)
//               {type: "keep", fill}   whether copies go to the service worker's cache (a first
//                                      visit): the answer of the page's boot message
//               {type: "stop"}         the snapshot is not wanted after all
//               {type: "done"}         reply "stored" once the copies kept are in the cache
// Messages out: {type: "wasm", module} or {type: "wasm", error}
//               {type: "header", bytes} as soon as the snapshot's header is in
//               {type: "snapshot", bytes} or {type: "snapshot", error}
//               {type: "mark", name, at} a point of the boot's timeline
//               {type: "stored"}

const here = new URL(".", import.meta.url);
const url = (path) => new URL(path, here).href;
const FILL = "draughts-fill"; // the cache the service worker's filling takes its files from first

function mark(name) {
  postMessage({ type: "mark", name, at: performance.timeOrigin + performance.now() });
}

let keepIn = (_fill) => {};
/** Whether to keep copies for the service worker; known from the page's boot message. */
const keeping = new Promise((resolve) => (keepIn = resolve));
const stores = [];

/** A copy of a good response of the site, kept for the service worker or dropped once the
 * boot message says which. Split off at once, so the download does not wait for that message. */
function copyFor(response) {
  if (!response.ok || new URL(response.url).origin !== self.location.origin) return;
  const copy = response.clone();
  stores.push(keeping.then((fill) => fill && self.caches
    ? caches.open(FILL).then((cache) => cache.put(copy.url, copy))
    : copy.body?.cancel()).catch(() => {})); // a copy that does not make it is fetched later
}

const WASM = url("pyodide/pyodide.asm.wasm");
/** Settles (either way) once the WebAssembly is compiled and posted. */
const compiled = fetch(WASM)
  .then((response) => {
    copyFor(response);
    return WebAssembly.compileStreaming(response);
  })
  .then((module) => postMessage({ type: "wasm", module }))
  .catch((error) => postMessage({ type: "wasm", error: String(error) }));

const stop = new AbortController();

/**
 * The snapshot as build.py stores it (gzip): Pyodide's header, then only the pages of Python's
 * memory that a fresh module does not hold, decompressed straight into one buffer of the size
 * config.json gives. The header goes out as soon as it is in (Pyodide needs no more to start).
 */
async function snapshot(info) {
  const response = await fetch(url(info.file), { signal: stop.signal });
  if (!response.ok || !response.body) throw new Error(`the snapshot did not load (HTTP ${response.status})`);
  copyFor(response);
  const bytes = new Uint8Array(info.size);
  let at = 0;
  let told = false;
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > bytes.length) throw new Error("the snapshot is longer than config.json says");
    bytes.set(value, at);
    at += value.length;
    if (!told && at >= info.header) {
      told = true;
      postMessage({ type: "header", bytes: bytes.slice(0, info.header) }); // a copy: Pyodide keeps it
      // The rest waits (in the network's buffers) for the WebAssembly's compilation, which takes
      // its bytes on this thread too and which the boot needs first: decompressing between them
      // held the compilation back (cold visit 748 -> 699 ms, WebAssembly compiled 516 -> 474 ms).
      await compiled;
    }
  }
  if (at < info.header) throw new Error("the snapshot has no header");
  mark("snapshot downloaded");
  return bytes.subarray(0, at);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "snapshot") {
    snapshot(message).then(
      (bytes) => postMessage({ type: "snapshot", bytes }, [bytes.buffer]),
      (error) => postMessage({ type: "snapshot", error: String(error && error.message ? error.message : error) }),
    );
  } else if (message.type === "keep") {
    keepIn(message.fill);
  } else if (message.type === "stop") {
    stop.abort();
  } else if (message.type === "done") {
    keepIn(false); // no boot message came: nothing is kept
    Promise.allSettled(stores).then(() => postMessage({ type: "stored" }));
  }
};
