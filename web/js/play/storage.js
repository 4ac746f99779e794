// What the play page keeps in localStorage: settings, the game in progress, a picture of the
// last board (painted before Python starts) and the record against the computer.
//
// Everything read back is checked against the shape it must have, field by field: a value
// that is damaged (by hand, by another program, by a disk error) falls back to the default,
// the raw text is set aside under a ".corrupt" key for a bug report, and the page still starts.
// The storage itself never throws: a full or blocked localStorage must not stop the game.

import { PIECE_STYLES } from "../board/state.js";
import { Clock } from "../game/clock.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Colour} Colour */

export const KEYS = {
  settings: "draughts.settings.v1", game: "draughts.game.v1", view: "draughts.view.v1", record: "draughts.record.v1",
};

const MAX_ASIDE = 200_000;

/** The board's colour themes: classic takes its colours from the page's theme (style.css). */
export const BOARD_COLOURS = /** @type {const} */ (["classic", "green", "blue"]);

export const store = {
  /** @param {string} key */
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** @param {string} key @param {string} value */
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // full or blocked: the game goes on unsaved
    }
  },
  /** @param {string} key */
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // blocked: nothing was readable there either
    }
  },
  /**
   * Keep a damaged value for a bug report ("draughts.game.v1" under "draughts.game.corrupt"),
   * its first MAX_ASIDE characters: a runaway value must not fill the storage twice.
   * @param {string} key @param {string} raw
   */
  keepAside(key, raw) {
    this.set(`${key.replace(/\.v\d+$/, "")}.corrupt`, raw.slice(0, MAX_ASIDE));
  },
  /** Keep a damaged value aside, and stop reading it. @param {string} key @param {string} raw */
  setAside(key, raw) {
    this.remove(key); // first, so that the copy finds room
    this.keepAside(key, raw);
  },
};

/**
 * @typedef {object} Settings
 * @property {string | null} lang
 * @property {string | null} theme
 * @property {string | null} labels
 * @property {boolean} flipped
 * @property {string} variant
 * @property {"computer" | "two"} mode
 * @property {Colour} colour
 * @property {number | null} level
 * @property {string} drawRules
 * @property {boolean} forcedCapture
 * @property {number} clockBase  minutes; 0: no clock
 * @property {number} clockInc  seconds added per move
 * @property {string} boardColours  one of BOARD_COLOURS
 * @property {string} pieces  one of the board's PIECE_STYLES
 * @property {boolean} sound  sounds for moves and the end of the game
 * @property {boolean} shortcuts  single-key shortcuts (the Ctrl ones always work)
 */

/** @returns {Settings} */
export function defaultSettings() {
  return {
    lang: null, theme: null, labels: null, flipped: false,
    variant: "international", mode: "computer", colour: "white", level: null,
    drawRules: "standard", forcedCapture: true, clockBase: 0, clockInc: 0,
    boardColours: "classic", pieces: "rings", sound: true, shortcuts: true,
  };
}

/** @param {unknown} x @param {number} min @param {number} max */
const numberIn = (x, min, max) => typeof x === "number" && Number.isFinite(x) && x >= min && x <= max;
/** @param {unknown} x @param {readonly unknown[]} choices */
const oneOf = (x, choices) => choices.includes(x);
/** @param {unknown} x */
const shortWord = (x) => typeof x === "string" && /^[\w.-]{1,40}$/.test(x);

/**
 * Each setting's check: a saved value that fails it is replaced by the default.
 * @type {{[K in keyof Settings]: (x: unknown) => boolean}}
 */
const SETTING_CHECKS = {
  lang: (x) => x === null || oneOf(x, ["en", "de"]),
  theme: (x) => x === null || oneOf(x, ["light", "dark", "contrast"]),
  labels: (x) => x === null || oneOf(x, ["numbers", "edges", "none"]),
  flipped: (x) => typeof x === "boolean",
  variant: shortWord,
  mode: (x) => oneOf(x, ["computer", "two"]),
  colour: (x) => oneOf(x, ["white", "black"]),
  level: (x) => x === null || (Number.isInteger(x) && numberIn(x, 1, 99)),
  drawRules: shortWord,
  forcedCapture: (x) => typeof x === "boolean",
  clockBase: (x) => numberIn(x, 0, 180),
  clockInc: (x) => numberIn(x, 0, 120),
  boardColours: (x) => oneOf(x, BOARD_COLOURS),
  pieces: (x) => oneOf(x, PIECE_STYLES),
  sound: (x) => typeof x === "boolean",
  shortcuts: (x) => typeof x === "boolean",
};

/**
 * The saved settings, each field checked; `damaged` says whether anything had to be replaced.
 * @returns {{settings: Settings, damaged: boolean}}
 */
export function loadSettings() {
  const settings = defaultSettings();
  const raw = store.get(KEYS.settings);
  if (raw == null) return { settings, damaged: false };
  let saved;
  try {
    saved = JSON.parse(raw);
  } catch {
    saved = undefined;
  }
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) {
    store.setAside(KEYS.settings, raw);
    return { settings, damaged: true };
  }
  let damaged = false;
  const target = /** @type {Record<string, unknown>} */ (settings);
  for (const [key, check] of Object.entries(SETTING_CHECKS)) {
    if (!(key in saved)) continue;
    if (check(saved[key])) target[key] = saved[key];
    else damaged = true;
  }
  if (damaged) store.keepAside(KEYS.settings, raw);
  return { settings, damaged };
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  store.set(KEYS.settings, JSON.stringify(settings));
}

