// The board as the pages use it: state (state.js), drawing (render.js) and input (input.js)
// behind one small interface, in the manner of chessground. The host gives it a view from
// Python (the position and its legal moves) and says whether it takes input; the board reports
// the move the user made. It holds no rules and no game flow.

import { Input } from "./input.js";
import { Renderer } from "./render.js";
import { createState, geometryChanged, labelMode, moveAnimation, pieceStyle } from "./state.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("./input.js").InputHooks & {label: import("./render.js").SquareLabel}} BoardOptions */

export class Board {
  /**
   * @param {HTMLElement} root  element that receives the canvas, the button layer and the route chooser
   * @param {BoardOptions} options
   */
  constructor(root, options) {
    this.state = createState();
    this.renderer = new Renderer(root, this.state, options.label);
    this.input = new Input(root, this.state, this.renderer, options);
    new ResizeObserver(() => this.renderer.resize()).observe(root);
    this.watchPixelRatio();
  }

  /** The position shown, or null before the first one. */
  get view() {
    return this.state.view;
  }

  /** Redraw crisply when the device pixel ratio changes (zoom, moving to another screen). */
  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener("change", () => {
      this.renderer.resize();
      this.watchPixelRatio();
    }, { once: true });
  }

  /**
   * Show a position; with `animate`, the move that led to it slides from the old pieces.
   * `reviewing` marks an earlier position of the game (a press then says so).
   * @param {View} view @param {{animate?: boolean, reviewing?: boolean}} [how]
   */
  setView(view, { animate = false, reviewing = false } = {}) {
    const state = this.state;
    const before = state.view;
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    state.anim = animate && !reduced ? moveAnimation(before, view, performance.now()) : null;
    state.view = view;
    state.reviewing = reviewing;
    state.selected = null;
    state.hint = null;
    this.input.closeChooser(false);
    if (geometryChanged(before, view)) this.renderer.buildLayer();
    state.squareIndex = new Map(view.squares.map((s) => [s[0], s]));
    this.input.refresh();
  }

  /** Take moves (true) or only explain presses (false: not ready, the computer thinks, over). @param {boolean} on */
  setInteractive(on) {
    this.state.interactive = on;
    if (!on) this.input.closeChooser(false);
    this.input.refresh();
  }

  /** Presses edit squares (a setup board) instead of making moves. @param {boolean} on */
  setEditing(on) {
    this.state.editing = on;
    if (on) this.state.selected = null;
    this.input.refresh();
  }

  /** @param {boolean} on */
  setFlipped(on) {
    this.state.flipped = on;
    this.input.refresh();
  }

  /** numbers: each square's name (32, e3); edges: a-j and 1-10 on the rim; none. @param {string} mode */
  setLabels(mode) {
    this.state.labels = labelMode(mode);
    this.renderer.requestDraw();
  }

  /** How the pieces are drawn: rings, flat or shaded (see state.js PIECE_STYLES). @param {string} style */
  setPieceStyle(style) {
    this.state.pieceStyle = pieceStyle(style);
    this.renderer.requestDraw();
  }

  /**
   * Mark a suggested move (null clears it): its piece is selected, so a click on the
   * destination plays it, and the keyboard focus goes to the piece.
   * @param {Move | null} move
   */
  setHint(move) {
    this.state.hint = move;
    this.state.selected = move ? move.o : null;
    if (move) [this.state.focusSquare, this.state.focusPlaced] = [move.o, true];
    this.input.refresh();
    if (move && this.input.hasFocus()) this.input.focus();
  }

  /** Arrows over the position (an analysis's best moves); [] clears them. @param {import("./render.js").Arrow[]} arrows */
  setArrows(arrows) {
    this.renderer.arrows = arrows;
    this.renderer.requestDraw();
  }

  /** The accessible name of the whole board. @param {string} name */
  setName(name) {
    this.renderer.layer.setAttribute("aria-label", name);
  }

  /** Colours come from CSS: read them again after a theme change. */
  themeChanged() {
    this.renderer.themeChanged();
  }

  /** The square labels' words changed (another language). */
  relabel() {
    this.renderer.updateLayer();
  }

  /** Put the keyboard focus on the board, on its focus square (a movable piece when there is one). */
  focus() {
    this.input.refresh();
    this.input.focus();
  }
}
