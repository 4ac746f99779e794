// The page's one Python worker, for every board on it: the play page, the learn page's boards
// and every <draughts-board>. This is the only module that creates the Worker or posts to it.
//
// Booting Pyodide costs about a second of CPU and tens of MB: a page with five boards must not
// pay it five times. A module is evaluated once per page however many modules import it, so
// the worker below is the page's only one. Each board sends a `session` id with its requests;
// web/main.py keeps a game per session, so the boards never see each other's positions.
//
// The worker URL comes from import.meta.url: the host page may live anywhere on the site.

/** @typedef {{type: "progress", stage: string, fraction: number, ms: number}} Progress */
/** @typedef {{bootMs: number, pyodide: string, boot: string}} Booted */
/** @typedef {{resolve: (value: any) => void, reject: (error: Error) => void}} Waiter */

/** @type {Worker | null} */
let worker = null;
let nextId = 1;
/** @type {Map<number, Waiter>} */
const pending = new Map();
/** @type {Waiter[]} */
const readyWaiters = [];
/** @type {Error | null} */
let failure = null;
/** @type {Booted | null} */
let booted = null;
/** @type {Set<(progress: Progress) => void>} */
const progressListeners = new Set();

/** An error Python raised while answering (its class name in `type`): the game is unchanged. */
export class PyError extends Error {
  /** @param {{type: string, message: string, text?: import("./types.js").TextMessage}} info */
  constructor(info) {
    super(info.message);
    this.type = info.type;
    /** the same as a catalogue message, for the page's language (absent for a fault of the page) */
    this.text = info.text;
  }
}

let keepForServiceWorker = false;
/** This page registers the service worker (offline.js): the worker keeps its downloads for it. */
export function keepDownloadsForServiceWorker() {
  keepForServiceWorker = true;
}

/** @type {(() => void) | null} */
let keptDone = null;
/** Resolves once the worker has stored this visit's downloads for the service worker. */
const keptPromise = new Promise((resolve) => (keptDone = () => resolve(undefined)));

/**
 * Starts the worker. `boot` "ordinary" skips the memory snapshot: after a snapshot failed to
 * restore, and when the address asks for it (?boot=ordinary, for tests and the benchmark).
 * @param {string | null} boot
 * @returns {Worker}
 */
function start(boot = new URLSearchParams(location.search).get("boot")) {
  if (worker) return worker;
  performance.mark("boot: worker created");
  const started = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
  // A first visit (no service worker yet) of a page that registers one keeps its downloads for it.
  const fill = keepForServiceWorker && "serviceWorker" in navigator && !navigator.serviceWorker.controller
    && "caches" in self;
  started.postMessage({ type: "boot", fill, boot });
  /** @type {any[]} */
  const sent = [];
  started.onmessage = (event) => {
    const data = event.data;
    if (data.type === "progress") {
      for (const listener of progressListeners) listener(data);
    } else if (data.type === "mark") {
      // the worker's timeline on the page's clock, beside the page's own marks
      performance.mark(`boot: ${data.name}`, { startTime: data.at - performance.timeOrigin });
    } else if (data.type === "ready") {
      booted = { bootMs: data.bootMs, pyodide: data.pyodide, boot: data.boot };
      sent.length = 0;
      while (readyWaiters.length) readyWaiters.shift()?.resolve(booted);
    } else if (data.type === "kept") {
      keptDone?.();
    } else if (data.type === "retry") {
      // the snapshot did not restore: a fresh worker boots the ordinary way, with the same requests
      console.warn("snapshot failed, booting without it:", data.message);
      started.terminate();
      worker = null;
      const next = start("ordinary");
      for (const request of sent) {
        unanswered.push(request);
        next.postMessage(request);
      }
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
  started.onerror = (event) => fail(new Error(event.message || "worker error"));
  worker = started;
  unanswered = sent;
  return started;
}

/** Requests posted to the current worker before it was ready (resent if it is replaced). @type {any[]} */
let unanswered = [];

/** @param {Error} error */
function fail(error) {
  failure = error;
  keptDone?.();
  while (readyWaiters.length) readyWaiters.shift()?.reject(error);
  for (const [, waiting] of pending) waiting.reject(error);
  pending.clear();
}

/**
 * Resolves when Python is ready (starting the worker on first use), with how long it took.
 * @returns {Promise<Booted>}
 */
export function ready() {
  start();
  if (booted) return Promise.resolve(booted);
  if (failure) return Promise.reject(failure);
  return new Promise((resolve, reject) => readyWaiters.push({ resolve, reject }));
}

/** Resolves once this visit's downloads are stored for the service worker (at once on later visits). */
export function kept() {
  start();
  return keptPromise;
}

/**
 * Boot progress events ({stage, fraction, ms}); returns a function that stops listening.
 * @param {(progress: Progress) => void} listener
 */
export function onProgress(listener) {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

/**
 * One request; `session` picks the board's own game in Python (omit it for the page's game and
 * for stateless calls).
 * @type {import("./types.js").Call}
 */
export function call(method, params = {}, session = null) {
  const target = start();
  const id = nextId++;
  const body = session ? { ...params, session } : params;
  return new Promise((resolve, reject) => {
    if (failure) return reject(failure);
    pending.set(id, { resolve, reject });
    // the worker queues requests that arrive before Python is ready
    const request = { id, method, params: body };
    if (!booted) unanswered.push(request);
    target.postMessage(request);
  });
}

/**
 * Controls that need Python, disabled with `reason` as their tooltip while it boots, so nothing
 * can be clicked before it works. Returns the release, which the page calls once its first
 * state is in place (its own rules for each control apply from then on); calling it again does
 * nothing.
 * @param {Iterable<HTMLButtonElement | HTMLSelectElement | HTMLInputElement>} controls
 * @param {string} reason
 * @returns {() => void}
 */
export function holdWhileBooting(controls, reason) {
  const held = [...controls];
  for (const control of held) {
    control.disabled = true;
    control.title = reason;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const control of held) {
      control.disabled = false;
      if (control.title === reason) control.removeAttribute("title");
    }
  };
}

let sessionCount = 0;
/**
 * A fresh session id for a new board on this page.
 * @param {string} prefix
 */
export function newSession(prefix = "board") {
  sessionCount += 1;
  return `${prefix}-${sessionCount}-${Math.random().toString(36).slice(2, 7)}`;
}
