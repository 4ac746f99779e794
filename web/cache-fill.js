// Fills this build's cache with every file of the site, checked against the build's SHA-256.
// build.py fills in the version (a hash of every file) and FILES, each file's SHA-256, and puts
// this script into sw.js, which fills the cache when it installs. On a first visit the page runs
// it first as a dedicated worker of its own (offline.js) and ends that worker once the cache is
// full: reading and hashing 28 MB leaves garbage an idle worker may keep for minutes, and the
// service worker runs in the page's renderer. The service worker then finds every file in place.
//
// Every file is downloaded once. A file is taken from the first place that has it:
//   1. this version's cache: only a checked copy is ever put there, so it is trusted as it is;
//   2. a copy the page's Python worker kept while it booted (the big files: the WebAssembly, the
//      standard library, the wheels, the snapshot), in the cache named FILL;
//   3. the same file in an older version's cache (a new build changes a few files, not all);
//   4. the browser's HTTP cache (the page's own modules and styles, just loaded);
//   5. the network, bypassing the HTTP cache.
// Each copy from 2-5 is checked against this build's hash before it is kept, so a stale file is
// never kept; only step 5 downloads, and only what the visit did not load or what changed.
const CACHE = "draughts-__CACHE_VERSION__";
const FILL = "draughts-fill";
/** @type {Record<string, string>} */
const FILES = __FILES__;

async function fill() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((k) => k.startsWith("draughts-") && k !== CACHE);
  const stores = await Promise.all(older.map((name) => caches.open(name)));
  // One file at a time: reading every file at once held the whole site (28 MB, twice over with
  // the copies hashed) in memory.
  for (const [path, hash] of Object.entries(FILES)) await keep(cache, stores, path, hash);
  await caches.delete(FILL);
}

/**
 * Puts this build's copy of one file into `cache`, from the first place that has it.
 * @param {Cache} cache @param {Cache[]} stores @param {string} path @param {string} hash
 */
async function keep(cache, stores, path, hash) {
  const url = new URL(path, self.location.href).href;
  if (await cache.match(url)) return;
  for (const store of stores) {
    if (await checked(await store.match(url), hash, (copy) => cache.put(url, copy))) return;
  }
  for (const mode of /** @type {const} */ (["force-cache", "reload"])) {
    if (await checked(await fetch(url, { cache: mode }), hash, (copy) => cache.put(url, copy))) return;
  }
  throw new Error(`${path} does not match this build (a newer one is being published?)`);
}

/**
 * Whether the response is the file with this SHA-256; if so, `put` gets a copy to keep. It is
 * read once (the bytes hashed are the bytes kept; a clone would hold a second copy while the
 * first is read), and its bytes are let go of as soon as they are stored.
 * @param {Response | undefined} response @param {string} hash
 * @param {(copy: Response) => Promise<void>} put
 */
async function checked(response, hash, put) {
  if (!response || !response.ok) return false;
  const bytes = await response.arrayBuffer();
  try {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    if (Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") !== hash) return false;
    const type = response.headers.get("Content-Type");
    await put(new Response(bytes, { headers: type ? { "Content-Type": type } : {} }));
    return true;
  } finally {
    // a detached buffer's memory is freed at once (ArrayBuffer.prototype.transfer)
    /** @type {any} */ (bytes).transfer?.(0);
  }
}

// As the page's dedicated worker: fill once, say so, and be ended by the page.
if (typeof ServiceWorkerGlobalScope === "undefined") {
  fill().then(
    () => postMessage({ filled: true }),
    (error) => postMessage({ filled: false, message: String(error) }),
  );
}
