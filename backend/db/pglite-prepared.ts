/**
 * Prepared statements on PGlite. PGlite's `query` runs every statement as the unnamed statement, so PostgreSQL plans it
 * on every call, and planning dominates the catalogue's point lookups there: `EXPLAIN` of a product by id took 2.1 ms
 * on the embedded database (the 32 indexes of `product`, each asked for its size through the file system), against
 * 0.5 ms on a table of two indexes (demo catalogue, warm). A fixed statement text is therefore prepared once per
 * database with SQL's `PREPARE` and run with `EXECUTE` (PostgreSQL documentation, "PREPARE": after five executions a
 * generic plan is kept when it costs no more than the custom ones), its values written as literals: `EXECUTE` takes
 * expressions, not bound parameters. Literals are made with node-postgres's `escapeLiteral`; arrays follow the array
 * input syntax of PostgreSQL's documentation (§8.15.6: elements in double quotes, `"` and `\` escaped with `\`,
 * unquoted NULL).
 *
 * A statement PostgreSQL cannot prepare, or values that have no literal here (bytes, nested arrays), run as before.
 */
import { escapeLiteral } from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** A value as an SQL literal for `EXECUTE`, or undefined when it has none here (the statement then runs unprepared). */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? escapeLiteral(String(value)) : undefined;
  if (typeof value === 'bigint') return escapeLiteral(value.toString());
  if (typeof value === 'string') return escapeLiteral(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const elements: string[] = [];
    for (const element of value) {
      if (element === null || element === undefined) elements.push('NULL');
      else if (typeof element === 'string' || typeof element === 'number' || typeof element === 'boolean')
        elements.push(`"${String(element).replace(/[\\"]/g, (c) => `\\${c}`)}"`);
      else return undefined;
    }
    return escapeLiteral(`{${elements.join(',')}}`);
  }
  if (value instanceof Uint8Array) return undefined;
  if (typeof value === 'object') return escapeLiteral(JSON.stringify(value));
  return undefined;
}

/**
 * Forgets that `name` was prepared on `client`, after PostgreSQL answered that it does not know it (SQLSTATE 26000,
 * e.g. after a `DEALLOCATE ALL`): the next call prepares it again.
 */
export function forgetPrepared(client: PGlite, name: string): void {
  prepared.get(client)?.delete(name);
}

/** Whether `error` (or its cause, as Drizzle wraps driver errors) is PostgreSQL's "prepared statement does not exist". */
export function isUnknownPreparedStatement(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined);
  return code(error) === '26000' || code((error as { cause?: unknown } | null)?.cause) === '26000';
}

/** Per database: whether each statement name was prepared (false: PostgreSQL refused it). */
const prepared = new WeakMap<PGlite, Map<string, Promise<boolean>>>();

/**
 * The `EXECUTE` text that runs `text` with `params` as the prepared statement `name` on `client`, preparing it first
 * when needed; undefined when it cannot run prepared (see the module comment).
 */
export async function executeText(
  client: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<string | undefined> {
  const literals = params.map(sqlLiteral);
  if (literals.some((l) => l === undefined)) return undefined;
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map()));
  let ready = names.get(name);
  if (!ready) {
    ready = client.exec(`PREPARE ${name} AS ${text}`).then(
      () => true,
      () => false,
    );
    names.set(name, ready);
  }
  if (!(await ready)) return undefined;
  return literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
}
