// One Python worker for every board on the page (embedded boards, the learn page's boards).
//
// Booting Pyodide costs about a second of CPU and tens of MB: a page with five boards must not
// pay it five times. This module is evaluated once per page however many modules import it, so
// the worker below is the page's only one. Each board sends a `session` id with its requests;
// web/main.py keeps a game per session, so the boards never see each other's positions.
//
// The worker URL comes from import.meta.url: the host page may live anywhere on the site.

let worker = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject}
const readyWaiters = [];
let readyState = "idle"; // idle | booting | ready | failed
let failure = null;
const progressListeners = new Set();

export class PyError extends Error {
  constructor(info) {
    super(info.message);
    this.type = info.type;
  }
}

function start() {
  if (worker) return;
  readyState = "booting";
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const data = event.data;
    if (data.type === "progress") {
      for (const listener of progressListeners) listener(data);
    } else if (data.type === "ready") {
      readyState = "ready";
      while (readyWaiters.length) readyWaiters.shift().resolve();
    } else if (data.type === "fatal") {
      fail(new Error(data.message));
    } else if (data.type === "response") {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      const reply = JSON.parse(data.json);
      if (reply.error) waiting.reject(new PyError(reply.error));
      else waiting.resolve(reply.result);
    }
  };
  worker.onerror = (event) => fail(new Error(event.message || "worker error"));
}

function fail(error) {
  readyState = "failed";
  failure = error;
  while (readyWaiters.length) readyWaiters.shift().reject(error);
  for (const [, waiting] of pending) waiting.reject(error);
  pending.clear();
}

/** Resolves when Python is ready (starting the worker on first use). */
export function ready() {
  start();
  if (readyState === "ready") return Promise.resolve();
  if (readyState === "failed") return Promise.reject(failure);
  return new Promise((resolve, reject) => readyWaiters.push({ resolve, reject }));
}

/** Boot progress events ({stage, fraction}); returns a function that stops listening. */
export function onProgress(listener) {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/** One request; `session` picks the board's own game in Python (omit it for stateless calls). */
export function call(method, params = {}, session = null) {
  start();
  const id = nextId++;
  const body = session ? { ...params, session } : params;
  return new Promise((resolve, reject) => {
    if (readyState === "failed") return reject(failure);
    pending.set(id, { resolve, reject });
    // the worker queues requests that arrive before Python is ready
    worker.postMessage({ id, method, params: body });
  });
}

let sessionCount = 0;
/** A fresh session id for a new board on this page. */
export function newSession(prefix = "board") {
  sessionCount += 1;
  return `${prefix}-${sessionCount}-${Math.random().toString(36).slice(2, 7)}`;
}

/** How many workers this module has started (the tests check it stays one). */
export function workerCount() {
  return worker ? 1 : 0;
}
