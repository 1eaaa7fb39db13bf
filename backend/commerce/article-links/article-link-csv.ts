/**
 * CSV export and import of a company's article links (contract/provider/article-link.ts, docs/decisions/017):
 *
 * - Export: UTF-8 with a byte order mark (so spreadsheet programs read umlauts and accents right), `;` as separator
 *   (what spreadsheet programs in Belgium, Germany, France and the Netherlands open without an import dialog), CRLF
 *   line ends and quoting as RFC 4180 requires (papaparse `unparse`); the header `productId;customerSku`, then every
 *   link of the company sorted by customer number (case ignored). A cell a spreadsheet would run as a formula gets
 *   the shop's CSV injection guard, an apostrophe in front (contract/csv-formula.ts).
 * - Import: parsed with csv-parse; a byte order mark is accepted; the separator is the one of `;` and `,` the header
 *   row holds more of (`;` when equal); the header names the columns `productId` and `customerSku` (case ignored,
 *   other columns ignored); empty lines are skipped; the guarding apostrophe of the export is taken off each cell
 *   (`unguardCsvCell`), so an export is re-imported unchanged. Every data row is reported in file order (rows in = rows
 *   reported) as `created`, `updated`, `unchanged` or `error`; the rows without error are written in one
 *   transaction, rows with errors are not written.
 *
 * Rules of one data row, checked in this order (the first that fails is the row's error):
 * 1. both fields as the API takes them (trimmed, not blank, at most 64 characters, no control characters, a customer
 *    number not beginning with `=`, `+`, `-` or `@`): the violation code (`IS_BLANK_ERROR`, `TOO_LONG_ERROR`,
 *    `REGEX_FAILED_ERROR`, `FORMULA_ERROR`) at the field;
 * 2. an article number named by an earlier data row of the file (whatever became of that row): `PRODUCT_ID_NOT_UNIQUE`;
 *    a customer number named by an earlier data row (case ignored): `CUSTOMER_SKU_NOT_UNIQUE`;
 * 3. no article with the supplier article number: `PRODUCT_ID_NOT_FOUND`;
 * 4. the customer number belongs to another article of the company: `CUSTOMER_SKU_NOT_UNIQUE`, unless an earlier
 *    row of the file without error gave that article a new number (the file is applied in its order, so a number
 *    freed by an earlier row may be taken by a later one; never the other way round);
 * 5. otherwise `unchanged` when the article's link already has the number exactly, `updated` when the article is
 *    linked to another number (the link is renumbered), `created` when it has no link.
 */
import { parse } from 'csv-parse/sync';
import Papa from 'papaparse';
import * as v from 'valibot';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CSV_FORMULA_GUARD, unguardCsvCell } from '../../../contract/csv-formula.ts';
import {
  ARTICLE_LINK_CSV_COLUMNS,
  ARTICLE_LINK_IMPORT_MAX_ROWS,
  ArticleLinkRequestSchema,
  type ArticleLinkImportResponse,
  type ArticleLinkImportRow,
} from '../../../contract/provider/article-link.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { articleLinkTable, productTable } from '../../db/schema/index.ts';
import { violations } from '../../http/errors.ts';
import { violationCode } from '../../http/validate.ts';
import { randomId } from '../../lib/ids.ts';
import {
  lockCompanyLinks,
  productIdsByNumber,
  ruleErrorField,
  uniqueLinks,
  type ArticleLinkField,
  type ArticleLinkRuleError,
} from './article-link.service.ts';

/** Separator of the export. */
export const ARTICLE_LINK_EXPORT_DELIMITER = ';';

/**
 * The export file of the caller's company: BOM, header `productId;customerSku`, one row per link (supplier article
 * number, customer number) by customer number, case ignored.
 */
