// The game flow shared by the play page and <draughts-board> (web/js/game/), without a browser:
// the controller runs against a stand-in for Python that keeps a list of plies, so the tests
// see exactly which requests the flow makes (undo in pairs, the computer's turn, one ending).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Clock } from "../../web/js/game/clock.js";
import { GameController } from "../../web/js/game/controller.js";
import { computerToMove, redoCount, runningSide, undoCount } from "../../web/js/game/flow.js";

const other = (side) => (side === "white" ? "black" : "white");

/** A stand-in for web/main.py: a game is a list of plies; every answer is a view of it. */
function fakePython({ first = "white", failComputer = false } = {}) {
  const requests = [];
  let plies = [];
  let redo = [];
  let declared = null;
  const view = (extra = {}) => {
    const turn = plies.length % 2 ? other(first) : first;
    return {
      variant: "test", rows: 1, cols: 1, squares: [], pieces: {}, messages: {}, fen: `fen-${plies.join(",")}`,
      turn, ply: plies.length, redo: redo.length, history: [...plies], outcome: declared,
      moves: declared ? [] : [{ o: 1, d: 2, path: [1, 2], caps: [], text: `m${plies.length + 1}` }], ...extra,
    };
  };
  const answers = {
    new_game: () => ((plies = []), (redo = []), (declared = null), view()),
    play: () => ((plies = [...plies, `m${plies.length + 1}`]), (redo = []), view()),
    computer: () => {
      if (failComputer) throw new Error("the search failed");
      plies = [...plies, `c${plies.length + 1}`];
      redo = [];
      return view({ computerMove: plies[plies.length - 1] });
    },
    undo: ({ count }) => {
      for (let i = 0; i < count; i++) redo.push(plies.pop());
      declared = null;
      return view();
    },
    redo: ({ count }) => {
      for (let i = 0; i < count; i++) plies.push(redo.pop());
      return view();
    },
    declare: ({ kind, side }) => {
      declared = { winner: kind === "draw" ? null : other(side), termination: kind, reason: kind, rule: "" };
      return view();
    },
    hint: () => ({ index: 0, text: `m${plies.length + 1}`, reason: "keeps the balance",
      message: { id: "hint.keeps_balance", params: {} } }),
    draw_offer: () => ({ accepted: true }),
    play_from: ({ ply }) => ((plies = plies.slice(0, ply)), (redo = []), (declared = null), view()),
  };
  return {
    requests,
    call: async (method, params = {}) => {
      requests.push([method, params]);
      await Promise.resolve();
      return answers[method](params);
    },
  };
}

/** A controller on a fake Python, with every hook recorded. */
function setup({ computerSide = null, first = "white", failComputer = false, now } = {}) {
  const python = fakePython({ first, failComputer });
  const heard = { views: [], ends: 0, errors: [] };
  const controller = new GameController({
    call: python.call, now,
    hooks: {
      onView: (view, arrival) => heard.views.push({ view, arrival }),
      onEnd: () => (heard.ends += 1),
      onError: (error) => heard.errors.push(error.message),
    },
  });
  controller.setOpponent(computerSide, 1);
  return { python, heard, controller };
}

/** Let every pending answer (and the computer's turn it starts) arrive. */
const settle = () => new Promise((resolve) => setImmediate(resolve));
const methods = (python) => python.requests.map(([method]) => method);

test("against the computer, the computer answers the player's move by itself", async () => {
  const { python, heard, controller } = setup({ computerSide: "black" });
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await settle();
  assert.deepEqual(methods(python), ["new_game", "play", "computer"]);
  assert.equal(controller.view.ply, 2);
  assert.deepEqual(heard.views.slice(1).map((v) => [v.arrival.by, v.arrival.move, v.arrival.mover]),
    [["player", "m1", "white"], ["computer", "c2", "black"]]);
  assert.equal(controller.acceptsMoves(), true);
});

