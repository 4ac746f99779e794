// <draughts-board>: a board for any page of the site, as an ES module custom element.
//
//   <script type="module" src="/draughts/js/draughts-board.js"></script>
//   <draughts-board variant="russian" mode="play" level="3"></draughts-board>
//
// Attributes (all optional): variant, fen, pdn (or a child <script type="application/x-pdn">),
// mode = play (against the computer) | two (two players) | view (PDN viewer) | setup,
// level (1-8), orientation = white | black (the side at the bottom, and the player's colour in
// play mode), lang = en | de, coordinates = on | edges | off, why (present: the rules in play are listed).
// Events (bubbling, composed): draughts-ready, draughts-move {move, fen, ply, side, by},
// draughts-end {winner, result, reason, termination, rule}, draughts-position {ply, fen},
// draughts-setup {fen}. docs/embed.md is the full description.
//
// Every board on the page shares the one Python worker (worker-client.js), each with its own
// session there. Games (play, two) run in the same controller as the play page's.

import { Board } from "./board/board.js";
import { languages, render, squareLabel } from "../i18n.js";
import { CSS } from "./embed/look.js";
import { controls, renderMoves, renderWhy } from "./embed/panel.js";
import { buildPalette, composeFen, toggledPieces } from "./embed/setup.js";
import { GameController } from "./game/controller.js";
import { opponent } from "./game/flow.js";
import { call, newSession, ready } from "./worker-client.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./types.js").Piece} Piece */
/** @typedef {import("./types.js").Reason} Reason */
/** @typedef {"play" | "two" | "view" | "setup"} Mode */

/** @type {Promise<import("./types.js").Hello> | null} */
let helloPromise = null;
const hello = () => (helloPromise ||= call("hello"));

/** @type {Record<string, Mode>} */
const MODES = { play: "play", computer: "play", two: "two", "two-players": "two", view: "view", viewer: "view", setup: "setup" };

/** @param {Element} el */
function pickLang(el) {
  const wanted = (el.getAttribute("lang") || el.closest("[lang]")?.getAttribute("lang") || navigator.language || "en")
    .slice(0, 2).toLowerCase();
  return languages().includes(wanted) ? wanted : "en";
}

export class DraughtsBoardElement extends HTMLElement {
  static observedAttributes = ["variant", "fen", "pdn", "mode", "level", "orientation", "lang", "coordinates"];

  constructor() {
    super();
    this.session = newSession("embed");
    /** @type {View | null} the position shown */
    this.view = null;
    this.ply = 0; // the viewer's position
    this.loadToken = 0;
    this.setupPiece = "w";
    this.reloadQueued = false;
    this.uiLang = "en";
    this.defaultLevel = 3;
    /** @type {Board | null} */
    this.board = null;
    /** @type {ShadowRoot | null} */
    this.root = null;
    this.game = new GameController({
      call, session: this.session,
      hooks: {
        onView: (view, arrival) => {
          this.say("");
          this.show(view, arrival.animate);
          if (arrival.by && arrival.move) {
            this.emit("draughts-move", { move: arrival.move, fen: view.fen, ply: view.ply, side: arrival.mover, by: arrival.by });
          }
        },
        onEnd: (view) => {
          const o = /** @type {import("./types.js").Outcome} */ (view.outcome);
          // the result as the game's own PDN writes it (2-0 in International): Python made both
          this.emit("draughts-end", { winner: o.winner, result: o.result, reason: o.reason, termination: o.termination, rule: o.rule });
        },
        onState: () => this.refresh(),
        onError: (error) => {
          this.refresh();
          this.say(this.t("error_short", { message: error.message }), true);
        },
      },
    });
  }

  /** @returns {Mode} */
  get mode() {
    return MODES[(this.getAttribute("mode") || "play").toLowerCase()] || "play";
  }
  get variant() {
    return this.getAttribute("variant") || "international";
  }
  /** The player's colour in play mode, and the side at the bottom of the board. @returns {import("./types.js").Colour} */
  get orientation() {
    return this.getAttribute("orientation") === "black" ? "black" : "white";
  }
  /** The current position's FEN. */
  get fen() {
    return this.view?.fen || "";
  }
  get playing() {
    return this.mode === "play" || this.mode === "two";
  }

  /** @param {string} key @param {Record<string, unknown>} [params] */
  t(key, params = {}) {
    return render({ id: key, params }, this.uiLang);
  }

  /** A Python reason {message, text, source} in this board's language. @param {{message?: import("../i18n.js").Message, text: string, source?: string}} r */
  reasonText(r) {
    const text = r.message ? render(r.message, this.uiLang) : r.text;
    return r.source ? `${text} (${r.source})` : text;
  }

  /** @param {string} selector */
  inner(selector) {
    return /** @type {HTMLElement} */ (this.root?.querySelector(selector));
  }

  connectedCallback() {
    if (!this.root) this.build();
    this.load();
  }

  disconnectedCallback() {
    // the element may be moved rather than removed: only forget the game if it stays away
    setTimeout(() => {
      if (this.isConnected) return;
      this.game.dispose();
      call("close_session", {}, this.session).catch(() => {});
    }, 0);
  }

