// The learn page's words: the shared text catalogue (i18n.js) in the learn page's own language,
// and the ids of the hand-written introductions of the three families with rule demos.

import { languages, render } from "../../i18n.js";

/** A newcomer's introduction per family, as text ids: what the live boards below show. */
export const INTRO = {
  international: ["intro.international.1", "intro.international.2", "intro.international.3"],
  russian: ["intro.russian.1", "intro.russian.2", "intro.russian.3"],
  english: ["intro.english.1", "intro.english.2", "intro.english.3"],
};

let lang = "en";

/** The page's language: a code with a catalogue (en, de, ...). */
export function language() {
  return lang;
}

/** @param {string} code */
export function setLanguage(code) {
  lang = languages().includes(code) ? code : "en";
  document.documentElement.lang = lang;
}

/** @param {string} key @param {Record<string, unknown>} [params] */
export function t(key, params = {}) {
  return render({ id: key, params }, lang);
}

/** A variant's name in the page's language. @param {string} key */
export function variantName(key) {
  return t(`ed_variant.${key}`);
}

/** A text field of Python's data (a lesson's or a puzzle's title, text, hint): a message.
 *  @param {Record<string, any>} obj @param {string} base @returns {string} */
export function pick(obj, base) {
  return render(obj[base], lang);
}

/** A reason from Python {message, text, source} in the page's language.
 *  @param {{message?: import("../../i18n.js").Message, text?: string, source?: string}} r */
export function reasonText(r) {
  const text = r.message ? render(r.message, lang) : r.text || "";
  return r.source ? `${text} (${r.source})` : text;
}
