import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { verifyPassword } from '../../auth/password.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  companyAddressTable,
  companyTable,
  customerRightTable,
  customerTable,
  mailOutboxTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { activateRegistration } from '../../auth/activation.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/register`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let existing: { id: string; companyNumber: string };
let blocked: { id: string; companyNumber: string };
let ip = 0;

type Json = Record<string, unknown> & { errors?: { code: string; detail: string; source?: { pointer: string } }[] };

/** Each call comes from its own client address unless one is given, so rate limits only bite where tested. */
async function call(method: string, path: string, body?: unknown, address?: string) {
  ip += 1;
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-context-token': 'a'.repeat(32),
      'x-real-ip': address ?? `198.51.100.${ip}`,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Json, token: res.headers.get('sw-context-token') };
}
const codes = (json: Json) => (json.errors ?? []).map((e) => e.code);

let n = 0;
function companyBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    companyName: `Metaalbouw Peeters ${n}`,
    vatNumber: 'BE0202239951',
    street: 'Industrieweg',
    number: '12',
    zipcode: '2000',
    city: 'Antwerpen',
    country: 'BE',
    language: 'nl-NL',
    branch: 'IMH_ANT',
    prefix: 'male',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: `jan${n}@example.com`,
    username: `jan.peeters${n}`,
    password: 'correct horse battery',
    phone: '+32 3 123 45 67',
    isNew: true,
    emailForInvoice: 'invoices@example.com',
    branchIndustry: 'Metal',
    customerFunction: 'Purchasing',
    privacyConsent: true,
    ...overrides,
  };
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  existing = await insertCompany(handle.db, { name: 'Huber GmbH', companyNumber: '200001', vatId: 'ATU13585627' });
  blocked = await insertCompany(handle.db, { name: 'Blocked BV', companyNumber: '300001', blocked: true });
  await insertCustomer(handle.db, existing.id, { username: 'taken.user' });
});
afterAll(() => handle.close());

describe('POST register/company', () => {
  test('creates an inactive company with its main address and an inactive lead buyer holding all rights', async () => {
    const body = companyBody({ vatNumber: 'be 0417.497.106' });
    const { status, json, token } = await call('POST', `${P}/company`, body);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json).toMatchObject({ active: false });
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(token).not.toBe('a'.repeat(32));
    const [customer] = await handle.db
      .select()
      .from(customerTable)
      .where(eq(customerTable.id, json.customerId as string));
    expect(customer).toMatchObject({
      active: false,
      leadBuyer: true,
      role: 'lead_buyer',
      username: body.username,
      salutation: 'male',
    });
    expect(await verifyPassword(customer!.passwordHash, 'correct horse battery')).toBe(true);
    const [company] = await handle.db
      .select()
      .from(companyTable)
      .where(eq(companyTable.id, json.companyId as string));
    expect(company).toMatchObject({
      active: false,
      vatId: 'BE0417497106',
      branch: 'IMH_ANT',
      locale: 'nl-NL',
      name: body.companyName,
    });
    const addresses = await handle.db
      .select()
      .from(companyAddressTable)
      .where(eq(companyAddressTable.companyId, company!.id));
    expect(addresses).toEqual([expect.objectContaining({ isMain: true, street: 'Industrieweg', zipcode: '2000' })]);
    const rights = await handle.db
      .select()
      .from(customerRightTable)
      .where(eq(customerRightTable.customerId, customer!.id));
    expect(rights.filter((r) => r.enabled)).toHaveLength(24);
    const [mail] = await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.recipient, body.email));
    expect(mail).toMatchObject({ template: 'registration-received', subject: 'Uw registratie bij Werkbank' });
    expect(mail!.text).toContain('activeren daarna uw klantaccount');
    expect(mail!.text).not.toContain('correct horse battery');

    const activated = await activateRegistration(handle.db, body.username.toUpperCase());
    expect(activated).toMatchObject({ company: { companyNumber: company!.companyNumber }, activated: [body.username] });
    const [after] = await handle.db.select().from(customerTable).where(eq(customerTable.id, customer!.id));
    expect(after!.active).toBe(true);
    expect(await activateRegistration(handle.db, 'nobody-here')).toBeNull();
  });

  test('INVALID_VAT_NUMBER for a wrong check digit', async () => {
    const { status, json } = await call('POST', `${P}/company`, companyBody({ vatNumber: 'BE0417497107' }));
    expect(status).toBe(400);
    expect(codes(json)).toEqual(['INVALID_VAT_NUMBER']);
  });

  test('VAT_NUMBER_ALREADY_EXISTS without naming the company that holds it', async () => {
    const { status, json } = await call(
      'POST',
      `${P}/company`,
      companyBody({ vatNumber: 'ATU 1358 5627', country: 'AT', zipcode: '1010' }),
    );
    expect(status).toBe(400);
    expect(codes(json)).toEqual(['VAT_NUMBER_ALREADY_EXISTS']);
    expect(JSON.stringify(json)).not.toMatch(/Huber|200001/);
  });

  test('DUPLICATE_USERNAME for a taken username in any case; nothing is created', async () => {
    const before = (await handle.db.select().from(companyTable)).length;
    const { status, json } = await call(
      'POST',
      `${P}/company`,
      companyBody({ username: 'Taken.User', vatNumber: 'DE136695976' }),
    );
    expect(status).toBe(400);
    expect(codes(json)).toEqual(['DUPLICATE_USERNAME']);
    expect((await handle.db.select().from(companyTable)).length).toBe(before);
  });

  test('field errors are VIOLATION items with their pointers (consent, email, postal code, branch)', async () => {
    const { status, json } = await call(
      'POST',
      `${P}/company`,
      companyBody({
        privacyConsent: false,
        email: 'no-mail',
        zipcode: '99',
        branch: 'XXX_YYY',
        vatNumber: 'DE129273398',
      }),
    );
    expect(status).toBe(400);
    expect(codes(json).every((c) => c.startsWith('VIOLATION::'))).toBe(true);
    const byPointer = Object.fromEntries((json.errors ?? []).map((e) => [e.source?.pointer, e.code]));
    expect(byPointer).toEqual({
      '/branch': 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      '/email': 'VIOLATION::INVALID_EMAIL',
      '/privacyConsent': 'VIOLATION::NOT_TRUE_ERROR',
      '/zipcode': 'VIOLATION::ZIP_CODE_INVALID',
    });
  });

  test('registration is rate-limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await call('POST', `${P}/company`, { privacyConsent: false }, '203.0.113.99')).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await call('POST', `${P}/company`, companyBody(), '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(codes(limited.json)).toEqual(['FRAMEWORK__RATE_LIMIT_EXCEEDED']);
    expect((await call('POST', `${P}/company`, { privacyConsent: false }, '203.0.113.100')).status).toBe(400);
  });
});

