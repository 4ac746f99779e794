// The service worker (web/sw.js) keeps every file of the site, so after one visit every page
// works with the network off. Each page entry registers it; the browser keeps one.
//
// Each page registers it once it is ready (a game or a lesson on the board) and the worker has
// stored this visit's downloads for it (worker-client.js kept()), so its work never competes
// with the boot or the page's first requests. On a first visit the
// page fills the service worker's cache first, in a worker of its own (cache-fill.js) that it
// ends once the cache is full: the garbage of reading and hashing every file goes with that
// worker, where the service worker (in this page's renderer) would keep it while idle. The
// service worker then finds every file in place; whatever the fill missed, it fills itself.

import { keepDownloadsForServiceWorker, kept } from "./worker-client.js";

// before the page starts the worker: its imports (this module) run before its own code
keepDownloadsForServiceWorker();

/**
 * @param {() => string} updatedText  the note shown once when a new version takes over, in the
 *   page's language
 */
export function registerServiceWorker(updatedText) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  // A page that had no service worker gets its first one: nothing was updated.
  const replacing = !!navigator.serviceWorker.controller;
  let told = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!replacing || told) return;
    told = true;
    const note = document.createElement("p");
    note.className = "updated";
    note.setAttribute("role", "status");
    note.textContent = updatedText();
    note.style.cssText = "position:fixed;inset:auto 1rem 1rem auto;margin:0;padding:0.5rem 0.8rem;z-index:10;"
      + "border-radius:6px;background:Canvas;color:CanvasText;border:1px solid currentColor;max-width:20rem";
    note.addEventListener("click", () => note.remove()); // read: it may go
    document.body.append(note);
  });
  kept()
    .then(() => (replacing ? undefined : fillCache()))
    .then(() => navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)))
    .catch((error) => console.warn("service worker:", error));
}

/** Runs cache-fill.js in a worker until the cache is full (or it fails), then ends it. */
function fillCache() {
  return new Promise((resolve) => {
    const filler = new Worker(new URL("../cache-fill.js", import.meta.url));
    /** @param {string} [problem] */
    const done = (problem) => {
      filler.terminate();
      if (problem) console.warn("cache fill:", problem); // the service worker fills the rest
      resolve(undefined);
    };
    filler.onmessage = (event) => done(event.data?.filled ? undefined : String(event.data?.message));
    filler.onerror = (event) => done(event.message || "the worker failed");
  });
}
