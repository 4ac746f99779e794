// The parts of a <draughts-board> under the board: the buttons its mode needs, the rules that
// shaped the position, and the move list. Drawn from the element's state on every change.

import { composeFen } from "./setup.js";

/** @typedef {import("../draughts-board.js").DraughtsBoardElement} BoardElement */
/** @typedef {import("../types.js").View} View */

// The step buttons' names and the text ids of their labels ("move_first": "First move").
const STEP_LABELS = { first: "move_first", prev: "move_prev", next: "move_next", last: "move_last" };

// The step buttons' icons as SVG paths on a 16×16 grid: drawn, not taken from a font, since
// many fonts have no ⏮ or ⏭ and show an empty box instead.
const STEP_ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  prev: "M11 3v10L4 8z",
  next: "M5 3v10l7-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
};
const SVG = "http://www.w3.org/2000/svg";

/** A step button's icon: an inline SVG in the button's text colour. @param {keyof typeof STEP_ICONS} name */
function stepIcon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", STEP_ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/** The buttons a mode needs. @param {BoardElement} el @param {View} v @returns {HTMLElement[]} */
export function controls(el, v) {
  const mode = el.mode;
  /** @param {string} label @param {() => void} action @param {string} name @param {boolean} [disabled] */
  const button = (label, action, name, disabled = false) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.action = name;
    b.disabled = disabled;
    b.addEventListener("click", action);
    return b;
  };
  /** @type {HTMLElement[]} */
  const items = [];
  if (mode === "view") {
    const total = v.total ?? v.history.length;
    for (const [target, name, disabled] of /** @type {const} */ ([
      [0, "first", el.ply === 0], [el.ply - 1, "prev", el.ply === 0],
      [el.ply + 1, "next", el.ply >= total], [total, "last", el.ply >= total]])) {
      const b = button("", () => el.goto(target), name, disabled);
      b.classList.add("step");
      b.append(stepIcon(name));
      b.setAttribute("aria-label", el.t(STEP_LABELS[name]));
      b.title = el.t(STEP_LABELS[name]);
      items.push(b);
    }
  } else if (el.playing) {
    items.push(button(el.t("undo"), () => el.game.undo(), "undo", !el.game.canUndo()));
    if (v.outcome) {
      // the game is over: another one with the same settings, and against the computer the
      // same game with the colours swapped
      items.push(button(el.t("new_game"), () => el.newGame(), "new-game"));
      if (mode === "play") items.push(button(el.t("pf_rematch"), () => el.rematch(), "rematch"));
    }
  } else if (mode === "setup") {
    items.push(button(el.t("clear"), () => el.setupLoad("W:W:B"), "clear"),
      button(el.t("start_position"), () => el.setupLoad(null), "start"),
      button(el.t("play_here"), () => el.playFromHere(), "play-here"));
    const select = document.createElement("select");
    select.dataset.action = "turn";
    select.setAttribute("aria-label", el.t("to_move"));
    for (const side of ["white", "black"]) select.append(new Option(el.t(side), side, false, v.turn === side));
    select.addEventListener("change", () => el.setupLoad(composeFen(v.pieces, select.value, (n) => el.labelOf(n))));
    items.push(select);
  }
  items.push(button(el.t("flip_short"), () => {
    el.setAttribute("orientation", el.orientation === "white" ? "black" : "white");
  }, "flip"));
  items.push(button(el.t("why_short"), () => {
    const why = el.inner(".why");
    why.hidden = !why.hidden;
  }, "why"));
  return items;
}

/** The reasons that shaped this position's moves (draughts.teach.explain). @param {BoardElement} el @param {View} v */
export function renderWhy(el, v) {
  const reasons = (v.rules || []).map((r) => {
    const li = document.createElement("li");
    li.textContent = el.reasonText(r);
    li.dataset.rule = r.rule;
    return li;
  });
  if (!reasons.length) {
    const li = document.createElement("li");
    li.textContent = el.t("no_rules");
    reasons.push(li);
  }
  el.inner(".why").replaceChildren(...reasons);
}

/** The move list (viewer and games): one line per move number, each ply a button. @param {BoardElement} el @param {View} v */
export function renderMoves(el, v) {
  const mode = el.mode;
  const list = el.inner(".moves");
  const history = v.history || [];
  list.hidden = mode === "setup" || !history.length;
  list.setAttribute("aria-label", el.t("moves"));
  const current = mode === "view" ? el.ply : v.ply;
  const lines = [];
  for (let i = 0; i < history.length; i += 2) {
    const li = document.createElement("li");
    for (const ply of [i, i + 1]) {
      if (ply >= history.length) break;
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = history[ply];
      b.dataset.ply = String(ply + 1);
      b.disabled = mode !== "view";
      b.setAttribute("aria-current", current === ply + 1 ? "true" : "false");
      li.append(b);
    }
    lines.push(li);
  }
  list.replaceChildren(...lines);
  list.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: "nearest" });
}
