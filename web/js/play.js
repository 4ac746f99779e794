// The play page (index.html): wires the board, the panel and the dialogs to the game
// controller, and keeps what a screen keeps: settings, the saved game, which earlier position
// is being reviewed. Python (web/main.py) is the authority on everything about the game.

import { colourName, errorText, language, message, pickLanguage, render, resultReason, setLanguage, squareLabel, t, translatePage } from "../i18n.js";
import { Board } from "./board/board.js";
import { moveKind } from "./board/state.js";
import { Clock } from "./game/clock.js";
import { GameController } from "./game/controller.js";
import { opponent } from "./game/flow.js";
import { bindShortcuts, showKeyPanel } from "./keys.js";
import { registerServiceWorker } from "./offline.js";
import { setupAnalysis } from "./analysis/panel.js";
import { askDraw, openNewGameDialog, pdnMessage, showPdn, wireDialogs } from "./play/dialogs.js";
import { clearLink, linkTo, readLink } from "./play/link.js";
import { renderClock, renderPanel, renderRecord, setPageState } from "./play/panel.js";
import { applyPrefs, wirePrefs } from "./play/prefs.js";
import { announce, damagedNotice, notice, say } from "./play/status.js";
import { TreeSteps } from "./play/steps.js";
import {
  KEYS, isBoardPicture, loadBoardPicture, loadGame, loadRecord, loadSettings, saveBoardPicture, saveGame,
  saveRecord, saveSettings, store,
} from "./play/storage.js";
import { Sounds } from "./sound.js";
import { call, holdWhileBooting, onProgress, ready } from "./worker-client.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Hello} Hello */
/** @typedef {import("./play/storage.js").Settings} Settings */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const metrics = {
  stages: /** @type {Record<string, number>} */ ({}), workerStartedAt: performance.now(),
  paintedAt: /** @type {number | null} */ (null), interactiveAt: /** @type {number | null} */ (null),
  bootMs: /** @type {number | null} */ (null), boot: "", lastThinkMs: /** @type {number | null} */ (null),
};
const booting = ready(); // start Python now: it boots while the page paints
// asked now, answered the moment Python is ready (the worker queues it): no round trip after the boot
const greeting = call("hello");
greeting.catch(() => {}); // a failed boot is reported by start()

const loaded = loadSettings();
const settings = loaded.settings;
/** @type {Hello | null} */
let hello = null;
/** @type {string | null} */
let gameId = null;
let thinkStarted = 0;
const sounds = new Sounds();
/** The live game's last view, to tell what the next move was (a capture? a crowning?) for its sound. @type {View | null} */
let liveView = null;

const board = new Board($("board"), {
  onMove: (move) => controller.play(move),
  onMessage: (key) => {
    const view = board.view;
    say(view && view.messages[key] ? message(view.messages[key]) : t(key), true);
  },
  label: (square, piece, marks) => [squareLabel(square.label, piece), ...marks.map((s) => t(`state_${s}`))].join(", "),
  routeTitle: () => t("choose_route"),
  routeLabel: (move) => t("route", { text: move.text, caps: move.caps.map(labelOf).join(", ") }),
});

const controller = new GameController({
  call,
  hooks: {
    onView(view, arrival) {
      const before = page.reviewPly == null ? board.view : null;
      if (arrival.by === "player" || (!arrival.move && before && before.fen !== view.fen)) say(""); // an old hint or warning no longer applies
      page.reviewPly = null;
      board.setView(view, { animate: arrival.animate });
      if (arrival.by === "computer") metrics.lastThinkMs = performance.now() - thinkStarted;
      thinkStarted = 0;
      if (arrival.by && arrival.move) {
        const kind = moveKind(liveView, view);
        if (kind) sounds.play(kind);
        announce(arrival.by === "computer" ? t("computer_played", { move: arrival.move })
          : t("played", { colour: colourName(arrival.mover || view.turn), move: arrival.move }));
      }
      liveView = view;
      refresh();
      persist();
      analysis.follow(view);
      steps.takePending();
    },
    onEnd: gameOver,
    onState() {
      if (controller.thinking && !thinkStarted) thinkStarted = performance.now();
      refresh();
    },
    onError(error) {
      thinkStarted = 0;
      say(t("error", { message: errorText(error) }), true);
      refresh();
    },
    onClock: () => renderClock(controller),
  },
});