export async function exportLinksCsv(db: Db, me: AuthenticatedCustomer): Promise<string> {
  const rows = await db
    .select({ productId: productTable.productNumber, customerSku: articleLinkTable.customerSku })
    .from(articleLinkTable)
    .innerJoin(productTable, eq(productTable.id, articleLinkTable.productId))
    .where(eq(articleLinkTable.companyId, me.companyId))
    .orderBy(sql`lower(${articleLinkTable.customerSku})`, asc(articleLinkTable.customerSku), asc(articleLinkTable.id));
  const csv = Papa.unparse(
    { fields: [...ARTICLE_LINK_CSV_COLUMNS], data: rows.map((r) => [r.productId, r.customerSku]) },
    { delimiter: ARTICLE_LINK_EXPORT_DELIMITER, newline: '\r\n', quotes: false, escapeFormulae: CSV_FORMULA_GUARD },
  );
  return `\uFEFF${csv}\r\n`;
}

/** A data row of the file: its 1-based first line and its cells as written. */
interface CsvRow {
  line: number;
  productId: string;
  customerSku: string;
}

/** `;` or `,`: the one the header row (the text up to the first line break) holds more of; `;` when equal. */
export function detectDelimiter(text: string): ';' | ',' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  const semicolons = header.split(';').length - 1;
  const commas = header.split(',').length - 1;
  return commas > semicolons ? ',' : ';';
}

/**
 * Reads the data rows of an import file.
 *
 * @throws StoreApiError 400 `VIOLATION::INVALID_VALUE` at `/` (not CSV: a quote not closed), `VIOLATION::IS_BLANK_ERROR`
 *   at `/` (no header) or at `/productId` / `/customerSku` (the header lacks the column), `VIOLATION::TOO_MANY_ERROR`
 *   at `/` (more than 20,000 data rows).
 */
export function readImportRows(text: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw violations([
      {
        pointer: '/',
        code: 'INVALID_VALUE',
        detail: `The file is not valid CSV${line ? ` (line ${line})` : ''}.`,
      },
    ]);
  }
  const [header, ...data] = records;
  if (!header) throw violations([{ pointer: '/', code: 'IS_BLANK_ERROR', detail: 'The file is empty.' }]);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(
    ARTICLE_LINK_CSV_COLUMNS.map((column) => [column, names.indexOf(column.toLowerCase())]),
  ) as Record<ArticleLinkField, number>;
  const missing = ARTICLE_LINK_CSV_COLUMNS.filter((column) => index[column] < 0);
  if (missing.length) {
    throw violations(
      missing.map((column) => ({
        pointer: `/${column}`,
        code: 'IS_BLANK_ERROR',
        detail: `The header row has no column ${column}.`,
      })),
    );
  }
  if (data.length > ARTICLE_LINK_IMPORT_MAX_ROWS) {
    throw violations([
      {
        pointer: '/',
        code: 'TOO_MANY_ERROR',
        detail: `The file has more than ${ARTICLE_LINK_IMPORT_MAX_ROWS} rows.`,
      },
    ]);
  }
  return data.map(({ record, info }) => {
    // csv-parse counts the line where a record ends; a quoted cell may span lines.
    const breaks = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - breaks,
      productId: unguardCsvCell(record[index.productId] ?? ''),
      customerSku: unguardCsvCell(record[index.customerSku] ?? ''),
    };
  });
}

/** An error row of the report. */
function errorRow(row: CsvRow, code: string, field: ArticleLinkField): ArticleLinkImportRow {
  return {
    line: row.line,
    productId: row.productId,
    customerSku: row.customerSku,
    result: 'error',
    error: { code, field },
  };
}

/** A rule error row of the report, at the rule's field. */
function ruleRow(row: CsvRow, code: ArticleLinkRuleError): ArticleLinkImportRow {
  return errorRow(row, code, ruleErrorField(code));
}

/** What the import writes for one row without error. */
type Write =
  { kind: 'insert'; productId: string; customerSku: string } | { kind: 'update'; id: string; customerSku: string };

/**
 * Imports an article link file for the caller's company (rules in the module comment) and reports every data row.
 *
 * @throws StoreApiError 400 from `readImportRows`; 400 `CUSTOMER_SKU_NOT_UNIQUE` / `PRODUCT_ID_NOT_UNIQUE` when a
 *   writer outside this rule set broke a unique index meanwhile (then nothing is written).
 */
