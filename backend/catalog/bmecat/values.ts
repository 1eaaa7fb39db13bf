/**
 * Value readers shared by the BMEcat and spreadsheet importers: language codes, decimal strings, quantities, dates,
 * order units and MIME types. All are lenient (they return undefined for what they cannot read) and never use
 * floating point for money.
 */
import type { LocaleCode } from '../model.ts';

const LANGUAGE_CODES: Record<string, LocaleCode> = {
  deu: 'de-DE',
  ger: 'de-DE',
  de: 'de-DE',
  'de-de': 'de-DE',
  'de-at': 'de-DE',
  'de-ch': 'de-DE',
  eng: 'en-GB',
  en: 'en-GB',
  'en-gb': 'en-GB',
  'en-us': 'en-GB',
  fra: 'fr-FR',
  fre: 'fr-FR',
  fr: 'fr-FR',
  'fr-fr': 'fr-FR',
  'fr-be': 'fr-FR',
  nld: 'nl-NL',
  dut: 'nl-NL',
  nl: 'nl-NL',
  'nl-nl': 'nl-NL',
  'nl-be': 'nl-NL',
};

/**
 * Shop locale of a BMEcat language code: ISO 639-2 (`deu`, `eng`, `fra`, `nld`, also `ger`/`fre`/`dut`), ISO 639-1
 * (`de`) and locale forms (`de-DE`), in any case (`DEU`). Undefined for languages the shop does not serve.
 * Source: BMEcat 2005 dtLANG (ISO 639-2); the other forms occur in real supplier files.
 */
export function localeOf(code: string | undefined): LocaleCode | undefined {
  if (!code) return undefined;
  return LANGUAGE_CODES[code.trim().toLowerCase().replace('_', '-')];
}

/**
 * A decimal number as a canonical string ("17.779", "0.0345", "1300.9"): accepts a dot or a lone comma as decimal
 * separator and surrounding spaces; keeps every decimal the supplier gave (BMEcat allows up to 5 and more).
 * Undefined for anything that is not a plain decimal (no exponents, no thousands separators).
 */
export function parseDecimal(raw: string | undefined | null): string | undefined {
  if (raw == null) return undefined;
  let s = raw.trim();
  if (s === '') return undefined;
  if (!s.includes('.') && /^-?\d*,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s) && !/^-?\.\d+$/.test(s)) return undefined;
  if (s.startsWith('.')) s = `0${s}`;
  if (s.startsWith('-.')) s = `-0${s.slice(1)}`;
  const negative = s.startsWith('-');
  const [intPart = '0', frac] = (negative ? s.slice(1) : s).split('.');
  const int = intPart.replace(/^0+(?=\d)/, '');
  const out = frac !== undefined ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** Removes insignificant trailing zeros of a decimal string for display ("188.0" → "188", "6.50" → "6.5"). */
export function trimDecimal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

/**
 * Multiplies two decimal strings exactly (BigInt arithmetic), e.g. a BMEcat PRICE_AMOUNT by its PRICE_FACTOR.
 * The result keeps all decimals of both factors.
 */
export function multiplyDecimal(a: string, b: string): string {
  const split = (d: string): [bigint, number] => {
    const negative = d.startsWith('-');
    const [i = '0', f = ''] = (negative ? d.slice(1) : d).split('.');
    const value = BigInt(`${i}${f}` || '0');
    return [negative ? -value : value, f.length];
  };
  const [va, sa] = split(a);
  const [vb, sb] = split(b);
  const product = va * vb;
  const scale = sa + sb;
  const negative = product < 0n;
  const digits = (negative ? -product : product).toString().padStart(scale + 1, '0');
  const out = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return `${negative ? '-' : ''}${out}`;
}

/** Compares a decimal string with zero: -1, 0 or 1. */
export function signOfDecimal(decimal: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(decimal)) return 0;
  return decimal.startsWith('-') ? -1 : 1;
}

/**
 * A quantity in order units as a positive number ("8", "1.0", "2,5"); undefined for empty, zero, negative or
 * unreadable input. BMEcat QUANTITY_MIN / QUANTITY_INTERVAL / QUANTITY_MAX, dtNUMBER.
 */
