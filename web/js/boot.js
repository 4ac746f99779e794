// Loaded from the top of the play page's HTML, ahead of its modules: creates the Python worker
// and tells it to boot at once, so its downloads (the WebAssembly, the memory snapshot) and its
// start-up run while the page's own modules are still loading. play.js's ready() later finds it
// booting; a failure is reported there.
import "./offline.js"; // this page keeps its first visit's downloads for the service worker
import { ready } from "./worker-client.js";

ready().catch(() => {});
