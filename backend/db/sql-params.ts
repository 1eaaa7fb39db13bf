/**
 * Array parameters for raw SQL: Drizzle's `sql` template expands a JS array into a tuple `($1, $2, …)`, which
 * PostgreSQL cannot cast to an array, so arrays go in as one bound parameter instead.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A `text[]` bound parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/** An `int[]` bound parameter. */
export function intArray(values: readonly number[]): SQL {
  return sql`${sql.param([...values])}::int[]`;
}
