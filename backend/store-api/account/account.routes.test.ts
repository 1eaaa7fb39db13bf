import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRightTable, customerTable } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoCustomerId } from '../../seed/seed-customers.ts';
import { createAccountTestApi, type AccountTestApi } from '../../testing/account-test-app.ts';

let api: AccountTestApi;
beforeAll(async () => {
  api = await createAccountTestApi();
});
afterAll(() => api.close());

const auth = (token: string) => ({ 'sw-context-token': token });
type Envelope = {
  errors: {
    status: string;
    code: string;
    detail: string;
    meta?: { parameters?: Record<string, unknown> };
    source?: { pointer: string };
  }[];
};
const errorOf = async (res: Response) => ((await res.json()) as Envelope).errors[0]!;

describe('POST /account/login', () => {
  it('answers a new token, in body and header, and never upgrades the token the caller brought', async () => {
    const chosen = 'a'.repeat(32);
    const res = await api.call(
      'POST',
      '/account/login',
      { username: 'Anna.Peeters ', password: DEMO_PASSWORD },
      auth(chosen),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contextToken: string };
    expect(body.contextToken).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('sw-context-token')).toBe(body.contextToken);
    expect(body.contextToken).not.toBe(chosen);
    expect((await api.call('GET', '/account/customer', undefined, auth(chosen))).status).toBe(403);
    const me = await api.call('GET', '/account/customer', undefined, auth(body.contextToken));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(demoCustomerId('anna.peeters'));
  });

  it('rotates the token of a logged-in caller and ends the old session', async () => {
    const first = await api.login('jan.janssens');
    const second = (await (
      await api.call('POST', '/account/login', { username: 'jan.janssens', password: DEMO_PASSWORD }, auth(first))
    ).json()) as {
      contextToken: string;
    };
    expect(second.contextToken).not.toBe(first);
    expect((await api.call('GET', '/account/customer', undefined, auth(first))).status).toBe(403);
    expect((await api.call('GET', '/account/customer', undefined, auth(second.contextToken))).status).toBe(200);
  });

  it('gives the identical answer for an unknown user and a wrong password', async () => {
    const unknown = await api.call('POST', '/account/login', { username: 'nobody.here', password: DEMO_PASSWORD });
    const wrong = await api.call('POST', '/account/login', { username: 'anna.peeters', password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a).errors[0].code).toBe('CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');
    expect(a).not.toContain('nobody.here');
  });

  it('says an account is inactive only to someone who knows its password', async () => {
    const right = await api.call('POST', '/account/login', { username: 'els.inactief', password: DEMO_PASSWORD });
    expect(right.status).toBe(401);
    expect((await errorOf(right)).code).toBe('WERKBANK__CUSTOMER_IS_INACTIVE');
    const wrong = await api.call('POST', '/account/login', { username: 'els.inactief', password: 'nope-nope' });
    expect((await errorOf(wrong)).code).toBe('CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');
  });

  it('refuses users of an inactive company with COMPANY_IS_INACTIVE', async () => {
    await api.db.update(customerTable).set({ active: true }).where(eq(customerTable.username, 'kim.wouters'));
    const res = await api.call('POST', '/account/login', { username: 'kim.wouters', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('WERKBANK__COMPANY_IS_INACTIVE');
    await api.db.update(customerTable).set({ active: false }).where(eq(customerTable.username, 'kim.wouters'));
  });

  it('sends a forced-recovery user to set a password with a single-use hash', async () => {
    const res = await api.call('POST', '/account/login', { username: 'bart.reset', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    const error = await errorOf(res);
    expect(error.code).toBe('WERKBANK__FORCED_CUSTOMER_RECOVERY');
    const hash = error.meta?.parameters?.hash as string;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const set = await api.call('POST', '/account/recovery-password-confirm', {
      hash,
      newPassword: 'Neues-Passwort-1',
      newPasswordConfirm: 'Neues-Passwort-1',
    });
    expect(set.status).toBe(200);
    expect(await api.login('bart.reset', 'Neues-Passwort-1')).toMatch(/^[0-9a-f]{32}$/);
    const again = await api.call('POST', '/account/recovery-password-confirm', {
      hash,
      newPassword: 'Anderes-Passwort-2',
      newPasswordConfirm: 'Anderes-Passwort-2',
    });
    expect((await errorOf(again)).code).toBe('CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED');
  });

  it('answers missing fields with violations naming them', async () => {
    const res = await api.call('POST', '/account/login', { password: '' });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as Envelope;
    expect(errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['VIOLATION::IS_BLANK_ERROR', '/username'],
      ['VIOLATION::IS_BLANK_ERROR', '/password'],
    ]);
  });

  it('limits attempts per username, whether or not the user exists', async () => {
    const statuses = async (username: string) => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++) {
        out.push((await api.call('POST', '/account/login', { username, password: 'wrong-password' })).status);
      }
      return out;
    };
    const known = await statuses('lotte.claes');
    const unknown = await statuses('ghost.user');
    expect(known).toEqual([...Array(10).fill(401), 429]);
    expect(unknown).toEqual(known);
    const blocked = await api.call('POST', '/account/login', { username: 'lotte.claes', password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    const error = await errorOf(blocked);
    expect(error.code).toBe('FRAMEWORK__RATE_LIMIT_EXCEEDED');
    expect(error.meta?.parameters?.seconds).toBeGreaterThan(0);
    api.advance(15 * 60 * 1000 + 1000);
    expect(await api.login('lotte.claes')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('limits attempts per client address', async () => {
    const ip = { 'x-real-ip': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await api.call('POST', '/account/login', { username: `probe${i}`, password: 'x' }, ip)).status;
    }
    expect(last).toBe(429);
    const other = await api.call(
      'POST',
      '/account/login',
      { username: 'probe0', password: 'x' },
      { 'x-real-ip': '203.0.113.10' },
    );
    expect(other.status).toBe(401);
  });

  it('does not count successful logins against the address: an office behind one NAT address stays in', async () => {
    const office = { 'x-real-ip': '203.0.113.20' };
    const users = ['anna.peeters', 'jan.janssens', 'lotte.claes', 'eva.gruber'];
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      const username = users[i % users.length]!;
      statuses.push((await api.call('POST', '/account/login', { username, password: DEMO_PASSWORD }, office)).status);
    }
    expect(statuses).toEqual(Array(80).fill(200));
    // Failed logins from the same address still count: the 61st in a row has to wait.
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await api.call('POST', '/account/login', { username: `nat${i}`, password: 'x' }, office)).status;
    }
    expect(last).toBe(429);
  });
});

describe('POST /account/logout', () => {
  it('ends the session and answers a new anonymous token', async () => {
    const token = await api.login('eva.gruber');
    const res = await api.call('POST', '/account/logout', {}, auth(token));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contextToken: string };
    expect(body.contextToken).not.toBe(token);
    expect(res.headers.get('sw-context-token')).toBe(body.contextToken);
    expect((await api.call('GET', '/account/customer', undefined, auth(token))).status).toBe(403);
    expect((await api.call('GET', '/account/customer', undefined, auth(body.contextToken))).status).toBe(403);
  });

  it('refuses anonymous callers', async () => {
    const res = await api.call('POST', '/account/logout', {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });
});

describe('GET|POST /account/customer', () => {
  it('answers the customer with company, extension, OCI marker and rights, and nothing secret', async () => {
    const token = await api.login('pieter.oci');
    for (const method of ['GET', 'POST']) {
      const res = await api.call(method, '/account/customer', method === 'POST' ? {} : undefined, auth(token));
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toMatch(/argon2|passwordHash|password_hash|forceRecovery/);
      const c = JSON.parse(text);
      expect(c).toMatchObject({
        apiAlias: 'customer',
        firstName: 'Pieter',
        lastName: 'Maes',
        active: true,
        guest: false,
        company: 'Bouwbedrijf Peeters NV',
        customFields: { oci_customer: true },
        extensions: {
          company: { name: 'Bouwbedrijf Peeters NV', companyNumber: '100001', vatId: 'BE0417497106' },
          customerExtension: { username: 'pieter.oci', leadBuyer: false },
          impersonatorId: null,
        },
      });
      expect(c.extensions.rights).toHaveLength(24);
      expect(c.extensions.rights).toContainEqual({ code: 'ROLE_PLACE_ORDERS', enabled: true });
      expect(c.extensions.rights).toContainEqual({ code: 'ROLE_MANAGE_CONTACTS', enabled: false });
      expect(c.defaultShippingAddress).toMatchObject({ name: 'Hoofdzetel', city: 'Antwerpen', zipcode: '2030' });
    }
  });

  it('answers 403 when anonymous or when the customer was deactivated after login', async () => {
    expect((await api.call('GET', '/account/customer')).status).toBe(403);
    const token = await api.login('tom.wuyts');
    await api.db.update(customerTable).set({ active: false }).where(eq(customerTable.username, 'tom.wuyts'));
    const res = await api.call('GET', '/account/customer', undefined, auth(token));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    await api.db.update(customerTable).set({ active: true }).where(eq(customerTable.username, 'tom.wuyts'));
  });
});

describe('POST /account/change-password', () => {
  it('needs ROLE_MANAGE_OWN_ACCOUNT: without it 403 MISSING_RIGHT and the password stays', async () => {
    // tom.wuyts holds ROLE_VIEW_PRICES, ROLE_MANAGE_ORDER_LISTS and ROLE_MANAGE_OWN_CONTACT_INFO only.
    const token = await api.login('tom.wuyts');
    const res = await api.call(
      'POST',
      '/account/change-password',
      { password: DEMO_PASSWORD, newPassword: 'Another-Pass-1', newPasswordConfirm: 'Another-Pass-1' },
      auth(token),
    );
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({
      code: 'WERKBANK__MISSING_RIGHT',
      meta: { parameters: { right: 'ROLE_MANAGE_OWN_ACCOUNT' } },
    });
    expect(await api.login('tom.wuyts')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a wrong current password and mismatching or short new ones', async () => {
    const token = await api.login('markus.huber');
    const wrong = await api.call(
      'POST',
      '/account/change-password',
      { password: 'not-it', newPassword: 'Another-Pass-1', newPasswordConfirm: 'Another-Pass-1' },
      auth(token),
    );
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('CUSTOMER_PASSWORD_NOT_CORRECT');
    const mismatch = await api.call(
      'POST',
      '/account/change-password',
      { password: DEMO_PASSWORD, newPassword: 'Another-Pass-1', newPasswordConfirm: 'Another-Pass-2' },
      auth(token),
    );
    expect((await errorOf(mismatch)).code).toBe('VIOLATION::NOT_EQUAL_ERROR');
    const short = await api.call(
      'POST',
      '/account/change-password',
      { password: DEMO_PASSWORD, newPassword: 'short', newPasswordConfirm: 'short' },
      auth(token),
    );
    expect((await errorOf(short)).code).toBe('VIOLATION::TOO_SHORT_ERROR');
  });

  it('changes the password, rotates the token and ends every other session', async () => {
    const other = await api.login('markus.huber');
    const current = await api.login('markus.huber');
    const res = await api.call(
      'POST',
      '/account/change-password',
      { password: DEMO_PASSWORD, newPassword: 'Huber-Neu-2026', newPasswordConfirm: 'Huber-Neu-2026' },
      auth(current),
    );
    expect(res.status).toBe(200);
    const { contextToken } = (await res.json()) as { contextToken: string };
    expect(contextToken).not.toBe(current);
    expect((await api.call('GET', '/account/customer', undefined, auth(other))).status).toBe(403);
    expect((await api.call('GET', '/account/customer', undefined, auth(current))).status).toBe(403);
    expect((await api.call('GET', '/account/customer', undefined, auth(contextToken))).status).toBe(200);
    const old = await api.call('POST', '/account/login', { username: 'markus.huber', password: DEMO_PASSWORD });
    expect(old.status).toBe(401);
    expect(await api.login('markus.huber', 'Huber-Neu-2026')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('POST /account/change-profile', () => {
  it('saves the contact information', async () => {
    const token = await api.login('eva.gruber');
    const res = await api.call(
      'POST',
      '/account/change-profile',
      {
        salutation: 'mrs',
        firstName: ' Eva-Maria ',
        lastName: 'Gruber',
        email: 'eva@huber.example',
        password: DEMO_PASSWORD,
        phone: '+43 1 234',
        mobile: '',
      },
      auth(token),
    );
    expect(res.status).toBe(200);
    const me = (await (await api.call('GET', '/account/customer', undefined, auth(token))).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ firstName: 'Eva-Maria', email: 'eva@huber.example', phone: '+43 1 234', mobile: null });
    expect(me.salutation).toMatchObject({ salutationKey: 'mrs' });
  });

  it('validates the fields', async () => {
    const token = await api.login('eva.gruber');
    const res = await api.call(
      'POST',
      '/account/change-profile',
      { firstName: '', lastName: 'X', email: 'not-an-email' },
      auth(token),
    );
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as Envelope;
    expect(errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['VIOLATION::IS_BLANK_ERROR', '/firstName'],
      ['VIOLATION::INVALID_EMAIL', '/email'],
    ]);
  });

  it('needs ROLE_MANAGE_OWN_CONTACT_INFO', async () => {
    const id = demoCustomerId('jan.janssens');
    await api.db
      .update(customerRightTable)
      .set({ enabled: false })
      .where(and(eq(customerRightTable.customerId, id), eq(customerRightTable.code, 'ROLE_MANAGE_OWN_CONTACT_INFO')));
    const token = await api.login('jan.janssens');
    const res = await api.call('POST', '/account/change-profile', { firstName: 'J', lastName: 'J' }, auth(token));
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe('WERKBANK__MISSING_RIGHT');
    expect(error.meta?.parameters?.right).toBe('ROLE_MANAGE_OWN_CONTACT_INFO');
  });
});

describe('POST /account/list-address', () => {
  it("lists the own company's addresses only, with paging and term", async () => {
    const token = await api.login('anna.peeters');
    const res = await api.call('POST', '/account/list-address', {}, auth(token));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      total: number;
      elements: { name: string; isMain: boolean; apiAlias: string }[];
    };
    expect(body.total).toBe(2);
    expect(body.elements.map((e) => e.name)).toEqual(['Hoofdzetel', 'Werf Gent']);
    expect(body.elements[0]).toMatchObject({
      isMain: true,
      apiAlias: 'customer_address',
      company: 'Bouwbedrijf Peeters NV',
    });
    const term = (await (await api.call('POST', '/account/list-address', { term: 'gent' }, auth(token))).json()) as {
      total: number;
    };
    expect(term.total).toBe(1);
    const page = (await (
      await api.call('POST', '/account/list-address', { limit: 1, page: 2 }, auth(token))
    ).json()) as {
      elements: { name: string }[];
    };
    expect(page.elements.map((e) => e.name)).toEqual(['Werf Gent']);
  });

  it('refuses anonymous callers', async () => {
    expect((await api.call('POST', '/account/list-address', {})).status).toBe(403);
  });
});

describe('session lifetime', () => {
  it('ends a logged-in session after 7 idle days and rotates the token', async () => {
    const token = await api.login('lotte.claes');
    api.advance(6 * 24 * 60 * 60 * 1000);
    expect((await api.call('GET', '/account/customer', undefined, auth(token))).status).toBe(200);
    api.advance(6 * 24 * 60 * 60 * 1000);
    expect((await api.call('GET', '/account/customer', undefined, auth(token))).status).toBe(200);
    api.advance(8 * 24 * 60 * 60 * 1000);
    const res = await api.call('GET', '/account/customer', undefined, auth(token));
    expect(res.status).toBe(403);
    expect(res.headers.get('sw-context-token')).not.toBe(token);
  });

  it('ends any logged-in session 30 days after login', async () => {
    const token = await api.login('lotte.claes');
    for (let day = 0; day < 30; day += 5) {
      api.advance(5 * 24 * 60 * 60 * 1000);
      expect((await api.call('GET', '/account/customer', undefined, auth(token))).status).toBe(200);
    }
    api.advance(24 * 60 * 60 * 1000);
    expect((await api.call('GET', '/account/customer', undefined, auth(token))).status).toBe(403);
  });
});

describe('rate limit without a client address', () => {
  it('does not put every caller without an address into one counter', async () => {
    for (let i = 0; i < 65; i++) {
      const res = await api.call(
        'POST',
        '/account/login',
        { username: `anon${i}`, password: 'x' },
        { 'x-real-ip': '' },
      );
      expect(res.status).toBe(401);
    }
  });
});
