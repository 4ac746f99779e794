// The puzzle page (puzzles.html): pick a variant and a theme, solve puzzles near your rating or
// keep a streak going. Every judgement comes from Python (draughts.teach.puzzles through the
// page's one worker): whether a try is the solution, and for a wrong one the defender's answer
// that punishes it and why. This module only keeps the flow and the player's progress.

import { Board } from "../board/board.js";
import { fillLanguages, languages, render, setLanguage, squareLabel, language } from "../../i18n.js";
import { registerServiceWorker } from "../offline.js";
import { call, onProgress, ready } from "../worker-client.js";
import { load, record, save } from "./progress.js";
import { filtered, nextPuzzle, rate, streakPuzzle } from "./rating.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("./rating.js").PuzzleSummary} PuzzleSummary */
/** @typedef {import("../../i18n.js").Message} Message */
/**
 * A puzzle from Python (draughts.teach.puzzles.Puzzle.to_dict).
 * @typedef {{id: string, variant: string, fen: string, side: "white" | "black", hint: Message, origin: Message,
 *   task: Message, solution: string[], themes: string[], theme_names: Message[], difficulty: number}} Puzzle
 */
/**
 * What a variant's puzzles ask and the names of their themes (draughts.teach.puzzles.variant_guide).
 * @typedef {{intro: Message, themes: {key: string, name: Message}[]}} Guide
 */
/**
 * A verdict on a try (draughts.teach.puzzles.Verdict.to_dict).
 * @typedef {{correct: boolean, message: Message, text: string, source: string, rule: string, reply: string | null,
 *   solved: boolean, refutation: string | null}} Verdict
 */

const SESSION = "puzzle";
const REPLY_MS = 450; // the player sees their move land before the answer comes
const SHOW_MS = 900; // "show" plays the line at this pace

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
const select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));
/** @param {string} key @param {Record<string, unknown>} [params] */
const t = (key, params = {}) => render({ id: key, params });
/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const progress = load();
const state = {
  /** @type {PuzzleSummary[]} */ index: [],
  /** @type {Record<string, Guide>} */ guides: {},
  /** @type {{key: string, name: string}[]} */ variants: [],
  /** @type {Puzzle | null} */ puzzle: null,
  /** @type {string[]} the moves played in the puzzle so far, both sides' */ played: [],
  /** "task", "refuted" (a wrong move and its answer on the board), "solved", "shown", "none" */ phase: "none",
  recorded: false, // this puzzle's result is in the rating already
  busy: false,
  starts: 0, // puzzles asked for so far: only the latest request may set up the board
  streak: 0,
  /** @type {Message | null} */ feedback: null,
  feedbackKind: "",
  /** @type {Message | null} */ ratingNote: null,
};

const board = new Board($("board"), {
  onMove: (move) => void attempt(move.text, move),
  onMessage: (key, { square, selected }) => {
    if (key === "wait" || key === "gameOver" || key === "reviewing" || state.phase !== "task") return;
    const label = (/** @type {number} */ n) => board.view?.squares.find((s) => s[0] === n)?.[1] ?? String(n);
    const origin = selected ?? square;
    void attempt(selected != null && selected !== square ? `${label(origin)}-${label(square)}` : label(origin));
  },
  label: (square, piece) => squareLabel(square.label, piece, language()),
  routeTitle: () => t("choose_route"),
  routeLabel: (move) => move.text,
});

// ---------------------------------------------------------------------------------------------
// Showing

function translate() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.t || "");
  fillLanguages(select("lang"), language());
  document.title = t("pz_title");
  board.setName(t("pz_board"));
  fillPickers();
  renderPanel();
  board.relabel();
}

/** The chosen variant's guide: its introduction and the themes its puzzles have. @returns {Guide} */
function guide() {
  return state.guides[progress.variant] ?? { intro: { id: "pz_intro", params: {} }, themes: [] };
}

function fillPickers() {
  const withPuzzles = new Set(state.index.map((p) => p.variant));
  select("variant").replaceChildren(...state.variants.filter((v) => withPuzzles.has(v.key))
    .map((v) => new Option(v.name, v.key, false, v.key === progress.variant)));
  // only the themes this variant's puzzles have, named as they are there (a losing game's differ)
  const themes = guide().themes;
  if (!themes.some((th) => th.key === progress.theme)) progress.theme = "";
  select("theme").replaceChildren(new Option(t("pz_theme.any"), "", false, !progress.theme),
    ...themes.map((th) => new Option(render(th.name), th.key, false, th.key === progress.theme)));
  select("mode").replaceChildren(...["rated", "streak"].map((m) => new Option(t(`pz_mode.${m}`), m, false, m === progress.mode)));
}

