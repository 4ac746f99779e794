// The analysis loop without a browser: slices until done, a poke restarts it, stop ends it,
// and the score helpers.
import assert from "node:assert/strict";
import test from "node:test";

import { AnalysisLoop, barShare, groupDigits, scoreText } from "../../web/js/analysis/loop.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test("slices until the analysis is done, again after a poke, never after stop", async () => {
  const asked = [];
  let done = false;
  const reports = [];
  const loop = new AnalysisLoop({
    ask: async (method, params) => {
      asked.push([method, params]);
      return { fen: "f", node: 0, lines: [], depth: asked.length, nodes: 0, nps: 0, score: 0, winIn: null, done };
    },
    onReport: (r) => reports.push(r),
  });
  loop.start();
  await tick();
  assert.ok(asked.length >= 2, "it keeps asking while not done");
  assert.deepEqual(asked[0], ["analyse", { lines: 1, ms: 150 }]);
  done = true;
  await tick();
  const settled = asked.length;
  await tick();
  assert.equal(asked.length, settled, "a finished analysis waits");
  loop.setLines(3);
  await tick();
  assert.ok(asked.length > settled, "a poke starts it again");
  assert.equal(asked.at(-1)[1].lines, 3);
  loop.stop();
  const stopped = asked.length;
  done = false;
  await tick();
  assert.equal(asked.length, stopped);
  assert.ok(reports.length >= 3);
});

test("an error stops the loop and is reported", async () => {
  const errors = [];
  const loop = new AnalysisLoop({ ask: async () => { throw new Error("boom"); }, onReport: () => {}, onError: (e) => errors.push(e.message) });
  loop.start();
  await tick();
  assert.deepEqual(errors, ["boom"]);
  assert.equal(loop.running, false);
});

test("scores read in men from White's view, wins in plies", () => {
  assert.deepEqual(scoreText({ score: 0.25, winIn: null }), { text: "+0.25", win: null, plies: 0 });
  assert.equal(scoreText({ score: -0.001, winIn: null }).text, "0.00");
  assert.deepEqual(scoreText({ score: -1000, winIn: -7 }), { text: "", win: "black", plies: 7 });
  assert.equal(barShare(0), 0.5);
  assert.equal(barShare(2), 0.7);
  assert.equal(barShare(-1000), 0);
});

test("speeds are grouped by threes with the language's separator", () => {
  assert.equal(groupDigits(28103.4, ","), "28,103");
  assert.equal(groupDigits(1234567, "."), "1.234.567");
  assert.equal(groupDigits(999, ","), "999");
  assert.equal(groupDigits(0, ","), "0");
  assert.equal(groupDigits(-1500, ","), "-1,500");
});
