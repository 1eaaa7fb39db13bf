import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { deliverQueuedMail, listOutbox, queueMail, sendMail, type MailTransport } from './outbox.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
});
afterAll(() => handle.close());

describe('sendMail', () => {
  it('keeps the mail in the outbox when no SMTP server is configured', async () => {
    const result = await sendMail(
      handle.db,
      { to: 'a@example.com', subject: 'Hallo', text: 'Link: https://x/y?hash=abc', template: 'test' },
      { env: {} },
    );
    expect(result.delivery).toBe('outbox');
    const [latest] = await listOutbox(handle.db);
    expect(latest).toMatchObject({ recipient: 'a@example.com', subject: 'Hallo', text: 'Link: https://x/y?hash=abc' });
  });

  it('hands the mail to SMTP and records it without the body', async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const result = await sendMail(
      handle.db,
      { to: 'b@example.com', subject: 'Reset', text: 'secret-link', template: 'password-recovery' },
      { env: { MAIL_FROM: 'shop@example.com' }, transport },
    );
    expect(result.delivery).toBe('smtp');
    expect(sent).toEqual([{ from: 'shop@example.com', to: 'b@example.com', subject: 'Reset', text: 'secret-link' }]);
    const rows = await listOutbox(handle.db);
    const row = rows.find((r) => r.id === result.id);
    expect(row?.text).toBe('');
  });

  it('reports a failed SMTP delivery without leaking the body', async () => {
    const transport: MailTransport = {
      sendMail: async () => {
        throw new Error('connection refused');
      },
    };
    await expect(
      sendMail(handle.db, { to: 'c@example.com', subject: 'S', text: 'secret', template: 't' }, { transport }),
    ).rejects.toThrow('Mail delivery failed');
  });
});

describe('queueMail and deliverQueuedMail', () => {
  it('without SMTP the queued row is the delivery; with SMTP it is sent after the commit and its body removed', async () => {
    const mail = {
      to: 'c@example.com',
      subject: 'Order 100001',
      text: 'Lines',
      html: '<p>Lines</p>',
      template: 'order',
    };
    const kept = await queueMail(handle.db, mail);
    expect(await deliverQueuedMail(handle.db, kept, { env: {} })).toBe('outbox');
    expect((await listOutbox(handle.db)).find((r) => r.id === kept)).toMatchObject({ text: 'Lines' });

    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const queued = await queueMail(handle.db, mail);
    expect(await deliverQueuedMail(handle.db, queued, { env: { MAIL_FROM: 'shop@example.com' }, transport })).toBe(
      'smtp',
    );
    expect(sent).toEqual([
      { from: 'shop@example.com', to: 'c@example.com', subject: 'Order 100001', text: 'Lines', html: '<p>Lines</p>' },
    ]);
    expect((await listOutbox(handle.db)).find((r) => r.id === queued)).toMatchObject({ text: '', html: null });
  });

  it('a refused delivery is recorded and reported, never thrown', async () => {
    const transport: MailTransport = {
      sendMail: async () => {
        throw new Error('550 mailbox unavailable');
      },
    };
    const id = await queueMail(handle.db, { to: 'd@example.com', subject: 'S', text: 'T', template: 'order' });
    expect(await deliverQueuedMail(handle.db, id, { env: {}, transport })).toBe('failed');
  });
});
