// One game against the computer or between two players, as the play page and <draughts-board>
// both run it: the player's move, the computer's turn, undo (in pairs against the computer),
// redo, hints, the clock, resignation and draws, the end of the game (reported once), a rematch,
// and playing on from any move of a game as a new one.
//
// Python (web/main.py) is the authority on the position and its rules; this keeps only the
// flow between requests. It touches no DOM: the host hears of every change through its hooks
// and draws it, so Node can test the flow with a stand-in for Python.

import { computerToMove, opponent, redoCount, runningSide, undoCount } from "./flow.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Move} Move */
/** @typedef {import("../types.js").Colour} Colour */
/** @typedef {import("../types.js").Call} Call */
/** @typedef {import("./clock.js").Clock} Clock */

/**
 * How a view arrived: `move` is the move that led to it (text), `by` who made it.
 * @typedef {{animate: boolean, by: "player" | "computer" | null, move: string | null, mover: Colour | null}} Arrival
 */

/**
 * @typedef {object} ControllerHooks
 * @property {(view: View, arrival: Arrival) => void} onView  a new position to show
 * @property {(view: View) => void} [onEnd]  the game ended (once per ending)
 * @property {() => void} [onState]  thinking or busy changed
 * @property {(error: Error) => void} [onError]  a request failed; the game is unchanged
 * @property {() => void} [onClock]  the clock ticked
 */

const CLOCK_TICK_MS = 250;

export class GameController {
  /**
   * @param {{call: Call, session?: string | null, hooks: ControllerHooks, now?: () => number}} options
   *   session: the board's game in Python (null: the page's own game)
   */
  constructor({ call, session = null, hooks, now = () => performance.now() }) {
    this.hooks = hooks;
    this.now = now;
    /** @type {(method: string, params?: Record<string, unknown>) => Promise<any>} */
    this.ask = (method, params = {}) => call(method, params, session);
    /** @type {View | null} */
    this.view = null;
    /** @type {Colour | null} the computer's side; null: two players */
    this.computerSide = null;
    /** @type {number | null} */
    this.level = null;
    this.thinking = false; // the computer is choosing its move
    this.busy = false; // any other request is in flight
    this.ended = false; // this ending was reported
    /** @type {Clock | null} */
    this.clock = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    this.analysing = false; // an analysis is open: the user plays both sides, the computer waits
  }

  /**
   * Play against the computer (its side and level) or between two players (side null).
   * @param {Colour | null} computerSide @param {number | null} level
   */
  setOpponent(computerSide, level) {
    this.computerSide = computerSide;
    this.level = level;
  }

  /** The human's colour against the computer; null between two players. */
  get playerSide() {
    return this.computerSide ? opponent(this.computerSide) : null;
  }

  get idle() {
    return !this.busy && !this.thinking;
  }

  /**
   * The computer is to move here. Not while analysing, nor in an earlier position of the
   * game (the move tree has moves ahead): there the user tries moves for both sides, and a
   * move that differs makes a variation. Nor on an imported game still as its record has it:
   * the computer does not add to someone else's game; a move played on it makes it a game here.
   */
  isComputerTurn(view = this.view) {
    return computerToMove(view, this.computerSide) && !this.analysing && !((view?.redo ?? 0) > 0) && !view?.recorded;
  }

  /** Analysing on (the computer waits) or off (it moves if it is its turn). @param {boolean} on */
  setAnalysing(on) {
    this.analysing = on;
    this.hooks.onState?.();
    if (!on) this.computerTurn();
  }

  /** Go to a move of the tree (0: the start position). @param {number} node */
  goto(node) {
    const view = this.view;
    if (!view || !this.idle || node === view.node) return Promise.resolve(null);
    return this.act("goto", { node });
  }

