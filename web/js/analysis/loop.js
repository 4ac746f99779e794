// The analysis as a loop of short requests to the worker: each `analyse` searches one slice
// (about 150 ms) and reports, so the worker answers moves and clicks between two slices and the
// page's main thread only draws the reports. It touches no DOM, so Node can test it.

/** @typedef {import("../types.js").Call} Call */

/**
 * One line of an analysis report (draughts_web/analysis.py LineView).
 * @typedef {{moves: string[], path: number[], score: number, winIn: number | null, depth: number}} Line
 */
/**
 * What one slice reports (AnalysisView): scores in men from White's view.
 * @typedef {{fen: string, node: number, lines: Line[], depth: number, nodes: number, nps: number, score: number, winIn: number | null, done: boolean}} Report
 */

export const SLICE_MS = 150;

export class AnalysisLoop {
  /**
   * @param {{ask: (method: string, params: Record<string, unknown>) => Promise<any>, onReport: (report: Report) => void, onError?: (error: Error) => void, sliceMs?: number}} options
   */
  constructor({ ask, onReport, onError = () => {}, sliceMs = SLICE_MS }) {
    this.ask = ask;
    this.onReport = onReport;
    this.onError = onError;
    this.sliceMs = sliceMs;
    this.lines = 1;
    this.running = false;
    this.looping = false;
    this.finished = false; // the last report said there is nothing more to search
    /** @type {(() => void) | null} */
    this.wake = null;
  }

  start() {
    this.running = true;
    this.poke();
    if (!this.looping) this.loop();
  }

  stop() {
    this.running = false;
    this.poke();
  }

  /** Show this many lines (1 to 3) from the next slice on. @param {number} n */
  setLines(n) {
    this.lines = Math.max(1, Math.min(3, n));
    this.poke();
  }

  /** The position changed (or the lines): a finished analysis starts again on the new one. */
  poke() {
    this.finished = false;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async loop() {
    this.looping = true;
    try {
      while (this.running) {
        if (this.finished) {
          await new Promise((resolve) => (this.wake = () => resolve(undefined)));
          continue;
        }
        let report;
        try {
          report = /** @type {Report} */ (await this.ask("analyse", { lines: this.lines, ms: this.sliceMs }));
        } catch (error) {
          this.running = false;
          this.onError(/** @type {Error} */ (error));
          break;
        }
        if (!this.running) break;
        this.finished = report.done;
        this.onReport(report);
        // let the page's own requests and a frame in before the next slice
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.looping = false;
    }
  }
}

/**
 * A score for people: "+0.25" in men, or who wins in how many plies.
 * @param {{score: number, winIn: number | null}} report @returns {{text: string, win: "white" | "black" | null, plies: number}}
 */
export function scoreText({ score, winIn }) {
  if (winIn != null && Math.abs(score) >= 1000) return { text: "", win: winIn >= 0 ? "white" : "black", plies: Math.abs(winIn) };
  const text = score > 0 ? `+${score.toFixed(2)}` : score.toFixed(2);
  return { text: text === "-0.00" ? "0.00" : text, win: null, plies: 0 };
}

/**
 * White's share of the evaluation bar, 0 to 1: half at level, a man is a tenth, five men or a
 * forced win fill it.
 * @param {number} score
 */
export function barShare(score) {
  return Math.max(0, Math.min(1, 0.5 + score / 10));
}

/**
 * A whole number with its digits grouped by threes ("28,103"; German "28.103"): written here, as
 * the first Intl.NumberFormat of a page costs some 60 ms of locale data on the main thread.
 * @param {number} n @param {string} separator
 */
export function groupDigits(n, separator) {
  const digits = String(Math.round(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, separator);
  return n < 0 && grouped !== "0" ? `-${grouped}` : grouped;
}
