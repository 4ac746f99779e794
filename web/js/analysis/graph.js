// The review's evaluation graph as SVG: the score after each move (White above the middle,
// Black below, clamped at five men), a dot for each marked move, a line at the current move.
// Clicking a point goes to that move. Pure drawing: the host gives the data and the callback.

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 200;
const CLAMP = 5; // men: beyond this the game is decided (draughts/teach/review.py DECIDED)

/** @typedef {{ply: number, after: number, mark: string | null, played: string, best: string | null, loss: number}} ReviewedMove */

/**
 * @param {string} name @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function el(name, attrs) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** @param {number} score */
const y = (score) => HEIGHT / 2 - (Math.max(-CLAMP, Math.min(CLAMP, score)) / CLAMP) * (HEIGHT / 2 - 4);

/**
 * @param {ReviewedMove[]} moves  reviewed so far
 * @param {{total: number, current: number | null, label: string, title: (m: ReviewedMove) => string, onJump: (index: number) => void}} options
 *   total: moves in the game (the x axis), current: the index of the move shown
 * @returns {SVGSVGElement}
 */
export function evalGraph(moves, { total, current, label, title, onJump }) {
  const svg = /** @type {SVGSVGElement} */ (el("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "an-graph-svg" }));
  svg.setAttribute("aria-label", label);
  const step = WIDTH / Math.max(1, total);
  /** @param {number} i */
  const x = (i) => (i + 0.5) * step;
  svg.append(el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: "an-graph-white" }));
  svg.append(el("rect", { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: "an-graph-black" }));
  svg.append(el("line", { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: "an-graph-axis" }));
  if (moves.length) {
    const points = moves.map((m, i) => `${x(i).toFixed(1)},${y(m.after).toFixed(1)}`);
    svg.append(el("polygon", { points: `${x(0).toFixed(1)},${HEIGHT / 2} ${points.join(" ")} ${x(moves.length - 1).toFixed(1)},${HEIGHT / 2}`, class: "an-graph-area" }));
    svg.append(el("polyline", { points: points.join(" "), class: "an-graph-line" }));
  }
  if (current != null && current >= 0 && current < total) {
    svg.append(el("line", { x1: x(current), x2: x(current), y1: 0, y2: HEIGHT, class: "an-graph-current" }));
  }
  moves.forEach((m, i) => {
    // a wide transparent column per move takes the click; a dot shows a mark
    const hit = el("rect", { x: i * step, y: 0, width: step, height: HEIGHT, class: "an-graph-hit", "data-ply": m.ply });
    const tip = el("title", {});
    tip.textContent = title(m);
    hit.append(tip);
    hit.addEventListener("click", () => onJump(i));
    svg.append(hit);
    if (m.mark) {
      const dot = el("circle", { cx: x(i), cy: y(m.after), r: 5, class: `an-mark an-mark-${markClass(m.mark)}`, "data-mark": m.mark, "data-ply": m.ply });
      const dotTip = el("title", {});
      dotTip.textContent = title(m);
      dot.append(dotTip);
      dot.addEventListener("click", () => onJump(i));
      svg.append(dot);
    }
  });
  return svg;
}

/** @param {string} mark */
function markClass(mark) {
  return mark === "??" ? "blunder" : mark === "?" ? "mistake" : "inaccuracy";
}
