// <draughts-board>: a board for any page of the site, as an ES module custom element.
//
//   <script type="module" src="/draughts/embed.js"></script>
//   <draughts-board variant="russian" mode="play" level="3"></draughts-board>
//
// Attributes (all optional): variant, fen, pdn (or a child <script type="application/x-pdn">),
// mode = play (against the computer) | two (two players) | view (PDN viewer) | setup,
// level (1-7), orientation = white | black (the side at the bottom, and the player's colour in
// play mode), lang = en | de, coordinates = on | edges | off, why (present: the rules in play are listed).
// Events (bubbling, composed): draughts-ready, draughts-move {move, fen, ply, side, by},
// draughts-end {winner, result, reason, termination, rule}, draughts-setup {fen}.
//
// Every board on the page shares one Python worker (client.js); each has its own session there.
// Drawing and input are web/board.js's, unchanged: this file only wires it to Python and adds
// the controls a mode needs. The element lives in a shadow root so the host page's styles cannot
// break the board; the board's colours are CSS custom properties, which do cross into it, so a
// host can restyle it (draughts-board { --sq-dark: #476; }).

import { Board } from "./board.js";
import { call, newSession, onProgress, ready } from "./client.js";
import { languages, render, squareLabel } from "./i18n.js";

const CSS = `
:host { display: inline-block; width: 360px; max-width: 100%; vertical-align: top; font: 14px/1.4 system-ui, sans-serif;
  color: var(--fg, #1d1b18);
  --sq-light: #efe1c6; --sq-dark: #9a6b43; --piece-white: #fbf8f1; --piece-white-edge: #7d705c;
  --piece-black: #2b2622; --piece-black-edge: #0d0b0a; --coord: rgba(255, 255, 255, 0.8);
  --mark-movable: #2f9e44; --mark-capture: #e8590c; --mark-selected: #fcc419; --mark-dest: #1971c2;
  --mark-last: rgba(252, 196, 25, 0.38); --mark-hint: #ae3ec9; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.board { position: relative; width: 100%; aspect-ratio: 1; border: 2px solid #d8d0c2; border-radius: 4px;
  touch-action: none; user-select: none; }
.board-canvas, .board-layer { position: absolute; inset: 0; width: 100%; height: 100%; }
.board-layer .sq { position: absolute; background: transparent; border: 0; padding: 0; margin: 0; cursor: pointer; }
/* board.js draws its focus ring only for the page's own focus; inside a shadow root the button shows it */
.board-layer .sq:focus-visible { outline: 3px solid var(--mark-dest); outline-offset: -3px; }
.route-choice { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 2; max-width: 90%;
  background: #fff; color: #000; border: 2px solid var(--mark-dest); border-radius: 8px; padding: 0.5rem; display: grid; gap: 0.3rem; }
.route-choice[hidden] { display: none; }
.route-choice p { margin: 0; }
button, select { font: inherit; }
button { border: 1px solid #c9c0b0; background: #fffdf9; color: #1d1b18; border-radius: 5px; padding: 0.2em 0.55em; cursor: pointer; }
button:disabled { opacity: 0.45; cursor: default; }
.controls { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.35rem 0 0; align-items: center; }
.status { min-height: 1.4em; margin: 0.3rem 0 0; }
.status.warn { color: #c2410c; font-weight: 600; }
.why { margin: 0.3rem 0 0; padding-left: 1.1rem; font-size: 0.92em; }
.why[hidden], .moves[hidden], .legal[hidden], .palette[hidden] { display: none; }
.moves { margin: 0.3rem 0 0; padding-left: 2rem; max-height: 8.5em; overflow: auto; font-variant-numeric: tabular-nums; }
.moves li button { min-width: 4.5em; text-align: left; }
.moves button { border: 0; background: none; padding: 0 0.2rem; }
.moves button[aria-current="true"] { background: var(--mark-selected); color: #000; }
.legal { margin: 0.3rem 0 0; font-size: 0.92em; word-break: break-word; }
.palette { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; margin: 0.35rem 0 0; }
.fen { font-family: ui-monospace, monospace; font-size: 0.85em; word-break: break-all; margin: 0.3rem 0 0; }
`;

let helloPromise = null;
const hello = () => (helloPromise ||= call("hello"));

function pickLang(el) {
  const wanted = (el.getAttribute("lang") || el.closest("[lang]")?.getAttribute("lang") || navigator.language || "en")
    .slice(0, 2).toLowerCase();
  return languages().includes(wanted) ? wanted : "en";
}

