// Module Web Worker: boots Pyodide with the draughts package and the page's Python (main.py and
// web/py's draughts_web, one zip made by build.py), then answers {id, method, params} requests
// with main.py's JSON string, off the page's thread (the computer's search too).
// Two boots, the first that works wins:
//   snapshot  Python's memory as build.py left it after importing everything (a Pyodide memory
//             snapshot, gzip): no interpreter start-up, no imports. Only when the snapshot was
//             made from exactly these files (Pyodide version, wheel, page zip: checked here);
//   ordinary  loadPyodide, micropip installs the wheel, the page's Python is imported.
// The page starts the worker with {type: "boot", fill, boot}: `fill` on a first visit (no service
// worker yet), when the big responses are kept for the service worker so it never downloads them
// again; `boot: "ordinary"` skips the snapshot (tests, benchmark). URLs are built from
// import.meta.url (relative to this script): the site must work from any sub-path.

const here = new URL(".", import.meta.url);
const url = (path) => new URL(path, here).href;
const FILL = "draughts-fill"; // the service worker (sw.js) takes its files from this cache first
const PAGE_DIR = "/home/pyodide/page";

let handle = null; // main.handle, a PyProxy kept on this side only
let pyodideInstance = null;
const queue = []; // requests that arrived before Python was ready
const keeping = []; // cache writes of this visit's responses
/** Buffers the boot needed once, by name, kept here only to be let go of (release()). */
const spent = new Map();

const bootStart = performance.now();
function progress(stage, fraction) {
  // the time of each stage goes with it, so the page (and the benchmark) can see where boot goes
  postMessage({ type: "progress", stage, fraction, ms: performance.now() - bootStart });
}

/** A point of the boot's timeline, for the page's performance marks (worker-client.js turns
 * it into one on the page's clock) and so for the benchmark. */
function mark(name, at = performance.timeOrigin + performance.now()) {
  postMessage({ type: "mark", name, at });
}

// posted with the boot message's arrival: the page listens only from then on
const runningAt = performance.timeOrigin + performance.now();

/** Keeps a copy of a response of the site for the service worker (a first visit), not yet
 * read, in the cache it fills itself from. */
function keep(response) {
  if (!response.ok || new URL(response.url).origin !== self.location.origin) return;
  const copy = response.clone();
  // a copy that does not make it (an aborted download) is simply fetched by the service worker
  keeping.push(caches.open(FILL).then((cache) => cache.put(copy.url, copy)).catch(() => {}));
}

// What either boot needs starts downloading the moment this worker runs, all together: the
// WebAssembly (compiled as it arrives) and the snapshot on a thread of their own (downloads.js:
// this thread is busy with Pyodide's start meanwhile), the configuration and Pyodide's two
// modules here; the standard library once the configuration says the boot is the ordinary one
// (the snapshot's reads it only if ever needed: lazyStdlib). Pyodide's own requests for the
// WebAssembly and the standard library are answered without asking the network again
// (siteFetch), so nothing is asked for twice.
const WASM = url("pyodide/pyodide.asm.wasm");
const STDLIB = url("pyodide/python_stdlib.zip");
/** The ordinary boot's early download of the standard library, until Pyodide asks for it. */
let stdlibEarly = null;
const downloads = new Worker(url("downloads.js"), { type: "module" });
/** The downloads worker's replies by type, each a promise settled by its first reply. */
const replies = new Map(["wasm", "header", "snapshot", "stored"].map((type) => {
  let settle = (_data) => {};
  const reply = new Promise((resolve) => (settle = resolve));
  return [type, { reply, settle }];
}));
downloads.onmessage = (event) => {
  const data = event.data;
  if (data.type === "mark") postMessage(data);
  else replies.get(data.type)?.settle(data);
};
downloads.onerror = (event) => {
  const error = `the downloads worker failed: ${event.message || "it did not start"}`;
  for (const { settle } of replies.values()) settle({ error });
};
/** The reply of one type from the downloads worker, rejected with the error it reports. */
const reply = (type) => replies.get(type).reply.then((data) => {
  if (data.error) throw new Error(data.error);
  return data;
});
const networkFetch = self.fetch.bind(self); // boot() answers Pyodide's own requests (siteFetch)
// Without the downloads worker (it did not start) the WebAssembly is fetched here; the snapshot
// then fails, and the ordinary boot follows.
const compiled = reply("wasm").then((data) => data.module, () => WebAssembly.compileStreaming(networkFetch(WASM)));
compiled.catch(() => {}); // reported when Pyodide asks
const configReady = fetch(url("config.json")).then((r) => r.json());
const modulesReady = Promise.all([import(url("pyodide/pyodide.mjs")), import(url("pyodide/pyodide.asm.mjs"))]);
modulesReady.catch(() => {}); // reported by boot()
const snapshotCode = import(url("snapshot.js")); // restoring the snapshot (awaited only for that)
snapshotCode.catch(() => {}); // a failure is the snapshot's: the ordinary boot follows

