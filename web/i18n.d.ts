// The types of i18n.js's exports, for the type checker over the pages' modules (tsconfig.json):
// the page's text lives in i18n.js, which is plain JavaScript.

/** A message from Python: known codes are translated, anything else shows Python's text. */
export interface Message {
  code?: string | null;
  params?: Record<string, unknown>;
  text: string;
  text_de?: string;
  source?: string;
}

export function pickLanguage(saved: string | null): string;
export function setLanguage(code: string): void;
export function language(): string;
export function t(key: string, params?: Record<string, unknown>): string;
export function message(msg: Message | null | undefined): string;
export function colourName(side: string): string;
export function resultReason(outcome: { winner: string | null; termination: string; reason: string }): string;
export function squareLabel(label: string, piece: string | null): string;
export function translatePage(root?: ParentNode): void;