// A visit with neither a link nor a saved game opens a new game: asked now, behind hello, so
// the worker answers both the moment Python is ready, with no round trip after the boot.
const firstGame = readLink() || store.get(KEYS.game) != null ? undefined : controller.ask("new_game", newGameParams());
firstGame?.catch(() => {}); // a failed boot is reported by start()

/** What the panel draws from. @type {import("./play/panel.js").PanelState} */
const page = { controller, settings, ready: false, reviewPly: null, goto: (/** @type {number} */ node) => steps.goto(node) };

const analysis = setupAnalysis({ controller, board, page, refresh: () => refresh(), say: (text, warn) => say(text, warn) });
const steps = new TreeSteps({ controller, board, page, refresh: () => refresh(), analysisChanged: () => analysis.render() });

/** @param {number} n */
function labelOf(n) {
  const square = board.view?.squares.find((s) => s[0] === n);
  return square ? square[1] : String(n);
}

// Saved data that could not be read: a quiet note, since the page simply starts from its defaults.
/** The variant in play, and for a losing game its goal, over the turn line. */
function renderVariant() {
  const view = controller.view;
  const line = $("game-variant");
  if (!view) return line.replaceChildren();
  const losing = hello?.variants.find((v) => v.key === view.variant)?.losing;
  const goal = Object.assign(document.createElement("span"), { className: "goal", textContent: losing ? ` — ${t("ed_losing")}` : "" });
  line.replaceChildren(t(`ed_variant.${view.variant}`), goal);
}

/** The board takes moves only in the live game, when the controller does. */
function refresh() {
  renderVariant();
  board.setInteractive(page.ready && page.reviewPly == null && controller.acceptsMoves());
  if (controller.view) renderPanel(page);
  else setPageState(page);
}

function persist() {
  const view = controller.view;
  if (!view || !view.save) return;
  saveGame(view.save, gameId, controller.clock);
  saveBoardPicture(view); // lets the next visit paint its board before Python has started
}

/** The end of a game: say the result and count it in the record against the computer. @param {View} view */
function gameOver(view) {
  const outcome = /** @type {import("./types.js").Outcome} */ (view.outcome);
  sounds.play("end");
  say(`${outcome.winner ? t(`result_${outcome.winner}`) : t("result_draw")}: ${resultReason(outcome)}`);
  const player = controller.playerSide;
  if (!player || !gameId || view.recorded) return; // an imported game was not played here
  const record = loadRecord();
  const entry = record[view.variant] || { w: 0, d: 0, l: 0, rating: 1200, games: [] };
  if (entry.games.includes(gameId)) return;
  const score = outcome.winner == null ? 0.5 : outcome.winner === player ? 1 : 0;
  const opponentRating = 800 + 150 * Number(controller.level);
  const expected = 1 / (1 + 10 ** ((opponentRating - entry.rating) / 400));
  entry.rating = Math.round(entry.rating + 32 * (score - expected));
  entry[score === 1 ? "w" : score === 0 ? "l" : "d"] += 1;
  entry.games = [...entry.games.slice(-50), gameId];
  record[view.variant] = entry;
  saveRecord(record);
  renderRecord(view);
}

// ---------------------------------------------------------------------------------------------
// Actions

/** Against the computer or two players, as the settings say. */
function applyOpponent() {
  const computer = settings.mode === "computer" && !!hello?.engine;
  controller.setOpponent(computer ? opponent(settings.colour) : null, settings.level ?? hello?.defaultLevel ?? null);
  board.setFlipped(settings.flipped !== (computer && settings.colour === "black"));
}

