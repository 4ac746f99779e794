// The learn page: the rules of a family of variants with live boards, the variants side by
// side, a guided tutorial and engine-verified puzzles.
//
// Like the game, this page holds no rules. The rule demos are <draughts-board> elements
// (embed.js); the tutorial and the puzzles use web/board.js directly, and every judgement — is
// this the lesson's move, is this the puzzle's solution, why is that try refused — comes from
// Python (draughts.teach.tutorial, draughts.teach.puzzles, draughts.teach.explain) through the one shared worker.

import { Board } from "./board.js";
import { call, onProgress, ready } from "./client.js";
import "./embed.js";
import { fillLanguages, languages, render, squareLabel } from "./i18n.js";

// A newcomer's introduction per family (text ids): what the live boards below show.
const INTRO = {
  international: ["intro.international.1", "intro.international.2", "intro.international.3"],
  russian: ["intro.russian.1", "intro.russian.2", "intro.russian.3"],
  english: ["intro.english.1", "intro.english.2", "intro.english.3"],
};

const $ = (id) => document.getElementById(id);
const store = {
  get(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {}
  },
};

const browserLanguage = (navigator.language || "en").slice(0, 2).toLowerCase();
let lang = [store.get("draughts.learn.lang"), browserLanguage].find((code) => languages().includes(code)) || "en";
// The three families have a hand-written introduction, rule demos and a tutorial of their own;
// every other variant gets an introduction written from its rule flags and its own live board.
const FAMILIES = ["international", "russian", "english"];
// "family" is the chosen variant; it is checked against the rules table once that has arrived.
let family = (location.hash.slice(1) || store.get("draughts.learn.family") || "international").toLowerCase();

function t(key, params = {}) {
  return render({ id: key, params }, lang);
}
/** A lesson's or a puzzle's text field: a message {id, params} from Python. */
const pick = (obj, base) => render(obj[base], lang);
const reasonText = (r) => {
  const text = render(r.message, lang);
  return r.source ? `${text} (${r.source})` : text;
};

function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  fillLanguages($("lang"), lang);
  document.title = t("learn_title");
}

function feedback(id, text, kind = "") {
  const el = $(id);
  el.textContent = text;
  el.dataset.kind = kind;
}

// ---------------------------------------------------------------------------------------------
// Boards for practice: board.js with a label function; moves and refusals go to the handlers.

function squareName(view, n) {
  const s = view?.squares.find((q) => q[0] === n);
  return s ? s[1] : String(n);
}

function makeBoard(root, onMove, onRefused) {
  const board = new Board(root, {
    onMove,
    onMessage: (key) => {
      if (key === "wait" || key === "gameOver" || key === "reviewing") return;
      // the try as text ("39-34", "c3-b2", or just the piece): Python says why it is refused
      const square = board.focusSquare;
      const origin = board.selected ?? square;
      const text = board.selected != null && board.selected !== square
        ? `${squareName(board.view, origin)}-${squareName(board.view, square)}` : squareName(board.view, origin);
      onRefused(text);
    },
    label: (square, piece) => squareLabel(square.label, piece, lang),
    routeTitle: () => t("choose_route"),
    routeLabel: (move) => move.text,
  });
  return board;
}

// ---------------------------------------------------------------------------------------------
// The rules: an introduction and a live board per rule (the tutorial's positions)

let steps = [];
let table = null;

/** The family's own row of the rules table as a short list: the rules at a glance. */
function glance() {
  const list = document.createElement("ul");
  list.className = "glance";
  list.id = "glance";
  const row = table?.find((r) => r.key === family);
  if (!row) return list;
  for (const [key, value] of columns().slice(1)) {
    const li = document.createElement("li");
    const b = document.createElement("strong");
    b.textContent = `${t(key)}: `;
    li.append(b, value(row));
    list.append(li);
  }
  return list;
}