function renderPanel() {
  const p = state.puzzle;
  const section = $("trainer");
  section.dataset.state = state.phase;
  section.dataset.puzzle = p?.id ?? "";
  section.dataset.mode = progress.mode;
  $("intro").textContent = render(guide().intro);
  $("rating").textContent = t("pz_rating", { rating: progress.rating });
  $("rating-note").textContent = state.ratingNote ? render(state.ratingNote) : "";
  $("solved-count").textContent = t("pz_solved_count", { count: progress.solved.length });
  $("streak").hidden = progress.mode !== "streak";
  $("streak").textContent = `${t("pz_streak", { count: state.streak })} · ${t("pz_best_streak", { count: progress.bestStreak })}`;
  $("streak").dataset.count = String(state.streak);
  const feedback = $("feedback");
  feedback.textContent = state.feedback ? render(state.feedback) : "";
  feedback.dataset.kind = state.feedbackKind;
  if (!p) {
    $("task").textContent = t("pz_none");
    $("meta").textContent = "";
  } else {
    $("task").textContent = render(p.task);
    const themes = p.theme_names.map((name) => render(name)).join(", ");
    $("meta").textContent = [t("pz_puzzle_rating", { id: p.id, rating: p.difficulty }),
      themes ? t("pz_themes_of", { themes }) : "", t("pz_origin", { source: render(p.origin) })].filter(Boolean).join(" · ");
  }
  const open = state.phase === "task";
  button("hint").disabled = !open || state.busy;
  button("show").disabled = !p || state.phase === "solved" || state.phase === "shown" || state.busy;
  button("retry").hidden = state.phase !== "refuted";
  button("next").disabled = state.busy || !state.index.length;
}

/** @param {string} id @param {string} kind @param {Record<string, unknown>} [params] */
function say(id, kind, params = {}) {
  state.feedback = { id, params };
  state.feedbackKind = kind;
}

// ---------------------------------------------------------------------------------------------
// Choosing and starting a puzzle

function pool() {
  return filtered(state.index, progress.variant, progress.theme);
}

function pickNext() {
  const seen = new Set([...progress.solved, ...progress.failed]);
  if (state.puzzle) seen.add(state.puzzle.id);
  return progress.mode === "streak"
    ? streakPuzzle(pool(), progress.rating, state.streak, seen, Math.random)
    : nextPuzzle(pool(), progress.rating, seen, Math.random);
}

