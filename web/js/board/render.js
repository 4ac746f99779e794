// Drawing the board: the canvas (squares, pieces, marks, animation) and the layer of real
// <button>s over it, one per playing square, each labelled with its name and piece ("square 32,
// white man"). The buttons make the board playable with the keyboard and a screen reader, and
// they are the stable handles the tests drive. Reads the state; changes only the animation's
// progress in it.

import { CROWN_MS, displayCell, homeSquare, movableOrigins, movesFrom } from "./state.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("../types.js").Piece} Piece */
/** @typedef {import("../types.js").View} View */
/** @typedef {(square: {number: number, label: string}, piece: Piece | null, state: string[]) => string} SquareLabel */
/** @typedef {Record<"light" | "dark" | "white" | "whiteEdge" | "black" | "blackEdge" | "movable" | "capture" | "selected" | "dest" | "last" | "coord" | "hint", string>} Colours */

/** Square names are drawn at least this many CSS pixels high, however small the board. */
export const MIN_LABEL_PX = 10;

/** The board's colours from CSS custom properties (a host page can set them), with defaults. @param {Element} root */
function readColours(root) {
  const css = getComputedStyle(root);
  /** @param {string} name @param {string} fallback */
  const get = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    light: get("--sq-light", "#f0d9b5"), dark: get("--sq-dark", "#8b5a2b"),
    white: get("--piece-white", "#f7f3ea"), whiteEdge: get("--piece-white-edge", "#8a7f6a"),
    black: get("--piece-black", "#222"), blackEdge: get("--piece-black-edge", "#000"),
    movable: get("--mark-movable", "#3fa34d"), capture: get("--mark-capture", "#d9480f"),
    selected: get("--mark-selected", "#ffd43b"), dest: get("--mark-dest", "#1c7ed6"),
    last: get("--mark-last", "rgba(255,212,59,0.35)"), coord: get("--coord", "rgba(255,255,255,0.75)"),
    hint: get("--mark-hint", "#ae3ec9"),
  };
}

/** A move drawn as an arrow: its squares, in order. @typedef {{path: number[], colour?: string, alpha?: number}} Arrow */

export class Renderer {
  /**
   * @param {HTMLElement} root  receives the canvas and the button layer
   * @param {BoardState} state
   * @param {SquareLabel} label  accessible name of a square button
   */
  constructor(root, state, label) {
    this.root = root;
    this.state = state;
    this.label = label;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.layer = document.createElement("div");
    this.layer.className = "board-layer";
    this.layer.setAttribute("role", "group"); // a set of square buttons; the page names it
    root.append(this.canvas, this.layer);
    this.ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d"));
    /** @type {Map<number, HTMLButtonElement>} */
    this.buttons = new Map();
    /** @type {Colours | null} */
    this.colours = null;
    this.frame = 0;
    /** @type {Arrow[]} arrows a host draws over the position (the analysis's best moves) */
    this.arrows = [];
  }

  /** The element with the keyboard focus in the board's document or shadow root. */
  activeElement() {
    return /** @type {Document | ShadowRoot} */ (this.root.getRootNode()).activeElement;
  }

  /** Whether the keyboard focus is on the board (a square or the route chooser). */
  hasFocus() {
    const active = this.activeElement();
    return !!active && this.root.contains(active);
  }

  // -- the button layer -------------------------------------------------------------------
  buildLayer() {
    const view = this.state.view;
    if (!view) return;
    this.buttons = new Map();
    this.layer.replaceChildren(...view.squares.map(([n]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.dataset.square = String(n);
      b.tabIndex = -1;
      this.buttons.set(n, b);
      return b;
    }));
    this.state.focusSquare = null;
    this.state.focusPlaced = false;
  }

