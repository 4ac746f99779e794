// Every sentence the page shows, by id, in every language. The catalogues are the Python
// package's own (draughts/text/<language>.json, copied into the site as text/ by build.py, with
// text/index.json listing the languages), so Python returns ids with parameters and the page
// renders them here: {id, params}, where a parameter may itself be such a message.

const TEXT = new URL("./text/", import.meta.url);
const fetchJson = async (name) => {
  const response = await fetch(new URL(name, TEXT));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.json();
};
const LANGUAGES = await fetchJson("index.json");
const CATALOGUES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (code) => [code, await fetchJson(`${code}.json`)])));

let lang = "en";

export function pickLanguage(saved) {
  if (saved && CATALOGUES[saved]) return saved;
  const wanted = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return wanted.find((l) => CATALOGUES[l]) || "en";
}

export function setLanguage(code) {
  lang = CATALOGUES[code] ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** The languages with a catalogue, e.g. ["de", "en"]. */
export function languages() {
  return [...LANGUAGES];
}

// {name}, or {name:n}: a number with its thousands grouped the language's way (the catalogue's
// number.group), as draughts.text renders it in Python.
function fill(template, params, code) {
  return template.replace(/\{(\w+)(:n)?\}/g, (field, name, grouped) => {
    if (!(name in params)) return field;
    const value = params[name];
    if (grouped && typeof value === "number") {
      return String(value).replace(/\B(?=(\d{3})+$)/g, templateOf("number.group", code));
    }
    return value && typeof value === "object" ? render(value, code) : String(value);
  });
}

/** A message {id, params} from Python (or the page) in `code` (the current language by default). */
export function render(msg, code = lang) {
  if (!msg) return "";
  return fill(templateOf(msg.id, code), msg.params || {}, code);
}

// An id's template in `code`, else in English (a language may lag behind), else the id itself.
function templateOf(id, code) {
  return CATALOGUES[code]?.[id] ?? CATALOGUES.en?.[id] ?? id;
}

export function t(key, params = {}) {
  return render({ id: key, params });
}

/** A message for the status line: {id, params} or the older {code, params, text}, with its source. */
export function message(msg) {
  if (!msg) return "";
  let text;
  if (msg.message) text = render(msg.message);
  else if (msg.id) text = render(msg);
  else {
    const params = { ...msg.params };
    if (params.side) params.side = t(params.side);
    text = msg.code && msg.code in CATALOGUES[lang] ? t(msg.code, params) : msg.text;
  }
  if (msg.source) text += ` (${msg.source})`;
  return text;
}

export function colourName(side) {
  return t(side);
}

/** What went wrong: Python's error as a catalogue message (error.text) in the page's language,
 *  else the error's own (English) message. */
export function errorText(error) {
  return error && error.text ? render(error.text) : String(error && error.message ? error.message : error);
}

/** The sentence that says why a game ended, in the page's language. */
export function resultReason(outcome) {
  return outcome.message ? render(outcome.message) : outcome.reason;
}

/** "square 32, white man" / "Feld 32, weißer Stein" (piece: w, W, b, B or none). */
export function squareLabel(label, piece, code = lang) {
  if (!piece) return render({ id: "square_label", params: { label } }, code);
  const colour = piece.toLowerCase() === "w" ? "white" : "black";
  const kind = piece === piece.toUpperCase() ? "king" : "man";
  return render({ id: "square_piece", params: { label, piece: { id: `piece_${colour}_${kind}` } } }, code);
}

/** A language menu: one option per catalogue, each named in its own language. */
export function fillLanguages(select, code = lang) {
  select.replaceChildren(...LANGUAGES.map((c) => new Option(render({ id: "language_name" }, c), c, false, c === code)));
}

/** Fill every [data-i18n] element's text and [data-i18n-label] element's aria-label, and every
 *  select[data-i18n-languages] with the languages there are. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("select[data-i18n-languages]")) fillLanguages(el);
  document.title = t("title");
}
