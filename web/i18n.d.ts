// The types of i18n.js's exports, for the type checker over the pages' modules (tsconfig.json):
// i18n.js renders the shared text catalogues (draughts/text/<lang>.json) and is plain JavaScript.

/** A catalogue message: a text id and its parameters; a parameter may itself be a message. */
export interface Message {
  id: string;
  params?: Record<string, unknown>;
}

/** What the status line shows: a message, a rule's reason {message, source}, or the older
 *  {code, params, text} of a click that does nothing. */
export interface StatusMessage {
  id?: string;
  code?: string | null;
  params?: Record<string, unknown>;
  text?: string;
  message?: Message;
  source?: string;
}

export function pickLanguage(saved: string | null): string;
export function setLanguage(code: string): void;
export function language(): string;
export function languages(): string[];
export function render(msg: Message | null | undefined, code?: string): string;
export function t(key: string, params?: Record<string, unknown>): string;
export function message(msg: StatusMessage | null | undefined): string;
export function colourName(side: string): string;
/** What went wrong, in the page's language when Python gave it as a message. */
export function errorText(error: unknown): string;
export function resultReason(outcome: { message?: Message; reason: string }): string;
export function squareLabel(label: string, piece: string | null, code?: string): string;
export function fillLanguages(select: HTMLSelectElement, code?: string): void;
export function translatePage(root?: ParentNode): void;
