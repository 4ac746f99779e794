// The play page's preferences for how the game looks, sounds and takes keys: board colours,
// piece style, sounds on or off, single-key shortcuts on or off. Their fields sit in the
// settings dialog beside language, theme and labels (dialogs.js); this module keeps those
// fields and the page in step with the settings, which storage.js saves.

/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("../board/board.js").Board} Board */
/** @typedef {import("../sound.js").Sounds} Sounds */

/** @param {string} id */
const field = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @param {(change: Partial<Settings>) => void} onChange */
export function wirePrefs(onChange) {
  field("set-board").addEventListener("change", () => onChange({ boardColours: field("set-board").value }));
  field("set-pieces").addEventListener("change", () => onChange({ pieces: field("set-pieces").value }));
  field("set-sound").addEventListener("change", () => onChange({ sound: field("set-sound").checked }));
  field("set-shortcuts").addEventListener("change", () => onChange({ shortcuts: field("set-shortcuts").checked }));
}

/** Show the settings in their fields and apply them to the page, the board and the sounds. @param {Settings} settings @param {Board} board @param {Sounds} sounds */
export function applyPrefs(settings, board, sounds) {
  field("set-board").value = settings.boardColours;
  field("set-pieces").value = settings.pieces;
  field("set-sound").checked = settings.sound;
  field("set-shortcuts").checked = settings.shortcuts;
  const root = document.documentElement;
  if (root.dataset.board !== settings.boardColours) {
    root.dataset.board = settings.boardColours;
    board.themeChanged();
  }
  board.setPieceStyle(settings.pieces);
  sounds.setOn(settings.sound);
}