export function parseQuantity(raw: string | undefined | null): number | undefined {
  const d = parseDecimal(raw);
  if (d === undefined) return undefined;
  const n = Number(d);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * A date from BMEcat parts: DATE ("2018-01-08" or a full ISO timestamp), optional TIME ("15:44:12") and TIMEZONE
 * ("+01:00", "Z"; default UTC). Undefined when the date cannot be read. Source: BMEcat 1.2 DATETIME, 2005
 * VALID_START_DATE (dtDATETIME).
 */
export function parseBmecatDate(date: string | undefined, time?: string, timezone?: string): Date | undefined {
  if (!date) return undefined;
  const d = date.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(d)) {
    const full = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(d) ? d : `${d}Z`);
    return Number.isNaN(full.getTime()) ? undefined : full;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return undefined;
  const t = time && /^\d{2}:\d{2}(:\d{2})?$/.test(time.trim()) ? time.trim() : '00:00:00';
  const tz = timezone && /^([+-]\d{2}:\d{2}|Z)$/i.test(timezone.trim()) ? timezone.trim().toUpperCase() : 'Z';
  const parsed = new Date(`${d}T${t.length === 5 ? `${t}:00` : t}${tz}`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * A spreadsheet date: ISO ("2018-01-01"), German ("01.01.2018") or an Excel serial day number ("43101" →
 * 2018-01-01, days since 1899-12-30 as Excel counts them). Midnight UTC.
 */
export function parseSheetDate(raw: string | undefined | null): Date | undefined {
  const s = (raw ?? '').trim();
  if (s === '') return undefined;
  if (/^\d{4,6}$/.test(s)) {
    const serial = Number(s);
    if (serial < 20000 || serial > 80000) return undefined;
    return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
  }
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (german) return new Date(Date.UTC(Number(german[3]), Number(german[2]) - 1, Number(german[1])));
  return parseBmecatDate(s);
}

/**
 * UN/ECE Rec 20 order unit: upper-cased code, legacy `PCE` (piece, not in Rec 20) mapped to `C62` ("one") as the
 * shared catalogue data's documentation recommends. Other legacy codes (BOX, PK) are kept as the supplier sent them.
 */
export function normaliseOrderUnit(raw: string | undefined | null): string | undefined {
  const code = (raw ?? '').trim().toUpperCase();
  if (code === '') return undefined;
  return code === 'PCE' || code === 'PCS' || code === 'STK' ? 'C62' : code;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  stp: 'model/step',
  step: 'model/step',
  dxf: 'image/vnd.dxf',
  zip: 'application/zip',
  mp4: 'video/mp4',
};

/**
 * A MIME type for a BMEcat MIME_TYPE value: "image/jpg" → "image/jpeg", "PDF" → "application/pdf", the
 * non-standard "url" (a web deep link, Weidmüller) → "text/html"; a missing type is derived from the file extension.
 */
export function normaliseMimeType(raw: string | undefined, source: string): string | undefined {
  const t = (raw ?? '').trim().toLowerCase();
  if (t === 'url' || t === 'text/url' || t === 'link') return 'text/html';
  if (t === 'pdf') return 'application/pdf';
  if (t === 'image/jpg' || t === 'jpg' || t === 'jpeg') return 'image/jpeg';
  if (t.includes('/')) return t;
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(source)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) ?? (t || undefined);
}

/** True for an absolute URL (`http://…`, `https://…`, `ftp://…`). */
export function isAbsoluteUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

/**
 * True when a media or download reference may be stored and later rendered as a link or image source: an
 * `http:`/`https:` URL, or a reference without a scheme (a relative file name, resolved against MEDIA_BASE_URL when
 * served). Every other scheme (`javascript:`, `data:`, `vbscript:`, `file:`, `ftp:`, a drive letter `C:`) is unsafe.
 * ASCII control characters and spaces are ignored while reading the scheme, as browsers do (WHATWG URL Standard,
 * "basic URL parser": leading C0 controls and spaces are stripped, tabs and newlines removed).
 */
export function isSafeMediaSource(source: string): boolean {
  const compact = [...source].filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https';
}

/**
 * MIME_SOURCE resolved against HEADER/CATALOG/MIME_ROOT: absolute URLs stay as they are; a relative source is
 * joined to the root with exactly one slash; without a root the relative source is kept.
 */
export function resolveMimeSource(source: string, mimeRoot: string | undefined): string {
  const s = source.trim();
  if (!mimeRoot || isAbsoluteUrl(s) || s.startsWith('/')) return s;
  const root = mimeRoot.trim();
  if (root === '') return s;
  return `${root.replace(/\/+$/, '')}/${s.replace(/^\.?\/+/, '')}`;
}
