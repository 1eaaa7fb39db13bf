/**
 * The daily removal of expired sales channel contexts (`context-purge`, backend/jobs/boss.ts): the request that
 * finds an expired logged-in context deletes it (./context.ts), but a context nobody sends again would stay for ever.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from './context.ts';

/**
 * Deletes, by the database's clock: logged-in contexts idle longer than `idleMs` or older than `absoluteMs` (the
 * rule ./context.ts applies on access; OWASP ASVS 7.3.1/7.3.2), punch-out contexts past their `expiresAt`, and
 * anonymous contexts not written for `absoluteMs` (they hold only language and checkout choices; carts belong to
 * customers).
 *
 * @returns how many contexts were deleted.
 */
export async function purgeExpiredContexts(
  db: Db,
  lifetime: Pick<SessionLifetime, 'idleMs' | 'absoluteMs'> = DEFAULT_SESSION_LIFETIME,
): Promise<number> {
  const idle = sql`now() - make_interval(secs => ${lifetime.idleMs / 1000})`;
  const absolute = sql`now() - make_interval(secs => ${lifetime.absoluteMs / 1000})`;
  const rows = await queryRows<{ token: string }>(
    db,
    sql`DELETE FROM sales_channel_api_context
         WHERE (customer_id IS NOT NULL AND (updated_at < ${idle} OR created_at < ${absolute}))
            OR (customer_id IS NULL AND updated_at < ${absolute})
            OR (payload->'punchOut'->>'expiresAt')::timestamptz <= now()
         RETURNING token`,
  );
  return rows.length;
}
