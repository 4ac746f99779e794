// The board's state and the pure functions on it: what is selected, where the focus is, which
// way up the board is, what a click means. No DOM here, so all of it runs under Node's tests.
//
// The board holds no rules. Python gives it, once per position, a view: the geometry (rows,
// cols, each playing square's number, label, row and col), the pieces and the full legal move
// list (origin, destination, path, captures, text). Every highlight is read from that list.

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("../types.js").Piece} Piece */
/** @typedef {import("../types.js").Square} Square */
/** @typedef {"numbers" | "edges" | "none"} Labels */

/**
 * What a press on a square does: one of select, deselect, play, choose (several routes end on
 * the square) or message (a key into view.messages: why nothing happened).
 * @typedef {{select: number} | {deselect: true} | {play: true, move: Move} | {choose: true, moves: Move[]} | {message: string}} ClickAction
 */

/**
 * @typedef {object} Animation  a move being drawn from the pieces before it
 * @property {Record<string, Piece>} from
 * @property {{path: number[], caps: number[]}} last
 * @property {number} start
 * @property {number} duration
 * @property {number | null} crown  the square of a man that became a king: its crown pops in
 */

/** @typedef {{origin: number, x: number, y: number, sx: number, sy: number, moved: boolean, id: number}} Drag */

/**
 * @typedef {object} BoardState
 * @property {View | null} view
 * @property {Map<number, Square>} squareIndex
 * @property {number | null} selected
 * @property {boolean} flipped
 * @property {boolean} interactive  false until Python is ready and while the computer thinks
 * @property {boolean} editing  presses edit squares (setup) instead of making moves
 * @property {boolean} reviewing  an earlier position is shown
 * @property {Labels} labels  numbers: each square's name; edges: a-j and 1-10 on the rim; none
 * @property {Move | null} hint
 * @property {Animation | null} anim
 * @property {{square: number, start: number} | null} crownPop
 * @property {Drag | null} drag
 * @property {Move[] | null} routes  the moves offered in the route chooser
 * @property {Move | null} shownRoute
 * @property {number | null} focusSquare
 */

export const SEGMENT_MS = 140; // animation time per step of a move's path
export const MAX_ANIM_MS = 700; // long captures speed up rather than drag on
export const CROWN_MS = 320; // the pop of a new king
export const DRAG_THRESHOLD_PX = 6; // a press that moves less than this is a click, not a drag

/** @returns {BoardState} */
export function createState() {
  return {
    view: null, squareIndex: new Map(), selected: null, flipped: false, interactive: false, editing: false,
    reviewing: false, labels: "numbers", hint: null, anim: null, crownPop: null, drag: null, routes: null,
    shownRoute: null, focusSquare: null,
  };
}

/** @param {View} view @param {number} origin */
export function movesFrom(view, origin) {
  return view.moves.filter((m) => m.o === origin);
}

/** @param {View} view */
export function movableOrigins(view) {
  return new Set(view.moves.map((m) => m.o));
}

/** @param {View} view @param {number} n */
export function ownPiece(view, n) {
  const piece = view.pieces[n];
  return !!piece && piece.toLowerCase() === view.turn[0];
}

/**
 * What a click on square n does, given the selection.
 * @param {View} view @param {number | null} selected @param {number} n
 * @returns {ClickAction}
 */
export function clickAction(view, selected, n) {
  if (!view.moves.length) return { message: view.outcome ? "gameOver" : "wait" };
  if (selected != null) {
    const candidates = view.moves.filter((m) => m.o === selected && m.d === n);
    if (candidates.length === 1) return { play: true, move: candidates[0] };
    if (candidates.length > 1) return { choose: true, moves: candidates };
    if (n === selected) return { deselect: true };
    if (movesFrom(view, n).length) return { select: n };
    if (ownPiece(view, n)) return { message: "blocked" };
    return { message: "notDestination" };
  }
  if (movesFrom(view, n).length) return { select: n };
  if (ownPiece(view, n)) return { message: "blocked" };
  if (view.pieces[n]) return { message: "wrongSide" };
  return { message: "empty" };
}

/**
 * Where row r, column c is drawn; the flip is its own inverse, so this also maps back.
 * @param {View} view @param {boolean} flipped @param {number} r @param {number} c
 * @returns {[number, number]}
 */
export function displayCell(view, flipped, r, c) {
  return flipped ? [view.rows - 1 - r, view.cols - 1 - c] : [r, c];
}

/**
 * The playing square under a point given as fractions of the board's width and height.
 * @param {View} view @param {boolean} flipped @param {number} fx @param {number} fy
 */
export function squareAt(view, flipped, fx, fy) {
  const [r, c] = displayCell(view, flipped, Math.floor(fy * view.rows), Math.floor(fx * view.cols));
  const hit = view.squares.find((s) => s[2] === r && s[3] === c);
  return hit ? hit[0] : null;
}

/**
 * The nearest playing square from `from` in a screen direction, within a cone ahead; null at
 * the edge.
 * @param {View} view @param {boolean} flipped @param {Square} from @param {number} dRow @param {number} dCol
 */
export function nextSquare(view, flipped, from, dRow, dCol) {
  const [r0, c0] = displayCell(view, flipped, from[2], from[3]);
  let best = null;
  let bestScore = Infinity;
  for (const s of view.squares) {
    const [r, c] = displayCell(view, flipped, s[2], s[3]);
    const along = dRow ? (r - r0) * dRow : (c - c0) * dCol;
    const across = dRow ? Math.abs(c - c0) : Math.abs(r - r0);
    if (along <= 0 || across > along + 1) continue;
    const score = along * 10 + across;
    if (score < bestScore) {
      bestScore = score;
      best = s[0];
    }
  }
  return best;
}

/**
 * The animation of the move that led from `before` to `view`, or null when there is nothing to
 * animate (no last move, another board, reduced motion).
 * @param {View | null} before @param {View} view @param {number} now
 * @returns {Animation | null}
 */
export function moveAnimation(before, view, now) {
  if (!before || !view.last || geometryChanged(before, view)) return null;
  const path = view.last.path;
  const end = path[path.length - 1];
  const was = before.pieces[path[0]];
  const after = view.pieces[end];
  return {
    from: before.pieces, last: view.last, start: now,
    duration: Math.min(MAX_ANIM_MS, SEGMENT_MS * Math.max(1, path.length - 1)),
    crown: !!was && !!after && was === was.toLowerCase() && after === after.toUpperCase() ? end : null,
  };
}

/** @param {View | null} before @param {View} view */
export function geometryChanged(before, view) {
  return !before || before.variant !== view.variant || before.squares.length !== view.squares.length ||
    before.rows !== view.rows;
}

/** @param {string} mode @returns {Labels} */
export function labelMode(mode) {
  return mode === "edges" || mode === "none" ? mode : "numbers";
}
