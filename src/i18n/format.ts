/**
 * The one translator and the locale formatters, for server code (Astro, through translator.ts) and browser code
 * (islands and the account area, through react.tsx) alike. This module imports no catalogue: the server hands it
 * a whole catalogue, an island the subset of messages it received as a prop (`islandMessages`).
 *
 * Messages use i18next with flat dotted keys (no key separator), `{name}` placeholders and plural entries
 * `key_one` / `key_other` chosen by a numeric `count` through `Intl.PluralRules`; every numeric value is written
 * with the locale's `Intl.NumberFormat` ("2.424 Produkte", "2 424 produits"). A missing key shows as the key itself
 * (visible, never blank).
 */
import i18next, { type FormatterModule } from 'i18next';
import type { CatalogueKey, Locale, MessageKey } from './locales.ts';

/** Some or all messages of one catalogue, keyed as stored (plural entries with their suffix). */
export type MessageSet = Partial<Record<CatalogueKey, string>>;

/** Values of a message's `{name}` placeholders; a plural key needs a numeric `count`. */
export type MessageValues = Record<string, string | number>;

/** Translates a typed key. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The `Intl` formatters made so far, by kind, locale and options. Making one costs far more than using it (a page of
 * 24 articles formats a few hundred prices, quantities and units), and the server renders the same few locales and
 * options for every page, so each is made once per process; the options of this module's callers are a handful of
 * fixed shapes, so the cache stays small.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  kind: string,
  locale: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind} ${locale} ${options ? JSON.stringify(options) : ''}`;
  let format = formatters.get(key) as T | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}

/** A cached `Intl.NumberFormat` of the locale and options. */
function numbers(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** Formats numbers with the locale's grouping; every other value is inserted as it is. */
const localeNumbers: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined): string =>
    // Non-numbers (strings, and undefined for a missing value, which i18next handles itself) pass through.
    typeof value === 'number' ? numbers(lng ?? 'en-GB').format(value) : (value as string),
};

/**
 * A translator over `messages` in `locale`, with `fallback` (the fallback locale's messages) for keys the locale
 * lacks. The messages are taken as they are when the translator is made; they must not change afterwards.
 */
export function createTranslator(
  locale: Locale,
  messages: MessageSet,
  fallback?: { locale: Locale; messages: MessageSet },
): Translate {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: MessageSet }> = { [locale]: { translation: messages } };
  if (fallback && fallback.locale !== locale) resources[fallback.locale] = { translation: fallback.messages };
  void instance.use(localeNumbers).init({
    initAsync: false,
    resources,
    lng: locale,
    fallbackLng: fallback?.locale ?? false,
    keySeparator: false,
    nsSeparator: false,
    // Astro templates and React escape on their own; `alwaysFormat` sends every value through the number
    // formatter above.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}', alwaysFormat: true },
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0]);
  const t = instance.getFixedT(locale);
  // A message without values is the same text at every call (the messages never change once given): it is
  // looked up and formatted once. Messages with values go through i18next every time.
  const plain = new Map<string, string>();
  return (key, values) => {
    if (values) return t(key, values) as string;
    let text = plain.get(key);
    if (text === undefined) {
      text = t(key, {}) as string;
      plain.set(key, text);
    }
    return text;
  };
}

/** A number in the locale's notation, e.g. `formatNumber(2424.5, 'de-DE')` → "2.424,5". */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numbers(locale, options).format(value);
}

/**
 * An amount of money given in integer minor units of an ISO 4217 currency, in the locale's notation:
 * `formatMoney(123456, 'EUR', 'de-DE')` → "1.234,56 €". `scale` is the number of decimals the integer carries
 * (default: the currency's own minor unit, 2 for EUR); a unit price below a cent uses a larger scale, e.g.
 * `formatMoney(14, 'EUR', 'en-GB', { scale: 3 })` → "€0.014", and shows all its decimals.
 *
 * @throws RangeError for a currency code that is not ISO 4217 or a non-integer amount.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string, options: { scale?: number } = {}) {
  if (!Number.isInteger(minorUnits)) throw new RangeError(`money must be integer minor units, got ${minorUnits}`);
  const currencyDigits = numbers('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
  const scale = options.scale ?? currencyDigits;
  return numbers(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: Math.min(currencyDigits, scale),
    maximumFractionDigits: scale,
  }).format(minorUnits / 10 ** scale);
}

/**
 * Reads a decimal string of the Store API ("12.50", "0.014") as integer minor units with the scale it needs: at
 * least `minScale` decimals (the currency's minor unit), more when the string has more. Null when it is not a
 * plain decimal.
 */