/** @param {string} suffix */
const newGameId = (suffix) => `${Date.now().toString(36)}-${suffix}`;

/** A new game's request, from the settings. */
function newGameParams() {
  return { variant: settings.variant, drawRules: settings.drawRules, forcedCapture: settings.forcedCapture, fen: null };
}

/** A new game from the settings (`asked`: its request, sent already). @param {Promise<View>} [asked] */
async function newGame(asked) {
  applyOpponent();
  say("");
  try {
    await controller.load("new_game", newGameParams(), Clock.fromSettings(settings.clockBase, settings.clockInc), asked);
    gameId = newGameId(Math.random().toString(36).slice(2, 8));
    persist();
  } catch (error) {
    say(t("error", { message: errorText(error) }), true);
  }
}

/**
 * A game from a record or a position replaces the current one (no clock); on an error Python
 * keeps the game it had and the dialog says why.
 * @param {string} method @param {Record<string, unknown>} params @param {string} done @param {string} failed @param {string} suffix
 */
async function loadInto(method, params, done, failed, suffix) {
  try {
    await controller.load(method, params);
    gameId = newGameId(suffix);
    persist();
    pdnMessage(t(done), true);
  } catch (error) {
    pdnMessage(t(failed, { message: errorText(error) }));
  }
}

async function exportPdn() {
  const tags = /** @type {Record<string, string>} */ ({ Event: "Casual game", Date: new Date().toISOString().slice(0, 10).replaceAll("-", ".") });
  if (controller.computerSide) tags[controller.computerSide === "white" ? "White" : "Black"] = `Computer (level ${controller.level})`;
  try {
    const { pdn } = await call("export_pdn", { tags });
    showPdn(pdn);
    return /** @type {string} */ (pdn);
  } catch (error) {
    pdnMessage(t("error", { message: errorText(error) }));
    return "";
  }
}

/**
 * The position a link names (from the board editor or a shared address) as a new game; one
 * that cannot be played is refused with its reasons and the page keeps its game.
 * @param {import("./play/link.js").PositionLink} link
 * @returns {Promise<boolean>} opened
 */
async function openLink(link) {
  clearLink();
  try {
    const setup = await call("setup", { variant: link.variant, fen: link.fen });
    if (setup.problems.length) {
      notice(t("ed_link_refused", { reason: setup.problems.map(render).join(" ") }));
      return false;
    }
    changeSettings({ variant: setup.variant, ...(settings.mode === "computer" ? { colour: setup.turn } : {}) });
    applyOpponent();
    await controller.load("new_game", { variant: setup.variant, drawRules: settings.drawRules,
      forcedCapture: settings.forcedCapture, fen: setup.fen });
    gameId = newGameId("link");
    persist();
    notice("");
    say(t("ed_link_opened"));
    if (link.analyse) openAnalysis();
    return true;
  } catch (error) {
    notice(t("ed_link_refused", { reason: errorText(error) }));
    return false;
  }
}

/** The same settings with the colours swapped, from the same start. */
async function rematch() {
  if (settings.mode === "computer") changeSettings({ colour: opponent(settings.colour) });
  applyOpponent();
  say("");
  if (await controller.playFrom(0, Clock.fromSettings(settings.clockBase, settings.clockInc))) {
    gameId = newGameId("rematch");
    persist();
  }
}

/** A new game from the position shown (an earlier one, or the end of an imported game). */
async function playOn() {
  const ply = page.reviewPly ?? controller.view?.ply ?? 0;
  say("");
  if (await controller.playFrom(ply)) {
    gameId = newGameId("from");
    persist();
  }
}

/** Analysis of the board's position, for other parts of the page (the board editor, a link). */
function openAnalysis() {
  if (!page.ready) {
    pendingAnalysis = true;
    return;
  }
  if (!analysis.isOpen()) analysis.open();
}
let pendingAnalysis = /analyse/.test(location.hash);