/** A newcomer's introduction to a variant without a hand-written one, from its rule flags. */
function writtenIntro(row) {
  const men = row.orthogonal && !row.menBackward ? "intro.men.orthogonal" : row.orthogonal ? "intro.men.both"
    : row.menBackward ? "intro.men.backward" : "intro.men.forward";
  const board = { id: `board_${row.board.replace("×", "x")}` };
  const paragraphs = [
    t(row.inverted ? "intro.played_on_mirrored" : "intro.played_on", { name: row.name, board, squares: row.squares, first: t(row.first) }),
    t("intro.capture", { men: { id: men }, choice: { id: row.choice } }),
    t(row.flying ? "intro.kings_fly" : "intro.kings_step", { passing: { id: row.passing }, removal: { id: row.removal } }),
  ];
  if (!row.menTakeKings) paragraphs.push(t("intro.men_cannot_take_kings"));
  if (row.losing) paragraphs.push(t("intro.losing"));
  return paragraphs;
}

function renderRules() {
  const intro = $("rules-intro");
  const row = table?.find((r) => r.key === family);
  const paragraphs = INTRO[family]?.map((id) => t(id)) || (row ? writtenIntro(row) : []);
  intro.replaceChildren(...paragraphs.map((text) => Object.assign(document.createElement("p"), { textContent: text })),
    glance(), Object.assign(document.createElement("p"), { textContent: t("demo_hint"), className: "muted" }));
  const demos = $("demos");
  if (!FAMILIES.includes(family)) {
    // no rule demos of its own: the variant's start position, live, and where the lessons are
    const card = document.createElement("article");
    card.className = "demo";
    card.dataset.step = `${family}-start`;
    const h = document.createElement("h3");
    h.textContent = `${row?.name || family}: ${t("the_start_position")}`;
    const p = document.createElement("p");
    const closest = table?.find((r) => r.key === steps[0]?.family)?.name || steps[0]?.family || "";
    p.textContent = t("closest_family", { family: closest });
    const board = document.createElement("draughts-board");
    board.setAttribute("variant", family);
    board.setAttribute("mode", "two");
    board.setAttribute("lang", lang);
    board.setAttribute("why", "");
    card.append(h, p, board);
    demos.replaceChildren(card);
    return;
  }
  demos.replaceChildren(...steps.map((step) => {
    const card = document.createElement("article");
    card.className = "demo";
    card.dataset.step = step.id;
    const h = document.createElement("h3");
    h.textContent = pick(step, "title");
    const p = document.createElement("p");
    p.textContent = pick(step, "text");
    const board = document.createElement("draughts-board");
    board.setAttribute("variant", step.variant);
    board.setAttribute("fen", step.fen);
    board.setAttribute("mode", "two");
    board.setAttribute("lang", lang);
    board.setAttribute("why", "");
    card.append(h, p, board);
    return card;
  }));
}

/** The table's columns: a heading key and how a rules_table row reads in it. */
function columns() {
  const yes = (b) => (b ? t("yes") : t("no"));
  const word = (id) => t(id);
  return [
    ["col_variant", (r) => r.name], ["col_board", (r) => `${r.board}${r.inverted ? ` (${t("inverted")})` : ""}`],
    ["col_first", (r) => t(r.first)], ["col_backward", (r) => (r.orthogonal && !r.menBackward ? t("orthogonal") : r.orthogonal ? t("also_straight") : yes(r.menBackward))],
    ["col_kings", (r) => (r.flying ? t("flying") : t("short"))], ["col_choice", (r) => word(r.choice)],
    ["col_passing", (r) => word(r.passing)], ["col_removal", (r) => word(r.removal)],
    ["col_men_kings", (r) => yes(r.menTakeKings)], ["col_goal", (r) => (r.losing ? t("lose") : t("win"))],
  ];
}

function renderTable() {
  if (!table) return;
  const el = $("diff-table");
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  for (const [key] of columns()) hr.append(Object.assign(document.createElement("th"), { textContent: t(key), scope: "col" }));
  head.append(hr);
  const body = document.createElement("tbody");
  for (const row of table) {
    const tr = document.createElement("tr");
    tr.dataset.variant = row.key;
    if (row.key === family) tr.className = "current";
    columns().forEach(([, value], i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) cell.scope = "row";
      cell.textContent = value(row);
      tr.append(cell);
    });
    body.append(tr);
  }
  el.replaceChildren(head, body);
}

// ---------------------------------------------------------------------------------------------
// The tutorial

const TUTORIAL = "learn-tutorial";
let stepIndex = 0;
let tutorialBoard = null;
let tutorialDone = new Set(store.get("draughts.learn.done") || []);

