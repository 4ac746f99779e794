// The learn page (learn.html): the rules of a family of variants with live boards, the variants
// side by side, a guided tutorial and engine-verified puzzles.
//
// Like the game, this page holds no rules. The rule demos are <draughts-board> elements; the
// tutorial and the puzzles use the board directly, and every judgement (is this the lesson's
// move, is this the puzzle's solution, why is that try refused) comes from Python
// (draughts.teach.tutorial, draughts.teach.puzzles, draughts.teach.explain) through the page's
// one worker.

import { Board } from "./board/board.js";
import "./draughts-board.js";
import { FAMILIES, renderRules, renderTable } from "./learn/rules.js";
import { fillLanguages, languages, render, squareLabel } from "../i18n.js";
import { language, pick, reasonText, setLanguage, t, variantName } from "./learn/text.js";
import { registerServiceWorker } from "./offline.js";
import { call, holdWhileBooting, onProgress, ready } from "./worker-client.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./learn/rules.js").RulesState} RulesState */
/**
 * A puzzle from Python (draughts.teach.puzzles).
 * @typedef {{id: string, variant: string, fen: string, side: "white" | "black", title: string, hint: string, source: string, origin: import("../i18n.js").Message, solution: string[]}} Puzzle
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

const store = {
  /** @param {string} key */
  get(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch {
      return null;
    }
  },
  /** @param {string} key @param {unknown} value */
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // full or blocked: the page works, it just forgets
    }
  },
};

/** @param {unknown} list @returns {Set<string>} */
const savedSet = (list) => new Set(Array.isArray(list) ? list.filter((x) => typeof x === "string") : []);

/** "family" is the chosen variant; it is checked against the rules table once that has arrived. @type {RulesState} */
const state = {
  family: (location.hash.slice(1) || store.get("draughts.learn.family") || "international").toLowerCase(),
  table: null, steps: [],
};

/** @param {string} id @param {string} text @param {string} [kind] @param {string} [rule] */
function feedback(id, text, kind = "", rule) {
  const el = $(id);
  el.textContent = text;
  el.dataset.kind = kind;
  if (rule !== undefined) el.dataset.rule = rule;
}

function translate() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.t || "");
  fillLanguages(/** @type {HTMLSelectElement} */ ($("lang")), language());
  // the variants by their names in this language, keeping a board size where the menu gives one
  for (const option of /** @type {HTMLSelectElement} */ ($("family")).options) {
    option.text = variantName(option.value) + (option.text.match(/ \(\d+×\d+\)$/)?.[0] || "");
  }
  document.title = t("learn_title");
}

// ---------------------------------------------------------------------------------------------
// Boards for practice: moves and refused tries go to the handlers.

/** @param {View | null} view @param {number} n */
function squareName(view, n) {
  const s = view?.squares.find((q) => q[0] === n);
  return s ? s[1] : String(n);
}

/**
 * @param {HTMLElement} root @param {(move: Move) => void} onMove
 * @param {(text: string) => void} onRefused  a try the board itself refuses, as text for Python
 */
function makeBoard(root, onMove, onRefused) {
  const board = new Board(root, {
    onMove,
    onMessage: (key, { square, selected }) => {
      if (key === "wait" || key === "gameOver" || key === "reviewing") return;
      // the try as text ("39-34", "c3-b2", or just the piece): Python says why it is refused
      const origin = selected ?? square;
      onRefused(selected != null && selected !== square
        ? `${squareName(board.view, origin)}-${squareName(board.view, square)}` : squareName(board.view, origin));
    },
    label: (square, piece) => squareLabel(square.label, piece, language()),
    routeTitle: () => t("choose_route"),
    routeLabel: (move) => move.text,
  });
  return board;
}

/** Show the position again, the refused try undone, and take the next. @param {Board} board */
function retry(board) {
  if (board.view) board.setView(board.view);
  board.setInteractive(true);
}

// ---------------------------------------------------------------------------------------------
// The tutorial

