// The address sites were given for <draughts-board> before the pages' modules moved under js/
// (docs/embed.md names js/draughts-board.js now): a page that still loads embed.js gets the
// same element, so no site that embedded a board breaks.
import "./js/draughts-board.js";
