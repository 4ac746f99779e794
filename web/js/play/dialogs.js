// The play page's dialogs: a new game, the game record (PDN) and position (FEN), the settings,
// and a draw offer between two players. Each reads and writes its form; what a choice does is
// the page's (play.js), passed in as actions.

import { colourName, language, render, t } from "../../i18n.js";

/** @typedef {import("../types.js").Hello} Hello */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./storage.js").Settings} Settings */
/**
 * A game of a PDN file as the list shows it (draughts_web.library.GameSummary).
 * @typedef {{index: number, white: string, black: string, event: string, date: string, result: string, variant: string, plies: number, problem: string}} GameSummary
 * @typedef {{games: GameSummary[], done: boolean, share: number}} GameListPart
 */

// The largest file whose text the dialog shows in its field.
const SHOWN_FILE_CHARS = 200_000;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const dialog = (id) => /** @type {HTMLDialogElement} */ (document.getElementById(id));
/** @param {string} id */
const field = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** The new-game form's fields by name. @returns {Record<string, HTMLInputElement>} */
function newGameFields() {
  return /** @type {any} */ (/** @type {HTMLFormElement} */ ($("form-new")).elements);
}

/** @param {Hello} hello @param {Settings} settings @param {View | null} view */
export function openNewGameDialog(hello, settings, view) {
  // a losing game says so where it is chosen: its goal is the opposite of every other variant's
  $("new-variant").replaceChildren(...hello.variants.map((v) => new Option(
    `${t(`ed_variant.${v.key}`)} (${v.rows}×${v.cols})${v.losing ? ` — ${t("ed_losing")}` : ""}`, v.key)));
  $("new-level").replaceChildren(...hello.levels.map((l) => new Option(
    `${l.number} — ${render(l.name)}: ${render(l.about)}`, String(l.number))));
  $("new-draw").replaceChildren(...hello.drawPresets.map((p) => new Option(t(`ed_draw.${p}`), p)));
  const form = newGameFields();
  form.variant.value = view?.variant || settings.variant;
  form.mode.value = settings.mode;
  form.colour.value = settings.colour;
  form.level.value = String(settings.level ?? hello.defaultLevel);
  form.drawRules.value = hello.drawPresets.includes(settings.drawRules) ? settings.drawRules : hello.drawPresets[0];
  describeDrawRules();
  form.noForcedCapture.checked = !settings.forcedCapture;
  form.clockBase.value = String(settings.clockBase);
  form.clockInc.value = String(settings.clockInc);
  dialog("dlg-new").showModal();
}

/** One line under the draw-rule choice: what the chosen preset counts. */
function describeDrawRules() {
  $("new-draw-about").textContent = t(`ed_draw.${newGameFields().drawRules.value}.about`);
}

/** The settings the new-game form asks for. @returns {Partial<Settings>} */
function readNewGameDialog() {
  const form = newGameFields();
  /** @param {string} value @param {number} max */
  const bounded = (value, max) => Math.min(max, Math.max(0, Number(value) || 0));
  return {
    variant: form.variant.value, mode: form.mode.value === "two" ? "two" : "computer",
    colour: form.colour.value === "black" ? "black" : "white", level: Number(form.level.value),
    drawRules: form.drawRules.value, forcedCapture: !form.noForcedCapture.checked,
    clockBase: bounded(form.clockBase.value, 180), clockInc: bounded(form.clockInc.value, 120),
  };
}

/**
 * @typedef {object} PdnActions
 * @property {() => Promise<string>} exportPdn  the game's PDN text (also shown in the dialog)
 * @property {(index: number) => Promise<void>} importPdn  open game `index` of the text read by readGames
 * @property {(params: {text?: string}) => Promise<GameListPart>} readGames  read a PDN text a part at a time
 * @property {(fen: string) => Promise<void>} setFen
 * @property {() => View | null} view
 */

/** A line under the PDN dialog's buttons. @param {string} text @param {boolean} [ok] */
export function pdnMessage(text, ok = false) {
  const el = $("pdn-message");
  el.textContent = text;
  el.classList.toggle("ok", ok);
}

/** @param {string} text */
export function showPdn(text) {
  field("pdn-text").value = text;
}

/**
 * @param {{onNewGame: (settings: Partial<Settings>) => void, onSettings: (change: Partial<Settings>) => void,
 *   newGame: () => void, labels: () => string, pdn: PdnActions}} actions
 */
export function wireDialogs(actions) {
  $("btn-new").addEventListener("click", actions.newGame);
  $("form-new").addEventListener("submit", (e) => {
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (e).submitter);
    if (submitter?.value === "start") actions.onNewGame(readNewGameDialog());
  });
  $("new-draw").addEventListener("change", describeDrawRules);
  wirePdnDialog(actions.pdn);
  $("btn-settings").addEventListener("click", () => {
    field("set-lang").value = language();
    field("set-theme").value = document.documentElement.dataset.theme || "light";
    field("set-labels").value = actions.labels();
    dialog("dlg-settings").showModal();
  });
  field("set-lang").addEventListener("change", () => actions.onSettings({ lang: field("set-lang").value }));
  field("set-theme").addEventListener("change", () => actions.onSettings({ theme: field("set-theme").value }));
  field("set-labels").addEventListener("change", () => actions.onSettings({ labels: field("set-labels").value }));
}

