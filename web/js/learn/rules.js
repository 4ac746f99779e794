// The learn page's rules section and the variants table: an introduction to the chosen
// variant, the rules at a glance, a live <draughts-board> per rule (the tutorial's positions),
// and every variant's rule flags side by side. All of it is written from Python's data
// (rules_table, tutorial), in the page's language.

import { INTRO, language, pick, t } from "./text.js";

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
 * @property {[string, string]} choice
 * @property {[string, string]} passing
 * @property {[string, string]} removal
 * @property {boolean} losing
 * @property {boolean} inverted
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
  /** @param {[string, string]} pair */
  const word = (pair) => (language() === "de" ? pair[1] : pair[0]);
  return [
    ["col_variant", (r) => r.name], ["col_board", (r) => `${r.board}${r.inverted ? ` (${t("inverted")})` : ""}`],
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
  const de = language() === "de";
  const first = t(row.first);
  const board = de ? `auf einem ${row.board}-Brett mit ${row.squares} Spielfeldern${row.inverted ? " (gespiegelt: unten links ein helles Feld)" : ""}`
    : `on ${row.board.startsWith("8") ? "an" : "a"} ${row.board} board with ${row.squares} playing squares${row.inverted ? " (mirrored: a light square bottom left)" : ""}`;
  const men = row.orthogonal && !row.menBackward
    ? (de ? "Steine ziehen und schlagen gerade vorwärts und seitwärts, nicht schräg." : "Men move and capture straight forwards and sideways, not diagonally.")
    : row.orthogonal ? (de ? "Steine ziehen schräg vorwärts und schlagen schräg und gerade, vorwärts wie rückwärts." : "Men move diagonally forwards and capture diagonally and straight, forwards and backwards.")
      : row.menBackward ? (de ? "Steine ziehen schräg vorwärts und schlagen vorwärts und rückwärts." : "Men move diagonally forwards and capture forwards and backwards.")
        : (de ? "Steine ziehen und schlagen nur schräg vorwärts." : "Men move and capture diagonally forwards only.");
  /** @param {[string, string]} pair */
  const word = (pair) => (de ? pair[1] : pair[0]);
  const paragraphs = [
    de ? `${row.name} wird ${board} gespielt. ${first} beginnt.` : `${row.name} is played ${board}. ${first} moves first.`,
    `${men} ${de ? `Es herrscht Schlagzwang; welcher Schlag: ${word(row.choice)}.` : `Capturing is compulsory; which capture: ${word(row.choice)}.`}`,
    de ? `Damen ${row.flying ? "fliegen über ganze Linien" : "ziehen ein Feld"}. Erreicht ein Stein beim Schlagen die Grundreihe: ${word(row.passing)}. Geschlagene Steine werden ${word(row.removal)} entfernt.`
      : `Kings ${row.flying ? "fly along whole lines" : "move one square"}. A man reaching the far row during a capture: ${word(row.passing)}. Captured pieces are removed ${word(row.removal)}.`,
  ];
  if (!row.menTakeKings) paragraphs.push(de ? "Steine dürfen keine Damen schlagen." : "Men may not capture kings.");
  if (row.losing) paragraphs.push(de ? "Das Ziel ist umgekehrt: wer alle Steine verliert oder nicht mehr ziehen kann, gewinnt."
    : "The goal is reversed: the side that loses all its pieces, or cannot move, wins.");
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
  const paragraphs = INTRO[family]?.[language()] || (row ? writtenIntro(row) : []);
  $("rules-intro").replaceChildren(...paragraphs.map((text) => Object.assign(document.createElement("p"), { textContent: text })),
    glance(state), Object.assign(document.createElement("p"), { textContent: t("demo_hint"), className: "muted" }));
  if (!FAMILIES.includes(family)) {
    // no rule demos of its own: the variant's start position, live, and where the lessons are
    const closest = table?.find((r) => r.key === steps[0]?.family)?.name || steps[0]?.family || "";
    $("demos").replaceChildren(demoCard(`${family}-start`, `${row?.name || family}: ${t("start_position")}`,
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
