// What the play page tells the player outside the board: the status line (also said to screen
// readers), the live region for moves, the notice for what is missing or refused, and the note
// that a damaged saved game was set aside.

import { t } from "../../i18n.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Show a message in the visible status line and say it to screen readers. @param {string} text @param {boolean} [warn] */
export function say(text, warn = false) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("warn", warn);
  announce(text);
}

/** @param {string} text */
export function announce(text) {
  const live = $("announce");
  live.textContent = "";
  // a fresh text node each time so the same message is announced again
  requestAnimationFrame(() => (live.textContent = text));
}

/** @param {string} text */
export function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = !text;
}

export function damagedNotice() {
  const note = $("saved-note");
  note.textContent = t("saved_data_set_aside");
  note.hidden = false;
}