  /** The tree's move one step back, one forward, the start, the end of the line (null: none). @param {"back" | "forward" | "start" | "end"} where */
  stepTarget(where) {
    const view = this.view;
    if (!view) return null;
    const path = view.path || [];
    const ahead = view.ahead || [];
    if (where === "back") return path.length ? (path.length > 1 ? path[path.length - 2] : 0) : null;
    if (where === "start") return path.length ? 0 : null;
    if (where === "forward") return ahead.length ? ahead[0] : null;
    return ahead.length ? ahead[ahead.length - 1] : null;
  }

  /** The board may take a move now. */
  acceptsMoves() {
    return !!this.view && this.idle && !this.view.outcome && !this.isComputerTurn();
  }

  canUndo() {
    return !!this.view && this.idle && undoCount(this.view, this.computerSide) > 0;
  }

  canRedo() {
    return !!this.view && this.idle && redoCount(this.view, this.computerSide) > 0;
  }

  canHint() {
    return !!this.view && this.idle && this.view.moves.length > 0 && !this.isComputerTurn();
  }

  canDeclare() {
    return !!this.view && this.idle && !this.view.outcome;
  }

  /**
   * A game (re)starts from this view: a new game, a restored one, an imported record. The
   * computer moves at once if it is its turn.
   * @param {View} view @param {Clock | null} [clock]
   */
  start(view, clock = null) {
    this.ended = false;
    this.setClock(clock);
    this.show(view, { animate: false, by: null, move: null, mover: null });
  }

  /**
   * A request that replaces the game (new_game, set_fen, import_pdn, restore): started on
   * success, and on failure the error is thrown and the game is unchanged.
   * `asked`: the same request, sent already (the page's first game, asked during the boot).
   * @param {string} method @param {Record<string, unknown>} params @param {Clock | null} [clock]
   * @param {Promise<View>} [asked] @returns {Promise<View>}
   */
  async load(method, params, clock = null, asked = this.request(method, params)) {
    const view = await asked;
    this.start(view, clock);
    return view;
  }

  /**
   * Go on from the position after `ply` moves as a new game (the moves before it kept): a
   * finished or imported game played on from any move. Its result and record are left behind.
   * @param {number} ply @param {Clock | null} [clock] @returns {Promise<View | null>}
   */
  async playFrom(ply, clock = null) {
    if (!this.idle) return null;
    try {
      return await this.load("play_from", { ply }, clock);
    } catch (error) {
      this.hooks.onError?.(/** @type {Error} */ (error));
      return null;
    }
  }

  /**
   * The same game again with the colours swapped: from the same start, variant and rules, the
   * computer taking the side the player had (between two players, simply the game again).
   * @param {Clock | null} [clock] @returns {Promise<View | null>}
   */
  rematch(clock = null) {
    if (this.computerSide) this.setOpponent(opponent(this.computerSide), this.level);
    return this.playFrom(0, clock);
  }

  /** The player made one of view.moves. @param {Move} move */
  async play(move) {
    const view = this.view;
    if (!view || !this.acceptsMoves()) return;
    const index = view.moves.indexOf(move);
    const mover = view.turn;
    try {
      const next = await this.request("play", { index, fen: view.fen });
      this.chargeMove(mover);
      this.show(next, { animate: true, by: "player", move: move.text, mover });
    } catch (error) {
      this.hooks.onError?.(/** @type {Error} */ (error));
    }
  }

  /** The computer's move, if it is its turn (after every new position). */
  async computerTurn() {
    const view = this.view;
    if (!view || !this.isComputerTurn() || !this.idle) return;
    this.thinking = true;
    this.hooks.onState?.();
    const mover = view.turn;
    try {
      const next = await this.ask("computer", { level: this.level });
      this.thinking = false;
      this.chargeMove(mover);
      this.show(next, { animate: true, by: "computer", move: next.computerMove ?? null, mover });
    } catch (error) {
      this.thinking = false;
      this.hooks.onState?.();
      this.hooks.onError?.(/** @type {Error} */ (error));
    }
  }

  undo() {
    if (!this.view || !this.canUndo()) return Promise.resolve(null);
    return this.act("undo", { count: undoCount(this.view, this.computerSide) });
  }

