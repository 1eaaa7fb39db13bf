/**
 * VAT identification numbers: the one format and check-digit rule of the registration form's "valid VAT number"
 * check and the Store API's `INVALID_VAT_NUMBER` answer, and the normalised form a company record stores.
 *
 * Rules (European Commission VIES "VAT number validation" algorithms, the tax administrations' publications):
 * - AT: `ATU` + 8 digits; the 8th digit checks the first 7 (weights 1,2,1,2,1,2,1, cross sums, +4, 10's complement).
 * - BE: `BE` + 10 digits starting 0 or 1 (a 9-digit number gets its leading 0); last two = 97 − (first 8 mod 97).
 * - DE: `DE` + 9 digits; the 9th is the ISO 7064 MOD 11,10 check digit of the first 8.
 * - FR: `FR` + 2-character key + 9-digit SIREN; a numeric key equals (12 + 3·(SIREN mod 97)) mod 97, the SIREN
 *   passes Luhn; alphabetic keys (newer numbers) are accepted when the SIREN passes Luhn.
 * - NL: `NL` + 9 digits + `B` + 2 digits; the 9 digits pass the RSIN "elfproef" (weights 9…2, −1 on the last,
 *   sum mod 11 = 0), or — numbers issued to sole traders since 2020 — the whole string with letters as numbers
 *   (A=10 … Z=35) is 1 mod 97.
 * Other EU countries: the format (2-letter prefix + 2–13 letters/digits) only, so foreign buyers are not locked out.
 */

export interface VatValidation {
  /** True when format and, where known, check digits are correct. */
  valid: boolean;
  /** Upper-case, without spaces, dots, dashes; the country prefix added for a bare Belgian number. */
  normalized: string;
  /** ISO 3166-1 alpha-2 (Greece's VAT prefix EL is reported as GR), or null when no prefix is recognisable. */
  country: string | null;
}

/** The digits of a string as numbers. */
const digitsOf = (s: string): number[] => [...s].map(Number);

function checkAt(body: string): boolean {
  if (!/^U\d{8}$/.test(body)) return false;
  const d = digitsOf(body.slice(1));
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const p = d[i]! * (i % 2 === 0 ? 1 : 2);
    sum += p > 9 ? Math.floor(p / 10) + (p % 10) : p;
  }
  return (10 - ((sum + 4) % 10)) % 10 === d[7];
}

function checkBe(body: string): boolean {
  if (!/^[01]\d{9}$/.test(body)) return false;
  return 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
}

function checkDe(body: string): boolean {
  if (!/^[1-9]\d{8}$/.test(body)) return false;
  const d = digitsOf(body);
  let product = 10;
  for (let i = 0; i < 8; i += 1) {
    let sum = (d[i]! + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return (check === 10 ? 0 : check) === d[8];
}

function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let n = Number(c);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  });
  return sum % 10 === 0;
}

function checkFr(body: string): boolean {
  if (!/^[0-9A-HJ-NP-Z]{2}\d{9}$/.test(body)) return false;
  const key = body.slice(0, 2);
  const siren = body.slice(2);
  if (/^\d{2}$/.test(key)) return (12 + 3 * (Number(siren) % 97)) % 97 === Number(key);
  return luhn(siren);
}

/** Remainder of a long decimal string modulo 97. */
function mod97(numeric: string): number {
  let r = 0;
  for (const c of numeric) r = (r * 10 + Number(c)) % 97;
  return r;
}

function checkNl(body: string): boolean {
  if (!/^\d{9}B\d{2}$/.test(body)) return false;
  const d = digitsOf(body.slice(0, 9));
  const weighted = d.slice(0, 8).reduce((s, n, i) => s + n * (9 - i), 0) - d[8]!;
  if (weighted % 11 === 0 && Number(body.slice(10)) > 0) return true;
  const numeric = [...`NL${body}`].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  return mod97(numeric) === 1;
}

const CHECKS: Record<string, (body: string) => boolean> = {
  AT: checkAt,
  BE: checkBe,
  DE: checkDe,
  FR: checkFr,
  NL: checkNl,
};

const EU_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/**
 * Validates a VAT number as a buyer types it (spaces, dots and dashes allowed, any case).
 *
 * A bare 9- or 10-digit number is read as Belgian (the shop's home market). Never throws.
 *
 * @returns `{ valid, normalized, country }`; `normalized` is what the company record stores.
 */
export function validateVatNumber(raw: string): VatValidation {
  let normalized = String(raw ?? '')
    .toUpperCase()
    .replace(/[\s.\-/]/g, '');
  if (/^\d{9,10}$/.test(normalized)) normalized = `BE${normalized}`;
  const prefix = normalized.slice(0, 2);
  let body = normalized.slice(2);
  if (!/^[A-Z]{2}$/.test(prefix) || !EU_PREFIXES.has(prefix)) return { valid: false, normalized, country: null };
  if (prefix === 'BE' && /^\d{9}$/.test(body)) {
    body = `0${body}`;
    normalized = `BE${body}`;
  }
  const country = prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
  const check = CHECKS[prefix];
  const valid = check ? check(body) : /^[0-9A-Z+*]{2,13}$/.test(body);
  return { valid, normalized, country };
}
