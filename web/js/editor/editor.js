// The board editor (editor.html): place and remove men and kings of either colour, choose the
// side to move and the variant, and see at once whether the set-up can be played and why not
// (Python checks it: draughts/setup.py through the worker's "setup" method). A playable set-up
// starts a game against the computer or an analysis on the play page, and is shared as FEN and
// as a link; the editor opens such a link too (editor.html#fen=…&variant=…).

import { errorText, pickLanguage, render, setLanguage, squareLabel, t, translatePage } from "../../i18n.js";
import { linkHash, linkTo, readLink } from "../play/link.js";
import { loadSettings, saveSettings } from "../play/storage.js";
import { call, ready } from "../worker-client.js";
import { SetupGrid } from "./grid.js";

/** @typedef {import("./grid.js").SetupSquare} SetupSquare */
/** @typedef {import("../types.js").TextMessage} TextMessage */
/**
 * What Python says of a set-up (web/py/draughts_web/protocol.py SetupView).
 * @typedef {{variant: string, rows: number, cols: number, squares: SetupSquare[], pieces: Record<string, string>,
 *   turn: "white" | "black", start: Record<string, string>, first: "white" | "black", problems: TextMessage[], fen: string | null}} SetupView
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

const booting = ready();
const { settings } = loadSettings();

/** @type {SetupView | null} */
let view = null;
/** @type {{key: string, losing?: boolean}[]} */
let variants = [];
let pending = Promise.resolve();

const grid = new SetupGrid($("ed-board"), {
  onSquare: (label) => edit((pieces) => {
    const tool = selectedTool();
    if (!tool || pieces[label] === tool) delete pieces[label];
    else pieces[label] = tool;
  }),
  onMove: (from, to) => edit((pieces) => {
    pieces[to] = pieces[from];
    delete pieces[from];
  }),
  onRemove: (label) => edit((pieces) => delete pieces[label]),
  describe: (label, piece) => squareLabel(label, piece ?? null),
});

function selectedTool() {
  const checked = /** @type {HTMLInputElement | null} */ (document.querySelector("input[name=tool]:checked"));
  return checked ? checked.value : "w";
}

function selectedTurn() {
  const checked = /** @type {HTMLInputElement | null} */ (document.querySelector("input[name=turn]:checked"));
  return checked?.value === "black" ? "black" : "white";
}

/** One request at a time, in order: every change is checked against the set-up before it. @param {() => Promise<void>} step */
function queue(step) {
  pending = pending.then(step).catch((error) => message(t("bad_fen", { message: errorText(error) })));
  return pending;
}

/** Change the pieces and have Python check the result. @param {(pieces: Record<string, string>) => void} change */
function edit(change) {
  return queue(async () => {
    if (!view) return;
    const pieces = { ...view.pieces };
    change(pieces);
    await check({ variant: view.variant, pieces, turn: selectedTurn() });
  });
}

/** @param {Record<string, unknown>} params */
async function check(params) {
  const next = /** @type {SetupView} */ (await call("setup", params));
  view = next;
  message("");
  show();
}

function show() {
  if (!view) return;
  grid.show(view);
  /** @type {HTMLSelectElement} */ ($("ed-variant")).value = view.variant;
  for (const radio of document.querySelectorAll("input[name=turn]")) {
    /** @type {HTMLInputElement} */ (radio).checked = /** @type {HTMLInputElement} */ (radio).value === view.turn;
  }
  const refused = view.problems.length > 0;
  $("ed-check").classList.toggle("refused", refused);
  $("ed-verdict").textContent = refused ? t("ed_not_playable") : t("ed_playable");
  $("ed-problems").replaceChildren(...view.problems.map((p) => Object.assign(document.createElement("li"), { textContent: render(p) })));
  button("ed-play").disabled = refused;
  button("ed-analyse").disabled = refused;
  button("ed-copy-link").disabled = refused;
  if (view.fen) {
    input("ed-fen").value = view.fen;
    input("ed-link").value = linkTo("editor.html", { fen: view.fen, variant: view.variant });
    history.replaceState(null, "", linkHash({ fen: view.fen, variant: view.variant }));
  } else {
    input("ed-link").value = "";
  }
  const goal = variants.find((v) => v.key === view?.variant)?.losing;
  $("ed-goal").hidden = !goal;
  $("ed-goal").textContent = goal ? t("ed_losing") : "";
}

/** The variant's start position (what a variant's board holds when it is chosen). @param {string} variant */
async function startPosition(variant) {
  const empty = /** @type {SetupView} */ (await call("setup", { variant }));
  await check({ variant, pieces: empty.start, turn: empty.first });
}

/** @param {string} text */
function message(text) {
  $("ed-message").textContent = text;
}

/** The play page with this set-up, as a game against the computer or an analysis. @param {boolean} analyse */
function open(analyse) {
  if (!view || !view.fen) return;
  settings.mode = "computer";
  settings.variant = view.variant;
  saveSettings(settings);
  location.href = linkTo("index.html", { fen: view.fen, variant: view.variant, analyse });
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    message(t("copied"));
  } catch {
    message(text); // no clipboard permission: show it to copy by hand
  }
}

function applyLanguage() {
  setLanguage(pickLanguage(settings.lang));
  translatePage();
  document.title = t("ed_title");
  const select = /** @type {HTMLSelectElement} */ ($("ed-variant"));
  const chosen = select.value;
  select.replaceChildren(...variants.map((v) => new Option(t(`ed_variant.${v.key}`), v.key)));
  if (chosen) select.value = chosen;
  /** @type {HTMLSelectElement} */ ($("ed-lang")).value = settings.lang || pickLanguage(null);
  grid.relabel();
  show();
}

function wire() {
  for (const radio of document.querySelectorAll("input[name=turn]")) radio.addEventListener("change", () => edit(() => {}));
  $("ed-variant").addEventListener("change", () => queue(async () => {
    const variant = /** @type {HTMLSelectElement} */ ($("ed-variant")).value;
    await startPosition(variant);
  }));
  $("ed-clear").addEventListener("click", () => edit((pieces) => {
    for (const label of Object.keys(pieces)) delete pieces[label];
  }));
  $("ed-start").addEventListener("click", () => queue(async () => {
    if (view) await check({ variant: view.variant, pieces: view.start, turn: view.first });
  }));
  $("ed-load").addEventListener("click", () => queue(async () => {
    await check({ variant: view?.variant || "international", fen: input("ed-fen").value });
  }));
  $("ed-copy-fen").addEventListener("click", () => copy(input("ed-fen").value));
  $("ed-copy-link").addEventListener("click", () => copy(input("ed-link").value));
  $("ed-play").addEventListener("click", () => open(false));
  $("ed-analyse").addEventListener("click", () => open(true));
  $("ed-lang").addEventListener("change", () => {
    settings.lang = /** @type {HTMLSelectElement} */ ($("ed-lang")).value;
    saveSettings(settings);
    applyLanguage();
  });
}

async function start() {
  await booting;
  $("loading").hidden = true;
  const hello = await call("hello");
  variants = hello.variants;
  applyLanguage();
  const link = readLink();
  if (link) {
    try {
      await check({ variant: link.variant, fen: link.fen });
    } catch (error) {
      message(t("bad_fen", { message: errorText(error) }));
    }
  }
  if (!view) await startPosition(settings.variant || "international");
  document.documentElement.dataset.ready = "true";
}

if (settings.theme) document.documentElement.dataset.theme = settings.theme;
applyLanguage();
wire();
start().catch((/** @type {Error} */ error) => {
  $("fatal").textContent = t("fatal", { message: error.message });
  $("fatal").hidden = false;
});
