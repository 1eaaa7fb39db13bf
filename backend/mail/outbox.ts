/**
 * Outgoing mail, never sent inside a request: every mail is first written to the `mail_outbox` table (`queueMail`, in
 * the transaction of the change it belongs to where there is one) together with a `mail-deliver` job
 * (backend/jobs/queues.ts), and the job hands it to SMTP when `SMTP_URL` is set (`deliverMail`). Without SMTP the
 * row is the delivery: the development outbox page lists it, so recovery and registration can be completed without a
 * mail server.
 *
 * Delivery is at least once and effectively once (docs/decisions/026-several-instances.md): a delivery first claims the
 * row (`claimed_at`, taken again only after `MAIL_CLAIM_TIMEOUT_MINUTES`), so two workers never send one mail at the
 * same time and a sent mail is never sent again; every attempt carries the same `Message-ID`, derived from the
 * outbox id (RFC 5322 §3.6.4), so the rare repeat after a crash between the SMTP hand-over and the database update is
 * recognisable as the same message. A refused attempt is recorded (`error`, `attempts`), the claim is released and
 * the job is retried with backoff; the `mail-relay` schedule enqueues mails whose job was lost (`mailsToRelay`).
 *
 * Secrets (reset links) live only in the mail itself (docs/decisions/008): a mail handed to SMTP keeps its template,
 * recipient and subject but loses its body, and nothing here logs a body or the SMTP URL.
 */
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { queryRows, type Db } from '../db/client.ts';
import { mailOutboxTable } from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';
import { JOB_QUEUES, type JobSender } from '../jobs/queues.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Template key, e.g. 'password-recovery', 'registration-received'. */
  template: string;
}

/** One message as it goes to SMTP; `messageId` is the `Message-ID` header (nodemailer's `messageId` option). */
export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
}

/** What sends a mail over SMTP; nodemailer's transporter fits, tests pass a fake. */
export interface MailTransport {
  sendMail(message: OutgoingMessage): Promise<unknown>;
}

export interface DeliverMailOptions {
  /** Environment to read `SMTP_URL` and `MAIL_FROM` from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Transport to use instead of one built from `SMTP_URL`. */
  transport?: MailTransport | undefined;
}

const DEFAULT_FROM = 'Werkbank <no-reply@werkbank.example>';
const transports = new Map<string, MailTransport>();

/** Minutes after which a delivery's claim on a mail lapses and another delivery may take it (a crashed worker's). */
export const MAIL_CLAIM_TIMEOUT_MINUTES = 10;

/** Minutes a mail waits for its own job before the relay enqueues it again. */
export const MAIL_RELAY_AFTER_MINUTES = 1;

/** Delivery attempts after which the relay gives a mail up (its row keeps the last error). */
export const MAIL_MAX_ATTEMPTS = 25;

/** Days a sent mail's row (without body) is kept before the daily purge removes it. */
export const SENT_MAIL_KEPT_DAYS = 30;

/**
 * The SMTP transport of `env`: the one passed, else nodemailer's for `SMTP_URL` (one per URL and process), else
 * undefined (no mail server configured: the outbox row is the delivery).
 */
export function mailTransportOf(
  env: Record<string, string | undefined>,
  transport?: MailTransport,
): MailTransport | undefined {
  if (transport) return transport;
  const url = env.SMTP_URL;
  if (!url) return undefined;
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * The `Message-ID` of an outbox mail: `<{outbox id}@{domain of the sender address}>` (RFC 5322 §3.6.4: msg-id is
 * "<" id-left "@" id-right ">", unique per message; id-right names the sending domain). Every delivery attempt of one
 * mail uses the same value.
 */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'werkbank.invalid';
  return `<${outboxId}@${domain}>`;
}

/**
 * Writes a mail to the outbox and enqueues its `mail-deliver` job, both through `db`: pass the transaction of the
 * change the mail belongs to (an order, a decision, a new user), so the mail exists exactly when the change committed.
 * Without `jobs` (a command-line tool, a test) only the row is written; a worker's `mail-relay` delivers it later.
 *
 * @returns the outbox row id.
 */