// Pyodide compiles its WebAssembly only once its module is made, after the snapshot's header and
// its own modules are in: it is given the module compiled above instead, whose compilation
// began with the download. (Pyodide instantiates through this function and nothing else here
// does; the response it passes is the one compiled already.)
WebAssembly.instantiateStreaming = async (_source, imports) => {
  const module = await compiled;
  mark("wasm compiled");
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

/** fetch, answering Pyodide's requests for the early downloads with them, keeping a copy of
 * each response of the site for the service worker when asked to (`fill`), and keeping hold of
 * the standard library's bytes, which Pyodide reads whole and copies into its file system, so
 * that release() can free the original at once. */
function siteFetch(networkFetch, fill) {
  return async (input, init) => {
    const address = input instanceof Request ? input.url : String(input);
    if (address === STDLIB && stdlibLater) return new Response(EMPTY_ZIP);
    // instantiated from the module the downloads worker compiled (instantiateStreaming above)
    if (address === WASM) return new Response(null);
    const started = address === STDLIB ? stdlibEarly : null;
    if (started) stdlibEarly = null; // once: a second request goes to the network
    const response = await (started ?? networkFetch(input, init));
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (fill && method === "GET") keep(response);
    return watchStdlib(response);
  };
}

/** Set while Pyodide starts from the snapshot: its standard library is then read only when
 * needed (lazyStdlib), and Pyodide gets an empty zip instead (an end-of-directory record alone). */
let stdlibLater = false;
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

function watchStdlib(response) {
  if (response.url === STDLIB) {
    const read = response.arrayBuffer.bind(response);
    response.arrayBuffer = async () => {
      const bytes = await read();
      spent.set("stdlib", new Uint8Array(bytes));
      return bytes;
    };
  }
  return response;
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

/** The wheel and the page zip with their SHA-256, fetched and hashed while Pyodide's modules
 * load (the hashes say whether the snapshot fits them: staleness()). */
async function hashed(wheelReady, pageReady) {
  const [wheel, page] = await Promise.all([wheelReady, pageReady]);
  const [wheelHash, pageHash] = await Promise.all([sha256(wheel), sha256(page)]);
  mark("files hashed");
  return { wheel, page, wheelHash, pageHash };
}

/** Why the snapshot was made for other files than these, or null when it fits them. */
function staleness(snapshot, version, files) {
  return snapshot.pyodide !== version ? "Pyodide " + version
    : snapshot.wheel !== files.wheelHash ? "the wheel"
    : snapshot.pagePython !== files.pageHash ? "the page's Python" : null;
}

/**
 * The snapshot, downloaded and decompressed by the downloads worker: `header` resolves as soon
 * as Pyodide's header is in (Pyodide needs no more to start), `body` with every byte received
 * (sparseModule() finds a short one). `stop()` ends the download when the snapshot turns out not
 * to fit.
 */
function downloadSnapshot(info) {
  downloads.postMessage({ type: "snapshot", file: info.file, size: info.size, header: info.header });
  const body = reply("snapshot").then((data) => data.bytes);
  // a failed download settles only "snapshot": the header then fails with it
  const header = Promise.race([reply("header").then((data) => data.bytes), body.then(() => {
    throw new Error("the snapshot has no header");
  })]);
  return { header, body, stop: () => downloads.postMessage({ type: "stop" }) };
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
  self.fetch = siteFetch(networkFetch, options.fill && !!self.caches);
  progress("config", 0.02);
  const pageReady = configReady.then((c) => fetchBytes(c.pagePython, "the page's Python"));
  const config = await configReady;
  progress("runtime", 0.05);
  const useSnapshot = config.snapshot && options.boot !== "ordinary";
  if (!useSnapshot) {
    stdlibEarly = networkFetch(STDLIB);
    stdlibEarly.catch(() => {}); // reported when Pyodide asks
  }
  // The snapshot downloads while Pyodide's modules load, while its fit is checked and while the
  // WebAssembly compiles: nothing waits for anything it does not need.
  const snapshot = useSnapshot ? downloadSnapshot(config.snapshot) : null;
  // handled from the start, so a failed download is never reported as an uncaught error
  const failed = snapshot?.body.then(() => null, (error) => error);
  snapshot?.header.catch(() => {});
  const filesReady = useSnapshot ? hashed(fetchBytes(config.wheel, "the draughts wheel"), pageReady) : null;
  filesReady?.catch(() => {}); // reported below, where it is awaited
  const [{ loadPyodide, version }, { default: createModule }] = await modulesReady;
  mark("modules loaded");
  let pyodide = null;
  let how = "ordinary";
  if (snapshot && filesReady) {
    const files = await filesReady;
    const { wheel, page } = files;
    spent.set("wheel", wheel).set("page", page);
    const stale = staleness(config.snapshot, version, files);
    // A download that has failed already (a 404 is quick) costs nothing: the ordinary boot
    // follows in this worker. (The timer lets a settled download's callbacks run first.)
    const failedEarly = await Promise.race([failed, new Promise((resolve) => setTimeout(() => resolve(null), 0))]);
    if (stale) {
      snapshot.stop();
      console.warn(`snapshot not used: it was made for another ${stale}`);
    } else if (failedEarly) {
      console.warn("snapshot not used:", failedEarly);
    } else {
      // A snapshot that fails to restore (or to download, once Pyodide is waiting for it) leaves
      // a broken module behind: the page then starts a fresh worker for the ordinary boot
      // (worker-client.js) rather than reuse this one.
      try {
        stdlibLater = true;
        pyodide = await loadPyodide(pyodideOptions({
          _loadSnapshot: snapshot.header,
          createPyodideModule: (await snapshotCode).sparseModule(createModule, config.snapshot, snapshot.body, {
            mark, spend: (bytes) => spent.set("snapshot", bytes), stdlib: STDLIB }),
        }));
        mark("pyodide started");
        // Pyodide keeps its options: nothing of the download may stay reachable through them
        delete pyodide._api.config._loadSnapshot;
        delete pyodide._api.config.createPyodideModule;
        await restored(pyodide, config.snapshot, wheel, page);
      } catch (error) {
        postMessage({ type: "retry", message: String(error && error.message ? error.message : error) });
        return;
      }
      how = "snapshot";
    }
  }
  if (!pyodide) {
    const page = await pageReady;
    spent.set("page", page);
    pyodide = await ordinary(loadPyodide, config, page);
  }
  pyodideInstance = pyodide;
  self.pyodide = pyodide; // for the page tests and the benchmark, which look inside
  handle = pyodide.pyimport("main").handle;
  release();
  progress("ready", 1);
  mark("python ready");
  postMessage({ type: "ready", bootMs: performance.now() - t0, pyodide: pyodide.version, boot: how });
  // the page's first questions (hello, its game), asked while Python booted
  for (const request of queue.splice(0)) {
    answer(request);
    mark(`${request.method} answered`);
  }
  // the downloads worker's work is done once its copies are stored: it goes, and its memory
  downloads.postMessage({ type: "done" });
  keeping.push(replies.get("stored").reply.then(() => downloads.terminate()));
  await Promise.allSettled(keeping);
  postMessage({ type: "kept", count: keeping.length });
}

/** The files that the snapshot's Python saw at build time (its memory holds only what was
 * imported then; anything imported later is read from these), and a fresh random seed. */
async function restored(pyodide, snapshot, wheel, page) {
  progress("main", 0.9);
  // Unzipped here rather than by Pyodide's unpackArchive: that runs Python's zipfile and shutil,
  // whose WebAssembly nothing had compiled yet after a restore (a second or more at load).
  await Promise.all([unzip(pyodide.FS, wheel, snapshot.sitePackages), unzip(pyodide.FS, page, PAGE_DIR)]);
  mark("files unpacked");
  // Every page restored the same memory, so the same random state: seed it from the system.
  // The finders of the folders just unpacked forget what they listed at build time; the
  // standard library's (zipimport) keeps its directory from the snapshot, made from this zip:
  // reading it again would read the zip.
  pyodide.runPython(`import random, sys
from importlib.machinery import FileFinder
random.seed()
for finder in sys.path_importer_cache.values():
    if isinstance(finder, FileFinder):
        finder.invalidate_caches()`);
  mark("reseeded");
}

/** Writes the files of a zip archive (stored or deflated entries) under `dir` of Pyodide's files. */
async function unzip(FS, bytes, dir) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22; // the end-of-central-directory record, found from the back
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const writes = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip archive");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    writes.push(inflate(method, data).then((content) => {
      const path = `${dir}/${name}`;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, content, { canOwn: true });
    }));
  }
  await Promise.all(writes);
}

