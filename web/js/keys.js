// The play page's keyboard shortcuts and the "?" panel that lists them. One table says which
// key does what; the key handler and the panel both read it, so the panel cannot drift from
// what the keys do. The board's own keys (walking the squares, Enter and Space) are the
// board's (board/input.js); the panel lists them too, from BOARD_KEYS.

import { t } from "../i18n.js";

/**
 * A shortcut: the single key, a Ctrl (or Cmd) key that does the same where one is usual, the
 * page's action it runs, and the catalogue id of what it does.
 * @typedef {{key: string, ctrl?: string, action: ShortcutAction, text: string}} Shortcut
 * @typedef {"undo" | "redo" | "hint" | "flip" | "sound" | "numbers" | "help"} ShortcutAction
 */

/** @type {Shortcut[]} */
export const SHORTCUTS = [
  { key: "u", ctrl: "z", action: "undo", text: "undo" },
  { key: "r", ctrl: "y", action: "redo", text: "redo" },
  { key: "h", action: "hint", text: "hint" },
  { key: "f", action: "flip", text: "flip" },
  { key: "m", action: "sound", text: "ax_keys_sound" },
  { key: "n", action: "numbers", text: "ax_keys_numbers" },
  { key: "?", action: "help", text: "ax_keys_help" },
];

/**
 * The board's keys, as the panel lists them: the keys (a keycap's own words, or catalogue ids
 * where a keyboard names the key in its language), whether any one of them does it ("or") or
 * each its own direction (","), and what they do (a catalogue id).
 * @type {{keys?: string[], keyIds?: string[], either?: boolean, text: string}[]}
 */
export const BOARD_KEYS = [
  { keys: ["←", "→"], text: "ax_keys_row" },
  { keys: ["↑", "↓"], text: "ax_keys_column" },
  { keyIds: ["ax_key_home", "ax_key_page_up", "ax_key_end", "ax_key_page_down"], text: "ax_keys_diagonal" },
  { keyIds: ["ax_key_enter", "ax_key_space"], either: true, text: "ax_keys_press" },
  { keys: ["Esc"], text: "ax_keys_escape" },
];

/** @param {EventTarget | null} target */
function typingIn(target) {
  const el = /** @type {Element | null} */ (target);
  return !!el?.closest?.("input, textarea, select, [contenteditable]");
}

/**
 * Run the shortcuts' actions from the keyboard anywhere on the page, except while the player
 * types in a field or a dialog is open. The single keys work only while `singleKeys()` says so
 * (a setting: they can get in the way of speech input), the Ctrl keys always.
 * @param {Record<ShortcutAction, () => void>} actions @param {() => boolean} singleKeys
 */
export function bindShortcuts(actions, singleKeys) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || typingIn(e.target) || document.querySelector("dialog[open]")) return;
    const key = e.key.toLowerCase();
    const withCtrl = e.ctrlKey || e.metaKey;
    const shortcut = SHORTCUTS.find((s) => (withCtrl ? s.ctrl === key : s.key === key));
    if (!shortcut || (!withCtrl && !singleKeys())) return;
    e.preventDefault();
    actions[shortcut.action]();
  });
}

/** @param {string} text */
function kbd(text) {
  const el = document.createElement("kbd");
  el.textContent = text;
  return el;
}

/** @param {(string | Node)[]} keys @param {string} what */
function row(keys, what) {
  const tr = document.createElement("tr");
  const th = document.createElement("th");
  th.scope = "row";
  th.append(...keys);
  const td = document.createElement("td");
  td.textContent = what;
  tr.append(th, td);
  return tr;
}

/** Fill the panel's two tables (on the board, anywhere) in the page's language. */
export function fillKeyPanel() {
  const board = /** @type {HTMLElement} */ (document.getElementById("keys-board"));
  board.replaceChildren(...BOARD_KEYS.map((k) => {
    const names = k.keys ?? (k.keyIds ?? []).map((id) => t(id));
    const joiner = k.either ? ` ${t("ax_keys_or")} ` : ", ";
    return row(names.flatMap((name, i) => (i ? [joiner, kbd(name)] : [kbd(name)])), t(k.text));
  }));
  const page = /** @type {HTMLElement} */ (document.getElementById("keys-page"));
  page.replaceChildren(...SHORTCUTS.map((s) => {
    /** @type {(string | Node)[]} */
    const keys = [kbd(s.key.toUpperCase())];
    if (s.ctrl) keys.push(` ${t("ax_keys_or")} `, kbd(t("ax_keys_ctrl", { key: s.ctrl.toUpperCase() })));
    return row(keys, t(s.text));
  }));
}

/** Open the "?" panel, filled in the page's language. */
export function showKeyPanel() {
  fillKeyPanel();
  /** @type {HTMLDialogElement} */ (document.getElementById("dlg-keys")).showModal();
}
