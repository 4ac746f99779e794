// Loaded from the top of the play page's HTML, ahead of its modules: creates the Python worker
// at once, so its downloads (the WebAssembly, the standard library, the memory snapshot) start
// while the page's own modules are still loading. worker-client.js boots it later.
import { spawn } from "./worker-client.js";

spawn();
