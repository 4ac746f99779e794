// The shapes of the data Python sends (web/main.py), for the type checker only: this module
// exports nothing at run time. Python is the authority on all of it; the page only reads it.

/** @typedef {"white" | "black"} Colour */
/** A piece code: w/b a man, W/B a king. @typedef {"w" | "b" | "W" | "B"} Piece */
/** [number, label, row, col] of one playing square. @typedef {[number, string, number, number]} Square */

/**
 * One legal move: origin, destination, every square it passes, the squares it captures.
 * @typedef {{o: number, d: number, path: number[], caps: number[], text: string, promotes?: boolean}} Move
 */

/** A catalogue message: a text id and its parameters (a parameter may be a message). @typedef {import("../i18n.js").Message} TextMessage */

/** Why a click does nothing: a page text id (code) or a rule's own message, with English text. @typedef {{code?: string | null, params?: Record<string, unknown>, text: string, message?: TextMessage, source?: string}} PyMessage */

/** A rule that shaped a position's moves (draughts.teach.explain). @typedef {{rule: string, text: string, message: TextMessage, source?: string, squares?: number[]}} Reason */

/** @typedef {{winner: Colour | null, termination: string, reason: string, message: TextMessage, rule: string, result: string}} Outcome */
// (Outcome.result is in the variant's PDN form, 2-0 in International: Python's, as its PDN writes it.)

/** A running draw counter. @typedef {{name: string, plies: number, limit: number, text: string, message: TextMessage, source: string}} Counter */

/**
 * Everything the board and the panel show for one position (Session.view in main.py).
 * @typedef {object} View
 * @property {string} variant
 * @property {string} [name]
 * @property {number} rows
 * @property {number} cols
 * @property {string} [colouring]
 * @property {Square[]} squares
 * @property {Record<string, Piece>} pieces
 * @property {Colour} turn
 * @property {string} fen
 * @property {number} ply
 * @property {Colour} [first]  the side that makes move 1 in this variant
 * @property {Move[]} moves
 * @property {boolean} [mustCapture]
 * @property {Record<string, PyMessage>} messages
 * @property {Reason[]} [rules]
 * @property {string[]} history
 * @property {number} redo
 * @property {{path: number[], caps: number[]} | null} [last]
 * @property {Outcome | null} [outcome]
 * @property {Counter[]} [counters]
 * @property {boolean} [houseRule]
 * @property {unknown} [save]
 * @property {string} [computerMove]
 * @property {number} [total]
 * @property {boolean} [recorded]  an imported game, unchanged: its result is its record's
 * @property {TreeMove[]} [tree]  the main line of the move tree, with its variations
 * @property {number} [node]  the tree's move whose position this is (0: the start)
 * @property {number[]} [path]  the tree's moves from the start to here
 * @property {number[]} [ahead]  the moves redo would replay, next first
 * @property {number | null} [review]  the ply of an earlier position shown without moves
 */

/**
 * A move of the tree as the move list shows it, with the lines that replace it.
 * @typedef {{id: number, text: string, ply: number, mark: string, comments: string[], variations: TreeMove[][]}} TreeMove
 */

/**
 * The worker's greeting: what this build offers.
 * @typedef {object} Hello
 * @property {{key: string, name: string, rows: number, cols: number, losing?: boolean}[]} variants
 * @property {{number: number, name: TextMessage, about: TextMessage}[]} levels
 * @property {number} defaultLevel
 * @property {string[]} drawPresets
 * @property {boolean} engine
 */

/** One request to Python: method, params, the board's session (null: the page's own game). @typedef {(method: string, params?: Record<string, unknown>, session?: string | null) => Promise<any>} Call */

export {};
