// The play page's dialogs: a new game, the game record (PDN) and position (FEN), the settings,
// and a draw offer between two players. Each reads and writes its form; what a choice does is
// the page's (play.js), passed in as actions.

import { colourName, language, t } from "../../i18n.js";

/** @typedef {import("../types.js").Hello} Hello */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./storage.js").Settings} Settings */

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
  $("new-variant").replaceChildren(...hello.variants.map((v) => new Option(`${v.name} (${v.rows}×${v.cols})`, v.key)));
  $("new-level").replaceChildren(...hello.levels.map((l) => new Option(
    `${l.number} — ${t(`level.name.${l.number}`)}: ${t(`level.about.${l.number}`)}`, String(l.number))));
  $("new-draw").replaceChildren(...hello.drawPresets.map((p) => new Option(p === hello.drawPresets[0] ? t("draw_default") : p, p)));
  const form = newGameFields();
  form.variant.value = view?.variant || settings.variant;
  form.mode.value = settings.mode;
  form.colour.value = settings.colour;
  form.level.value = String(settings.level ?? hello.defaultLevel);
  form.drawRules.value = hello.drawPresets.includes(settings.drawRules) ? settings.drawRules : hello.drawPresets[0];
  form.noForcedCapture.checked = !settings.forcedCapture;
  form.clockBase.value = String(settings.clockBase);
  form.clockInc.value = String(settings.clockInc);
  dialog("dlg-new").showModal();
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
 * @property {(text: string) => Promise<void>} importPdn
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
  $("pdn-import").addEventListener("click", () => pdn.importPdn(field("pdn-text").value));
  $("pdn-file").addEventListener("change", async () => {
    const input = field("pdn-file");
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    field("pdn-text").value = text;
    await pdn.importPdn(text);
    input.value = "";
  });
  $("fen-set").addEventListener("click", () => pdn.setFen(field("fen-text").value));
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
