// The board's click logic without a browser: web/js/board/state.js keeps it in pure functions
// of the view Python sends, so it runs under Node's own test runner.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickAction, displayCell, homeSquare, movableOrigins, moveKind, movesFrom, nextSquare, squareAt } from "../../web/js/board/state.js";

const move = (o, d, path, caps = []) => ({ o, d, path, caps, text: `${o}${caps.length ? "x" : "-"}${d}` });

// White to move: 32 can go to 27 or 28; 26 takes to 10 by two routes.
const view = {
  turn: "white",
  outcome: null,
  pieces: { 32: "w", 26: "w", 46: "w", 19: "b" },
  moves: [move(32, 27, [32, 27]), move(32, 28, [32, 28]),
    move(26, 10, [26, 17, 10], [22, 14]), move(26, 10, [26, 19, 10], [23, 15])],
};

test("movable pieces and their moves come from the move list", () => {
  assert.deepEqual([...movableOrigins(view)].sort(), [26, 32]);
  assert.equal(movesFrom(view, 32).length, 2);
});

test("select, then play a destination", () => {
  assert.deepEqual(clickAction(view, null, 32), { select: 32 });
  const action = clickAction(view, 32, 28);
  assert.equal(action.play, true);
  assert.deepEqual(action.move.path, [32, 28]);
});

test("two routes to one square ask the player to choose", () => {
  const action = clickAction(view, 26, 10);
  assert.equal(action.choose, true);
  assert.equal(action.moves.length, 2);
});

test("forbidden clicks name their reason", () => {
  assert.deepEqual(clickAction(view, null, 46), { message: "blocked" });
  assert.deepEqual(clickAction(view, null, 19), { message: "wrongSide" });
  assert.deepEqual(clickAction(view, null, 40), { message: "empty" });
  assert.deepEqual(clickAction(view, 32, 40), { message: "notDestination" });
  assert.deepEqual(clickAction(view, 32, 32), { deselect: true });
  assert.deepEqual(clickAction(view, 32, 26), { select: 26 });
});

test("a finished game or a position without moves only explains", () => {
  assert.deepEqual(clickAction({ ...view, moves: [], outcome: { winner: "black" } }, null, 32), { message: "gameOver" });
  assert.deepEqual(clickAction({ ...view, moves: [] }, null, 32), { message: "wait" });
});

test("a king capture that ends on its own square is a destination, not a deselect", () => {
  const loop = { ...view, moves: [move(32, 32, [32, 21, 12, 23, 32], [27, 17, 18, 28])] };
  assert.equal(clickAction(loop, 32, 32).play, true);
});

// A 4x4 board with its playing squares on the dark cells, numbered 1-8 from the top.
const small = {
  rows: 4, cols: 4,
  squares: [[1, "1", 0, 1], [2, "2", 0, 3], [3, "3", 1, 0], [4, "4", 1, 2], [5, "5", 2, 1], [6, "6", 2, 3], [7, "7", 3, 0], [8, "8", 3, 2]],
};

test("flipping turns the board half a turn, and is its own inverse", () => {
  assert.deepEqual(displayCell(small, false, 0, 1), [0, 1]);
  assert.deepEqual(displayCell(small, true, 0, 1), [3, 2]);
  assert.deepEqual(displayCell(small, true, ...displayCell(small, true, 1, 2)), [1, 2]);
});

test("a point on the board finds its playing square, flipped or not", () => {
  assert.equal(squareAt(small, false, 0.3, 0.1), 1); // row 0, col 1
  assert.equal(squareAt(small, false, 0.1, 0.1), null); // a light square
  assert.equal(squareAt(small, true, 0.6, 0.9), 1); // row 3, col 2 on screen is row 0, col 1
});

test("Left and Right walk the row; Up and Down step diagonally into the next row; both stop at the edge", () => {
  const sq = (n) => small.squares.find((s) => s[0] === n);
  assert.equal(nextSquare(small, false, sq(3), 0, 1), 4); // row 1: 3 (col 0) then 4 (col 2)
  assert.equal(nextSquare(small, false, sq(4), 0, 1), null);
  assert.equal(nextSquare(small, false, sq(4), 0, -1), 3);
  assert.equal(nextSquare(small, false, sq(5), -1, 0), 3); // up from col 1: cols 0 and 2 tie, the left one
  assert.equal(nextSquare(small, false, sq(1), -1, 0), null);
  assert.equal(nextSquare(small, true, sq(1), 1, 0), null); // flipped, square 1 is on the bottom row
  assert.equal(nextSquare(small, true, sq(1), -1, 0), 4); // flipped, 1 is at the bottom; above it 4 and 3 tie, 4 is on the left
});

