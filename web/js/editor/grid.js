// The board editor's board: one button per playing square in a CSS grid (the other cells are
// plain), pieces drawn with CSS. A click or Enter/Space on a square asks the page to place or
// take off a piece there; a piece dragged to another square is moved, dragged off the board it is
// removed. The arrow keys move the focus between playing squares. No rules here: what a set-up
// may hold is Python's (draughts/setup.py).

/** @typedef {{number: number, label: string, row: number, col: number}} SetupSquare */

/**
 * @typedef {object} GridActions
 * @property {(label: string) => void} onSquare  a click or key on a square
 * @property {(from: string, to: string) => void} onMove  a piece dragged to another square
 * @property {(label: string) => void} onRemove  a piece dragged off the board
 * @property {(label: string, piece: string | undefined) => string} describe  the square's accessible name
 */

const DRAG_PX = 6; // a pointer that moves less than this is a click, not a drag

export class SetupGrid {
  /** @param {HTMLElement} root @param {GridActions} actions */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    /** @type {Map<string, HTMLButtonElement>} */
    this.buttons = new Map();
    /** @type {Map<string, SetupSquare>} */
    this.squares = new Map();
    /** @type {Record<string, string>} */
    this.pieces = {};
    this.focusLabel = "";
    this.layout = "";
    /** @type {{label: string, x: number, y: number, moved: boolean, ghost: HTMLElement | null} | null} */
    this.drag = null;
    root.addEventListener("pointerdown", (e) => this.down(e));
    root.addEventListener("pointermove", (e) => this.moveDrag(e));
    root.addEventListener("pointerup", (e) => this.up(e));
    root.addEventListener("pointercancel", () => this.endDrag());
    root.addEventListener("keydown", (e) => this.key(e));
    // a click that ends a drag must not also place a piece
    root.addEventListener("click", (e) => {
      const label = this.labelAt(/** @type {Element} */ (e.target));
      if (label && e.detail === 0) actions.onSquare(label); // keyboard "click" (Enter/Space)
    });
  }

  /**
   * Draw a set-up: the cells (built again only when the board changes) and the pieces.
   * @param {{rows: number, cols: number, squares: SetupSquare[], pieces: Record<string, string>}} view
   */
  show(view) {
    const layout = `${view.rows}x${view.cols}:${view.squares.map((s) => s.label).join(",")}`;
    if (layout !== this.layout) this.build(view, layout);
    this.pieces = view.pieces;
    for (const [label, button] of this.buttons) {
      const piece = view.pieces[label];
      const mark = /** @type {HTMLElement} */ (button.firstElementChild);
      mark.className = piece ? `piece ${piece.toLowerCase() === "w" ? "white" : "black"}${piece === piece.toUpperCase() ? " king" : ""}` : "";
      button.dataset.piece = piece || "";
      button.setAttribute("aria-label", this.actions.describe(label, piece));
    }
  }

  /** Re-read every square's accessible name (the language changed). */
  relabel() {
    for (const [label, button] of this.buttons) button.setAttribute("aria-label", this.actions.describe(label, this.pieces[label]));
  }

  /** @param {{rows: number, cols: number, squares: SetupSquare[]}} view @param {string} layout */
  build(view, layout) {
    this.layout = layout;
    this.buttons.clear();
    this.squares.clear();
    this.root.style.setProperty("--cols", String(view.cols));
    this.root.style.setProperty("--rows", String(view.rows));
    const byCell = new Map(view.squares.map((s) => [`${s.row},${s.col}`, s]));
    const everySquare = view.squares.length === view.rows * view.cols;
    const cells = [];
    for (let row = 0; row < view.rows; row++) {
      for (let col = 0; col < view.cols; col++) {
        const square = byCell.get(`${row},${col}`);
        if (!square) {
          cells.push(Object.assign(document.createElement("div"), { className: "cell light" }));
          continue;
        }
        // playing squares are the dark ones, except on a board where every square is in play
        const dark = !everySquare || (row + col) % 2 === (view.rows - 1) % 2;
        const button = document.createElement("button");
        button.type = "button";
        button.className = `cell play ${dark ? "dark" : "light"}`;
        button.dataset.square = square.label;
        button.tabIndex = -1;
        button.append(document.createElement("span"));
        const name = Object.assign(document.createElement("small"), { className: "name", textContent: square.label });
        name.setAttribute("aria-hidden", "true");
        button.append(name);
        this.buttons.set(square.label, button);
        this.squares.set(square.label, square);
        cells.push(button);
      }
    }
    this.root.replaceChildren(...cells);
    const first = view.squares[0]?.label || "";
    this.setFocus(this.buttons.has(this.focusLabel) ? this.focusLabel : first, false);
  }

  /** @param {string} label @param {boolean} move  also move the keyboard focus there */
  setFocus(label, move) {
    const button = this.buttons.get(label);
    if (!button) return;
    this.buttons.get(this.focusLabel)?.setAttribute("tabindex", "-1");
    this.focusLabel = label;
    button.tabIndex = 0;
    if (move) button.focus();
  }

  /** Arrow keys: to the nearest playing square in that direction. @param {KeyboardEvent} e */
  key(e) {
    const steps = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });
    const step = steps[e.key];
    const here = this.squares.get(this.focusLabel);
    if (!step || !here) return;
    e.preventDefault();
    const [dr, dc] = step;
    let best = null;
    let bestScore = Infinity;
    for (const s of this.squares.values()) {
      const along = dr ? (s.row - here.row) * dr : (s.col - here.col) * dc;
      const across = dr ? Math.abs(s.col - here.col) : Math.abs(s.row - here.row);
      if (along <= 0) continue;
      // up and down: the nearest row (diagonally, as playing squares lie); left and right: the same row
      const score = dr ? along * 100 + across : across * 100 + along;
      if (score < bestScore) [best, bestScore] = [s, score];
    }
    if (best) this.setFocus(best.label, true);
  }

  /** @param {Element | null} target */
  labelAt(target) {
    const button = /** @type {HTMLElement | null} */ (target?.closest?.("[data-square]") ?? null);
    return button && this.root.contains(button) ? button.dataset.square || "" : "";
  }

  /** @param {PointerEvent} e */
  down(e) {
    const label = this.labelAt(/** @type {Element} */ (e.target));
    if (!label || e.button !== 0) return;
    this.setFocus(label, false);
    this.drag = { label, x: e.clientX, y: e.clientY, moved: false, ghost: null };
    this.root.setPointerCapture?.(e.pointerId);
  }

  /** @param {PointerEvent} e */
  moveDrag(e) {
    const drag = this.drag;
    if (!drag || !this.pieces[drag.label]) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      const from = /** @type {HTMLElement} */ (this.buttons.get(drag.label));
      const ghost = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (from.firstElementChild).cloneNode());
      ghost.classList.add("ghost");
      const size = from.getBoundingClientRect().width * 0.8;
      Object.assign(ghost.style, { width: `${size}px`, height: `${size}px` });
      document.body.append(ghost);
      drag.ghost = ghost;
      from.classList.add("lifted");
    }
    const ghost = /** @type {HTMLElement} */ (drag.ghost);
    ghost.style.left = `${e.clientX - ghost.offsetWidth / 2}px`;
    ghost.style.top = `${e.clientY - ghost.offsetHeight / 2}px`;
  }

  /** @param {PointerEvent} e */
  up(e) {
    const drag = this.drag;
    this.endDrag();
    if (!drag) return;
    if (!drag.moved) {
      this.actions.onSquare(drag.label);
      return;
    }
    const to = this.labelAt(document.elementFromPoint(e.clientX, e.clientY));
    if (!to) this.actions.onRemove(drag.label);
    else if (to !== drag.label) this.actions.onMove(drag.label, to);
  }

  endDrag() {
    if (!this.drag) return;
    this.drag.ghost?.remove();
    this.buttons.get(this.drag.label)?.classList.remove("lifted");
    this.drag = null;
  }
}