export async function queueMail(db: Db, mail: Mail, jobs: JobSender | undefined): Promise<string> {
  const id = randomId();
  await db.insert(mailOutboxTable).values({
    id,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    template: mail.template,
  });
  await jobs?.send(db, JOB_QUEUES.mailDeliver, id);
  return id;
}

/** Thrown by `deliverMail` when the SMTP server refused the mail (the cause is the transport's error). */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('Mail delivery failed', { cause });
    this.name = 'MailDeliveryError';
  }
}

/**
 * Delivers one outbox mail (the `mail-deliver` job, see the module comment). Without SMTP the row is the delivery and
 * nothing changes ('outbox'). With SMTP the row is claimed in one statement (unsent, and unclaimed or its claim older
 * than `MAIL_CLAIM_TIMEOUT_MINUTES`; `attempts` + 1); a row already sent or claimed by another delivery is left alone
 * ('skipped'). The claimed mail goes to SMTP with `messageIdOf(id)`; on success `sent_at` is set and the body removed
 * ('sent').
 *
 * @throws MailDeliveryError when SMTP refused it: the row keeps the message (at most 200 characters) in `error` and
 *   its claim is released, so the job's retry (or the relay) can take it again.
 */
export async function deliverMail(
  db: Db,
  id: string,
  options: DeliverMailOptions = {},
): Promise<'outbox' | 'sent' | 'skipped'> {
  const env = options.env ?? process.env;
  const transport = mailTransportOf(env, options.transport);
  if (!transport) return 'outbox';
  const [row] = await queryRows<{ recipient: string; subject: string; text: string; html: string | null }>(
    db,
    sql`UPDATE mail_outbox SET claimed_at = now(), attempts = attempts + 1
         WHERE id = ${id} AND sent_at IS NULL
           AND (claimed_at IS NULL OR claimed_at < now() - make_interval(mins => ${MAIL_CLAIM_TIMEOUT_MINUTES}))
         RETURNING recipient, subject, text, html`,
  );
  if (!row) return 'skipped';
  const from = env.MAIL_FROM ?? DEFAULT_FROM;
  try {
    await transport.sendMail({
      from,
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      ...(row.html !== null ? { html: row.html } : {}),
      messageId: messageIdOf(id, from),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 200) : 'unknown error';
    await db.execute(sql`UPDATE mail_outbox SET error = ${message}, claimed_at = NULL WHERE id = ${id}`);
    throw new MailDeliveryError(err);
  }
  await db.execute(
    sql`UPDATE mail_outbox SET sent_at = now(), text = '', html = NULL, error = NULL, claimed_at = NULL
         WHERE id = ${id}`,
  );
  return 'sent';
}

/**
 * The mails the relay enqueues again (the `mail-relay` schedule): unsent, unclaimed or with a lapsed claim, written
 * more than `MAIL_RELAY_AFTER_MINUTES` ago (their own job was lost, e.g. the process died between the commit and the
 * send) and tried fewer than `MAIL_MAX_ATTEMPTS` times; oldest first, at most `limit`.
 */
export async function mailsToRelay(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND attempts < ${MAIL_MAX_ATTEMPTS}
           AND (claimed_at IS NULL OR claimed_at < now() - make_interval(mins => ${MAIL_CLAIM_TIMEOUT_MINUTES}))
           AND created_at < now() - make_interval(mins => ${MAIL_RELAY_AFTER_MINUTES})
         ORDER BY created_at LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Removes the rows of mails sent more than `SENT_MAIL_KEPT_DAYS` ago (the daily `outbox-purge`); unsent mails stay.
 *
 * @returns how many rows were removed.
 */
export async function purgeSentMail(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM mail_outbox WHERE sent_at < now() - make_interval(days => ${SENT_MAIL_KEPT_DAYS}) RETURNING id`,
  );
  return rows.length;
}

export interface OutboxEntry {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  createdAt: string;
}

/** The latest mails of the outbox, newest first (`limit` default 50). */
export async function listOutbox(db: Db, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db.select().from(mailOutboxTable).orderBy(desc(mailOutboxTable.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    text: r.text,
    html: r.html,
    template: r.template,
    createdAt: r.createdAt.toISOString(),
  }));
}