async function hint() {
  const h = await controller.hint();
  if (!h) return;
  board.setHint(h.move);
  say(t("hint_text", { move: h.text }) + (h.reason ? ` — ${render(h.reason)}` : ""));
}

async function offerDraw() {
  const view = controller.view;
  if (!view || !controller.canDeclare()) return;
  if (controller.computerSide) {
    const accepted = await controller.offerComputerDraw();
    if (accepted === false) say(t("draw_declined"));
  } else if (await askDraw(view)) await controller.agreeDraw();
}

// ---------------------------------------------------------------------------------------------
// Settings that change the page at once

function labelSetting() {
  return settings.labels || "numbers";
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
  board.setName(t("board"));
  board.relabel();
  if (controller.view) renderPanel(page);
  analysis.render();
}

/** @param {Partial<Settings>} change */
function changeSettings(change) {
  Object.assign(settings, change);
  saveSettings(settings);
  if ("lang" in change) applyLanguage();
  if ("theme" in change) applyTheme();
  if ("labels" in change) board.setLabels(labelSetting());
  if (["boardColours", "pieces", "sound", "shortcuts"].some((key) => key in change)) applyPrefs(settings, board, sounds);
}

function flip() {
  changeSettings({ flipped: !settings.flipped });
  applyOpponent();
}

/** The shortcut M: sounds on or off, said to screen readers. */
function toggleSound() {
  changeSettings({ sound: !settings.sound });
  announce(t(settings.sound ? "ax_sound_on" : "ax_sound_off"));
}

/** The shortcut N: the square numbers on or off. */
function toggleNumbers() {
  changeSettings({ labels: labelSetting() === "none" ? "numbers" : "none" });
  announce(t(labelSetting() === "none" ? "ax_numbers_off" : "ax_numbers_on"));
}

function wireUi() {
  wireDialogs({
    newGame: () => hello && openNewGameDialog(hello, settings, controller.view),
    onNewGame: (choice) => {
      changeSettings(choice);
      newGame();
    },
    onSettings: changeSettings,
    labels: labelSetting,
    pdn: {
      exportPdn,
      importPdn: (index) => loadInto("import_pdn", { index }, "imported", "bad_pdn", "pdn"),
      readGames: (params) => call("pdn_games", params),
      setFen: (fen) => loadInto("set_fen", { fen, variant: controller.view?.variant || settings.variant }, "set_up_done", "bad_fen", "fen"),
      view: () => controller.view,
    },
  });
  $("btn-undo").addEventListener("click", () => controller.undo());
  $("btn-redo").addEventListener("click", () => controller.redo());
  $("btn-hint").addEventListener("click", hint);
  $("btn-draw").addEventListener("click", offerDraw);
  $("btn-resign").addEventListener("click", () => controller.resign());
  $("btn-live").addEventListener("click", () => steps.backToGame());
  // the editor opens on the position on the board
  $("link-editor").addEventListener("click", () => {
    const view = controller.view;
    if (view) /** @type {HTMLAnchorElement} */ ($("link-editor")).href = linkTo("editor.html", { fen: view.fen, variant: view.variant });
  });
  window.addEventListener("hashchange", () => {
    const link = readLink();
    if (link && page.ready) openLink(link);
    else if (/analyse/.test(location.hash)) openAnalysis();
  });
  $("btn-rematch").addEventListener("click", rematch);
  $("btn-play-from").addEventListener("click", playOn);
  // ← → ↑ ↓ Home End step through the game's tree when the board does not hold the keys
  document.addEventListener("keydown", (e) => {
    if (!(/** @type {Element} */ (e.target).closest("input, textarea, select, dialog"))) steps.key(e);
  });
  document.addEventListener("draughts:analyse", openAnalysis);
  $("btn-flip").addEventListener("click", flip);
  wirePrefs(changeSettings);
  $("btn-keys").addEventListener("click", showKeyPanel);
  $("skip-to-board").addEventListener("click", (e) => {
    e.preventDefault();
    board.focus();
  });
  bindShortcuts({
    undo: () => controller.undo(), redo: () => controller.redo(), hint, flip, sound: toggleSound, numbers: toggleNumbers,
    help: showKeyPanel,
  }, () => settings.shortcuts);
  window.addEventListener("pagehide", persist);
}

