// The page: wires the board, the panel and the dialogs to Python in the worker.
//
// Python (web/main.py) is the authority on everything about the game; this file keeps only
// what a screen keeps: settings, the clock, the saved game in localStorage, and which earlier
// position is being reviewed.

import { Board } from "./board.js";
import { colourName, language, message, pickLanguage, render, resultReason, setLanguage, squareLabel, t, translatePage } from "./i18n.js";

const KEYS = { settings: "draughts.settings.v1", game: "draughts.game.v1", view: "draughts.view.v1",
  corrupt: "draughts.game.corrupt", record: "draughts.record.v1" };
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Storage that never throws: a full or blocked localStorage must not stop the game.
const store = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {}
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {}
  },
};

const DEFAULT_SETTINGS = {
  lang: null, theme: null, labels: null, flipped: false,
  variant: "international", mode: "computer", colour: "white", level: null,
  drawRules: "standard", forcedCapture: true, clockBase: 0, clockInc: 0,
};

function loadSettings() {
  try {
    const saved = JSON.parse(store.get(KEYS.settings) || "{}");
    return { ...DEFAULT_SETTINGS, ...(saved && typeof saved === "object" ? saved : {}) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

const settings = loadSettings();
const saveSettings = () => store.set(KEYS.settings, JSON.stringify(settings));

// ---------------------------------------------------------------------------------------------
// The worker and its request/response protocol

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;
let ready = false;
let hello = null;

function call(method, params = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, method });
    worker.postMessage({ id, method, params });
  });
}

class PyError extends Error {
  constructor(info) {
    super(info.message);
    this.type = info.type;
  }
}

worker.onmessage = (event) => {
  const data = event.data;
  if (data.type === "progress") {
    window.__draughts.stages[data.stage] = Math.round(data.ms);
    $("loading-bar").value = data.fraction;
    $("loading-text").textContent = t(`stage_${data.stage}`);
  } else if (data.type === "ready") {
    window.__draughts.bootMs = data.bootMs;
    onReady();
  } else if (data.type === "fatal") {
    $("loading").hidden = true;
    showFatal(t("fatal", { message: data.message }));
  } else if (data.type === "response") {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    const reply = JSON.parse(data.json);
    if (reply.error) waiting.reject(new PyError(reply.error));
    else waiting.resolve(reply.result);
  }
};
worker.onerror = (event) => showFatal(t("fatal", { message: event.message || "worker error" }));

function showFatal(text) {
  const box = $("fatal");
  box.textContent = text;
  box.hidden = false;
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = !text;
}

// ---------------------------------------------------------------------------------------------
// Game state on the page

let view = null; // the live game's view from Python
let reviewPly = null; // an earlier position being looked at, or null
let thinking = false;
let gameId = null;
let clock = null; // {base, inc, white, black, lastTick} in ms, or null

const board = new Board($("board"), {
  onMove: (move) => playMove(move),
  onMessage: (key) => say(view && view.messages[key] ? message(view.messages[key]) : t(key), true),
  label: (square, piece, state) => {
    const words = [squareLabel(square.label, piece), ...state.map((s) => t(`state_${s}`))];
    return words.join(", ");
  },
  routeTitle: () => t("choose_route"),
  routeLabel: (move) => t("route", { text: move.text, caps: move.caps.map(labelOf).join(", ") }),
});

function labelOf(n) {
  const square = view && view.squares.find((s) => s[0] === n);
  return square ? square[1] : String(n);
}

/** Show a message in the visible status line and say it to screen readers. */
function say(text, warn = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("warn", warn);
  announce(text);
}

function announce(text) {
  const live = $("announce");
  live.textContent = "";
  // a fresh text node each time so the same message is announced again
  requestAnimationFrame(() => (live.textContent = text));
}

const computerSide = () => (settings.mode === "computer" ? (settings.colour === "white" ? "black" : "white") : null);