function renderStepList() {
  $("tutorial-steps").replaceChildren(...steps.map((step, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = pick(step, "title");
    b.dataset.step = step.id;
    b.setAttribute("aria-current", i === stepIndex ? "step" : "false");
    if (tutorialDone.has(step.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showStep(i));
    li.append(b);
    return li;
  }));
}

async function showStep(i) {
  stepIndex = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[stepIndex];
  $("tutorial").dataset.step = step.id;
  $("tutorial").dataset.state = "task";
  $("tutorial-step-title").textContent = `${t("step_n", { n: stepIndex + 1 })}: ${pick(step, "title")}`;
  $("tutorial-text").textContent = pick(step, "text");
  feedback("tutorial-feedback", "");
  renderStepList();
  const view = await call("new_game", { variant: step.variant, fen: step.fen }, TUTORIAL);
  tutorialBoard.setView(view, { animate: false });
  tutorialBoard.setInteractive(true);
  $("tutorial-next").disabled = stepIndex >= steps.length - 1;
}

async function tutorialTry(text, move = null) {
  const step = steps[stepIndex];
  const result = await call("tutorial_try", { id: step.id, text });
  if (!result.completed) {
    feedback("tutorial-feedback", reasonText(result), "refused");
    $("tutorial-feedback").dataset.rule = result.rule;
    tutorialBoard.setView(tutorialBoard.view, { animate: false });
    tutorialBoard.setInteractive(true);
    return;
  }
  tutorialBoard.setInteractive(false);
  const view = await call("play", { index: tutorialBoard.view.moves.indexOf(move) }, TUTORIAL);
  tutorialBoard.setView(view, { animate: true });
  tutorialDone.add(step.id);
  store.set("draughts.learn.done", [...tutorialDone]);
  const last = stepIndex >= steps.length - 1;
  feedback("tutorial-feedback", reasonText(result) + (last ? ` ${t("all_done")}` : ""), "done");
  $("tutorial-feedback").dataset.rule = result.rule;
  $("tutorial").dataset.state = "done";
  $("tutorial-next").disabled = last;
  renderStepList();
}

// ---------------------------------------------------------------------------------------------
// The puzzles

const PUZZLE = "learn-puzzle";
let puzzles = [];
let puzzleIndex = 0;
let played = [];
let hintLevel = 0;
let puzzleBusy = false;
let solved = new Set(store.get("draughts.learn.solved") || []);

/** The variants whose puzzles belong to a family (Brazilian plays International's rules on 8×8). */
function familyVariants() {
  if (family === "international") return ["international", "brazilian"];
  if (family === "brazilian") return ["brazilian", "international"];
  return [family];
}

function renderPuzzleList() {
  $("puzzle-list").replaceChildren(...puzzles.map((p, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("puzzle_n", { n: i + 1 });
    b.dataset.puzzle = p.id;
    b.setAttribute("aria-current", i === puzzleIndex ? "step" : "false");
    if (solved.has(p.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showPuzzle(i));
    li.append(b);
    return li;
  }));
}

function puzzleTitle(p) {
  const other = p.variant !== family ? ` (${table?.find((r) => r.key === p.variant)?.name || p.variant})` : "";
  return `${t("puzzle_n", { n: puzzles.indexOf(p) + 1 })}: ${pick(p, "title")}${other}`;
}

async function showPuzzle(i) {
  const section = $("puzzles");
  if (!puzzles.length) {
    $("puzzle-title").textContent = t("no_puzzles");
    section.dataset.state = "none";
    return;
  }
  puzzleIndex = Math.max(0, Math.min(puzzles.length - 1, i));
  const p = puzzles[puzzleIndex];
  played = [];
  hintLevel = 0;
  section.dataset.puzzle = p.id;
  section.dataset.state = "task";
  $("puzzle-title").textContent = puzzleTitle(p);
  $("puzzle-task").textContent = t("your_move", { side: t(p.side) });
  $("puzzle-source").textContent = t("source", { source: p.source });
  feedback("puzzle-feedback", "");
  $("puzzle-hint").textContent = "";
  $("puzzle-hint-btn").textContent = t("hint");
  $("puzzle-hint-btn").disabled = false;
  $("puzzle-next").disabled = puzzleIndex >= puzzles.length - 1;
  renderPuzzleList();
  const view = await call("new_game", { variant: p.variant, fen: p.fen }, PUZZLE);
  puzzleBoard.setFlipped(p.side === "black");
  puzzleBoard.setView(view, { animate: false });
  puzzleBoard.setInteractive(true);
}

async function puzzleTry(text, move = null) {
  if (puzzleBusy) return;
  const p = puzzles[puzzleIndex];
  const verdict = await call("puzzle_try", { id: p.id, played, text });
  if (!verdict.correct) {
    feedback("puzzle-feedback", reasonText(verdict), "refused");
    $("puzzle-feedback").dataset.rule = verdict.rule;
    puzzleBoard.setView(puzzleBoard.view, { animate: false });
    puzzleBoard.setInteractive(true);
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
      $("puzzle-hint-btn").disabled = true;
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
    $("puzzle-hint-btn").textContent = t("show_move");
  } else {
    // the second press shows the next move of the solution on the board
    const next = p.solution[played.length];
    const move = puzzleBoard.view.moves.find((m) => m.text === next);
    if (move) puzzleBoard.setHint(move);
    $("puzzle-hint").textContent = `${pick(p, "hint")} → ${next}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

let puzzleBoard = null;

async function loadFamily() {
  store.set("draughts.learn.family", family);
  $("family").value = family;
  const [tut, ...lists] = await Promise.all([call("tutorial", { family }),
    ...familyVariants().map((variant) => call("puzzles", { variant }))]);
  steps = tut.steps;
  puzzles = lists.flatMap((list) => list.puzzles);
  renderRules();
  renderTable();
  await showStep(0);
  await showPuzzle(0);
}

function relabel() {
  translate();
  renderRules();
  renderTable();
  if (steps.length) {
    renderStepList();
    const step = steps[stepIndex];
    $("tutorial-step-title").textContent = `${t("step_n", { n: stepIndex + 1 })}: ${pick(step, "title")}`;
    $("tutorial-text").textContent = pick(step, "text");
  }
  if (puzzles.length) {
    renderPuzzleList();
    const p = puzzles[puzzleIndex];
    $("puzzle-title").textContent = puzzleTitle(p);
    $("puzzle-task").textContent = t("your_move", { side: t(p.side) });
    if (hintLevel) $("puzzle-hint").textContent = pick(p, "hint");
  }
  tutorialBoard?.relabel();
  puzzleBoard?.relabel();
}

async function main() {
  translate();
  $("lang").value = lang;
  tutorialBoard = makeBoard($("tutorial-board"), (move) => tutorialTry(move.text, move), (text) => tutorialTry(text));
  puzzleBoard = makeBoard($("puzzle-board"), (move) => puzzleTry(move.text, move), (text) => puzzleTry(text));
  $("lang").addEventListener("change", (e) => {
    lang = e.target.value;
    store.set("draughts.learn.lang", lang);
    relabel();
  });
  $("family").addEventListener("change", (e) => {
    family = e.target.value;
    history.replaceState(null, "", `#${family}`);
    loadFamily().catch(showError);
  });
  $("tutorial-retry").addEventListener("click", () => showStep(stepIndex));
  $("tutorial-next").addEventListener("click", () => showStep(stepIndex + 1));
  $("puzzle-retry").addEventListener("click", () => showPuzzle(puzzleIndex));
  $("puzzle-next").addEventListener("click", () => showPuzzle(puzzleIndex + 1));
  $("puzzle-hint-btn").addEventListener("click", puzzleHint);
  const stop = onProgress((p) => ($("loading-bar").value = p.fraction));
  await ready();
  stop();
  $("loading").hidden = true;
  table = (await call("rules_table")).variants;
  if (!table.some((r) => r.key === family)) {
    // the hash named a section (#puzzles), not a variant: the last choice, else International
    const saved = store.get("draughts.learn.family");
    family = table.some((r) => r.key === saved) ? saved : "international";
  }
  await loadFamily();
  document.documentElement.dataset.ready = "true";
}

function showError(error) {
  const box = $("fatal");
  box.textContent = t("error", { message: error.message });
  box.hidden = false;
}

main().catch(showError);
// the same service worker as the game: after one visit the learn page works offline too
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL("./sw.js", import.meta.url)).catch((error) => console.warn("service worker:", error));
}
