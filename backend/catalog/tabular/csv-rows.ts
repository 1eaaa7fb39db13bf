/**
 * Streaming CSV reading for supplier spreadsheets (csv-parse): the first record is the header, every further record is
 * handed out as a `SheetRow` that reads cells by column name. Columns may repeat (the fixings sheet has several
 * identical `Merkmal "…"` headers); a lookup by name answers the first non-empty cell of that name.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

/** One data row of a sheet. */
export interface SheetRow {
  /** 1-based line number of the record in the file (header = 1). */
  line: number;
  /** Trimmed cell of the first non-empty column called `name`; undefined when absent or empty. */
  get(name: string): string | undefined;
  /** Raw cells with their header names, in column order. */
  cells(): { name: string; value: string }[];
}

/** Reads the header line of a CSV file (for format detection); empty array for an empty file. */
export async function readCsvHeader(filePath: string): Promise<string[]> {
  for await (const record of createReadStream(filePath).pipe(
    parse({ bom: true, relax_column_count: true, to_line: 1 }),
  )) {
    return (record as string[]).map((h) => h.trim());
  }
  return [];
}

/**
 * Streams the rows of a comma-separated UTF-8 file with a header line.
 * @throws {Error} from csv-parse when the file is not valid CSV (unclosed quotes), and read errors (ENOENT).
 */
export async function* readCsvRows(filePath: string): AsyncGenerator<SheetRow> {
  let header: string[] | undefined;
  let index = new Map<string, number[]>();
  let line = 0;
  const parser = createReadStream(filePath).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
  );
  for await (const record of parser) {
    line++;
    const cells = record as string[];
    if (!header) {
      header = cells.map((h) => h.trim());
      index = new Map();
      header.forEach((h, i) => index.set(h, [...(index.get(h) ?? []), i]));
      continue;
    }
    const names = header;
    const positions = index;
    yield {
      line: line,
      get(name) {
        for (const i of positions.get(name) ?? []) {
          const v = cells[i]?.trim();
          if (v) return v;
        }
        return undefined;
      },
      cells() {
        return names.map((name, i) => ({ name, value: cells[i] ?? '' }));
      },
    };
  }
}
