// The learn page's rules section and the variants table: an introduction to the chosen
// variant, the rules at a glance, a live <draughts-board> per rule (the tutorial's positions),
// and every variant's rule flags side by side. All of it is written from Python's data
// (rules_table, tutorial), in the page's language.

import { INTRO, language, pick, t, variantName } from "./text.js";

/**
 * A row of Python's rules_table: a variant's rule flags.
 * @typedef {object} RulesRow
 * @property {string} key
 * @property {string} name
 * @property {string} board
 * @property {number} squares
 * @property {string} first
 * @property {boolean} menBackward
 * @property {boolean} orthogonal
 * @property {boolean} flying
 * @property {boolean} menTakeKings
 * @property {string} choice  a text id
 * @property {string} passing  a text id
 * @property {string} removal  a text id
 * @property {boolean} losing
 * @property {boolean} inverted
 * @property {string[]} notes  text ids of the rules the flags do not word
 */

/** A tutorial step from Python. @typedef {{id: string, family: string, variant: string, fen: string, title: string, text: string}} Step */

/**
 * @typedef {object} RulesState
 * @property {string} family  the chosen variant
 * @property {RulesRow[] | null} table
 * @property {Step[]} steps
 */

/** The three families with a hand-written introduction, rule demos and a tutorial of their own. */
export const FAMILIES = ["international", "russian", "english"];

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The table's columns: a heading key and how a rules_table row reads in it. @returns {[string, (r: RulesRow) => string][]} */
function columns() {
  /** @param {boolean} b */
  const yes = (b) => (b ? t("yes") : t("no"));
  /** @param {string} id */
  const word = (id) => t(id);
  return [
    ["col_variant", (r) => variantName(r.key)], ["col_board", (r) => `${r.board}${r.inverted ? ` (${t("inverted")})` : ""}`],
    ["col_first", (r) => t(r.first)], ["col_backward", (r) => (r.orthogonal && !r.menBackward ? t("orthogonal") : r.orthogonal ? t("also_straight") : yes(r.menBackward))],
    ["col_kings", (r) => (r.flying ? t("flying") : t("short"))], ["col_choice", (r) => word(r.choice)],
    ["col_passing", (r) => word(r.passing)], ["col_removal", (r) => word(r.removal)],
    ["col_men_kings", (r) => yes(r.menTakeKings)], ["col_goal", (r) => (r.losing ? t("lose") : t("win"))],
  ];
}

/** The family's own row of the rules table as a short list: the rules at a glance. @param {RulesState} state */
function glance(state) {
  const list = document.createElement("ul");
  list.className = "glance";
  list.id = "glance";
  const row = state.table?.find((r) => r.key === state.family);
  if (!row) return list;
  for (const [key, value] of columns().slice(1)) {
    const li = document.createElement("li");
    const b = document.createElement("strong");
    b.textContent = `${t(key)}: `;
    li.append(b, value(row));
    list.append(li);
  }
  return list;
}

/** A newcomer's introduction to a variant without a hand-written one, from its rule flags. @param {RulesRow} row */
function writtenIntro(row) {
  const men = row.orthogonal && !row.menBackward ? "intro.men.orthogonal" : row.orthogonal ? "intro.men.both"
    : row.menBackward ? "intro.men.backward" : "intro.men.forward";
  const board = { id: `board_${row.board.replace("×", "x")}` };
  const paragraphs = [
    t(row.inverted ? "intro.played_on_mirrored" : "intro.played_on", { name: variantName(row.key), board, squares: row.squares, first: t(row.first) }),
    t("intro.capture", { men: { id: men }, choice: { id: row.choice } }),
    t(row.flying ? "intro.kings_fly" : "intro.kings_step", { passing: { id: row.passing }, removal: { id: row.removal } }),
  ];
  if (!row.menTakeKings) paragraphs.push(t("intro.men_cannot_take_kings"));
  if (row.losing) paragraphs.push(t("intro.losing"));
  for (const id of row.notes) paragraphs.push(t(id));
  return paragraphs;
}

/**
 * A card with a title, a text and a live two-player board.
 * @param {string} id @param {string} title @param {string} text @param {Record<string, string>} attributes
 */
function demoCard(id, title, text, attributes) {
  const card = document.createElement("article");
  card.className = "demo";
  card.dataset.step = id;
  const h = document.createElement("h3");
  h.textContent = title;
  const p = document.createElement("p");
  p.textContent = text;
  const board = document.createElement("draughts-board");
  for (const [name, value] of Object.entries({ ...attributes, mode: "two", lang: language(), why: "" })) board.setAttribute(name, value);
  card.append(h, p, board);
  return card;
}

/** The introduction, the rules at a glance and the live boards of the chosen variant. @param {RulesState} state */
export function renderRules(state) {
  const { family, table, steps } = state;
  const row = table?.find((r) => r.key === family);
  const paragraphs = INTRO[/** @type {keyof typeof INTRO} */ (family)]?.map((id) => t(id)) || (row ? writtenIntro(row) : []);
  $("rules-intro").replaceChildren(...paragraphs.map((text) => Object.assign(document.createElement("p"), { textContent: text })),
    glance(state), Object.assign(document.createElement("p"), { textContent: t("demo_hint"), className: "muted" }));
  if (!FAMILIES.includes(family)) {
    // no rule demos of its own: the variant's start position, live, and where the lessons are
    const closest = table?.find((r) => r.key === steps[0]?.family)?.name || steps[0]?.family || "";
    $("demos").replaceChildren(demoCard(`${family}-start`, `${row?.name || family}: ${t("the_start_position")}`,
      t("closest_family", { family: closest }), { variant: family }));
    return;
  }
  $("demos").replaceChildren(...steps.map((step) => demoCard(step.id, pick(step, "title"), pick(step, "text"),
    { variant: step.variant, fen: step.fen })));
}

/** Every variant's rule flags side by side, the chosen one marked. @param {RulesState} state */
export function renderTable(state) {
  if (!state.table) return;
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  for (const [key] of columns()) hr.append(Object.assign(document.createElement("th"), { textContent: t(key), scope: "col" }));
  head.append(hr);
  const body = document.createElement("tbody");
  for (const row of state.table) {
    const tr = document.createElement("tr");
    tr.dataset.variant = row.key;
    if (row.key === state.family) tr.className = "current";
    columns().forEach(([, value], i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      if (cell instanceof HTMLTableCellElement && i === 0) cell.scope = "row";
      cell.textContent = value(row);
      tr.append(cell);
    });
    body.append(tr);
  }
  $("diff-table").replaceChildren(head, body);
}
