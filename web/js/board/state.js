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
 * @property {number | null} focusSquare  the square in the Tab order (a roving tabindex)
 * @property {boolean} focusPlaced  the player put the focus square there (a press, a key, a hint)
 * @property {number | null} keyColumn  the screen column where a walk with the up and down keys began
 * @property {PieceStyle} pieceStyle
 */

/** How the pieces are drawn: rings (a disc with an inner ring), flat, or shaded (a lit, stacked disc). @typedef {"rings" | "flat" | "shaded"} PieceStyle */
export const PIECE_STYLES = /** @type {const} */ (["rings", "flat", "shaded"]);

export const SEGMENT_MS = 140; // animation time per step of a move's path
export const MAX_ANIM_MS = 700; // long captures speed up rather than drag on
export const CROWN_MS = 320; // the pop of a new king
export const DRAG_THRESHOLD_PX = 6; // a press that moves less than this is a click, not a drag

/** @returns {BoardState} */
export function createState() {
  return {
    view: null, squareIndex: new Map(), selected: null, flipped: false, interactive: false, editing: false,
    reviewing: false, labels: "numbers", hint: null, anim: null, crownPop: null, drag: null, routes: null,
    shownRoute: null, focusSquare: null, focusPlaced: false, keyColumn: null, pieceStyle: "rings",
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
 * What a click on square n does, given the selection and the hint shown (if any).
 *
 * A hint pre-selects its piece, so that the natural clicks play it: a click on its destination
 * plays the hinted move (even where several routes end there), and a click on its piece keeps
 * the piece selected instead of dropping it, so the destination click that follows still plays.
 * The hint may be a copy of one of the view's moves drawn differently (the puzzle page marks
 * only the piece): the move played is the view's own.
 * @param {View} view @param {number | null} selected @param {number} n @param {Move | null} [hint]
 * @returns {ClickAction}
 */
export function clickAction(view, selected, n, hint = null) {
  if (!view.moves.length) return { message: view.outcome ? "gameOver" : "wait" };
  const hinted = hint && (view.moves.includes(hint) ? hint
    : view.moves.find((m) => m.o === hint.o && m.d === hint.d && m.caps.join() === hint.caps.join()));
  if (hinted && (selected == null || selected === hinted.o)) {
    if (n === hinted.d) return { play: true, move: hinted };
    if (n === hinted.o) return { select: n };
  }
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
 * Where a key takes the focus from square `from`, on the screen (so a flipped board walks the
 * same way under the fingers). The board's keys, as the help panel lists them:
 * - Left, Right (dRow 0): the next playing square in the same row, that way (two columns over
 *   on a board that plays only its dark squares).
 * - Up, Down (dCol 0): into the next row that way. No playing square lies straight above
 *   another on a diagonal board, so this is a diagonal step where that is the only way: to the
 *   square nearest `anchorCol`, the column where the walk up or down began (ties: the left
 *   one), so that pressing Up again and again zig-zags up one column instead of drifting to
 *   the edge. On a board that plays every square it is straight up or down.
 * - Home, Page Up, End, Page Down (dRow and dCol both set): one diagonal step up-left,
 *   up-right, down-left, down-right, as 7, 9, 1, 3 lie on a numeric keypad; the way a piece
 *   moves.
 * null at the edge of the board.
 * @param {View} view @param {boolean} flipped @param {Square} from @param {number} dRow @param {number} dCol
 * @param {number | null} [anchorCol]
 */
export function nextSquare(view, flipped, from, dRow, dCol, anchorCol = null) {
  const [r0, c0] = displayCell(view, flipped, from[2], from[3]);
  const onScreen = view.squares.map((s) => ({ n: s[0], cell: displayCell(view, flipped, s[2], s[3]) }));
  /** @param {(r: number, c: number) => boolean} keep @param {(r: number, c: number) => number} cost */
  const best = (keep, cost) => {
    let found = null;
    let lowest = Infinity;
    for (const { n, cell: [r, c] } of onScreen) {
      if (!keep(r, c)) continue;
      const score = cost(r, c);
      if (score < lowest) [found, lowest] = [n, score];
    }
    return found;
  };
  if (dRow && dCol) return best((r, c) => r === r0 + dRow && c === c0 + dCol, () => 0);
  if (dCol) return best((r, c) => r === r0 && (c - c0) * dCol > 0, (r, c) => Math.abs(c - c0));
  const anchor = anchorCol ?? c0;
  return best((r, c) => r === r0 + dRow && Math.abs(c - c0) <= 1, (r, c) => Math.abs(c - anchor) * 2 + (c > anchor ? 1 : 0));
}

/**
 * The square the keyboard focus should rest on when the player comes to the board: a piece
 * that can move, the one nearest the square it rested on before (or, the first time, the one
 * nearest the middle of the board), so it is never an opponent's man in a corner.
 * @param {View} view @param {Set<number>} movable @param {number | null} previous
 */
export function homeSquare(view, movable, previous) {
  if (previous != null && movable.has(previous)) return previous;
  const from = previous == null ? null : view.squares.find((s) => s[0] === previous);
  const [r0, c0] = from ? [from[2], from[3]] : [(view.rows - 1) / 2, (view.cols - 1) / 2];
  let home = null;
  let nearest = Infinity;
  for (const [n, , r, c] of view.squares) {
    if (!movable.has(n)) continue;
    const distance = (r - r0) ** 2 + (c - c0) ** 2;
    if (distance < nearest) [home, nearest] = [n, distance];
  }
  return home;
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
  return {
    from: before.pieces, last: view.last, start: now,
    duration: Math.min(MAX_ANIM_MS, SEGMENT_MS * Math.max(1, path.length - 1)),
    crown: crowned(before, view) ? path[path.length - 1] : null,
  };
}

/**
 * What the move that led from `before` to `view` was, for its sound: "promotion" (a man became
 * a king), "capture", "move", or null when no move of this game led here.
 * @param {View | null} before @param {View} view @returns {"promotion" | "capture" | "move" | null}
 */
export function moveKind(before, view) {
  if (!before || !view.last || geometryChanged(before, view)) return null;
  return crowned(before, view) ? "promotion" : view.last.caps.length ? "capture" : "move";
}

/** Whether the last move made a man a king. @param {View} before @param {View} view */
function crowned(before, view) {
  if (!view.last) return false;
  const path = view.last.path;
  const was = before.pieces[path[0]];
  const after = view.pieces[path[path.length - 1]];
  return !!was && !!after && was === was.toLowerCase() && after === after.toUpperCase();
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

/** @param {string} style @returns {PieceStyle} */
export function pieceStyle(style) {
  return /** @type {readonly string[]} */ (PIECE_STYLES).includes(style) ? /** @type {PieceStyle} */ (style) : "rings";
}
