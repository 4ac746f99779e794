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
/** @typedef {{bootMs: number, pyodide: string}} Booted */
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
  /** @param {{type: string, message: string}} info */
  constructor(info) {
    super(info.message);
    this.type = info.type;
  }
}

/** @returns {Worker} */
function start() {
  if (worker) return worker;
  const started = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
  started.onmessage = (event) => {
    const data = event.data;
    if (data.type === "progress") {
      for (const listener of progressListeners) listener(data);
    } else if (data.type === "ready") {
      booted = { bootMs: data.bootMs, pyodide: data.pyodide };
      while (readyWaiters.length) readyWaiters.shift()?.resolve(booted);
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
  return started;
}

/** @param {Error} error */
function fail(error) {
  failure = error;
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
    target.postMessage({ id, method, params: body });
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
