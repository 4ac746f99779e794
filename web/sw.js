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
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(key, { ignoreSearch: true });
      return hit || fetch(request);
    }),
  );
});

async function fill() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((k) => k.startsWith("draughts-") && k !== CACHE);
  const stores = await Promise.all(older.map((name) => caches.open(name)));
  await Promise.all(Object.entries(FILES).map(async ([path, hash]) => {
    const url = new URL(path, self.location.href).href;
    if (await matches(await cache.match(url), hash)) return;
    for (const store of stores) {
      const kept = await store.match(url);
      if (await matches(kept, hash)) return cache.put(url, /** @type {Response} */ (kept));
    }
    for (const mode of /** @type {const} */ (["force-cache", "reload"])) {
      const response = await fetch(url, { cache: mode });
      if (response.ok && (await matches(response, hash))) return cache.put(url, response);
    }
    throw new Error(`${path} does not match this build (a newer one is being published?)`);
  }));
  await caches.delete(FILL);
}

/** Is this response the file with this SHA-256? It stays readable (a copy is hashed). */
async function matches(/** @type {Response | undefined} */ response, /** @type {string} */ hash) {
  if (!response) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") === hash;
}