describe('register/company under concurrency and failure', () => {
  test('two registrations racing for one username: one succeeds, the other gets DUPLICATE_USERNAME', async () => {
    const [a, b] = await Promise.all([
      call(
        'POST',
        `${P}/company`,
        companyBody({ username: 'race.user', vatNumber: 'DE811569869', country: 'DE', zipcode: '10115' }),
      ),
      call(
        'POST',
        `${P}/company`,
        companyBody({ username: 'race.user', vatNumber: 'DE811128135', country: 'DE', zipcode: '10115' }),
      ),
    ]);
    const results = [a, b].map((r) => (r.status === 200 ? 'ok' : codes(r.json).join())).sort();
    expect(results).toEqual(['DUPLICATE_USERNAME', 'ok']);
  });

  test('any other failure answers UNKNOWN and leaves nothing half-created', async () => {
    const before = (await handle.db.select().from(companyTable)).length;
    await handle.db.execute(sql`ALTER TABLE company_address RENAME TO company_address_away`);
    try {
      const res = await call(
        'POST',
        `${P}/company`,
        companyBody({ vatNumber: 'FR40303265045', country: 'FR', zipcode: '75001' }),
      );
      expect(res.status).toBe(500);
      expect(codes(res.json)).toEqual(['UNKNOWN']);
      expect(JSON.stringify(res.json)).not.toContain('company_address');
    } finally {
      await handle.db.execute(sql`ALTER TABLE company_address_away RENAME TO company_address`);
    }
    expect((await handle.db.select().from(companyTable)).length).toBe(before);
  });
});

describe('GET register/company/exists', () => {
  test('answers only whether the client number (and VAT number, when given) match', async () => {
    expect((await call('GET', `${P}/company/exists?companyNumber=200001`)).json).toEqual({ exists: true });
    expect((await call('GET', `${P}/company/exists?companyNumber=200001&vatNumber=ATU13585627`)).json).toEqual({
      exists: true,
    });
    expect((await call('GET', `${P}/company/exists?companyNumber=200001&vatNumber=DE136695976`)).json).toEqual({
      exists: false,
    });
    expect((await call('GET', `${P}/company/exists?companyNumber=999999`)).json).toEqual({ exists: false });
    const missing = await call('GET', `${P}/company/exists`);
    expect(missing.status).toBe(400);
  });
});