test("undo against the computer takes back the pair, and redo replays it without a new search", async () => {
  const { python, controller } = setup({ computerSide: "black" });
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await settle();
  await controller.undo();
  await settle();
  assert.deepEqual(python.requests.at(-1), ["undo", { count: 2 }]);
  assert.equal(controller.view.ply, 0);
  assert.equal(controller.view.turn, "white");
  await controller.redo();
  await settle();
  assert.deepEqual(python.requests.at(-1), ["redo", { count: 2 }]);
  assert.equal(controller.view.ply, 2);
  assert.ok(!methods(python).slice(3).includes("computer"), "the replayed pair needs no search");
});

test("playing Black, the computer opens, and that lone move cannot be undone", async () => {
  const { python, controller } = setup({ computerSide: "white" });
  await controller.load("new_game", {});
  await settle();
  assert.deepEqual(methods(python), ["new_game", "computer"]);
  assert.equal(controller.view.ply, 1);
  assert.equal(controller.canUndo(), false);
  await controller.undo();
  assert.deepEqual(methods(python), ["new_game", "computer"]);
});

test("between two players undo takes one ply, and nobody else moves", async () => {
  const { python, controller } = setup();
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await controller.play(controller.view.moves[0]);
  await controller.undo();
  await settle();
  assert.deepEqual(python.requests.at(-1), ["undo", { count: 1 }]);
  assert.equal(controller.view.ply, 1);
  assert.ok(!methods(python).includes("computer"));
});

test("the end of a game is reported once, and again after an undo and a new ending", async () => {
  const { heard, controller } = setup();
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await controller.resign();
  assert.equal(heard.ends, 1);
  assert.deepEqual(controller.view.outcome.winner, "white"); // Black, to move, resigned
  await controller.resign(); // over already: nothing is asked
  assert.equal(heard.ends, 1);
  await controller.undo();
  assert.equal(controller.view.outcome, null);
  await controller.agreeDraw();
  assert.equal(heard.ends, 2);
  assert.equal(controller.view.outcome.winner, null); // a draw
});

test("against the computer the player resigns for their own colour, whoever is to move", async () => {
  const { python, controller } = setup({ computerSide: "white" });
  await controller.load("new_game", {});
  await settle();
  await controller.resign();
  assert.deepEqual(python.requests.at(-1), ["declare", { kind: "resign", side: "black" }]);
  assert.equal(controller.view.outcome.winner, "white");
});

test("a failed search is reported and leaves the game as it was", async () => {
  const { heard, controller } = setup({ computerSide: "black", failComputer: true });
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await settle();
  assert.deepEqual(heard.errors, ["the search failed"]);
  assert.equal(controller.thinking, false);
  assert.equal(controller.view.ply, 1);
  assert.equal(controller.acceptsMoves(), false, "still the computer's turn");
  assert.equal(undoCount(controller.view, "black"), 1, "undo takes back the player's own move");
});

test("hints are the engine's move for the player, one of the view's moves", async () => {
  const { controller } = setup({ computerSide: "black" });
  await controller.load("new_game", {});
  const hint = await controller.hint();
  assert.equal(hint.move, controller.view.moves[0]);
  assert.deepEqual(hint.reason, { id: "hint.keeps_balance", params: {} }, "the reason as a catalogue message");
});

test("a computer that accepts a draw offer ends the game drawn", async () => {
  const { heard, controller } = setup({ computerSide: "black" });
  await controller.load("new_game", {});
  assert.equal(await controller.offerComputerDraw(), true);
  assert.equal(controller.view.outcome.winner, null);
  assert.equal(heard.ends, 1);
});

