// Service worker: keeps every file of the site, so the game works with the network off after the
// first visit, and answers from that cache first. build.py fills in the version (a hash of every
// file) and FILES, each file's SHA-256; a new build gets a new cache and the old one is deleted.
//
// Every file is downloaded once. The page registers this worker only after its first boot, and
// the cache is filled without downloading what the visit already has:
//   1. a copy the page's Python worker kept while it booted (the big files: the WebAssembly, the
//      standard library, the wheels, the snapshot), in the cache named FILL;
//   2. the same file in an older version's cache (a new build changes a few files, not all);
//   3. the browser's HTTP cache (the page's own modules and styles, just loaded);
//   4. the network, bypassing the HTTP cache.
// Each copy is checked against this build's hash before it is kept, so a stale file is never
// kept; only step 4 downloads, and only what the visit did not load or what changed.
const CACHE = "draughts-__CACHE_VERSION__";
const FILL = "draughts-fill";
/** @type {Record<string, string>} */
const FILES = __FILES__;

// The page may be opened as ./ or as ./index.html: one file, kept once under "./".
const ROOT_URL = new URL("./", self.location.href).href;
const INDEX_URL = new URL("./index.html", self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil(fill().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("draughts-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = url.href.split(/[?#]/)[0] === INDEX_URL ? ROOT_URL : request;
  // caches.match with a cacheName, not caches.open: opening creates the cache, and a fetch still
  // answered by the old worker while the new one activates would bring the old cache back
  event.respondWith(
    caches.match(key, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(request)),
  );
});

async function fill() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((k) => k.startsWith("draughts-") && k !== CACHE);
  const stores = await Promise.all(older.map((name) => caches.open(name)));
  // One file at a time: this worker runs in the page's renderer, and reading every file at once
  // held the whole site (28 MB, twice over with the copies hashed) in its memory.
  for (const [path, hash] of Object.entries(FILES)) await keep(cache, stores, path, hash);
  await caches.delete(FILL);
}

/**
 * Puts this build's copy of one file into `cache`, from the first place that has it.
 * @param {Cache} cache @param {Cache[]} stores @param {string} path @param {string} hash
 */
async function keep(cache, stores, path, hash) {
  const url = new URL(path, self.location.href).href;
  if (await checked(await cache.match(url), hash, null)) return;
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
 * first is read), and its bytes are let go of as soon as they are stored: this worker runs in
 * the page's renderer, where an idle worker's garbage can wait long for a collection.
 * @param {Response | undefined} response @param {string} hash
 * @param {((copy: Response) => Promise<void>) | null} put
 */
async function checked(response, hash, put) {
  if (!response || !response.ok) return false;
  const bytes = await response.arrayBuffer();
  try {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    if (Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") !== hash) return false;
    const type = response.headers.get("Content-Type");
    if (put) await put(new Response(bytes, { headers: type ? { "Content-Type": type } : {} }));
    return true;
  } finally {
    // a detached buffer's memory is freed at once (ArrayBuffer.prototype.transfer)
    /** @type {any} */ (bytes).transfer?.(0);
  }
}
