/**
 * Statements run prepared on PGlite (./pglite-prepared.ts through `queryPrepared`) answer exactly what the unnamed
 * statement answers, for values that need quoting in SQL literals and in array literals.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, queryPrepared, queryRows, type DbHandle } from './client.ts';
import { textArray } from './sql-params.ts';
import { sqlLiteral } from './pglite-prepared.ts';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
});
afterAll(() => handle.close());

const tricky = [
  "O'Brien \\ und 'Söhne'",
  'Schraube "M8", {verzinkt}',
  'NULL',
  '',
  'Zeile 1\nZeile 2\t€ 😀',
  "'; DROP TABLE product; --",
];

describe('statements run prepared on PGlite', () => {
  test('answer as the unnamed statement does, for every kind of value', async () => {
    const statement = (values: {
      text: string;
      list: string[];
      n: number;
      flag: boolean;
      doc: object;
      at: Date;
      missing: null;
    }) => sql`
      SELECT ${values.text}::text AS text, ${textArray(values.list)} AS list, ${values.n}::numeric AS n,
             ${values.flag}::boolean AS flag, ${JSON.stringify(values.doc)}::jsonb AS doc,
             ${values.at}::timestamptz AS at, ${values.missing}::text AS missing,
             array_length(${textArray(values.list)}, 1) AS length`;
    for (const text of tricky) {
      const values = {
        text,
        list: [...tricky, text],
        n: 12.5,
        flag: false,
        doc: { name: text, tags: ['a', text] },
        at: new Date('2026-11-28T12:00:00Z'),
        missing: null,
      };
      const prepared = await queryPrepared(handle.db, statement(values));
      expect(prepared).toEqual(await queryRows(handle.db, statement(values)));
      expect(prepared[0]).toMatchObject({ text, list: values.list, flag: false, length: tricky.length + 1 });
    }
    // It did run prepared: PostgreSQL lists the statement, executed once per value.
    const listed = await queryRows<{ statement: string }>(
      handle.db,
      sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%array_length%'`,
    );
    expect(listed).toHaveLength(1);
  });

  test('a statement PostgreSQL cannot prepare, and one in a transaction, run unprepared', async () => {
    await queryPrepared(handle.db, sql`SET statement_timeout = 5000`);
    const [row] = await queryPrepared<{ statement_timeout: string }>(handle.db, sql`SHOW statement_timeout`);
    expect(row?.statement_timeout).toBe('5s');
    const listed = await queryRows(handle.db, sql`SELECT 1 FROM pg_prepared_statements WHERE statement LIKE '%SET%'`);
    expect(listed).toEqual([]);
    const inTransaction = await handle.db.transaction(async (tx) =>
      queryPrepared<{ n: number }>(tx as never, sql`SELECT ${41}::int + 1 AS n`),
    );
    expect(inTransaction).toEqual([{ n: 42 }]);
  });

  test('a statement deallocated meanwhile runs unprepared, then prepared again', async () => {
    // The statement counts itself among the prepared ones (its text holds the word it looks for).
    const statement = () =>
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%deallocated%' AND ${true}`;
    expect(await queryPrepared(handle.db, statement())).toEqual([{ n: 1 }]);
    await queryRows(handle.db, sql`DEALLOCATE ALL`);
    expect(await queryPrepared(handle.db, statement())).toEqual([{ n: 0 }]);
    expect(await queryPrepared(handle.db, statement())).toEqual([{ n: 1 }]);
  });

  test('values without a literal here run the statement unprepared', () => {
    expect(sqlLiteral(new Uint8Array([1, 2]))).toBeUndefined();
    expect(sqlLiteral([['nested']])).toBeUndefined();
    expect(sqlLiteral(Number.NaN)).toBeUndefined();
  });
});
