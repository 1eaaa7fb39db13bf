/**
 * Changing an e-mail address: one's own only with the current password (Shopware's `account/change-email`, and
 * `account/change-profile` or the company user routes when they carry a new address), a colleague's only as a lead
 * buyer. Every change notifies the old address in the user's language and is audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { auditLogTable, customerRightTable, customerTable, mailOutboxTable } from '../../db/schema/index.ts';
import { languageId, seedSalesChannel } from '../../db/seed-channel.ts';
import { DEMO_PASSWORD, demoCustomerId, seedDemoCustomers } from '../../seed/seed-customers.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let address = 0;
beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(() => handle.close());

type Envelope = { errors?: { code: string; source?: { pointer: string } }[] };

/** A Store API request to `/store-api{path}`, each from its own client address. */
function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  address += 1;
  return Promise.resolve(
    app.request(`/store-api${path}`, {
      method,
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        'x-real-ip': `203.0.113.${address}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

/** Logs in (in the shop's default language unless `locale` is given) and answers the token header. */
async function login(username: string, locale?: string): Promise<Record<string, string>> {
  const language = locale ? { 'sw-language-id': languageId(locale) } : undefined;
  const res = await call('POST', '/account/login', { username, password: DEMO_PASSWORD }, language);
  expect(res.status).toBe(200);
  return { 'sw-context-token': ((await res.json()) as { contextToken: string }).contextToken };
}

const patchUser = (id: string, body: unknown, headers: Record<string, string>) =>
  call('PATCH', `/werkbank/companies/customers/${id}`, body, headers);
const api = {
  call: (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    call(method, path, body, headers),
  get db() {
    return handle.db;
  },
};

const emailOf = async (username: string) =>
  (
    await api.db
      .select()
      .from(customerTable)
      .where(eq(customerTable.id, demoCustomerId(username)))
  )[0]!.email;
const mailsTo = (address: string) =>
  api.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.recipient, address));
const auditsOf = (username: string) =>
  api.db
    .select()
    .from(auditLogTable)
    .where(
      and(
        eq(auditLogTable.targetCustomerId, demoCustomerId(username)),
        eq(auditLogTable.action, 'customer.email.update'),
      ),
    );
const firstCode = async (res: Response) => ((await res.json()) as Envelope).errors?.[0]?.code;

describe('POST /account/change-email', () => {
  it('needs the current password and a matching confirmation', async () => {
    const jan = await login('jan.janssens');
    const body = { email: 'jan.new@example.com', emailConfirmation: 'jan.new@example.com' };
    const missing = await api.call('POST', '/account/change-email', body, jan);
    expect(missing.status).toBe(400);
    expect(await firstCode(missing)).toBe('VIOLATION::IS_BLANK_ERROR');
    const wrong = await api.call('POST', '/account/change-email', { ...body, password: 'not-my-password' }, jan);
    expect(wrong.status).toBe(400);
    expect(await firstCode(wrong)).toBe('CUSTOMER_PASSWORD_NOT_CORRECT');
    const mismatch = await api.call(
      'POST',
      '/account/change-email',
      { ...body, emailConfirmation: 'other@example.com', password: DEMO_PASSWORD },
      jan,
    );
    expect(await firstCode(mismatch)).toBe('VIOLATION::NOT_EQUAL_ERROR');
    expect(await emailOf('jan.janssens')).toBe('jan.janssens@example.com');
    expect(await mailsTo('jan.janssens@example.com')).toEqual([]);
  });

  it('changes the address, notifies the old one in the user’s language and is audited', async () => {
    const jan = await login('jan.janssens');
    const res = await api.call(
      'POST',
      '/account/change-email',
      { email: 'jan.new@example.com', emailConfirmation: 'jan.new@example.com', password: DEMO_PASSWORD },
      jan,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await emailOf('jan.janssens')).toBe('jan.new@example.com');
    const [notice] = await mailsTo('jan.janssens@example.com');
    expect(notice).toMatchObject({ template: 'email-changed', subject: 'Uw e-mailadres is gewijzigd' });
    expect(notice!.text).toContain('jan.new@example.com');
    expect(await mailsTo('jan.new@example.com')).toEqual([]);
    const [entry] = await auditsOf('jan.janssens');
    expect(entry).toMatchObject({
      actorCustomerId: demoCustomerId('jan.janssens'),
      details: { previousEmail: 'jan.janssens@example.com', email: 'jan.new@example.com' },
    });
  });
});

describe('POST /account/change-profile', () => {
  const profile = { firstName: 'Lotte', lastName: 'Claes' };

  it('keeps the address without a password, and changes it only with the current one', async () => {
    const lotte = await login('lotte.claes');
    const same = await api.call(
      'POST',
      '/account/change-profile',
      { ...profile, email: 'lotte.claes@example.com' },
      lotte,
    );
    expect(same.status).toBe(200);
    const unconfirmed = await api.call(
      'POST',
      '/account/change-profile',
      { ...profile, email: 'x@example.com' },
      lotte,
    );
    expect(unconfirmed.status).toBe(400);
    expect(await firstCode(unconfirmed)).toBe('VIOLATION::IS_BLANK_ERROR');
    expect(await emailOf('lotte.claes')).toBe('lotte.claes@example.com');
    const ok = await api.call(
      'POST',
      '/account/change-profile',
      { ...profile, email: 'lotte.new@example.com', password: DEMO_PASSWORD },
      lotte,
    );
    expect(ok.status).toBe(200);
    expect(await emailOf('lotte.claes')).toBe('lotte.new@example.com');
    expect((await mailsTo('lotte.claes@example.com')).map((m) => m.template)).toEqual(['email-changed']);
    expect(await auditsOf('lotte.claes')).toHaveLength(1);
  });
});

describe('PATCH companies/customers/{id} with an e-mail address', () => {
  it("changes a colleague's address only as a lead buyer, notifying the old one in the colleague's language", async () => {
    // A Huber user who manages contacts but is no lead buyer.
    await api.db
      .update(customerRightTable)
      .set({ enabled: true })
      .where(
        and(
          eq(customerRightTable.customerId, demoCustomerId('eva.gruber')),
          eq(customerRightTable.code, 'ROLE_MANAGE_CONTACTS'),
        ),
      );
    const eva = await login('eva.gruber', 'de-DE');
    const markus = await login('markus.huber');
    const denied = await patchUser(demoCustomerId('markus.huber'), { email: 'evil@example.com' }, eva);
    expect(denied.status).toBe(403);
    expect(await emailOf('markus.huber')).toBe('markus.huber@example.com');

    const ok = await patchUser(demoCustomerId('eva.gruber'), { email: 'eva.new@example.com' }, markus);
    expect(ok.status).toBe(200);
    expect(await emailOf('eva.gruber')).toBe('eva.new@example.com');
    const [notice] = await mailsTo('eva.gruber@example.com');
    expect(notice).toMatchObject({ template: 'email-changed', subject: 'Ihre E-Mail-Adresse wurde geändert' });
    const [entry] = await auditsOf('eva.gruber');
    expect(entry).toMatchObject({ actorCustomerId: demoCustomerId('markus.huber') });
  });

  it('changes one’s own address only with the current password', async () => {
    const markus = await login('markus.huber');
    const id = demoCustomerId('markus.huber');
    const missing = await patchUser(id, { email: 'markus.new@example.com' }, markus);
    expect(missing.status).toBe(400);
    const wrong = await patchUser(id, { email: 'markus.new@example.com', password: 'wrong-password' }, markus);
    expect(await firstCode(wrong)).toBe('CUSTOMER_PASSWORD_NOT_CORRECT');
    expect(await emailOf('markus.huber')).toBe('markus.huber@example.com');
    const ok = await patchUser(id, { email: 'markus.new@example.com', password: DEMO_PASSWORD }, markus);
    expect(ok.status).toBe(200);
    expect((await mailsTo('markus.huber@example.com')).map((m) => m.template)).toEqual(['email-changed']);
  });
});