test("undo and redo counts from the view alone", () => {
  const at = (turn, ply, redo = 0, outcome = null) => ({ turn, ply, redo, outcome });
  assert.equal(undoCount(at("white", 0), null), 0);
  assert.equal(undoCount(at("black", 1), null), 1);
  assert.equal(undoCount(at("white", 2), "black"), 2); // player's turn: the reply and the move
  assert.equal(undoCount(at("white", 1), "white"), 1); // the computer's turn after the player's move
  assert.equal(undoCount(at("black", 1), "white"), 0); // only the computer's opening move
  assert.equal(undoCount(at("black", 3, 0, { winner: "white" }), "white"), 2); // the computer's move ended it
  assert.equal(undoCount(at("white", 3, 0, { winner: "black" }), "white"), 1); // the player's move ended it
  assert.equal(redoCount(at("white", 0, 3), "black"), 2);
  assert.equal(redoCount(at("white", 0, 1), "black"), 1);
  assert.equal(redoCount(at("white", 0, 3), null), 1);
  assert.equal(computerToMove(at("black", 1), "black"), true);
  assert.equal(computerToMove(at("black", 1, 0, { winner: "white" }), "black"), false);
  assert.equal(computerToMove(at("black", 1), null), false);
  assert.equal(runningSide(at("white", 0)), null); // the clock starts with the first move
  assert.equal(runningSide(at("black", 1)), "black");
});

test("the clock runs the side to move down and adds the increment", () => {
  const clock = Clock.fromSettings(1, 2);
  clock.tick("white", 1000); // the first tick only starts counting
  clock.tick("white", 4000);
  assert.equal(clock.left.white, 57000);
  clock.moved("white");
  assert.equal(clock.left.white, 59000);
  assert.equal(clock.text("white"), "0:59");
  clock.tick(null, 9000); // stopped: nothing charged
  assert.equal(clock.left.black, 60000);
  assert.equal(Clock.fromSettings(0, 5), null);
});

test("a saved clock comes back only when its numbers are sane", () => {
  const good = Clock.fromSettings(5, 3).toJSON();
  assert.deepEqual(Clock.restore(good).toJSON(), good);
  for (const bad of [null, "5:00", { ...good, baseMs: 1e308 }, { ...good, left: { white: "300000", black: 1 } },
    { ...good, incMs: -1 }, { ...good, left: { white: Infinity, black: 0 } }, { ...good, baseMs: 0 }]) {
    assert.equal(Clock.restore(bad), null, JSON.stringify(bad));
  }
});

test("a flag fall is declared for the side whose time ran out", async () => {
  let now = 0;
  const { python, controller } = setup({ now: () => now });
  await controller.load("new_game", {}, new Clock(3000, 0));
  await controller.play(controller.view.moves[0]); // Black's clock runs from here
  controller.tickClock();
  now += 3500;
  controller.tickClock();
  await settle();
  assert.deepEqual(python.requests.at(-1), ["declare", { kind: "flag", side: "black" }]);
  assert.equal(controller.view.outcome.winner, "white");
  controller.dispose();
});

test("a rematch swaps the colours and starts again from the same start; the computer opens if it has the first move", async () => {
  const { python, heard, controller } = setup({ computerSide: "black" });
  await controller.load("new_game", {});
  await controller.play(controller.view.moves[0]);
  await settle();
  await controller.resign();
  assert.equal(heard.ends, 1);
  await controller.rematch();
  await settle();
  assert.equal(controller.computerSide, "white");
  assert.equal(controller.playerSide, "black");
  assert.deepEqual(python.requests.filter(([m]) => m === "play_from"), [["play_from", { ply: 0 }]]);
  assert.deepEqual(methods(python).slice(-2), ["play_from", "computer"]); // White, the computer, opens
  assert.equal(controller.view.outcome, null);
  assert.equal(controller.acceptsMoves(), true);
});

test("playing on from an earlier move is a new game from there, which can end again", async () => {
  const { python, heard, controller } = setup();
  await controller.load("new_game", {});
  for (let i = 0; i < 4; i++) await controller.play(controller.view.moves[0]);
  await controller.agreeDraw();
  assert.equal(heard.ends, 1);
  await controller.playFrom(2);
  assert.deepEqual(python.requests.at(-1), ["play_from", { ply: 2 }]);
  assert.equal(controller.view.ply, 2);
  assert.equal(controller.view.outcome, null);
  assert.equal(controller.computerSide, null); // between two players it stays so
  await controller.resign();
  assert.equal(heard.ends, 2);
});