export async function importLinks(db: Db, me: AuthenticatedCustomer, text: string): Promise<ArticleLinkImportResponse> {
  const rows = readImportRows(text);
  return uniqueLinks(() =>
    db.transaction(async (tx) => {
      await lockCompanyLinks(tx, me.companyId);
      const report: ArticleLinkImportRow[] = [];
      const writes: Write[] = [];

      const parsed = rows.map((row) => v.safeParse(ArticleLinkRequestSchema, row));
      const numbers = parsed.flatMap((p) => (p.success ? [p.output.productId] : []));
      const productIds = await productIdsByNumber(tx, numbers);

      const existing = await tx
        .select({ id: articleLinkTable.id, productId: articleLinkTable.productId, sku: articleLinkTable.customerSku })
        .from(articleLinkTable)
        .where(eq(articleLinkTable.companyId, me.companyId));
      /** The company's links as the rows so far leave them: product id → link, lower-case number → product id. */
      const byProduct = new Map(existing.map((l) => [l.productId, { id: l.id, sku: l.sku }]));
      const bySku = new Map(existing.map((l) => [l.sku.toLowerCase(), l.productId]));
      const namedNumbers = new Set<string>();
      const namedSkus = new Set<string>();

      for (const [i, row] of rows.entries()) {
        const result = parsed[i]!;
        if (!result.success) {
          const issue = result.issues[0];
          const field = (issue.path?.[0]?.key === 'customerSku' ? 'customerSku' : 'productId') as ArticleLinkField;
          report.push(errorRow(row, violationCode(issue), field));
          continue;
        }
        const { productId: number, customerSku } = result.output;
        const sku = customerSku.toLowerCase();
        const numberTaken = namedNumbers.has(number);
        const skuTaken = namedSkus.has(sku);
        namedNumbers.add(number);
        namedSkus.add(sku);
        if (numberTaken) {
          report.push(ruleRow(row, 'PRODUCT_ID_NOT_UNIQUE'));
          continue;
        }
        if (skuTaken) {
          report.push(ruleRow(row, 'CUSTOMER_SKU_NOT_UNIQUE'));
          continue;
        }
        const productId = productIds.get(number);
        if (!productId) {
          report.push(ruleRow(row, 'PRODUCT_ID_NOT_FOUND'));
          continue;
        }
        const owner = bySku.get(sku);
        if (owner !== undefined && owner !== productId) {
          report.push(ruleRow(row, 'CUSTOMER_SKU_NOT_UNIQUE'));
          continue;
        }
        const link = byProduct.get(productId);
        const base = { line: row.line, productId: row.productId, customerSku: row.customerSku, error: null };
        if (link && link.sku === customerSku) {
          report.push({ ...base, result: 'unchanged' });
          continue;
        }
        if (link) {
          bySku.delete(link.sku.toLowerCase());
          writes.push({ kind: 'update', id: link.id, customerSku });
          link.sku = customerSku;
          report.push({ ...base, result: 'updated' });
        } else {
          writes.push({ kind: 'insert', productId, customerSku });
          byProduct.set(productId, { id: '', sku: customerSku });
          report.push({ ...base, result: 'created' });
        }
        bySku.set(sku, productId);
      }

      // Renumberings first, in file order (each takes a number free at its turn), then the new links.
      const now = new Date();
      for (const w of writes) {
        if (w.kind !== 'update') continue;
        await tx
          .update(articleLinkTable)
          .set({ customerSku: w.customerSku, updatedAt: now })
          .where(and(eq(articleLinkTable.id, w.id), eq(articleLinkTable.companyId, me.companyId)));
      }
      const inserts = writes.flatMap((w) => (w.kind === 'insert' ? [w] : []));
      for (let i = 0; i < inserts.length; i += 500) {
        await tx.insert(articleLinkTable).values(
          inserts.slice(i, i + 500).map((w) => ({
            id: randomId(),
            companyId: me.companyId,
            productId: w.productId,
            customerSku: w.customerSku,
            createdById: me.id,
          })),
        );
      }
      const countOf = (result: ArticleLinkImportRow['result']) => report.filter((r) => r.result === result).length;
      return {
        rows: report,
        created: countOf('created'),
        updated: countOf('updated'),
        unchanged: countOf('unchanged'),
        errors: countOf('error'),
      };
    }),
  );
}
