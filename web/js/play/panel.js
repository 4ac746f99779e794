// The play page's panel beside the board: whose turn, the result, the rules in play, the draw
// counters, the move list, the clock, the record against the computer, and which buttons work
// now. It only draws what the page and the controller hold.

import { colourName, message, render, resultReason, t } from "../../i18n.js";
import { opponent } from "../game/flow.js";
import { loadRecord } from "./storage.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../game/controller.js").GameController} GameController */
/** @typedef {import("./storage.js").Settings} Settings */

/**
 * @typedef {object} PanelState
 * @property {GameController} controller
 * @property {Settings} settings
 * @property {boolean} ready  Python is up
 * @property {number | null} reviewPly  a position off the game being looked at (a line's preview)
 * @property {(node: number) => void} goto  go to a move of the tree
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

/** @param {PanelState} page */
export function renderPanel(page) {
  const { controller, reviewPly } = page;
  const view = controller.view;
  if (!view) return;
  $("turn").textContent = view.outcome ? "" : t(`turn_${view.turn}`) +
    (controller.playerSide ? ` — ${t("you_play", { colour: colourName(controller.playerSide) })}` : ` — ${t("two_players")}`);
  $("thinking").hidden = !controller.thinking;
  renderResult(view);
  $("house-rule").hidden = !view.houseRule;
  const counters = view.counters || [];
  $("counters").hidden = counters.length === 0;
  $("counter-list").replaceChildren(...counters.map((c) => listItem(
    render(c.message))));
  // the running draw counters have their own list, so their explanations are not repeated
  const rules = ((reviewPly == null && view.rules) || []).filter((r) => !(counters.length && r.rule.startsWith("draw")));
  $("why").hidden = rules.length === 0;
  $("why-list").replaceChildren(...rules.map((r) => listItem(message(r))));
  renderMoveList(page, view);
  $("btn-live").hidden = reviewPly == null && !(view.redo > 0);
  const ready = page.ready;
  // an earlier position, or the end of an imported game: the players may go on from there
  $("btn-play-from").hidden = !ready || (reviewPly == null && !(view.ahead && view.ahead.length) && !(view.outcome && view.recorded));
  $("btn-rematch").hidden = !ready || !view.outcome || !!view.recorded;
  button("btn-undo").disabled = !ready || !controller.canUndo();
  button("btn-redo").disabled = !ready || !controller.canRedo();
  button("btn-hint").disabled = !ready || !controller.canHint();
  button("btn-draw").disabled = !ready || !controller.canDeclare();
  button("btn-resign").disabled = !ready || !controller.canDeclare();
  button("btn-pdn").disabled = !ready;
  button("btn-new").disabled = !ready;
  renderClock(controller);
  renderRecord(view);
  setPageState(page);
}

/** @param {string} text */
function listItem(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

/** The result, its reason and its rule. @param {View} view */
function renderResult(view) {
  const o = view.outcome;
  $("result").hidden = !o;
  if (!o) return;
  $("result-title").textContent = o.winner ? t(`result_${o.winner}`) : t("result_draw");
  $("result-reason").textContent = resultReason(o);
  $("result-rule").textContent = o.rule ? t("rule", { rule: o.rule }) : "";
}

/**
 * The move list as PDN numbers it: one full move a row (its number, the first player's move,
 * the reply), each move a button that goes to the position after it. A game whose first ply
 * was the second player's starts with "1. …". The moves tried instead of a main-line move
 * follow its row in parentheses, as PDN writes variations; the current move is marked, the
 * moves before it are "past" and the ones redo would replay "ahead".
 * @param {PanelState} page @param {View} view
 */
function renderMoveList(page, view) {
  const list = $("move-list");
  const tree = view.tree || view.history.map((text, i) => ({ id: -1 - i, text, ply: i + 1, mark: "", comments: [], variations: [] }));
  const firstMover = view.ply % 2 === 0 ? view.turn : opponent(view.turn);
  const skipped = view.first && firstMover !== view.first ? 1 : 0;
  const past = new Set(view.path || tree.slice(0, view.ply).map((m) => m.id));
  const ahead = new Set(view.ahead || []);
  const current = page.reviewPly == null ? view.node ?? tree[view.ply - 1]?.id : null;
  /** @param {import("../types.js").TreeMove} m */
  const button = (m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.text + m.mark;
    b.dataset.node = String(m.id);
    b.dataset.ply = String(m.ply);
    b.className = past.has(m.id) ? "past" : ahead.has(m.id) ? "ahead" : "";
    b.setAttribute("aria-current", m.id === current ? "true" : "false");
    if (m.comments.length) b.title = m.comments.join(" ");
    b.addEventListener("click", () => page.goto(m.id));
    return b;
  };
  /** The move number before a ply: "12." for the first player's, "12…" where the second's needs one. @param {number} ply @param {boolean} always */
  const number = (ply, always) => {
    const index = ply - 1 + skipped;
    const n = Math.floor(index / 2) + 1;
    return index % 2 === 0 ? `${n}.` : always ? `${n}…` : "";
  };
  /** A variation inline: numbers, buttons and nested lines in parentheses. @param {import("../types.js").TreeMove[]} line @returns {Node[]} */
  const inline = (line) => {
    /** @type {Node[]} */
    const out = [document.createTextNode("(")];
    line.forEach((m, i) => {
      const label = number(m.ply, i === 0);
      if (label) out.push(Object.assign(document.createElement("span"), { textContent: label, className: "number" }));
      out.push(button(m));
      for (const v of m.variations) out.push(...inline(v));
    });
    out.push(document.createTextNode(")"));
    return out;
  };
  const rows = [];
  for (let first = -skipped; first < tree.length; first += 2) {
    const li = document.createElement("li");
    li.append(first < 0 ? Object.assign(document.createElement("span"), { textContent: "…", className: "skipped" }) : button(tree[first]));
    if (first + 1 < tree.length) li.append(button(tree[first + 1]));
    rows.push(li);
    for (const m of [tree[first], tree[first + 1]]) {
      for (const v of m?.variations || []) {
        const row = document.createElement("li");
        row.className = "variation";
        row.append(...inline(v));
        rows.push(row);
      }
    }
  }
  list.replaceChildren(...rows);
  list.querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
}

/** @param {GameController} controller */
export function renderClock(controller) {
  const { clock, view } = controller;
  $("clocks").hidden = !clock;
  if (!clock || !view) return;
  for (const side of /** @type {const} */ (["white", "black"])) {
    const el = $(`clock-${side}`);
    el.textContent = t("time_left", { colour: colourName(side), time: clock.text(side) });
    el.classList.toggle("running", !view.outcome && view.turn === side && view.ply > 0);
  }
}

/** @param {View} view */
export function renderRecord(view) {
  const entry = loadRecord()[view.variant];
  $("record").textContent = entry ? t("record", { variant: t(`ed_variant.${view.variant}`), ...entry }) : "";
}

/**
 * One word on <html data-state> for what the page is doing: tests and styles wait on it.
 * @param {PanelState} page
 */
export function setPageState(page) {
  const { controller } = page;
  document.documentElement.dataset.state = !page.ready ? "loading" : controller.thinking ? "thinking"
    : controller.busy ? "busy" : controller.view?.outcome ? "over" : page.reviewPly != null ? "review"
      : controller.isComputerTurn() ? "waiting" : "play";
}