// ---------------------------------------------------------------------------------------------
// Start-up: paint at once from the last board (or the build's first position), then boot Python.

function paintEarly() {
  const saved = loadBoardPicture();
  if (saved.damaged) damagedNotice();
  let early = saved.picture;
  if (!early) {
    try {
      const built = JSON.parse($("initial-view").textContent || "null"); // written into index.html by build.py
      if (isBoardPicture(built)) early = { ...built, moves: [], messages: {} };
    } catch {
      // a page built without an initial view: the board appears when Python is ready
    }
  }
  if (early && !controller.view) {
    board.setView(early);
    metrics.paintedAt = performance.now();
  }
}

/** The saved game, if it restores; a damaged one is set aside with a notice. */
async function restoreSaved() {
  let raw = store.get(KEYS.game);
  try {
    const saved = loadGame();
    if (!saved) return false;
    raw = saved.raw;
    if (saved.damaged) damagedNotice();
    gameId = saved.game.gameId; // before the game is shown: a finished game is counted once by its id
    await controller.load("restore", { save: saved.game.save }, saved.game.clock);
    return true;
  } catch (error) {
    // Set the bad save aside (it may be worth a bug report) and start fresh: never a blank page.
    if (raw != null) store.setAside(KEYS.game, raw);
    notice(t("corrupt_save", { message: errorText(error) }));
    return false;
  }
}

async function start() {
  const stop = onProgress((progress) => {
    metrics.stages[progress.stage] = Math.round(progress.ms);
    /** @type {HTMLProgressElement} */ ($("loading-bar")).value = progress.fraction;
    $("loading-text").textContent = t(`stage_${progress.stage}`);
  });
  try {
    const booted = await booting;
    metrics.bootMs = booted.bootMs;
    metrics.boot = booted.boot;
  } finally {
    stop();
    $("loading").hidden = true;
  }
  hello = /** @type {Hello} */ (await greeting);
  page.ready = true;
  if (settings.level == null || !hello.levels.some((l) => l.number === settings.level)) settings.level = hello.defaultLevel;
  if (!hello.engine && settings.mode === "computer") {
    settings.mode = "two";
    notice(t("engine_missing"));
  }
  applyOpponent();
  const link = readLink();
  if (!(link && (await openLink(link))) && !(await restoreSaved())) await newGame(firstGame);
  releaseControls();
  refresh();
  metrics.interactiveAt = performance.now();
  document.documentElement.dataset.ready = "true";
  if (pendingAnalysis) openAnalysis();
}

// for the benchmark (bench/web_bench.py): boot stages and timings, and the worker's call
Object.assign(window, { __draughts: Object.assign(metrics, { board, call }), openAnalysis });
board.setLabels(labelSetting());
applyPrefs(settings, board, sounds);
applyTheme();
applyLanguage();
// the buttons that need Python stay disabled, saying why, until a game is on the board
const releaseControls = holdWhileBooting(["btn-new", "btn-undo", "btn-redo", "btn-hint", "btn-draw", "btn-resign",
  "btn-pdn", "btn-analyse"].map((id) => /** @type {HTMLButtonElement} */ ($(id))), t("boot_wait"));
if (loaded.damaged) damagedNotice();
wireUi();
paintEarly();
setPageState(page);
// the offline cache is filled once the game is playable, so its work never delays that
start().then(() => registerServiceWorker(() => t("boot_updated")), (/** @type {Error} */ error) => {
  const box = $("fatal");
  box.textContent = t("fatal", { message: error.message });
  box.hidden = false;
});
