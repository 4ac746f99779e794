// The game clock: a base time and an increment per move (Fischer); a flag fall loses (FMJD
// rules), declared to Python as a result by the controller. Time is passed in, so Node tests
// the arithmetic without waiting.

/** @typedef {import("../types.js").Colour} Colour */

export const MAX_BASE_MINUTES = 180;
export const MAX_INCREMENT_SECONDS = 120;

export class Clock {
  /** @param {number} baseMs @param {number} incMs @param {number} [white] @param {number} [black] */
  constructor(baseMs, incMs, white = baseMs, black = baseMs) {
    this.baseMs = baseMs;
    this.incMs = incMs;
    /** @type {Record<Colour, number>} */
    this.left = { white, black };
    /** @type {number | null} */
    this.lastTick = null;
  }

  /**
   * A clock from the new-game dialog's numbers, or null for a game without one.
   * @param {number} minutes @param {number} seconds
   */
  static fromSettings(minutes, seconds) {
    if (!(minutes > 0)) return null;
    const base = Math.min(minutes, MAX_BASE_MINUTES) * 60000;
    const inc = Math.min(Math.max(0, seconds || 0), MAX_INCREMENT_SECONDS) * 1000;
    return new Clock(base, inc);
  }

  /**
   * A saved clock, or null when the data is not a sane one (times must be finite, not
   * negative, and within the largest base and increment the dialog offers).
   * @param {unknown} data
   */
  static restore(data) {
    if (!data || typeof data !== "object") return null;
    const d = /** @type {Record<string, unknown>} */ (data);
    const limit = MAX_BASE_MINUTES * 60000;
    /** @param {unknown} x @param {number} max */
    const sane = (x, max) => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= max;
    if (!sane(d.baseMs, limit) || !sane(d.incMs, MAX_INCREMENT_SECONDS * 1000)) return null;
    const left = /** @type {Record<string, unknown>} */ (d.left && typeof d.left === "object" ? d.left : {});
    // the increments can lift a side's time above its base: allow a long game's worth
    const most = limit + 1000 * MAX_INCREMENT_SECONDS * 1000;
    if (!sane(left.white, most) || !sane(left.black, most) || Number(d.baseMs) <= 0) return null;
    return new Clock(Number(d.baseMs), Number(d.incMs), Number(left.white), Number(left.black));
  }

  /** What is saved with the game (not the tick time: a reloaded page starts a fresh tick). */
  toJSON() {
    return { baseMs: this.baseMs, incMs: this.incMs, left: { ...this.left } };
  }

  /**
   * Charge the time since the last tick to the running side (null: no clock runs).
   * @param {Colour | null} running @param {number} now
   */
  tick(running, now) {
    if (running && this.lastTick != null) this.left[running] -= now - this.lastTick;
    this.lastTick = now;
  }

  /** A move was made: its side gets the increment. @param {Colour} side */
  moved(side) {
    this.left[side] += this.incMs;
  }

  /** The running side's flag has fallen. @param {Colour | null} running */
  flagged(running) {
    return running != null && this.left[running] <= 0;
  }

  /** m:ss, never below zero. @param {Colour} side */
  text(side) {
    const s = Math.max(0, Math.ceil(this.left[side] / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
}
