// The board: draws a position on a canvas and turns clicks, drags, taps and keys into moves.
//
// It holds no rules. Python gives it, once per position, a "view": the geometry (rows, cols,
// each playing square's number, label, row and col), the pieces, and the full legal move list
// (origin, destination, path, captures, text). Every highlight is read from that list, so a
// click is answered within the frame, with no round trip to the worker.
//
// Over the canvas lies a layer of real <button>s, one per playing square, each labelled with
// its name and piece ("square 32, white man"). They make the board playable with the keyboard
// and a screen reader, and they are the stable handles the tests drive.

const SEGMENT_MS = 140; // animation time per step of a move's path
const MAX_ANIM_MS = 700; // long captures speed up rather than drag on
const DRAG_THRESHOLD_PX = 6;
const CROWN_MS = 320; // the pop of a new king // a press that moves less than this is a click, not a drag

/** Pure helpers on a view, testable without a browser. */
export function movesFrom(view, origin) {
  return view.moves.filter((m) => m.o === origin);
}
export function movableOrigins(view) {
  return new Set(view.moves.map((m) => m.o));
}
export function ownPiece(view, n) {
  const piece = view.pieces[n];
  return !!piece && piece.toLowerCase() === view.turn[0];
}

/**
 * What a click on square n does, given the selection: one of
 * {select}, {deselect}, {play, move}, {choose, moves}, {message, key}.
 */
export function clickAction(view, selected, n) {
  if (!view.moves.length) return { message: view.outcome ? "gameOver" : "wait" };
  if (selected != null) {
    const candidates = view.moves.filter((m) => m.o === selected && m.d === n);
    if (candidates.length === 1) return { play: true, move: candidates[0] };
    if (candidates.length > 1) return { choose: true, moves: candidates };
    if (n === selected) return { deselect: true };
    if (movesFrom(view, n).length) return { select: n };
    if (ownPiece(view, n)) return { message: "blocked" };
    return { message: "notDestination" };
  }
  if (movesFrom(view, n).length) return { select: n };
  if (ownPiece(view, n)) return { message: "blocked" };
  if (view.pieces[n]) return { message: "wrongSide" };
  return { message: "empty" };
}

export class Board {
  /**
   * @param {HTMLElement} root  element that receives the canvas and the button layer
   * @param {object} options
   *   onMove(move)            the user made one of view.moves
   *   onMessage(key)          a click did nothing; key names a message in view.messages
   *   label(square, piece, state)  accessible name of a square button
   *   routeLabel(move)        text of one route in the route chooser
   */
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.view = null;
    this.selected = null;
    this.flipped = false;
    this.interactive = false; // false until Python is ready and while the computer thinks
    this.labels = "numbers"; // "numbers": each square's name (32, e3); "edges": a-j and 1-10 on the rim; "none"
    this.hint = null; // a move to mark as the hint
    this.reviewing = false;
    this.anim = null; // {from: pieces before, move, start, duration}
    this.drag = null; // {origin, x, y, moved, pointerId}
    this.routes = null; // moves offered in the route chooser
    this.focusSquare = null;
    this.suppressClick = false;
    this.colors = null;
    this.frame = 0;

    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.layer = document.createElement("div");
    this.layer.className = "board-layer";
    this.layer.setAttribute("role", "group"); // a set of square buttons; the app names it
    this.chooser = document.createElement("div");
    this.chooser.className = "route-choice";
    this.chooser.hidden = true;
    root.append(this.canvas, this.layer, this.chooser);
    this.ctx = this.canvas.getContext("2d");

