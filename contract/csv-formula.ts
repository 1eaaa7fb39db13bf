/**
 * CSV injection guard (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` as a
 * formula, and tab and carriage return are treated as whitespace before such a character. Every CSV the shop writes
 * (the cart download in src/lib/cart/cart-csv.ts, the article link export in backend/store-api/article-link) prefixes
 * such a cell with an apostrophe, which spreadsheets read as "text follows" (papaparse's `escapeFormulae` with
 * `CSV_FORMULA_GUARD`), and a CSV the shop reads back takes that one apostrophe off again (`unguardCsvCell`).
 *
 * So that the round trip is exact, a cell that already begins with apostrophes followed by such a character gets one
 * more apostrophe: `=A1` → `'=A1`, `'=A1` → `''=A1`; `'abc` stays as it is.
 */

/** The characters that make a spreadsheet read a cell as a formula (OWASP CSV Injection). */
const TRIGGER = '[=+\\-@\\t\\r]';

/**
 * Cells that get a guarding apostrophe on export: any number of apostrophes, then a trigger character. Pass it as
 * papaparse's `escapeFormulae` option (it prefixes `'` to matching cells and quotes them).
 */
export const CSV_FORMULA_GUARD = new RegExp(`^'*${TRIGGER}`);

/** A value that a spreadsheet would run as a formula: its first character is a trigger character. */
export const CSV_FORMULA_START = new RegExp(`^${TRIGGER}`);

/** A cell written by `CSV_FORMULA_GUARD`: one or more apostrophes, then a trigger character. */
const GUARDED = new RegExp(`^'+${TRIGGER}`);

/** The value of a cell read from a CSV file: the guarding apostrophe of our own export taken off, else unchanged. */
export function unguardCsvCell(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}
