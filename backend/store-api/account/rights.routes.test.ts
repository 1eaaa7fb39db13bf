import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DEFAULT_RIGHTS } from '../../auth/rights.ts';
import { auditLogTable, contextTable, customerTable } from '../../db/schema/index.ts';
import { demoCompanyId, demoCustomerId } from '../../seed/seed-customers.ts';
import { createAccountTestApi, type AccountTestApi } from '../../testing/account-test-app.ts';

let api: AccountTestApi;
let anna: string;
let jan: string;
let markus: string;
beforeAll(async () => {
  api = await createAccountTestApi({ NODE_ENV: 'test' });
  anna = await api.login('anna.peeters');
  jan = await api.login('jan.janssens');
  markus = await api.login('markus.huber');
});
afterAll(() => api.close());

const auth = (token: string) => ({ 'sw-context-token': token });
const id = demoCustomerId;
type Roles = { roles: { code: string; enabled: boolean }[] };
type Envelope = {
  errors: { code: string; source?: { pointer: string }; meta?: { parameters?: Record<string, unknown> } }[];
};
const codeOf = async (res: Response) => ((await res.json()) as Envelope).errors[0]!.code;
const enabled = (r: Roles) => r.roles.filter((x) => x.enabled).map((x) => x.code);

describe('GET /{provider}/account/{id}/rights', () => {
  it('lets everyone read his own 24 rights', async () => {
    const res = await api.call('GET', `/werkbank/account/${id('jan.janssens')}/rights`, undefined, auth(jan));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Roles;
    expect(body.roles).toHaveLength(24);
    expect(enabled(body).sort()).toEqual([...ROLE_DEFAULT_RIGHTS.buyer].sort());
  });

  it('reads a colleague only with ROLE_MANAGE_CONTACTS', async () => {
    expect(
      (await api.call('GET', `/werkbank/account/${id('jan.janssens')}/rights`, undefined, auth(anna))).status,
    ).toBe(200);
    const res = await api.call('GET', `/werkbank/account/${id('anna.peeters')}/rights`, undefined, auth(jan));
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('WERKBANK__MISSING_RIGHT');
  });

  it("answers 404 for another company's user, 400 for a malformed id, 403 anonymous", async () => {
    const other = await api.call('GET', `/werkbank/account/${id('eva.gruber')}/rights`, undefined, auth(anna));
    expect(other.status).toBe(404);
    expect(await codeOf(other)).toBe('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID');
    const unknown = await api.call('GET', `/werkbank/account/${'0'.repeat(32)}/rights`, undefined, auth(anna));
    expect(unknown.status).toBe(404);
    const bad = await api.call('GET', '/werkbank/account/not-a-uuid/rights', undefined, auth(anna));
    expect(bad.status).toBe(400);
    expect(await codeOf(bad)).toBe('VIOLATION::INVALID_UUID');
    expect((await api.call('GET', `/werkbank/account/${id('jan.janssens')}/rights`)).status).toBe(403);
  });
});

