/**
 * Audit log entries for security-relevant account actions (rights and role changes, login as customer), with the
 * account manager behind an impersonated session when there is one.
 */
import type { Db } from '../../db/client.ts';
import { auditLogTable } from '../../db/schema/index.ts';
import { readContextPayload } from '../../auth/session.ts';
import { randomId } from '../../lib/ids.ts';

export interface AuditEntry {
  /** Who acted; null for what the shop does by itself (e.g. an approval request expiring). */
  actorCustomerId: string | null;
  action: string;
  targetCustomerId?: string | null;
  companyId?: string | null;
  details?: Record<string, unknown>;
  /** Token of the acting session: its `impersonatorId`, if any, is recorded too. */
  contextToken?: string;
  at: Date;
}

/** Writes one audit row. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const payload = entry.contextToken ? await readContextPayload(db, entry.contextToken) : null;
  await db.insert(auditLogTable).values({
    id: randomId(),
    actorCustomerId: entry.actorCustomerId,
    action: entry.action,
    targetCustomerId: entry.targetCustomerId ?? null,
    companyId: entry.companyId ?? null,
    details: {
      ...(entry.details ?? {}),
      ...(payload?.impersonatorId ? { impersonatorId: payload.impersonatorId } : {}),
    },
    createdAt: entry.at,
  });
}
