/**
 * The countries the shop sells to, as ISO 3166-1 alpha-2 codes, and the postal-code format of each (the national
 * postal operators' published formats: bpost, PostNL, Deutsche Post, Österreichische Post, La Poste; Luxembourg's
 * POST for LU, whose addresses the shop also accepts).
 */
import * as v from 'valibot';

/** Countries with registration, VAT check digits and the city search: Belgium, the Netherlands, Germany, Austria, France. */
export const COUNTRY_CODES = ['BE', 'NL', 'DE', 'AT', 'FR'] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The country of an address when none is given: the shop's home market. */
export const DEFAULT_COUNTRY: CountryCode = 'BE';

/**
 * Any ISO 3166-1 alpha-2 code a client sends: trimmed and upper-cased, then two letters. Addresses accept every
 * country (a delivery abroad), registration too; only the postal-code format is checked per country.
 */
export const CountryInputSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z]{2}$/, 'NO_SUCH_CHOICE_ERROR'),
  v.toUpperCase(),
  v.description('ISO 3166-1 alpha-2 code, any case; read upper-case.'),
);

/**
 * Postal-code formats, upper-case, as written on a letter: BE, AT and LU 4 digits (BE and AT never start with 0),
 * DE and FR 5 digits, NL 4 digits (not starting with 0) and 2 letters, optionally with a space between.
 */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, RegExp>> = {
  BE: /^[1-9]\d{3}$/,
  AT: /^[1-9]\d{3}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/,
  LU: /^\d{4}$/,
};

/** Countries without a known format: 2 to 10 letters, digits, spaces or dashes (UPU's postcode alphabet). */
const ANY_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;

/** True when `zipcode` (any case, surrounding spaces ignored) has the postal-code format of `country`. */
export function isValidPostalCode(country: string, zipcode: string): boolean {
  const format = POSTAL_CODE_FORMATS[country.trim().toUpperCase()] ?? ANY_POSTAL_CODE;
  return format.test(zipcode.trim().toUpperCase());
}