describe('PUT /{provider}/account/{id}/rights', () => {
  const url = (u: string) => `/werkbank/account/${id(u)}/rights`;

  it('saves the listed rights, takes effect at once and is audited', async () => {
    const res = await api.call(
      'PUT',
      url('jan.janssens'),
      { roles: [{ code: 'ROLE_PLACE_ORDERS', enabled: false }] },
      auth(anna),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Roles;
    expect(body.roles).toContainEqual({ code: 'ROLE_PLACE_ORDERS', enabled: false });
    expect(body.roles).toContainEqual({ code: 'ROLE_VIEW_PRICES', enabled: true });
    const me = (await (await api.call('GET', '/account/customer', undefined, auth(jan))).json()) as {
      extensions: Roles & { rights: Roles['roles'] };
    };
    expect(me.extensions.rights).toContainEqual({ code: 'ROLE_PLACE_ORDERS', enabled: false });
    const audit = await api.db
      .select()
      .from(auditLogTable)
      .where(
        and(eq(auditLogTable.action, 'customer.rights.update'), eq(auditLogTable.targetCustomerId, id('jan.janssens'))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorCustomerId).toBe(id('anna.peeters'));
  });

  it('rejects unknown codes with VIOLATION::INVALID_ROLE', async () => {
    const res = await api.call(
      'PUT',
      url('jan.janssens'),
      { roles: [{ code: 'ROLE_GOD_MODE', enabled: true }] },
      auth(anna),
    );
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as Envelope;
    expect(errors[0]).toMatchObject({ code: 'VIOLATION::INVALID_ROLE', source: { pointer: '/roles/0/code' } });
  });

  it('forbids changing one’s own rights and changing without ROLE_MANAGE_CONTACTS', async () => {
    const self = await api.call(
      'PUT',
      url('anna.peeters'),
      { roles: [{ code: 'ROLE_VIEW_PRICES', enabled: false }] },
      auth(anna),
    );
    expect(self.status).toBe(403);
    expect(await codeOf(self)).toBe('WERKBANK__CANNOT_CHANGE_OWN_RIGHTS');
    const buyer = await api.call(
      'PUT',
      url('lotte.claes'),
      { roles: [{ code: 'ROLE_VIEW_PRICES', enabled: false }] },
      auth(jan),
    );
    expect(buyer.status).toBe(403);
    expect(await codeOf(buyer)).toBe('WERKBANK__MISSING_RIGHT');
  });

  it("answers 404 for another company's user", async () => {
    const res = await api.call(
      'PUT',
      url('anna.peeters'),
      { roles: [{ code: 'ROLE_VIEW_PRICES', enabled: false }] },
      auth(markus),
    );
    expect(res.status).toBe(404);
  });

  it('lets nobody grant a right he does not hold', async () => {
    await api.call('PUT', url('tom.wuyts'), { roles: [{ code: 'ROLE_MANAGE_CONTACTS', enabled: true }] }, auth(anna));
    const tom = await api.login('tom.wuyts');
    const grant = await api.call(
      'PUT',
      url('jan.janssens'),
      { roles: [{ code: 'ROLE_MANAGE_BUDGETS', enabled: true }] },
      auth(tom),
    );
    expect(grant.status).toBe(403);
    const revoke = await api.call(
      'PUT',
      url('jan.janssens'),
      { roles: [{ code: 'ROLE_REQUEST_OFFER', enabled: false }] },
      auth(tom),
    );
    expect(revoke.status).toBe(200);
  });
});

describe('GET|PUT /{provider}/account/{id}/role', () => {
  const url = (u: string) => `/werkbank/account/${id(u)}/role`;

  it('reads the own role and a colleague’s', async () => {
    expect(await (await api.call('GET', url('jan.janssens'), undefined, auth(jan))).json()).toMatchObject({
      role: 'buyer',
    });
    expect(await (await api.call('GET', url('lotte.claes'), undefined, auth(anna))).json()).toMatchObject({
      role: 'approver',
    });
    expect((await api.call('GET', url('lotte.claes'), undefined, auth(markus))).status).toBe(404);
  });

  it('sets a role and resets the rights to its defaults', async () => {
    const res = await api.call('PUT', url('pieter.oci'), { role: 'approver' }, auth(anna));
    expect(res.status).toBe(200);
    const rights = (await (
      await api.call('GET', `/werkbank/account/${id('pieter.oci')}/rights`, undefined, auth(anna))
    ).json()) as Roles;
    expect(enabled(rights).sort()).toEqual([...ROLE_DEFAULT_RIGHTS.approver].sort());
    const lead = await api.call('PUT', url('pieter.oci'), { role: 'lead_buyer' }, auth(anna));
    expect(lead.status).toBe(200);
    const [row] = await api.db
      .select()
      .from(customerTable)
      .where(eq(customerTable.id, id('pieter.oci')));
    expect(row).toMatchObject({ role: 'lead_buyer', leadBuyer: true });
  });

  it('rejects unknown roles and the supplier-only account_manager role', async () => {
    for (const role of ['admin', 'account_manager']) {
      const res = await api.call('PUT', url('pieter.oci'), { role }, auth(anna));
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe('VIOLATION::INVALID_ROLE');
    }
  });
});

describe('POST /{provider}/account/login-as-customer', () => {
  it('opens a session as the customer for an account manager, with an audit entry', async () => {
    const sophie = await api.login('sophie.berger');
    const res = await api.call(
      'POST',
      '/werkbank/account/login-as-customer',
      { customerId: id('lotte.claes') },
      auth(sophie),
    );
    expect(res.status).toBe(200);
    const { contextToken } = (await res.json()) as { contextToken: string };
    expect(res.headers.get('sw-context-token')).toBe(contextToken);
    const me = (await (await api.call('GET', '/account/customer', undefined, auth(contextToken))).json()) as {
      id: string;
      extensions: { impersonatorId: string | null };
    };
    expect(me.id).toBe(id('lotte.claes'));
    expect(me.extensions.impersonatorId).toBe(id('sophie.berger'));
    const [ctx] = await api.db.select().from(contextTable).where(eq(contextTable.token, contextToken));
    expect(ctx?.payload).toMatchObject({ impersonatorId: id('sophie.berger') });
    const audit = await api.db.select().from(auditLogTable).where(eq(auditLogTable.action, 'customer.login_as'));
    expect(audit).toMatchObject([{ actorCustomerId: id('sophie.berger'), targetCustomerId: id('lotte.claes') }]);
  });

  it('finds the customer by username too, and answers an unknown one like any other 404', async () => {
    const sophie = await api.login('sophie.berger');
    const res = await api.call(
      'POST',
      '/werkbank/account/login-as-customer',
      { username: ' Jan.Janssens ' },
      auth(sophie),
    );
    expect(res.status).toBe(200);
    const { contextToken } = (await res.json()) as { contextToken: string };
    const me = (await (await api.call('GET', '/account/customer', undefined, auth(contextToken))).json()) as {
      id: string;
    };
    expect(me.id).toBe(id('jan.janssens'));
    const unknown = await api.call(
      'POST',
      '/werkbank/account/login-as-customer',
      { username: 'nobody.here' },
      auth(await api.login('sophie.berger')),
    );
    expect(unknown.status).toBe(404);
  });

  it('answers 404 for customers outside the managed companies or inactive ones', async () => {
    await api.db
      .update(customerTable)
      .set({ managedCompanyIds: [demoCompanyId('peeters')] })
      .where(eq(customerTable.id, id('sophie.berger')));
    const sophie = await api.login('sophie.berger');
    for (const target of ['eva.gruber', 'els.inactief', 'kim.wouters']) {
      const res = await api.call(
        'POST',
        '/werkbank/account/login-as-customer',
        { customerId: id(target) },
        auth(sophie),
      );
      expect(res.status).toBe(404);
    }
  });

  it('refuses everyone but account managers', async () => {
    const res = await api.call(
      'POST',
      '/werkbank/account/login-as-customer',
      { customerId: id('jan.janssens') },
      auth(anna),
    );
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('WERKBANK__MISSING_ROLE');
    expect(
      (await api.call('POST', '/werkbank/account/login-as-customer', { customerId: id('jan.janssens') })).status,
    ).toBe(403);
  });
});

describe('GET /{provider}/dev/outbox', () => {
  it('lists kept mails outside production', async () => {
    await api.call('POST', '/account/recovery-password', { username: 'lotte.claes' });
    await api.settle();
    const res = await api.call('GET', '/werkbank/dev/outbox');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { elements: { recipient: string; subject: string; text: string }[] };
    expect(body.elements[0]).toMatchObject({
      recipient: 'lotte.claes@example.com',
      subject: 'Wachtwoord opnieuw instellen',
    });
  });

  it('activates a waiting registration by client number, so its users can log in', async () => {
    const before = await api.call('POST', '/account/login', { username: 'kim.wouters', password: 'Werkbank!2026' });
    expect(before.status).toBe(401);
    const res = await api.call('POST', '/werkbank/dev/activate', { key: '100002' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { activated: string[] }).activated).toContain('kim.wouters');
    const after = await api.call('POST', '/account/login', { username: 'kim.wouters', password: 'Werkbank!2026' });
    expect(after.status).toBe(200);
    expect((await api.call('POST', '/werkbank/dev/activate', { key: 'nobody' })).status).toBe(404);
  });

  it('does not exist unless switched on explicitly, whatever NODE_ENV says', async () => {
    const prod = await createAccountTestApi({ NODE_ENV: undefined, WERKBANK_DEV_OUTBOX: undefined });
    try {
      expect((await prod.call('GET', '/werkbank/dev/outbox')).status).toBe(404);
      expect((await prod.call('POST', '/werkbank/dev/activate', { key: '100002' })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
