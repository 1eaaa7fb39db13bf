/**
 * The server's side of the one translator (format.ts): a translator per locale over the whole catalogue with the
 * fallback locale behind it, the raw messages Astro passes on, and the two ways an island or the account area
 * receives the messages it needs as its `i18n` prop: `sharedMessages` (the page carries each distinct set once, for
 * islands that repeat on a page) and `islandMessages` (the prop carries the messages itself).
 */
import { createHash } from 'node:crypto';
import { createRenderInstruction, type RenderScriptInstruction } from 'astro/runtime/server/render/instruction.js';
import { createTranslator, quantityWithUnit, type Translate } from './format.ts';
import {
  messageSet,
  messageSetElementId,
  registerMessageSet,
  type IslandMessageSet,
  type SharedMessageSet,
} from './message-sets.ts';
import {
  FALLBACK_LOCALE,
  MESSAGES,
  PLURAL_SUFFIXES,
  type CatalogueKey,
  type Locale,
  type MessageKey,
} from './locales.ts';

export type { Translate } from './format.ts';

const translators = new Map<Locale, Translate>();

/** The translate function of a locale (unknown keys return the key itself; a plural key needs a numeric `count`). */
export function getTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, MESSAGES[locale], { locale: FALLBACK_LOCALE, messages: MESSAGES[FALLBACK_LOCALE] });
    translators.set(locale, t);
  }
  return t;
}

/**
 * A message without interpolation, placeholders kept (`'{count} variants'`), for attributes that substitute the
 * values in the browser. For a plural key this is its `_other` form.
 */
export function rawMessage(locale: Locale, key: MessageKey): string {
  const lookup = (l: Locale) =>
    (MESSAGES[l] as Partial<Record<string, string>>)[key] ?? MESSAGES[l][`${key}_other` as CatalogueKey];
  return lookup(locale) ?? lookup(FALLBACK_LOCALE) ?? key;
}

/** What an island receives as its `i18n` prop: its locale and the messages it uses (fallback locale filled in). */
export type IslandI18n = IslandMessageSet;

/** A selection of messages: keys (a plural key by its base) and prefixes ending in '.' (e.g. 'errors.'). */
export type MessageSelection = readonly (MessageKey | `${string}.`)[];

/** Selections already resolved, by locale and selection; the catalogues do not change while the process runs. */
const selected = new Map<string, IslandI18n>();

/**
 * The messages an island needs, for its `i18n` prop: every key in `selection` (a plural key brings its `_one` and
 * `_other` entries) and every key starting with a selected prefix ending in '.' (e.g. 'errors.'), in `locale`
 * with the fallback locale's text where the locale has none. The same selection gives the same (shared, not to be
 * changed) object.
 */
export function islandMessages(locale: Locale, selection: MessageSelection): IslandI18n {
  const cacheKey = `${locale}\n${selection.join('\n')}`;
  let i18n = selected.get(cacheKey);
  if (!i18n) {
    i18n = selectMessages(locale, selection);
    selected.set(cacheKey, i18n);
  }
  return i18n;
}

function selectMessages(locale: Locale, selection: MessageSelection): IslandI18n {
  const keys = new Set<string>();
  const prefixes = selection.filter((s) => s.endsWith('.'));
  for (const s of selection) {
    keys.add(s);
    for (const suffix of PLURAL_SUFFIXES) keys.add(`${s}${suffix}`);
  }
  const messages: Record<string, string> = {};
  for (const source of [MESSAGES[FALLBACK_LOCALE], MESSAGES[locale]] as Record<string, string>[]) {
    for (const [key, text] of Object.entries(source)) {
      if (keys.has(key) || prefixes.some((p) => key.startsWith(p))) messages[key] = text;
    }
  }
  return { locale, messages };
}

/** Refs of the shared sets, by the `islandMessages` object they were made from. */
const refs = new WeakMap<IslandI18n, SharedMessageSet>();

/**
 * The `i18n` prop of an island whose messages the page carries once (message-sets.ts): the same messages as
 * `islandMessages(locale, selection)`, named by a ref (a hash of locale and texts, so every island with the same
 * set refers to one payload). The page must render `<SharedMessages i18n={…} />` (SharedMessages.astro) before the
 * island; the island's server render finds the set registered under the ref.
 */
export function sharedMessages(locale: Locale, selection: MessageSelection): SharedMessageSet {
  const i18n = islandMessages(locale, selection);
  let shared = refs.get(i18n);
  if (!shared) {
    const ref = createHash('sha256')
      .update(`${locale}\n${JSON.stringify(i18n.messages)}`)
      .digest('base64url')
      .slice(0, 12);
    shared = { locale, ref };
    refs.set(i18n, shared);
  }
  // Registered on every call (a Map write), so a registry reloaded on its own (dev server) is refilled.
  registerMessageSet(shared.ref, i18n.messages);
  return shared;
}

/**
 * The payload of a shared set for the page, as an Astro render instruction: Astro writes an instruction's content
 * once per page, at the first place it comes in the document's order (as it does with its own hydration scripts,
 * whatever order components render in), so the set precedes every island that refers to it. The payload is a JSON
 * data block (`<script type="application/json">`, not run, so no Content-Security-Policy hash), with `<` escaped
 * so no text can close the element.
 */
export function messageSetPayload({ ref }: SharedMessageSet): RenderScriptInstruction {
  let content = payloads.get(ref);
  if (content === undefined) {
    const json = JSON.stringify(messageSet(ref)).replaceAll('<', '\\u003c');
    content = `<script type="application/json" id="${messageSetElementId(ref)}">${json}</script>`;
    payloads.set(ref, content);
  }
  return createRenderInstruction({ type: 'script', id: `werkbank:messages:${ref}`, content });
}

/** The payload element of each shared set, by ref: a ref names one set of texts (`sharedMessages`). */
const payloads = new Map<string, string>();

/**
 * A quantity with its order unit by name in `locale` (format.ts `quantityWithUnit`): `formatQuantity('de-DE', 10,
 * 'C62')` → "10 Stück", `formatQuantity('en-GB', 1, 'MTR')` → "1 metre". Unit codes are UN/ECE Rec 20; a code
 * without a name stays as it is.
 */
export function formatQuantity(locale: Locale, quantity: number, unitCode: string | null | undefined): string {
  const has = (key: string) => Object.hasOwn(MESSAGES[locale], key) || Object.hasOwn(MESSAGES[FALLBACK_LOCALE], key);
  return quantityWithUnit({ locale, t: getTranslator(locale), has }, quantity, unitCode);
}
