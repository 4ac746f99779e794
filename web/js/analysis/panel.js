// The analysis panel of the play page: the evaluation bar and number (men, White's view),
// depth and speed, up to three lines whose moves preview their positions, an arrow for each
// line's first move, start/stop; and the game review: one click reviews every move in the
// worker with a progress bar, then an evaluation graph with the marks and a summary per side.
// The analysis follows the board: every new position (a move, a step through the tree) pokes
// the loop, and a report for a position the board has left is dropped.

import { colourName, render as renderText, t } from "../../i18n.js";
import { AnalysisLoop, barShare, groupDigits, scoreText } from "./loop.js";
import { evalGraph } from "./graph.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("./loop.js").Report} Report */
/** @typedef {import("./graph.js").ReviewedMove} ReviewedMove */
/**
 * The worker's review progress (draughts_web/analysis.py ReviewProgress).
 * @typedef {{done: number, total: number, positions: number, finished: boolean, nodes: number[], review: {moves: (ReviewedMove & {mover: string, why: import("../../i18n.js").Message | null, why_kind: string | null})[], summary: Record<string, {moves: number, inaccuracies: number, mistakes: number, blunders: number, average_loss: number}>}}} ReviewProgress
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const REVIEW_SLICE_MS = 250;

/**
 * @param {{controller: import("../game/controller.js").GameController, board: import("../board/board.js").Board,
 *   page: import("../play/panel.js").PanelState, refresh: () => void, say: (text: string, warn?: boolean) => void}} deps
 */
