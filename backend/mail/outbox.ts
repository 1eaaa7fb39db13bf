/**
 * Outgoing mail: through SMTP when `SMTP_URL` is set (nodemailer), otherwise kept in the `mail_outbox` table, which
 * the development outbox page lists so recovery and registration can be completed without a mail server.
 *
 * Secrets (reset links) live only in the mail itself (docs/decisions/008): a mail delivered by SMTP is recorded with
 * its template, recipient and subject but without its body, and nothing here logs a body or the SMTP URL.
 */
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutboxTable } from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Template key, e.g. 'password-recovery', 'registration-received'. */
  template: string;
}

/** What sends a mail over SMTP; nodemailer's transporter fits, tests pass a fake. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export interface SendMailOptions {
  /** Environment to read `SMTP_URL` and `MAIL_FROM` from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Transport to use instead of one built from `SMTP_URL`. */
  transport?: MailTransport;
}

export interface SendMailResult {
  id: string;
  /** 'smtp' when handed to the SMTP server, 'outbox' when kept for the development outbox. */
  delivery: 'smtp' | 'outbox';
}

const DEFAULT_FROM = 'Werkbank <no-reply@werkbank.example>';
const transports = new Map<string, MailTransport>();

function smtpTransport(url: string): MailTransport {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * Sends one mail. With SMTP configured, a delivery failure is recorded (error message only) and rethrown as
 * `Error('Mail delivery failed')`; callers that must not reveal anything (recovery) catch it.
 *
 * @returns the outbox row id and how the mail went out.
 */
export async function sendMail(db: Db, mail: Mail, options: SendMailOptions = {}): Promise<SendMailResult> {
  const env = options.env ?? process.env;
  const id = randomId();
  const transport = options.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : undefined);
  if (!transport) {
    await db.insert(mailOutboxTable).values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      template: mail.template,
    });
    return { id, delivery: 'outbox' };
  }
  try {
    await transport.sendMail({
      from: env.MAIL_FROM ?? DEFAULT_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html !== undefined ? { html: mail.html } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 200) : 'unknown error';
    await db.insert(mailOutboxTable).values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      text: '',
      template: mail.template,
      error: message,
    });
    throw new Error('Mail delivery failed', { cause: err });
  }
  await db.insert(mailOutboxTable).values({
    id,
    recipient: mail.to,
    subject: mail.subject,
    text: '',
    template: mail.template,
    sentAt: new Date(),
  });
  return { id, delivery: 'smtp' };
}

/**
 * Writes a mail to the outbox without sending it, for mails that belong to a database change (the order
 * confirmation): call it inside the change's transaction, so the mail exists exactly when the change committed, and
 * hand it to `deliverQueuedMail` after the commit.
 *
 * @returns the outbox row id.
 */
export async function queueMail(db: Db, mail: Mail): Promise<string> {
  const id = randomId();
  await db.insert(mailOutboxTable).values({
    id,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    template: mail.template,
  });
  return id;
}

/**
 * Sends a mail `queueMail` wrote, after its transaction committed. Without SMTP the outbox row is the delivery and
 * nothing happens; with SMTP the mail is handed to the server and its row keeps template, recipient and subject with
 * `sentAt` (the body is removed, as `sendMail` records it) or the error message. Never throws: the change the mail
 * belongs to has happened whatever the mail server says.
 *
 * @returns 'outbox', 'smtp', or 'failed' when the SMTP server refused it or the row is unknown.
 */
export async function deliverQueuedMail(
  db: Db,
  id: string,
  options: SendMailOptions = {},
): Promise<SendMailResult['delivery'] | 'failed'> {
  const env = options.env ?? process.env;
  const transport = options.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : undefined);
  if (!transport) return 'outbox';
  const [row] = await db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, id)).limit(1);
  if (!row) return 'failed';
  try {
    await transport.sendMail({
      from: env.MAIL_FROM ?? DEFAULT_FROM,
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      ...(row.html !== null ? { html: row.html } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 200) : 'unknown error';
    await db.update(mailOutboxTable).set({ error: message }).where(eq(mailOutboxTable.id, id));
    return 'failed';
  }
  await db.update(mailOutboxTable).set({ text: '', html: null, sentAt: new Date() }).where(eq(mailOutboxTable.id, id));
  return 'smtp';
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