  /** @param {string} name @param {string | null} before @param {string | null} after */
  attributeChangedCallback(name, before, after) {
    if (!this.root || before === after) return;
    if (name === "orientation" || name === "coordinates") {
      this.applyOrientation();
      return;
    }
    if (name === "lang") {
      this.uiLang = pickLang(this);
      this.board?.relabel();
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
    this.root = root;
    root.innerHTML = `<style>${CSS}</style>
      <div class="board" part="board"></div>
      <div class="palette" part="palette" hidden></div>
      <div class="controls" part="controls"></div>
      <p class="status" part="status" role="status" aria-live="polite"></p>
      <ul class="why" part="why" hidden></ul>
      <p class="legal" part="legal" hidden></p>
      <ol class="moves" part="moves" hidden></ol>
      <p class="fen" part="fen" hidden></p>`;
    this.inner(".why").hidden = !this.hasAttribute("why"); // why: the reasons are shown from the start
    this.uiLang = pickLang(this);
    this.board = new Board(this.inner(".board"), {
      onMove: (move) => this.onBoardMove(move),
      onMessage: (key, context) => this.onBoardMessage(key, context),
      onEdit: (n) => this.setupClick(n),
      label: (square, piece, marks) => this.squareLabel(square.label, piece, marks),
      routeTitle: () => this.t("choose_route"),
      routeLabel: (move) => this.t("route", { text: move.text, caps: move.caps.map((n) => this.labelOf(n)).join(", ") }),
    });
    this.inner(".moves").addEventListener("click", (e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest("button[data-ply]"));
      if (b) this.goto(Number(b.dataset.ply));
    });
    this.addEventListener("keydown", (e) => {
      if (this.mode !== "view" || /** @type {Element} */ (e.target).closest?.("button.sq")) return;
      if (e.key === "ArrowLeft") this.goto(this.ply - 1);
      else if (e.key === "ArrowRight") this.goto(this.ply + 1);
    });
  }

  /** @param {number} n */
  labelOf(n) {
    const s = this.view?.squares.find((q) => q[0] === n);
    return s ? s[1] : String(n);
  }

  /** @param {string} label @param {Piece | null} piece @param {string[]} marks */
  squareLabel(label, piece, marks) {
    return [squareLabel(label, piece, this.uiLang), ...marks.map((s) => this.t(`state_${s}`))].join(", ");
  }

  /** @param {string} text @param {boolean} [warn] */
  say(text, warn = false) {
    const status = this.inner(".status");
    status.textContent = text;
    status.classList.toggle("warn", warn);
  }