export function setupAnalysis({ controller, board, page, refresh, say }) {
  /** @type {Report | null} */
  let report = null;
  /** @type {ReviewProgress | null} */
  let progress = null;
  let reviewing = false;
  /** @type {[string, Record<string, unknown>] | null} the review's status line, as a text id and its parameters */
  let reviewStatus = null;
  const loop = new AnalysisLoop({
    ask: controller.ask,
    onReport(next) {
      if (!controller.view || next.node !== controller.view.node || next.fen !== controller.view.fen) return; // a position the board left
      report = next;
      render();
    },
    onError(error) {
      say(t("error", { message: error.message }), true);
      render();
    },
  });

  const section = $("analysis");
  let shownLines = ""; // what the lines list shows now: rebuilt only when it changes
  let shownArrows = ""; // the arrows the board shows for the lines
  const isOpen = () => !section.hidden;

  // setAnalysing refreshes the page (its onState hook): no second refresh here, since each
  // one lays out the move list, the dearest part of a click on a long game.
  function open() {
    section.hidden = false;
    $("btn-analyse").setAttribute("aria-pressed", "true");
    report = null;
    loop.start();
    render();
    controller.setAnalysing(true);
  }

  function close() {
    loop.stop();
    section.hidden = true;
    $("btn-analyse").setAttribute("aria-pressed", "false");
    showArrows([]);
    controller.setAnalysing(false);
  }

  /** A new position on the board: analyse it. @param {View} view */
  function follow(view) {
    if (!isOpen()) return;
    if (report && report.node !== view.node) {
      report = null;
      showArrows([]);
    }
    loop.poke();
    render();
  }

  function render() {
    if (!isOpen()) return;
    const toggle = $("an-toggle");
    toggle.textContent = t(loop.running ? "an_stop" : "an_start");
    toggle.setAttribute("aria-pressed", String(loop.running));
    const r = report;
    const score = r ? scoreText(r) : null;
    setText("an-score", !score ? "…" : score.win ? t("an_win", { colour: colourName(score.win), plies: score.plies }) : score.text);
    // a transform, not a width: the bar's glide is the compositor's, no layout on the main thread
    const scale = `scaleX(${(r ? barShare(r.score) : 0.5).toFixed(3)})`;
    if ($("an-bar-white").style.transform !== scale) $("an-bar-white").style.transform = scale;
    $("an-bar").setAttribute("aria-valuenow", String(r ? Math.max(-5, Math.min(5, r.score)) : 0));
    setText("an-stats", r ? t("an_stats", { depth: r.depth, nps: groupDigits(r.nps, t("an_digit_group")) }) : t("an_waiting"));
    $("an-over").hidden = !(r && r.lines.length === 0 && r.done);
    const key = JSON.stringify([page.reviewPly, r && r.lines, document.documentElement.lang]);
    if (key === shownLines) return renderReview();
    shownLines = key;
    renderLines(r ? r.lines : []);
    showArrows(page.reviewPly == null && r ? r.lines.map((line, i) => ({ path: line.path, alpha: i === 0 ? 0.8 : 0.35 })) : []);
    renderReview();
  }

  /**
   * The lines as rows of move buttons. A deeper report mostly changes a few moves of the same
   * lines: the rows and buttons there are kept and only what differs is written, so a report
   * costs the main thread little layout; a click on a move is read by the list (data-line,
   * data-ply), so no button needs a listener of its own.
   * @param {import("./loop.js").Line[]} lines
   */
  function renderLines(lines) {
    const list = $("an-lines-list");
    while (list.children.length > lines.length) list.lastElementChild?.remove();
    lines.forEach((line, i) => {
      let li = /** @type {HTMLElement | undefined} */ (list.children[i]);
      if (!li) {
        li = document.createElement("li");
        li.append(Object.assign(document.createElement("span"), { className: "an-line-score" }));
        list.append(li);
      }
      const head = /** @type {HTMLElement} */ (li.firstElementChild);
      const s = scoreText(line);
      const score = s.win ? t("an_win", { colour: colourName(s.win), plies: s.plies }) : s.text;
      if (head.textContent !== score) head.textContent = score;
      const title = t("an_line_depth", { n: i + 1, depth: line.depth });
      if (head.title !== title) head.title = title;
      while (li.children.length > line.moves.length + 1) li.lastElementChild?.remove();
      line.moves.forEach((text, k) => {
        let b = /** @type {HTMLButtonElement | undefined} */ (li.children[k + 1]);
        if (!b) {
          b = Object.assign(document.createElement("button"), { type: "button", className: "an-move" });
          b.dataset.line = String(i);
          b.dataset.ply = String(k + 1);
          li.append(b);
        }
        if (b.textContent !== text) b.textContent = text;
      });
    });
  }

  /**
   * The board is redrawn only when an arrow changes, not for each deeper report of the same moves.
   * @param {import("../board/render.js").Arrow[]} arrows
   */
  function showArrows(arrows) {
    const key = JSON.stringify(arrows);
    if (key === shownArrows) return;
    shownArrows = key;
    board.setArrows(arrows);
  }

  /** Text that changed only (a report that says the same costs no layout). @param {string} id @param {string} text */
  function setText(id, text) {
    const el = $(id);
    if (el.textContent !== text) el.textContent = text;
  }

  /** Show a position along a line; "Back to the game" returns. @param {string[]} moves */
  async function preview(moves) {
    try {
      const view = await controller.ask("line_position", { moves });
      page.reviewPly = view.ply;
      showArrows([]);
      board.setView(view, { reviewing: true });
      refresh();
    } catch (error) {
      say(t("error", { message: /** @type {Error} */ (error).message }), true);
    }
  }

  // -- the review -------------------------------------------------------------------------------
  async function startReview() {
    if (reviewing) return;
    reviewing = true;
    const resume = loop.running;
    loop.stop(); // the review has the worker to itself meanwhile
    progress = null;
    $("an-review-progress").hidden = false;
    /** @type {HTMLProgressElement} */ ($("an-review-progress")).value = 0;
    reviewStatus = ["an_review_progress", { done: 0, total: "…" }];
    renderReview();
    try {
      progress = /** @type {ReviewProgress} */ (await controller.ask("review_start", {}));
      renderReview();
      while (progress && !progress.finished) {
        progress = /** @type {ReviewProgress} */ (await controller.ask("review_step", { ms: REVIEW_SLICE_MS }));
        renderReview();
      }
      await controller.act("position", {}); // the marks are in the move tree now
      reviewStatus = ["an_review_done", {}];
    } catch (error) {
      reviewStatus = ["error", { message: /** @type {Error} */ (error).message }];
    } finally {
      reviewing = false;
      $("an-review-progress").hidden = true;
      if (resume && isOpen()) loop.start();
      render();
    }
  }

  let shownReview = "";
  function renderReview() {
    /** @type {HTMLButtonElement} */ ($("an-review-start")).disabled = reviewing || !(controller.view?.tree?.length);
    const p = progress;
    const key = JSON.stringify([p && p.done, p && p.finished, reviewing, reviewStatus, controller.view?.node, document.documentElement.lang]);
    if (key === shownReview) return;
    shownReview = key;
    const bar = /** @type {HTMLProgressElement} */ ($("an-review-progress"));
    if (p && reviewing) {
      bar.value = p.done / p.total;
      reviewStatus = ["an_review_progress", { done: p.done, total: p.total }];
    }
    $("an-review-status").textContent = reviewStatus ? t(...reviewStatus) : "";
    const graph = $("an-graph");
    if (!p) {
      graph.replaceChildren();
      $("an-summary").hidden = true;
      return;
    }
    const current = controller.view ? p.nodes.indexOf(controller.view.node ?? -1) : -1;
    graph.replaceChildren(evalGraph(p.review.moves, {
      total: p.positions - 1, current: current >= 0 ? current : null, label: t("an_graph"),
      title: (m) => m.mark ? t("an_mark_title", { move: m.played, mark: m.mark, loss: m.loss.toFixed(2), best: m.best || "" })
        : `${m.played} ${scoreText({ score: m.after, winIn: null }).text}`,
      onJump: (i) => p.nodes[i] != null && controller.goto(p.nodes[i]),
    }));
    const summary = $("an-summary");
    summary.hidden = $("an-legend").hidden = !(p.finished && !reviewing);
    if (p.finished) {
      const body = /** @type {HTMLElement} */ (summary.querySelector("tbody"));
      body.replaceChildren(...["white", "black"].map((side) => {
        const s = p.review.summary[side];
        const row = document.createElement("tr");
        const cells = [colourName(/** @type {"white" | "black"} */ (side)), s.inaccuracies, s.mistakes, s.blunders, s.average_loss.toFixed(2)];
        row.append(...cells.map((value, i) => Object.assign(document.createElement(i ? "td" : "th"), { textContent: String(value) })));
        row.dataset.side = side;
        return row;
      }));
    }
    // each "?" and "??" move with what it allowed, in words; a click goes to the move
    const why = p.finished ? p.review.moves.flatMap((m, i) => (m.why ? [{ m, i }] : [])) : [];
    $("an-why-title").hidden = why.length === 0;
    $("an-why").replaceChildren(...why.map(({ m, i }) => {
      const item = document.createElement("li");
      const jump = document.createElement("button");
      jump.type = "button";
      jump.textContent = `${Math.ceil(m.ply / 2)}${m.mover === "white" ? "." : "…"} ${m.played}${m.mark}`;
      jump.addEventListener("click", () => p.nodes[i] != null && controller.goto(p.nodes[i]));
      item.append(jump, " ", renderText(m.why));
      item.dataset.kind = m.why_kind || "";
      return item;
    }));
  }

  $("an-toggle").addEventListener("click", () => {
    if (loop.running) loop.stop();
    else loop.start();
    render();
  });
  $("an-lines").addEventListener("change", (e) => {
    loop.setLines(Number(/** @type {HTMLSelectElement} */ (e.target).value));
    report = null;
    render();
  });
  $("an-lines-list").addEventListener("click", (e) => {
    const move = /** @type {HTMLElement} */ (e.target).closest?.(".an-move");
    const line = move instanceof HTMLElement && report ? report.lines[Number(move.dataset.line)] : null;
    if (move instanceof HTMLElement && line) preview(line.moves.slice(0, Number(move.dataset.ply)));
  });
  $("an-close").addEventListener("click", close);
  $("an-review-start").addEventListener("click", startReview);
  $("btn-analyse").addEventListener("click", () => (isOpen() ? close() : open()));

  return { open, close, follow, render, isOpen };
}
