/**
 * GTIN (EAN/UPC) checks as GS1 defines them: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14, the last digit
 * being a mod-10 check digit with weights 3 and 1 alternating from the right (GS1 General Specifications §7.9).
 */

/** Result of reading a GTIN as a supplier wrote it. */
export interface GtinCheck {
  /** The code as digits only (spaces and hyphens removed), leading zeros kept; `undefined` when nothing is left. */
  value: string | undefined;
  /** True when the length is 8, 12, 13 or 14 and the check digit matches. */
  valid: boolean;
  /** Why the code is not valid (English, for import reports); undefined when valid. */
  problem?: string | undefined;
}

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * The GS1 check digit for the digits before it (any length), e.g. `gtinCheckDigit('400638133393') === 1`.
 * @throws {Error} when `body` contains anything but digits.
 */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`GTIN body must be digits: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Reads a GTIN/EAN as found in catalogues (BMEcat EAN, INTERNATIONAL_PID type="gtin", spreadsheet columns).
 * Never throws: an invalid code is returned with `valid: false` and a `problem`, so importers validate without
 * rejecting (12-digit codes, GTIN-14 with a leading zero and bad check digits all occur in real supplier files).
 */
export function checkGtin(raw: string | undefined | null): GtinCheck {
  const value = (raw ?? '').replace(/[\s-]/g, '');
  if (value === '') return { value: undefined, valid: false, problem: 'empty' };
  if (!/^\d+$/.test(value)) return { value, valid: false, problem: 'contains characters other than digits' };
  if (!GTIN_LENGTHS.has(value.length)) {
    return { value, valid: false, problem: `length ${value.length} is not a GTIN length (8, 12, 13 or 14 digits)` };
  }
  const expected = gtinCheckDigit(value.slice(0, -1));
  const actual = value.charCodeAt(value.length - 1) - 48;
  if (expected !== actual) return { value, valid: false, problem: `check digit ${actual} should be ${expected}` };
  return { value, valid: true };
}
