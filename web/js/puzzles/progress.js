// What the puzzle page remembers in localStorage: the rating, the puzzles solved and failed,
// the best streak and the last choices. Bad or missing data gives a fresh start, never an error.

import { START_RATING } from "./rating.js";

const KEY = "draughts.puzzles";

/**
 * @typedef {object} Progress
 * @property {number} rating
 * @property {number} games
 * @property {string[]} solved   ids solved at the first attempt, oldest first
 * @property {string[]} failed   ids failed (a wrong move or the solution shown)
 * @property {number} bestStreak
 * @property {string} variant
 * @property {string} theme
 * @property {"rated" | "streak"} mode
 * @property {string} lang
 */

/** @returns {Progress} */
export function fresh() {
  return { rating: START_RATING, games: 0, solved: [], failed: [], bestStreak: 0, variant: "international",
    theme: "", mode: "rated", lang: "" };
}

/** @param {unknown} x */
const strings = (x) => (Array.isArray(x) ? x.filter((s) => typeof s === "string") : []);

/** @returns {Progress} */
export function load() {
  const base = fresh();
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    saved = null;
  }
  if (!saved || typeof saved !== "object") return base;
  const num = (/** @type {unknown} */ v, /** @type {number} */ d) => (typeof v === "number" && Number.isFinite(v) ? v : d);
  const str = (/** @type {unknown} */ v, /** @type {string} */ d) => (typeof v === "string" ? v : d);
  return {
    rating: num(saved.rating, base.rating), games: num(saved.games, 0),
    solved: strings(saved.solved), failed: strings(saved.failed), bestStreak: num(saved.bestStreak, 0),
    variant: str(saved.variant, base.variant), theme: str(saved.theme, ""),
    mode: saved.mode === "streak" ? "streak" : "rated", lang: str(saved.lang, ""),
  };
}

/** @param {Progress} progress */
export function save(progress) {
  try {
    localStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // full or blocked: the page works, it just forgets
  }
}

/** Record a result once per puzzle: the latest result wins. @param {Progress} progress @param {string} id @param {boolean} solved */
export function record(progress, id, solved) {
  progress.solved = progress.solved.filter((x) => x !== id);
  progress.failed = progress.failed.filter((x) => x !== id);
  (solved ? progress.solved : progress.failed).push(id);
}