const TUTORIAL = "learn-tutorial";
let stepIndex = 0;
const tutorialDone = savedSet(store.get("draughts.learn.done"));
const tutorialBoard = makeBoard($("tutorial-board"), (move) => tutorialTry(move.text, move), (text) => tutorialTry(text));

function renderStepList() {
  $("tutorial-steps").replaceChildren(...state.steps.map((step, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = pick(step, "title");
    b.dataset.step = step.id;
    b.setAttribute("aria-current", i === stepIndex ? "step" : "false");
    if (tutorialDone.has(step.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showStep(i));
    const li = document.createElement("li");
    li.append(b);
    return li;
  }));
}

function renderStepText() {
  const step = state.steps[stepIndex];
  $("tutorial-step-title").textContent = `${t("step_n", { n: stepIndex + 1 })}: ${pick(step, "title")}`;
  $("tutorial-text").textContent = pick(step, "text");
}

/**
 * The success message of the step just done, kept beside the next step's prompt so that moving
 * on never takes it away before it is read; any other way to a step clears it.
 * @param {string} text
 */
function keepEarlier(text) {
  $("tutorial-earlier-text").textContent = text;
  $("tutorial-earlier").hidden = !text;
}

/** @param {number} i */
async function showStep(i) {
  const previous = $("tutorial").dataset.state === "done" && i === stepIndex + 1 ? $("tutorial-feedback").textContent : "";
  keepEarlier(previous || "");
  stepIndex = Math.max(0, Math.min(state.steps.length - 1, i));
  const step = state.steps[stepIndex];
  $("tutorial").dataset.step = step.id;
  $("tutorial").dataset.state = "task";
  renderStepText();
  feedback("tutorial-feedback", "");
  renderStepList();
  const view = await call("new_game", { variant: step.variant, fen: step.fen }, TUTORIAL);
  tutorialBoard.setView(view);
  tutorialBoard.setInteractive(true);
  button("tutorial-next").disabled = stepIndex >= state.steps.length - 1;
}

/** @param {string} text @param {Move | null} [move] */
async function tutorialTry(text, move = null) {
  // a done step's message stays until the user moves on: a stray click must not replace it
  if ($("tutorial").dataset.state === "done") return;
  const step = state.steps[stepIndex];
  const result = await call("tutorial_try", { id: step.id, text });
  if (!result.completed || !move || !tutorialBoard.view) {
    feedback("tutorial-feedback", reasonText(result), "refused", result.rule);
    retry(tutorialBoard);
    return;
  }
  tutorialBoard.setInteractive(false);
  const view = await call("play", { index: tutorialBoard.view.moves.indexOf(move) }, TUTORIAL);
  tutorialBoard.setView(view, { animate: true });
  tutorialDone.add(step.id);
  store.set("draughts.learn.done", [...tutorialDone]);
  const last = stepIndex >= state.steps.length - 1;
  feedback("tutorial-feedback", reasonText(result) + (last ? ` ${t("all_done")}` : ""), "done", result.rule);
  $("tutorial").dataset.state = "done";
  button("tutorial-next").disabled = last;
  renderStepList();
}

// ---------------------------------------------------------------------------------------------
// The puzzles

const PUZZLE = "learn-puzzle";
/** @type {Puzzle[]} */
let puzzles = [];
// The first puzzles of each variant, to practise beside the rules; the puzzle page (puzzles.html)
// has all of them, with a rating and themes to choose from.
const LEARN_PUZZLES = 10;
let puzzleIndex = 0;
/** @type {string[]} the moves played so far in the puzzle, both sides */
let played = [];
let hintLevel = 0;
let puzzleBusy = false;
const solved = savedSet(store.get("draughts.learn.solved"));
const puzzleBoard = makeBoard($("puzzle-board"), (move) => puzzleTry(move.text, move), (text) => puzzleTry(text));

/** The variants whose puzzles belong to a family (Brazilian plays International's rules on 8×8). */
function familyVariants() {
  if (state.family === "international") return ["international", "brazilian"];
  if (state.family === "brazilian") return ["brazilian", "international"];
  return [state.family];
}

function renderPuzzleList() {
  $("puzzle-list").replaceChildren(...puzzles.map((p, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("puzzle_n", { n: i + 1 });
    b.dataset.puzzle = p.id;
    b.setAttribute("aria-current", i === puzzleIndex ? "step" : "false");
    if (solved.has(p.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showPuzzle(i));
    const li = document.createElement("li");
    li.append(b);
    return li;
  }));
}

function renderPuzzleText() {
  const p = puzzles[puzzleIndex];
  const other = p.variant !== state.family ? ` (${variantName(p.variant)})` : "";
  $("puzzle-title").textContent = `${t("puzzle_n", { n: puzzleIndex + 1 })}: ${pick(p, "title")}${other}`;
  $("puzzle-task").textContent = t("your_move", { side: t(p.side) });
}

/** @param {number} i */
async function showPuzzle(i) {
  const section = $("puzzles");
  // every variant ships its puzzles (tests/test_puzzles.py holds each to its target)
  puzzleIndex = Math.max(0, Math.min(puzzles.length - 1, i));
  const p = puzzles[puzzleIndex];
  played = [];
  hintLevel = 0;
  section.dataset.puzzle = p.id;
  section.dataset.state = "task";
  renderPuzzleText();
  $("puzzle-source").textContent = t("source", { source: render(p.origin, language()) });
  feedback("puzzle-feedback", "");
  $("puzzle-hint").textContent = "";
  button("puzzle-hint-btn").textContent = t("hint");
  button("puzzle-hint-btn").disabled = false;
  button("puzzle-next").disabled = puzzleIndex >= puzzles.length - 1;
  renderPuzzleList();
  const view = await call("new_game", { variant: p.variant, fen: p.fen }, PUZZLE);
  puzzleBoard.setFlipped(p.side === "black");
  puzzleBoard.setView(view);
  puzzleBoard.setInteractive(true);
}

/** @param {string} text @param {Move | null} [move] */
async function puzzleTry(text, move = null) {
  if (puzzleBusy) return;
  const p = puzzles[puzzleIndex];
  const verdict = await call("puzzle_try", { id: p.id, played, text });
  if (!verdict.correct || !move || !puzzleBoard.view) {
    feedback("puzzle-feedback", reasonText(verdict), "refused", verdict.rule);
    retry(puzzleBoard);
    return;
  }
  puzzleBusy = true;
  puzzleBoard.setInteractive(false);
  try {
    let view = await call("play", { index: puzzleBoard.view.moves.indexOf(move) }, PUZZLE);
    puzzleBoard.setView(view, { animate: true });
    played.push(text);
    hintLevel = 0;
    $("puzzle-hint").textContent = "";
    let message = reasonText(verdict);
    if (verdict.reply) {
      await new Promise((resolve) => setTimeout(resolve, 450)); // let the player see their move land
      view = await call("play", { text: verdict.reply }, PUZZLE);
      puzzleBoard.setView(view, { animate: true });
      played.push(verdict.reply);
      message += ` ${t("reply", { move: verdict.reply })}`;
    }
    feedback("puzzle-feedback", message, verdict.solved ? "done" : "right");
    if (verdict.solved) {
      $("puzzles").dataset.state = "solved";
      solved.add(p.id);
      store.set("draughts.learn.solved", [...solved]);
      button("puzzle-hint-btn").disabled = true;
      renderPuzzleList();
    } else puzzleBoard.setInteractive(true);
  } finally {
    puzzleBusy = false;
  }
}

function puzzleHint() {
  const p = puzzles[puzzleIndex];
  if (!p) return;
  hintLevel += 1;
  if (hintLevel === 1) {
    $("puzzle-hint").textContent = pick(p, "hint");
    button("puzzle-hint-btn").textContent = t("show_move");
  } else {
    // the second press shows the next move of the solution on the board
    const next = p.solution[played.length];
    const move = puzzleBoard.view?.moves.find((m) => m.text === next);
    if (move) puzzleBoard.setHint(move);
    $("puzzle-hint").textContent = `${pick(p, "hint")} → ${next}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

/** Enables the buttons held while Python boots (see main). */
let releaseControls = () => {};

async function loadFamily() {
  store.set("draughts.learn.family", state.family);
  /** @type {HTMLSelectElement} */ ($("family")).value = state.family;
  const [tutorial, ...lists] = await Promise.all([call("tutorial", { family: state.family }),
    ...familyVariants().map((variant) => call("puzzles", { variant }))]);
  state.steps = tutorial.steps;
  puzzles = lists.flatMap((list) => list.puzzles.slice(0, LEARN_PUZZLES));
  releaseControls(); // the steps and puzzles below set each button as they need it
  renderRules(state);
  renderTable(state);
  await showStep(0);
  await showPuzzle(0);
}

function relabel() {
  translate();
  renderRules(state);
  renderTable(state);
  if (state.steps.length) {
    renderStepList();
    renderStepText();
  }
  if (puzzles.length) {
    renderPuzzleList();
    renderPuzzleText();
    if (hintLevel) $("puzzle-hint").textContent = pick(puzzles[puzzleIndex], "hint");
  }
  tutorialBoard.relabel();
  puzzleBoard.relabel();
}

async function main() {
  const saved = store.get("draughts.learn.lang");
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  setLanguage([saved, browser].find((code) => languages().includes(code)) || "en");
  translate();
  const langSelect = /** @type {HTMLSelectElement} */ ($("lang"));
  langSelect.value = language();
  langSelect.addEventListener("change", () => {
    setLanguage(langSelect.value);
    store.set("draughts.learn.lang", language());
    relabel();
  });
  const familySelect = /** @type {HTMLSelectElement} */ ($("family"));
  familySelect.addEventListener("change", () => chooseFamily(familySelect.value));
  $("tutorial-retry").addEventListener("click", () => showStep(stepIndex));
  $("tutorial-next").addEventListener("click", () => showStep(stepIndex + 1));
  $("puzzle-retry").addEventListener("click", () => showPuzzle(puzzleIndex));
  $("puzzle-next").addEventListener("click", () => showPuzzle(puzzleIndex + 1));
  $("puzzle-hint-btn").addEventListener("click", puzzleHint);
  releaseControls = holdWhileBooting(["tutorial-retry", "tutorial-next", "puzzle-hint-btn", "puzzle-retry",
    "puzzle-next"].map(button), t("boot_wait"));
  const stop = onProgress((p) => (/** @type {HTMLProgressElement} */ ($("loading-bar")).value = p.fraction));
  try {
    await ready();
  } finally {
    stop();
  }
  $("loading").hidden = true;
  const table = /** @type {import("./learn/rules.js").RulesRow[]} */ ((await call("rules_table")).variants);
  state.table = table;
  if (!table.some((r) => r.key === state.family)) {
    // the hash named a section (#puzzles), not a variant: the last choice, else International
    const last = store.get("draughts.learn.family");
    state.family = table.some((r) => r.key === last) ? last : FAMILIES[0];
  }
  await loadFamily();
  document.documentElement.dataset.ready = "true";
}

/**
 * Another variant's rules, tutorial and puzzles; `scrollTo` keeps a section in view (the offer
 * of other puzzles sits at the page's end). @param {string} family @param {string} [scrollTo]
 */
function chooseFamily(family, scrollTo) {
  state.family = family;
  history.replaceState(null, "", `#${state.family}`);
  loadFamily().then(() => {
    if (scrollTo) document.querySelector(scrollTo)?.scrollIntoView({ block: "start" });
  }).catch(showError);
}

/** @param {Error} error */
function showError(error) {
  const box = $("fatal");
  box.textContent = t("error", { message: error.message });
  box.hidden = false;
}

// the offline cache is filled once the page is ready, so its work never delays that
main().then(() => registerServiceWorker(() => t("boot_updated"))).catch(showError);
