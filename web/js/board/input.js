// The board's input: clicks, drags, taps and keys on the square buttons, and the route chooser
// for moves that end on the same square by different paths. Keyboard and pointer end in one
// place, press(n), which reads clickAction() and reports a move to the host; the board never
// decides whether a move is legal (the host's view lists them all).

import { DRAG_THRESHOLD_PX, clickAction, displayCell, movesFrom, nextSquare, squareAt } from "./state.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("./render.js").Renderer} Renderer */
/** @typedef {import("../types.js").Move} Move */

/**
 * What the host hears from the board.
 * @typedef {object} InputHooks
 * @property {(move: Move) => void} onMove  the user made one of view.moves
 * @property {(key: string, context: {square: number, selected: number | null}) => void} onMessage
 *   a press did nothing; key names a message in view.messages (or wait, gameOver, reviewing)
 * @property {(square: number) => void} [onEdit]  a press while the board edits squares (setup)
 * @property {() => string} routeTitle  the route chooser's question
 * @property {(move: Move) => string} routeLabel  text of one route in the chooser
 */

/**
 * The keys that walk the board, as [rows, columns] on the screen; nextSquare() in state.js says
 * where each one goes. Home, Page Up, End and Page Down are the diagonals, as 7, 9, 1 and 3 lie
 * on a numeric keypad.
 */
export const WALK_KEYS = /** @type {Record<string, [number, number]>} */ ({
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
  Home: [-1, -1], PageUp: [-1, 1], End: [1, -1], PageDown: [1, 1],
});