  updateLayer() {
    const { view, selected, interactive, flipped } = this.state;
    if (!view || !this.buttons.size) return;
    const movable = interactive ? movableOrigins(view) : new Set();
    const dests = new Set(selected != null ? movesFrom(view, selected).map((m) => m.d) : []);
    // The one square in the Tab order: while the player is elsewhere on the page it moves to a
    // piece that can move, so Tab or the skip link lands where a move begins; while they walk
    // the board it stays where they put it.
    const known = this.state.focusSquare != null && this.buttons.has(this.state.focusSquare) ? this.state.focusSquare : null;
    if (known == null || (movable.size && !movable.has(known) && !this.hasFocus())) {
      this.state.focusSquare = homeSquare(view, movable, this.state.focusPlaced ? known : null) ?? known ?? view.squares[0][0];
    }
    for (const [n, label, r, c] of view.squares) {
      const b = this.buttons.get(n);
      if (!b) continue;
      const [dr, dc] = displayCell(view, flipped, r, c);
      b.style.left = `${(dc * 100) / view.cols}%`;
      b.style.top = `${(dr * 100) / view.rows}%`;
      b.style.width = `${100 / view.cols}%`;
      b.style.height = `${100 / view.rows}%`;
      const marks = [];
      if (n === selected) marks.push("selected");
      else if (movable.has(n)) marks.push("movable");
      if (dests.has(n)) marks.push("destination");
      b.setAttribute("aria-label", this.label({ number: n, label }, view.pieces[n] || null, marks));
      b.dataset.piece = view.pieces[n] || "";
      b.dataset.state = marks.join(" ");
      b.setAttribute("aria-pressed", n === selected ? "true" : "false");
      b.tabIndex = n === this.state.focusSquare ? 0 : -1;
    }
  }

  // -- the canvas -------------------------------------------------------------------------
  resize() {
    // The canvas's own box, not the root's: the root's border (the play page gives it one on
    // wide screens, a host page may too) would stretch the drawing over a smaller box and
    // blur every line and label.
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.requestDraw();
  }

  requestDraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  themeChanged() {
    this.colours = null;
    this.requestDraw();
  }

