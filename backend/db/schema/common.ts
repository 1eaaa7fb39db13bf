/**
 * Column helpers shared by every aggregate of the embedded Store API's schema.
 *
 * Ids are Shopware-style: 32 lower-case hex characters (a UUID without dashes), stored as `text`.
 */
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector`, written through `to_tsvector(...)` in SQL, never parsed in JavaScript. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** A Shopware id column: 32 hex characters. */
export const idColumn = (name: string) => text(name);

/** `created_at` / `updated_at` pair with time zone, defaulting to now(). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
};

/**
 * Translated texts of an entity, keyed by locale code (`de-DE`, `en-GB`, `fr-FR`, `nl-NL`).
 * Missing locales fall back at read time: requested locale → en-GB → de-DE → first present.
 */
export type Translations<T> = Partial<Record<string, T>>;