export class Input {
  /**
   * @param {HTMLElement} root @param {BoardState} state @param {Renderer} renderer @param {InputHooks} hooks
   */
  constructor(root, state, renderer, hooks) {
    this.state = state;
    this.renderer = renderer;
    this.hooks = hooks;
    this.suppressClick = false;
    this.chooser = document.createElement("div");
    this.chooser.className = "route-choice";
    this.chooser.hidden = true;
    root.append(this.chooser);
    const layer = renderer.layer;
    layer.addEventListener("click", (e) => this.onClick(e));
    layer.addEventListener("keydown", (e) => this.onKey(e));
    layer.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    layer.addEventListener("pointermove", (e) => this.onPointerMove(e));
    layer.addEventListener("pointerup", (e) => this.onPointerUp(e));
    layer.addEventListener("pointercancel", () => this.cancelDrag());
    this.chooser.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.closeChooser(true);
    });
    // the focus ring is drawn on the canvas, so a focus change needs a frame
    layer.addEventListener("focusin", () => renderer.requestDraw());
    layer.addEventListener("focusout", () => renderer.requestDraw());
  }

  refresh() {
    this.renderer.updateLayer();
    this.renderer.requestDraw();
  }

  focus() {
    if (this.state.focusSquare != null) this.renderer.buttons.get(this.state.focusSquare)?.focus();
  }

  /** Whether the keyboard focus is on one of the board's squares. */
  hasFocus() {
    return this.renderer.hasFocus();
  }

  /** @param {Event} e */
  squareFromEvent(e) {
    const target = /** @type {Element | null} */ (e.target);
    const button = /** @type {HTMLElement | null | undefined} */ (target?.closest?.("button.sq"));
    return button ? Number(button.dataset.square) : null;
  }

  /** @param {MouseEvent} e */
  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const n = this.squareFromEvent(e);
    if (n != null) this.press(n);
  }

  /** A click, tap, drop or Enter on square n. @param {number} n */
  press(n) {
    const state = this.state;
    const view = state.view;
    if (!view) return;
    state.focusSquare = n;
    state.focusPlaced = true;
    if (state.routes) this.closeChooser(false);
    if (state.editing) {
      this.hooks.onEdit?.(n);
      return;
    }
    if (!state.interactive) {
      const key = view.outcome ? "gameOver" : state.reviewing ? "reviewing" : "wait";
      this.hooks.onMessage(key, { square: n, selected: state.selected });
      return;
    }
    const action = clickAction(view, state.selected, n, state.hint);
    state.keyColumn = null;
    // the hint stays while its piece is the one selected, so the destination click still plays it
    if (!("select" in action && state.hint?.o === action.select)) state.hint = null;
    if ("play" in action) this.commit(action.move);
    else if ("choose" in action) this.openChooser(action.moves);
    else if ("select" in action) state.selected = action.select;
    else if ("deselect" in action) state.selected = null;
    else this.hooks.onMessage(action.message, { square: n, selected: state.selected });
    this.refresh();
  }

  /** @param {Move} move */
  commit(move) {
    const hadFocus = this.hasFocus();
    this.state.selected = null;
    this.state.routes = null;
    this.chooser.hidden = true;
    this.state.focusSquare = move.d;
    this.state.focusPlaced = true;
    this.renderer.updateLayer();
    if (hadFocus) this.focus(); // keyboard players stay on the board, on the square they moved to
    this.hooks.onMove(move);
  }

  /** @param {Move[]} moves */
  openChooser(moves) {
    this.state.routes = moves;
    const title = document.createElement("p");
    title.textContent = this.hooks.routeTitle();
    this.chooser.replaceChildren(title, ...moves.map((move, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "route";
      b.dataset.route = String(i);
      b.textContent = this.hooks.routeLabel(move);
      b.addEventListener("click", () => this.commit(move));
      b.addEventListener("pointerenter", () => this.showRoute(move));
      b.addEventListener("focus", () => this.showRoute(move));
      return b;
    }));
    this.chooser.hidden = false;
    this.state.shownRoute = moves[0];
    this.chooser.querySelector("button")?.focus();
  }

  /** @param {Move} move */
  showRoute(move) {
    this.state.shownRoute = move;
    this.renderer.requestDraw();
  }

  /** @param {boolean} refocus */
  closeChooser(refocus) {
    this.chooser.hidden = true;
    if (!this.state.routes) return;
    this.state.routes = null;
    this.state.shownRoute = null;
    if (refocus) this.focus();
    this.renderer.requestDraw();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const state = this.state;
    const view = state.view;
    if (!view || e.altKey || e.ctrlKey || e.metaKey) return;
    const walk = WALK_KEYS[e.key];
    if (walk) {
      e.preventDefault();
      const from = state.focusSquare == null ? undefined : state.squareIndex.get(state.focusSquare);
      if (!from) return;
      const [dRow, dCol] = walk;
      const vertical = dCol === 0;
      const anchor = vertical ? state.keyColumn ?? displayCell(view, state.flipped, from[2], from[3])[1] : null;
      const next = nextSquare(view, state.flipped, from, dRow, dCol, anchor);
      if (next != null) this.moveFocusTo(next);
      state.keyColumn = anchor; // a step sideways or diagonally starts a new column
    } else if (e.key === "Escape") {
      state.selected = null;
      state.hint = null;
      this.closeChooser(true);
      this.refresh();
    }
    // Enter and Space reach onClick through the buttons' own click.
  }

  /** @param {number} n */
  moveFocusTo(n) {
    this.state.focusSquare = n;
    this.state.focusPlaced = true;
    this.renderer.updateLayer();
    this.focus();
  }

  /** @param {PointerEvent} e */
  onPointerDown(e) {
    const n = this.squareFromEvent(e);
    const view = this.state.view;
    if (n == null || !view || !this.state.interactive || this.state.editing || e.button > 0) return;
    if (!movesFrom(view, n).length) return;
    this.state.drag = { origin: n, x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY, moved: false, id: e.pointerId };
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const d = this.state.drag;
    if (!d || e.pointerId !== d.id) return;
    d.x = e.clientX;
    d.y = e.clientY;
    if (!d.moved && Math.hypot(d.x - d.sx, d.y - d.sy) > DRAG_THRESHOLD_PX) {
      d.moved = true;
      this.state.selected = d.origin;
      try {
        this.renderer.layer.setPointerCapture(e.pointerId);
      } catch {
        // the pointer is already gone: the drag ends with the next pointerup or cancel
      }
      this.renderer.updateLayer();
    }
    if (d.moved) this.renderer.requestDraw();
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const d = this.state.drag;
    const view = this.state.view;
    if (!d || !view || e.pointerId !== d.id) return;
    this.state.drag = null;
    if (!d.moved) return; // a plain click: the click event handles it
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    const rect = this.renderer.layer.getBoundingClientRect();
    const target = squareAt(view, this.state.flipped, (e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
    if (target != null && target !== d.origin) this.press(target);
    else this.renderer.requestDraw();
  }

  cancelDrag() {
    this.state.drag = null;
    this.renderer.requestDraw();
  }
}
