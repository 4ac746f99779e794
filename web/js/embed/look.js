// How <draughts-board> looks: its stylesheet (its words are the shared text catalogue's).
// The element lives in a shadow root so the host page's styles cannot break the board; the
// board's colours are CSS custom properties, which do cross into it, so a host can restyle it
// (draughts-board { --sq-dark: #476; }).

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
button.step { display: inline-flex; align-items: center; justify-content: center; min-width: 2.4em; min-height: 2em; }
button.step svg { display: block; }
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