test("Up again and again zig-zags around the column where the walk began", () => {
  const sq = (n) => small.squares.find((s) => s[0] === n);
  // from 7 (row 3, col 0) the walk began in col 0: up to 5 (col 1), then back to 3 (col 0)
  assert.equal(nextSquare(small, false, sq(7), -1, 0, 0), 5);
  assert.equal(nextSquare(small, false, sq(5), -1, 0, 0), 3);
  // began in col 2: from 5 (col 1) up to 4 (col 2), not 3
  assert.equal(nextSquare(small, false, sq(5), -1, 0, 2), 4);
});

test("Home, Page Up, End, Page Down step along the diagonals", () => {
  const sq = (n) => small.squares.find((s) => s[0] === n);
  assert.equal(nextSquare(small, false, sq(5), -1, -1), 3);
  assert.equal(nextSquare(small, false, sq(5), -1, 1), 4);
  assert.equal(nextSquare(small, false, sq(5), 1, -1), 7);
  assert.equal(nextSquare(small, false, sq(5), 1, 1), 8);
  assert.equal(nextSquare(small, false, sq(3), -1, -1), null);
  assert.equal(nextSquare(small, true, sq(5), -1, -1), 8); // flipped: up-left on the screen is 8
});

test("a board that plays every square walks straight up", () => {
  const all = { rows: 2, cols: 2, squares: [[1, "1", 0, 0], [2, "2", 0, 1], [3, "3", 1, 0], [4, "4", 1, 1]] };
  assert.equal(nextSquare(all, false, all.squares[3], -1, 0), 2);
  assert.equal(nextSquare(all, false, all.squares[2], 0, 1), 4);
});

test("the focus comes to rest on a movable piece: the one it was on, else the nearest", () => {
  const movable = new Set([5, 6]);
  assert.equal(homeSquare(small, movable, 6), 6);
  assert.equal(homeSquare(small, movable, 2), 6); // 2 (row 0, col 3) is nearer 6 (row 2, col 3) than 5 (row 2, col 1)
  assert.equal(homeSquare(small, movable, 1), 5); // 1 (row 0, col 1): 5 (row 2, col 1) is nearer than 6
  assert.equal(homeSquare(small, new Set(), 1), null);
});

test("after a hint, a click on its piece keeps it selected and a click on its destination plays it", () => {
  const hint = view.moves[3]; // 26 takes to 10 by the second of two routes
  assert.deepEqual(clickAction(view, 26, 26, hint), { select: 26 });
  assert.deepEqual(clickAction(view, 26, 10, hint), { play: true, move: hint }); // no route question: the hint is one
  assert.deepEqual(clickAction(view, null, 10, hint), { play: true, move: hint });
  assert.deepEqual(clickAction(view, null, 26, hint), { select: 26 });
  // another piece: the hint no longer applies
  assert.deepEqual(clickAction(view, 32, 10, hint), { message: "notDestination" });
  // without a hint the same clicks keep their meaning
  assert.deepEqual(clickAction(view, 26, 26), { deselect: true });
  assert.equal(clickAction(view, 26, 10).choose, true);
});

test("a move's sound: a crowning, a capture or a plain move, from the pieces before and after", () => {
  const board = { variant: "x", rows: 4, cols: 4, squares: small.squares };
  const before = { ...board, pieces: { 5: "w", 4: "b" } };
  assert.equal(moveKind(before, { ...board, pieces: { 3: "w", 4: "b" }, last: { path: [5, 3], caps: [] } }), "move");
  assert.equal(moveKind(before, { ...board, pieces: { 2: "w" }, last: { path: [5, 2], caps: [4] } }), "capture");
  assert.equal(moveKind({ ...board, pieces: { 3: "w" } }, { ...board, pieces: { 1: "W" }, last: { path: [3, 1], caps: [] } }), "promotion");
  assert.equal(moveKind(null, { ...board, pieces: {}, last: { path: [5, 3], caps: [] } }), null);
  assert.equal(moveKind(before, { ...board, pieces: {}, last: null }), null);
});