const MODES = { play: "play", computer: "play", two: "two", "two-players": "two", view: "view", viewer: "view", setup: "setup" };

export class DraughtsBoardElement extends HTMLElement {
  static observedAttributes = ["variant", "fen", "pdn", "mode", "level", "orientation", "lang", "coordinates"];

  constructor() {
    super();
    this.session = newSession("embed");
    this.view = null;
    this.ply = 0; // the viewer's position
    this.busy = false;
    this.loadToken = 0;
    this.setupPiece = "w";
    this.ended = false;
  }

  get mode() {
    return MODES[(this.getAttribute("mode") || "play").toLowerCase()] || "play";
  }
  get variant() {
    return this.getAttribute("variant") || "international";
  }
  /** The player's colour in play mode, and the side at the bottom of the board. */
  get orientation() {
    return this.getAttribute("orientation") === "black" ? "black" : "white";
  }
  /** The current position's FEN. */
  get fen() {
    return this.view?.fen || "";
  }

  t(key, params = {}) {
    return render({ id: key, params }, this.uiLang);
  }

  /** A Python reason {message, text, source} in this board's language. */
  reasonText(r) {
    const text = r.message ? render(r.message, this.uiLang) : r.text;
    return r.source ? `${text} (${r.source})` : text;
  }

  connectedCallback() {
    if (!this.shadowRoot) this.build();
    this.load();
  }

  disconnectedCallback() {
    // the element may be moved rather than removed: only forget the game if it stays away
    setTimeout(() => {
      if (!this.isConnected) call("close_session", {}, this.session).catch(() => {});
    }, 0);
  }

  attributeChangedCallback(name, before, after) {
    if (!this.shadowRoot || before === after) return;
    if (name === "orientation" || name === "coordinates") {
      this.applyOrientation();
      return;
    }
    if (name === "lang") {
      this.uiLang = pickLang(this);
      this.board.relabel();
      this.render();
      return;
    }
    // a new game or position: coalesce several attribute changes made together
    if (!this.reloadQueued) {
      this.reloadQueued = true;
      queueMicrotask(() => {
        this.reloadQueued = false;
        this.load();
      });
    }
  }