/** @param {PuzzleSummary | null} summary */
async function start(summary) {
  // Two choices in quick succession (a variant, then a theme) start two requests: the later
  // one wins, and the earlier neither shows its puzzle nor ends the later one's busy state.
  const ticket = ++state.starts;
  const current = () => ticket === state.starts;
  state.busy = true;
  try {
    const puzzle = summary ? await call("puzzle_get", { id: summary.id }) : null;
    if (!current()) return;
    const view = puzzle ? await call("new_game", { variant: puzzle.variant, fen: puzzle.fen }, SESSION) : null;
    if (!current()) return;
    state.puzzle = puzzle;
    state.played = [];
    state.recorded = false;
    state.feedback = null;
    state.phase = puzzle ? "task" : "none";
    if (puzzle && view) {
      board.setFlipped(puzzle.side === "black");
      board.setView(view);
    }
    board.setInteractive(state.phase === "task");
  } finally {
    if (current()) {
      state.busy = false;
      renderPanel();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Results

/** The puzzle's one result for the rating and the streak. @param {boolean} solved */
function result(solved) {
  const p = state.puzzle;
  if (!p || state.recorded) return;
  state.recorded = true;
  const before = progress.rating;
  if (progress.mode === "rated") {
    const after = rate(progress, p.difficulty, solved);
    progress.rating = after.rating;
    progress.games = after.games;
    const change = after.rating - before;
    state.ratingNote = { id: "pz_rating_change", params: { change: change >= 0 ? `+${change}` : String(change), rating: after.rating } };
  } else if (solved) {
    state.streak += 1;
    progress.bestStreak = Math.max(progress.bestStreak, state.streak);
  }
  record(progress, p.id, solved);
  save(progress);
}

// ---------------------------------------------------------------------------------------------
// Tries

/** @param {string} text @param {Move | null} [move] */
async function attempt(text, move = null) {
  const p = state.puzzle;
  if (!p || state.busy || state.phase !== "task") return;
  state.busy = true;
  board.setInteractive(false);
  try {
    /** @type {Verdict} */
    const verdict = await call("puzzle_try", { id: p.id, played: state.played, text });
    if (verdict.correct && move && board.view) await goOn(verdict, move);
    else if (verdict.refutation && move && board.view) await refute(verdict, move);
    else {
      // not a move (the board's own refusal): the rules' reason, and the same position again
      state.feedback = verdict.message;
      state.feedbackKind = "refused";
      if (board.view) board.setView(board.view);
    }
  } finally {
    state.busy = false;
    board.setInteractive(state.phase === "task");
    renderPanel();
  }
}

/** The solution's move, then the defender's reply. @param {Verdict} verdict @param {Move} move */
async function goOn(verdict, move) {
  await playOnBoard({ index: /** @type {View} */ (board.view).moves.indexOf(move) });
  state.played.push(move.text);
  if (verdict.reply) {
    await pause(REPLY_MS);
    await playOnBoard({ text: verdict.reply });
    state.played.push(verdict.reply);
  }
  if (verdict.solved) {
    state.phase = "solved";
    say("pz_solved", "done");
    result(true);
  } else say("pz_right", "right");
}

/** A wrong move: it stays on the board with the answer that punishes it. @param {Verdict} verdict @param {Move} move */
async function refute(verdict, move) {
  await playOnBoard({ index: /** @type {View} */ (board.view).moves.indexOf(move) });
  await pause(REPLY_MS);
  await playOnBoard({ text: verdict.refutation });
  state.phase = "refuted";
  state.feedback = verdict.message;
  state.feedbackKind = "refused";
  result(false);
  if (progress.mode === "streak") {
    state.feedback = { id: "pz_streak_over", params: { why: verdict.message, count: state.streak } };
    state.streak = 0;
  }
}

/** @param {Record<string, unknown>} params */
async function playOnBoard(params) {
  const view = await call("play", params, SESSION);
  board.setView(view, { animate: true });
}

/** Back to the position before the wrong move, to try again. */
async function retry() {
  if (state.phase !== "refuted" || state.busy) return;
  state.busy = true;
  try {
    const view = await call("undo", { count: 2 }, SESSION);
    board.setView(view);
    state.phase = "task";
    state.feedback = null;
  } finally {
    state.busy = false;
    board.setInteractive(true);
    renderPanel();
    board.focus();
  }
}

/** The piece that starts the next move of the solution, and the puzzle's hint sentence. */
function hint() {
  const p = state.puzzle;
  const next = p?.solution[state.played.length];
  const move = board.view?.moves.find((m) => m.text === next);
  if (!p || !move || state.phase !== "task") return;
  board.setHint({ ...move, path: [move.o] }); // the piece only, not where it goes
  state.feedback = state.played.length ? { id: "pz_hint_piece", params: {} } : p.hint;
  state.feedbackKind = "hint";
  renderPanel();
}

/** Play the rest of the line slowly; the puzzle counts as failed. */
async function show() {
  const p = state.puzzle;
  if (!p || state.busy || state.phase === "solved" || state.phase === "shown") return;
  state.busy = true;
  board.setInteractive(false);
  try {
    if (state.phase === "refuted") await call("undo", { count: 2 }, SESSION).then((view) => board.setView(view));
    result(false);
    if (progress.mode === "streak") state.streak = 0;
    state.phase = "shown";
    say("pz_shown", "hint");
    renderPanel();
    for (const text of p.solution.slice(state.played.length)) {
      await pause(SHOW_MS);
      await playOnBoard({ text });
      state.played.push(text);
    }
  } finally {
    state.busy = false;
    renderPanel();
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

function choicesChanged() {
  progress.variant = select("variant").value;
  progress.theme = select("theme").value;
  const mode = select("mode").value === "streak" ? "streak" : "rated";
  if (mode !== progress.mode) state.streak = 0;
  progress.mode = mode;
  fillPickers(); // the new variant's themes (a theme it has no puzzle of falls back to any)
  state.ratingNote = null;
  save(progress);
  start(pickNext()).catch(showError);
}

async function main() {
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  setLanguage([progress.lang, browser].find((code) => languages().includes(code)) || "en");
  translate();
  select("lang").addEventListener("change", () => {
    setLanguage(select("lang").value);
    progress.lang = language();
    save(progress);
    translate();
  });
  for (const id of ["variant", "theme", "mode"]) select(id).addEventListener("change", choicesChanged);
  button("hint").addEventListener("click", hint);
  button("show").addEventListener("click", () => void show().catch(showError));
  button("retry").addEventListener("click", () => void retry().catch(showError));
  button("next").addEventListener("click", () => {
    state.ratingNote = null;
    start(pickNext()).catch(showError);
  });
  const stop = onProgress((p) => (/** @type {HTMLProgressElement} */ ($("loading-bar")).value = p.fraction));
  try {
    await ready();
  } finally {
    stop();
  }
  $("loading").hidden = true;
  const [hello, index] = await Promise.all([call("hello"), call("puzzle_index")]);
  state.variants = hello.variants;
  state.index = index.puzzles;
  state.guides = index.variants;
  if (!state.index.some((p) => p.variant === progress.variant)) progress.variant = state.index[0]?.variant ?? progress.variant;
  fillPickers();
  await start(pickNext());
  document.documentElement.dataset.ready = "true";
}

/** @param {Error} error */
function showError(error) {
  const box = $("fatal");
  box.textContent = t("error", { message: error.message });
  box.hidden = false;
}

// the service worker once Python is up, as on the other pages (it fills its cache from this visit's downloads)
main().then(() => registerServiceWorker(() => t("boot_updated"))).catch(showError);
