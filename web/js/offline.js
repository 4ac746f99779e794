// The service worker (web/sw.js) precaches the whole site, so after one visit every page
// works with the network off. Each page entry registers it; the browser keeps one.
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .catch((error) => console.warn("service worker:", error));
}