async function inflate(method, data) {
  if (method === 0) return data.slice();
  if (method !== 8) throw new Error(`zip entries compressed by method ${method} are not read here`);
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
  await unzip(pyodide.FS, page, PAGE_DIR);
  pyodide.runPython(`import sys\nif '${PAGE_DIR}' not in sys.path: sys.path.insert(0, '${PAGE_DIR}')`);
  return pyodide;
}

/** Frees the boot's buffers now, not at the next garbage collection (which an idle worker may
 * not have for minutes): a detached ArrayBuffer gives its memory back at once. Python's memory
 * holds its own copies. */
function release() {
  for (const bytes of spent.values()) bytes.buffer.transfer?.(0);
}

/** How many bytes of each spent buffer are still held (0 once released). */
function held() {
  return Object.fromEntries([...spent].map(([name, bytes]) => [name, bytes.buffer.byteLength]));
}

function answer(request) {
  const started = performance.now();
  if (request.method === "memory") {
    // the size of Python's WebAssembly memory, for the benchmark (not a Python question)
    const result = { wasmBytes: pyodideInstance?._module?.HEAP8?.byteLength ?? 0, held: held() };
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
    mark("worker running", runningAt);
    mark("boot asked"); // the page's modules are in: the boot can start
    downloads.postMessage({ type: "keep", fill: !!message.fill });
    boot(message).catch((error) => {
      postMessage({ type: "fatal", message: String(error && error.message ? error.message : error) });
    });
  } else if (handle) answer(message);
  else queue.push(message);
};