  build() {
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${CSS}</style>
      <div class="board" part="board"></div>
      <div class="palette" part="palette" hidden></div>
      <div class="controls" part="controls"></div>
      <p class="status" part="status" role="status" aria-live="polite"></p>
      <ul class="why" part="why" hidden></ul>
      <p class="legal" part="legal" hidden></p>
      <ol class="moves" part="moves" hidden></ol>
      <p class="fen" part="fen" hidden></p>`;
    this.$ = (sel) => root.querySelector(sel);
    this.$(".why").hidden = !this.hasAttribute("why"); // why: the reasons are shown from the start
    this.uiLang = pickLang(this);
    this.board = new Board(this.$(".board"), {
      onMove: (move) => this.onBoardMove(move),
      onMessage: (key) => this.onBoardMessage(key),
      label: (square, piece, state) => this.squareLabel(square.label, piece, state),
      routeTitle: () => this.t("choose_route"),
      routeLabel: (move) => this.t("route", { text: move.text, caps: move.caps.map((n) => this.labelOf(n)).join(", ") }),
    });
    // setup mode edits squares directly: the board layer's buttons carry their square number
    this.board.layer.addEventListener("click", (e) => {
      if (this.mode !== "setup") return;
      const b = e.target.closest?.("button.sq");
      if (b) this.setupClick(Number(b.dataset.square));
    });
    this.$(".moves").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-ply]");
      if (b) this.goto(Number(b.dataset.ply));
    });
    this.addEventListener("keydown", (e) => {
      if (this.mode !== "view" || e.target.closest?.("button.sq")) return;
      if (e.key === "ArrowLeft") this.goto(this.ply - 1);
      else if (e.key === "ArrowRight") this.goto(this.ply + 1);
    });
  }

  labelOf(n) {
    const s = this.view?.squares.find((q) => q[0] === n);
    return s ? s[1] : String(n);
  }

  squareLabel(label, piece, state) {
    return [squareLabel(label, piece, this.uiLang), ...state.map((s) => this.t(`state_${s}`))].join(", ");
  }

  say(text, warn = false) {
    const status = this.$(".status");
    status.textContent = text;
    status.classList.toggle("warn", warn);
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  // -- loading ----------------------------------------------------------------------------------
  pdnText() {
    const script = this.querySelector('script[type="application/x-pdn"], script[type="text/x-pdn"]');
    const text = this.getAttribute("pdn") || (script ? script.textContent.trim() : "");
    // a bare move list says nothing of its variant: the element's variant attribute does
    if (text && this.hasAttribute("variant") && !/\[\s*(GameType|Variant)\b/i.test(text)) {
      return `[Variant "${this.variant}"]\n${text}`;
    }
    return text;
  }

  async load() {
    const token = ++this.loadToken;
    this.ended = false;
    this.dataset.state = "loading";
    this.say(this.t("loading_rules"));
    const stop = onProgress(() => {});
    try {
      await ready();
      const info = await hello();
      this.defaultLevel = info.defaultLevel;
      let view;
      const pdn = this.pdnText();
      if (pdn && (this.mode === "view" || !this.getAttribute("fen"))) {
        await call("import_pdn", { text: pdn }, this.session);
        this.ply = this.mode === "view" ? 0 : null;
        view = this.mode === "view" ? await call("viewer_position", { ply: 0 }, this.session)
          : await call("position", {}, this.session);
      } else {
        view = await call("new_game", { variant: this.variant, fen: this.getAttribute("fen") || null }, this.session);
        this.ply = 0;
      }
      if (token !== this.loadToken) return; // a newer load superseded this one
      this.show(view, false);
      this.emit("draughts-ready", { variant: view.variant, fen: view.fen, mode: this.mode });
      this.maybeComputer();
    } catch (error) {
      if (token !== this.loadToken) return;
      this.dataset.state = "error";
      this.say(this.t("error_short", { message: error.message }), true);
    } finally {
      stop();
    }
  }

  applyOrientation() {
    if (!this.board) return;
    this.board.setFlipped(this.orientation === "black");
    const labels = (this.getAttribute("coordinates") || "on").toLowerCase();
    if (this.board.setLabels) {
      // numbers: each square's name; edges: a-j and 1-10 on the rim; none
      this.board.setLabels(labels === "off" || labels === "none" ? "none" : labels === "edges" ? "edges" : "numbers");
    } else this.board.setCoordinates(labels !== "off");
  }

  computerSide() {
    return this.mode === "play" ? (this.orientation === "white" ? "black" : "white") : null;
  }

  isComputerTurn(v = this.view) {
    return !!v && this.mode === "play" && !v.outcome && v.turn === this.computerSide();
  }

  show(view, animate = true) {
    this.view = view;
    this.applyOrientation();
    this.board.setView(view, { animate });
    const interactive = (this.mode === "view" || ((this.mode === "play" || this.mode === "two") &&
      !view.outcome && !this.isComputerTurn(view) && !this.busy));
    this.board.setInteractive(interactive);
    this.board.layer.setAttribute("aria-label", this.t("embed_board"));
    this.render();
    if (view.outcome && !this.ended && (this.mode === "play" || this.mode === "two")) {
      this.ended = true;
      const o = view.outcome;
      const result = o.winner === "white" ? "1-0" : o.winner === "black" ? "0-1" : "1/2-1/2";
      this.emit("draughts-end", { winner: o.winner, result, reason: o.reason, termination: o.termination, rule: o.rule });
    }
  }

  // -- the controls and text under the board -----------------------------------------------------
  render() {
    const v = this.view;
    if (!v) return;
    const mode = this.mode;
    this.dataset.state = this.busy ? "thinking" : v.outcome && (mode === "play" || mode === "two") ? "over" : "ready";
    this.dataset.mode = mode;
    const controls = this.$(".controls");
    const button = (label, action, { disabled = false, name = "" } = {}) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.action = name;
      b.disabled = disabled;
      b.addEventListener("click", action);
      return b;
    };
    const items = [];
    if (mode === "view") {
      const total = v.total ?? v.history.length;
      items.push(button("⏮", () => this.goto(0), { disabled: this.ply === 0, name: "first" }),
        button("◀", () => this.goto(this.ply - 1), { disabled: this.ply === 0, name: "prev" }),
        button("▶", () => this.goto(this.ply + 1), { disabled: this.ply >= total, name: "next" }),
        button("⏭", () => this.goto(total), { disabled: this.ply >= total, name: "last" }));
      items[0].setAttribute("aria-label", this.t("move_first"));
      items[1].setAttribute("aria-label", this.t("move_prev"));
      items[2].setAttribute("aria-label", this.t("move_next"));
      items[3].setAttribute("aria-label", this.t("move_last"));
    } else if (mode === "play" || mode === "two") {
      items.push(button(this.t("undo"), () => this.undo(), { disabled: this.busy || v.ply === 0, name: "undo" }));
    } else if (mode === "setup") {
      items.push(button(this.t("clear"), () => this.setupLoad("W:W:B"), { name: "clear" }),
        button(this.t("start_position"), () => this.setupLoad(null), { name: "start" }),
        button(this.t("play_here"), () => this.playFromHere(), { name: "play-here" }));
      const select = document.createElement("select");
      select.dataset.action = "turn";
      select.setAttribute("aria-label", this.t("to_move"));
      for (const side of ["white", "black"]) select.append(new Option(this.t(side), side, false, v.turn === side));
      select.addEventListener("change", () => this.setupLoad(this.composeFen(this.view.pieces, select.value)));
      items.push(select);
    }
    items.push(button(this.t("flip_short"), () => {
      this.setAttribute("orientation", this.orientation === "white" ? "black" : "white");
    }, { name: "flip" }));
    items.push(button(this.t("why_short"), () => {
      const why = this.$(".why");
      why.hidden = !why.hidden;
    }, { name: "why" }));
    controls.replaceChildren(...items);

    // why: the reasons that shaped this position's moves (draughts.teach.explain)
    const why = this.$(".why");
    const reasons = (v.rules || []).map((r) => {
      const li = document.createElement("li");
      li.textContent = this.reasonText(r);
      li.dataset.rule = r.rule;
      return li;
    });
    if (!reasons.length) {
      const li = document.createElement("li");
      li.textContent = this.t("no_rules");
      reasons.push(li);
    }
    why.replaceChildren(...reasons);

    // the move list (viewer and games): each move a button
    const list = this.$(".moves");
    list.hidden = mode === "setup" || !(v.history || []).length;
    list.setAttribute("aria-label", this.t("moves"));
    const current = mode === "view" ? this.ply : v.ply;
    // one line per move number, the two sides' plies side by side
    const history = v.history || [];
    const lines = [];
    for (let i = 0; i < history.length; i += 2) {
      const li = document.createElement("li");
      for (const ply of [i, i + 1]) {
        if (ply >= history.length) break;
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = history[ply];
        b.dataset.ply = String(ply + 1);
        b.disabled = mode !== "view";
        b.setAttribute("aria-current", current === ply + 1 ? "true" : "false");
        li.append(b);
      }
      lines.push(li);
    }
    list.replaceChildren(...lines);
    list.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: "nearest" });

    const legal = this.$(".legal");
    legal.hidden = mode !== "view";
    legal.textContent = v.moves.length ? this.t("legal_moves", { moves: v.moves.map((m) => m.text).join(", ") }) : this.t("no_legal_moves");

    const palette = this.$(".palette");
    palette.hidden = mode !== "setup";
    if (mode === "setup" && !palette.childElementCount) this.buildPalette();
    const fen = this.$(".fen");
    fen.hidden = mode !== "setup";
    fen.textContent = v.fen;

    if (!this.busy && !this.$(".status").classList.contains("warn")) this.say(this.statusText());
  }

  statusText() {
    const v = this.view;
    if (this.busy) return this.t("thinking");
    if (this.mode === "view") {
      return `${this.t("ply", { ply: this.ply, total: v.total ?? v.history.length })} — ${this.t(`turn_${v.turn}`)}`;
    }
    if (v.outcome) {
      const title = v.outcome.winner ? this.t(`result_${v.outcome.winner}`) : this.t("result_draw");
      return `${title}: ${v.outcome.message ? render(v.outcome.message, this.uiLang) : v.outcome.reason}`;
    }
    return this.t(`turn_${v.turn}`);
  }

  // -- playing ----------------------------------------------------------------------------------
  async onBoardMove(move) {
    if (this.mode === "view") {
      this.say(this.t("legal_here", { move: move.text }));
      this.board.setView(this.view, { animate: false }); // clear the selection
      this.board.setInteractive(true);
      return;
    }
    if (this.busy) return;
    const mover = this.view.turn;
    // board.js keeps keyboard players on the board by looking at document.activeElement, which
    // inside a shadow root is this element: keep the focus here instead
    const hadFocus = !!this.shadowRoot.activeElement?.closest?.(".board-layer");
    this.busy = true;
    this.board.setInteractive(false);
    try {
      const view = await call("play", { index: this.view.moves.indexOf(move), fen: this.view.fen }, this.session);
      this.busy = false;
      this.say("");
      this.show(view);
      if (hadFocus) this.board.focus();
      this.emit("draughts-move", { move: move.text, fen: view.fen, ply: view.ply, side: mover, by: "player" });
      this.maybeComputer();
    } catch (error) {
      this.busy = false;
      this.show(this.view, false);
      this.say(this.t("error_short", { message: error.message }), true);
    }
  }

  async maybeComputer() {
    if (!this.isComputerTurn() || this.busy) return;
    this.busy = true;
    this.board.setInteractive(false);
    this.render();
    const mover = this.view.turn;
    const level = Number(this.getAttribute("level")) || this.defaultLevel || 3;
    try {
      const view = await call("computer", { level }, this.session);
      this.busy = false;
      this.show(view);
      this.emit("draughts-move", { move: view.computerMove, fen: view.fen, ply: view.ply, side: mover, by: "computer" });
    } catch (error) {
      this.busy = false;
      this.render();
      this.say(this.t("error_short", { message: error.message }), true);
    }
  }

  async undo() {
    if (this.busy || !this.view) return;
    // against the computer a take-back returns to the player's own move
    const count = this.mode === "play" && this.view.turn === this.orientation && this.view.ply >= 2 ? 2 : 1;
    this.ended = false;
    this.say("");
    this.show(await call("undo", { count }, this.session), false);
    this.maybeComputer();
  }

  /** A click that did nothing: ask Python why (draughts.teach.explain.why_not) and say it. */
  async onBoardMessage(key) {
    const v = this.view;
    if (!v || this.mode === "setup") return;
    if (key === "wait" || key === "reviewing") return this.say(this.t(this.busy ? "thinking" : "wait_short"));
    if (key === "gameOver") return this.say(this.t("game_over"));
    const square = this.board.focusSquare;
    const origin = this.board.selected ?? square;
    const destination = this.board.selected != null && this.board.selected !== square ? square : null;
    try {
      const reason = await call("why_not", { origin, destination }, this.session);
      if (this.view !== v) return;
      this.say(this.reasonText(reason), true);
      this.$(".status").dataset.rule = reason.rule;
    } catch {
      const m = v.messages?.[key];
      this.say(m ? this.reasonText(m) : key, true);
    }
  }

  // -- the viewer ---------------------------------------------------------------------------------
  async goto(ply) {
    const v = this.view;
    if (!v || this.mode !== "view") return;
    const total = v.total ?? v.history.length;
    const target = Math.max(0, Math.min(total, ply));
    if (target === this.ply) return;
    const forward = target === this.ply + 1;
    this.ply = target;
    const view = await call("viewer_position", { ply: target }, this.session);
    if (this.ply !== target) return; // a later click won
    this.say("");
    this.show(view, forward);
    this.emit("draughts-position", { ply: target, fen: view.fen });
  }

  // -- setting up a position -----------------------------------------------------------------------
  buildPalette() {
    const palette = this.$(".palette");
    const choices = [["", "setup_empty"], ["w", "white_man"], ["W", "white_king"], ["b", "black_man"], ["B", "black_king"]];
    const name = `${this.session}-piece`;
    palette.replaceChildren(...choices.map(([code, label]) => {
      const l = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = name;
      input.value = code;
      input.checked = code === this.setupPiece;
      input.addEventListener("change", () => (this.setupPiece = code));
      l.append(input, ` ${this.t(label)}`);
      return l;
    }));
  }

  composeFen(pieces, turn) {
    const side = (colour) => Object.entries(pieces)
      .filter(([, p]) => p.toLowerCase() === colour)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([n, p]) => (p === p.toUpperCase() ? "K" : "") + this.labelOf(Number(n)));
    return `${turn === "black" ? "B" : "W"}:W${side("w").join(",")}:B${side("b").join(",")}`;
  }

  setupClick(n) {
    const pieces = { ...this.view.pieces };
    if (this.setupPiece && pieces[n] !== this.setupPiece) pieces[n] = this.setupPiece;
    else delete pieces[n];
    this.setupLoad(this.composeFen(pieces, this.view.turn));
  }

  async setupLoad(fen) {
    try {
      const view = await call("new_game", { variant: this.view?.variant || this.variant, fen }, this.session);
      this.show(view, false);
      this.emit("draughts-setup", { fen: view.fen });
    } catch (error) {
      this.say(this.t("error_short", { message: error.message }), true);
    }
  }

  playFromHere() {
    const fen = this.view.fen;
    this.setAttribute("fen", fen);
    this.setAttribute("mode", "two");
  }

  /** The game so far as PDN text. */
  async pdn() {
    return (await call("export_pdn", {}, this.session)).pdn;
  }
}

if (!customElements.get("draughts-board")) customElements.define("draughts-board", DraughtsBoardElement);
