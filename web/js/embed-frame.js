// embed.html: the URL's parameters become the board's attributes, and the board's events are
// forwarded to the parent page with postMessage, so a site using an iframe hears them too.
// (A separate file, not an inline script: the page's Content-Security-Policy allows 'self' only.)

import "./draughts-board.js";
import { languages, render } from "../i18n.js";

const ATTRIBUTES = ["variant", "fen", "pdn", "mode", "level", "orientation", "lang", "coordinates"];
const EVENTS = ["draughts-ready", "draughts-move", "draughts-end", "draughts-setup", "draughts-position"];
const board = /** @type {HTMLElement} */ (document.getElementById("board"));
const query = new URLSearchParams(location.search);
for (const name of ATTRIBUTES) {
  const value = query.get(name);
  if (value != null && value !== "") board.setAttribute(name, value);
}
// without a lang parameter, the board speaks the visitor's language
const lang = query.get("lang") || (navigator.language || "en").slice(0, 2).toLowerCase();
board.setAttribute("lang", lang);
document.documentElement.lang = lang;
document.title = render({ id: "title", params: {} }, languages().includes(document.documentElement.lang) ? document.documentElement.lang : "en");

for (const type of EVENTS) {
  board.addEventListener(type, (event) => {
    document.documentElement.dataset.lastEvent = type;
    if (window.parent !== window) {
      // The data is the public state of a board game; "*" lets any embedding site receive it.
      window.parent.postMessage({ source: "draughts-board", type, detail: /** @type {CustomEvent} */ (event).detail }, "*");
    }
  });
}