export function decimalToMinorUnits(decimal: string, minScale = 2): { minorUnits: number; scale: number } | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const scale = Math.max(minScale, fraction.length);
  const minorUnits = Number(`${match[1]}${match[2]}${fraction.padEnd(scale, '0')}`);
  return Number.isSafeInteger(minorUnits) ? { minorUnits, scale } : null;
}

/** A date (Date or ISO 8601 string) in the locale's notation, default `dateStyle: 'medium'`. */
export function formatDate(
  value: Date | string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const format = cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * Order units with a name in the catalogues (`units.{code}_one` / `units.{code}_other`): UN/ECE Recommendation 20
 * codes as BMEcat's `ORDER_UNIT` carries them (C62 "one" for pieces, H87 piece, PK pack, BX box, CT carton, BG bag,
 * PR pair, SET set, RO roll, TU tube, DZN dozen, MTR metre, CMT centimetre, MMT millimetre, MTK square metre, MTQ
 * cubic metre, KGM kilogram, GRM gram, TNE tonne, LTR litre, MLT millilitre).
 */
export const ORDER_UNIT_CODES = [
  'C62',
  'H87',
  'PK',
  'BX',
  'CT',
  'BG',
  'PR',
  'SET',
  'RO',
  'TU',
  'DZN',
  'MTR',
  'CMT',
  'MMT',
  'MTK',
  'MTQ',
  'KGM',
  'GRM',
  'TNE',
  'LTR',
  'MLT',
] as const;

/** The parts of a translator that unit names need (the server's translator and an island's `useI18n()` have them). */
export interface UnitTranslator {
  locale: Locale;
  t: Translate;
  /** Whether the messages hold a key. */
  has: (key: string) => boolean;
}

/**
 * The name of an order unit in the form that goes with `quantity`: the locale's plural category of the quantity
 * (`Intl.PluralRules`; 1 → one, 2 → other, and in French also 0 and 1.5 → one) picks `units.{code}_one` or
 * `units.{code}_other`. Codes are UN/ECE Rec 20 (case-insensitive); a code without a name in the catalogue is
 * returned as it is (upper-cased), an empty code as ''.
 */
export function unitName(i18n: UnitTranslator, quantity: number, unitCode: string | null | undefined): string {
  const code = (unitCode ?? '').trim().toUpperCase();
  if (!code) return '';
  const rules = cached('plural', i18n.locale, undefined, () => new Intl.PluralRules(i18n.locale));
  const form = rules.select(quantity) === 'one' ? 'one' : 'other';
  const key = `units.${code}_${form}`;
  return i18n.has(key) ? i18n.t(key as MessageKey) : code;
}

/**
 * A quantity with its order unit by name in the locale: `10 pieces`, `10 Stück`, `2,5 mètres`, `1 rol`; the number
 * in the locale's notation with at most two decimals (quantities are kept in hundredths, src/lib/quantity.ts). Without
 * a unit code just the number.
 */
export function quantityWithUnit(i18n: UnitTranslator, quantity: number, unitCode: string | null | undefined): string {
  const number = formatNumber(quantity, i18n.locale, { maximumFractionDigits: 2 });
  const name = unitName(i18n, quantity, unitCode);
  return name ? `${number} ${name}` : number;
}

/**
 * A delivery time as the pages show it: in days "1 day", "3 days" or "1–3 days" (`price.dayExact`, `price.daysExact`,
 * `price.days`); in other units (Shopware's DeliveryTime units week, month, year) "2 weeks" or "2–3 weeks"
 * (`product.deliveryRange`, the unit by its name `unit.{unit}`).
 */
export function deliveryTimeLabel(t: Translate, time: { min: number; max: number; unit: string }): string {
  if (time.unit === 'day') {
    if (time.min !== time.max) return t('price.days', { min: time.min, max: time.max });
    return t(time.min === 1 ? 'price.dayExact' : 'price.daysExact', { days: time.min });
  }
  const unit = t(`unit.${time.unit}` as MessageKey);
  return time.min === time.max
    ? `${time.min} ${unit}`
    : t('product.deliveryRange', { min: time.min, max: time.max, unit });
}