  draw() {
    const state = this.state;
    const v = state.view;
    if (!v) return;
    const ctx = this.ctx;
    const col = (this.colours ||= readColours(this.root));
    const W = this.canvas.width;
    const H = this.canvas.height;
    const cw = W / v.cols;
    const ch = H / v.rows;
    const size = Math.min(cw, ch);
    /** @param {number} n @returns {[number, number]} */
    const centre = (n) => {
      const s = state.squareIndex.get(n);
      if (!s) return [0, 0];
      const [dr, dc] = displayCell(v, state.flipped, s[2], s[3]);
      return [(dc + 0.5) * cw, (dr + 0.5) * ch];
    };
    /** @param {number} n @param {string} style */
    const fillSquare = (n, style) => {
      const s = state.squareIndex.get(n);
      if (!s) return;
      const [dr, dc] = displayCell(v, state.flipped, s[2], s[3]);
      ctx.fillStyle = style;
      ctx.fillRect(dc * cw, dr * ch, cw, ch);
    };
    /** @param {number[]} path */
    const line = (path) => {
      ctx.beginPath();
      path.forEach((n, i) => {
        const [x, y] = centre(n);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.stroke();
    };

    ctx.clearRect(0, 0, W, H);
    const playing = new Set(v.squares.map((s) => `${s[2]},${s[3]}`));
    const allPlay = v.colouring === "all";
    for (let r = 0; r < v.rows; r++) {
      for (let c = 0; c < v.cols; c++) {
        const [dr, dc] = displayCell(v, state.flipped, r, c);
        const inPlay = playing.has(`${r},${c}`);
        ctx.fillStyle = allPlay ? ((r + c) % 2 ? col.dark : col.light) : inPlay ? col.dark : col.light;
        ctx.fillRect(Math.floor(dc * cw), Math.floor(dr * ch), Math.ceil(cw), Math.ceil(ch));
      }
    }
    // The animation's progress; a man crowned by the move gets its crown's pop afterwards.
    const anim = state.anim;
    const now = performance.now();
    const animT = anim ? Math.min(1, (now - anim.start) / anim.duration) : 1;
    if (anim && animT >= 1) {
      state.anim = null;
      if (anim.crown != null) state.crownPop = { square: anim.crown, start: now };
    }
    const pop = state.crownPop && now - state.crownPop.start < CROWN_MS ? state.crownPop : null;
    if (state.crownPop && !pop) state.crownPop = null;
    const animating = anim && animT < 1 ? anim : null;
    // The last move: its squares tinted.
    if (v.last && !animating) for (const n of v.last.path) fillSquare(n, col.last);
    if (state.selected != null) fillSquare(state.selected, col.selected + "88");

    // Pieces: during an animation the position before the move, without the moving piece.
    const pieces = animating ? animating.from : v.pieces;
    const ghosts = new Set(animating ? animating.last.caps : []);
    const moving = animating ? animating.last.path[0] : null;
    const dragging = state.drag && state.drag.moved ? state.drag.origin : null;
    const selMoves = state.selected != null && state.interactive ? movesFrom(v, state.selected) : [];
    const shownRoutes = state.routes ? [state.shownRoute || state.routes[0]] : selMoves;
    const capturedBySel = new Set(shownRoutes.flatMap((m) => m.caps));
    for (const [key, piece] of Object.entries(pieces)) {
      const n = Number(key);
      if (n === moving || n === dragging) continue;
      const [x, y] = centre(n);
      const alpha = ghosts.has(n) ? 1 - animT * 0.7 : capturedBySel.has(n) ? 0.45 : 1;
      const grow = pop && pop.square === n ? 1 + 0.25 * Math.sin((Math.PI * (now - pop.start)) / CROWN_MS) : 1;
      this.drawPiece(x, y, size * grow, piece, alpha);
      if (capturedBySel.has(n)) this.drawCross(x, y, size, col.capture);
    }

    // Marks on pieces that can move (those that must capture in the capture colour).
    if (state.interactive && !animating) {
      for (const n of movableOrigins(v)) {
        if (n === state.selected || n === dragging) continue;
        const [x, y] = centre(n);
        ctx.lineWidth = Math.max(2, size * 0.06);
        ctx.strokeStyle = v.mustCapture ? col.capture : col.movable;
        ctx.beginPath();
        ctx.arc(x, y, size * 0.43, 0, Math.PI * 2);
        ctx.stroke();
      }
    }

    // The selected piece's moves: capture paths as lines, destinations as dots.
    for (const m of shownRoutes) {
      if (!m.caps.length) continue;
      ctx.strokeStyle = col.capture;
      ctx.lineWidth = Math.max(2, size * 0.07);
      ctx.lineJoin = "round";
      ctx.globalAlpha = 0.8;
      line(m.path);
      ctx.globalAlpha = 1;
    }
    for (const m of selMoves) {
      const [x, y] = centre(m.d);
      const occupied = !!v.pieces[m.d];
      ctx.fillStyle = col.dest;
      ctx.beginPath();
      ctx.arc(x, y, size * (occupied ? 0.46 : 0.16), 0, Math.PI * 2);
      if (occupied) {
        // a king's capture can end where it started: ring the square instead of hiding it
        ctx.lineWidth = size * 0.06;
        ctx.strokeStyle = col.dest;
        ctx.stroke();
      } else ctx.fill();
    }
    if (state.hint) {
      ctx.strokeStyle = col.hint;
      ctx.lineWidth = Math.max(3, size * 0.08);
      line(state.hint.path);
    }
    this.drawLabels(v, size, cw, ch, H, col);
    for (const arrow of this.arrows) this.drawArrow(arrow.path.map(centre), size, arrow.colour || col.hint, arrow.alpha ?? 0.75);
    // Keyboard focus ring (drawn here too, since the buttons themselves are transparent).
    const focused = /** @type {HTMLElement | null} */ (this.activeElement());
    const focusedSquare = focused?.dataset?.square ? state.squareIndex.get(Number(focused.dataset.square)) : null;
    if (focusedSquare && this.layer.contains(focused)) {
      const [dr, dc] = displayCell(v, state.flipped, focusedSquare[2], focusedSquare[3]);
      ctx.strokeStyle = col.dest;
      ctx.lineWidth = Math.max(2, size * 0.05);
      ctx.strokeRect(dc * cw + 2, dr * ch + 2, cw - 4, ch - 4);
    }

    // The moving piece along its path, or the dragged piece under the pointer.
    if (animating) {
      const path = animating.last.path;
      const segs = path.length - 1 || 1;
      const pos = animT * segs;
      const i = Math.min(segs - 1, Math.floor(pos));
      const f = pos - i;
      const [x1, y1] = centre(path[Math.min(i, path.length - 1)]);
      const [x2, y2] = centre(path[Math.min(i + 1, path.length - 1)]);
      const piece = animating.from[path[0]] || v.pieces[path[path.length - 1]];
      this.drawPiece(x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, size * 1.05, piece, 1);
      this.requestDraw();
    } else if (pop) {
      this.requestDraw();
    } else if (dragging != null && state.drag) {
      const rect = this.canvas.getBoundingClientRect();
      const scale = W / rect.width;
      this.drawPiece((state.drag.x - rect.left) * scale, (state.drag.y - rect.top) * scale, size * 1.1, v.pieces[dragging], 0.9);
    }
  }

  /**
   * Square names in their corners, or files and ranks on the rim: over the pieces, with a rim
   * of the square's colour so they read on a piece too, and never smaller than MIN_LABEL_PX.
   * @param {View} v @param {number} size @param {number} cw @param {number} ch @param {number} H @param {Colours} col
   */
  drawLabels(v, size, cw, ch, H, col) {
    const ctx = this.ctx;
    const { labels, flipped } = this.state;
    if (labels === "none") return;
    const dpr = this.canvas.width / Math.max(1, this.canvas.getBoundingClientRect().width);
    const px = Math.max(MIN_LABEL_PX * dpr, size * 0.17);
    ctx.font = `${Math.round(px)}px system-ui, sans-serif`;
    ctx.lineWidth = Math.max(2, px * 0.22);
    ctx.lineJoin = "round";
    // Whole device pixels: text at a fractional offset is smoothed over an extra row, blurred
    // and, by how the offset falls on a given board size, up to a pixel shorter in its ink.
    /** @param {string} text @param {number} x @param {number} y */
    const rimmed = (text, x, y) => {
      x = Math.round(x);
      y = Math.round(y);
      ctx.strokeText(text, x, y);
      ctx.fillText(text, x, y);
    };
    if (labels === "numbers") {
      ctx.fillStyle = col.coord;
      ctx.strokeStyle = col.dark;
      ctx.textBaseline = "top";
      ctx.textAlign = "left";
      for (const [, label, r, c] of v.squares) {
        const [dr, dc] = displayCell(v, flipped, r, c);
        rimmed(label, dc * cw + size * 0.04, dr * ch + size * 0.03);
      }
    } else {
      // files a, b, ... along the bottom and ranks 1, 2, ... up the left side, as White sees
      // them, flipped with the board; light letters with a dark rim read on either square.
      ctx.fillStyle = col.light;
      ctx.strokeStyle = col.dark;
      for (let dc = 0; dc < v.cols; dc++) {
        const c = flipped ? v.cols - 1 - dc : dc;
        ctx.textBaseline = "bottom";
        ctx.textAlign = "right";
        rimmed(String.fromCharCode(97 + c), (dc + 1) * cw - size * 0.06, H - size * 0.04);
      }
      for (let dr = 0; dr < v.rows; dr++) {
        const r = flipped ? v.rows - 1 - dr : dr;
        ctx.textBaseline = "top";
        ctx.textAlign = "left";
        rimmed(String(v.rows - r), size * 0.06, dr * ch + size * 0.05);
      }
    }
  }

  /**
   * One piece in the style chosen (state.pieceStyle): rings, a disc with an inner ring; flat,
   * a plain disc; shaded, a disc lit from the top left standing on its own edge.
   * @param {number} x @param {number} y @param {number} size @param {Piece | undefined} piece @param {number} alpha
   */
  drawPiece(x, y, size, piece, alpha) {
    if (!piece) return;
    const ctx = this.ctx;
    const col = /** @type {Colours} */ (this.colours);
    const style = this.state.pieceStyle;
    const white = piece.toLowerCase() === "w";
    const face = white ? col.white : col.black;
    const edge = white ? col.whiteEdge : col.blackEdge;
    const r = size * 0.38;
    /** @param {number} cy @param {number} radius */
    const disc = (cy, radius) => {
      ctx.beginPath();
      ctx.arc(x, cy, radius, 0, Math.PI * 2);
    };
    ctx.globalAlpha = alpha;
    ctx.lineWidth = Math.max(1, size * 0.03);
    ctx.strokeStyle = edge;
    if (style === "shaded") {
      const lift = size * 0.05; // the piece's height: its edge shows below the face
      ctx.fillStyle = edge;
      disc(y + lift / 2, r);
      ctx.fill();
      y -= lift / 2;
      ctx.fillStyle = face;
      disc(y, r * 0.97);
      ctx.fill();
      // a light from the top left, over whatever colour the theme gives the piece
      const light = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.05, x, y, r);
      light.addColorStop(0, "rgba(255, 255, 255, 0.6)");
      light.addColorStop(1, "rgba(255, 255, 255, 0)");
      ctx.fillStyle = light;
      ctx.fill();
    } else {
      ctx.fillStyle = face;
      disc(y, r);
      ctx.fill();
      ctx.stroke();
      if (style === "rings") {
        disc(y, r * 0.68);
        ctx.stroke();
      }
    }
    if (piece === "W" || piece === "B") {
      // A crown: three points, in the contrasting colour, so kings read at any size.
      ctx.fillStyle = white ? col.blackEdge : col.white;
      const w = r * 0.9;
      const h = r * 0.55;
      ctx.beginPath();
      ctx.moveTo(x - w / 2, y + h / 2);
      ctx.lineTo(x - w / 2, y - h / 2);
      ctx.lineTo(x - w / 4, y);
      ctx.lineTo(x, y - h / 1.4);
      ctx.lineTo(x + w / 4, y);
      ctx.lineTo(x + w / 2, y - h / 2);
      ctx.lineTo(x + w / 2, y + h / 2);
      ctx.closePath();
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }

  /**
   * A move as an arrow along its squares, the head on its last square.
   * @param {[number, number][]} points @param {number} size @param {string} colour @param {number} alpha
   */
  drawArrow(points, size, colour, alpha) {
    if (points.length < 2) return;
    const ctx = this.ctx;
    const [x1, y1] = points[points.length - 2];
    const [x2, y2] = points[points.length - 1];
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = size * 0.38;
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = ctx.fillStyle = colour;
    ctx.lineWidth = Math.max(3, size * 0.13);
    ctx.lineCap = ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(points[0][0], points[0][1]);
    for (const [x, y] of points.slice(1, -1)) ctx.lineTo(x, y);
    ctx.lineTo(x2 - Math.cos(angle) * head * 0.8, y2 - Math.sin(angle) * head * 0.8);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x2, y2);
    ctx.lineTo(x2 - head * Math.cos(angle - 0.5), y2 - head * Math.sin(angle - 0.5));
    ctx.lineTo(x2 - head * Math.cos(angle + 0.5), y2 - head * Math.sin(angle + 0.5));
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }

  /** @param {number} x @param {number} y @param {number} size @param {string} colour */
  drawCross(x, y, size, colour) {
    const ctx = this.ctx;
    const d = size * 0.2;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, size * 0.06);
    ctx.beginPath();
    ctx.moveTo(x - d, y - d);
    ctx.lineTo(x + d, y + d);
    ctx.moveTo(x + d, y - d);
    ctx.lineTo(x - d, y + d);
    ctx.stroke();
  }
}
