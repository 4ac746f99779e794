// Service worker: keeps every file of the site, so the game works with the network off after the
// first visit, and answers from that cache first. A new build gets a new cache (named by a hash of
// every file) and the old one is deleted.
//
// The cache is filled by fill() from cache-fill.js, which build.py puts in place of the line
// below (one script, no second request): on a first visit the page has already run it in a
// worker of its own, and fill() finds every file in place.
importScripts("./cache-fill.js");

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