function isComputerTurn(v = view) {
  return !!v && settings.mode === "computer" && hello?.engine && v.turn === computerSide() && !v.outcome;
}

/** Draw a new live position from Python, save it, and let the computer answer if it is its move. */
function showView(next, { animate = true, announceMove = null } = {}) {
  if (view && next.fen !== view.fen && !announceMove) say(""); // an old hint or warning no longer applies
  view = next;
  reviewPly = null;
  board.setView(next, { animate });
  board.setInteractive(ready && !thinking && !isComputerTurn(next) && !next.outcome);
  renderPanel();
  persist();
  if (announceMove) announce(announceMove);
  if (next.outcome) onGameOver(next);
  else maybeComputer();
}

function persist() {
  if (!view || !view.save) return;
  store.set(KEYS.game, JSON.stringify({ save: view.save, gameId, clock, mode: settings.mode, colour: settings.colour, level: settings.level }));
  // The last view lets the next visit paint its board before Python has started.
  const { moves, save, messages, ...paint } = view;
  store.set(KEYS.view, JSON.stringify({ ...paint, moves: [], messages: {} }));
}

function renderPanel() {
  if (!view) return;
  $("turn").textContent = view.outcome ? "" : t(`turn_${view.turn}`) +
    (settings.mode === "computer" ? ` — ${t("you_play", { colour: colourName(settings.colour) })}` : ` — ${t("two_players")}`);
  $("thinking").hidden = !thinking;
  // the result, its reason and its rule
  const result = $("result");
  if (view.outcome) {
    const o = view.outcome;
    $("result-title").textContent = o.winner ? t(`result_${o.winner}`) : t("result_draw");
    $("result-reason").textContent = resultReason(o);
    $("result-rule").textContent = o.rule ? t("rule", { rule: o.rule }) : "";
    result.hidden = false;
  } else result.hidden = true;
  $("house-rule").hidden = !view.houseRule;
  const counters = view.counters || [];
  $("counters").hidden = counters.length === 0;
  $("counter-list").replaceChildren(...counters.map((c) => {
    const li = document.createElement("li");
    li.textContent = render(c.message);
    return li;
  }));
  // the running draw counters have their own list, so their explanations are not repeated
  const rules = ((reviewPly == null && view.rules) || []).filter((r) => !(counters.length && r.rule.startsWith("draw")));
  $("why").hidden = rules.length === 0;
  $("why-list").replaceChildren(...rules.map((r) => {
    const li = document.createElement("li");
    li.textContent = message(r);
    return li;
  }));
  // the move list, each move a button that shows the position after it
  const list = $("move-list");
  const items = [];
  const history = view.history;
  for (let i = 0; i < history.length; i++) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = history[i];
    b.dataset.ply = String(i + 1);
    const current = reviewPly == null ? i === history.length - 1 : reviewPly === i + 1;
    b.setAttribute("aria-current", current ? "true" : "false");
    b.addEventListener("click", () => review(i + 1));
    li.append(b);
    items.push(li);
  }
  list.replaceChildren(...items);
  list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
  $("btn-live").hidden = reviewPly == null;
  const idle = ready && !thinking;
  $("btn-undo").disabled = !idle || view.ply === 0;
  $("btn-redo").disabled = !idle || view.redo === 0;
  $("btn-hint").disabled = !idle || !view.moves.length || isComputerTurn();
  $("btn-draw").disabled = !idle || !!view.outcome;
  $("btn-resign").disabled = !idle || !!view.outcome;
  $("btn-pdn").disabled = !ready;
  $("btn-new").disabled = !ready;
  renderClock();
  renderRecord();
  setPageState();
}

/** One word on <html data-state> for what the page is doing: tests and styles wait on it. */
function setPageState(busy = false) {
  document.documentElement.dataset.state = !ready ? "loading" : busy ? "busy" : thinking ? "thinking"
    : view?.outcome ? "over" : reviewPly != null ? "review" : isComputerTurn() ? "waiting" : "play";
}

