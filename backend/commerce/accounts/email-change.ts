/**
 * What follows every change of a customer's e-mail address, whichever route made it (`account/change-email`,
 * `account/change-profile`, the company user routes): an audit entry `customer.email.update` naming the old and
 * the new address, and a notice to the OLD address in the customer's language, so the owner of the account learns
 * of a change they did not make. Who may change an address is checked by the routes: the customer themselves after
 * re-entering the current password (`requireCurrentPassword`), a colleague only as a lead buyer (`guardUserChange`).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { languageTable } from '../../db/schema/index.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { emailChangedMail } from '../../mail/templates.ts';
import { audit } from './audit.ts';

/** True when `next` is another address than `current` (compared trimmed and case-insensitively). */
export function emailChanges(current: string, next: string | undefined): next is string {
  return next !== undefined && next.trim().toLowerCase() !== current.trim().toLowerCase();
}

/** The locale (e.g. de-DE) of a customer's language id, or en-GB when unknown. */
export async function customerLocale(db: Db, languageId: string | null): Promise<string> {
  if (!languageId) return 'en-GB';
  const [row] = await db
    .select({ localeCode: languageTable.localeCode })
    .from(languageTable)
    .where(eq(languageTable.id, languageId))
    .limit(1);
  return row?.localeCode ?? 'en-GB';
}

export interface EmailChange {
  /** Who made the change (the customer themselves or a lead buyer). */
  actorCustomerId: string;
  /** The customer as it was before the change. */
  before: {
    id: string;
    companyId: string;
    email: string;
    username: string;
    firstName: string;
    lastName: string;
    languageId: string | null;
  };
  /** The new address. */
  email: string;
  /** Token of the acting session (records the account manager behind a "login as customer" session). */
  contextToken: string;
  at: Date;
  /** Enqueues the notice's delivery (backend/jobs/queues.ts); none: the notice waits in the outbox for the relay. */
  jobs: JobSender | undefined;
}

/**
 * Audits a completed e-mail change and writes the notice to the old address to the outbox with its delivery job
 * (`queueMail`): the mail server's answer never reaches the change.
 */
export async function recordEmailChange(db: Db, change: EmailChange): Promise<void> {
  const { before } = change;
  await audit(db, {
    actorCustomerId: change.actorCustomerId,
    action: 'customer.email.update',
    targetCustomerId: before.id,
    companyId: before.companyId,
    details: { previousEmail: before.email, email: change.email },
    contextToken: change.contextToken,
    at: change.at,
  });
  const mail = emailChangedMail({
    to: before.email,
    name: `${before.firstName} ${before.lastName}`.trim(),
    username: before.username,
    email: change.email,
    locale: await customerLocale(db, before.languageId),
  });
  await queueMail(db, mail, change.jobs);
}