describe('POST register/company/customer', () => {
  const person = (overrides: Record<string, unknown> = {}) => ({
    companyNumber: existing.companyNumber,
    prefix: 'female',
    firstName: 'Eva',
    lastName: 'Huber',
    email: 'eva@example.com',
    username: 'eva.huber',
    password: 'another good password',
    language: 'de-DE',
    privacyConsent: true,
    ...overrides,
  });

  test('adds an inactive buyer with the buyer rights to the company', async () => {
    const { status, json } = await call('POST', `${P}/company/customer`, person());
    expect(status, JSON.stringify(json)).toBe(200);
    expect(Object.keys(json)).toEqual(['customerId']);
    const [row] = await handle.db
      .select()
      .from(customerTable)
      .where(eq(customerTable.id, json.customerId as string));
    expect(row).toMatchObject({ companyId: existing.id, active: false, leadBuyer: false, role: 'buyer' });
    const [mail] = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.recipient, 'eva@example.com'));
    expect(mail!.subject).toBe('Ihre Registrierung bei Werkbank');
  });

  test('COMPANY_DOESNT_EXIST for an unknown client number or a VAT number of another company', async () => {
    const unknown = await call(
      'POST',
      `${P}/company/customer`,
      person({ companyNumber: '999999', username: 'user.u1' }),
    );
    expect(codes(unknown.json)).toEqual(['COMPANY_DOESNT_EXIST']);
    const vat = await call('POST', `${P}/company/customer`, person({ vatNumber: 'DE136695976', username: 'user.u2' }));
    expect(codes(vat.json)).toEqual(['COMPANY_DOESNT_EXIST']);
    expect(vat.status).toBe(unknown.status);
  });

  test('CLIENT_IS_BLOCKED for a blocked client number', async () => {
    const res = await call(
      'POST',
      `${P}/company/customer`,
      person({ companyNumber: blocked.companyNumber, username: 'user.u3' }),
    );
    expect(res.status).toBe(403);
    expect(codes(res.json)).toEqual(['CLIENT_IS_BLOCKED']);
  });

  test('DUPLICATE_USERNAME and violations', async () => {
    expect(codes((await call('POST', `${P}/company/customer`, person({ username: 'TAKEN.user' }))).json)).toEqual([
      'DUPLICATE_USERNAME',
    ]);
    const bad = await call('POST', `${P}/company/customer`, person({ password: 'short', username: 'user.u4' }));
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['VIOLATION::TOO_SHORT_ERROR', '/password'],
    ]);
  });
});

describe('activation of registrations', () => {
  async function login(username: string, password: string): Promise<string> {
    const res = await app.request('/store-api/account/login', {
      method: 'POST',
      headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'x-real-ip': '192.0.2.77' },
      body: JSON.stringify({ username, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { contextToken: string }).contextToken;
  }
  const activeOf = async (username: string) =>
    (await handle.db.select().from(customerTable).where(eq(customerTable.username, username)))[0]?.active;

  test('an extra user waits for their own activation; a user deactivated by the lead buyer stays inactive', async () => {
    const body = companyBody({ vatNumber: 'BE0440301311' });
    const registered = await call('POST', `${P}/company`, body);
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const [company] = await handle.db
      .select()
      .from(companyTable)
      .where(eq(companyTable.id, registered.json.companyId as string));
    const extra = await call('POST', `${P}/company/customer`, {
      companyNumber: company!.companyNumber,
      firstName: 'Extra',
      lastName: 'User',
      email: 'extra.user@example.com',
      username: 'extra.user',
      password: 'another good password',
      privacyConsent: true,
    });
    expect(extra.status, JSON.stringify(extra.json)).toBe(200);

    // The company's activation takes its first user along, not the extra one.
    expect((await activateRegistration(handle.db, company!.companyNumber))?.activated).toEqual([body.username]);
    expect(await activeOf('extra.user')).toBe(false);
    expect((await activateRegistration(handle.db, 'extra.user'))?.activated).toEqual(['extra.user']);
    expect(await activeOf('extra.user')).toBe(true);

    // The lead buyer deactivates the extra user; the supplier switches the company off and on again.
    const lead = await login(body.username, body.password);
    const off = await app.request(`/store-api/${config.provider}/companies/customers/${extra.json.customerId}`, {
      method: 'PATCH',
      headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': lead },
      body: JSON.stringify({ active: false }),
    });
    expect(off.status).toBe(200);
    await handle.db.update(companyTable).set({ active: false }).where(eq(companyTable.id, company!.id));
    expect((await activateRegistration(handle.db, company!.companyNumber))?.activated).toEqual([]);
    expect(await activeOf('extra.user')).toBe(false);
    expect(await activeOf(body.username)).toBe(true);
  });
});

describe('GET register/cities/search', () => {
  test('by postal code, by name (accents folded), by country', async () => {
    const byZip = await call('GET', `${P}/cities/search?zipcode=9000`);
    expect(byZip.json.elements).toContainEqual({ zipcode: '9000', city: 'Gent', country: 'BE' });
    const byName = await call('GET', `${P}/cities/search?city=liege&country=BE`);
    expect(byName.json.elements).toContainEqual({ zipcode: '4000', city: 'Liège', country: 'BE' });
    const dutch = await call('GET', `${P}/cities/search?zipcode=3511AB`);
    expect(dutch.json.elements).toEqual([{ zipcode: '3511', city: 'Utrecht', country: 'NL' }]);
    const empty = await call('GET', `${P}/cities/search?country=DE`);
    expect(empty.status).toBe(400);
  });
});
