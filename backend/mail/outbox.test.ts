import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { mailOutboxTable } from '../db/schema/index.ts';
import type { JobSender } from '../jobs/queues.ts';
import {
  deliverMail,
  listOutbox,
  mailsToRelay,
  MailDeliveryError,
  messageIdOf,
  purgeSentMail,
  queueMail,
  type MailTransport,
  type OutgoingMessage,
} from './outbox.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
});
afterAll(() => handle.close());

const mail = { to: 'c@example.com', subject: 'Order 100001', text: 'Lines', html: '<p>Lines</p>', template: 'order' };

async function row(id: string) {
  const [found] = await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, id));
  return found!;
}

describe('queueMail', () => {
  it('writes the row and its delivery job through the same database handle', async () => {
    const sent: [string, string][] = [];
    const jobs: JobSender = { send: async (_db, queue, id) => void sent.push([queue, id]) };
    const id = await queueMail(handle.db, mail, jobs);
    expect(sent).toEqual([['mail-deliver', id]]);
    expect((await listOutbox(handle.db)).find((r) => r.id === id)).toMatchObject({ text: 'Lines' });
  });

  it('leaves nothing behind when the change it belongs to rolls back', async () => {
    let id = '';
    await expect(
      handle.db.transaction(async (tx) => {
        id = await queueMail(tx as never, mail, undefined);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, id))).toEqual([]);
  });
});

describe('deliverMail', () => {
  it('without SMTP the row is the delivery and stays as written', async () => {
    const id = await queueMail(handle.db, mail, undefined);
    expect(await deliverMail(handle.db, id, { env: {} })).toBe('outbox');
    expect(await row(id)).toMatchObject({ text: 'Lines', sentAt: null, attempts: 0, claimedAt: null });
  });

  it('hands the mail to SMTP with a Message-ID from its outbox id and keeps it without body', async () => {
    const sent: OutgoingMessage[] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const id = await queueMail(handle.db, mail, undefined);
    expect(await deliverMail(handle.db, id, { env: { MAIL_FROM: 'Shop <shop@example.com>' }, transport })).toBe('sent');
    expect(sent).toEqual([
      {
        from: 'Shop <shop@example.com>',
        to: 'c@example.com',
        subject: 'Order 100001',
        text: 'Lines',
        html: '<p>Lines</p>',
        messageId: `<${id}@example.com>`,
      },
    ]);
    expect(await row(id)).toMatchObject({ text: '', html: null, attempts: 1, claimedAt: null, error: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    // A second job for the same mail (the relay's) sends nothing.
    expect(await deliverMail(handle.db, id, { env: {}, transport })).toBe('skipped');
    expect(sent).toHaveLength(1);
  });

  it('a refused attempt is recorded, releases the claim and throws; the retry sends the same Message-ID', async () => {
    const attempts: OutgoingMessage[] = [];
    let refuse = true;
    const transport: MailTransport = {
      sendMail: async (m) => {
        attempts.push(m);
        if (refuse) throw new Error('421 service not available');
      },
    };
    const id = await queueMail(handle.db, mail, undefined);
    await expect(deliverMail(handle.db, id, { env: {}, transport })).rejects.toBeInstanceOf(MailDeliveryError);
    expect(await row(id)).toMatchObject({ text: 'Lines', sentAt: null, claimedAt: null, attempts: 1 });
    expect((await row(id)).error).toBe('421 service not available');
    refuse = false;
    expect(await deliverMail(handle.db, id, { env: {}, transport })).toBe('sent');
    expect(attempts.map((m) => m.messageId)).toEqual([messageIdOf(id, 'x@werkbank.example'), attempts[0]!.messageId]);
    expect(await row(id)).toMatchObject({ attempts: 2, error: null, text: '' });
  });

  it('a mail another delivery has claimed is left alone until the claim lapses after 10 minutes', async () => {
    const sent: OutgoingMessage[] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const id = await queueMail(handle.db, mail, undefined);
    await handle.db.execute(sql`UPDATE mail_outbox SET claimed_at = now() - interval '9 minutes' WHERE id = ${id}`);
    expect(await deliverMail(handle.db, id, { env: {}, transport })).toBe('skipped');
    await handle.db.execute(sql`UPDATE mail_outbox SET claimed_at = now() - interval '11 minutes' WHERE id = ${id}`);
    expect(await deliverMail(handle.db, id, { env: {}, transport })).toBe('sent');
    expect(sent).toHaveLength(1);
  });
});

describe('relay and purge', () => {
  it('the relay picks unsent mails older than a minute whose claim is free; the purge removes old sent ones', async () => {
    const fresh = await queueMail(handle.db, mail, undefined);
    const old = await queueMail(handle.db, mail, undefined);
    const claimed = await queueMail(handle.db, mail, undefined);
    const sentLongAgo = await queueMail(handle.db, mail, undefined);
    await handle.db.execute(
      sql`UPDATE mail_outbox SET created_at = now() - interval '5 minutes' WHERE id IN (${old}, ${claimed})`,
    );
    await handle.db.execute(sql`UPDATE mail_outbox SET claimed_at = now() WHERE id = ${claimed}`);
    await handle.db.execute(
      sql`UPDATE mail_outbox SET sent_at = now() - interval '31 days', text = '' WHERE id = ${sentLongAgo}`,
    );
    const relayed = await mailsToRelay(handle.db, 1000);
    expect(relayed).toContain(old);
    expect(relayed).not.toContain(fresh);
    expect(relayed).not.toContain(claimed);
    expect(relayed).not.toContain(sentLongAgo);
    expect(await purgeSentMail(handle.db)).toBeGreaterThanOrEqual(1);
    const left = (await listOutbox(handle.db, 1000)).map((r) => r.id);
    expect(left).toContain(old);
    expect(left).not.toContain(sentLongAgo);
  });
});
