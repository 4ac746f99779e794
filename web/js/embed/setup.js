// Setting up a position on a <draughts-board mode="setup">: the piece palette and the FEN of the
// pieces placed. Python checks every position (new_game with the FEN); this only writes it.

/** @typedef {import("../types.js").Piece} Piece */

/** The palette's choices: a piece code ("" removes) and its label's key. */
const CHOICES = /** @type {const} */ ([["", "setup_empty"], ["w", "white_man"], ["W", "white_king"], ["b", "black_man"], ["B", "black_king"]]);

/**
 * Radio buttons, one per piece (and "empty"); `onPick` hears the chosen code.
 * @param {HTMLElement} palette @param {string} group  a name unique on the page
 * @param {string} chosen @param {(key: string) => string} t @param {(code: string) => void} onPick
 */
export function buildPalette(palette, group, chosen, t, onPick) {
  palette.replaceChildren(...CHOICES.map(([code, label]) => {
    const l = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = group;
    input.value = code;
    input.checked = code === chosen;
    input.addEventListener("change", () => onPick(code));
    l.append(input, ` ${t(label)}`);
    return l;
  }));
}

/**
 * The FEN of these pieces with `turn` to move, squares by their labels (numbers or names).
 * @param {Record<string, Piece>} pieces @param {string} turn @param {(n: number) => string} labelOf
 */
export function composeFen(pieces, turn, labelOf) {
  /** @param {string} colour */
  const side = (colour) => Object.entries(pieces)
    .filter(([, p]) => p.toLowerCase() === colour)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([n, p]) => (p === p.toUpperCase() ? "K" : "") + labelOf(Number(n)));
  return `${turn === "black" ? "B" : "W"}:W${side("w").join(",")}:B${side("b").join(",")}`;
}

/**
 * The pieces after a click on square n with `piece` chosen: placed, or removed when the same
 * piece is already there (or "empty" is chosen).
 * @param {Record<string, Piece>} pieces @param {number} n @param {string} piece
 */
export function toggledPieces(pieces, n, piece) {
  const next = { ...pieces };
  if (piece && next[n] !== piece) next[n] = /** @type {Piece} */ (piece);
  else delete next[n];
  return next;
}
