// Stepping through the game's move tree on the play page: a move of the list, ← → one move,
// ↑/Home the start, ↓/End the end of the line (when the board does not hold the keys), and
// "Back to the game" from a line's preview. A key pressed while a request is out is kept and
// taken when the answer arrives, so quick presses are not lost.

/** @typedef {"back" | "forward" | "start" | "end"} Where */

export class TreeSteps {
  /**
   * @param {{controller: import("../game/controller.js").GameController, board: import("../board/board.js").Board,
   *   page: {reviewPly: number | null}, refresh: () => void, analysisChanged: () => void}} parts
   */
  constructor(parts) {
    this.parts = parts;
    /** @type {Where | null} a key pressed while a request was out */
    this.pending = null;
  }

  /** Go to a move of the tree (0: the start); a move played there makes a variation. @param {number} node */
  goto(node) {
    if (this.parts.page.reviewPly != null) this.backToGame();
    this.parts.controller.goto(node);
  }

  /** From a line's preview back to the board's position; from an earlier position to the end of its line. */
  backToGame() {
    const { controller, board, page } = this.parts;
    if (page.reviewPly != null) {
      page.reviewPly = null;
      if (controller.view) board.setView(controller.view);
      this.parts.refresh();
      this.parts.analysisChanged();
      return;
    }
    const end = controller.stepTarget("end");
    if (end != null) controller.goto(end);
  }

  /** The step keys, off the board. @param {KeyboardEvent} e */
  key(e) {
    const where = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "start", Home: "start", ArrowDown: "end", End: "end" }[e.key];
    if (!where || e.ctrlKey || e.metaKey || e.altKey || /** @type {Element} */ (e.target).closest("#board, select")) return;
    e.preventDefault();
    this.step(/** @type {Where} */ (where));
  }

  /** @param {Where} where */
  step(where) {
    const { controller, page } = this.parts;
    if (!controller.idle) {
      this.pending = where;
      return;
    }
    const target = controller.stepTarget(where);
    if (target == null) return;
    if (page.reviewPly != null) this.backToGame();
    controller.goto(target);
  }

  /** A new view arrived: take the key kept meanwhile. */
  takePending() {
    const queued = this.pending;
    this.pending = null;
    if (queued) queueMicrotask(() => this.step(queued));
  }
}
