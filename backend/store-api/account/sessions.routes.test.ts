/**
 * Sessions end when their grounds go: a deactivated customer, a deactivated company, an account manager who lost the
 * role or the company of a "login as customer" session. The next call is anonymous under a new token, and switching
 * the customer back on does not bring the old token back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTable, contextTable, customerTable } from '../../db/schema/index.ts';
import { demoCompanyId, demoCustomerId } from '../../seed/seed-customers.ts';
import { createAccountTestApi, type AccountTestApi } from '../../testing/account-test-app.ts';

let api: AccountTestApi;
beforeAll(async () => {
  api = await createAccountTestApi();
});
afterAll(() => api.close());

const auth = (token: string) => ({ 'sw-context-token': token });

/** `GET account/customer` with the token: the status and the token the answer carries. */
async function whoAmI(token: string): Promise<{ status: number; token: string | null; code?: string }> {
  const res = await api.call('GET', '/account/customer', undefined, auth(token));
  const body = (await res.json()) as { errors?: { code: string }[] };
  return {
    status: res.status,
    token: res.headers.get('sw-context-token'),
    ...(body.errors ? { code: body.errors[0]!.code } : {}),
  };
}

async function expectEnded(token: string): Promise<void> {
  const answer = await whoAmI(token);
  expect(answer).toMatchObject({ status: 403, code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN' });
  expect(answer.token).not.toBe(token);
  expect(await api.db.select().from(contextTable).where(eq(contextTable.token, token))).toEqual([]);
}

const setCustomer = (username: string, values: Partial<typeof customerTable.$inferInsert>) =>
  api.db
    .update(customerTable)
    .set(values)
    .where(eq(customerTable.id, demoCustomerId(username)));

describe('sessions of deactivated customers and companies', () => {
  it('a deactivated customer is logged out for good, even once switched on again', async () => {
    const token = await api.login('lotte.claes');
    expect((await whoAmI(token)).status).toBe(200);
    await setCustomer('lotte.claes', { active: false });
    await expectEnded(token);
    await setCustomer('lotte.claes', { active: true });
    expect((await whoAmI(token)).status).toBe(403);
  });

  it('a deactivated company logs out all its users', async () => {
    const markus = await api.login('markus.huber');
    const eva = await api.login('eva.gruber');
    const company = eq(companyTable.id, demoCompanyId('huber'));
    await api.db.update(companyTable).set({ active: false }).where(company);
    await expectEnded(markus);
    await expectEnded(eva);
    await api.db.update(companyTable).set({ active: true }).where(company);
    expect((await whoAmI(eva)).status).toBe(403);
    expect((await whoAmI(await api.login('eva.gruber'))).status).toBe(200);
  });
});

describe('login-as sessions', () => {
  async function loginAs(username: string): Promise<string> {
    const sophie = await api.login('sophie.berger');
    const res = await api.call('POST', '/werkbank/account/login-as-customer', { username }, auth(sophie));
    expect(res.status).toBe(200);
    return ((await res.json()) as { contextToken: string }).contextToken;
  }

  it('end when the account manager no longer looks after the company', async () => {
    const token = await loginAs('jan.janssens');
    expect((await whoAmI(token)).status).toBe(200);
    await setCustomer('sophie.berger', { managedCompanyIds: [demoCompanyId('huber')] });
    await expectEnded(token);
    await setCustomer('sophie.berger', { managedCompanyIds: [demoCompanyId('peeters'), demoCompanyId('huber')] });
  });

  it('end when the account manager loses the role or is deactivated', async () => {
    const first = await loginAs('jan.janssens');
    await setCustomer('sophie.berger', { role: 'buyer' });
    await expectEnded(first);
    await setCustomer('sophie.berger', { role: 'account_manager' });
    const second = await loginAs('jan.janssens');
    await setCustomer('sophie.berger', { active: false });
    await expectEnded(second);
    await setCustomer('sophie.berger', { active: true });
  });

  it('stay while the account manager keeps role and company', async () => {
    const token = await loginAs('tom.wuyts');
    expect((await whoAmI(token)).status).toBe(200);
    expect((await whoAmI(token)).status).toBe(200);
  });
});
