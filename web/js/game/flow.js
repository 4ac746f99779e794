// The game's flow as pure functions of Python's view: whose turn the computer has, how many
// moves an undo or a redo takes, whose clock runs. (How a result reads is Python's: the view's
// outcome.result, in the variant's PDN form.) The play page and <draughts-board> both
// go through these (via controller.js), so they cannot drift apart; Node tests them directly.

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Colour} Colour */
/** @typedef {import("../types.js").Outcome} Outcome */

/** @param {Colour} side @returns {Colour} */
export function opponent(side) {
  return side === "white" ? "black" : "white";
}

/**
 * Whether the computer is to move: a game against it, not over, and its side's turn.
 * @param {View | null} view @param {Colour | null} computerSide  null: two players
 */
export function computerToMove(view, computerSide) {
  return !!view && computerSide != null && !view.outcome && view.turn === computerSide;
}

/**
 * How many plies Undo takes back; 0 when there is nothing to take back.
 *
 * Two players: one. Against the computer a take-back returns to the player's own move: when it
 * is the player's turn (or the computer's move ended the game) that is the computer's reply and
 * the player's move, two; when the player's own move is the last (it ended the game, or the
 * computer's answer failed) one. With fewer plies than that, nothing: undoing only the
 * computer's opening move would just have it play again.
 * @param {View} view @param {Colour | null} computerSide
 */
export function undoCount(view, computerSide) {
  const wanted = computerSide == null || view.turn === computerSide ? 1 : 2;
  return wanted <= view.ply ? wanted : 0;
}

/**
 * How many plies Redo replays: against the computer the player's move and its reply together
 * when both are there, otherwise what there is, at most one.
 * @param {View} view @param {Colour | null} computerSide
 */
export function redoCount(view, computerSide) {
  if (computerSide != null && view.redo >= 2) return 2;
  return Math.min(1, view.redo);
}

/**
 * The side whose clock runs: the side to move once the first move is made, none when the game
 * is over.
 * @param {View | null} view @returns {Colour | null}
 */
export function runningSide(view) {
  return view && !view.outcome && view.ply > 0 ? view.turn : null;
}