/** @param {PdnActions} pdn */
function wirePdnDialog(pdn) {
  $("btn-pdn").addEventListener("click", () => {
    pdnMessage("");
    field("fen-text").value = pdn.view()?.fen || "";
    dialog("dlg-pdn").showModal();
  });
  $("pdn-export").addEventListener("click", () => pdn.exportPdn());
  $("pdn-copy").addEventListener("click", async () => {
    const text = field("pdn-text").value || (await pdn.exportPdn());
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard permission: select the text so the player can copy it by hand
      field("pdn-text").select();
    }
    pdnMessage(t("copied"), true);
  });
  $("pdn-download").addEventListener("click", async () => {
    const text = await pdn.exportPdn();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
    a.download = `draughts-${pdn.view()?.variant}-${new Date().toISOString().slice(0, 10)}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  $("pdn-import").addEventListener("click", () => readPdn(pdn, field("pdn-text").value));
  $("pdn-file").addEventListener("change", async () => {
    const input = field("pdn-file");
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    // a text field holding megabytes takes the page seconds to lay out: a big file is read
    // without being shown
    field("pdn-text").value = text.length <= SHOWN_FILE_CHARS ? text : "";
    await readPdn(pdn, text);
    input.value = "";
  });
  $("fen-set").addEventListener("click", () => pdn.setFen(field("fen-text").value));
}

/**
 * The dialog's part for a file of many games: a progress bar while it is read, then the list.
 * Made here on first use (the dialog's markup has only the text field and its buttons).
 */
function gamesBox() {
  let box = document.getElementById("pdn-games");
  if (box) return box;
  box = document.createElement("section");
  box.id = "pdn-games";
  box.hidden = true;
  const heading = document.createElement("p");
  heading.id = "pdn-games-title";
  const progress = document.createElement("progress");
  progress.id = "pdn-progress";
  progress.max = 1;
  progress.style.width = "100%";
  const list = document.createElement("ol");
  list.id = "pdn-game-list";
  Object.assign(list.style, { maxHeight: "min(22rem, 45vh)", overflowY: "auto", padding: "0", margin: "0.3rem 0",
    listStyle: "none", display: "grid", gap: "0.25rem" });
  box.append(heading, progress, list);
  $("pdn-message").after(box);
  return box;
}

/** A game of the list: its players and result, then its event, date and variant. @param {GameSummary} g */
function gameButton(g) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.game = String(g.index);
  Object.assign(b.style, { width: "100%", textAlign: "start", minHeight: "2.75rem" });
  const players = document.createElement("strong");
  players.textContent = `${g.index + 1}. ${g.white} – ${g.black}`;
  const result = document.createElement("span");
  result.textContent = `  ${g.result}`;
  result.className = "game-result";
  const about = document.createElement("small");
  about.style.display = "block";
  about.textContent = [g.event, g.date, g.variant || g.problem, t("pf_plies", { count: g.plies })].filter(Boolean).join(" · ");
  b.append(players, result, about);
  b.disabled = !g.variant;
  return b;
}

/**
 * Read a PDN text's games a part at a time in the worker, the progress shown between the parts
 * so the page never waits on a long file; then open the only game or list them to choose from.
 * @param {PdnActions} pdn @param {string} text
 */
async function readPdn(pdn, text) {
  const box = gamesBox();
  const title = $("pdn-games-title");
  const progress = /** @type {HTMLProgressElement} */ ($("pdn-progress"));
  const list = $("pdn-game-list");
  list.replaceChildren();
  progress.value = 0;
  progress.hidden = false;
  box.hidden = false;
  box.dataset.state = "reading";
  pdnMessage("");
  /** @type {GameSummary[]} */
  const games = [];
  try {
    let part = await pdn.readGames({ text });
    for (;;) {
      games.push(...part.games);
      progress.value = part.share;
      title.textContent = t("pf_reading_games", { count: games.length });
      if (part.done) break;
      part = await pdn.readGames({});
    }
  } catch (error) {
    box.hidden = true;
    pdnMessage(t("bad_pdn", { message: /** @type {Error} */ (error).message }));
    return;
  }
  progress.hidden = true;
  if (games.length === 0) {
    box.hidden = true;
    pdnMessage(t("bad_pdn", { message: t("pf_no_games") }));
    return;
  }
  if (games.length === 1) {
    box.hidden = true;
    await pdn.importPdn(0);
    return;
  }
  box.dataset.state = "list";
  title.textContent = t("pf_choose_game", { count: games.length });
  list.replaceChildren(...games.map((g) => {
    const li = document.createElement("li");
    const b = gameButton(g);
    b.addEventListener("click", async () => {
      for (const other of list.querySelectorAll("button[aria-current]")) other.removeAttribute("aria-current");
      b.setAttribute("aria-current", "true");
      await pdn.importPdn(g.index);
    });
    li.append(b);
    return li;
  }));
}

/**
 * Between two players, the other player answers a draw offer. @param {View} view
 * @returns {Promise<boolean>} accepted
 */
export function askDraw(view) {
  const dlg = dialog("dlg-draw");
  const other = view.turn === "white" ? "black" : "white";
  $("draw-question").textContent = t("draw_offered", { colour: colourName(view.turn) }) + ` (${colourName(other)})`;
  dlg.returnValue = "";
  dlg.showModal();
  return new Promise((resolve) => dlg.addEventListener("close", () => resolve(dlg.returnValue === "accept"), { once: true }));
}