  redo() {
    if (!this.view || !this.canRedo()) return Promise.resolve(null);
    return this.act("redo", { count: redoCount(this.view, this.computerSide) }, true);
  }

  /**
   * The engine's suggestion for the side to move: the move (one of view.moves), its text and
   * why; null when there is none or the request failed.
   * @returns {Promise<{move: Move, text: string, reason: import("../../i18n.js").Message | null} | null>}
   */
  async hint() {
    const view = this.view;
    if (!view || !this.canHint()) return null;
    try {
      const h = await this.ask("hint", {});
      if (this.view !== view) return null; // the position changed meanwhile
      return { move: view.moves[h.index], text: h.text, reason: h.message || null };
    } catch (error) {
      this.hooks.onError?.(/** @type {Error} */ (error));
      return null;
    }
  }

  /** Resign for the player against the computer, or for the side to move between two players. */
  resign() {
    if (!this.view || !this.canDeclare()) return Promise.resolve(null);
    return this.act("declare", { kind: "resign", side: this.playerSide ?? this.view.turn });
  }

  /** Both sides agreed to a draw. */
  agreeDraw() {
    if (!this.canDeclare()) return Promise.resolve(null);
    return this.act("declare", { kind: "draw" });
  }

  /**
   * Offer the computer a draw; it is declared if accepted. Between two players the other
   * player answers: ask them, then agreeDraw().
   * @returns {Promise<boolean | null>} accepted; null when there was no answer
   */
  async offerComputerDraw() {
    if (!this.computerSide || !this.canDeclare()) return null;
    try {
      const answer = await this.ask("draw_offer", {});
      if (answer.accepted) await this.agreeDraw();
      return !!answer.accepted;
    } catch (error) {
      this.hooks.onError?.(/** @type {Error} */ (error));
      return null;
    }
  }

  // -- the clock ------------------------------------------------------------------------------
  /** @param {Clock | null} clock */
  setClock(clock) {
    this.clock = clock;
    if (clock && !this.timer) this.timer = setInterval(() => this.tickClock(), CLOCK_TICK_MS);
    if (!clock && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Runs the side to move's time down; a fallen flag loses the game for that side. */
  tickClock() {
    const clock = this.clock;
    if (!clock) return;
    const running = runningSide(this.view);
    clock.tick(running, this.now());
    if (running && clock.flagged(running) && this.idle) {
      clock.left[running] = 0;
      this.act("declare", { kind: "flag", side: running });
    }
    this.hooks.onClock?.();
  }

  /** @param {Colour} mover */
  chargeMove(mover) {
    if (!this.clock) return;
    this.clock.tick(runningSide(this.view), this.now());
    this.clock.moved(mover);
  }

  // -- plumbing ---------------------------------------------------------------------------------
  /**
   * One request with the busy flag up meanwhile; throws what Python raised.
   * @param {string} method @param {Record<string, unknown>} params @returns {Promise<View>}
   */
  async request(method, params) {
    this.busy = true;
    this.hooks.onState?.();
    try {
      return await this.ask(method, params);
    } finally {
      this.busy = false;
      this.hooks.onState?.();
    }
  }

  /**
   * A request whose answer is the game's next view; errors go to onError.
   * @param {string} method @param {Record<string, unknown>} params @param {boolean} [animate]
   * @returns {Promise<View | null>}
   */
  async act(method, params, animate = false) {
    try {
      const next = await this.request(method, params);
      this.show(next, { animate, by: null, move: null, mover: null });
      return next;
    } catch (error) {
      this.hooks.onError?.(/** @type {Error} */ (error));
      return null;
    }
  }

  /** @param {View} view @param {Arrival} arrival */
  show(view, arrival) {
    this.view = view;
    if (!view.outcome) this.ended = false;
    this.hooks.onView(view, arrival);
    if (view.outcome && !this.ended) {
      this.ended = true;
      this.hooks.onEnd?.(view);
    }
    this.computerTurn();
  }

  /** Stop the clock's timer (a board removed from its page). */
  dispose() {
    this.setClock(null);
  }
}
