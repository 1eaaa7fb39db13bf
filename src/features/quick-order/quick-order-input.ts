/**
 * Reading the quick order's input: lines pasted from a spreadsheet and CSV files, both parsed with papaparse.
 *
 * A line holds an article number or EAN, a quantity and, in CSV files, an optional remark (columns in that order).
 * Empty lines are skipped. A first line whose quantity cell is not a number but holds letters ("Artikelnummer;Menge")
 * is read as column headings and reported as skipped; any other line, however malformed, becomes a row, so the
 * resolution lists it instead of losing it.
 */
import Papa from 'papaparse';
import { parseQuantity } from '../../lib/quantity.ts';

/** One line of the quick order form as the buyer entered it (texts, not yet checked). */
export interface QuickOrderLine {
  /** Article number (Shopware's `productNumber`) or EAN, trimmed. */
  article: string;
  /** Quantity as typed, trimmed; may be empty or malformed (checked on resolution). */
  quantity: string;
  /** Free text of the third CSV column, trimmed; '' when absent. */
  remark: string;
}

/** Lines read from a paste or a file. */
export interface ParsedLines {
  lines: QuickOrderLine[];
  /** Whether the first line was taken as column headings and left out. */
  headerSkipped: boolean;
}

/** Largest CSV file the form reads, in bytes (1 MiB: far more lines than one order has). */
export const MAX_CSV_BYTES = 1024 * 1024;

/** Whether a text holds one line with a separator, i.e. spreadsheet cells rather than a single article number. */
export function isTabularPaste(text: string): boolean {
  return /[\t;]/.test(text) || /\r?\n./.test(text.trim());
}

function toLines(rows: readonly string[][]): ParsedLines {
  const lines = rows
    .map(([article = '', quantity = '', remark = '']) => ({
      article: article.trim(),
      quantity: quantity.trim(),
      remark: remark.trim(),
    }))
    .filter((line) => line.article !== '' || line.quantity !== '' || line.remark !== '');
  const [first] = lines;
  const headerSkipped = first !== undefined && parseQuantity(first.quantity) === null && /\p{L}/u.test(first.quantity);
  return { lines: headerSkipped ? lines.slice(1) : lines, headerSkipped };
}

function parseRows(text: string, delimiter: { delimiter: string } | { delimitersToGuess: string[] }): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { ...delimiter, skipEmptyLines: 'greedy' }).data;
}

/**
 * Lines pasted from a spreadsheet: one line per row, cells separated by tabs (what spreadsheets copy) or
 * semicolons, "number<TAB>quantity". A comma is not a separator here, so "1,5" stays a decimal quantity.
 */
export function parsePastedLines(text: string): ParsedLines {
  return toLines(parseRows(text, { delimiter: text.includes('\t') || !text.includes(';') ? '\t' : ';' }));
}

/**
 * A CSV file's text: columns article number or EAN, quantity, optional remark; separator `;` or `,` (guessed from
 * the file; a decimal comma in a comma-separated file must be quoted, as spreadsheets write it); header row
 * optional; a UTF-8 byte order mark is ignored.
 */
export function parseCsvLines(text: string): ParsedLines {
  return toLines(parseRows(text, { delimitersToGuess: [';', ',', '\t'] }));
}
