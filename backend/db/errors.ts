/**
 * Errors of the database drivers as the rest of the backend may read and log them.
 *
 * A failing statement reaches the code as Drizzle's `DrizzleQueryError` (message `Failed query: <sql>\nparams:
 * <values>`, properties `query`, `params`, `cause`) around the driver's error: node-postgres' `DatabaseError` or
 * PGlite's error, both with PostgreSQL's fields (`code` = SQLSTATE, `message`, `detail`, `where`, `routine`, …), and
 * PGlite's also with `query` and `params`. Bound parameters are what a customer sent (usernames, e-mail addresses,
 * search terms, addresses), and PostgreSQL repeats values in `message` (`invalid input syntax for type integer:
 * "…"`), `detail` (`Key (username)=(…) already exists.`) and `where` (`unnamed portal parameter $1 = '…'`). A log
 * line about a failed statement therefore holds only the SQLSTATE, the routine and the statement text with its `$n`
 * placeholders (`describeErrorForLog`).
 */

/** The PostgreSQL fields of a driver error that carry no request data. */
export interface DatabaseErrorFacts {
  /** SQLSTATE, e.g. `22021` (character_not_in_repertoire), `57014` (query_canceled). */
  code: string;
  /** Source routine in PostgreSQL, e.g. `pg_strtoint32_safe`. */
  routine?: string;
  /** The statement text with `$n` placeholders, when the error carries it. */
  statement?: string;
}

/** SQLSTATE of a statement cancelled by `statement_timeout` (or a cancel request): `query_canceled`. */
export const QUERY_CANCELED = '57014';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** True for an error object with PostgreSQL's fields (a five-character SQLSTATE and a severity). */
function isPostgresError(value: unknown): value is Record<string, unknown> & { code: string } {
  return isRecord(value) && typeof value.code === 'string' && /^[0-9A-Z]{5}$/.test(value.code) && 'severity' in value;
}

/**
 * The PostgreSQL error in `err` or its `cause` chain (Drizzle wraps the driver's error), reduced to fields without
 * request data; null when there is none.
 */
export function databaseErrorOf(err: unknown): DatabaseErrorFacts | null {
  let statement: string | undefined;
  for (let e: unknown = err, depth = 0; isRecord(e) && depth < 5; e = e.cause, depth++) {
    if (typeof e.query === 'string') statement ??= e.query;
    if (isPostgresError(e)) {
      return {
        code: e.code,
        ...(typeof e.routine === 'string' ? { routine: e.routine } : {}),
        ...(statement !== undefined ? { statement } : {}),
      };
    }
  }
  return null;
}

/** True when a statement of `err` was cancelled by its `statement_timeout` (SQLSTATE 57014). */
export function isStatementTimeout(err: unknown): boolean {
  return databaseErrorOf(err)?.code === QUERY_CANCELED;
}

/** At most this many characters of a statement go into a log line. */
const MAX_LOGGED_STATEMENT = 2000;

/**
 * A log text for any error that holds no bound parameter and no value PostgreSQL repeats from them: for a database
 * error `database error <SQLSTATE> (<routine>) in: <statement with $n placeholders>` and the JavaScript stack frames;
 * for any other error its stack (or name and message), with the same treatment for a database error in its `cause`.
 */
export function describeErrorForLog(err: unknown): string {
  const db = databaseErrorOf(err);
  if (db) {
    const statement = db.statement?.replace(/\s+/g, ' ').trim().slice(0, MAX_LOGGED_STATEMENT);
    // A stack starts with the message, which may span lines (Drizzle's holds the parameters): keep the frames only.
    const frames =
      err instanceof Error
        ? (err.stack ?? '')
            .split('\n')
            .filter((line) => /^\s+at /.test(line))
            .join('\n')
        : '';
    return [
      `database error ${db.code}${db.routine ? ` (${db.routine})` : ''}${statement ? ` in: ${statement}` : ''}`,
      frames,
    ]
      .filter(Boolean)
      .join('\n');
  }
  if (err instanceof Error) {
    const own = err.stack ?? `${err.name}: ${err.message}`;
    return err.cause === undefined ? own : `${own}\ncaused by: ${describeErrorForLog(err.cause)}`;
  }
  return String(err);
}
