/**
 * The version of each shared snapshot the processes keep in memory (docs/decisions/026-several-instances.md): a
 * write to the catalogue bumps `catalog`, a write to the sales channels (maintenance, domains) bumps `channel`, in the
 * writing transaction, and announces the new version with `pg_notify('werkbank_cache', …)`. Every process compares
 * its snapshots' versions with these rows, so a rolled-back write changes nothing and a lost notification is caught
 * by the next poll.
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const cacheVersionTable = pgTable('cache_version', {
  /** 'catalog' or 'channel'. */
  scope: text('scope').primaryKey(),
  /** Increases by one with every committed write of the scope. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** When the version last changed (database clock). */
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
