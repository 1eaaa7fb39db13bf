/**
 * How values print on the ERP's documents, with `Intl` in the document's locale: money in euro with 2 decimals, unit
 * prices with 2 to 5 decimals (as many as the exact decimal needs, BMEcat prices per piece), quantities, VAT rates,
 * calendar days and, for the proof of delivery's receipt, a moment in the shop's time zone. `toWinAnsi` makes any
 * text printable in the PDF standard fonts.
 */
import type { DocumentLocale } from './labels.ts';

/** The shop's time zone: the ERP's calendar days and the receipt time of a delivery are Belgian (types.ts). */
const SHOP_TIME_ZONE = 'Europe/Brussels';

const EURO_DIGITS = 2;
/** Most decimals of a unit price (BMEcat PRICE_AMOUNT, as the shop keeps it: backend/lib/price.ts). */
const UNIT_PRICE_DIGITS = 5;

/** Integer euro cents as money in the locale: 123456 → "1.234,56 €" (de-DE), "€1,234.56" (en-GB). */
export function formatMoney(cents: number, locale: DocumentLocale): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: EURO_DIGITS,
    maximumFractionDigits: EURO_DIGITS,
  }).format(cents / 10 ** EURO_DIGITS);
}

/**
 * A unit price given as an exact decimal string in EUR ("0.01234", "12.5") as money in the locale with at least 2
 * and at most 5 decimals, only as many as it has: "€0.01234", "€12.50". The string is formatted as a decimal, not
 * through a binary float (Intl.NumberFormat v3 string values).
 *
 * @throws RangeError when `decimal` is not a plain decimal number.
 */
export function formatUnitPrice(decimal: string, locale: DocumentLocale): string {
  const value = decimal.trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new RangeError(`unit price must be a decimal string, got ${decimal}`);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: EURO_DIGITS,
    maximumFractionDigits: UNIT_PRICE_DIGITS,
  }).format(value as Intl.StringNumericLiteral);
}

/** A quantity in the locale's notation with up to 3 decimals (kilograms, metres): 1250 → "1.250", 2.5 → "2,5". */
export function formatQuantity(quantity: number, locale: DocumentLocale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity);
}

/** A VAT rate in percent given as a decimal string ('21.00', '5.5') as the locale writes it: "21 %", "5.5%". */
export function formatRate(rate: string, locale: DocumentLocale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(Number(rate) / 100);
}

/**
 * An ISO calendar day (`YYYY-MM-DD`) in the locale's numeric notation: "24.11.2026" (de-DE), "24/11/2026" (en-GB,
 * fr-FR), "24-11-2026" (nl-NL). The day is printed as given, whatever the server's time zone.
 *
 * @throws RangeError when `day` is not a calendar day.
 */
export function formatDay(day: string, locale: DocumentLocale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not an ISO calendar day: ${day}`);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    dayToDate(day),
  );
}

/** An ISO timestamp as day and time of day (hours and minutes) in the shop's time zone, in the locale's notation. */
export function formatMoment(timestamp: string, locale: DocumentLocale): string {
  const moment = new Date(timestamp);
  if (Number.isNaN(moment.getTime())) throw new RangeError(`not an ISO timestamp: ${timestamp}`);
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }).format(moment);
}

/** The start of an ISO calendar day in UTC, e.g. the fixed creation date of a document of that day. */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * Characters that are not in the PDF standard fonts' WinAnsiEncoding (PDF 32000-1:2008, Annex D.2) but have a
 * readable stand-in that is. Thin and narrow spaces (fr-FR groups digits with U+202F) become no-break spaces.
 */
const STAND_INS: Record<string, string> = {
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2300': '\u00d8',
  '\u2205': '\u00d8',
  '\u2032': "'",
  '\u2033': '"',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  // Latin letters with a stroke or other mark that Unicode does not decompose (Polish, Croatian, Maltese, Turkish).
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ẞ: 'SS',
  '\u2126': 'Ohm',
  '\u03a9': 'Ohm',
  '\u2009': '\u00a0',
  '\u200a': '\u00a0',
  '\u2007': '\u00a0',
  '\u202f': '\u00a0',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u200b': '',
  '\u00ad': '',
};

/** The characters of WinAnsiEncoding above Latin-1 (0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Whether the standard fonts can print `char` (a single code point). */
function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * `text` made printable in the PDF standard fonts (Helvetica with WinAnsiEncoding): every character outside it is
 * replaced by a readable stand-in ("≥" → ">=", "⌀" → "Ø", "Ł" → "L"), else by its letter without accents ("ő" → "o"), else by
 * "?" ("螺丝" → "??"). Tabs become spaces, other control characters are dropped; line breaks are kept.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n') out += char;
    else if (char === '\t') out += ' ';
    else if (isWinAnsi(char)) out += char;
    else if (char in STAND_INS) out += STAND_INS[char];
    else if ((char.codePointAt(0) ?? 0) < 0x20 || (char.codePointAt(0) ?? 0) === 0x7f) continue;
    else {
      const base = [...char.normalize('NFD')].filter(isWinAnsi).join('');
      out += base || '?';
    }
  }
  return out;
}