// -- the picture of the last board ----------------------------------------------------------
const MAX_SIDE = 16; // the largest board of any variant is 12×12
const PIECES = ["w", "b", "W", "B"];

/**
 * Whether data is a board picture the board can draw: sane geometry, pieces on its squares.
 * @param {unknown} data @returns {data is View}
 */
export function isBoardPicture(data) {
  if (!data || typeof data !== "object") return false;
  const v = /** @type {Record<string, any>} */ (data);
  if (!Number.isInteger(v.rows) || !Number.isInteger(v.cols) || !numberIn(v.rows, 1, MAX_SIDE) || !numberIn(v.cols, 1, MAX_SIDE)) return false;
  if (!Array.isArray(v.squares) || v.squares.length === 0 || v.squares.length > v.rows * v.cols) return false;
  const numbers = new Set();
  for (const s of v.squares) {
    if (!Array.isArray(s) || s.length !== 4 || !Number.isInteger(s[0]) || typeof s[1] !== "string" || s[1].length > 8) return false;
    if (!Number.isInteger(s[2]) || !Number.isInteger(s[3]) || !numberIn(s[2], 0, v.rows - 1) || !numberIn(s[3], 0, v.cols - 1)) return false;
    numbers.add(s[0]);
  }
  if (!v.pieces || typeof v.pieces !== "object" || Array.isArray(v.pieces)) return false;
  for (const [n, piece] of Object.entries(v.pieces)) if (!numbers.has(Number(n)) || !PIECES.includes(piece)) return false;
  if (!oneOf(v.turn, ["white", "black"]) || typeof v.variant !== "string") return false;
  if (v.last != null) {
    const path = v.last.path;
    if (!Array.isArray(path) || !path.every((n) => numbers.has(n)) || !Array.isArray(v.last.caps)) return false;
  }
  return true;
}

/**
 * The last board's picture, if there is a sane one; a damaged one is set aside.
 * @returns {{picture: View | null, damaged: boolean}}
 */
export function loadBoardPicture() {
  const raw = store.get(KEYS.view);
  if (raw == null) return { picture: null, damaged: false };
  let data = null;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  if (isBoardPicture(data)) return { picture: { ...data, moves: [], messages: {} }, damaged: false };
  store.setAside(KEYS.view, raw);
  return { picture: null, damaged: true };
}

/** Keep what the board shows, without the parts only a live game needs. @param {View} view */
export function saveBoardPicture(view) {
  const { moves, save, messages, rules, ...picture } = view;
  store.set(KEYS.view, JSON.stringify({ ...picture, moves: [], messages: {} }));
}

// -- the game in progress ---------------------------------------------------------------------
/**
 * @typedef {object} SavedGame
 * @property {unknown} save  Python's save data (Python checks it when restoring)
 * @property {string | null} gameId
 * @property {Clock | null} clock
 */

/**
 * The saved game, or null when there is none. Throws when the saved text is not a game at all;
 * a damaged clock alone is dropped (the game goes on without it) and reported in `damaged`.
 * @returns {{game: SavedGame, raw: string, damaged: boolean} | null}
 */
export function loadGame() {
  const raw = store.get(KEYS.game);
  if (raw == null) return null;
  const data = JSON.parse(raw);
  if (!data || typeof data !== "object" || !data.save || typeof data.save !== "object") {
    throw new Error("no game in the saved data");
  }
  const clock = data.clock == null ? null : Clock.restore(data.clock);
  const gameId = typeof data.gameId === "string" && data.gameId.length <= 64 ? data.gameId : null;
  const damaged = data.clock != null && !clock;
  if (damaged) store.keepAside(KEYS.game, raw);
  return { game: { save: data.save, gameId, clock }, raw, damaged };
}

/** @param {unknown} save @param {string | null} gameId @param {Clock | null} clock */
export function saveGame(save, gameId, clock) {
  store.set(KEYS.game, JSON.stringify({ save, gameId, clock }));
}

// -- the record against the computer ----------------------------------------------------------
/** @typedef {{w: number, d: number, l: number, rating: number, games: string[]}} RecordEntry */

/** @param {unknown} e @returns {e is RecordEntry} */
function isRecordEntry(e) {
  if (!e || typeof e !== "object") return false;
  const r = /** @type {Record<string, unknown>} */ (e);
  const count = (/** @type {unknown} */ x) => Number.isInteger(x) && numberIn(x, 0, 1e6);
  return count(r.w) && count(r.d) && count(r.l) && numberIn(r.rating, -10000, 10000) &&
    Array.isArray(r.games) && r.games.length <= 100 && r.games.every((g) => typeof g === "string");
}

/** Per variant, the sane entries of the record. @returns {Record<string, RecordEntry>} */
export function loadRecord() {
  let data;
  try {
    data = JSON.parse(store.get(KEYS.record) || "{}");
  } catch {
    data = null;
  }
  /** @type {Record<string, RecordEntry>} */
  const record = {};
  if (!data || typeof data !== "object") return record;
  for (const [variant, entry] of Object.entries(data)) if (isRecordEntry(entry)) record[variant] = entry;
  return record;
}

/** @param {Record<string, RecordEntry>} record */
export function saveRecord(record) {
  store.set(KEYS.record, JSON.stringify(record));
}