    this.layer.addEventListener("click", (e) => this.onClick(e));
    this.layer.addEventListener("keydown", (e) => this.onKey(e));
    this.layer.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.layer.addEventListener("pointermove", (e) => this.onPointerMove(e));
    this.layer.addEventListener("pointerup", (e) => this.onPointerUp(e));
    this.layer.addEventListener("pointercancel", () => this.cancelDrag());
    this.chooser.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.closeChooser(true);
    });
    // the focus ring is drawn on the canvas, so a focus change needs a frame
    this.layer.addEventListener("focusin", () => this.requestDraw());
    this.layer.addEventListener("focusout", () => this.requestDraw());
    new ResizeObserver(() => this.resize()).observe(root);
    this.watchPixelRatio();
  }

  /** Redraw crisply when the device pixel ratio changes (zoom, moving to another screen). */
  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener?.("change", () => {
      this.resize();
      this.watchPixelRatio();
    }, { once: true });
  }

  // -- state changes ----------------------------------------------------------------------
  /** Show a new position; animate `animate` (the move that led to it) from the old pieces. */
  setView(view, { animate = false, reviewing = false } = {}) {
    const before = this.view;
    const geometryChanged = !before || before.variant !== view.variant ||
      before.squares.length !== view.squares.length || before.rows !== view.rows;
    this.view = view;
    this.reviewing = reviewing;
    this.selected = null;
    this.hint = null;
    this.routes = null;
    this.chooser.hidden = true;
    this.anim = null;
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (animate && before && view.last && !reduced && !geometryChanged) {
      const steps = Math.max(1, view.last.path.length - 1);
      const end = view.last.path[view.last.path.length - 1];
      const was = before.pieces[view.last.path[0]];
      const now = view.pieces[end];
      this.anim = { from: before.pieces, last: view.last, start: performance.now(),
        duration: Math.min(MAX_ANIM_MS, SEGMENT_MS * steps),
        // a man that ends the move as a king: the crown pops in after the move
        crown: !!was && !!now && was === was.toLowerCase() && now === now.toUpperCase() ? end : null };
    }
    if (geometryChanged) this.buildLayer();
    this.squareIndex = new Map(view.squares.map((s) => [s[0], s]));
    this.updateLayer();
    this.requestDraw();
  }

  setInteractive(on) {
    this.interactive = on;
    if (!on) this.closeChooser(false);
    this.updateLayer();
    this.requestDraw();
  }
  setFlipped(on) {
    this.flipped = on;
    this.updateLayer();
    this.requestDraw();
  }
  setCoordinates(on) {
    this.setLabels(on ? "numbers" : "none");
  }
  setLabels(mode) {
    this.labels = ["numbers", "edges", "none"].includes(mode) ? mode : "numbers";
    this.requestDraw();
  }
  setHint(move) {
    this.hint = move;
    this.selected = move ? move.o : null;
    this.updateLayer();
    this.requestDraw();
  }
  themeChanged() {
    this.colors = null;
    this.requestDraw();
  }
  relabel() {
    this.updateLayer();
  }

  // -- the button layer -------------------------------------------------------------------
  buildLayer() {
    this.layer.replaceChildren();
    this.buttons = new Map();
    for (const [n] of this.view.squares) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.dataset.square = String(n);
      b.tabIndex = -1;
      this.layer.append(b);
      this.buttons.set(n, b);
    }
    this.focusSquare = null;
  }

  displayCell(r, c) {
    const v = this.view;
    return this.flipped ? [v.rows - 1 - r, v.cols - 1 - c] : [r, c];
  }

  updateLayer() {
    if (!this.view || !this.buttons) return;
    const v = this.view;
    const movable = this.interactive ? movableOrigins(v) : new Set();
    const dests = new Set(this.selected != null ? movesFrom(v, this.selected).map((m) => m.d) : []);
    if (this.focusSquare == null || !this.buttons.has(this.focusSquare)) {
      this.focusSquare = movable.size ? [...movable][0] : v.squares[0][0];
    }
    for (const [n, label, r, c] of v.squares) {
      const b = this.buttons.get(n);
      const [dr, dc] = this.displayCell(r, c);
      b.style.left = `${(dc * 100) / v.cols}%`;
      b.style.top = `${(dr * 100) / v.rows}%`;
      b.style.width = `${100 / v.cols}%`;
      b.style.height = `${100 / v.rows}%`;
      const state = [];
      if (n === this.selected) state.push("selected");
      else if (movable.has(n)) state.push("movable");
      if (dests.has(n)) state.push("destination");
      b.setAttribute("aria-label", this.options.label({ number: n, label }, v.pieces[n] || null, state));
      b.dataset.piece = v.pieces[n] || "";
      b.dataset.state = state.join(" ");
      b.setAttribute("aria-pressed", n === this.selected ? "true" : "false");
      b.tabIndex = n === this.focusSquare ? 0 : -1;
    }
  }

  focus() {
    this.buttons?.get(this.focusSquare)?.focus();
  }

  // -- input ------------------------------------------------------------------------------
  squareFromEvent(e) {
    const button = e.target.closest?.("button.sq");
    return button ? Number(button.dataset.square) : null;
  }

  squareAtPoint(x, y) {
    const rect = this.layer.getBoundingClientRect();
    const v = this.view;
    const dc = Math.floor(((x - rect.left) / rect.width) * v.cols);
    const dr = Math.floor(((y - rect.top) / rect.height) * v.rows);
    const [r, c] = this.displayCell(dr, dc); // the flip is its own inverse
    const hit = v.squares.find((s) => s[2] === r && s[3] === c);
    return hit ? hit[0] : null;
  }

  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const n = this.squareFromEvent(e);
    if (n != null) this.press(n);
  }

  /** A click, tap or Enter on square n. */
  press(n) {
    if (!this.view) return;
    this.focusSquare = n;
    if (this.routes) this.closeChooser(false);
    if (!this.interactive) {
      this.options.onMessage(this.view.outcome ? "gameOver" : this.reviewing ? "reviewing" : "wait");
      return;
    }
    const action = clickAction(this.view, this.selected, n);
    if (action.play) this.commit(action.move);
    else if (action.choose) this.openChooser(action.moves);
    else if (action.select != null) this.selected = action.select;
    else if (action.deselect) this.selected = null;
    else if (action.message) this.options.onMessage(action.message);
    this.hint = null;
    this.updateLayer();
    this.requestDraw();
  }

  commit(move) {
    const hadFocus = this.root.contains(document.activeElement);
    this.selected = null;
    this.routes = null;
    this.chooser.hidden = true;
    this.focusSquare = move.d;
    if (hadFocus) this.focus(); // keyboard players stay on the board, on the square they moved to
    this.options.onMove(move);
  }

  openChooser(moves) {
    this.routes = moves;
    this.chooser.replaceChildren();
    const title = document.createElement("p");
    title.textContent = this.options.routeTitle();
    this.chooser.append(title);
    moves.forEach((move, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "route";
      b.dataset.route = String(i);
      b.textContent = this.options.routeLabel(move);
      b.addEventListener("click", () => this.commit(move));
      b.addEventListener("pointerenter", () => this.showRoute(move));
      b.addEventListener("focus", () => this.showRoute(move));
      this.chooser.append(b);
    });
    this.chooser.hidden = false;
    this.shownRoute = moves[0];
    this.chooser.querySelector("button")?.focus();
  }

  showRoute(move) {
    this.shownRoute = move;
    this.requestDraw();
  }

  closeChooser(refocus) {
    if (!this.routes) return;
    this.routes = null;
    this.shownRoute = null;
    this.chooser.hidden = true;
    if (refocus) this.focus();
    this.requestDraw();
  }

  onKey(e) {
    if (!this.view) return;
    const deltas = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key in deltas) {
      e.preventDefault();
      this.moveFocus(...deltas[e.key]);
    } else if (e.key === "Escape") {
      this.selected = null;
      this.closeChooser(true);
      this.updateLayer();
      this.requestDraw();
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      const list = this.view.squares.map((s) => s[0]);
      this.focusSquare = e.key === "Home" ? list[0] : list[list.length - 1];
      this.updateLayer();
      this.focus();
    }
    // Enter and Space reach onClick through the buttons' own click.
  }

  /** Move the keyboard focus to the nearest playing square in a screen direction. */
  moveFocus(dRow, dCol) {
    const from = this.squareIndex.get(this.focusSquare);
    if (!from) return;
    const [r0, c0] = this.displayCell(from[2], from[3]);
    let best = null;
    let bestScore = Infinity;
    for (const s of this.view.squares) {
      const [r, c] = this.displayCell(s[2], s[3]);
      const along = dRow ? (r - r0) * dRow : (c - c0) * dCol;
      const across = dRow ? Math.abs(c - c0) : Math.abs(r - r0);
      if (along <= 0 || across > along + 1) continue; // ahead, within a cone
      const score = along * 10 + across;
      if (score < bestScore) {
        bestScore = score;
        best = s[0];
      }
    }
    if (best != null) {
      this.focusSquare = best;
      this.updateLayer();
      this.focus();
    }
  }

  onPointerDown(e) {
    const n = this.squareFromEvent(e);
    if (n == null || !this.interactive || e.button > 0) return;
    const canDrag = movesFrom(this.view, n).length > 0;
    if (!canDrag) return;
    this.drag = { origin: n, x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY, moved: false, id: e.pointerId };
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    d.x = e.clientX;
    d.y = e.clientY;
    if (!d.moved && Math.hypot(d.x - d.sx, d.y - d.sy) > DRAG_THRESHOLD_PX) {
      d.moved = true;
      this.selected = d.origin;
      try {
        this.layer.setPointerCapture(e.pointerId);
      } catch {}
      this.updateLayer();
    }
    if (d.moved) this.requestDraw();
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    if (!d.moved) return; // a plain click: the click event handles it
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    const target = this.squareAtPoint(e.clientX, e.clientY);
    if (target != null && target !== d.origin) this.press(target);
    else this.requestDraw();
  }

  cancelDrag() {
    this.drag = null;
    this.requestDraw();
  }

  // -- drawing ----------------------------------------------------------------------------
  resize() {
    const rect = this.root.getBoundingClientRect();
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

  readColors() {
    const css = getComputedStyle(this.root);
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

  draw() {
    const v = this.view;
    const ctx = this.ctx;
    if (!v) return;
    this.colors ||= this.readColors();
    const col = this.colors;
    const W = this.canvas.width;
    const H = this.canvas.height;
    const cw = W / v.cols;
    const ch = H / v.rows;
    const size = Math.min(cw, ch);
    const centre = (n) => {
      const s = this.squareIndex.get(n);
      const [dr, dc] = this.displayCell(s[2], s[3]);
      return [(dc + 0.5) * cw, (dr + 0.5) * ch];
    };
    ctx.clearRect(0, 0, W, H);
    const playing = new Set(v.squares.map((s) => `${s[2]},${s[3]}`));
    const allPlay = v.colouring === "all";
    for (let r = 0; r < v.rows; r++) {
      for (let c = 0; c < v.cols; c++) {
        const [dr, dc] = this.displayCell(r, c);
        const inPlay = playing.has(`${r},${c}`);
        ctx.fillStyle = allPlay ? ((r + c) % 2 ? col.dark : col.light) : inPlay ? col.dark : col.light;
        ctx.fillRect(Math.floor(dc * cw), Math.floor(dr * ch), Math.ceil(cw), Math.ceil(ch));
      }
    }
    const fillSquare = (n, style) => {
      const s = this.squareIndex.get(n);
      if (!s) return;
      const [dr, dc] = this.displayCell(s[2], s[3]);
      ctx.fillStyle = style;
      ctx.fillRect(dc * cw, dr * ch, cw, ch);
    };
    // The last move: its squares tinted.
    const anim = this.anim;
    const now = performance.now();
    const animT = anim ? Math.min(1, (now - anim.start) / anim.duration) : 1;
    if (anim && animT >= 1) {
      this.anim = null;
      if (anim.crown != null) this.crownPop = { square: anim.crown, start: now };
    }
    const pop = this.crownPop && now - this.crownPop.start < CROWN_MS ? this.crownPop : null;
    if (this.crownPop && !pop) this.crownPop = null;
    if (v.last && !(anim && animT < 1)) for (const n of v.last.path) fillSquare(n, col.last);
    if (this.selected != null) fillSquare(this.selected, col.selected + "88");

    ctx.fillStyle = col.coord;
    ctx.font = `${Math.round(size * 0.17)}px system-ui, sans-serif`;
    if (this.labels === "numbers") {
      ctx.textBaseline = "top";
      ctx.textAlign = "left";
      for (const [, label, r, c] of v.squares) {
        const [dr, dc] = this.displayCell(r, c);
        ctx.fillText(label, dc * cw + size * 0.06, dr * ch + size * 0.05);
      }
    } else if (this.labels === "edges") {
      // files a, b, ... along the bottom and ranks 1, 2, ... up the left side, as White sees
      // them, flipped with the board; light letters with a dark rim read on either square.
      ctx.fillStyle = col.light;
      ctx.strokeStyle = col.dark;
      ctx.lineWidth = Math.max(2, size * 0.05);
      ctx.lineJoin = "round";
      const edgeText = (text, x, y) => {
        ctx.strokeText(text, x, y);
        ctx.fillText(text, x, y);
      };
      for (let dc = 0; dc < v.cols; dc++) {
        const c = this.flipped ? v.cols - 1 - dc : dc;
        ctx.textBaseline = "bottom";
        ctx.textAlign = "right";
        edgeText(String.fromCharCode(97 + c), (dc + 1) * cw - size * 0.06, H - size * 0.04);
      }
      for (let dr = 0; dr < v.rows; dr++) {
        const r = this.flipped ? v.rows - 1 - dr : dr;
        ctx.textBaseline = "top";
        ctx.textAlign = "left";
        edgeText(String(v.rows - r), size * 0.06, dr * ch + size * 0.05);
      }
    }

    // Pieces: during an animation the position before the move, without the moving piece.
    const animating = anim && animT < 1;
    const pieces = animating ? anim.from : v.pieces;
    const ghosts = new Set(animating ? anim.last.caps : []);
    const moving = animating ? anim.last.path[0] : null;
    const dragging = this.drag && this.drag.moved ? this.drag.origin : null;
    const selMoves = this.selected != null && this.interactive ? movesFrom(v, this.selected) : [];
    const shownRoutes = this.routes ? [this.shownRoute || this.routes[0]] : selMoves;
    const capturedBySel = new Set(shownRoutes.flatMap((m) => m.caps));
    for (const key of Object.keys(pieces)) {
      const n = Number(key);
      if (n === moving || n === dragging) continue;
      const [x, y] = centre(n);
      const alpha = ghosts.has(n) ? 1 - animT * 0.7 : capturedBySel.has(n) ? 0.45 : 1;
      const grow = pop && pop.square === n ? 1 + 0.25 * Math.sin((Math.PI * (now - pop.start)) / CROWN_MS) : 1;
      this.drawPiece(x, y, size * grow, pieces[key], alpha);
      if (capturedBySel.has(n)) this.drawCross(x, y, size, col.capture);
    }

    // Marks on pieces that can move (those that must capture in the capture colour).
    if (this.interactive && !animating) {
      const origins = movableOrigins(v);
      for (const n of origins) {
        if (n === this.selected || n === dragging) continue;
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
      if (m.caps.length) {
        ctx.strokeStyle = col.capture;
        ctx.lineWidth = Math.max(2, size * 0.07);
        ctx.lineJoin = "round";
        ctx.globalAlpha = 0.8;
        ctx.beginPath();
        m.path.forEach((n, i) => {
          const [x, y] = centre(n);
          if (i === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        });
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
    }
    for (const m of selMoves) {
      const [x, y] = centre(m.d);
      ctx.fillStyle = col.dest;
      ctx.beginPath();
      ctx.arc(x, y, size * (v.pieces[m.d] ? 0.46 : 0.16), 0, Math.PI * 2);
      if (v.pieces[m.d]) {
        // a king's capture can end where it started: ring the square instead of hiding it
        ctx.lineWidth = size * 0.06;
        ctx.strokeStyle = col.dest;
        ctx.stroke();
      } else ctx.fill();
    }
    if (this.hint) {
      ctx.strokeStyle = col.hint;
      ctx.lineWidth = Math.max(3, size * 0.08);
      ctx.beginPath();
      this.hint.path.forEach((n, i) => {
        const [x, y] = centre(n);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.stroke();
    }
    // Keyboard focus ring (drawn here too, since the buttons themselves are transparent).
    if (document.activeElement?.dataset?.square) {
      const n = Number(document.activeElement.dataset.square);
      const s = this.squareIndex.get(n);
      if (s) {
        const [dr, dc] = this.displayCell(s[2], s[3]);
        ctx.strokeStyle = col.dest;
        ctx.lineWidth = Math.max(2, size * 0.05);
        ctx.strokeRect(dc * cw + 2, dr * ch + 2, cw - 4, ch - 4);
      }
    }

    // The moving piece along its path, or the dragged piece under the pointer.
    if (animating) {
      const path = anim.last.path;
      const segs = path.length - 1 || 1;
      const pos = animT * segs;
      const i = Math.min(segs - 1, Math.floor(pos));
      const f = pos - i;
      const [x1, y1] = centre(path[Math.min(i, path.length - 1)]);
      const [x2, y2] = centre(path[Math.min(i + 1, path.length - 1)]);
      const piece = anim.from[path[0]] || v.pieces[path[path.length - 1]];
      this.drawPiece(x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, size * 1.05, piece, 1);
      this.requestDraw();
    } else if (pop) {
      this.requestDraw();
    } else if (dragging != null && this.drag) {
      const rect = this.canvas.getBoundingClientRect();
      const scale = W / rect.width;
      this.drawPiece((this.drag.x - rect.left) * scale, (this.drag.y - rect.top) * scale, size * 1.1, v.pieces[dragging], 0.9);
    }
  }

  drawPiece(x, y, size, piece, alpha) {
    if (!piece) return;
    const ctx = this.ctx;
    const col = this.colors;
    const white = piece.toLowerCase() === "w";
    const r = size * 0.38;
    ctx.globalAlpha = alpha;
    ctx.fillStyle = white ? col.white : col.black;
    ctx.strokeStyle = white ? col.whiteEdge : col.blackEdge;
    ctx.lineWidth = Math.max(1, size * 0.03);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, y, r * 0.68, 0, Math.PI * 2);
    ctx.stroke();
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

  drawCross(x, y, size, color) {
    const ctx = this.ctx;
    const d = size * 0.2;
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(2, size * 0.06);
    ctx.beginPath();
    ctx.moveTo(x - d, y - d);
    ctx.lineTo(x + d, y + d);
    ctx.moveTo(x + d, y - d);
    ctx.lineTo(x - d, y + d);
    ctx.stroke();
  }
}
