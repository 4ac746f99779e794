// How <draughts-board> reads and looks: its words in English and German, and its stylesheet.
// The element lives in a shadow root so the host page's styles cannot break the board; the
// board's colours are CSS custom properties, which do cross into it, so a host can restyle it
// (draughts-board { --sq-dark: #476; }).

/** @type {Record<string, Record<string, string>>} */
export const STRINGS = {
  en: {
    loading: "Loading the rules engine…", white: "White", black: "Black", man: "man", king: "king",
    square: "square {label}", square_piece: "square {label}, {colour} {kind}", can_move: "can move",
    selected: "selected", destination: "move here", turn_white: "White to move", turn_black: "Black to move",
    thinking: "The computer is thinking…", undo: "Undo", flip: "Flip", why: "Why?", first: "First move",
    prev: "Previous move", next: "Next move", last: "Last move", start: "Start", legal: "Legal moves: {moves}",
    no_legal: "No legal moves.", legal_here: "{move} is legal here (the viewer does not play it).",
    result_white: "White wins", result_black: "Black wins", result_draw: "Draw", play_here: "Play from here",
    clear: "Clear", start_position: "Start position", to_move: "To move", piece: "Piece", empty: "Empty",
    white_man: "White man", white_king: "White king", black_man: "Black man", black_king: "Black king",
    moves: "Moves", choose_route: "Several routes end there. Choose one:", route: "{text} takes {caps}",
    wait: "Please wait.", game_over: "The game is over.", error: "Error: {message}", no_rules: "No special rule shapes this position's moves.",
    board: "Draughts board: one button per playing square", ply: "Position after {ply} of {total} moves",
  },
  de: {
    loading: "Die Regel-Engine wird geladen…", white: "Weiß", black: "Schwarz", man: "Stein", king: "Dame",
    square: "Feld {label}", square_piece: "Feld {label}, {colour} {kind}", can_move: "kann ziehen",
    selected: "ausgewählt", destination: "hierhin ziehen", turn_white: "Weiß am Zug", turn_black: "Schwarz am Zug",
    thinking: "Der Computer denkt nach…", undo: "Zurück", flip: "Drehen", why: "Warum?", first: "Erster Zug",
    prev: "Vorheriger Zug", next: "Nächster Zug", last: "Letzter Zug", start: "Anfang", legal: "Erlaubte Züge: {moves}",
    no_legal: "Keine erlaubten Züge.", legal_here: "{move} ist hier erlaubt (der Betrachter spielt ihn nicht).",
    result_white: "Weiß gewinnt", result_black: "Schwarz gewinnt", result_draw: "Remis", play_here: "Von hier spielen",
    clear: "Leeren", start_position: "Grundstellung", to_move: "Am Zug", piece: "Stein", empty: "Leer",
    white_man: "Weißer Stein", white_king: "Weiße Dame", black_man: "Schwarzer Stein", black_king: "Schwarze Dame",
    moves: "Züge", choose_route: "Mehrere Wege enden dort. Bitte wählen:", route: "{text} schlägt {caps}",
    wait: "Bitte warten.", game_over: "Die Partie ist beendet.", error: "Fehler: {message}", no_rules: "Keine besondere Regel bestimmt die Züge dieser Stellung.",
    board: "Damebrett: eine Schaltfläche je Spielfeld", ply: "Stellung nach {ply} von {total} Zügen",
  },
};
/** @type {Record<string, Record<string, string>>} */
export const GERMAN_COLOUR = { white: { man: "weißer", king: "weiße" }, black: { man: "schwarzer", king: "schwarze" } };

export const CSS = `
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
