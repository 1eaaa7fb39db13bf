/**
 * The database's clock: one instant every process over the same database agrees on, where each process's own clock
 * may be skewed (jobs scheduled across instances, rate-limit windows).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/**
 * The database's current time: `SELECT now()`, the start of the current transaction when `db` is one (PostgreSQL 15
 * documentation §9.9.5 "Current Date/Time").
 */
export async function databaseNow(db: Pick<Db, 'execute'>): Promise<Date> {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`SELECT now() AS now`);
  return new Date(row!.now);
}