  /** @param {string} name @param {unknown} detail */
  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  // -- loading ----------------------------------------------------------------------------------
  pdnText() {
    const script = this.querySelector('script[type="application/x-pdn"], script[type="text/x-pdn"]');
    const text = this.getAttribute("pdn") || (script?.textContent || "").trim();
    // a bare move list says nothing of its variant: the element's variant attribute does
    if (text && this.hasAttribute("variant") && !/\[\s*(GameType|Variant)\b/i.test(text)) {
      return `[Variant "${this.variant}"]\n${text}`;
    }
    return text;
  }

  async load() {
    const token = ++this.loadToken;
    const mode = this.mode;
    this.dataset.state = "loading";
    this.say(this.t("loading_rules"));
    try {
      await ready();
      this.defaultLevel = (await hello()).defaultLevel;
      this.game.setOpponent(mode === "play" ? opponent(this.orientation) : null,
        Number(this.getAttribute("level")) || this.defaultLevel);
      /** @type {View} */
      let view;
      const pdn = this.pdnText();
      if (pdn && (mode === "view" || !this.getAttribute("fen"))) {
        await call("import_pdn", { text: pdn }, this.session);
        this.ply = 0;
        view = await call(mode === "view" ? "viewer_position" : "position", { ply: 0 }, this.session);
      } else {
        view = await call("new_game", { variant: this.variant, fen: this.getAttribute("fen") || null }, this.session);
        this.ply = 0;
      }
      if (token !== this.loadToken) return; // a newer load superseded this one
      this.say("");
      if (this.playing) this.game.start(view);
      else this.show(view, false);
      this.emit("draughts-ready", { variant: view.variant, fen: view.fen, mode });
    } catch (error) {
      if (token !== this.loadToken) return;
      this.dataset.state = "error";
      this.say(this.t("error_short", { message: /** @type {Error} */ (error).message }), true);
    }
  }

  applyOrientation() {
    if (!this.board) return;
    this.board.setFlipped(this.orientation === "black");
    const labels = (this.getAttribute("coordinates") || "on").toLowerCase();
    // numbers: each square's name; edges: a-j and 1-10 on the rim; none
    this.board.setLabels(labels === "off" || labels === "none" ? "none" : labels === "edges" ? "edges" : "numbers");
  }

  /** @param {View} view @param {boolean} [animate] */
  show(view, animate = true) {
    if (!this.board) return;
    this.view = view;
    this.applyOrientation();
    this.board.setView(view, { animate });
    this.board.setName(this.t("embed_board"));
    this.refresh();
  }

  /** Input and controls for the current mode and state. */
  refresh() {
    if (!this.board || !this.view) return;
    const mode = this.mode;
    this.board.setEditing(mode === "setup");
    this.board.setInteractive(mode === "view" || (this.playing && this.game.acceptsMoves()));
    this.render();
  }

  // -- the controls and text under the board -----------------------------------------------------
  render() {
    const v = this.view;
    if (!v) return;
    const mode = this.mode;
    const busy = this.playing && !this.game.idle;
    this.dataset.state = busy ? "thinking" : v.outcome && this.playing ? "over" : "ready";
    this.dataset.mode = mode;
    this.inner(".controls").replaceChildren(...controls(this, v));
    renderWhy(this, v);
    renderMoves(this, v);
    const legal = this.inner(".legal");
    legal.hidden = mode !== "view";
    legal.textContent = v.moves.length ? this.t("legal_moves", { moves: v.moves.map((m) => m.text).join(", ") }) : this.t("no_legal_moves");
    const palette = this.inner(".palette");
    palette.hidden = mode !== "setup";
    if (mode === "setup" && !palette.childElementCount) {
      buildPalette(palette, `${this.session}-piece`, this.setupPiece, (key) => this.t(key), (code) => (this.setupPiece = code));
    }
    const fen = this.inner(".fen");
    fen.hidden = mode !== "setup";
    fen.textContent = v.fen;
    if (!this.inner(".status").classList.contains("warn")) this.say(this.statusText(v, busy));
  }

  /** @param {View} v @param {boolean} busy */
  statusText(v, busy) {
    if (busy) return this.t("thinking");
    if (this.mode === "view") {
      return `${this.t("ply", { ply: this.ply, total: v.total ?? v.history.length })} — ${this.t(`turn_${v.turn}`)}`;
    }
    if (v.outcome) {
      const title = v.outcome.winner ? this.t(`result_${v.outcome.winner}`) : this.t("result_draw");
      return `${title}: ${v.outcome.message ? render(v.outcome.message, this.uiLang) : v.outcome.reason}`;
    }
    return this.t(`turn_${v.turn}`);
  }

  // -- input ------------------------------------------------------------------------------------
  /** @param {Move} move */
  onBoardMove(move) {
    if (this.mode !== "view") {
      this.game.play(move);
      return;
    }
    // the viewer shows a game; it does not change it
    this.say(this.t("legal_here", { move: move.text }));
    if (this.view) this.board?.setView(this.view); // clear the selection
  }

  /**
   * A press that did nothing: ask Python why (draughts.teach.explain.why_not) and say it.
   * @param {string} key @param {{square: number, selected: number | null}} context
   */
  async onBoardMessage(key, { square, selected }) {
    const v = this.view;
    if (!v || this.mode === "setup") return;
    if (key === "wait" || key === "reviewing") return this.say(this.t(this.game.idle ? "wait_short" : "thinking"));
    if (key === "gameOver") return this.say(this.t("game_over"));
    const origin = selected ?? square;
    const destination = selected != null && selected !== square ? square : null;
    try {
      /** @type {Reason} */
      const reason = await call("why_not", { origin, destination }, this.session);
      if (this.view !== v) return;
      this.say(this.reasonText(reason), true);
      this.inner(".status").dataset.rule = reason.rule;
    } catch {
      const m = v.messages?.[key];
      this.say(m ? this.reasonText(m) : key, true);
    }
  }

  // -- the viewer ---------------------------------------------------------------------------------
  /** @param {number} ply */
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
  /** @param {number} n */
  setupClick(n) {
    const v = this.view;
    if (!v || this.mode !== "setup") return;
    this.setupLoad(composeFen(toggledPieces(v.pieces, n, this.setupPiece), v.turn, (q) => this.labelOf(q)));
  }

  /** @param {string | null} fen */
  async setupLoad(fen) {
    try {
      const view = await call("new_game", { variant: this.view?.variant || this.variant, fen }, this.session);
      this.say("");
      this.show(view, false);
      this.emit("draughts-setup", { fen: view.fen });
    } catch (error) {
      this.say(this.t("error_short", { message: /** @type {Error} */ (error).message }), true);
    }
  }

  /** Another game with the same attributes, from the same start. */
  newGame() {
    this.load();
  }

  /** The same game again with the colours swapped: the player takes the other side. */
  rematch() {
    // a changed orientation only turns the board (the player's colour is read at the load)
    this.setAttribute("orientation", this.orientation === "white" ? "black" : "white");
    this.game.rematch();
  }

  playFromHere() {
    if (!this.view) return;
    this.setAttribute("fen", this.view.fen);
    this.setAttribute("mode", "two");
  }

  /** The game so far as PDN text. */
  async pdn() {
    return (await call("export_pdn", {}, this.session)).pdn;
  }
}

if (!customElements.get("draughts-board")) customElements.define("draughts-board", DraughtsBoardElement);
