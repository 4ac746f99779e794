// A position as a link: `index.html#fen=<FEN>&variant=<key>` opens it as a new game on the play
// page, `&analyse` asks for an analysis of it; `editor.html#fen=…` opens it in the board editor.
// The board editor writes these links and the play page reads them; both go through here.

/**
 * @typedef {object} PositionLink
 * @property {string} fen
 * @property {string} variant
 * @property {boolean} analyse  open an analysis of the position rather than a game
 */

/**
 * The position a page's address names, or null when it names none.
 * @param {string} [hash]  location.hash, with or without its "#"
 * @returns {PositionLink | null}
 */
export function readLink(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const fen = (params.get("fen") || "").trim();
  if (!fen) return null;
  return { fen, variant: params.get("variant") || "international", analyse: params.has("analyse") };
}

/**
 * The address fragment of a position: "#fen=…&variant=…" (and "&analyse").
 * @param {{fen: string, variant: string, analyse?: boolean}} link
 */
export function linkHash({ fen, variant, analyse = false }) {
  return `#fen=${encodeURIComponent(fen)}&variant=${encodeURIComponent(variant)}${analyse ? "&analyse" : ""}`;
}

/**
 * The full address of a page of this site (e.g. "index.html") opening a position.
 * @param {string} page @param {{fen: string, variant: string, analyse?: boolean}} link
 */
export function linkTo(page, link) {
  return new URL(page + linkHash(link), location.href).href;
}

/** Forget the link in the address bar once it has been opened, so a reload keeps the game played since. */
export function clearLink() {
  history.replaceState(null, "", location.pathname + location.search);
}