// ---------------------------------------------------------------------------------------------
// Playing

async function playMove(move) {
  if (!ready || thinking) return;
  const index = view.moves.indexOf(move);
  const mover = view.turn;
  board.setInteractive(false);
  setPageState(true);
  try {
    const next = await call("play", { index, fen: view.fen });
    tickClock(mover, true);
    say("");
    showView(next, { announceMove: t("played", { colour: colourName(mover), move: move.text }) });
  } catch (error) {
    say(t("error", { message: error.message }), true);
    board.setInteractive(true);
    setPageState();
  }
}

async function maybeComputer() {
  if (!isComputerTurn() || thinking || !ready) return;
  thinking = true;
  board.setInteractive(false);
  renderPanel();
  const mover = view.turn;
  const started = performance.now();
  try {
    const next = await call("computer", { level: settings.level ?? hello.defaultLevel });
    window.__draughts.lastThinkMs = performance.now() - started;
    thinking = false;
    tickClock(mover, true);
    showView(next, { announceMove: t("computer_played", { move: next.computerMove }) });
  } catch (error) {
    thinking = false;
    say(t("error", { message: error.message }), true);
    renderPanel();
  }
}

async function review(ply) {
  if (!view || thinking) return;
  if (ply >= view.ply) return backToGame();
  const past = await call("review", { ply });
  reviewPly = ply;
  board.setView(past, { animate: false, reviewing: true });
  board.setInteractive(false);
  renderPanel();
}

function backToGame() {
  reviewPly = null;
  board.setView(view, { animate: false });
  board.setInteractive(ready && !thinking && !isComputerTurn() && !view.outcome);
  renderPanel();
}

async function act(method, params, options = {}) {
  if (!ready || thinking) return null;
  setPageState(true);
  try {
    const next = await call(method, params);
    showView(next, options);
    return next;
  } catch (error) {
    say(t("error", { message: error.message }), true);
    setPageState();
    return null;
  }
}

function undo() {
  // Against the computer a take-back returns to the player's own move: the computer's reply
  // and the player's move go together.
  let count = 1;
  if (settings.mode === "computer" && hello.engine) {
    count = view.turn === settings.colour ? 2 : 1;
    if (view.outcome && view.turn !== settings.colour) count = 1;
    if (view.turn === settings.colour && view.ply < 2) return;
  }
  return act("undo", { count }, { animate: false });
}

function redo() {
  const count = settings.mode === "computer" && hello.engine && view.redo >= 2 ? 2 : 1;
  return act("redo", { count });
}

async function hint() {
  if (!ready || thinking || !view.moves.length) return;
  try {
    const h = await call("hint", {});
    const move = view.moves[h.index];
    board.setHint(move);
    say(t("hint_text", { move: h.text }) + (h.message ? ` — ${render(h.message)}` : ""));
  } catch (error) {
    say(t("error", { message: error.message }), true);
  }
}

async function offerDraw() {
  if (!ready || thinking || view.outcome) return;
  if (settings.mode === "computer" && hello.engine) {
    const answer = await call("draw_offer", {});
    if (answer.accepted) await act("declare", { kind: "draw" });
    else say(t("draw_declined"));
    return;
  }
  const dlg = $("dlg-draw");
  const other = view.turn === "white" ? "black" : "white";
  $("draw-question").textContent = t("draw_offered", { colour: colourName(view.turn) }) + ` (${colourName(other)})`;
  dlg.returnValue = "";
  dlg.showModal();
  dlg.addEventListener("close", () => {
    if (dlg.returnValue === "accept") act("declare", { kind: "draw" });
  }, { once: true });
}

function resign() {
  if (!ready || thinking || view.outcome) return;
  const side = settings.mode === "computer" ? settings.colour : view.turn;
  return act("declare", { kind: "resign", side });
}

// ---------------------------------------------------------------------------------------------
// The clock: base + increment; a flag fall loses (FMJD rules), declared to Python as a result.

