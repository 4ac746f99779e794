// Restoring the build's memory snapshot (build.py, sparse_snapshot) into Pyodide's module, for
// the Python worker (worker.js loads this beside Pyodide's own modules): Pyodide's module maker
// wrapped to write only the pages the snapshot holds, to check the static data it leaves in
// place, to keep the browser's trampoline for calls into C, and to read the standard library
// only if Python ever needs it.

/**
 * Pyodide's module maker, changed to restore the sparse snapshot: the memory gets the build's
 * size, and restoring writes only the pages the snapshot holds. Pyodide's own restore writes the
 * whole memory, which makes every page of it resident, the untouched ones too. The module is
 * made (the WebAssembly compiled and instantiated) while the snapshot is still downloading.
 */
export function sparseModule(createModule, info, body, { mark, spend, stdlib }) {
  return async (settings) => {
    settings.INITIAL_MEMORY = info.memory;
    mark("module started");
    const uncache = compileTinyModulesOnce();
    const module = await createModule(settings).finally(uncache);
    mark("module ready");
    const bytes = await body;
    const expected = info.runs.reduce((sum, [, length]) => sum + length, info.header);
    if (bytes.length !== expected) throw new Error(`the snapshot is incomplete (${bytes.length} of ${expected} bytes)`);
    spend(bytes);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (header) => {
      const config = restore(header); // checks the build id and reads the header's JSON
      const trampoline = keepTrampoline(module);
      restoreSparse(module.HEAP8, info, bytes);
      mark("restored");
      trampoline();
      lazyStdlib(module.FS, info.stdlibPath, info.stdlibSize, stdlib, mark);
      return config;
    };
    return module;
  };
}

/** As the module starts, Emscripten puts each JavaScript function that C may call through a
 * pointer into the function table, each wrapped in a tiny module of its own that it compiles
 * anew (260 of them, 29 different): a trace gave them 26 ms. They are compiled once each here. */
function compileTinyModulesOnce() {
  const Native = WebAssembly.Module;
  const compiled = new Map();
  function Module(bytes) {
    if (!(bytes instanceof Uint8Array) || bytes.length > 256) return new Native(bytes);
    const key = bytes.join();
    if (!compiled.has(key)) compiled.set(key, new Native(bytes));
    return compiled.get(key);
  }
  Module.prototype = Native.prototype; // instanceof still holds
  Object.setPrototypeOf(Module, Native); // and so do its static methods (imports, exports...)
  WebAssembly.Module = Module;
  return () => { WebAssembly.Module = Native; };
}

/**
 * Python calls C functions through a trampoline that Pyodide makes as the module starts, in
 * WebAssembly where the engine can (Chromium), or else through JavaScript, and keeps where it is
 * in Python's memory (`_PyRuntime`). The snapshot was made under Node, which could not: its
 * memory says "through JavaScript", and restoring it made every such call about 10% slower. This
 * reads the browser's trampoline before the restore; the function it returns puts it back.
 */
function keepTrampoline(module) {
  const slot = (module.__PyRuntime + module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >> 2]) >> 2;
  const value = module.HEAP32[slot];
  return () => { module.HEAP32[slot] = value; };
}

const fnv1a = (words, from, to, hash) => {
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
  return hash;
};

/** Writes the snapshot's pages into Python's memory. The others hold what instantiating put there:
 * below `initialEnd` CPython's static data, checked by hash (a mismatch fails the restore: the
 * ordinary boot follows); above it zeros, cleared where the module's start wrote (costing no memory). */
function restoreSparse(heap, info, bytes) {
  let at = info.header;
  let end = 0; // where the last page written ends
  const words = new Int32Array(heap.buffer);
  let hash = 0x811c9dc5; // FNV-1a over the words of the data left in place (build.py, memory_hash)
  const leftOut = (from, to) => {
    const split = Math.min(Math.max(from, info.initialEnd), to);
    hash = fnv1a(words, from >> 2, split >> 2, hash);
    for (let i = split >> 2; i < to >> 2; i++) {
      if (words[i] !== 0) return heap.fill(0, i << 2, to);
    }
  };
  for (const [offset, length] of info.runs) {
    leftOut(end, offset);
    heap.set(bytes.subarray(at, at + length), offset);
    at += length;
    end = offset + length;
  }
  leftOut(end, info.memory);
  if (hash >>> 0 !== info.initialHash) throw new Error("the module's static data is not the one the snapshot was made with");
}

/**
 * Makes the standard library's zip in Pyodide's files (empty so far: siteFetch) read itself
 * from the site the first time Python reads it, which is only when Python imports a module the
 * snapshot does not hold: the game's own never do, so most visits neither download the zip
 * (10.6 MB, 3.3 MB brotli) nor keep it in memory. The read is synchronous, as file reads are
 * (a worker may do that); a failure is an I/O error, which Python's import reports.
 */
function lazyStdlib(FS, path, size, address, mark) {
  const node = FS.lookupPath(path).node;
  let contents = null;
  Object.defineProperty(node, "contents", {
    configurable: true,
    get() {
      if (!contents) {
        const request = new XMLHttpRequest();
        request.open("GET", address, false);
        request.responseType = "arraybuffer";
        request.send();
        if (request.status !== 200 || request.response.byteLength !== size) {
          console.error(`the standard library did not load (HTTP ${request.status})`);
          throw new FS.ErrnoError(29); // EIO
        }
        contents = new Uint8Array(request.response);
        mark("standard library read");
      }
      return contents;
    },
    set(value) { contents = value; },
  });
  node.usedBytes = size;
}
