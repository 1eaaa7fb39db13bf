/**
 * Rows of several tables read in one statement: a query selects each table's rows as a JSON value
 * (`SELECT json_agg(x) FROM (SELECT ${jsonColumns(table)} FROM … ) x`), and `fromJsonRow` turns each JSON object back
 * into exactly the row Drizzle's `db.select().from(table)` answers (camelCase keys, `Date` timestamps, numbers for
 * bigint `mode: 'number'`, decimal strings for `numeric`).
 *
 * JSON has no decimal type: `jsonColumns` selects every `numeric` column as text, so "10.00" stays "10.00" instead of
 * becoming the number 10.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The select list of all columns of `table` (database names), `numeric` columns cast to text under their own name.
 *
 * @param alias the table's alias in the FROM clause, when it has one.
 * @param only the database names of the columns to select (in this order), when not all of them.
 * @throws Error for a name in `only` that is no column of `table`.
 */
export function jsonColumns(table: PgTable, alias?: string, only?: readonly string[]): SQL {
  const prefix = alias ? `${alias}.` : '';
  const columns = Object.values(getTableColumns(table));
  const chosen = only
    ? only.map((name) => {
        const column = columns.find((c) => c.name === name);
        if (!column) throw new Error(`No column ${name} in the table`);
        return column;
      })
    : columns;
  return sql.raw(
    chosen
      .map((c) =>
        c.getSQLType().startsWith('numeric') ? `${prefix}"${c.name}"::text AS "${c.name}"` : `${prefix}"${c.name}"`,
      )
      .join(', '),
  );
}

/**
 * The Drizzle row of `table` for one JSON object selected with `jsonColumns(table)` (keys are database column
 * names); each value goes through its column's own driver mapping, a JSON null stays null.
 */
export function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
