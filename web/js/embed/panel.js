// The parts of a <draughts-board> under the board: the buttons its mode needs, the rules that
// shaped the position, and the move list. Drawn from the element's state on every change.

import { composeFen } from "./setup.js";

/** @typedef {import("../draughts-board.js").DraughtsBoardElement} BoardElement */
/** @typedef {import("../types.js").View} View */

// The step buttons' names and the text ids of their labels ("move_first": "First move").
const STEP_LABELS = { first: "move_first", prev: "move_prev", next: "move_next", last: "move_last" };

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
    for (const [label, target, name, disabled] of /** @type {const} */ ([
      ["⏮", 0, "first", el.ply === 0], ["◀", el.ply - 1, "prev", el.ply === 0],
      ["▶", el.ply + 1, "next", el.ply >= total], ["⏭", total, "last", el.ply >= total]])) {
      const b = button(label, () => el.goto(target), name, disabled);
      b.setAttribute("aria-label", el.t(STEP_LABELS[name]));
      items.push(b);
    }
  } else if (el.playing) {
    items.push(button(el.t("undo"), () => el.game.undo(), "undo", !el.game.canUndo()));
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