function startClock(base, inc) {
  clock = base > 0 ? { base: base * 60000, inc: inc * 1000, white: base * 60000, black: base * 60000, lastTick: null } : null;
  renderClock();
}

function tickClock(mover, moved = false) {
  if (!clock || !view) return;
  const now = performance.now();
  if (clock.lastTick != null && !view.outcome && view.ply > 0) clock[view.turn] -= now - clock.lastTick;
  clock.lastTick = now;
  if (moved && mover) clock[mover] += clock.inc;
}

function renderClock() {
  $("clocks").hidden = !clock;
  if (!clock || !view) return;
  const fmt = (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  for (const side of ["white", "black"]) {
    const el = $(`clock-${side}`);
    el.textContent = t("time_left", { colour: colourName(side), time: fmt(clock[side]) });
    el.classList.toggle("running", !view.outcome && view.turn === side && view.ply > 0);
  }
}

setInterval(() => {
  if (!clock || !view || view.outcome || !ready || view.ply === 0) {
    if (clock) clock.lastTick = performance.now();
    return;
  }
  tickClock(null);
  if (clock[view.turn] <= 0 && !thinking) {
    clock[view.turn] = 0;
    act("declare", { kind: "flag", side: view.turn });
  }
  renderClock();
}, 250);

// ---------------------------------------------------------------------------------------------
// Local record against the computer, per variant: wins, draws, losses and an Elo-style rating.

function loadRecord() {
  try {
    const r = JSON.parse(store.get(KEYS.record) || "{}");
    return r && typeof r === "object" ? r : {};
  } catch {
    return {};
  }
}

function onGameOver(v) {
  say(`${v.outcome.winner ? t(`result_${v.outcome.winner}`) : t("result_draw")}: ${resultReason(v.outcome)}`);
  if (settings.mode !== "computer" || !hello?.engine || !gameId) return;
  const record = loadRecord();
  const entry = record[v.variant] || { w: 0, d: 0, l: 0, rating: 1200, games: [] };
  if (entry.games.includes(gameId)) return;
  const score = v.outcome.winner == null ? 0.5 : v.outcome.winner === settings.colour ? 1 : 0;
  const opponent = 800 + 150 * Number(settings.level ?? hello.defaultLevel);
  const expected = 1 / (1 + 10 ** ((opponent - entry.rating) / 400));
  entry.rating = Math.round(entry.rating + 32 * (score - expected));
  entry[score === 1 ? "w" : score === 0 ? "l" : "d"] += 1;
  entry.games = [...entry.games.slice(-50), gameId];
  record[v.variant] = entry;
  store.set(KEYS.record, JSON.stringify(record));
  renderRecord();
}

function renderRecord() {
  const entry = view && loadRecord()[view.variant];
  $("record").textContent = entry ? t("record", { variant: view.name, ...entry }) : "";
}

// ---------------------------------------------------------------------------------------------
// Dialogs

function fillNewGameDialog() {
  const form = $("form-new");
  $("new-variant").replaceChildren(...hello.variants.map((v) => new Option(`${v.name} (${v.rows}×${v.cols})`, v.key)));
  $("new-level").replaceChildren(...hello.levels.map((l) => new Option(`${l.number} — ${l.name}`, String(l.number))));
  $("new-draw").replaceChildren(...hello.drawPresets.map((p) => new Option(p === hello.drawPresets[0] ? t("draw_default") : p, p)));
  form.variant.value = view?.variant || settings.variant;
  form.mode.value = settings.mode;
  form.colour.value = settings.colour;
  form.level.value = String(settings.level ?? hello.defaultLevel);
  form.drawRules.value = hello.drawPresets.includes(settings.drawRules) ? settings.drawRules : hello.drawPresets[0];
  form.noForcedCapture.checked = !settings.forcedCapture;
  form.clockBase.value = String(settings.clockBase);
  form.clockInc.value = String(settings.clockInc);
}

async function startNewGame() {
  const form = $("form-new");
  Object.assign(settings, {
    variant: form.variant.value, mode: form.mode.value, colour: form.colour.value,
    level: Number(form.level.value), drawRules: form.drawRules.value, forcedCapture: !form.noForcedCapture.checked,
    clockBase: Number(form.clockBase.value) || 0, clockInc: Number(form.clockInc.value) || 0,
  });
  saveSettings();
  await newGame();
}

async function newGame(fen = null) {
  gameId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  startClock(settings.clockBase, settings.clockInc);
  board.setFlipped(settings.flipped !== (settings.mode === "computer" && settings.colour === "black"));
  say("");
  return act("new_game", { variant: settings.variant, drawRules: settings.drawRules, forcedCapture: settings.forcedCapture, fen }, { animate: false });
}

function pdnMessage(text, ok = false) {
  const el = $("pdn-message");
  el.textContent = text;
  el.classList.toggle("ok", ok);
}

async function exportPdn() {
  const tags = { Event: "Casual game", Date: new Date().toISOString().slice(0, 10).replaceAll("-", ".") };
  if (settings.mode === "computer") tags[computerSide() === "white" ? "White" : "Black"] = `Computer (level ${settings.level ?? hello.defaultLevel})`;
  try {
    const { pdn } = await call("export_pdn", { tags });
    $("pdn-text").value = pdn;
    return pdn;
  } catch (error) {
    pdnMessage(t("error", { message: error.message }));
    return "";
  }
}

async function importPdn(text) {
  // On any error Python keeps the game it had; the page only shows the message.
  try {
    const next = await call("import_pdn", { text });
    gameId = `${Date.now().toString(36)}-pdn`;
    startClock(0, 0);
    showView(next, { animate: false });
    pdnMessage(t("imported"), true);
  } catch (error) {
    pdnMessage(t("bad_pdn", { message: error.message }));
  }
}

async function setFen(fen) {
  try {
    const next = await call("set_fen", { fen, variant: view?.variant || settings.variant });
    gameId = `${Date.now().toString(36)}-fen`;
    startClock(0, 0);
    showView(next, { animate: false });
    pdnMessage(t("set_up_done"), true);
  } catch (error) {
    pdnMessage(t("bad_fen", { message: error.message }));
  }
}

/** The square-label setting; older settings had only a "coords" on/off switch. */
function labelMode() {
  return settings.labels || (settings.coords === false ? "none" : "numbers");
}

function applyTheme() {
  const theme = settings.theme || (matchMedia("(prefers-contrast: more)").matches ? "contrast"
    : matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  document.documentElement.dataset.theme = theme;
  board.themeChanged();
}

function applyLanguage() {
  setLanguage(pickLanguage(settings.lang));
  translatePage();
  board.layer.setAttribute("aria-label", t("board"));
  board.relabel();
  if (view) renderPanel();
}

function wireUi() {
  $("btn-new").addEventListener("click", () => {
    fillNewGameDialog();
    $("dlg-new").showModal();
  });
  $("form-new").addEventListener("submit", (e) => {
    if (e.submitter?.value === "start") startNewGame();
  });
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-draw").addEventListener("click", offerDraw);
  $("btn-resign").addEventListener("click", resign);
  $("btn-live").addEventListener("click", backToGame);
  $("btn-flip").addEventListener("click", () => {
    settings.flipped = !settings.flipped;
    saveSettings();
    board.setFlipped(settings.flipped !== (settings.mode === "computer" && settings.colour === "black"));
  });
  $("btn-pdn").addEventListener("click", () => {
    pdnMessage("");
    $("fen-text").value = view?.fen || "";
    $("dlg-pdn").showModal();
  });
  $("pdn-export").addEventListener("click", exportPdn);
  $("pdn-copy").addEventListener("click", async () => {
    const text = $("pdn-text").value || (await exportPdn());
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      $("pdn-text").select();
      document.execCommand?.("copy");
    }
    pdnMessage(t("copied"), true);
  });
  $("pdn-download").addEventListener("click", async () => {
    const text = await exportPdn();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
    a.download = `draughts-${view.variant}-${new Date().toISOString().slice(0, 10)}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  $("pdn-import").addEventListener("click", () => importPdn($("pdn-text").value));
  $("pdn-file").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    $("pdn-text").value = text;
    await importPdn(text);
    e.target.value = "";
  });
  $("fen-set").addEventListener("click", () => setFen($("fen-text").value));
  $("btn-settings").addEventListener("click", () => {
    $("set-lang").value = language();
    $("set-theme").value = document.documentElement.dataset.theme;
    $("set-labels").value = labelMode();
    $("dlg-settings").showModal();
  });
  $("set-lang").addEventListener("change", (e) => {
    settings.lang = e.target.value;
    saveSettings();
    applyLanguage();
  });
  $("set-theme").addEventListener("change", (e) => {
    settings.theme = e.target.value;
    saveSettings();
    applyTheme();
  });
  $("set-labels").addEventListener("change", (e) => {
    settings.labels = e.target.value;
    saveSettings();
    board.setLabels(settings.labels);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select, dialog")) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") {
      e.preventDefault();
      undo();
    } else if ((e.ctrlKey || e.metaKey) && e.key === "y") {
      e.preventDefault();
      redo();
    }
  });
  window.addEventListener("pagehide", persist);
}

// ---------------------------------------------------------------------------------------------
// Start-up: paint at once from the last view (or the build's first position), then boot Python.

async function paintEarly() {
  let early = null;
  try {
    early = JSON.parse(store.get(KEYS.view) || "null");
  } catch {}
  if (!early || !Array.isArray(early.squares)) {
    try {
      early = JSON.parse($("initial-view").textContent); // written into index.html by build.py
    } catch {}
  }
  if (early && Array.isArray(early.squares) && !view) {
    try {
      board.setView({ ...early, moves: [], messages: {} }, { animate: false });
      window.__draughts.paintedAt = performance.now();
    } catch (error) {
      store.remove(KEYS.view); // a damaged picture of the last game: Python will draw the real one
      console.warn("could not paint the saved board:", error);
    }
  }
}

async function onReady() {
  hello = await call("hello", {});
  ready = true;
  if (settings.level == null || !hello.levels.some((l) => l.number === settings.level)) settings.level = hello.defaultLevel;
  if (!hello.engine && settings.mode === "computer") {
    settings.mode = "two";
    notice(t("engine_missing"));
  }
  $("loading").hidden = true;
  const raw = store.get(KEYS.game);
  let restored = false;
  if (raw) {
    try {
      const saved = JSON.parse(raw);
      if (!saved || typeof saved !== "object" || !saved.save) throw new Error("no game in the saved data");
      const next = await call("restore", { save: saved.save });
      gameId = saved.gameId || null;
      clock = saved.clock && typeof saved.clock === "object" ? { ...saved.clock, lastTick: null } : null;
      board.setFlipped(settings.flipped !== (settings.mode === "computer" && settings.colour === "black"));
      showView(next, { animate: false });
      restored = true;
    } catch (error) {
      // Set the bad save aside (it may be worth a bug report) and start fresh: never a blank page.
      store.set(KEYS.corrupt, raw);
      store.remove(KEYS.game);
      notice(t("corrupt_save", { message: error.message }));
    }
  }
  if (!restored) await newGame();
  window.__draughts.interactiveAt = performance.now();
  document.documentElement.dataset.ready = "true";
}

window.__draughts = { stages: {}, workerStartedAt: performance.now(), paintedAt: null, interactiveAt: null, bootMs: null, lastThinkMs: null, board, call };
board.setLabels(labelMode());
applyTheme();
applyLanguage();
wireUi();
paintEarly();
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL("./sw.js", import.meta.url)).catch((error) => console.warn("service worker:", error));
}
