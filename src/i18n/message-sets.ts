/**
 * Message sets shared by the islands of a page: an island that receives `{ locale, ref }` (translator.ts
 * `sharedMessages`) finds its messages here, on the server and in the browser alike.
 *
 * - Server: `sharedMessages` registers each set under its ref, a hash of the set's locale and text, so one ref always
 *   names the same messages; the process keeps one entry per distinct set (island selections × order units ×
 *   locales, a few hundred at most).
 * - Browser: the page carries each set once as `<script type="application/json" id="wb-messages-{ref}">`, written
 *   before the first island that refers to it (translator.ts `messageSetPayload`), so an island that hydrates while
 *   the document is still streaming finds it already parsed. The set is read and parsed on first use, then kept.
 */
import type { Locale } from './locales.ts';
import type { MessageSet } from './format.ts';

/** The `i18n` prop of an island that carries its messages itself (`islandMessages`). */
export interface IslandMessageSet {
  locale: Locale;
  messages: MessageSet;
}

/** The `i18n` prop of an island whose messages the page carries once (`sharedMessages`). */
export interface SharedMessageSet {
  locale: Locale;
  /** The set's ref: {@link messageSetElementId} names its payload element. */
  ref: string;
}

const sets = new Map<string, MessageSet>();

/** The id of the payload element of the set `ref`. */
export function messageSetElementId(ref: string): string {
  return `wb-messages-${ref}`;
}

/** Registers the messages of `ref` (server side, by `sharedMessages`). */
export function registerMessageSet(ref: string, messages: MessageSet): void {
  sets.set(ref, messages);
}

/**
 * The messages of `ref`: the registered set, or in the browser the page's payload element of that ref.
 *
 * @throws Error when neither exists (the page lacks the set's payload before the island).
 */
export function messageSet(ref: string): MessageSet {
  let messages = sets.get(ref);
  if (messages) return messages;
  const element = typeof document === 'undefined' ? null : document.getElementById(messageSetElementId(ref));
  if (!element?.textContent) throw new Error(`The messages "${ref}" are missing from the page`);
  messages = JSON.parse(element.textContent) as MessageSet;
  sets.set(ref, messages);
  return messages;
}

/** The locale and messages of an island's `i18n` prop, whichever way it carries them. */
export function resolveMessageSet(i18n: IslandMessageSet | SharedMessageSet): IslandMessageSet {
  return 'ref' in i18n ? { locale: i18n.locale, messages: messageSet(i18n.ref) } : i18n;
}
